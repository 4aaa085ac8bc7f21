import Foundation
import ChatModel
import ChatSupport

/// opencode's sessions as they are kept, in either of its two storages:
///
/// - since 1.2, one SQLite database, `~/.local/share/opencode/opencode.db`: tables `session`
///   (`id`, `project_id`, `parent_id`, `directory`, `title`, `version`, `time_created`,
///   `time_updated`, …), `message` (`id`, `session_id`, `time_created`, `data`: the message as
///   JSON) and `part` (`id`, `message_id`, `session_id`, `time_created`, `data`);
/// - before, JSON files under `~/.local/share/opencode/storage/`: `session/<project>/<id>.json`,
///   `message/<session>/<id>.json` and `part/<message>/<id>.json`, the same JSON as the columns.
///
/// Both become the same ``Session`` values, ordered as opencode shows them.
struct OpenCodeStore {
    struct Session {
        var id: String
        var title: String?
        var directory: String?
        var version: String?
        var created: Double?
        var updated: Double?
        var parentID: String?
        var messages: [Message] = []
    }
    struct Message {
        var id: String
        var created: Double
        var data: JSONNode
        var parts: [JSONNode]
    }

    var sessions: [Session] = []
    var warnings: [Diagnostic] = []

    static let sqliteMagic: [UInt8] = Array("SQLite format 3\0".utf8)

    /// The database's name in a data folder: opencode's, then its descendants' (``OpenCodeReader/forks``).
    static let databaseNames = ["opencode.db"] + OpenCodeReader.forks.map(\.database)

    /// Where the sessions are for `path`: the database, a folder holding it or `storage/`, the
    /// storage folder itself, or one session's file in it.
    static func open(_ path: String) throws(DiagnosticError) -> OpenCodeStore {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
            throw DiagnosticError(
                Diagnostic(file: path, message: "no such file or folder; expected opencode's opencode.db, its storage folder, or the folder holding them"),
                kind: .missingInput)
        }
        if isFolder.boolValue {
            for name in databaseNames where FileManager.default.fileExists(atPath: FilePath.join(path, name)) {
                return try fromDatabase(FilePath.join(path, name))
            }
            for storage in [FilePath.join(path, "storage"), path] where FileManager.default.fileExists(atPath: FilePath.join(storage, "session")) {
                return try fromStorage(storage, only: nil)
            }
            throw DiagnosticError(
                Diagnostic(file: path, message: "no opencode.db and no storage/session folder here; expected opencode's data folder (~/.local/share/opencode)"),
                kind: .missingInput)
        }
        if InputProbe(path).head.starts(with: sqliteMagic) {
            return try fromDatabase(path)
        }
        // One session's file: storage/session/<project>/<id>.json.
        let projectFolder = FilePath.directory(path)
        let sessionFolder = FilePath.directory(projectFolder)
        guard FilePath.lastComponent(sessionFolder) == "session" else {
            throw DiagnosticError(
                Diagnostic(file: path, message: "not in opencode's storage (storage/session/PROJECT/SESSION.json); expected opencode.db or its storage folder"))
        }
        return try fromStorage(FilePath.directory(sessionFolder), only: path)
    }

    // MARK: - SQLite (1.2 and later)

    static func fromDatabase(_ path: String) throws(DiagnosticError) -> OpenCodeStore {
        let db = try AgentDatabase(path: path, what: "opencode's session database (opencode.db)")
        let tables = db.tables()
        guard tables.isSuperset(of: ["session", "message", "part"]) else {
            throw DiagnosticError(
                Diagnostic(
                    file: path, message: "has no session, message and part tables; expected opencode's session database (opencode.db, opencode 1.2 or later)"))
        }
        var store = OpenCodeStore()
        let sessionColumns = db.columns("session")
        func column(_ name: String) -> String { sessionColumns.contains(name) ? name : "NULL AS \(name)" }
        let sessionRows = try db.rows(
            "SELECT id, \(column("title")), \(column("directory")), \(column("version")), \(column("parent_id")), "
                + "\(column("time_created")), \(column("time_updated")) FROM session ORDER BY time_created, id")
        var index: [String: Int] = [:]
        for row in sessionRows {
            guard let id = row["id"] ?? nil else { continue }
            index[id] = store.sessions.count
            store.sessions.append(
                Session(
                    id: id, title: row["title"] ?? nil, directory: row["directory"] ?? nil, version: row["version"] ?? nil,
                    created: (row["time_created"] ?? nil).flatMap(Double.init), updated: (row["time_updated"] ?? nil).flatMap(Double.init),
                    parentID: row["parent_id"] ?? nil))
        }
        var messages: [String: (session: Int, index: Int)] = [:]
        for row in try db.rows("SELECT id, session_id, time_created, data FROM message ORDER BY time_created, id") {
            guard let id = row["id"] ?? nil, let sessionID = row["session_id"] ?? nil, let s = index[sessionID] else { continue }
            guard let data = store.parse(row["data"] ?? nil, what: "message \(id)", file: path) else { continue }
            messages[id] = (s, store.sessions[s].messages.count)
            store.sessions[s].messages.append(Message(id: id, created: (row["time_created"] ?? nil).flatMap(Double.init) ?? 0, data: data, parts: []))
        }
        // By id, not time: parts copied from the old storage all carry the time of the copy.
        for row in try db.rows("SELECT id, message_id, data FROM part ORDER BY id") {
            guard let id = row["id"] ?? nil, let messageID = row["message_id"] ?? nil, let at = messages[messageID] else { continue }
            guard let data = store.parse(row["data"] ?? nil, what: "part \(id)", file: path) else { continue }
            store.sessions[at.session].messages[at.index].parts.append(data)
        }
        store.warnings += db.warnings
        return store
    }

    mutating func parse(_ text: String?, what: String, file: String) -> JSONNode? {
        guard let text else { return nil }
        do {
            return try JSONParser.parse(Array(text.utf8))
        } catch {
            warnings.append(
                Diagnostic(.warning, file: file, message: "\(what): its data is not JSON (\(error.message) at \(error.line):\(error.column)); it is left out"))
            return nil
        }
    }

    // MARK: - JSON storage (before 1.2)

    static func fromStorage(_ root: String, only: String?) throws(DiagnosticError) -> OpenCodeStore {
        var store = OpenCodeStore()
        let fm = FileManager.default
        func json(_ file: String) -> JSONNode? {
            guard let bytes = try? FileInput.read(path: file, displayPath: file, limit: 256 << 20, what: "opencode record") else { return nil }
            do { return try JSONParser.parse(bytes) } catch {
                store.warnings.append(
                    Diagnostic(
                        .warning, file: file, location: SourceLocation(line: error.line, column: error.column), message: "\(error.message); it is left out"))
                return nil
            }
        }
        func files(_ folder: String) -> [String] {
            ((try? fm.contentsOfDirectory(atPath: folder)) ?? []).filter { $0.hasSuffix(".json") && !$0.hasPrefix(".") }.sorted().map {
                FilePath.join(folder, $0)
            }
        }
        var sessionFiles: [String] = []
        if let only {
            sessionFiles = [only]
        } else {
            let sessions = FilePath.join(root, "session")
            for project in ((try? fm.contentsOfDirectory(atPath: sessions)) ?? []).sorted() where !project.hasPrefix(".") {
                sessionFiles += files(FilePath.join(sessions, project))
            }
        }
        for file in sessionFiles {
            guard let info = json(file), let id = InputProbe.string(info, "id") else { continue }
            var session = Session(
                id: id, title: InputProbe.string(info, "title"), directory: InputProbe.string(info, "directory"),
                version: InputProbe.string(info, "version"), created: OpenCodeTools.number(info["time"]?["created"]),
                updated: OpenCodeTools.number(info["time"]?["updated"]), parentID: InputProbe.string(info, "parentID"))
            for messageFile in files(FilePath.join(FilePath.join(root, "message"), id)) {
                guard let data = json(messageFile) else { continue }
                let messageID = InputProbe.string(data, "id") ?? FilePath.stem(messageFile)
                let parts = files(FilePath.join(FilePath.join(root, "part"), messageID)).compactMap(json)
                    .sorted { (InputProbe.string($0, "id") ?? "") < (InputProbe.string($1, "id") ?? "") }
                session.messages.append(Message(id: messageID, created: OpenCodeTools.number(data["time"]?["created"]) ?? 0, data: data, parts: parts))
            }
            session.messages.sort { $0.created != $1.created ? $0.created < $1.created : $0.id < $1.id }
            store.sessions.append(session)
        }
        store.sessions.sort { ($0.created ?? 0, $0.id) < ($1.created ?? 0, $1.id) }
        return store
    }
}
