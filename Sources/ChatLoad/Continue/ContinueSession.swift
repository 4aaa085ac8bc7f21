import ChatModel
import ChatSupport

/// One Continue session as a conversation: its `history`, each item a `message` (`role`,
/// `content` as a string or parts) and what Continue kept beside it.
///
/// | item | becomes |
/// | --- | --- |
/// | `user` message (`text` parts, `imageUrl` data URLs) | the person's turn and its photos |
/// | `assistant` message `content`, the item's `reasoning.text` | the reply's text; thinking before it |
/// | `thinking` message (`content`; `redactedThinking`) | thinking; a note that it was redacted |
/// | `toolCalls` (`id`, `function.name`, `function.arguments`) with the item's `toolCallStates` (`status`, `parsedArgs`, `output[].content`) | by tool (``ContinueTools``); `errored` fails it, `canceled` declines it |
/// | `tool` message (`toolCallId`, `content`) | the result of its call, when its state held none |
/// | `usage` (`promptTokens`, `completionTokens`, `promptTokensDetails.cachedTokens`) | the reply's tokens |
/// | `promptLogs[].completionOptions.model` (else `modelTitle`) | the reply's model |
/// | `system` message, `contextItems` | nothing: the prompt Continue built, not the conversation |
struct ContinueSession: AgentSession {
    /// A tool call, its state and its output.
    struct Call {
        var name: String
        var arguments: JSONNode?
        var status: ToolStatus
        var result: String?
    }

    var log: SessionBuilder<Call>
    let cwd: String?
    /// Whether any message carried its own `usage` (else the session's is the last reply's).
    var sawUsage = false

    init(file: String, cwd: String?) {
        self.cwd = cwd
        log = SessionBuilder(file: file, versionLabel: nil)
    }

    mutating func parts(for call: Call, id: String, once: Bool) -> [TurnPart] { ContinueTools.parts(call, cwd: cwd) }

    /// A message's `content`: a string, or parts of which the `text` ones are joined; images apart.
    static func content(_ node: JSONNode?) -> (text: String, images: [String]) {
        guard let node else { return ("", []) }
        if case .string(let text) = node.value { return (text, []) }
        guard case .array(let parts) = node.value else { return ("", []) }
        var texts: [String] = []
        var images: [String] = []
        for part in parts {
            switch InputProbe.string(part, "type") {
            case "text": if let text = InputProbe.string(part, "text") { texts.append(text) }
            case "imageUrl": if let url = part["imageUrl"].flatMap({ InputProbe.string($0, "url") }) { images.append(url) }
            default: continue
            }
        }
        return (texts.joined(separator: "\n\n"), images)
    }

    /// Continue's `usage`: the prompt's tokens (the cached ones among them), the reply's.
    mutating func usage(_ node: JSONNode, path: String) -> TokenUsage {
        let prompt = log.tallies.countOrZero(node["promptTokens"], path: path + ".promptTokens")
        let output = log.tallies.countOrZero(node["completionTokens"], path: path + ".completionTokens")
        let cached = log.tallies.countOrZero(node["promptTokensDetails"]?["cachedTokens"], path: path + ".promptTokensDetails.cachedTokens")
        let written = log.tallies.countOrZero(node["promptTokensDetails"]?["cacheWriteTokens"], path: path + ".promptTokensDetails.cacheWriteTokens")
        let input = prompt - cached - written
        return TokenUsage(input: input, output: output, cacheRead: cached, cacheWrite: written)
    }

    mutating func read(_ item: JSONNode, at position: Int) {
        guard let message = item["message"] else {
            log.note("history item without a message", "", line: nil)
            return
        }
        let id = InputProbe.string(message, "id") ?? "h\(position + 1)"
        let (text, images) = Self.content(message["content"])
        switch InputProbe.string(message, "role") {
        case "user":
            var attachments: [ImportedAttachment] = []
            for url in images where InlineData.isDataURL(url) {
                guard case .success(let data) = InlineData.parseDataURL(url) else { continue }
                attachments.append(
                    ImportedAttachment(
                        id: "i\(attachments.count + 1)-\(id)", name: InlineData.defaultName("image", index: attachments.count + 1, contentType: data.mediaType),
                        contentType: data.mediaType, byteCount: Int64(data.bytes.count), content: .bytes(data.bytes)))
            }
            let prompt = text.trimmingASCIIWhitespace()
            if !prompt.isEmpty || !attachments.isEmpty { log.prompt(prompt, date: nil, attachments: attachments, id: id) }
        case "assistant":
            // The model's id as sent (`completionOptions.model`), else the name Continue's settings give it.
            if case .array(let logs)? = item["promptLogs"]?.value,
                let model = logs.compactMap({ $0["completionOptions"].flatMap { InputProbe.string($0, "model") } ?? InputProbe.string($0, "modelTitle") }).last
            {
                log.useModel(model)
            }
            if let reasoning = item["reasoning"].flatMap({ InputProbe.string($0, "text") }), !reasoning.trimmingASCIIWhitespace().isEmpty {
                log.reply(.thinking(ThinkingPart(text: reasoning)))
            }
            if !text.trimmingASCIIWhitespace().isEmpty { log.reply(.text(text)) }
            var states: [String: JSONNode] = [:]
            if case .array(let list)? = item["toolCallStates"]?.value {
                for state in list { if let callID = InputProbe.string(state, "toolCallId") { states[callID] = state } }
            }
            if case .array(let calls)? = message["toolCalls"]?.value {
                for request in calls {
                    guard let callID = InputProbe.string(request, "id") else { continue }
                    let function = request["function"]
                    let state = states[callID]
                    var arguments = state?["parsedArgs"]
                    if arguments.map({ if case .object = $0.value { return false } else { return true } }) ?? true {
                        arguments = function.flatMap { InputProbe.string($0, "arguments") }.flatMap { try? JSONParser.parse(Array($0.utf8)) }
                    }
                    let status: ToolStatus
                    switch state.flatMap({ InputProbe.string($0, "status") }) {
                    case "done": status = .ok
                    case "errored": status = .error
                    case "canceled": status = .rejected
                    default: status = .running
                    }
                    var result: String?
                    if case .array(let output)? = state?["output"]?.value {
                        let texts = output.compactMap { InputProbe.string($0, "content") }
                        if !texts.isEmpty { result = texts.joined(separator: "\n") }
                    }
                    log.call(
                        callID, Call(name: function.flatMap { InputProbe.string($0, "name") } ?? "tool", arguments: arguments, status: status, result: result))
                }
            }
            if let usage = message["usage"] {
                sawUsage = true
                let spent = self.usage(usage, path: "history[\(position)].message.usage")
                log.tokens = log.tokens + spent
                log.spend(spent)
            }
        case "thinking":
            if !text.trimmingASCIIWhitespace().isEmpty {
                log.reply(.thinking(ThinkingPart(text: text)))
            } else if InputProbe.string(message, "redactedThinking") != nil {
                log.reply(.thinking(ThinkingPart(text: "The model's reasoning here is redacted: Continue keeps it encrypted.")))
            }
        case "tool":
            guard let callID = InputProbe.string(message, "toolCallId"), var call = log.calls[callID] else {
                log.note("tool result without its call", "", line: nil)
                return
            }
            if call.result == nil { call.result = text }
            if call.status == .running { call.status = .ok }
            log.calls[callID] = call
        case "system":
            return
        case let other:
            log.note("message role", other ?? "(none)", line: nil)
        }
    }
}
