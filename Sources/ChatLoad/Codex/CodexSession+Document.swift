import ChatModel
import ChatSupport

/// The rollouts of Codex's first TypeScript releases (`~/.codex/sessions/rollout-<date>-<id>.json`),
/// and of the forks that kept their layout (open-codex): one JSON document, written whole again
/// at every save, not a log of lines.
///
/// - `{"session": {"timestamp", "id", "instructions", "model"?, "provider"?}, "items": [...]}`:
///   `timestamp` is when the file was saved, the session's date; `instructions` are the
///   person's own instructions for the agent, shown as one collapsed notice.
/// - Codex's items are Responses API items (`message`, `function_call`, `function_call_output`,
///   `reasoning` …), read as the bare items of a rollout log are.
/// - A fork's items are Chat Completions messages: `{"role", "content"}` where `content` is text
///   or a list of `text` and `image_url` parts; an assistant's `tool_calls`
///   (`{"id", "function": {"name", "arguments"}}`) and `reasoning` (or `reasoning_content`);
///   a `tool` message's `tool_call_id` joins its output to its call.
///
/// Tolerant: an item of an unknown type or role is one warning per kind with a count, naming the
/// line of the first; a document that is not JSON, or has no `items` list, is an error naming
/// the file and where.
extension CodexSession {
    mutating func read(document root: JSONNode) throws(DiagnosticError) {
        guard case .array(let items)? = root["items"]?.value else {
            let at = root["items"] ?? root
            throw DiagnosticError(
                Diagnostic(
                    file: log.file, location: SourceLocation(line: at.line, column: at.column, jsonPath: "items"),
                    message: "expected a Codex rollout's \"items\" array beside its \"session\""))
        }
        if let meta = root["session"] {
            readMeta(meta)
            if let instructions = InputProbe.string(meta, "instructions")?.trimmingASCIIWhitespace(), !instructions.isEmpty {
                log.reply(.part(.notice(NoticePart(kind: .memory, text: "Instructions for Codex", detail: instructions))))
            }
        }
        for item in items {
            guard case .object = item.value else {
                log.note("item that is not an object", "", line: item.line)
                continue
            }
            if item["type"] != nil {
                readItem(item, line: item.line)
            } else if item["role"] != nil {
                readChatMessage(item, line: item.line)
            } else {
                log.note("item type", "(none)", line: item.line)
            }
        }
    }

    /// A Chat Completions message of a fork's rollout.
    mutating func readChatMessage(_ message: JSONNode, line: Int) {
        let role = InputProbe.string(message, "role") ?? ""
        switch role {
        case "user", "system", "developer":
            readMessage(Self.responsesMessage(message), line: line)
        case "assistant":
            if let reasoning = (InputProbe.string(message, "reasoning") ?? InputProbe.string(message, "reasoning_content"))?.trimmingASCIIWhitespace(),
                !reasoning.isEmpty
            {
                log.reply(.part(.thinking(ThinkingPart(text: reasoning, summary: CodexTools.heading(reasoning)))))
            }
            readMessage(Self.responsesMessage(message), line: line)
            if case .array(let calls)? = message["tool_calls"]?.value {
                for call in calls {
                    let function = call["function"]
                    let id = InputProbe.string(call, "id") ?? "line\(line)-\(log.calls.count + 1)"
                    let name = function.flatMap { InputProbe.string($0, "name") } ?? "tool"
                    log.call(id, Call(name: name, kind: .function, input: function.flatMap { InputProbe.string($0, "arguments") } ?? ""))
                }
            }
        case "tool":
            guard let id = InputProbe.string(message, "tool_call_id"), log.calls[id] != nil else {
                log.note("output for a call not in the log", "", line: line)
                return
            }
            let (text, exit) = CodexTools.output(message["content"])
            log.calls[id]!.output = text
            if let exit { log.calls[id]!.exitCode = exit }
        default:
            log.note("message role", role, line: line)
        }
    }

    /// A Chat Completions message as the Responses message ``readMessage(_:line:)`` reads: its
    /// `image_url` parts as `input_image`, a `null` content as none.
    static func responsesMessage(_ message: JSONNode) -> JSONNode {
        guard case .object(var members) = message.value, let index = members.firstIndex(where: { $0.key == "content" }) else { return message }
        switch members[index].node.value {
        case .array(let parts):
            let mapped = parts.map { part -> JSONNode in
                guard InputProbe.string(part, "type") == "image_url",
                    let url = part["image_url"].flatMap({ InputProbe.string($0, "url") ?? InputProbe.string(part, "image_url") })
                else { return part }
                return JSONNode(
                    .object([("type", JSONNode(.string("input_image"))), ("image_url", JSONNode(.string(url)))]), line: part.line, column: part.column)
            }
            members[index].node = JSONNode(.array(mapped), line: members[index].node.line, column: members[index].node.column)
        case .null:
            members.remove(at: index)
        default:
            break
        }
        return JSONNode(.object(members), line: message.line, column: message.column)
    }
}
