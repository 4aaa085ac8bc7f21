import ChatModel
import ChatSupport

/// Reads one Cursor agent transcript (`agent-transcripts/<id>/<id>.jsonl`): one JSON object a
/// line, appended as the agent works, with no ids, no timestamps, no model and no token counts.
///
/// - `{"role": "user", "message": {"content": …}}` is a prompt. Its text wraps the person's words
///   in `<user_query>`; newer builds put `<timestamp>Friday, Aug 14, 2026, 11:20 AM (UTC+2)</timestamp>`
///   before it, the only clock in the file. Other tags around the query are the editor's context,
///   never the person's words, and are left out.
/// - `{"role": "assistant", …}` is one step of the model: text, `tool_use` blocks (name and input,
///   no id) and reasoning, which the log keeps only as the marker `[REDACTED]`. The steps between
///   two prompts are one reply.
/// - `{"type": "turn_ended", "status": "success" | "aborted" | "error", "error"?}` closes a turn;
///   an aborted turn is "Interrupted by the person", an error an error notice.
/// - Tool results are usually not in the log; a `tool_result` block, where one is, goes to the
///   last call without one.
///
/// Tolerant: a line that is not JSON, or an unknown line, role or block type, is a warning naming
/// the file and line, given once per kind with a count; the rest renders.
struct CursorSession {
    let file: String
    let includeSystem: Bool
    var diagnostics: [Diagnostic] = []

    var firstDate: ChatDate?
    var lastDate: ChatDate?
    var firstPrompt: String?
    /// Whether any `turn_ended` was seen (older builds write none).
    var sawTurnEnd = false
    /// Whether the last record read closed a turn.
    var turnOpen = false
    /// The sub-agents' transcripts beside this one, each shown once at the call that started it.
    var children: [CursorSession] = []

    struct Draft {
        var id: String
        var role: Message.Role
        var text: String = ""
        var date: ChatDate?
        var items: [Item] = []
    }
    enum Item { case part(TurnPart), call(Int), reasoningHidden }
    var drafts: [Draft] = []

    /// A tool call: its name and input, and the output where the log has one.
    struct Call {
        var name: String
        var input: JSONNode?
        var line: Int
        var result: String?
        var status: ToolStatus = .ok
    }
    var calls: [Call] = []

    private var unknown: [String: (count: Int, line: Int)] = [:]
    private var unknownOrder: [String] = []

    init(file: String, includeSystem: Bool) {
        self.file = file
        self.includeSystem = includeSystem
    }

    // MARK: - Lines

    mutating func read(_ bytes: UnsafeBufferPointer<UInt8>) {
        var found: [Diagnostic] = []
        SessionLog.objects(in: bytes, file: file, diagnostics: &found) { node, line in readLine(node, line: line) }
        diagnostics += found
        // A turn still open at the end: its last call had not finished when the log stopped.
        if sawTurnEnd, turnOpen, let index = lastCallInReply(), calls[index].result == nil { calls[index].status = .running }
    }

    mutating func readLine(_ node: JSONNode, line: Int) {
        if let type = InputProbe.string(node, "type") {
            if type == "turn_ended" { endTurn(node) } else { note("line type", type, line: line) }
            return
        }
        guard let role = InputProbe.string(node, "role") else {
            note("line type", "(none)", line: line)
            return
        }
        let content = node["message"]?["content"]
        switch role {
        case "user": readUser(content, line: line)
        case "assistant": readAssistant(content, line: line)
        default: note("role", role, line: line)
        }
    }

    mutating func note(_ kind: String, _ name: String, line: Int) {
        let key = "\(kind) \u{1F}\(name)"
        if let seen = unknown[key] {
            unknown[key] = (seen.count + 1, seen.line)
        } else {
            unknown[key] = (1, line)
            unknownOrder.append(key)
        }
    }

    /// The blocks of a message: an array of blocks, or one text.
    static func blocks(_ content: JSONNode?) -> [JSONNode] {
        guard let content else { return [] }
        switch content.value {
        case .array(let blocks): return blocks
        case .string: return [content]
        default: return []
        }
    }

    mutating func readUser(_ content: JSONNode?, line: Int) {
        var texts: [String] = []
        for block in Self.blocks(content) {
            if case .string(let text) = block.value { texts.append(text); continue }
            switch InputProbe.string(block, "type") {
            case "text": if let text = InputProbe.string(block, "text") { texts.append(text) }
            case "tool_result", "command_output": attachResult(block, line: line)
            case let other: note("content type", other ?? "(none)", line: line)
            }
        }
        guard !texts.isEmpty else { return }
        let (query, date) = CursorTools.prompt(texts.joined(separator: "\n\n"))
        if let date {
            if firstDate == nil { firstDate = date }
            lastDate = date
        }
        guard !query.isEmpty else { return }
        if firstPrompt == nil { firstPrompt = query }
        drafts.append(Draft(id: "t\(drafts.count + 1)", role: .user, text: query, date: date ?? lastDate))
        turnOpen = true
    }

    mutating func readAssistant(_ content: JSONNode?, line: Int) {
        turnOpen = true
        for block in Self.blocks(content) {
            if case .string(let text) = block.value { addText(text); continue }
            switch InputProbe.string(block, "type") {
            case "text":
                addText(InputProbe.string(block, "text") ?? "")
            case "tool_use":
                calls.append(Call(name: InputProbe.string(block, "name") ?? "tool", input: block["input"], line: line))
                reply(.call(calls.count - 1))
            case "thinking", "reasoning":
                let text = (InputProbe.string(block, "thinking") ?? InputProbe.string(block, "text") ?? "").trimmingASCIIWhitespace()
                if text.isEmpty || text == CursorTools.redacted { hideReasoning() } else { reply(.part(.thinking(ThinkingPart(text: text)))) }
            case "redacted", "redacted_thinking":
                hideReasoning()
            case "tool_result", "command_output":
                attachResult(block, line: line)
            case let other:
                note("content type", other ?? "(none)", line: line)
            }
        }
    }

    /// Text, with the `[REDACTED]` marker of reasoning taken out (shown as one note instead).
    mutating func addText(_ text: String) {
        var visible = text.trimmingASCIIWhitespace()
        var hidden = false
        while visible.hasPrefix(CursorTools.redacted) {
            visible = String(visible.dropFirst(CursorTools.redacted.count)).trimmingASCIIWhitespace()
            hidden = true
        }
        if hidden { hideReasoning() }
        hidden = false
        while visible.hasSuffix(CursorTools.redacted) {
            visible = String(visible.dropLast(CursorTools.redacted.count)).trimmingASCIIWhitespace()
            hidden = true
        }
        if !visible.isEmpty { reply(.part(.text(visible))) }
        if hidden { hideReasoning() }
    }

    /// Reasoning the log does not hold: one note where it was, not one per marker in a row.
    mutating func hideReasoning() {
        if drafts.last?.role == .assistant, case .reasoningHidden? = drafts.last?.items.last { return }
        reply(.reasoningHidden)
    }

    /// A tool's output: to the last call that has none (the log has no ids to pair them by).
    mutating func attachResult(_ block: JSONNode, line: Int) {
        guard let index = calls.lastIndex(where: { $0.result == nil }) else {
            note("tool result for no call in the log", "", line: line)
            return
        }
        var text = ""
        for part in Self.blocks(block["content"] ?? block["output"]) {
            if case .string(let value) = part.value { text += value } else if let value = InputProbe.string(part, "text") { text += value }
        }
        calls[index].result = text
        if block["is_error"]?.value == .bool(true) { calls[index].status = .error }
    }

    /// `turn_ended`: an aborted turn is an interruption, an error an error notice; the call the
    /// turn stopped at is marked as failed.
    mutating func endTurn(_ node: JSONNode) {
        sawTurnEnd = true
        turnOpen = false
        let status = InputProbe.string(node, "status") ?? ""
        let error = InputProbe.string(node, "error").flatMap { $0.isEmpty ? nil : $0 }
        switch status {
        case "success", "completed", "":
            return
        case "aborted", "cancelled", "canceled":
            markStopped()
            var notice = NoticePart(kind: .interrupted, text: "Interrupted by the person")
            notice.phrase = UIPhrase(.interruptedByPerson)
            reply(.part(.notice(notice)))
        default:
            markStopped()
            let message = error ?? "The turn ended with status \(status)"
            reply(.part(.notice(NoticePart(kind: .error, text: SessionText.oneLine(message), detail: message.count > 200 ? message : nil))))
        }
    }

    mutating func markStopped() {
        if let index = lastCallInReply(), calls[index].result == nil { calls[index].status = .error }
    }

    /// The reply's last call, when the reply ends with it.
    func lastCallInReply() -> Int? {
        guard let draft = drafts.last, draft.role == .assistant else { return nil }
        for item in draft.items.reversed() {
            switch item {
            case .call(let index): return index
            case .reasoningHidden: continue
            case .part(.text): return nil
            case .part: continue
            }
        }
        return nil
    }

    /// Adds to the reply being written: the last draft when it is the assistant's, else a new one.
    mutating func reply(_ item: Item) {
        if drafts.last?.role != .assistant {
            drafts.append(Draft(id: "t\(drafts.count + 1)", role: .assistant, date: lastDate))
        }
        drafts[drafts.count - 1].items.append(item)
    }

    // MARK: - Turns

    func unknownWarnings() -> [Diagnostic] {
        unknownOrder.map { key in
            let (count, line) = unknown[key]!
            let parts = key.split(separator: "\u{1F}", omittingEmptySubsequences: false)
            let kind = String(parts[0]).trimmingASCIIWhitespace(), name = parts.count > 1 ? String(parts[1]) : ""
            let times = count == 1 ? "1 line" : "\(count) lines, the first"
            let what = name.isEmpty ? kind : "unknown \(kind) \(Diagnostic.quote(name))"
            return Diagnostic(
                .warning, file: file, location: SourceLocation(line: line),
                message: "\(what) (\(times) here); left out, the rest is read")
        }
    }

    /// The turns, with each sub-agent's transcript at the call that started it.
    mutating func turns() -> [ImportedTurn] {
        var turns: [ImportedTurn] = []
        for draft in drafts {
            if draft.role == .user {
                turns.append(ImportedTurn(id: draft.id, role: .user, text: draft.text, date: draft.date))
                continue
            }
            var parts: [TurnPart] = []
            for item in draft.items {
                switch item {
                case .part(let part): parts.append(part)
                case .reasoningHidden: parts.append(.thinking(CursorTools.hiddenReasoning))
                case .call(let index):
                    let call = calls[index]
                    if CursorTools.agentTools.contains(call.name.lowercased()), let transcript = agentTranscript(call) {
                        parts.append(.transcript(transcript))
                    } else {
                        parts += CursorTools.parts(for: call)
                    }
                }
            }
            guard !parts.isEmpty else { continue }
            var turn = ImportedTurn(id: draft.id, role: .assistant, text: "", date: draft.date)
            turn.parts = parts
            turns.append(turn)
        }
        diagnostics += unknownWarnings()
        return turns
    }

    /// The sub-agent a `Task`/`Subagent` call started: the child transcript whose first prompt is
    /// the call's `prompt` (the only link the logs have), taken once.
    mutating func agentTranscript(_ call: Call) -> TranscriptPart? {
        guard let input = call.input, let prompt = InputProbe.string(input, "prompt")?.trimmingASCIIWhitespace(), !prompt.isEmpty,
            let index = children.firstIndex(where: { $0.firstPrompt == prompt })
        else { return nil }
        var child = children.remove(at: index)
        let turns = child.turns()
        diagnostics += child.diagnostics
        let kind = InputProbe.string(input, "subagent_type").flatMap { $0.isEmpty ? nil : $0 }
        let description = InputProbe.string(input, "description").flatMap { $0.isEmpty ? nil : $0 }
        let messages = turns.map { turn -> Message in
            var message = Message(id: "a\(call.line)-\(turn.id)", role: turn.role, text: turn.parts.isEmpty ? turn.text : "", date: turn.date)
            message.parts = turn.parts
            if turn.role == .user {
                message.speaker = "Cursor"
            } else {
                message.speaker = kind.map { "\($0) agent" } ?? "Sub-agent"
                message.speakerPhrase = kind.map { UIPhrase(.agentOfKind, ["kind": $0]) } ?? UIPhrase(.subAgent)
            }
            return message
        }
        guard !messages.isEmpty else { return nil }
        let who = kind.map { "\($0) agent" } ?? "Agent"
        var transcript = TranscriptPart(title: description.map { "\(who): \($0)" } ?? who, messages: messages)
        // Cursor's only times are its prompts' (`<timestamp>`, to the minute): the sub-agent's
        // start, never its end. Nothing else bounds it well enough for a timeline row: its steps
        // carry no time; the parent's next prompt may come hours later; the file's modification
        // time changes with every copy (and a page would then differ from machine to machine);
        // and a sibling's start says nothing, since Cursor runs sub-agents side by side.
        transcript.setSpan(first: child.firstDate, last: nil)
        switch (kind, description) {
        case let (kind?, task?): transcript.phrase = UIPhrase(.agentOfKindTask, ["kind": kind, "task": task])
        case let (kind?, nil): transcript.phrase = UIPhrase(.agentOfKind, ["kind": kind])
        case let (nil, task?): transcript.phrase = UIPhrase(.agentTask, ["task": task])
        case (nil, nil): transcript.phrase = UIPhrase(.agentGeneric)
        }
        return transcript
    }

    mutating func chat(fallbackTitle: String, workspace: String?) -> ImportedChat? {
        let turns = turns()
        guard turns.contains(where: { $0.role == .user || !$0.parts.isEmpty }) else { return nil }
        var chat = ImportedChat(title: firstPrompt.map(SessionText.titleLine) ?? fallbackTitle, date: firstDate, turns: turns)
        var facts: [ConversationFact] = []
        if let workspace { facts.append(ConversationFact(label: "Workspace", value: workspace)) }
        if let first = firstDate, let last = lastDate { facts.append(SessionText.timeFact(first, last)) }
        chat.facts = facts
        chat.project = workspace
        return chat
    }
}
