import ChatModel
import ChatSupport

/// One Crush session as a conversation: its messages in order, a person's prompt, the
/// assistant's parts, and the `tool` messages whose results join the calls by id.
///
/// | part (`type`) | becomes |
/// | --- | --- |
/// | `text` | the prompt's or the reply's text |
/// | `reasoning` (`thinking`) | thinking |
/// | `tool_call` joined to its `tool_result` | a terminal, a diff or a tool call (``CrushTools``) |
/// | `tool_call` whose sub-agent's session is read (`agent`, `agentic_fetch`) | the sub-agent's transcript |
/// | `binary`, `image_url` | a photo or file of the prompt |
/// | `shell_command` | a terminal |
/// | `finish` `canceled` or `error` | "Interrupted by the person", an error |
/// | a summary message (`is_summary_message`) | "Conversation compacted", then the summary |
struct CrushSession: AgentSession {
    /// A tool call, and its result once the `tool` message with it is read.
    struct Call {
        var name: String
        var input: String
        var result: String?
        var isError = false
        var metadata: String?
        /// The sub-agent's session the call started, as its transcript.
        var transcript: TranscriptPart?
    }

    var log: SessionBuilder<Call>
    let cwd: String?

    init(file: String, cwd: String?) {
        self.cwd = cwd
        log = SessionBuilder(file: file, versionLabel: nil)
    }

    mutating func parts(for call: Call, id: String, once: Bool) -> [TurnPart] {
        if let transcript = call.transcript { return [.transcript(transcript)] }
        return CrushTools.parts(call, cwd: cwd)
    }

    static func date(_ seconds: Double?) -> ChatDate? { seconds.flatMap { ImportDate.fromEpoch($0) } }

    /// Reads `session`'s messages; a call that started a sub-agent's session (one of `children`)
    /// nests that session's turns, each shown once (`graph`).
    mutating func read(_ session: CrushStore.Session, children: [String: CrushStore.Session], graph: inout SubAgentGraph, depth: Int) {
        for message in session.messages {
            let when = Self.date(message.created)
            if let when { log.widenSpan(when) }
            switch message.role {
            case "user": readPrompt(message, date: when)
            case "assistant": readReply(message, date: when, children: children, graph: &graph, depth: depth)
            case "tool": readResults(message)
            default: log.note("message role", message.role, line: nil)
            }
        }
    }

    mutating func readPrompt(_ message: CrushStore.Message, date: ChatDate?) {
        var texts: [String] = []
        var attachments: [ImportedAttachment] = []
        for part in message.parts {
            let data = part["data"]
            switch InputProbe.string(part, "type") {
            case "text":
                if let text = data.flatMap({ InputProbe.string($0, "text") }), !text.isEmpty { texts.append(text) }
            case "binary":
                // Go's []byte: base64 in the JSON.
                let name = data.flatMap { InputProbe.string($0, "Path") }.map(FilePath.lastComponent) ?? "file"
                let bytes = data.flatMap { InputProbe.string($0, "Data") }.flatMap(InlineData.decodeBase64)
                let type = data.flatMap { InputProbe.string($0, "MIMEType") } ?? InlineData.contentType(forName: name) ?? "application/octet-stream"
                attachments.append(
                    ImportedAttachment(
                        id: "f\(attachments.count + 1)-\(message.id)", name: name, contentType: type, byteCount: Int64(bytes?.count ?? 0),
                        content: bytes.map { .bytes($0) } ?? .unavailable))
            case "image_url":
                guard let url = data.flatMap({ InputProbe.string($0, "url") }) else { continue }
                if InlineData.isDataURL(url), case .success(let inline) = InlineData.parseDataURL(url) {
                    attachments.append(
                        ImportedAttachment(
                            id: "f\(attachments.count + 1)-\(message.id)", name: "image", contentType: inline.mediaType,
                            byteCount: Int64(inline.bytes.count), content: .bytes(inline.bytes)))
                } else {
                    texts.append(url)
                }
            case "finish":
                continue
            case let other:
                log.note("part type", other ?? "(none)", line: nil)
            }
        }
        let text = texts.joined(separator: "\n\n").trimmingASCIIWhitespace()
        guard !text.isEmpty || !attachments.isEmpty else { return }
        log.prompt(text, date: date, attachments: attachments, id: message.id)
    }

    mutating func readReply(
        _ message: CrushStore.Message, date: ChatDate?, children: [String: CrushStore.Session], graph: inout SubAgentGraph, depth: Int
    ) {
        if let model = message.model { log.useModel(model) }
        var parts: [TurnPart] = []
        var calls: [(String, Call)] = []
        if message.isSummary {
            var notice = NoticePart(kind: .compacted, text: "Conversation compacted")
            notice.phrase = UIPhrase(.conversationCompacted)
            parts.append(.notice(notice))
        }
        func flush() {
            guard !parts.isEmpty else { return }
            log.reply(parts, id: message.id, date: date, model: message.model)
            parts = []
        }
        for part in message.parts {
            let data = part["data"]
            func field(_ key: String) -> String? { data.flatMap { InputProbe.string($0, key) } }
            switch InputProbe.string(part, "type") {
            case "text":
                if let text = field("text"), !text.trimmingASCIIWhitespace().isEmpty { parts.append(.text(text)) }
            case "reasoning":
                if let text = field("thinking"), !text.trimmingASCIIWhitespace().isEmpty { parts.append(.thinking(ThinkingPart(text: text))) }
            case "tool_call":
                guard let id = field("id") else { continue }
                var call = Call(name: field("name") ?? "tool", input: field("input") ?? "")
                call.transcript = subAgent(call, id: id, message: message.id, children: children, graph: &graph, depth: depth)
                flush()
                calls.append((id, call))
                log.call(id, call)
            case "shell_command":
                let exit = data?["exit_code"].flatMap(CrushTools.int)
                parts.append(.terminal(TerminalPart(command: field("command"), output: field("output") ?? "", exitCode: exit)))
            case "finish":
                switch field("reason") {
                case "canceled":
                    var notice = NoticePart(kind: .interrupted, text: "Interrupted by the person")
                    notice.phrase = UIPhrase(.interruptedByPerson)
                    parts.append(.notice(notice))
                case "error":
                    let text = field("message").flatMap { $0.isEmpty ? nil : $0 } ?? "Error"
                    parts.append(.notice(NoticePart(kind: .error, text: SessionText.oneLine(text), detail: field("details"))))
                default:
                    continue
                }
            case "tool_result":
                flush()
                readResult(part)
            case "image_url", "binary":
                continue
            case let other:
                log.note("part type", other ?? "(none)", line: nil)
            }
        }
        flush()
    }

    /// A `tool` message: each result joins its call.
    mutating func readResults(_ message: CrushStore.Message) {
        for part in message.parts {
            if InputProbe.string(part, "type") == "tool_result" {
                readResult(part)
            } else if InputProbe.string(part, "type") != "finish" {
                log.note("part type in a tool message", InputProbe.string(part, "type") ?? "(none)", line: nil)
            }
        }
    }

    mutating func readResult(_ part: JSONNode) {
        guard let data = part["data"], let id = InputProbe.string(data, "tool_call_id") else { return }
        guard var call = log.calls[id] else {
            log.note("tool result without its call", "", line: nil)
            return
        }
        call.result = InputProbe.string(data, "content")
        call.isError = data["is_error"]?.value == .bool(true)
        call.metadata = InputProbe.string(data, "metadata").flatMap { $0.isEmpty ? nil : $0 }
        log.calls[id] = call
    }

    /// The transcript of the sub-agent `call` started: the child session Crush names after the
    /// call (`<message>$$<call>`, or the call's id in earlier versions), shown at its first call
    /// only; nil when no such session is read.
    mutating func subAgent(_ call: Call, id: String, message: String, children: [String: CrushStore.Session], graph: inout SubAgentGraph, depth: Int)
        -> TranscriptPart?
    {
        guard let child = children[message + "$$" + id] ?? children[id] else { return nil }
        let task = CrushTools.arguments(call.input).flatMap { InputProbe.string($0, "prompt") }.map(SessionText.oneLine)
        let kind = call.name == "agentic_fetch" ? "Fetch" : nil
        if let reference = graph.claim(child.id) {
            var part = SubAgentTranscript.make([], kind: kind, task: task)
            part.agent = child.id
            part.reference = reference
            return part
        }
        guard depth < 8 else { return nil }
        graph.enter(child.id)
        defer { graph.leave() }
        var inner = CrushSession(file: log.file, cwd: cwd)
        // One count of each unknown kind for the whole database: the sub-agent's go on this one's.
        inner.log.unknown = log.unknown
        inner.read(child, children: children, graph: &graph, depth: depth + 1)
        log.unknown = inner.log.unknown
        inner.log.unknown = UnknownKinds()
        log.adopt(inner.log)
        let turns = inner.turns()
        guard turns.contains(where: { $0.role == .assistant }) else { return nil }
        var part = SubAgentTranscript.make(SubAgentTranscript.messages(turns, prefix: child.id, caller: "Crush", kind: kind), kind: kind, task: task)
        part.agent = child.id
        part.setSpan(first: Self.date(child.created) ?? turns.first?.date, last: Self.date(child.updated) ?? turns.last?.date)
        return part
    }
}
