import ChatModel
import ChatSupport

/// One chat of Cursor's editor (a "composer"), as its state database keeps it (see
/// ``CursorComposers``), read into the same session as an agent transcript.
///
/// - The header (`composerData:<id>`): `name` (the chat's title), `createdAt` and
///   `lastUpdatedAt` (milliseconds), `modelConfig.modelName`, `createdOnBranch`, and
///   `fullConversationHeadersOnly`, the chat's messages in order (`{"bubbleId", "type"}`); older
///   builds kept the messages themselves in `conversation`.
/// - A message (`bubbleId:<composer id>:<bubble id>`): `type` 1 is the person's (`text`), 2 the
///   assistant's: `thinking.text`, `text`, and `toolFormerData`, one tool call with its own
///   result (`name`, `params` and `result` as JSON text, `status`); `tokenCount` its tokens.
///
/// Tolerant: a message the header names but the database lacks, or of an unknown type, is one
/// warning per kind with a count; the rest reads.
extension CursorSession {
    mutating func read(composer header: JSONNode, id: String, bubble: (String) -> JSONNode?) {
        log.unknown.unit = nil
        if let name = InputProbe.string(header, "name")?.trimmingASCIIWhitespace(), !name.isEmpty { log.title = name }
        if let created = Self.date(milliseconds: header["createdAt"]) { log.widenSpan(created) }
        if let updated = Self.date(milliseconds: header["lastUpdatedAt"]) { log.widenSpan(updated) }
        if let model = header["modelConfig"].flatMap({ InputProbe.string($0, "modelName") }), !model.isEmpty, model != "default" { log.useModel(model) }
        if let branch = InputProbe.string(header, "createdOnBranch"), !branch.isEmpty { log.branch = branch }
        if case .array(let heads)? = header["fullConversationHeadersOnly"]?.value {
            for head in heads {
                guard let bubbleID = InputProbe.string(head, "bubbleId"), let found = bubble("bubbleId:\(id):\(bubbleID)") else {
                    log.note("message the chat names but the database does not hold", "", line: nil)
                    continue
                }
                readBubble(found)
            }
        } else if case .array(let inline)? = header["conversation"]?.value {
            for found in inline { readBubble(found) }
        }
    }

    /// One message of the chat.
    mutating func readBubble(_ bubble: JSONNode) {
        let date = InputProbe.string(bubble, "createdAt").flatMap { ChatDate(iso: $0) }
        if let date { log.widenSpan(date) }
        let text = (InputProbe.string(bubble, "text") ?? "").trimmingASCIIWhitespace()
        switch bubble["type"]?.value {
        case .number(1, _)?:
            guard !text.isEmpty else { return }
            log.prompt(text, date: date ?? log.firstDate)
        case .number(2, _)?:
            // `thinking` is `{"text"}` (a string in some builds).
            let thinking = bubble["thinking"].flatMap { InputProbe.string($0, "text") } ?? InputProbe.string(bubble, "thinking")
            if let thought = thinking?.trimmingASCIIWhitespace(), !thought.isEmpty {
                log.reply(.part(.thinking(ThinkingPart(text: thought))))
            }
            if !text.isEmpty { addReplyText(text) }
            if let tool = bubble["toolFormerData"], case .object = tool.value { readTool(tool) }
            if let count = bubble["tokenCount"] {
                let usage = TokenUsage(
                    input: log.tallies.countOrZero(count["inputTokens"], path: "tokenCount.inputTokens"),
                    output: log.tallies.countOrZero(count["outputTokens"], path: "tokenCount.outputTokens"))
                if !usage.total.isZero {
                    log.tokens = log.tokens + usage
                    log.spend(usage)
                }
            }
        case let other:
            log.note("message type", other.map { JSONText.compact(JSONNode($0)) } ?? "(none)", line: nil)
        }
    }

    /// `toolFormerData`: a call and its result, kept together.
    mutating func readTool(_ tool: JSONNode) {
        let name = InputProbe.string(tool, "name").flatMap { $0.isEmpty ? nil : $0 } ?? "tool"
        var call = Call(name: name, input: Self.json(tool["params"]) ?? Self.json(tool["rawArgs"]), line: 0)
        if let result = tool["result"], result.value != .null {
            let parsed = Self.json(result)
            // A terminal's result is `{"output": …}`; other results show as they are.
            call.result = parsed.flatMap { InputProbe.string($0, "output") } ?? InputProbe.string(tool, "result") ?? parsed.map(JSONText.compact)
        }
        switch InputProbe.string(tool, "status") {
        case "error", "cancelled", "canceled", "rejected": call.status = .error
        case "loading", "running", "pending": call.status = call.result == nil ? .running : .ok
        default: break
        }
        log.call("\(log.calls.count + 1)", call)
    }

    /// A value that is JSON, or JSON text: as JSON (nil when it is neither).
    static func json(_ node: JSONNode?) -> JSONNode? {
        guard let node else { return nil }
        switch node.value {
        case .object, .array: return node
        case .string(let text):
            return try? JSONParser.parse(Array(text.utf8))
        default: return nil
        }
    }

    /// Milliseconds since 1970 as a date.
    static func date(milliseconds node: JSONNode?) -> ChatDate? {
        guard case .number(let value, _)? = node?.value, value.isFinite, value > 0, value < 1e14 else { return nil }
        return ImportDate.fromEpoch(value / 1000)
    }
}
