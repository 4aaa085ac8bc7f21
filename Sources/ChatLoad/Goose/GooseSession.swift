import ChatModel
import ChatSupport

/// One goose session as a conversation: its messages in order, each a list of typed content.
/// A tool's response comes in the next `user` message, joined to its request by id.
///
/// | content (`type`) | becomes |
/// | --- | --- |
/// | `text` | the prompt's or the reply's text |
/// | `image` (`data`, `mimeType`) | a photo of the prompt |
/// | `thinking`; `redactedThinking` | thinking; a note that it was redacted |
/// | `toolRequest` (`toolCall.value`: `name`, `arguments`) joined to its `toolResponse` (`toolResult.value.content`, or `status` `error`) | a terminal (`shell`), a diff (`text_editor` `write`, `str_replace`), or a tool call |
/// | `frontendToolRequest` | a tool call |
/// | `systemNotification` | a notice |
/// | `toolConfirmationRequest`, `actionRequired` | nothing: goose asking to go on |
struct GooseSession: AgentSession {
    /// A tool request, and its response once read.
    struct Call {
        var name: String
        var arguments: JSONNode?
        var failedRequest: String?
        var result: String?
        var isError = false
    }

    var log: SessionBuilder<Call>
    let cwd: String?

    init(file: String, cwd: String?) {
        self.cwd = cwd
        log = SessionBuilder(file: file, versionLabel: nil)
    }

    mutating func parts(for call: Call, id: String, once: Bool) -> [TurnPart] { GooseTools.parts(call, cwd: cwd) }

    mutating func read(_ message: GooseStore.Message) {
        let when = message.created.flatMap { ImportDate.fromEpoch($0) }
        if let when { log.widenSpan(when) }
        var texts: [String] = []
        var attachments: [ImportedAttachment] = []
        var parts: [TurnPart] = []
        func flush() {
            guard !parts.isEmpty else { return }
            log.reply(parts, id: message.id, date: when, model: log.model)
            parts = []
        }
        for item in message.content {
            switch InputProbe.string(item, "type") {
            case "text":
                guard let text = InputProbe.string(item, "text"), !text.trimmingASCIIWhitespace().isEmpty else { continue }
                if message.role == "user" { texts.append(text) } else { parts.append(.text(text)) }
            case "image":
                guard let data = InputProbe.string(item, "data"), let bytes = InlineData.decodeBase64(data) else { continue }
                let type = InputProbe.string(item, "mimeType") ?? "image/png"
                attachments.append(
                    ImportedAttachment(
                        id: "i\(attachments.count + 1)-\(message.id)", name: InlineData.defaultName("image", index: attachments.count + 1, contentType: type),
                        contentType: type, byteCount: Int64(bytes.count), content: .bytes(bytes)))
            case "thinking":
                if let text = InputProbe.string(item, "thinking"), !text.trimmingASCIIWhitespace().isEmpty { parts.append(.thinking(ThinkingPart(text: text))) }
            case "redactedThinking":
                parts.append(.thinking(ThinkingPart(text: "The model's reasoning here is redacted: goose keeps it encrypted.")))
            case "toolRequest", "frontendToolRequest":
                guard let id = InputProbe.string(item, "id") else { continue }
                let request = item["toolCall"]
                var call = Call(name: "tool")
                if request.flatMap({ InputProbe.string($0, "status") }) == "error" {
                    call.failedRequest = request.flatMap { InputProbe.string($0, "error") } ?? "The request could not be read"
                } else {
                    let value = request?["value"]
                    call.name = value.flatMap { InputProbe.string($0, "name") } ?? "tool"
                    call.arguments = value?["arguments"]
                }
                flush()
                log.call(id, call)
            case "toolResponse":
                flush()
                guard let id = InputProbe.string(item, "id"), var call = log.calls[id] else {
                    log.note("tool response without its request", "", line: nil)
                    continue
                }
                let result = item["toolResult"]
                if result.flatMap({ InputProbe.string($0, "status") }) == "error" {
                    call.isError = true
                    call.result = result.flatMap { InputProbe.string($0, "error") }
                } else {
                    let value = result?["value"]
                    // A CallToolResult (`content`, `isError`), or the list of contents of earlier versions.
                    let content = value?["content"] ?? value
                    call.result = GooseTools.text(content)
                    call.isError = value?["isError"]?.value == .bool(true)
                }
                log.calls[id] = call
            case "systemNotification":
                if let text = InputProbe.string(item, "msg"), !text.isEmpty { parts.append(.notice(NoticePart(kind: .info, text: text))) }
            case "toolConfirmationRequest", "actionRequired", "conversationCompacted":
                continue
            case let other:
                log.note("content type", other ?? "(none)", line: nil)
            }
        }
        switch message.role {
        case "user":
            let text = texts.joined(separator: "\n\n").trimmingASCIIWhitespace()
            if !text.isEmpty || !attachments.isEmpty { log.prompt(text, date: when, attachments: attachments, id: message.id) }
            flush()
        case "assistant":
            flush()
        default:
            log.note("message role", message.role, line: nil)
        }
    }
}
