import Foundation
import ChatModel
import ChatSupport

/// Crush's sessions as it keeps them: one SQLite database per project, `.crush/crush.db`, with
/// tables `sessions` (`id`, `parent_session_id`, `title`, `prompt_tokens`, `completion_tokens`,
/// `cost`, `created_at`, `updated_at`, …) and `messages` (`id`, `session_id`, `role`, `parts`:
/// a JSON array of `{"type", "data"}` parts, `model`, `provider`, `created_at`, …). Times are
/// Unix seconds (milliseconds in some early rows, told apart by size).
struct CrushStore {
    struct Session {
        var id: String
        var parentID: String?
        var title: String?
        var created: Double?
        var updated: Double?
        /// What Crush recorded the session cost, in US dollars: its own calls' and its sub-agents'.
        var cost: Double?
        /// The last call's prompt (input and cache read) and reply: the context after it, not a total.
        var promptTokens: String?
        var completionTokens: String?
        var messages: [Message] = []
    }
    struct Message {
        var id: String
        var role: String
        var parts: [JSONNode]
        var model: String?
        var created: Double?
        /// A summary Crush wrote when it compacted the conversation.
        var isSummary: Bool
    }

    var sessions: [Session] = []
    var warnings: [Diagnostic] = []

    /// The database for `path`: `crush.db` itself, the `.crush` folder holding it, or the project
    /// folder holding `.crush`.
    static func databasePath(_ path: String) throws(DiagnosticError) -> String {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
            throw DiagnosticError(
                Diagnostic(file: path, message: "no such file or folder; expected Crush's crush.db, its .crush folder, or the project holding it"),
                kind: .missingInput)
        }
        guard isFolder.boolValue else { return path }
        for candidate in [FilePath.join(path, "crush.db"), FilePath.join(FilePath.join(path, ".crush"), "crush.db")]
        where FileInput.isRegularFile(candidate) {
            return candidate
        }
        throw DiagnosticError(
            Diagnostic(file: path, message: "no crush.db and no .crush/crush.db here; expected Crush's database or a project Crush ran in"),
            kind: .missingInput)
    }

    /// The folder Crush ran in: the one holding `.crush/`, when the database is there.
    static func project(ofDatabase path: String) -> String? {
        let folder = FilePath.directory(path)
        return FilePath.lastComponent(folder) == ".crush" ? FilePath.directory(folder) : nil
    }

    static func read(_ path: String) throws(DiagnosticError) -> CrushStore {
        let db = try AgentDatabase(path: path, what: "Crush's session database (crush.db)")
        guard db.tables().isSuperset(of: ["sessions", "messages"]) else {
            throw DiagnosticError(Diagnostic(file: path, message: "has no sessions and messages tables; expected Crush's session database (crush.db)"))
        }
        var store = CrushStore()
        let sessionColumns = db.columns("sessions")
        func column(_ name: String, in columns: Set<String>) -> String { columns.contains(name) ? name : "NULL AS \(name)" }
        let sessionRows = try db.rows(
            "SELECT id, "
                + ["parent_session_id", "title", "prompt_tokens", "completion_tokens", "cost", "created_at", "updated_at"].map {
                    column($0, in: sessionColumns)
                }.joined(separator: ", ") + " FROM sessions ORDER BY created_at, rowid")
        var index: [String: Int] = [:]
        for row in sessionRows {
            guard let id = row["id"] ?? nil else { continue }
            index[id] = store.sessions.count
            store.sessions.append(
                Session(
                    id: id, parentID: row["parent_session_id"] ?? nil, title: row["title"] ?? nil, created: seconds(row["created_at"] ?? nil),
                    updated: seconds(row["updated_at"] ?? nil), cost: (row["cost"] ?? nil).flatMap(Double.init),
                    promptTokens: row["prompt_tokens"] ?? nil, completionTokens: row["completion_tokens"] ?? nil))
        }
        let messageColumns = db.columns("messages")
        let messageRows = try db.rows(
            "SELECT id, session_id, role, parts, "
                + ["model", "created_at", "is_summary_message"].map { column($0, in: messageColumns) }.joined(separator: ", ")
                + " FROM messages ORDER BY created_at, rowid")
        for row in messageRows {
            guard let id = row["id"] ?? nil, let sessionID = row["session_id"] ?? nil, let s = index[sessionID] else { continue }
            let parts: [JSONNode]
            let text: String = (row["parts"] ?? nil) ?? "[]"
            do throws(JSONParser.SyntaxError) {
                let node = try JSONParser.parse(Array(text.utf8))
                guard case .array(let items) = node.value else {
                    store.warnings.append(Diagnostic(.warning, file: path, message: "message \(id): its parts are not a JSON array; it is left out"))
                    continue
                }
                parts = items
            } catch {
                store.warnings.append(
                    Diagnostic(
                        .warning, file: path,
                        message: "message \(id): its parts are not JSON (\(error.message) at \(error.line):\(error.column)); it is left out"))
                continue
            }
            store.sessions[s].messages.append(
                Message(
                    id: id, role: (row["role"] ?? nil) ?? "", parts: parts, model: (row["model"] ?? nil).flatMap { $0.isEmpty ? nil : $0 },
                    created: seconds(row["created_at"] ?? nil), isSummary: (row["is_summary_message"] ?? nil) == "1"))
        }
        store.warnings += db.warnings
        return store
    }

    /// A stored time as seconds since 1970: Crush writes seconds; a value only milliseconds
    /// could be (past the year 5000 in seconds) is read as those.
    static func seconds(_ text: String?) -> Double? {
        guard let value = text.flatMap(Double.init), value.isFinite, value > 0 else { return nil }
        return value > 1e11 ? value / 1000 : value
    }
}
