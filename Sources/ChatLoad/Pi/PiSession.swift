import ChatModel
import ChatSupport

/// Reads one Pi session log (Pi, Oh My Pi, OpenClaw): one JSON object a line, appended as the
/// session runs.
///
/// - The first line is the header, `{"type": "session", "version", "id", "timestamp", "cwd",
///   "title"?, "parentSession"?}`. Every other line is an entry `{"type", "id", "parentId",
///   "timestamp", …}`; the entries are a tree by `parentId`. Going back to an earlier entry
///   (`/tree`, a rewound prompt) makes a second child of it, and the log goes on from there: the
///   page shows the path to the last entry written (where the person left it) and each other
///   branch where it parts from that path (see ``ConversationBranches``). Version 1 logs have no
///   ids: one thread.
/// - `message` entries hold a message by `role`: `user` (text and images), `assistant` (blocks
///   `text`, `thinking`, `toolCall` {id, name, arguments}; `provider`, `model`, `usage` {input,
///   output, cacheRead, cacheWrite, cost {total}}, `stopReason`, and `errorMessage` when it
///   stopped on an error), `toolResult` (`toolCallId`, `content`, `isError`, `details`),
///   `bashExecution` (a command the person ran with `!`), `custom` (an extension's message),
///   `branchSummary` and `compactionSummary`.
/// - `model_change` names the model from then on; `compaction` and `branch_summary` are shown
///   as notices with their summaries; `session_info` names the session. Extension state
///   (`custom`), labels, thinking levels and Oh My Pi's rule and mode records are bookkeeping.
///
/// Tolerant: a line that is not JSON, or an entry, role or block of a kind not known, is a
/// warning naming the file and line, once per kind with a count; the rest renders.
struct PiSession: AgentLogSession {
    var log: SessionBuilder<Call>
    /// The app that wrote the log, and OpenClaw's agent: the page's first fact.
    let app: (name: String, agent: String?)
    var sawHeader = false
    var sawEntry = false
    /// The entries as a tree by `parentId`, and the last written: the path to it is shown.
    var tree = ConversationBranches()
    var lastEntry: String?

    /// A tool call and, once it came, its result.
    struct Call {
        var name: String
        var arguments: JSONNode?
        var result: String?
        var failed = false
        var details: JSONNode?
        /// The reply stopped (an error, the person's Escape) before the result came.
        var stopped = false
    }

    init(file: String, app: (name: String, agent: String?)) {
        self.app = app
        log = SessionBuilder(file: file)
        log.unknown.unit = "line"
    }

    mutating func parts(for call: Call, id: String, once: Bool) -> [TurnPart] {
        PiTools.parts(for: call, cwd: log.project)
    }

    // MARK: - Lines

    /// Entries that change nothing shown: an extension's state, a bookmark, the thinking level,
    /// Oh My Pi's injected rules, its start-up record and its modes.
    static let bookkeeping: Set<String> = ["custom", "label", "thinking_level_change", "ttsr_injection", "session_init", "mode_change"]

    mutating func readLine(_ node: JSONNode, line: Int) {
        let type = InputProbe.string(node, "type")
        let date = InputProbe.string(node, "timestamp").flatMap { ChatDate(iso: $0) }
        if type == "session" {
            readHeader(node)
            return
        }
        if let date { log.noteDate(date) }
        let id = InputProbe.string(node, "id")
        let parent = InputProbe.string(node, "parentId")
        // A new reply starts where the entry does not follow the one before it (a branch).
        let follows = parent == nil || parent == lastEntry
        if let id {
            tree.add(id, parent: parent, rank: line)
            lastEntry = id
        }
        sawEntry = true
        let entry = id ?? "l\(line)"
        switch type {
        case "message":
            guard let message = node["message"] else {
                log.note("message entry without a message", "", line: line)
                return
            }
            readMessage(message, entry: entry, follows: follows, date: date, line: line)
        case "model_change":
            // Pi: provider and modelId; Oh My Pi: "provider/model", named as its replies name it.
            if let model = InputProbe.string(node, "modelId"), !model.isEmpty {
                log.useModel(model)
            } else if let model = InputProbe.string(node, "model"), !model.isEmpty {
                log.useModel(model.split(separator: "/", maxSplits: 1).last.map(String.init) ?? model)
            }
        case "compaction":
            let summary = InputProbe.string(node, "summary")
            var notice = NoticePart(kind: .compacted, text: "Conversation compacted", detail: summary.flatMap { $0.isEmpty ? nil : $0 })
            notice.phrase = UIPhrase(.conversationCompacted)
            add([.notice(notice)], entry: entry, follows: follows, date: date)
        case "branch_summary":
            add([branchSummary(InputProbe.string(node, "summary"))], entry: entry, follows: follows, date: date)
        case "custom_message":
            if let part = customMessage(node) { add([part], entry: entry, follows: follows, date: date) }
        case "session_info":
            if let name = InputProbe.string(node, "name"), !name.isEmpty { log.title = name }
        case let type?:
            if Self.bookkeeping.contains(type) { return }
            log.note("entry type", type, line: line)
        case nil:
            log.note("entry type", "(none)", line: line)
        }
    }

    mutating func readHeader(_ header: JSONNode) {
        sawHeader = true
        if let cwd = InputProbe.string(header, "cwd"), !cwd.isEmpty { log.project = cwd }
        if let date = InputProbe.string(header, "timestamp").flatMap({ ChatDate(iso: $0) }), log.firstDate == nil { log.noteDate(date) }
        if let title = InputProbe.string(header, "title"), !title.isEmpty { log.title = title }
    }

    // MARK: - Messages

    mutating func readMessage(_ message: JSONNode, entry: String, follows: Bool, date: ChatDate?, line: Int) {
        switch InputProbe.string(message, "role") {
        case "user":
            let (text, attachments) = userContent(message["content"], entry: entry, line: line)
            guard !text.isEmpty || !attachments.isEmpty else { return }
            log.prompt(text, date: date, attachments: attachments, id: entry)
        case "assistant":
            readAssistant(message, entry: entry, follows: follows, date: date, line: line)
        case "toolResult":
            guard let id = InputProbe.string(message, "toolCallId"), log.calls[id] != nil else {
                log.note("result of a call not in the log", "", line: line)
                return
            }
            log.calls[id]!.result = blockText(message["content"])
            log.calls[id]!.failed = message["isError"]?.value == .bool(true)
            log.calls[id]!.details = message["details"]
            log.calls[id]!.stopped = false
        case "bashExecution":
            let command = InputProbe.string(message, "command") ?? ""
            let output = InputProbe.string(message, "output") ?? ""
            var part = NoticePart(kind: .command, text: "!" + SessionText.oneLine(command), detail: output.isEmpty ? nil : SessionText.plain(output))
            if message["cancelled"]?.value == .bool(true) { part.text += " (cancelled)" }
            add([.notice(part)], entry: entry, follows: follows, date: date)
        case "custom", "hookMessage":
            if let part = customMessage(message) { add([part], entry: entry, follows: follows, date: date) }
        case "branchSummary":
            add([branchSummary(InputProbe.string(message, "summary"))], entry: entry, follows: follows, date: date)
        case "compactionSummary":
            var notice = NoticePart(kind: .compacted, text: "Conversation compacted", detail: InputProbe.string(message, "summary"))
            notice.phrase = UIPhrase(.conversationCompacted)
            add([.notice(notice)], entry: entry, follows: follows, date: date)
        case let role:
            log.note("message role", role ?? "(none)", line: line)
        }
    }

    mutating func readAssistant(_ message: JSONNode, entry: String, follows: Bool, date: ChatDate?, line: Int) {
        let model = InputProbe.string(message, "model").flatMap { $0.isEmpty ? nil : $0 }
        if let model { log.useModel(model) }
        var items: [SessionBuilder<Call>.Item] = []
        var calls: [String] = []
        if case .array(let blocks)? = message["content"]?.value {
            for block in blocks {
                switch InputProbe.string(block, "type") {
                case "text":
                    if let text = InputProbe.string(block, "text"), !text.trimmingASCIIWhitespace().isEmpty { items.append(.part(.text(text))) }
                case "thinking":
                    if let text = InputProbe.string(block, "thinking"), !text.trimmingASCIIWhitespace().isEmpty {
                        items.append(.part(.thinking(ThinkingPart(text: text, summary: PiTools.heading(text)))))
                    }
                case "toolCall":
                    let id = InputProbe.string(block, "id") ?? "\(entry)-\(calls.count + 1)"
                    if log.calls.updateValue(Call(name: InputProbe.string(block, "name") ?? "tool", arguments: block["arguments"]), forKey: id) != nil {
                        log.repeatedCalls.insert(id)
                    }
                    calls.append(id)
                    items.append(.call(id))
                case "image":
                    items.append(.part(.notice(NoticePart(kind: .info, text: "An image the model made (not kept in the log)"))))
                case let type:
                    log.note("content block", type ?? "(none)", line: line)
                }
            }
        }
        switch InputProbe.string(message, "stopReason") {
        case "error":
            let text = InputProbe.string(message, "errorMessage") ?? "The reply stopped on an error"
            items.append(
                .part(.notice(NoticePart(kind: .error, text: SessionText.oneLine(text), detail: text.count > 200 || text.contains("\n") ? text : nil))))
            for id in calls { log.calls[id]?.stopped = true }
        case "aborted":
            var notice = NoticePart(kind: .interrupted, text: "Interrupted")
            if let text = InputProbe.string(message, "errorMessage"), !text.isEmpty, text != "Request was aborted" { notice.detail = text }
            items.append(.part(.notice(notice)))
            for id in calls { log.calls[id]?.stopped = true }
        default:
            break
        }
        var spent: TokenUsage?
        if let usage = message["usage"] {
            func count(_ key: String) -> Tally { log.tallies.countOrZero(usage[key], line: line, path: "message.usage.\(key)") }
            var one = TokenUsage(input: count("input"), output: count("output"), cacheRead: count("cacheRead"), cacheWrite: count("cacheWrite"))
            log.tokens = log.tokens + one
            one.context = one.total
            if case .number(let cost, _)? = usage["cost"]?["total"]?.value, cost > 0, cost <= 1e9 { one.recordedCost = cost }
            spent = one
        }
        guard !items.isEmpty || spent != nil else { return }
        // Consecutive replies are one turn (a tool's result between them), unless this one
        // starts a branch.
        if !follows || log.drafts.last?.role != .assistant {
            log.drafts.append(SessionBuilder<Call>.Draft(id: entry, role: .assistant, date: date, model: model ?? log.model))
        }
        let last = log.drafts.count - 1
        log.drafts[last].items += items
        if let spent { log.drafts[last].usage = log.drafts[last].usage.map { $0.adding(spent) } ?? spent }
    }

    /// Parts that are not the model's words (notices): in the reply being written, or a new one
    /// where the entry starts a branch.
    mutating func add(_ parts: [TurnPart], entry: String, follows: Bool, date: ChatDate?) {
        guard !parts.isEmpty else { return }
        if !follows || log.drafts.last?.role != .assistant {
            log.drafts.append(SessionBuilder<Call>.Draft(id: entry, role: .assistant, date: date, model: log.model))
        }
        log.drafts[log.drafts.count - 1].items += parts.map { .part($0) }
    }

    /// What the person left behind on another branch, as `/tree` summarised it.
    func branchSummary(_ summary: String?) -> TurnPart {
        .notice(NoticePart(kind: .info, text: "Summary of the branch left", detail: summary.flatMap { $0.isEmpty ? nil : $0 }))
    }

    /// An extension's message, shown when it shows in the app (`display`).
    func customMessage(_ node: JSONNode) -> TurnPart? {
        guard node["display"]?.value != .bool(false) else { return nil }
        let text = blockText(node["content"]) ?? ""
        guard !text.isEmpty else { return nil }
        let kind = InputProbe.string(node, "customType").map { "\($0): " } ?? ""
        return .notice(NoticePart(kind: .info, text: kind + SessionText.oneLine(text), detail: text.count > 200 || text.contains("\n") ? text : nil))
    }

    /// The person's words and images: `content` is a string or text and image blocks.
    mutating func userContent(_ content: JSONNode?, entry: String, line: Int) -> (String, [ImportedAttachment]) {
        guard let content else { return ("", []) }
        if case .string(let text) = content.value { return (text.trimmingASCIIWhitespace(), []) }
        guard case .array(let blocks) = content.value else { return ("", []) }
        var texts: [String] = []
        var attachments: [ImportedAttachment] = []
        for block in blocks {
            switch InputProbe.string(block, "type") {
            case "text":
                if let text = InputProbe.string(block, "text") { texts.append(text) }
            case "image":
                let declared = InputProbe.string(block, "mimeType")
                let bytes = InputProbe.string(block, "data").flatMap(InlineData.decodeBase64)
                let type = bytes.map { InlineData.contentType(declared: declared, bytes: $0) } ?? declared ?? "image/png"
                let index = attachments.count + 1
                attachments.append(
                    ImportedAttachment(
                        id: "\(entry)-a\(index)", name: InlineData.defaultName("image", index: index, contentType: type), contentType: type,
                        byteCount: Int64(bytes?.count ?? 0), content: bytes.map { .bytes($0) } ?? .unavailable))
            case let type:
                log.note("content block", type ?? "(none)", line: line)
            }
        }
        return (texts.joined(separator: "\n\n").trimmingASCIIWhitespace(), attachments)
    }

    /// The text of a string or of text blocks; nil when there is none.
    func blockText(_ content: JSONNode?) -> String? {
        guard let content else { return nil }
        switch content.value {
        case .string(let text): return text
        case .array(let blocks):
            let texts = blocks.compactMap { InputProbe.string($0, "type") == "text" ? InputProbe.string($0, "text") : nil }
            let images = blocks.filter { InputProbe.string($0, "type") == "image" }.count
            var text = texts.joined(separator: "\n")
            if images > 0 { text += (text.isEmpty ? "" : "\n") + "[\(images) image\(images == 1 ? "" : "s")]" }
            return text
        default: return nil
        }
    }

    // MARK: - The conversation

    /// The turns with each branch beside the path to the last entry, and the header.
    mutating func chat(fallbackTitle: String) -> ImportedChat? {
        var turns = turns()
        if let order = tree.order(turns.map(\.id), leaf: lastEntry, isBranch: { branch in branch.contains { turns[$0].role == .user } }) {
            turns = ConversationBranches.apply(order, to: turns)
        }
        guard var chat = log.chat(turns, fallbackTitle: fallbackTitle) else { return nil }
        if app.name != "Pi" || app.agent != nil {
            chat.facts.insert(ConversationFact(label: "App", value: app.agent.map { "\(app.name) (agent \($0))" } ?? app.name), at: 0)
        }
        return chat
    }
}
