import Foundation
import ChatModel
import ChatSupport

/// goose's sessions as it keeps them: one SQLite database, `~/.local/share/goose/sessions/
/// sessions.db`, with tables `sessions` (`id` like `20260601_1`, `name` or the older
/// `description`, `session_type`, `working_dir`, `created_at`, `updated_at`, the last call's
/// `input_tokens`/`output_tokens` and the session's `accumulated_*` ones) and `messages`
/// (`session_id`, `role`, `content_json`: the message's typed content as a JSON array,
/// `created_timestamp` in Unix seconds).
struct GooseStore {
    struct Session {
        var id: String
        var name: String? = nil
        var type: String? = nil
        var workingDir: String? = nil
        var created: ChatDate? = nil
        var updated: ChatDate? = nil
        /// The counts as stored, for ``TallyReader``: `accumulated_*`, else the last call's.
        var inputTokens: JSONNode? = nil
        var outputTokens: JSONNode? = nil
        /// The model it ran (`model_config_json.model_name`, in later versions).
        var model: String? = nil
        var messages: [Message] = []
    }
    struct Message {
        var id: String
        var role: String
        var content: [JSONNode]
        var created: Double?
    }

    var sessions: [Session] = []
    var warnings: [Diagnostic] = []

    static func read(_ path: String) throws(DiagnosticError) -> GooseStore {
        let db = try AgentDatabase(path: path, what: "goose's session database (sessions.db)")
        guard db.tables().isSuperset(of: ["sessions", "messages"]) else {
            throw DiagnosticError(Diagnostic(file: path, message: "has no sessions and messages tables; expected goose's session database (sessions.db)"))
        }
        var store = GooseStore()
        let columns = db.columns("sessions")
        func column(_ name: String) -> String { columns.contains(name) ? name : "NULL AS \(name)" }
        let names = [
            "name", "description", "session_type", "working_dir", "created_at", "updated_at", "input_tokens", "output_tokens",
            "accumulated_input_tokens", "accumulated_output_tokens", "model_config_json",
        ]
        var index: [String: Int] = [:]
        for row in try db.rows("SELECT id, " + names.map(column).joined(separator: ", ") + " FROM sessions ORDER BY created_at, id") {
            guard let id = row["id"] ?? nil else { continue }
            func text(_ key: String) -> String? { (row[key] ?? nil).flatMap { $0.isEmpty ? nil : $0 } }
            func number(_ key: String) -> JSONNode? { text(key).flatMap { try? JSONParser.parse(Array($0.utf8)) } }
            index[id] = store.sessions.count
            store.sessions.append(
                Session(
                    id: id, name: text("name") ?? text("description"), type: text("session_type"), workingDir: text("working_dir"),
                    created: text("created_at").flatMap(date), updated: text("updated_at").flatMap(date),
                    inputTokens: number("accumulated_input_tokens") ?? number("input_tokens"),
                    outputTokens: number("accumulated_output_tokens") ?? number("output_tokens"),
                    model: text("model_config_json").flatMap { try? JSONParser.parse(Array($0.utf8)) }.flatMap { InputProbe.string($0, "model_name") }))
        }
        for row in try db.rows("SELECT id, session_id, role, content_json, created_timestamp FROM messages ORDER BY id") {
            guard let sessionID = row["session_id"] ?? nil, let s = index[sessionID] else { continue }
            let id = (row["id"] ?? nil) ?? "\(store.sessions[s].messages.count + 1)"
            let text: String = (row["content_json"] ?? nil) ?? "[]"
            let node: JSONNode
            do throws(JSONParser.SyntaxError) {
                node = try JSONParser.parse(Array(text.utf8))
            } catch {
                store.warnings.append(
                    Diagnostic(
                        .warning, file: path,
                        message: "message \(id): its content_json is not JSON (\(error.message) at \(error.line):\(error.column)); it is left out"))
                continue
            }
            guard case .array(let content) = node.value else {
                store.warnings.append(Diagnostic(.warning, file: path, message: "message \(id): its content_json is not a JSON array; it is left out"))
                continue
            }
            store.sessions[s].messages.append(
                Message(
                    id: "m" + id, role: (row["role"] ?? nil) ?? "", content: content,
                    created: (row["created_timestamp"] ?? nil).flatMap(Double.init).map { $0 > 1e11 ? $0 / 1000 : $0 }))
        }
        store.warnings += db.warnings
        return store
    }

    /// A stored time: SQLite's `CURRENT_TIMESTAMP` (`2026-06-01 08:00:00`, UTC) or an RFC 3339
    /// time as goose writes it (`2026-06-01T08:00:00.123Z`).
    static func date(_ text: String) -> ChatDate? { ChatDate(iso: text) }
}
