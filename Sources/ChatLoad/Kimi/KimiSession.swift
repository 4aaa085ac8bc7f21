import ChatModel
import ChatSupport

/// Reads one Kimi CLI session.
///
/// - `wire.jsonl`: a first line `{"type": "metadata", "protocol_version"}`, then a record a line,
///   `{"timestamp": <seconds>, "message": {"type", "payload"}}`, each a message the CLI showed:
///   `TurnBegin` / `SteerInput` (the person's `user_input`, text or content parts),
///   `ContentPart` (`text`, or `think` thinking; a reply streams as many, joined here),
///   `ToolCall` (`id`, `function` {name, arguments as JSON text}) and `ToolCallPart` (more of the
///   last call's arguments), `ToolResult` (`tool_call_id`, `return_value` {is_error, output,
///   message, display}), `StatusUpdate` (`token_usage` {input_other, output, input_cache_read,
///   input_cache_creation}), `CompactionBegin`, `StepInterrupted`; the rest (steps, approvals,
///   hooks, MCP loading, notifications) is bookkeeping.
/// - A wire may begin with the result of a call made before it (the session went on from an
///   earlier file): the result is shown on its own, saying its call is not in this file.
/// - `context.jsonl` (a session with no wire): the messages the model saw, `{"role": "user" |
///   "assistant" | "tool", "content", "tool_calls", "tool_call_id"}`, and the CLI's own lines
///   (`_checkpoint`, `_usage`, `_system_prompt`), not shown.
///
/// Tolerant: a line that is not JSON, or a message or part of a kind not known, is a warning
/// naming the file and line, once per kind with a count.
struct KimiSession: AgentLogSession {
    var log: SessionBuilder<Call>
    /// The call the wire's `ToolCallPart`s add to.
    var streaming: String?
    private var orphans = 0

    /// A call and, once it came, its result.
    struct Call {
        var name: String
        var arguments: String
        var result: String?
        var failed = false
        var message: String?
        var display: [JSONNode] = []
        /// A result whose call was made before this file began.
        var callNotInFile = false
    }

    init(file: String) {
        log = SessionBuilder(file: file)
    }

    mutating func parts(for call: Call, id: String, once: Bool) -> [TurnPart] {
        KimiTools.parts(for: call)
    }

    // MARK: - The wire

    /// Wire messages that change nothing shown.
    static let bookkeeping: Set<String> = [
        "StepBegin", "TurnEnd", "StepRetry", "CompactionEnd", "MCPLoadingBegin", "MCPLoadingEnd", "MCPStatusSnapshot", "HookTriggered",
        "HookResolved", "HookRequest", "HookResponse", "Notification", "ApprovalRequest", "ApprovalResponse", "ApprovalRequestResolved",
        "QuestionRequest", "QuestionResponse", "ToolCallRequest", "BtwBegin", "BtwEnd", "PlanDisplay", "SubagentEvent",
    ]

    mutating func readLine(_ node: JSONNode, line: Int) {
        if InputProbe.string(node, "type") == "metadata" { return }
        if case .number(let seconds, _)? = node["timestamp"]?.value, let date = ImportDate.fromEpoch(seconds) { log.noteDate(date) }
        guard let message = node["message"], let type = InputProbe.string(message, "type") else {
            log.note("line without a message type", "", line: line)
            return
        }
        let payload = message["payload"]
        if type != "ToolCallPart" { streaming = nil }
        switch type {
        case "TurnBegin", "SteerInput":
            let text = Self.userText(payload?["user_input"])
            guard !text.isEmpty else { return }
            log.prompt(text, date: log.lastDate)
        case "ContentPart":
            guard let payload else { return }
            readPart(payload, line: line)
        case "ToolCall":
            guard let payload, let id = InputProbe.string(payload, "id") else {
                log.note("tool call without an id", "", line: line)
                return
            }
            let function = payload["function"]
            let call = Call(
                name: function.flatMap { InputProbe.string($0, "name") } ?? "tool", arguments: function.flatMap { InputProbe.string($0, "arguments") } ?? "")
            log.call(id, call)
            streaming = id
        case "ToolCallPart":
            if let id = streaming, let more = payload.flatMap({ InputProbe.string($0, "arguments_part") }) { log.calls[id]?.arguments += more }
        case "ToolResult":
            guard let payload, let id = InputProbe.string(payload, "tool_call_id") else {
                log.note("tool result without a call id", "", line: line)
                return
            }
            readResult(id, payload["return_value"])
        case "StatusUpdate":
            guard let usage = payload?["token_usage"], case .object = usage.value else { return }
            func count(_ key: String) -> Tally { log.tallies.countOrZero(usage[key], line: line, path: "message.payload.token_usage.\(key)") }
            var spent = TokenUsage(
                input: count("input_other"), output: count("output"), cacheRead: count("input_cache_read"), cacheWrite: count("input_cache_creation"))
            log.tokens = log.tokens + spent
            spent.context = spent.total
            log.spend(spent)
        case "CompactionBegin":
            var notice = NoticePart(kind: .compacted, text: "Conversation compacted")
            notice.phrase = UIPhrase(.conversationCompacted)
            log.reply(.notice(notice))
        case "StepInterrupted":
            log.reply(.notice(NoticePart(kind: .interrupted, text: "Interrupted")))
        default:
            if Self.bookkeeping.contains(type) { return }
            log.note("wire message type", type, line: line)
        }
    }

    /// A piece of the reply: text and thinking stream as many parts, joined to the one before.
    mutating func readPart(_ part: JSONNode, line: Int) {
        switch InputProbe.string(part, "type") {
        case "text":
            guard let text = InputProbe.string(part, "text") else { return }
            let last = log.openReply()
            if case .part(.text(let before))? = log.drafts[last].items.last {
                log.drafts[last].items[log.drafts[last].items.count - 1] = .part(.text(before + text))
            } else if !text.trimmingASCIIWhitespace().isEmpty {
                log.drafts[last].items.append(.part(.text(text)))
            }
        case "think":
            guard let text = InputProbe.string(part, "think") else { return }
            let last = log.openReply()
            if case .part(.thinking(var before))? = log.drafts[last].items.last {
                before.text += text
                log.drafts[last].items[log.drafts[last].items.count - 1] = .part(.thinking(before))
            } else if !text.trimmingASCIIWhitespace().isEmpty {
                log.drafts[last].items.append(.part(.thinking(ThinkingPart(text: text))))
            }
        case let type:
            log.note("content part", type ?? "(none)", line: line)
        }
    }

    /// A call's result, joined to its call; a result whose call is not in the file is shown by
    /// itself.
    mutating func readResult(_ id: String, _ value: JSONNode?) {
        if log.calls[id] == nil {
            orphans += 1
            var call = Call(name: "tool", arguments: "")
            call.callNotInFile = true
            log.call(id, call)
        }
        guard let value else { return }
        log.calls[id]!.failed = value["is_error"]?.value == .bool(true)
        log.calls[id]!.result = Self.text(value["output"])
        log.calls[id]!.message = InputProbe.string(value, "message")
        if case .array(let blocks)? = value["display"]?.value { log.calls[id]!.display = blocks }
    }

    /// Text, or content parts' text.
    static func text(_ node: JSONNode?) -> String? {
        guard let node else { return nil }
        switch node.value {
        case .string(let text): return text
        case .array(let parts):
            return parts.compactMap { InputProbe.string($0, "type") == "text" ? InputProbe.string($0, "text") : nil }.joined(separator: "\n")
        default: return nil
        }
    }

    /// The person's words: text, or content parts (an image is named, its data not kept).
    static func userText(_ node: JSONNode?) -> String {
        guard let node else { return "" }
        if case .array(let parts) = node.value {
            let images = parts.filter { InputProbe.string($0, "type") == "image_url" }.count
            let words = text(node) ?? ""
            return (words + (images > 0 ? "\n\n[\(images) image\(images == 1 ? "" : "s")]" : "")).trimmingASCIIWhitespace()
        }
        return (text(node) ?? "").trimmingASCIIWhitespace()
    }

    // MARK: - The context

    /// `context.jsonl`, read when the session has no wire.
    mutating func readContext(_ bytes: UnsafeBufferPointer<UInt8>) {
        var found: [Diagnostic] = []
        SessionLog.objects(in: bytes, file: log.file, diagnostics: &found) { node, line in
            switch InputProbe.string(node, "role") {
            case "user":
                let text = Self.userText(node["content"])
                // The CLI's own markers for the model (`<system>CHECKPOINT 1</system>`).
                guard !text.isEmpty, !text.hasPrefix("<system>") else { return }
                log.prompt(text, date: nil)
            case "assistant":
                if case .array(let parts)? = node["content"]?.value {
                    for part in parts { readPart(part, line: line) }
                } else if let text = InputProbe.string(node, "content"), !text.isEmpty {
                    log.reply(.text(text))
                }
                if case .array(let calls)? = node["tool_calls"]?.value {
                    for call in calls {
                        guard let id = InputProbe.string(call, "id") else { continue }
                        let function = call["function"]
                        log.call(
                            id,
                            Call(
                                name: function.flatMap { InputProbe.string($0, "name") } ?? "tool",
                                arguments: function.flatMap { InputProbe.string($0, "arguments") } ?? ""))
                    }
                }
            case "tool":
                guard let id = InputProbe.string(node, "tool_call_id") else { return }
                let value = JSONNode(.object([("output", node["content"] ?? JSONNode(.null))]))
                readResult(id, value)
            case "system", "_checkpoint", "_usage", "_system_prompt":
                return
            case let role:
                log.note("context role", role ?? "(none)", line: line)
            }
        }
        log.diagnostics += found
    }

    // MARK: - The conversation

    mutating func chat(fallbackTitle: String) -> ImportedChat? {
        if orphans > 0 {
            log.diagnostics.append(
                Diagnostic(
                    .warning, file: log.file,
                    message:
                        "begins with the result\(orphans == 1 ? "" : "s") of \(orphans) call\(orphans == 1 ? "" : "s") made before it; shown without the call"))
        }
        let turns = turns()
        return log.chat(turns, fallbackTitle: fallbackTitle)
    }
}
