// Fuzz target: the goose reader on its SQLite database: the fuzzer's bytes become goose's
// `sessions/sessions.db` (and its `-wal`) in a private folder, read as a user's would be: through the
// private copy AgentDatabase makes, then the sessions and messages rows into imported chats.
// Besides not trapping, two properties of reading a person's database are checked: nothing
// appears beside it or changes in it (no `-wal`, `-shm` or journal, no checkpoint), and the
// private copy is gone once the read is over.
//
// Input: a mode byte, then the database in one of two forms. Mode bit 0: --include-system.
// Bit 3: goose's data folder holding sessions/sessions.db is read, rather than the file.
// - Bit 1 clear, the file's bytes: with bit 2, two bytes (little-endian) give the database's
//   length, then the database, then its `-wal`; without, the rest is the database.
// - Bit 1 set, SQL that builds the database (a `.dump` of one, as the seeds are), run by SQLite
//   in a folder of its own, without ATTACH or VACUUM INTO and within a step budget; what the
//   statements left is copied beside each other as a running goose leaves them, and read.
@testable import ChatLoad
@testable import ChatSupport
import CSQLite
import Foundation

private let folder = FuzzFiles.folder("goose")
nonisolated(unsafe) private var steps = 0

/// Runs `sql` into a new database at `path`; returns what it made: the database's bytes and its
/// `-wal`'s (nil when there is none), copied while the connection is open so the `-wal` is kept.
private func build(_ sql: String, at path: String) -> (database: [UInt8], wal: [UInt8]?)? {
    var db: OpaquePointer?
    guard sqlite3_open_v2(path, &db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX, nil) == SQLITE_OK, let db else {
        if let db { sqlite3_close(db) }
        return nil
    }
    defer { sqlite3_close(db) }
    // Nothing outside this folder: no other database attached (ATTACH, VACUUM INTO), no folder
    // pragmas; the statements' own cost is bounded, so a slow input is the reader's.
    sqlite3_limit(db, SQLITE_LIMIT_ATTACHED, 0)
    sqlite3_limit(db, SQLITE_LIMIT_LENGTH, 1 << 20)
    sqlite3_set_authorizer(
        db,
        { _, action, name, _, _, _ in
            switch action {
            case SQLITE_ATTACH, SQLITE_DETACH: return SQLITE_DENY
            case SQLITE_PRAGMA:
                let pragma = name.map { String(cString: $0).lowercased() } ?? ""
                return pragma.hasSuffix("_directory") || pragma == "mmap_size" ? SQLITE_DENY : SQLITE_OK
            default: return SQLITE_OK
            }
        }, nil)
    steps = 0
    sqlite3_progress_handler(
        db, 100,
        { _ in
            steps += 1
            return steps > 3000 ? 1 : 0
        }, nil)
    _ = sqlite3_exec(db, "PRAGMA max_page_count = 1024", nil, nil, nil)
    _ = sqlite3_exec(db, sql, nil, nil, nil)
    guard let database = FuzzFiles.read(path) else { return nil }
    return (database, FuzzFiles.read(path + "-wal"))
}

/// The private copies of databases in the temporary folder (fuzz/run.sh gives each run its own).
private func scratchCopies() -> Set<String> {
    Set(((try? FileManager.default.contentsOfDirectory(atPath: NSTemporaryDirectory())) ?? []).filter { $0.hasPrefix("chatrender-db-") })
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzGooseDatabase(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size > 0 else { return 0 }
    let mode = data[0]
    let rest = Array(UnsafeBufferPointer(start: data + 1, count: size - 1))
    FuzzFiles.empty(folder)
    var database: [UInt8]
    var wal: [UInt8]?
    if mode & 2 != 0 {
        guard let made = build(String(decoding: rest, as: UTF8.self), at: folder + "/build.db") else { return 0 }
        FuzzFiles.empty(folder)
        (database, wal) = made
    } else if mode & 4 != 0, rest.count >= 2 {
        let length = min(rest.count - 2, Int(rest[0]) | Int(rest[1]) << 8)
        database = Array(rest[2..<(2 + length)])
        wal = Array(rest[(2 + length)...])
    } else {
        database = rest
    }
    let home = folder + "/goose"
    let path = home + "/sessions/sessions.db"
    FuzzFiles.write(path, database)
    if let wal { FuzzFiles.write(path + "-wal", wal) }
    let before = FuzzFiles.listing(folder)
    let copies = scratchCopies()

    _ = try? GooseReader().read(mode & 8 != 0 ? home : path, options: ReadOptions(includeSystem: mode & 1 == 1))

    let after = FuzzFiles.listing(folder)
    if after != before || FuzzFiles.read(path) != database || (wal != nil && FuzzFiles.read(path + "-wal") != wal) {
        fatalError("reading the database wrote beside it or into it: before \(before), after \(after)")
    }
    let left = scratchCopies().subtracting(copies)
    if !left.isEmpty { fatalError("the database's private copy was left behind: \(left.sorted())") }
    return 0
}
