import ChatModel
import ChatSupport

/// One thread of Zed's agent as a conversation. Zed has saved its threads in three shapes, each
/// read here (a `version` not listed is read as the shape it has, with one warning):
///
/// | thread (`version`) | message | becomes |
/// | --- | --- | --- |
/// | 0.3.0 (`title`) | `{"User": {"id", "content"}}`: `Text`, `Mention` (`uri`, `content`), `Image` | the prompt; a mention as `@name`; an image as a photo |
/// | 0.3.0 | `{"Agent": {"content", "tool_results"}}`: `Text`, `Thinking` (`text`), `RedactedThinking`, `ToolUse` (`id`, `name`, `input`) | the reply's text, thinking, and each call joined to its result in `tool_results` by id (``ZedTools``) |
/// | 0.3.0 | `"Resume"` | a notice that the agent went on where it left off |
/// | 0.2.0, 0.1.0 (`summary`) | `role`, `segments` (`text`, `thinking`, `RedactedThinking`), `tool_uses`, `tool_results` | the same; 0.1.0's results ride on the next `user` message, joined by id all the same |
/// | none (`summary`) | `role`, `text`, `tool_uses`, `tool_results` | the same |
///
/// Tokens: `cumulative_token_usage` is what every request of the thread spent, added up by
/// Zed; it is the thread's total, carried by its last reply. `request_token_usage` holds each
/// prompt's last request (by the prompt's id; by the reply's position before 0.3.0): the context
/// after that reply. A thread whose cumulative counts are all zero totals its requests instead.
struct ZedSession: AgentSession {
    /// A tool call, and its result once read.
    struct Call {
        var name: String
        var input: JSONNode?
        var result: String?
        var isError = false
        /// The tool's own record of what it did (`output`: an edit's old and new text).
        var output: JSONNode?
        var answered = false
    }

    var log: SessionBuilder<Call>
    var cwd: String?
    /// Each reply's last request (a draft's index, the usage), in the order read.
    var requests: [(draft: Int, usage: TokenUsage)] = []

    /// The thread versions whose shape is known.
    static let versions: Set<String> = ["0.1.0", "0.2.0", "0.3.0"]

    init(file: String) {
        log = SessionBuilder(file: file, versionLabel: nil)
    }

    mutating func parts(for call: Call, id: String, once: Bool) -> [TurnPart] { ZedTools.parts(call, cwd: cwd) }

    static func date(_ text: String?) -> ChatDate? { text.flatMap { ChatDate(iso: $0) } }

    mutating func read(_ thread: ZedStore.Thread) {
        let data = thread.data
        if let version = InputProbe.string(data, "version"), !Self.versions.contains(version) { log.note("thread version", version, line: nil) }
        let title = thread.summary ?? InputProbe.string(data, "title") ?? InputProbe.string(data, "summary")
        log.title = title.flatMap { $0.isEmpty || $0 == "New Thread" ? nil : $0 }
        let worktree = data["initial_project_snapshot"]?["worktree_snapshots"].flatMap { node -> JSONNode? in
            if case .array(let list) = node.value { return list.first }
            return nil
        }
        let folder = thread.folders.flatMap { $0.split(separator: "\n").first.map(String.init) }
        cwd = folder ?? worktree.flatMap { InputProbe.string($0, "worktree_path") }
        log.project = cwd
        log.branch = worktree?["git_state"].flatMap { InputProbe.string($0, "current_branch") ?? InputProbe.string($0, "branch") }
        if let model = data["model"].flatMap({ InputProbe.string($0, "model") }) { log.useModel(model) }
        for when in [thread.created, thread.updated, InputProbe.string(data, "updated_at")] { if let date = Self.date(when) { log.widenSpan(date) } }
        guard case .array(let messages)? = data["messages"]?.value else {
            log.note("thread without messages", "", line: nil)
            return
        }
        let perPrompt = data["request_token_usage"]
        var promptID: String?
        var counted: Set<String> = []
        for (index, message) in messages.enumerated() {
            if case .string(let kind) = message.value {
                if kind == "Resume" {
                    log.reply(.notice(NoticePart(kind: .info, text: "Went on where it left off")))
                } else {
                    log.note("message", kind, line: nil)
                }
                continue
            }
            if let user = message["User"] {
                promptID = InputProbe.string(user, "id")
                readPrompt(user["content"], id: promptID)
            } else if let agent = message["Agent"] {
                readAgent(agent)
                // The prompt's last request: once, after its first reply.
                if let id = promptID, !counted.contains(id), let usage = perPrompt?[id] {
                    counted.insert(id)
                    request(usage, path: "request_token_usage." + id)
                }
            } else if let role = InputProbe.string(message, "role") {
                readLegacy(message, role: role, index: index)
                if role == "assistant", case .array(let list)? = perPrompt?.value, index < list.count {
                    request(list[index], path: "request_token_usage[\(index)]")
                }
            } else {
                log.note("message", message.memberNames.first ?? "(none)", line: nil)
            }
        }
        total(data["cumulative_token_usage"])
    }

    /// A thread's `TokenUsage`: `input_tokens`, `output_tokens`, `cache_read_input_tokens`,
    /// `cache_creation_input_tokens`.
    mutating func usage(_ node: JSONNode, path: String) -> TokenUsage {
        func count(_ key: String) -> Tally { log.tallies.countOrZero(node[key], path: path + "." + key) }
        return TokenUsage(
            input: count("input_tokens"), output: count("output_tokens"), cacheRead: count("cache_read_input_tokens"),
            cacheWrite: count("cache_creation_input_tokens"))
    }

    /// A request's usage, the context after the reply being written.
    mutating func request(_ node: JSONNode, path: String) {
        let spent = usage(node, path: path)
        guard spent.total > 0, log.drafts.last?.role == .assistant else { return }
        requests.append((log.drafts.count - 1, spent))
    }

    /// The thread's totals on its replies: each its context; the last the cumulative counts (or,
    /// when they are zero, each its own request's).
    mutating func total(_ node: JSONNode?) {
        let cumulative = node.map { usage($0, path: "cumulative_token_usage") } ?? TokenUsage()
        let useRequests = cumulative.total == 0
        var seen: Set<Int> = []
        for (draft, spent) in requests {
            var shown = useRequests ? spent : TokenUsage()
            // Replies read as one (0.2.0's messages of one answer) add their requests up.
            if !seen.insert(draft).inserted, let before = log.drafts[draft].usage { shown = before.adding(shown) }
            shown.context = spent.total
            log.drafts[draft].usage = shown
        }
        log.tokens = useRequests ? requests.reduce(TokenUsage()) { $0 + $1.usage } : cumulative
        guard !useRequests, let last = log.drafts.indices.last(where: { log.drafts[$0].role == .assistant }) else { return }
        var shown = cumulative
        shown.context = log.drafts[last].usage?.context
        log.drafts[last].usage = shown
    }

    // MARK: 0.3.0

    mutating func readPrompt(_ content: JSONNode?, id: String?) {
        guard case .array(let chunks)? = content?.value else { return }
        var text = ""
        var attachments: [ImportedAttachment] = []
        for chunk in chunks {
            let kind = chunk.memberNames.first ?? "(none)"
            switch kind {
            case "Text":
                if let words = InputProbe.string(chunk, "Text") { text += words }
            case "Mention":
                text += ZedTools.mention(chunk["Mention"]?["uri"])
            case "Image":
                if let image = ZedTools.image(chunk["Image"], id: "i\(attachments.count + 1)-\(id ?? "prompt")") { attachments.append(image) }
            default:
                log.note("prompt content", kind, line: nil)
            }
        }
        let prompt = text.trimmingASCIIWhitespace()
        guard !prompt.isEmpty || !attachments.isEmpty else { return }
        log.prompt(prompt, date: nil, attachments: attachments, id: id)
    }

    mutating func readAgent(_ agent: JSONNode) {
        if case .array(let chunks)? = agent["content"]?.value {
            for chunk in chunks {
                let kind = chunk.memberNames.first ?? "(none)"
                switch kind {
                case "Text":
                    if let text = InputProbe.string(chunk, "Text"), !text.trimmingASCIIWhitespace().isEmpty { log.reply(.text(text)) }
                case "Thinking":
                    if let text = chunk["Thinking"].flatMap({ InputProbe.string($0, "text") }), !text.trimmingASCIIWhitespace().isEmpty {
                        log.reply(.thinking(ThinkingPart(text: text)))
                    }
                case "RedactedThinking":
                    log.reply(.thinking(ThinkingPart(text: "The model's reasoning here is redacted: Zed keeps it encrypted.")))
                case "ToolUse":
                    guard let use = chunk["ToolUse"], let id = InputProbe.string(use, "id") else { continue }
                    log.call(
                        id, Call(name: InputProbe.string(use, "name") ?? "tool", input: ZedTools.input(use["input"], raw: InputProbe.string(use, "raw_input"))))
                default:
                    log.note("reply content", kind, line: nil)
                }
            }
        }
        if let results = agent["tool_results"] {
            for key in results.memberNames { if let result = results[key] { answer(result, id: InputProbe.string(result, "tool_use_id") ?? key) } }
        }
    }

    /// A tool result joined to its call (`tool_use_id`, `is_error`, `content`, `output`).
    mutating func answer(_ result: JSONNode, id: String) {
        guard var call = log.calls[id] else {
            log.note("tool result without its call", "", line: nil)
            return
        }
        call.result = ZedTools.text(result["content"])
        call.isError = result["is_error"]?.value == .bool(true)
        call.output = result["output"]
        call.answered = true
        log.calls[id] = call
    }

    // MARK: Before 0.3.0

    mutating func readLegacy(_ message: JSONNode, role: String, index: Int) {
        let id = message["id"].map { node -> String in
            if case .number(let n, _) = node.value, n.isFinite, abs(n) < 1e15 { return "m\(Int(n))" }
            return "m\(index)"
        }
        var texts: [String] = []
        if let text = InputProbe.string(message, "text") { texts.append(text) }
        var parts: [TurnPart] = []
        if case .array(let segments)? = message["segments"]?.value {
            for segment in segments {
                switch InputProbe.string(segment, "type") {
                case "text":
                    if let text = InputProbe.string(segment, "text") { role == "assistant" ? parts.append(.text(text)) : texts.append(text) }
                case "thinking":
                    if let text = InputProbe.string(segment, "text"), !text.trimmingASCIIWhitespace().isEmpty {
                        parts.append(.thinking(ThinkingPart(text: text)))
                    }
                case "RedactedThinking":
                    parts.append(.thinking(ThinkingPart(text: "The model's reasoning here is redacted: Zed keeps it encrypted.")))
                case let other:
                    log.note("segment type", other ?? "(none)", line: nil)
                }
            }
        }
        switch role {
        case "user":
            let hidden = message["is_hidden"]?.value == .bool(true)
            let prompt = texts.joined(separator: "\n\n").trimmingASCIIWhitespace()
            if !hidden, !prompt.isEmpty { log.prompt(prompt, date: nil, id: id) }
        case "assistant":
            for text in texts where !text.trimmingASCIIWhitespace().isEmpty { parts.insert(.text(text), at: 0) }
            for part in parts where !(part.isEmptyText) { log.reply(part) }
            if case .array(let uses)? = message["tool_uses"]?.value {
                for use in uses {
                    guard let callID = InputProbe.string(use, "id") else { continue }
                    log.call(callID, Call(name: InputProbe.string(use, "name") ?? "tool", input: use["input"]))
                }
            }
        case "system":
            return
        default:
            log.note("message role", role, line: nil)
        }
        // 0.1.0 put results on the next user message; later versions on the reply: by id, either way.
        if case .array(let results)? = message["tool_results"]?.value {
            for result in results { if let callID = InputProbe.string(result, "tool_use_id") { answer(result, id: callID) } }
        }
    }
}

extension TurnPart {
    /// A text part of blank text only.
    fileprivate var isEmptyText: Bool {
        if case .text(let text) = self { return text.trimmingASCIIWhitespace().isEmpty }
        return false
    }
}

extension JSONNode {
    /// An object's member names, in order (a Rust enum's variant, as serde writes it, is the one
    /// member's name); none for any other value.
    fileprivate var memberNames: [String] {
        if case .object(let members) = value { return members.map(\.key) }
        return []
    }
}
