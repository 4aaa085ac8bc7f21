import Foundation
import ChatModel
import ChatSupport

/// The threads of Zed's agent panel: the database Zed keeps them in (`threads.db`, in
/// `threads/` of Zed's data folder, `~/.local/share/zed` on Linux), the `threads` folder, or the
/// data folder. Each thread is a conversation; a sub-agent's thread is a page of its own.
package struct ZedReader: ChatExportReader {
    package var name: String { "zed" }
    package var title: String { "Zed" }
    package var inputHelp: String {
        "Zed's agent threads: its threads.db (~/.local/share/zed/threads/threads.db), the threads folder, or Zed's data folder holding it"
    }
    package var inputNoun: String { "Zed threads" }
    package var standardInputName: String { "threads.db" }
    package var readsFolders: Bool { true }

    package init() {}

    /// Where the database lies in a folder given: in it, or in its `threads` folder.
    static let places = ["threads.db", "threads/threads.db"]

    package func recognise(_ input: InputProbe) -> Recognition? {
        switch input.kind {
        case .file:
            guard input.head.starts(with: Array("SQLite format 3\0".utf8)), let schema = AgentDatabase.schema(at: input.path),
                let threads = schema["threads"], threads.isSuperset(of: ["summary", "data_type", "data"])
            else { return nil }
            return .certain("it is a database with Zed's threads table (summary, data_type, data)")
        case .folder:
            for place in Self.places where input.entries.contains(place) { return .certain("it holds \(place)") }
            return nil
        case .zip, .missing:
            return nil
        }
    }

    package func rendersAlone(_ path: String) -> Bool { false }

    package func read(_ path: String, options: ReadOptions) throws(DiagnosticError) -> ExportRead {
        var database = path
        if SessionLog.isFolder(path) {
            guard let found = Self.places.map({ FilePath.join(path, $0) }).first(where: FileInput.isRegularFile) else {
                throw DiagnosticError(
                    Diagnostic(file: path, message: "no threads.db here nor in its threads folder; expected Zed's data folder (~/.local/share/zed)"),
                    kind: .missingInput)
            }
            database = found
        } else if !FileManager.default.fileExists(atPath: path) {
            throw DiagnosticError(
                Diagnostic(file: path, message: "no such file or folder; expected Zed's threads.db or the folder holding it"), kind: .missingInput)
        }
        let store = try ZedStore.read(database)
        var warnings = store.warnings
        var unknown = UnknownKinds()
        unknown.unit = nil
        var chats: [ImportedChat] = []
        // The threads the person started first, then the sub-agents' (a thread with a parent).
        for thread in store.threads.filter({ $0.parentID == nil }) + store.threads.filter({ $0.parentID != nil }) {
            var session = ZedSession(file: database)
            session.log.unknown = unknown
            session.read(thread)
            unknown = session.log.unknown
            session.log.unknown = UnknownKinds()
            if let chat = session.chat(fallbackTitle: thread.id) { chats.append(chat) }
            warnings += session.log.diagnostics
        }
        warnings += unknown.warnings(file: database)
        guard !chats.isEmpty else {
            throw DiagnosticError(Diagnostic(file: database, message: "no Zed thread with a message in it"))
        }
        for k in chats.indices { chats[k].project = chats[k].project.map(FilePath.lastComponent) }
        return ExportRead(chats: chats, warnings: warnings)
    }
}

/// Zed's `threads` table, read from a private copy (``AgentDatabase``): `id`, `summary` (the
/// thread's title), `updated_at`, `data_type` (`json` or `zstd`) and `data` (the thread as JSON,
/// compressed when `zstd`), and in later versions `parent_id` (a sub-agent's parent thread),
/// `folder_paths` (the project's folders, one a line) and `created_at`.
struct ZedStore {
    struct Thread {
        var id: String
        var summary: String?
        var updated: String?
        var created: String?
        var parentID: String?
        var folders: String?
        var data: JSONNode
    }

    var threads: [Thread] = []
    var warnings: [Diagnostic] = []

    /// The most a thread's data decompresses to.
    static let decompressedLimit = 256_000_000

    static func read(_ path: String) throws(DiagnosticError) -> ZedStore {
        let db = try AgentDatabase(path: path, what: "Zed's thread database (threads.db)")
        let columns = db.columns("threads")
        guard columns.isSuperset(of: ["id", "data_type", "data"]) else {
            throw DiagnosticError(Diagnostic(file: path, message: "has no threads table with id, data_type and data; expected Zed's threads.db"))
        }
        func column(_ name: String) -> String { columns.contains(name) ? name : "NULL AS \(name)" }
        // Oldest first: by when each was started (a row from before `created_at` by its last change).
        let order = columns.contains("created_at") ? "COALESCE(created_at, updated_at), id" : columns.contains("updated_at") ? "updated_at, id" : "id"
        let rows = try db.byteRows(
            "SELECT id, \(column("summary")), \(column("updated_at")), \(column("created_at")), \(column("parent_id")), "
                + "\(column("folder_paths")), data_type, data FROM threads ORDER BY \(order)")
        var store = ZedStore()
        for row in rows {
            func text(_ name: String) -> String? { (row[name] ?? nil).map { String(decoding: $0, as: UTF8.self) } }
            guard let id = text("id") else { continue }
            let bytes = (row["data"] ?? nil) ?? []
            var json = bytes
            switch text("data_type") {
            case "json":
                break
            case "zstd":
                switch Zstd.decompress(bytes, limit: decompressedLimit) {
                case .success(let plain): json = plain
                case .failure(let failure):
                    store.warnings.append(Diagnostic(.warning, file: path, message: "thread \(Diagnostic.quote(id)): \(failure.message); it is left out"))
                    continue
                }
            case let other:
                store.warnings.append(
                    Diagnostic(
                        .warning, file: path,
                        message: "thread \(Diagnostic.quote(id)): data_type \(Diagnostic.quote(other ?? "(none)")) is not json or zstd; it is left out"))
                continue
            }
            do {
                let data = try JSONParser.parse(json)
                store.threads.append(
                    Thread(
                        id: id, summary: text("summary"), updated: text("updated_at"), created: text("created_at"), parentID: text("parent_id"),
                        folders: text("folder_paths"), data: data))
            } catch {
                store.warnings.append(
                    Diagnostic(
                        .warning, file: path,
                        message: "thread \(Diagnostic.quote(id)): its data is not JSON (\(error.message) at \(error.line):\(error.column)); it is left out"))
            }
        }
        store.warnings += db.warnings
        return store
    }
}
