import Foundation
import ChatModel
import ChatSupport

/// What goose keeps where INPUT points: its database (`sessions.db`), the older session logs
/// (`<id>.jsonl`, one a session, written before the database), or both, as a `sessions`
/// folder holds them once goose has moved on to the database.
struct GooseInput {
    var database: String?
    var logs: [String] = []

    /// The sessions at `path`: `sessions.db` or one `.jsonl` log itself; a folder holding them
    /// (the `sessions` folder); or goose's data folder, whose `sessions` folder holds them.
    init(_ path: String) throws(DiagnosticError) {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
            throw DiagnosticError(
                Diagnostic(file: path, message: "no such file or folder; expected goose's sessions.db, a session log (.jsonl), or the folder holding them"),
                kind: .missingInput)
        }
        guard isFolder.boolValue else {
            if Self.isLog(path) { logs = [path] } else { database = path }
            return
        }
        for folder in [path, FilePath.join(path, "sessions")] {
            let database = FilePath.join(folder, "sessions.db")
            let logs = Self.logs(in: folder)
            guard FileInput.isRegularFile(database) || !logs.isEmpty else { continue }
            self.database = FileInput.isRegularFile(database) ? database : nil
            self.logs = logs
            return
        }
        throw DiagnosticError(
            Diagnostic(
                file: path,
                message: "no sessions.db and no session logs (.jsonl) here; expected goose's sessions folder (~/.local/share/goose/sessions)"),
            kind: .missingInput)
    }

    /// Whether the file at `path` is a session log rather than a database: it does not begin as
    /// SQLite's files do.
    static func isLog(_ path: String) -> Bool {
        guard let head = FileInput.head(path: path, count: 16) else { return path.hasSuffix(".jsonl") }
        return !head.bytes.starts(with: Array("SQLite format 3\0".utf8))
    }

    /// The session logs directly in `folder` (goose kept them side by side), by name.
    static func logs(in folder: String) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return names.filter { $0.hasSuffix(".jsonl") && !$0.hasPrefix(".") }.sorted().map { FilePath.join(folder, $0) }
            .filter(FileInput.isRegularFile)
    }
}
