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
///
/// A sub-agent is a session of its own (`session_type` `sub_agent`). The call that started it —
/// summon's `delegate` — names it in its response (`toolResult.value._meta.subagent_session_id`):
/// that call shows the sub-agent's session as a transcript, the first time it is named; another
/// call naming it refers to that one, and one made from inside it is cut (``SubAgentGraph``).
struct GooseSession: AgentSession {
    /// A tool request, and its response once read.
    struct Call {
        var name: String
        var arguments: JSONNode?
        var failedRequest: String?
        var result: String?
        var isError = false
        /// The sub-agent's session the call started, as its transcript.
        var transcript: TranscriptPart?
    }

    var log: SessionBuilder<Call>
    let cwd: String?
    /// Every session of the store by id: those a call names are its sub-agents.
    var sessions: [String: GooseStore.Session] = [:]
    /// The sub-agents shown so far on the page, each once.
    var graph = SubAgentGraph()
    /// How deep in sub-agents this session is read.
    var depth = 0

    init(file: String, cwd: String?) {
        self.cwd = cwd
        log = SessionBuilder(file: file, versionLabel: nil)
    }

    mutating func parts(for call: Call, id: String, once: Bool) -> [TurnPart] {
        if let transcript = call.transcript { return [.transcript(transcript)] }
        return GooseTools.parts(call, cwd: cwd)
    }

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
                if let agent = (result?["value"]?["_meta"]).flatMap({ InputProbe.string($0, "subagent_session_id") }) {
                    call.transcript = subAgent(agent, call: call)
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

    /// The session's own tokens, as goose keeps them: the session's (`accumulated_*`), else the
    /// last call's (all the earliest versions kept). Counted before the turns are made, so a
    /// count out of range is warned about with the rest.
    mutating func tokens(of session: GooseStore.Session) -> TokenUsage {
        let input = log.tallies.count(session.inputTokens, path: "sessions[\(session.id)].input_tokens") ?? 0
        let output = log.tallies.count(session.outputTokens, path: "sessions[\(session.id)].output_tokens") ?? 0
        return TokenUsage(input: input, output: output)
    }

    /// The turns of `session`, read, with its header: goose keeps a session's tokens, not each
    /// reply's, so they go on its last reply (a site's totals count them once) and are added to
    /// the header's, where its sub-agents' already are.
    mutating func finish(_ session: GooseStore.Session) -> [ImportedTurn] {
        let usage = tokens(of: session)
        var turns = turns()
        if !usage.total.isZero, let last = turns.indices.last(where: { turns[$0].role == .assistant }) {
            log.tokens = log.tokens + usage
            turns[last].usage = (turns[last].usage ?? TokenUsage()).adding(usage)
        }
        log.title = session.name
        log.project = session.workingDir
        if let first = session.created { log.widenSpan(first) }
        if let end = session.updated { log.widenSpan(end) }
        return turns
    }

    /// The transcript of the sub-agent session `agent`, which `call` started: its turns the first
    /// time it is named, a reference after; nil when the store has no such session.
    mutating func subAgent(_ agent: String, call: Call) -> TranscriptPart? {
        guard let child = sessions[agent] else { return nil }
        func arg(_ key: String) -> String? { call.arguments.flatMap { InputProbe.string($0, key) }.flatMap { $0.isEmpty ? nil : $0 } }
        let task = arg("instructions").map(SessionText.oneLine)
        // A delegation to a named recipe or agent (`source`) is that agent's.
        let kind = arg("source")
        if let reference = graph.claim(child.id) {
            var part = SubAgentTranscript.make([], kind: kind, task: task)
            part.agent = child.id
            part.reference = reference
            return part
        }
        guard depth < 8 else { return nil }
        graph.enter(child.id)
        defer { graph.leave() }
        var inner = GooseSession(file: log.file, cwd: child.workingDir ?? cwd)
        inner.sessions = sessions
        inner.graph = graph
        inner.depth = depth + 1
        if let model = child.model { inner.log.useModel(model) }
        // One count of each unknown kind for the whole input: the sub-agent's go on this one's.
        inner.log.unknown = log.unknown
        for message in child.messages { inner.read(message) }
        log.unknown = inner.log.unknown
        inner.log.unknown = UnknownKinds()
        graph = inner.graph
        let turns = inner.finish(child)
        log.adopt(inner.log)
        log.diagnostics += inner.log.diagnostics
        guard turns.contains(where: { $0.role == .assistant }) else { return nil }
        let messages = SubAgentTranscript.messages(turns, prefix: child.id, caller: "goose", kind: kind)
        var part = SubAgentTranscript.make(messages, kind: kind, task: task)
        part.agent = child.id
        part.setSpan(first: child.created ?? turns.first?.date, last: child.updated ?? turns.last?.date)
        return part
    }
}
