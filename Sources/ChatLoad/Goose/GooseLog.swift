import ChatModel
import ChatSupport

/// goose's sessions before its database: one log a session, `~/.local/share/goose/sessions/
/// <id>.jsonl` (`<id>` like `20250514_093000`, or the name given with `--name`). Its first line
/// is the session's metadata — `working_dir`, `description` (goose's title), `schedule_id`,
/// `message_count`, the last call's `total_tokens`/`input_tokens`/`output_tokens` and, in later
/// versions, the session's `accumulated_*` ones — and each line after it a message: `role`,
/// `created` (Unix seconds), `content` (the typed content the database keeps as `content_json`),
/// with `id` and `metadata` in later versions. A first line that is not metadata is a message,
/// as goose reads it.
///
/// When goose opened its database the first time it copied these logs into it, each under its
/// log's name as the session's id; the logs stayed beside it.
enum GooseLog {
    /// Whether `record` is a log's metadata line: goose's own test for it is that the line reads
    /// as metadata, whose `description` and `message_count` are required.
    static func isMetadata(_ record: JSONNode) -> Bool {
        InputProbe.string(record, "description") != nil && record["message_count"] != nil && record["content"] == nil
    }

    /// Whether `record` is one of a log's messages: a role and a list of typed content.
    static func isMessage(_ record: JSONNode) -> Bool {
        guard let role = InputProbe.string(record, "role"), role == "user" || role == "assistant" else { return false }
        guard case .array(let content)? = record["content"]?.value, let first = content.first else { return false }
        return record["created"] != nil && InputProbe.string(first, "type") != nil
    }

    /// The session the log at `path` holds, and the warnings for lines that are not JSON.
    static func read(_ path: String) throws(DiagnosticError) -> (GooseStore.Session, [Diagnostic]) {
        var session = GooseStore.Session(id: FilePath.stem(path))
        var warnings: [Diagnostic] = []
        var notMessages: [Int] = []
        try SessionLog.mapped(path, what: "goose session log") { file in
            file.withBytes { bytes in
                SessionLog.objects(in: bytes, file: path, diagnostics: &warnings) { record, line in
                    if line == 1, isMetadata(record) {
                        session.name = InputProbe.string(record, "description").flatMap { $0.isEmpty ? nil : $0 }
                        session.workingDir = InputProbe.string(record, "working_dir").flatMap { $0.isEmpty ? nil : $0 }
                        session.inputTokens = record["accumulated_input_tokens"].flatMap(count) ?? record["input_tokens"].flatMap(count)
                        session.outputTokens = record["accumulated_output_tokens"].flatMap(count) ?? record["output_tokens"].flatMap(count)
                        return
                    }
                    guard case .array(let content)? = record["content"]?.value else {
                        notMessages.append(line)
                        return
                    }
                    let created: Double? = if case .number(let seconds, _)? = record["created"]?.value { seconds } else { nil }
                    session.messages.append(
                        GooseStore.Message(
                            id: "\(session.id)-\(line)", role: InputProbe.string(record, "role") ?? "", content: content,
                            created: created.map { $0 > 1e11 ? $0 / 1000 : $0 }))
                }
            }
        }
        warnings += notMessages.map { line in
            Diagnostic(
                .warning, file: path, location: SourceLocation(line: line, column: 1),
                message: "expected a goose message (role, created, content); the line is left out")
        }
        let dates = session.messages.compactMap { $0.created.flatMap { ImportDate.fromEpoch($0) } }
        session.created = dates.first
        session.updated = dates.last
        return (session, warnings)
    }

    /// A count as the metadata holds it; `null` is no count.
    private static func count(_ node: JSONNode) -> JSONNode? {
        if case .null = node.value { return nil }
        return node
    }
}
