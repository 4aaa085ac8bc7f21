import ChatModel
import ChatSupport

/// Reads one Codex CLI rollout (`~/.codex/sessions/YYYY/MM/DD/rollout-<time>-<id>.jsonl`): one
/// JSON object a line, appended as the session runs.
///
/// - Each line is `{"timestamp", "type", "payload"}`: `session_meta` (id, cwd, CLI version,
///   git), `turn_context` (model, cwd, effort, for the turn that follows), `response_item` (what
///   the model saw and said: messages, reasoning, tool calls and their outputs, web searches),
///   `event_msg` (what the CLI showed: token counts, aborted turns, errors, and copies of the
///   messages) and `compacted` (the summary that replaced the history). Rollouts of the first
///   releases have no wrapper: a bare meta line, then bare response items.
/// - The messages are read from `response_item`s; the `event_msg` copies (`user_message`,
///   `agent_message`, `agent_reasoning`) are not shown again. The CLI's own context for the model
///   (`<environment_context>`, `<user_instructions>`, AGENTS.md, developer messages) is not the
///   person's words: instructions become one collapsed notice, the rest is left out.
/// - Everything between two prompts is one reply: reasoning summaries as thinking (encrypted
///   reasoning is noted, never shown), text, shell commands as terminals with their exit codes,
///   `apply_patch` as diffs, web searches, plan updates, other tools as tool calls.
///
/// Tolerant: a line that is not JSON, or an unknown line, item or event type, is a warning
/// naming the file and line, given once per kind with a count; the rest renders.
struct CodexSession {
    let file: String
    let includeSystem: Bool
    var diagnostics: [Diagnostic] = []

    var cwd: String?
    var version: String?
    var branch: String?
    var models: [String] = []
    var model: String?
    var firstDate: ChatDate?
    var lastDate: ChatDate?
    var firstPrompt: String?
    var tokens: (input: Tally, cached: Tally, output: Tally)?
    /// The last running total the log gave (`total_token_usage`), to tell what it grew by.
    var runningTotal: (input: Tally, cached: Tally, output: Tally) = (0, 0, 0)
    /// The counts read, and the warnings for those out of range.
    var tallies: TallyReader
    /// Set from the meta line of a sub-agent's rollout: the agent's name and role.
    var agentName: String?
    var agentRole: String?
    /// The session's thread id (`session_meta.id`), and the thread that spawned it.
    var sessionID: String?
    var parentID: String?
    /// The sub-agents this session spawned whose rollouts were found, by thread id: each shown
    /// at the `spawn_agent` call that started it.
    var children: [String: CodexSession] = [:]

    /// A turn while it is read; replies hold their tool calls by id until the end.
    struct Draft {
        var id: String
        var role: Message.Role
        var text: String = ""
        var date: ChatDate?
        var items: [Item] = []
        var attachments: [ImportedAttachment] = []
        var model: String?
        /// The tokens its API calls used: what the session's running total grew by while it ran.
        var usage: TokenUsage?
    }
    /// A part, or a call by its id. A part is boxed (`indirect`): most items of a long
    /// rollout are calls, and an item then takes a few words, not the size of the largest part.
    enum Item {
        indirect case part(TurnPart)
        case call(String)
    }
    var drafts: [Draft] = []

    /// A tool call and, once it came, its output.
    struct Call {
        var name: String
        var kind: Kind
        var input: String
        var output: String?
        var exitCode: Int?
        var status: ToolStatus?
        enum Kind { case function, custom, localShell, webSearch }
    }
    var calls: [String: Call] = [:]
    /// Calls whose id came again (a call logged twice): every item naming them shows the last.
    var repeatedCalls: Set<String> = []
    var exitCodes: [String: Int] = [:]
    /// Whether ``turns()`` takes each draft's items and each call out of the session as it makes
    /// their turn (a rollout read once, see ``CodexReader/readSession(_:includeSystem:)``), so a
    /// long rollout never holds its read state and all its turns at once. Off for a session that
    /// reads on (a live one's snapshot is a copy, which would copy what it takes out).
    var freesAsTurnsAreMade = false
    private var images = 0

    /// Unknown kinds, counted: "line type", "response item type", "event type", "content type".
    private var unknown: [String: (count: Int, line: Int)] = [:]
    private var unknownOrder: [String] = []

    init(file: String, includeSystem: Bool) {
        self.file = file
        self.includeSystem = includeSystem
        tallies = TallyReader(file: file)
    }

    // MARK: - Lines

    /// Reads `bytes`, the lines after those read before (a live session is read in pieces).
    mutating func read(_ bytes: UnsafeBufferPointer<UInt8>) {
        var found: [Diagnostic] = []
        linesBefore += SessionLog.objects(in: bytes, file: file, linesBefore: linesBefore, diagnostics: &found) { node, line in readLine(node, line: line) }
        diagnostics += found
    }

    /// Lines read by earlier calls of ``read(_:)``.
    private var linesBefore = 0

    mutating func readLine(_ node: JSONNode, line: Int) {
        if let date = InputProbe.string(node, "timestamp").flatMap { ChatDate(iso: $0) } {
            if firstDate == nil { firstDate = date }
            lastDate = date
        }
        let payload = node["payload"]
        switch InputProbe.string(node, "type") {
        case "session_meta": if let payload { readMeta(payload) }
        case "turn_context": if let payload { readContext(payload) }
        case "response_item": if let payload { readItem(payload, line: line) }
        case "event_msg": if let payload { readEvent(payload, line: line) }
        case "compacted": if let payload { readCompacted(payload) }
        case nil:
            // The first releases: a bare meta line, bare items, and `record_type` state lines.
            if node["record_type"] != nil { return }
            if node["id"] != nil, node["timestamp"] != nil, cwd == nil, version == nil, drafts.isEmpty { readMeta(node); return }
            note("line type", "(none)", line: line)
        case let type?:
            if Self.itemTypes.contains(type) { readItem(node, line: line); return }
            note("line type", type, line: line)
        }
    }

    /// What every response item may be; a bare one (first releases) is read as an item.
    static let itemTypes: Set<String> = [
        "message", "reasoning", "function_call", "function_call_output", "custom_tool_call",
        "custom_tool_call_output", "local_shell_call", "web_search_call", "ghost_snapshot",
        "compaction", "compaction_summary", "agent_message", "image_generation_call", "other",
    ]

    mutating func note(_ kind: String, _ name: String, line: Int) {
        let key = "\(kind) \u{1F}\(name)"
        if let seen = unknown[key] {
            unknown[key] = (seen.count + 1, seen.line)
        } else {
            unknown[key] = (1, line)
            unknownOrder.append(key)
        }
    }

    // MARK: - Meta and context

    mutating func readMeta(_ meta: JSONNode) {
        if sessionID == nil, let value = InputProbe.string(meta, "id"), !value.isEmpty { sessionID = value }
        if let value = InputProbe.string(meta, "parent_thread_id"), !value.isEmpty { parentID = value }
        if let value = InputProbe.string(meta, "agent_role") ?? InputProbe.string(meta, "agent_type"), !value.isEmpty { agentRole = value }
        if let value = InputProbe.string(meta, "cwd"), !value.isEmpty { cwd = value }
        if let value = InputProbe.string(meta, "cli_version"), !value.isEmpty { version = value }
        if let git = meta["git"], let value = InputProbe.string(git, "branch"), !value.isEmpty { branch = value }
        if let model = InputProbe.string(meta, "model"), !model.isEmpty { useModel(model) }
        if let date = InputProbe.string(meta, "timestamp").flatMap { ChatDate(iso: $0) }, firstDate == nil { firstDate = date }
        // A sub-agent's rollout says whose it is.
        if let source = meta["source"], let agent = source["subagent"] {
            let spawn = agent["thread_spawn"]
            agentName =
                spawn.flatMap { InputProbe.string($0, "agent_nickname") ?? InputProbe.string($0, "agent_path") }
                ?? InputProbe.string(meta, "agent_nickname") ?? InputProbe.string(agent, "name") ?? "Sub-agent"
            if let spawn, let parent = InputProbe.string(spawn, "parent_thread_id"), !parent.isEmpty { parentID = parent }
            if let spawn, let role = InputProbe.string(spawn, "agent_role"), !role.isEmpty { agentRole = role }
        }
    }

    mutating func readContext(_ context: JSONNode) {
        if let value = InputProbe.string(context, "cwd"), !value.isEmpty, cwd == nil { cwd = value }
        if let model = InputProbe.string(context, "model"), !model.isEmpty { useModel(model) }
    }

    mutating func useModel(_ name: String) {
        model = name
        if !models.contains(name) { models.append(name) }
    }

    // MARK: - Response items

    mutating func readItem(_ item: JSONNode, line: Int) {
        guard let type = InputProbe.string(item, "type") else {
            note("response item type", "(none)", line: line)
            return
        }
        switch type {
        case "message":
            readMessage(item, line: line)
        case "reasoning":
            readReasoning(item)
        case "function_call":
            let id = callID(item, line: line)
            let name = InputProbe.string(item, "name") ?? "tool"
            addCall(id, Call(name: name, kind: .function, input: InputProbe.string(item, "arguments") ?? ""))
        case "custom_tool_call":
            let id = callID(item, line: line)
            let name = InputProbe.string(item, "name") ?? "tool"
            addCall(id, Call(name: name, kind: .custom, input: InputProbe.string(item, "input") ?? ""))
        case "local_shell_call":
            let id = callID(item, line: line)
            var command = ""
            if let action = item["action"], case .array(let words)? = action["command"]?.value {
                command = CodexTools.commandLine(words.compactMap { if case .string(let w) = $0.value { return w } else { return nil } })
            }
            var call = Call(name: "local_shell", kind: .localShell, input: command)
            if let status = InputProbe.string(item, "status"), status == "failed" { call.status = .error }
            addCall(id, call)
        case "web_search_call":
            let action = item["action"]
            let query = action.flatMap { InputProbe.string($0, "query") } ?? action.flatMap { InputProbe.string($0, "url") } ?? ""
            var call = Call(name: "web_search", kind: .webSearch, input: query)
            call.status = InputProbe.string(item, "status") == "failed" ? .error : .ok
            if let actionType = action.flatMap({ InputProbe.string($0, "type") }), actionType != "search" { call.name = "web_search.\(actionType)" }
            let id = InputProbe.string(item, "id") ?? "ws\(calls.count + 1)"
            addCall(id, call)
        case "function_call_output", "custom_tool_call_output":
            guard let id = InputProbe.string(item, "call_id"), calls[id] != nil else {
                note("output for a call not in the log", "", line: line)
                return
            }
            let (text, exit) = CodexTools.output(item["output"])
            calls[id]!.output = text
            if let exit { calls[id]!.exitCode = exit }
        case "ghost_snapshot", "compaction", "compaction_summary", "other":
            // The CLI's undo snapshots and opaque compaction records: nothing a person reads.
            return
        default:
            note("response item type", type, line: line)
        }
    }

    func callID(_ item: JSONNode, line: Int) -> String {
        InputProbe.string(item, "call_id") ?? InputProbe.string(item, "id") ?? "line\(line)"
    }

    mutating func addCall(_ id: String, _ call: Call) {
        if calls.updateValue(call, forKey: id) != nil { repeatedCalls.insert(id) }
        reply(.call(id))
    }

    mutating func readMessage(_ item: JSONNode, line: Int) {
        let role = InputProbe.string(item, "role") ?? ""
        var texts: [String] = []
        var pictures: [ImportedAttachment] = []
        if case .array(let content)? = item["content"]?.value {
            for block in content {
                switch InputProbe.string(block, "type") {
                case "input_text", "output_text", "text":
                    if let text = InputProbe.string(block, "text") { texts.append(text) }
                case "input_image":
                    if let url = InputProbe.string(block, "image_url") { pictures.append(image(url)) }
                case "refusal":
                    if let text = InputProbe.string(block, "refusal") { texts.append(text) }
                case let other:
                    note("content type", other ?? "(none)", line: line)
                }
            }
        } else if let text = InputProbe.string(item, "content") {
            texts.append(text)
        }
        let text = texts.joined(separator: "\n\n")
        switch role {
        case "user":
            if let harness = CodexTools.harness(text) {
                // Instructions and the person's own `!` commands show; the CLI's chatter only with --include-system.
                if case .notice(let notice) = harness, includeSystem || notice.kind == .memory || notice.kind == .command {
                    reply(.part(.notice(notice)))
                }
                return
            }
            let visible = text.trimmingASCIIWhitespace()
            guard !visible.isEmpty || !pictures.isEmpty else { return }
            if firstPrompt == nil, !visible.isEmpty { firstPrompt = visible }
            var draft = Draft(id: "t\(drafts.count + 1)", role: .user, text: visible, date: lastDate)
            draft.attachments = pictures
            drafts.append(draft)
        case "assistant":
            let visible = text.trimmingASCIIWhitespace()
            guard !visible.isEmpty else { return }
            reply(.part(.text(visible)))
        case "developer", "system":
            guard includeSystem, !text.isEmpty else { return }
            reply(.part(.notice(NoticePart(kind: .info, text: "Instructions for the model", detail: text))))
        default:
            note("message role", role, line: line)
        }
    }

    mutating func image(_ url: String) -> ImportedAttachment {
        images += 1
        let id = "i\(images)"
        if InlineData.isDataURL(url), case .success(let data) = InlineData.parseDataURL(url) {
            let type = InlineData.contentType(declared: data.mediaType, bytes: data.bytes)
            return ImportedAttachment(
                id: id, name: InlineData.defaultName("image", index: images, contentType: type), contentType: type,
                byteCount: Int64(data.bytes.count), content: .bytes(data.bytes))
        }
        if url.hasPrefix("https://") || url.hasPrefix("http://") {
            return ImportedAttachment(id: id, name: InlineData.nameFromURL(url), contentType: "image/png", byteCount: 0, content: .remote(url))
        }
        return ImportedAttachment(id: id, name: "image-\(images).png", contentType: "image/png", byteCount: 0, content: .unavailable)
    }

    mutating func readReasoning(_ item: JSONNode) {
        var pieces: [String] = []
        if case .array(let summary)? = item["summary"]?.value {
            for entry in summary { if let text = InputProbe.string(entry, "text"), !text.isEmpty { pieces.append(text) } }
        }
        if pieces.isEmpty, case .array(let content)? = item["content"]?.value {
            for entry in content { if let text = InputProbe.string(entry, "text"), !text.isEmpty { pieces.append(text) } }
        }
        if pieces.isEmpty {
            guard item["encrypted_content"] != nil else { return }
            var thinking = ThinkingPart(text: "", summary: "Reasoning")
            thinking.text = "The model's reasoning is encrypted in the log; only OpenAI can read it."
            reply(.part(.thinking(thinking)))
            return
        }
        let text = pieces.joined(separator: "\n\n")
        reply(.part(.thinking(ThinkingPart(text: text, summary: CodexTools.heading(text)))))
    }

    mutating func readCompacted(_ payload: JSONNode) {
        var notice = NoticePart(
            kind: .compacted, text: "Conversation compacted", detail: InputProbe.string(payload, "message").flatMap { $0.isEmpty ? nil : $0 })
        notice.phrase = UIPhrase(.conversationCompacted)
        reply(.part(.notice(notice)))
    }

    // MARK: - Events

    /// Events the CLI writes that the page shows elsewhere (the items they copy) or not at all.
    static let quietEvents: Set<String> = [
        "user_message", "agent_message", "agent_reasoning", "agent_reasoning_raw_content", "agent_reasoning_section_break",
        "task_started", "task_complete", "turn_started", "turn_complete", "exec_command_begin", "exec_command_output_delta",
        "patch_apply_begin", "patch_apply_end", "mcp_tool_call_begin", "mcp_tool_call_end", "web_search_begin", "web_search_end",
        "turn_diff", "entered_review_mode", "exited_review_mode", "context_compacted", "item_started", "item_completed",
        "plan_update", "view_image_tool_call", "background_event", "stream_error", "warning", "session_configured",
        "mcp_startup_update", "mcp_startup_complete", "list_custom_prompts_response", "get_history_entry_response",
        "shutdown_complete", "undo_started", "undo_completed", "deprecation_notice", "raw_response_item", "agent_message_delta",
        "agent_reasoning_delta", "exec_approval_request", "apply_patch_approval_request", "request_user_input", "thread_rolled_back",
        "collab_agent_spawn_begin", "collab_agent_spawn_end", "collab_agent_interaction_begin", "collab_agent_interaction_end",
        "collab_waiting_begin", "collab_waiting_end", "elicitation_request", "model_reroute", "user_shell_command_begin",
        "sub_agent_activity", "collab_close_begin", "collab_close_end", "collab_resume_begin", "collab_resume_end",
    ]

    mutating func readEvent(_ event: JSONNode, line: Int) {
        guard let type = InputProbe.string(event, "type") else { note("event type", "(none)", line: line); return }
        switch type {
        case "token_count":
            guard let info = event["info"], let total = info["total_token_usage"] else { return }
            func count(_ key: String) -> Tally {
                tallies.countOrZero(total[key], line: line, path: "payload.info.total_token_usage.\(key)")
            }
            let now = (input: count("input_tokens"), cached: count("cached_input_tokens"), output: count("output_tokens"))
            // `total_token_usage` is a running total of the run it belongs to, and a run starts
            // again from zero when the session is resumed or enters review mode (a real session
            // of six runs was read as 11.5M output tokens when these totals were added up). So a
            // turn has what the total grew by since the event before: the whole of it when the
            // total went down (a new run), nothing when an event repeats the last. The session's
            // tokens are the sum of what each event added, which the turns add up to.
            let previous = runningTotal
            let restarted = now.input < previous.input || now.cached < previous.cached || now.output < previous.output
            let grown =
                restarted ? now : (input: now.input - previous.input, cached: now.cached - previous.cached, output: now.output - previous.output)
            runningTotal = now
            let before = tokens ?? (0, 0, 0)
            tokens = (before.input + grown.input, before.cached + grown.cached, before.output + grown.output)
            let context = info["last_token_usage"].flatMap { tallies.count($0["total_tokens"], line: line, path: "payload.info.last_token_usage.total_tokens") }
            let window = tallies.count(info["model_context_window"], line: line, path: "payload.info.model_context_window").flatMap { $0.isZero ? nil : $0 }
            let spent = TokenUsage(input: grown.input - grown.cached, output: grown.output, cacheRead: grown.cached, context: context, contextWindow: window)
            guard !spent.total.isZero || context != nil else { return }
            if drafts.last?.role != .assistant {
                drafts.append(Draft(id: "t\(drafts.count + 1)", role: .assistant, date: lastDate, model: model))
            }
            let last = drafts.count - 1
            drafts[last].usage = drafts[last].usage.map { $0.adding(spent) } ?? spent
        case "turn_aborted":
            let reason = InputProbe.string(event, "reason") ?? "interrupted"
            var notice = NoticePart(kind: .interrupted, text: reason == "interrupted" ? "Interrupted by the person" : "Turn stopped (\(reason))")
            if reason == "interrupted" { notice.phrase = UIPhrase(.interruptedByPerson) }
            reply(.part(.notice(notice)))
        case "error":
            let message = InputProbe.string(event, "message") ?? "Error"
            reply(.part(.notice(NoticePart(kind: .error, text: SessionText.oneLine(message), detail: message.count > 200 ? message : nil))))
        case "exec_command_end":
            if let id = InputProbe.string(event, "call_id"), case .number(let value, _)? = event["exit_code"]?.value, value.isFinite, abs(value) < 1e9 {
                exitCodes[id] = Int(value)
            }
        default:
            if !Self.quietEvents.contains(type) { note("event type", type, line: line) }
        }
    }

    // MARK: - Turns

    /// Adds to the reply being written: the last draft when it is the assistant's, else a new one.
    mutating func reply(_ item: Item) {
        if drafts.last?.role != .assistant {
            drafts.append(Draft(id: "t\(drafts.count + 1)", role: .assistant, date: lastDate, model: model))
        }
        drafts[drafts.count - 1].items.append(item)
    }

    /// The warnings for what was not known, one per kind.
    func unknownWarnings() -> [Diagnostic] {
        unknownOrder.map { key in
            let (count, line) = unknown[key]!
            let parts = key.split(separator: "\u{1F}", omittingEmptySubsequences: false)
            let kind = String(parts[0]).trimmingCharacters(in: .whitespaces), name = parts.count > 1 ? String(parts[1]) : ""
            let times = count == 1 ? "1 line" : "\(count) lines, the first"
            let what = name.isEmpty ? kind : "unknown \(kind) \(Diagnostic.quote(name))"
            return Diagnostic(
                .warning, file: file, location: SourceLocation(line: line),
                message: "\(what) (\(times) here); left out, the rest is read")
        }
    }

    /// The thread ids of the sub-agents this session spawned: each `spawn_agent` call's output
    /// (`{"agent_id": …}`), in order.
    func spawnedAgents() -> [String] {
        var found: [String] = []
        for draft in drafts {
            for case .call(let id) in draft.items {
                if let agent = calls[id].flatMap(Self.spawnedAgent), !found.contains(agent) { found.append(agent) }
            }
        }
        return found
    }

    /// The thread a `spawn_agent` call started, from its output.
    static func spawnedAgent(_ call: Call) -> String? {
        guard call.name == "spawn_agent", let output = call.output,
            let node = try? JSONParser.parse(Array(output.utf8))
        else { return nil }
        return InputProbe.string(node, "agent_id").flatMap { $0.isEmpty ? nil : $0 }
    }

    /// A sub-agent's rollout as a transcript at the call that spawned it: its prompt (the
    /// parent's message) and its replies, speakers named.
    mutating func transcript(of child: inout CodexSession, call: Call) -> TranscriptPart? {
        let turns = child.turns()
        diagnostics += child.diagnostics
        let role = child.agentRole ?? (try? JSONParser.parse(Array(call.input.utf8))).flatMap { InputProbe.string($0, "agent_type") }
        let name = child.agentName.flatMap { $0 == "Sub-agent" ? nil : $0 }
        let messages = turns.map { turn -> Message in
            var message = Message(id: "\(child.sessionID ?? "agent")-\(turn.id)", role: turn.role, text: turn.parts.isEmpty ? turn.text : "", date: turn.date)
            message.parts = turn.parts
            message.model = turn.model
            message.usage = turn.usage
            if turn.role == .user {
                message.speaker = "Codex"
            } else if let name {
                message.speaker = name
            } else {
                message.speaker = role.map { "\($0) agent" } ?? "Sub-agent"
                message.speakerPhrase = role.map { UIPhrase(.agentOfKind, ["kind": $0]) } ?? UIPhrase(.subAgent)
            }
            return message
        }
        guard !messages.isEmpty else { return nil }
        let task = child.firstPrompt.map(SessionText.titleLine)
        let who = name ?? role.map { "\($0) agent" } ?? "Agent"
        var part = TranscriptPart(title: task.map { "\(who): \($0)" } ?? who, messages: messages)
        // When it ran: its rollout's first and last lines.
        part.setSpan(first: child.firstDate, last: child.lastDate)
        switch (name, role, task) {
        case let (nil, kind?, task?): part.phrase = UIPhrase(.agentOfKindTask, ["kind": kind, "task": task])
        case let (nil, kind?, nil): part.phrase = UIPhrase(.agentOfKind, ["kind": kind])
        case let (nil, nil, task?): part.phrase = UIPhrase(.agentTask, ["task": task])
        case (nil, nil, nil): part.phrase = UIPhrase(.agentGeneric)
        default: break
        }
        return part
    }

    /// The models of this session and of its sub-agents', in the order first used.
    func allModels() -> [String] {
        var found = models
        for child in children.values { for model in child.allModels() where !found.contains(model) { found.append(model) } }
        return found
    }

    /// The token totals of this session and its sub-agents'.
    func allTokens() -> (input: Tally, cached: Tally, output: Tally)? {
        var total = tokens
        for child in children.values {
            guard let more = child.allTokens() else { continue }
            let now = total ?? (0, 0, 0)
            total = (now.input + more.input, now.cached + more.cached, now.output + more.output)
        }
        return total
    }

    /// The turns, sub-agents nested at the calls that spawned them.
    mutating func turns() -> [ImportedTurn] {
        var turns: [ImportedTurn] = []
        turns.reserveCapacity(drafts.count)
        var unshown: TokenUsage?
        let frees = freesAsTurnsAreMade
        for index in drafts.indices {
            let draft = drafts[index]
            // What a turn is made of is let go once it is made (what the turn keeps is shared).
            if frees { drafts[index].items = [] }
            var parts: [TurnPart] = []
            parts.reserveCapacity(draft.items.count)
            for item in draft.items {
                switch item {
                case .part(let part): parts.append(part)
                case .call(let id):
                    let once = frees && !repeatedCalls.contains(id)
                    guard var call = once ? calls.removeValue(forKey: id) : calls[id] else { continue }
                    let code = once ? exitCodes.removeValue(forKey: id) : exitCodes[id]
                    if call.exitCode == nil, let code { call.exitCode = code }
                    if let agent = Self.spawnedAgent(call), var child = children.removeValue(forKey: agent),
                        let transcript = transcript(of: &child, call: call)
                    {
                        parts.append(.transcript(transcript))
                        children[agent] = child
                        continue
                    }
                    parts += CodexTools.parts(for: call)
                }
            }
            if draft.role == .user {
                var turn = ImportedTurn(id: draft.id, role: .user, text: draft.text, date: draft.date)
                turn.attachments = draft.attachments
                turns.append(turn)
            } else {
                guard !parts.isEmpty else {
                    // Nothing to show, but its tokens were spent: the reply before (or after) carries them.
                    if let spent = draft.usage {
                        if let last = turns.indices.last(where: { turns[$0].role == .assistant }) {
                            turns[last].usage = turns[last].usage.map { $0.adding(spent) } ?? spent
                        } else {
                            unshown = unshown.map { $0.adding(spent) } ?? spent
                        }
                    }
                    continue
                }
                var turn = ImportedTurn(id: draft.id, role: .assistant, text: "", date: draft.date)
                turn.parts = parts
                turn.model = draft.model
                turn.usage = draft.usage
                if let spent = unshown {
                    turn.usage = spent.adding(draft.usage ?? TokenUsage(context: spent.context, contextWindow: spent.contextWindow))
                    unshown = nil
                }
                if let agentName { turn.speaker = agentName }
                turns.append(turn)
            }
        }
        diagnostics += unknownWarnings() + tallies.warnings
        return turns
    }

    mutating func chat(fallbackTitle: String) -> ImportedChat? {
        let turns = turns()
        guard turns.contains(where: { $0.role == .user || !$0.parts.isEmpty }) else { return nil }
        let title = firstPrompt.map(SessionText.titleLine) ?? fallbackTitle
        var chat = ImportedChat(title: title, date: firstDate, turns: turns)
        chat.facts = facts()
        chat.project = cwd
        return chat
    }

    /// The header: project, branch, Codex version, models, time span and token totals.
    func facts() -> [ConversationFact] {
        var facts: [ConversationFact] = []
        if let cwd { facts.append(ConversationFact(.factProject, value: cwd)) }
        if let branch { facts.append(ConversationFact(.factBranch, value: branch)) }
        if let version { facts.append(ConversationFact(label: "Codex", value: version)) }
        if let agentName { facts.append(ConversationFact(label: "Agent", value: agentName)) }
        let models = allModels()
        if !models.isEmpty { facts.append(ConversationFact(models.count == 1 ? .factModel : .models, value: models.joined(separator: ", "))) }
        if let first = firstDate, let last = lastDate { facts.append(SessionText.timeFact(first, last)) }
        if let tokens = allTokens(),
            let fact = SessionText.tokenFact(input: tokens.input - tokens.cached, output: tokens.output, cacheRead: tokens.cached)
        {
            facts.append(fact)
        }
        return facts
    }
}
