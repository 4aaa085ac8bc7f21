import Foundation
import ChatModel
import CSQLite

/// opencode's session database (`opencode.db`, opencode 1.2 and later), opened read-only: the
/// file opencode may still be writing is never changed, locked for long, or created.
final class OpenCodeDatabase {
    private var handle: OpaquePointer?
    let path: String

    init(path: String) throws(DiagnosticError) {
        self.path = path
        var db: OpaquePointer?
        // Read-only, through a URI so a path with '?' or '#' stays a path.
        let escaped = path.unicodeScalars.map { "%?#".unicodeScalars.contains($0) ? String(format: "%%%02X", $0.value) : String($0) }.joined()
        let status = sqlite3_open_v2("file:" + escaped + "?mode=ro", &db, SQLITE_OPEN_READONLY | SQLITE_OPEN_URI | SQLITE_OPEN_NOMUTEX, nil)
        guard status == SQLITE_OK, let db else {
            let message = db.flatMap { sqlite3_errmsg($0) }.map { String(cString: $0) } ?? "cannot open it"
            if let db { sqlite3_close(db) }
            throw DiagnosticError(Diagnostic(file: path, message: "\(message); expected opencode's session database (opencode.db)"), kind: .missingInput)
        }
        sqlite3_busy_timeout(db, 2000)
        handle = db
    }

    deinit { if let handle { sqlite3_close(handle) } }

    /// The tables the database has.
    func tables() -> Set<String> {
        Set((try? rows("SELECT name FROM sqlite_master WHERE type = 'table'"))?.compactMap { $0["name"] ?? nil } ?? [])
    }

    /// The columns of `table`.
    func columns(_ table: String) -> Set<String> {
        Set((try? rows("PRAGMA table_info(\(table))"))?.compactMap { $0["name"] ?? nil } ?? [])
    }

    /// Every row of `sql` (a fixed statement: no input is ever put in it), each column as text.
    func rows(_ sql: String) throws(DiagnosticError) -> [[String: String?]] {
        var statement: OpaquePointer?
        guard let handle, sqlite3_prepare_v2(handle, sql, -1, &statement, nil) == SQLITE_OK, let statement else {
            throw DiagnosticError(
                Diagnostic(
                    file: path,
                    message: "\(handle.map { String(cString: sqlite3_errmsg($0)) } ?? "closed"); expected opencode's tables (session, message, part)"))
        }
        defer { sqlite3_finalize(statement) }
        var out: [[String: String?]] = []
        let count = sqlite3_column_count(statement)
        let names = (0..<count).map { String(cString: sqlite3_column_name(statement, $0)) }
        while true {
            let step = sqlite3_step(statement)
            if step == SQLITE_DONE { break }
            guard step == SQLITE_ROW else {
                throw DiagnosticError(Diagnostic(file: path, message: "\(String(cString: sqlite3_errmsg(handle))) while reading it"))
            }
            var row: [String: String?] = [:]
            for column in 0..<count {
                if sqlite3_column_type(statement, column) == SQLITE_NULL {
                    row[names[Int(column)]] = .some(nil)
                } else if let text = sqlite3_column_text(statement, column) {
                    let length = Int(sqlite3_column_bytes(statement, column))
                    row[names[Int(column)]] = String(decoding: UnsafeBufferPointer(start: text, count: length), as: UTF8.self)
                }
            }
            out.append(row)
        }
        return out
    }
}
