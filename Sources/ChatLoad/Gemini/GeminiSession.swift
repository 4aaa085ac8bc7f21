import ChatModel
import ChatSupport

/// Reads one Gemini CLI session as its chat recorder keeps it under
/// `~/.gemini/tmp/<project>/chats/`:
///
/// - `session-<time>-<id>.json`: one object, `{"sessionId", "projectHash", "startTime",
///   "lastUpdated", "summary"?, "messages": [...]}`;
/// - `session-<time>-<id>.jsonl` (newer releases): a header line with the same members, then a
///   line per message, and `{"$set": {"lastUpdated": …}}` lines that update the header.
///
/// A message is `{"id", "timestamp", "type", "content", …}`: `user` (the person), `gemini` (a
/// reply: `content`, `thoughts` [{subject, description}], `toolCalls` [{id, name, args,
/// result [{functionResponse: {response: {output | error}}}], status, resultDisplay,
/// displayName, description}], `tokens` {input, output, cached, thoughts, tool, total}, `model`),
/// and `info`, `warning`, `error` (the CLI's own lines, shown as notices). `content` is a string
/// or a list of parts (`{"text": …}`).
///
/// Also reads a chat saved with `/chat save TAG` (`checkpoint-TAG.json`): the model's history, a
/// list of `{"role": "user" | "model", "parts": [{text} | {thought, text} | {functionCall} |
/// {functionResponse}]}`.
struct GeminiSession: AgentSession {
    var log: SessionBuilder<Never>
    /// Tokens of replies before the first one shown.
    var unshown: TokenUsage?
    /// Whether a reply is Qwen Code's (`"type": "qwen"`): its first releases, a fork of Gemini
    /// CLI, recorded sessions this way, and the page names it.
    var isQwenCode = false
    private var skipsAcknowledgement = false

    init(file: String) {
        log = SessionBuilder(file: file)
        log.inputCountsCacheRead = true
        log.unknown.unit = "message"
    }

    /// A Gemini CLI tool call comes with its result: none waits for one.
    mutating func parts(for call: Never, id: String, once: Bool) -> [TurnPart] {}

    // MARK: - Reading

    /// A whole `.json` session or checkpoint.
    mutating func read(document root: JSONNode) {
        switch root.value {
        case .object:
            // A saved chat since v0.16: {"history": [...], "authType": …}.
            if case .array(let contents)? = root["history"]?.value, root["messages"] == nil {
                for content in contents { readCheckpointContent(content) }
                return
            }
            readHeader(root)
            guard case .array(let messages)? = root["messages"]?.value else {
                log.diagnostics.append(
                    Diagnostic(
                        .warning, file: log.file, location: SourceLocation(line: root.line, column: root.column, jsonPath: "messages"),
                        message: "expected a \"messages\" array; the session has no turns"))
                return
            }
            for message in messages { readMessage(message, line: message.line) }
        case .array(let contents):
            for content in contents { readCheckpointContent(content) }
        default:
            log.diagnostics.append(
                Diagnostic(
                    .warning, file: log.file, location: SourceLocation(line: root.line, column: root.column),
                    message: "expected a session object or a saved chat's list of contents, found \(root.kindDescription)"))
        }
    }

    /// A `.jsonl` session: header, messages and updates, a line each. A message whose `id` was
    /// seen replaces the earlier copy in place (its tokens and tool calls arrive that way);
    /// `{"$rewindTo": id}` drops that message and every later one (the person rewound);
    /// `{"$set": {"messages": [...]}}` rewrites the history the model keeps (after /compress): the
    /// page keeps what the person saw and marks the compaction.
    mutating func read(lines bytes: UnsafeBufferPointer<UInt8>) {
        var messages: [(node: JSONNode, line: Int)] = []
        var positions: [String: Int] = [:]
        defer {
            for message in messages { readMessage(message.node, line: message.line) }
        }
        var found: [Diagnostic] = []
        SessionLog.objects(in: bytes, file: log.file, diagnostics: &found) { node, line in
            if node["$rewindTo"] != nil {
                // An id not found clears everything, as the CLI does.
                let cut = InputProbe.string(node, "$rewindTo").flatMap { positions[$0] } ?? 0
                messages.removeSubrange(cut...)
                positions = positions.filter { $0.value < cut }
                return
            }
            if let id = InputProbe.string(node, "id"), node["type"] != nil {
                if let at = positions[id] { messages[at] = (node, line) } else { positions[id] = messages.count; messages.append((node, line)) }
                return
            }
            if let set = node["$set"] {
                readHeader(set)
                if set["messages"] != nil {
                    let marker = "compaction-\(line)"
                    positions[marker] = messages.count
                    messages.append((JSONNode(.object([("id", JSONNode(.string(marker))), ("type", JSONNode(.string("$compacted")))])), line))
                }
                return
            }
            if node["type"] == nil, node["sessionId"] != nil || node["projectHash"] != nil { readHeader(node); return }
            messages.append((node, line))
        }
        log.diagnostics += found
    }

    mutating func readHeader(_ header: JSONNode) {
        if let start = InputProbe.string(header, "startTime").flatMap({ ChatDate(iso: $0) }), log.firstDate == nil { log.firstDate = start }
        if let updated = InputProbe.string(header, "lastUpdated").flatMap({ ChatDate(iso: $0) }) { log.lastDate = updated }
        if let text = InputProbe.string(header, "summary"), !text.isEmpty { log.title = SessionText.titleLine(text) }
    }

    /// The text of `content`: a string, or a list of parts whose `text` is joined.
    static func text(_ node: JSONNode?) -> String {
        guard let node else { return "" }
        switch node.value {
        case .string(let text): return text
        case .array(let parts):
            return parts.compactMap { part in
                if case .string(let text) = part.value { return text }
                return InputProbe.string(part, "text")
            }.joined()
        case .object: return InputProbe.string(node, "text") ?? ""
        default: return ""
        }
    }

    mutating func readMessage(_ message: JSONNode, line: Int) {
        let date = InputProbe.string(message, "timestamp").flatMap { ChatDate(iso: $0) }
        if let date { log.widenSpan(date) }
        let id = InputProbe.string(message, "id") ?? "t\(log.drafts.count + 1)"
        let text = Self.text(message["content"]).trimmingASCIIWhitespace()
        switch InputProbe.string(message, "type") {
        case "user":
            guard !text.isEmpty else { return }
            log.prompt(text, date: date, id: id)
        case "gemini", "model", "qwen":
            if InputProbe.string(message, "type") == "qwen" { isQwenCode = true }
            var parts: [TurnPart] = []
            if case .array(let thoughts)? = message["thoughts"]?.value, !thoughts.isEmpty {
                let pieces = thoughts.compactMap { thought -> String? in
                    let subject = InputProbe.string(thought, "subject") ?? ""
                    let body = InputProbe.string(thought, "description") ?? ""
                    if subject.isEmpty && body.isEmpty { return nil }
                    return subject.isEmpty ? body : "**\(subject)**\n\n\(body)"
                }
                if !pieces.isEmpty {
                    parts.append(
                        .thinking(ThinkingPart(text: pieces.joined(separator: "\n\n"), summary: thoughts.first.flatMap { InputProbe.string($0, "subject") })))
                }
            }
            if !text.isEmpty { parts.append(.text(text)) }
            if case .array(let calls)? = message["toolCalls"]?.value {
                for call in calls { parts += GeminiTools.parts(for: call) }
            }
            var spent: TokenUsage?
            if let usage = message["tokens"] {
                func count(_ key: String) -> Tally { log.tallies.countOrZero(usage[key], line: line, path: "tokens.\(key)") }
                let input = count("input"), cached = count("cached")
                let output = count("output") + count("thoughts")
                log.tokens = log.tokens + TokenUsage(input: input, output: output, cacheRead: cached)
                // `input` counts the cached tokens too; the context after the reply is both and the reply.
                spent = TokenUsage(input: input - cached, output: output, cacheRead: cached, context: input + output)
            }
            let model = InputProbe.string(message, "model")
            if let model { log.useModel(model) }
            append(parts, date: date, id: id, model: model)
            if let spent {
                // A reply with nothing to show still spent them: the reply before carries them.
                if let last = log.drafts.indices.last(where: { log.drafts[$0].role == .assistant }) {
                    log.drafts[last].usage = log.drafts[last].usage.map { $0.adding(spent) } ?? spent
                } else {
                    unshown = unshown.map { $0.adding(spent) } ?? spent
                }
            }
        case "$compacted":
            var notice = NoticePart(kind: .compacted, text: "Conversation compacted")
            notice.phrase = UIPhrase(.conversationCompacted)
            append([.notice(notice)], date: date, id: id, model: nil)
        case "info", "warning", "error":
            guard !text.isEmpty else { return }
            let kind: NoticeKind = InputProbe.string(message, "type") == "error" ? .error : .info
            append(
                [.notice(NoticePart(kind: kind, text: SessionText.oneLine(text), detail: text.count > 200 || text.contains("\n") ? text : nil))],
                date: date, id: id, model: nil)
        case let other:
            log.note("message type", other ?? "(none)", line: line)
        }
    }

    /// Adds to the reply being written: consecutive replies are one turn, as the CLI shows them.
    mutating func append(_ parts: [TurnPart], date: ChatDate?, id: String, model: String?) {
        guard !parts.isEmpty else { return }
        log.reply(parts, id: id, date: date, model: model)
        if log.drafts[log.drafts.count - 1].model == nil { log.drafts[log.drafts.count - 1].model = model }
    }

    /// A saved chat's `{role, parts}`.
    mutating func readCheckpointContent(_ content: JSONNode) {
        let role = InputProbe.string(content, "role")
        guard case .array(let parts)? = content["parts"]?.value else { return }
        var texts: [String] = []
        var out: [TurnPart] = []
        for part in parts {
            if let text = InputProbe.string(part, "text") {
                if case .bool(true)? = part["thought"]?.value {
                    out.append(.thinking(ThinkingPart(text: text, summary: GeminiTools.heading(text))))
                } else {
                    texts.append(text)
                }
            } else if let call = part["functionCall"] {
                let name = InputProbe.string(call, "name") ?? "tool"
                out.append(.toolCall(ToolCallPart(name: name, title: nil, input: call["args"].map(JSONText.compact), status: .ok)))
            } else if let response = part["functionResponse"] {
                // The result belongs to the call before it: fill the last call of that name without one.
                let name = InputProbe.string(response, "name")
                let output = response["response"].flatMap { InputProbe.string($0, "output") ?? InputProbe.string($0, "error") ?? JSONText.compact($0) }
                if let index = log.drafts.indices.last, log.drafts[index].role == .assistant,
                    let call = log.drafts[index].items.lastIndex(where: {
                        if case .part(.toolCall(let c)) = $0 { return c.result == nil && (name == nil || c.name == name) } else { return false }
                    }),
                    case .part(.toolCall(var found)) = log.drafts[index].items[call]
                {
                    found.result = output
                    if response["response"]?["error"] != nil { found.status = .error }
                    log.drafts[index].items[call] = .part(.toolCall(found))
                }
            }
        }
        let text = texts.joined().trimmingASCIIWhitespace()
        // The first item of a saved chat is the CLI's environment for the model, not the person's
        // (older releases answered it with a fixed acknowledgement, left out with it).
        if role == "user", log.drafts.isEmpty, text.hasPrefix("This is the Gemini CLI.") || text.hasPrefix("<session_context>") {
            skipsAcknowledgement = true
            return
        }
        if skipsAcknowledgement {
            skipsAcknowledgement = false
            if role == "model", text.hasPrefix("Got it. Thanks for the context"), out.isEmpty { return }
        }
        if role == "user" {
            // A user content of function responses only is the tools' answer, not the person.
            if !text.isEmpty { log.prompt(text, date: nil) }
            return
        }
        if !text.isEmpty { out.append(.text(text)) }
        append(out, date: nil, id: "t\(log.drafts.count + 1)", model: nil)
    }

    // MARK: - The conversation

    mutating func chat(fallbackTitle: String, project: String?) -> ImportedChat? {
        if let spent = unshown, let first = log.drafts.indices.first(where: { log.drafts[$0].role == .assistant }) {
            log.drafts[first].usage = spent.adding(log.drafts[first].usage ?? TokenUsage(context: spent.context))
            unshown = nil
        }
        log.project = project
        let made = chat(fallbackTitle: fallbackTitle)
        guard isQwenCode, var chat = made else { return made }
        chat.facts.insert(ConversationFact(label: "App", value: "Qwen Code"), at: 0)
        return chat
    }
}
