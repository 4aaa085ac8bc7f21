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
struct CodexSession: AgentLogSession {
    let includeSystem: Bool
    var log: SessionBuilder<Call>

    /// The last running total the log gave (`total_token_usage`), to tell what it grew by.
    var runningTotal: (input: Tally, cached: Tally, output: Tally) = (0, 0, 0)
    /// Set from the meta line of a sub-agent's rollout: its role (its name is ``SessionBuilder/agentName``).
    var agentRole: String?
    /// The session's thread id (`session_meta.id`), and the thread that spawned it.
    var sessionID: String?
    var parentID: String?
    /// The sub-agents this session spawned whose rollouts were found, by thread id: each shown
    /// at the `spawn_agent` call that started it.
    var children: [String: CodexSession] = [:]
    /// The sub-agents this session's calls name that are not nested here: shown at another call
    /// (or as a page of their own), or callers of this one (a cycle). Their calls refer to them.
    var references: [String: TranscriptPart.Reference] = [:]
    /// The sub-agents whose models and tokens the header counts.
    private var adopted: Set<String> = []

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
    var exitCodes: [String: Int] = [:]
    private var images = 0

    init(file: String, includeSystem: Bool) {
        self.includeSystem = includeSystem
        log = SessionBuilder(file: file, versionLabel: "Codex")
        log.inputCountsCacheRead = true
    }

    // MARK: - Lines

    mutating func readLine(_ node: JSONNode, line: Int) {
        if let date = InputProbe.string(node, "timestamp").flatMap { ChatDate(iso: $0) } { log.noteDate(date) }
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
            if node["id"] != nil, node["timestamp"] != nil, log.project == nil, log.version == nil, log.drafts.isEmpty { readMeta(node); return }
            log.note("line type", "(none)", line: line)
        case let type?:
            if Self.itemTypes.contains(type) { readItem(node, line: line); return }
            log.note("line type", type, line: line)
        }
    }

    /// What every response item may be; a bare one (first releases) is read as an item.
    static let itemTypes: Set<String> = [
        "message", "reasoning", "function_call", "function_call_output", "custom_tool_call",
        "custom_tool_call_output", "local_shell_call", "web_search_call", "ghost_snapshot",
        "compaction", "compaction_summary", "agent_message", "image_generation_call", "other",
    ]

    // MARK: - Meta and context

    mutating func readMeta(_ meta: JSONNode) {
        if sessionID == nil, let value = InputProbe.string(meta, "id"), !value.isEmpty { sessionID = value }
        if let value = InputProbe.string(meta, "parent_thread_id"), !value.isEmpty { parentID = value }
        if let value = InputProbe.string(meta, "agent_role") ?? InputProbe.string(meta, "agent_type"), !value.isEmpty { agentRole = value }
        if let value = InputProbe.string(meta, "cwd"), !value.isEmpty { log.project = value }
        if let value = InputProbe.string(meta, "cli_version"), !value.isEmpty { log.version = value }
        if let git = meta["git"], let value = InputProbe.string(git, "branch"), !value.isEmpty { log.branch = value }
        if let model = InputProbe.string(meta, "model"), !model.isEmpty { log.useModel(model) }
        if let date = InputProbe.string(meta, "timestamp").flatMap { ChatDate(iso: $0) }, log.firstDate == nil { log.firstDate = date }
        // A sub-agent's rollout says whose it is.
        if let source = meta["source"], let agent = source["subagent"] {
            let spawn = agent["thread_spawn"]
            log.agentName =
                spawn.flatMap { InputProbe.string($0, "agent_nickname") ?? InputProbe.string($0, "agent_path") }
                ?? InputProbe.string(meta, "agent_nickname") ?? InputProbe.string(agent, "name") ?? "Sub-agent"
            if let spawn, let parent = InputProbe.string(spawn, "parent_thread_id"), !parent.isEmpty { parentID = parent }
            if let spawn, let role = InputProbe.string(spawn, "agent_role"), !role.isEmpty { agentRole = role }
        }
    }

    mutating func readContext(_ context: JSONNode) {
        if let value = InputProbe.string(context, "cwd"), !value.isEmpty, log.project == nil { log.project = value }
        if let model = InputProbe.string(context, "model"), !model.isEmpty { log.useModel(model) }
    }

    // MARK: - Response items

    mutating func readItem(_ item: JSONNode, line: Int) {
        guard let type = InputProbe.string(item, "type") else {
            log.note("response item type", "(none)", line: line)
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
            log.call(id, Call(name: name, kind: .function, input: InputProbe.string(item, "arguments") ?? ""))
        case "custom_tool_call":
            let id = callID(item, line: line)
            let name = InputProbe.string(item, "name") ?? "tool"
            log.call(id, Call(name: name, kind: .custom, input: InputProbe.string(item, "input") ?? ""))
        case "local_shell_call":
            let id = callID(item, line: line)
            var command = ""
            if let action = item["action"], case .array(let words)? = action["command"]?.value {
                command = CodexTools.commandLine(words.compactMap { if case .string(let w) = $0.value { return w } else { return nil } })
            }
            var call = Call(name: "local_shell", kind: .localShell, input: command)
            if let status = InputProbe.string(item, "status"), status == "failed" { call.status = .error }
            log.call(id, call)
        case "web_search_call":
            let action = item["action"]
            let query = action.flatMap { InputProbe.string($0, "query") } ?? action.flatMap { InputProbe.string($0, "url") } ?? ""
            var call = Call(name: "web_search", kind: .webSearch, input: query)
            call.status = InputProbe.string(item, "status") == "failed" ? .error : .ok
            if let actionType = action.flatMap({ InputProbe.string($0, "type") }), actionType != "search" { call.name = "web_search.\(actionType)" }
            let id = InputProbe.string(item, "id") ?? "ws\(log.calls.count + 1)"
            log.call(id, call)
        case "function_call_output", "custom_tool_call_output":
            guard let id = InputProbe.string(item, "call_id"), log.calls[id] != nil else {
                log.note("output for a call not in the log", "", line: line)
                return
            }
            let (text, exit) = CodexTools.output(item["output"])
            log.calls[id]!.output = text
            if let exit { log.calls[id]!.exitCode = exit }
        case "ghost_snapshot", "compaction", "compaction_summary", "other":
            // The CLI's undo snapshots and opaque compaction records: nothing a person reads.
            return
        default:
            log.note("response item type", type, line: line)
        }
    }

    func callID(_ item: JSONNode, line: Int) -> String {
        InputProbe.string(item, "call_id") ?? InputProbe.string(item, "id") ?? "line\(line)"
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
                    log.note("content type", other ?? "(none)", line: line)
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
                    log.reply(.part(.notice(notice)))
                }
                return
            }
            let visible = text.trimmingASCIIWhitespace()
            guard !visible.isEmpty || !pictures.isEmpty else { return }
            log.prompt(visible, date: log.lastDate, attachments: pictures)
        case "assistant":
            let visible = text.trimmingASCIIWhitespace()
            guard !visible.isEmpty else { return }
            log.reply(.part(.text(visible)))
        case "developer", "system":
            guard includeSystem, !text.isEmpty else { return }
            log.reply(.part(.notice(NoticePart(kind: .info, text: "Instructions for the model", detail: text))))
        default:
            log.note("message role", role, line: line)
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
            log.reply(.part(.thinking(thinking)))
            return
        }
        let text = pieces.joined(separator: "\n\n")
        log.reply(.part(.thinking(ThinkingPart(text: text, summary: CodexTools.heading(text)))))
    }

    mutating func readCompacted(_ payload: JSONNode) {
        var notice = NoticePart(
            kind: .compacted, text: "Conversation compacted", detail: InputProbe.string(payload, "message").flatMap { $0.isEmpty ? nil : $0 })
        notice.phrase = UIPhrase(.conversationCompacted)
        log.reply(.part(.notice(notice)))
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
        guard let type = InputProbe.string(event, "type") else { log.note("event type", "(none)", line: line); return }
        switch type {
        case "token_count":
            guard let info = event["info"], let total = info["total_token_usage"] else { return }
            func count(_ key: String) -> Tally {
                log.tallies.countOrZero(total[key], line: line, path: "payload.info.total_token_usage.\(key)")
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
            let before = log.tokens
            log.tokens = TokenUsage(input: before.input + grown.input, output: before.output + grown.output, cacheRead: before.cacheRead + grown.cached)
            let context = info["last_token_usage"].flatMap {
                log.tallies.count($0["total_tokens"], line: line, path: "payload.info.last_token_usage.total_tokens")
            }
            let window = log.tallies.count(info["model_context_window"], line: line, path: "payload.info.model_context_window").flatMap { $0.isZero ? nil : $0 }
            let spent = TokenUsage(input: grown.input - grown.cached, output: grown.output, cacheRead: grown.cached, context: context, contextWindow: window)
            guard !spent.total.isZero || context != nil else { return }
            log.spend(spent)
        case "turn_aborted":
            let reason = InputProbe.string(event, "reason") ?? "interrupted"
            var notice = NoticePart(kind: .interrupted, text: reason == "interrupted" ? "Interrupted by the person" : "Turn stopped (\(reason))")
            if reason == "interrupted" { notice.phrase = UIPhrase(.interruptedByPerson) }
            log.reply(.part(.notice(notice)))
        case "error":
            let message = InputProbe.string(event, "message") ?? "Error"
            log.reply(.part(.notice(NoticePart(kind: .error, text: SessionText.oneLine(message), detail: message.count > 200 ? message : nil))))
        case "exec_command_end":
            if let id = InputProbe.string(event, "call_id"), case .number(let value, _)? = event["exit_code"]?.value, value.isFinite, abs(value) < 1e9 {
                exitCodes[id] = Int(value)
            }
        default:
            if !Self.quietEvents.contains(type) { log.note("event type", type, line: line) }
        }
    }

    // MARK: - Turns

    /// The thread ids of the sub-agents this session spawned: each `spawn_agent` call's output
    /// (`{"agent_id": …}`), in order.
    func spawnedAgents() -> [String] {
        var found: [String] = []
        for draft in log.drafts {
            for case .call(let id) in draft.items {
                if let agent = log.calls[id].flatMap(Self.spawnedAgent), !found.contains(agent) { found.append(agent) }
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

    /// A call's parts, its exit code joined from the CLI's event; a `spawn_agent` call whose
    /// sub-agent's rollout was read, that sub-agent's transcript.
    mutating func parts(for call: Call, id: String, once: Bool) -> [TurnPart] {
        var call = call
        let code = once ? exitCodes.removeValue(forKey: id) : exitCodes[id]
        if call.exitCode == nil, let code { call.exitCode = code }
        if let agent = Self.spawnedAgent(call), var child = children.removeValue(forKey: agent), let transcript = transcript(of: &child, call: call) {
            // Its models and tokens join the header's, once however often it is shown.
            if adopted.insert(agent).inserted { log.adopt(child.log) }
            children[agent] = child
            return [.transcript(transcript)]
        }
        if let agent = Self.spawnedAgent(call), let reference = references[agent] {
            let role = (try? JSONParser.parse(Array(call.input.utf8))).flatMap { InputProbe.string($0, "agent_type") }
            var part = SubAgentTranscript.make([], kind: role, task: nil)
            part.agent = agent
            part.reference = reference
            return [.transcript(part)]
        }
        return CodexTools.parts(for: call)
    }

    /// A sub-agent's rollout as a transcript at the call that spawned it: its prompt (the
    /// parent's message) and its replies, speakers named.
    mutating func transcript(of child: inout CodexSession, call: Call) -> TranscriptPart? {
        let turns = child.turns()
        log.diagnostics += child.log.diagnostics
        let role = child.agentRole ?? (try? JSONParser.parse(Array(call.input.utf8))).flatMap { InputProbe.string($0, "agent_type") }
        let name = child.log.agentName.flatMap { $0 == "Sub-agent" ? nil : $0 }
        let messages = SubAgentTranscript.messages(turns, prefix: child.sessionID ?? "agent", caller: "Codex", name: name, kind: role)
        guard !messages.isEmpty else { return nil }
        var part = SubAgentTranscript.make(messages, name: name, kind: role, task: child.log.firstPrompt.map(SessionText.titleLine))
        // Other calls that name the same thread link here.
        part.agent = child.sessionID
        // When it ran: its rollout's first and last lines.
        part.setSpan(first: child.log.firstDate, last: child.log.lastDate)
        return part
    }
}
