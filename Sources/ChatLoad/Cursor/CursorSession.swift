import ChatModel
import ChatSupport

/// Reads one Cursor agent transcript (`agent-transcripts/<id>/<id>.jsonl`): one JSON object a
/// line, appended as the agent works, with no ids, no timestamps, no model and no token counts.
/// (A plain-text transcript, `<id>.txt`, is read into the same session: see
/// `CursorSession+PlainText.swift`.)
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
struct CursorSession: AgentLogSession {
    let includeSystem: Bool
    var log: SessionBuilder<Call>

    /// Whether any `turn_ended` was seen (older builds write none).
    var sawTurnEnd = false
    /// Whether the last record read closed a turn.
    var turnOpen = false
    /// The sub-agents' transcripts beside this one, each shown once at the call that started it.
    var children: [CursorSession] = []

    /// A tool call: its name and input, and the output where the log has one. Calls are
    /// numbered in order (`"1"`, `"2"` …): the log has no ids, a result goes to the last call
    /// without one.
    struct Call {
        var name: String
        var input: JSONNode?
        var line: Int
        var result: String?
        var status: ToolStatus = .ok
    }

    init(file: String, includeSystem: Bool) {
        self.includeSystem = includeSystem
        log = SessionBuilder(file: file)
        log.projectLabel = "Workspace"
    }

    // MARK: - Lines

    mutating func didRead() {
        // A turn still open at the end: its last call had not finished when the log stopped.
        if sawTurnEnd, turnOpen, let id = lastCallInReply(), log.calls[id]?.result == nil { log.calls[id]?.status = .running }
    }

    mutating func readLine(_ node: JSONNode, line: Int) {
        if let type = InputProbe.string(node, "type") {
            if type == "turn_ended" { endTurn(node) } else { log.note("line type", type, line: line) }
            return
        }
        guard let role = InputProbe.string(node, "role") else {
            log.note("line type", "(none)", line: line)
            return
        }
        let content = node["message"]?["content"]
        switch role {
        case "user": readUser(content, line: line)
        case "assistant": readAssistant(content, line: line)
        default: log.note("role", role, line: line)
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
            case let other: log.note("content type", other ?? "(none)", line: line)
            }
        }
        guard !texts.isEmpty else { return }
        let (query, date) = CursorTools.prompt(texts.joined(separator: "\n\n"))
        if let date { log.noteDate(date) }
        guard !query.isEmpty else { return }
        log.prompt(query, date: date ?? log.lastDate)
        turnOpen = true
    }

    mutating func readAssistant(_ content: JSONNode?, line: Int) {
        turnOpen = true
        for block in Self.blocks(content) {
            if case .string(let text) = block.value { addReplyText(text); continue }
            switch InputProbe.string(block, "type") {
            case "text":
                addReplyText(InputProbe.string(block, "text") ?? "")
            case "tool_use":
                log.call("\(log.calls.count + 1)", Call(name: InputProbe.string(block, "name") ?? "tool", input: block["input"], line: line))
            case "thinking", "reasoning":
                let text = (InputProbe.string(block, "thinking") ?? InputProbe.string(block, "text") ?? "").trimmingASCIIWhitespace()
                if text.isEmpty || text == CursorTools.redacted { hideReasoning() } else { log.reply(.part(.thinking(ThinkingPart(text: text)))) }
            case "redacted", "redacted_thinking":
                hideReasoning()
            case "tool_result", "command_output":
                attachResult(block, line: line)
            case let other:
                log.note("content type", other ?? "(none)", line: line)
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
        if !visible.isEmpty { log.reply(.part(.text(visible))) }
        if hidden { hideReasoning() }
    }

    /// Reasoning the log does not hold: one note where it was, not one per marker in a row.
    mutating func hideReasoning() {
        if log.drafts.last?.role == .assistant, case .part(.thinking(CursorTools.hiddenReasoning))? = log.drafts.last?.items.last { return }
        log.reply(.thinking(CursorTools.hiddenReasoning))
    }

    /// A tool's output: to the last call that has none (the log has no ids to pair them by).
    mutating func attachResult(_ block: JSONNode, line: Int) {
        guard let id = (0..<log.calls.count).reversed().lazy.map({ "\($0 + 1)" }).first(where: { log.calls[$0]?.result == nil }) else {
            log.note("tool result for no call in the log", "", line: line)
            return
        }
        var text = ""
        for part in Self.blocks(block["content"] ?? block["output"]) {
            if case .string(let value) = part.value { text += value } else if let value = InputProbe.string(part, "text") { text += value }
        }
        log.calls[id]?.result = text
        if block["is_error"]?.value == .bool(true) { log.calls[id]?.status = .error }
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
            log.reply(.part(.notice(notice)))
        default:
            markStopped()
            let message = error ?? "The turn ended with status \(status)"
            log.reply(.part(.notice(NoticePart(kind: .error, text: SessionText.oneLine(message), detail: message.count > 200 ? message : nil))))
        }
    }

    mutating func markStopped() {
        if let id = lastCallInReply(), log.calls[id]?.result == nil { log.calls[id]?.status = .error }
    }

    /// The reply's last call, when the reply ends with it.
    func lastCallInReply() -> String? {
        guard let draft = log.drafts.last, draft.role == .assistant else { return nil }
        for item in draft.items.reversed() {
            switch item {
            case .call(let id): return id
            case .part(.text): return nil
            case .part: continue
            }
        }
        return nil
    }

    // MARK: - Turns

    /// A call's parts; a `Task`/`Subagent` call whose sub-agent's transcript is beside this one,
    /// that transcript.
    mutating func parts(for call: Call, id: String, once: Bool) -> [TurnPart] {
        if CursorTools.agentTools.contains(call.name.lowercased()), let transcript = agentTranscript(call) { return [.transcript(transcript)] }
        return CursorTools.parts(for: call)
    }

    /// The sub-agent a `Task`/`Subagent` call started: the child transcript whose first prompt is
    /// the call's `prompt` (the only link the logs have), taken once.
    mutating func agentTranscript(_ call: Call) -> TranscriptPart? {
        guard let input = call.input, let prompt = InputProbe.string(input, "prompt")?.trimmingASCIIWhitespace(), !prompt.isEmpty,
            let index = children.firstIndex(where: { $0.log.firstPrompt == prompt })
        else { return nil }
        var child = children.remove(at: index)
        let turns = child.turns()
        log.diagnostics += child.log.diagnostics
        let kind = InputProbe.string(input, "subagent_type").flatMap { $0.isEmpty ? nil : $0 }
        let description = InputProbe.string(input, "description").flatMap { $0.isEmpty ? nil : $0 }
        let messages = SubAgentTranscript.messages(turns, prefix: "a\(call.line)", caller: "Cursor", kind: kind)
        guard !messages.isEmpty else { return nil }
        var transcript = SubAgentTranscript.make(messages, kind: kind, task: description)
        // Cursor's only times are its prompts' (`<timestamp>`, to the minute): the sub-agent's
        // start, never its end. Nothing else bounds it well enough for a timeline row: its steps
        // carry no time; the parent's next prompt may come hours later; the file's modification
        // time changes with every copy (and a page would then differ from machine to machine);
        // and a sibling's start says nothing, since Cursor runs sub-agents side by side.
        transcript.setSpan(first: child.log.firstDate, last: nil)
        return transcript
    }
}
