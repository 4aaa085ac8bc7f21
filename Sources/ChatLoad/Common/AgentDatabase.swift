import ChatModel
import ChatOutput
import ChatSupport
import CSQLite
import Foundation

/// A SQLite database an agent keeps (opencode's `opencode.db`, and the stores of the agents that
/// follow), read without one byte written beside it and without waiting on it.
///
/// SQLite opened on the agent's own file, even read-only, creates `-wal` and `-shm` files beside a
/// database in WAL mode, and may checkpoint a `-wal` a running agent left into the database — a
/// write to the person's files. So the database and its `-wal` are copied into a private scratch
/// folder first (each opened without blocking and checked to be a regular file, so a FIFO is
/// refused, never waited on), and SQLite opens the copy: the rows still in the `-wal` are read,
/// and whatever SQLite makes, it makes in the scratch folder, removed when this is released.
///
/// Values are bounded: SQLite is told no string or blob may pass ``valueLimit`` (a generated
/// column of `hex(zeroblob(1e8))` is refused by SQLite itself instead of being built), and a value
/// over ``fieldLimit`` is cut there, with one warning per column, before a Swift string is made
/// of it.
final class AgentDatabase {
    /// The database as the person named it.
    let displayPath: String
    private var handle: OpaquePointer?
    private let scratch: String
    /// Columns whose values were cut, with how many, for ``warnings``.
    private var cut: [String: Int] = [:]
    private var cutOrder: [String] = []

    /// A value longer than this is cut (16 MB: more than any message or tool output an agent
    /// stores, far less than a memory blow-up).
    static let fieldLimit = 16_000_000
    /// SQLite refuses to make a value longer than this (`SQLITE_LIMIT_LENGTH`).
    static let valueLimit = 64_000_000
    /// The largest database read.
    static let maxFileSize = 1024 * 1024 * 1024

    /// Opens a private copy of the database at `path` (and of its `-wal`, when there is one).
    /// `what` names it in messages ("opencode's session database (opencode.db)").
    init(path: String, displayPath: String? = nil, what: String) throws(DiagnosticError) {
        self.displayPath = displayPath ?? path
        let label = self.displayPath
        scratch = try ScratchFolder.make("db")
        let copy = FilePath.join(scratch, "copy.db")
        do throws(DiagnosticError) {
            try FileInput.copy(path: path, displayPath: label, to: copy, limit: Self.maxFileSize, what: what)
            // The rows a running agent has not checkpointed yet. A `-wal` that is not a regular
            // file is not read (nor waited on); the database alone is then what there is.
            let wal = path + "-wal"
            if FileInput.isRegularFile(wal) {
                try FileInput.copy(path: wal, displayPath: label + "-wal", to: copy + "-wal", limit: Self.maxFileSize, what: what)
            }
            var db: OpaquePointer?
            // Read-write on the copy, so that SQLite can apply the -wal (in the scratch folder).
            let status = sqlite3_open_v2(copy, &db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX, nil)
            guard status == SQLITE_OK, let db else {
                let message = db.flatMap { sqlite3_errmsg($0) }.map { String(cString: $0) } ?? "cannot open it"
                if let db { sqlite3_close(db) }
                throw DiagnosticError(Diagnostic(file: label, message: "\(message); expected \(what)"), kind: .badData)
            }
            sqlite3_limit(db, SQLITE_LIMIT_LENGTH, Int32(Self.valueLimit))
            sqlite3_busy_timeout(db, 2000)
            handle = db
        } catch {
            try? FileManager.default.removeItem(atPath: scratch)
            throw error
        }
    }

    deinit {
        if let handle { sqlite3_close(handle) }
        try? FileManager.default.removeItem(atPath: scratch)
    }

    /// The tables of the database at `path` and their columns, read in place without a write or
    /// a wait: opened only when it is a regular file, and `immutable`, so that SQLite creates
    /// nothing beside it and takes no lock (rows still in a `-wal` are not seen, which a look at
    /// the schema does not need). Nil when it is not a database. For recognising input.
    static func schema(at path: String) -> [String: Set<String>]? {
        guard FileInput.isRegularFile(path) else { return nil }
        let escaped = path.unicodeScalars.map { "%?#".unicodeScalars.contains($0) ? String(format: "%%%02X", $0.value) : String($0) }.joined()
        var db: OpaquePointer?
        defer { if let db { sqlite3_close(db) } }
        let flags = SQLITE_OPEN_READONLY | SQLITE_OPEN_URI | SQLITE_OPEN_NOMUTEX
        guard sqlite3_open_v2("file:" + escaped + "?mode=ro&immutable=1", &db, flags, nil) == SQLITE_OK, let db else { return nil }
        func strings(_ sql: String, column: Int32) -> [String]? {
            var statement: OpaquePointer?
            guard sqlite3_prepare_v2(db, sql, -1, &statement, nil) == SQLITE_OK, let statement else { return nil }
            defer { sqlite3_finalize(statement) }
            var found: [String] = []
            while sqlite3_step(statement) == SQLITE_ROW {
                if let text = sqlite3_column_text(statement, column) { found.append(String(cString: text)) }
            }
            return found
        }
        guard let tables = strings("SELECT name FROM sqlite_master WHERE type = 'table'", column: 0) else { return nil }
        var schema: [String: Set<String>] = [:]
        for table in tables where Self.isPlainName(table) {
            schema[table] = Set(strings("PRAGMA table_info(\(table))", column: 1) ?? [])
        }
        return schema
    }

    /// Letters, digits and `_`: a table name that may be put into a statement as it is.
    static func isPlainName(_ name: String) -> Bool {
        !name.isEmpty && name.utf8.allSatisfy { $0 == 95 || (48...57).contains($0) || (65...90).contains($0) || (97...122).contains($0) }
    }

    /// The tables the database has.
    func tables() -> Set<String> {
        Set((try? rows("SELECT name FROM sqlite_master WHERE type = 'table'"))?.compactMap { $0["name"] ?? nil } ?? [])
    }

    /// The columns of `table` (a name from ``tables()``, never input put into SQL).
    func columns(_ table: String) -> Set<String> {
        guard Self.isPlainName(table) else { return [] }
        return Set((try? rows("PRAGMA table_info(\(table))"))?.compactMap { $0["name"] ?? nil } ?? [])
    }

    /// Every row of `sql` (a fixed statement: no input is ever put in it), each column as text,
    /// each value at most ``fieldLimit`` bytes.
    func rows(_ sql: String) throws(DiagnosticError) -> [[String: String?]] {
        try each(sql, start: { UnsafeRawPointer(sqlite3_column_text($0, $1)) }) { String(decoding: $0, as: UTF8.self) }
    }

    /// Every row of `sql` as ``rows(_:)`` reads them, each column as its bytes (a BLOB as stored,
    /// text as its UTF-8): for a store that keeps compressed values (Zed's threads).
    func byteRows(_ sql: String) throws(DiagnosticError) -> [[String: [UInt8]?]] {
        try each(sql, start: { sqlite3_column_blob($0, $1) }) { Array($0) }
    }

    /// Steps through `sql`, making each non-NULL value with `make` from its bytes: `start` asks
    /// SQLite for where they are (before their length is asked for, as SQLite says), cut at
    /// ``fieldLimit`` and counted for ``warnings``.
    private func each<Value>(
        _ sql: String, start: (OpaquePointer, Int32) -> UnsafeRawPointer?, make: (UnsafeBufferPointer<UInt8>) -> Value
    ) throws(DiagnosticError) -> [[String: Value?]] {
        var statement: OpaquePointer?
        guard let handle, sqlite3_prepare_v2(handle, sql, -1, &statement, nil) == SQLITE_OK, let statement else {
            throw DiagnosticError(Diagnostic(file: displayPath, message: "\(handle.map { String(cString: sqlite3_errmsg($0)) } ?? "closed") while reading it"))
        }
        defer { sqlite3_finalize(statement) }
        var out: [[String: Value?]] = []
        let count = sqlite3_column_count(statement)
        let names = (0..<count).map { String(cString: sqlite3_column_name(statement, $0)) }
        while true {
            let step = sqlite3_step(statement)
            if step == SQLITE_DONE { break }
            guard step == SQLITE_ROW else {
                let message =
                    step == SQLITE_TOOBIG ? "a value over the \(ByteCountFormat.string(Int64(Self.valueLimit))) limit" : String(cString: sqlite3_errmsg(handle))
                throw DiagnosticError(Diagnostic(file: displayPath, message: "\(message) while reading it; expected values of an agent's messages"))
            }
            var row: [String: Value?] = [:]
            for column in 0..<count {
                let name = names[Int(column)]
                if sqlite3_column_type(statement, column) == SQLITE_NULL {
                    row[name] = .some(nil)
                    continue
                }
                let bytes = start(statement, column)
                var length = Int(sqlite3_column_bytes(statement, column))
                if length > Self.fieldLimit {
                    if cut[name] == nil { cutOrder.append(name) }
                    cut[name, default: 0] += 1
                    length = Self.fieldLimit
                }
                if let bytes {
                    row[name] = make(UnsafeBufferPointer(start: bytes.assumingMemoryBound(to: UInt8.self), count: length))
                } else if length == 0 {
                    // An empty BLOB has no bytes to point at.
                    row[name] = make(UnsafeBufferPointer(start: nil, count: 0))
                }
            }
            out.append(row)
        }
        return out
    }

    /// One warning per column with values cut at ``fieldLimit``.
    var warnings: [Diagnostic] {
        cutOrder.map { name in
            let n = cut[name]!
            return Diagnostic(
                .warning, file: displayPath,
                message:
                    "\(n == 1 ? "a value" : "\(n) values") of column \(Diagnostic.quote(name)) over the \(ByteCountFormat.string(Int64(Self.fieldLimit))) limit for one value; cut there (a message cut short is left out)"
            )
        }
    }
}
