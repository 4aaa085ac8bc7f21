import ChatModel
import ChatSupport

/// Reads one GitHub Copilot CLI session log (`~/.copilot/session-state/<id>/events.jsonl`, or an
/// older CLI's flat `session-state/<id>.jsonl`): one event a line, appended as the session runs
/// and again when it is resumed.
///
/// - Each line is `{"type", "data", "id", "timestamp", "parentId"}` with a dotted type:
///   `session.start` (cwd, branch, CLI version), `session.model_change`, `user.message`,
///   `assistant.message` (text, `reasoningText`, `toolRequests`), `assistant.reasoning`,
///   `tool.execution_start` / `tool.execution_complete` (joined to the request on `toolCallId`),
///   `abort`, `session.error`, `session.compaction_complete`, `session.shutdown` (token totals),
///   and bookkeeping (`system.message`, `permission.*`, `hook.*`, turn boundaries …).
/// - The prompt is `user.message.content`; its `transformedContent` (the prompt wrapped in
///   `<current_datetime>` and `<system_reminder>` for the model) is never shown. A prompt the CLI
///   sent itself (`source` set, an autopilot continuation) is a collapsed notice, not the person's.
/// - Everything between two prompts is one reply: reasoning as thinking, text, shell commands as
///   terminals with their exit codes, edits as diffs, other tools as tool calls.
///
/// Tolerant: a line that is not JSON, or an unknown event type, is a warning naming the file and
/// line, given once per kind with a count; `ephemeral` lines (never written by the CLI, but in
/// its JSON output) are skipped; a half-written last line is skipped silently.
struct CopilotSession: AgentLogSession {
    let includeSystem: Bool
    var log: SessionBuilder<Call>

    /// Token totals of the CLI runs so far (each `session.shutdown`), and of the latest run.
    var tokensBefore = Usage()
    var tokensNow: Usage?
    /// The same by model, in the order first met: the session's tokens by model on the site's
    /// totals and insights (the CLI records none per turn).
    var modelsBefore: [String: Usage] = [:]
    var modelsNow: [String: Usage] = [:]
    var modelOrder: [String] = []
    /// Sub-agents' own events (envelope `agentId`, or `parentToolCallId` in older CLIs), each
    /// agent's read as a session of its own and shown at the `task` call that started it.
    var subAgents: [String: CopilotSession] = [:]
    var subAgentOrder: [String] = []
    /// The `task` calls that started sub-agents (`subagent.started`), in order, with the agent's name.
    var startedAgents: [(call: String, name: String?)] = []
    /// When each `task` call's sub-agent started and finished (`subagent.started`, and
    /// `subagent.completed` or `subagent.failed`), by the call.
    var agentTimes: [String: (started: ChatDate?, ended: ChatDate?)] = [:]
    /// Set on a sub-agent's session: its events are its own, never routed further.
    var isSubAgent = false
    /// Which sub-agent answers which call, once the log is read (see ``subAgentCalls()``).
    private var agentCalls: [String: String]?

    struct Usage {
        var input: Tally = 0, output: Tally = 0, cacheRead: Tally = 0, cacheWrite: Tally = 0

        static func + (a: Usage, b: Usage) -> Usage {
            Usage(input: a.input + b.input, output: a.output + b.output, cacheRead: a.cacheRead + b.cacheRead, cacheWrite: a.cacheWrite + b.cacheWrite)
        }
    }

    /// A tool call, joined from its request, its start and its completion.
    struct Call {
        var name: String
        var arguments: JSONNode?
        /// `intentionSummary` or `toolTitle` of the request.
        var summary: String?
        var completed = false
        var success = true
        var content: String?
        var detailed: String?
        var exitCode: Int?
        var errorMessage: String?
        var errorCode: String?
    }

    private var attachmentCount = 0

    init(file: String, includeSystem: Bool) {
        self.includeSystem = includeSystem
        log = SessionBuilder(file: file, versionLabel: "Copilot CLI")
        log.inputCountsCacheRead = true
    }

    // MARK: - Lines

    mutating func readLine(_ node: JSONNode, line: Int) {
        if node["ephemeral"]?.value == .bool(true) { return }
        guard let type = InputProbe.string(node, "type") else { log.note("event type", "(none)", line: line); return }
        if let date = InputProbe.string(node, "timestamp").flatMap({ ChatDate(iso: $0) }) { log.noteDate(date) }
        guard let data = node["data"], case .object = data.value else {
            // A `result` line ends `copilot -p --output-format json`; it has no data.
            if type != "result" { log.unknown.note("event without data \(Diagnostic.quote(type))", line: line) }
            return
        }
        // A sub-agent's own work: read into its own session, shown at the `task` call it answers.
        if !isSubAgent, Self.subAgentTypes.contains(type),
            let key = InputProbe.string(data, "parentToolCallId") ?? InputProbe.string(node, "agentId"), !key.isEmpty
        {
            if subAgents[key] == nil {
                var child = CopilotSession(file: log.file, includeSystem: includeSystem)
                child.isSubAgent = true
                subAgents[key] = child
                subAgentOrder.append(key)
            }
            subAgents[key]!.readLine(node, line: line)
            return
        }
        if type == "subagent.started", let call = InputProbe.string(data, "toolCallId"), !call.isEmpty {
            let name = InputProbe.string(data, "agentDisplayName") ?? InputProbe.string(data, "agentName")
            startedAgents.append((call, name.flatMap { $0.isEmpty ? nil : $0 }))
            agentTimes[call, default: (nil, nil)].started = InputProbe.string(node, "timestamp").flatMap { ChatDate(iso: $0) }
        }
        if type == "subagent.completed" || type == "subagent.failed", let call = InputProbe.string(data, "toolCallId"), !call.isEmpty {
            agentTimes[call, default: (nil, nil)].ended = InputProbe.string(node, "timestamp").flatMap { ChatDate(iso: $0) }
        }
        readEvent(type, data, line: line)
    }

    /// Events a sub-agent writes into the parent's log.
    static let subAgentTypes: Set<String> = [
        "assistant.message", "assistant.reasoning", "tool.execution_start", "tool.execution_complete",
        "assistant.turn_start", "assistant.turn_end", "user.message", "tool.user_requested",
    ]

    /// Events that are bookkeeping: shown nowhere (or elsewhere), never warned about.
    static let quietEvents: Set<String> = [
        "assistant.turn_start", "assistant.turn_end", "permission.requested", "permission.completed", "hook.start", "hook.end",
        "skill.invoked", "session.plan_changed", "session.workspace_file_changed", "session.remote_steerable_changed",
        "session.permissions_changed", "session.session_limits_changed", "tool_search.activated", "session.binary_asset",
        "session.usage_checkpoint", "session.mode_changed", "session.auto_mode_resolved", "session.handoff", "system.notification",
        "session.compaction_start", "session.autopilot_objective_changed", "session.context_changed", "subagent.started",
        "subagent.completed", "subagent.failed", "subagent.selected", "subagent.deselected", "custom_agent.selected",
        "custom_agent.deselected", "session.title_changed", "session.idle", "assistant.idle", "assistant.usage", "assistant.intent",
        "session.usage_info", "tool.execution_partial_result", "tool.execution_progress", "model.call_failure", "session.snapshot_rewind",
    ]
    static let quietPrefixes = ["external_tool.", "session.schedule_", "session.canvas.", "mcp.", "command.", "elicitation."]

    // MARK: - Events

    mutating func readEvent(_ type: String, _ data: JSONNode, line: Int) {
        func string(_ key: String) -> String? { InputProbe.string(data, key).flatMap { $0.isEmpty ? nil : $0 } }
        switch type {
        case "session.start", "session.resume":
            if let value = string("copilotVersion") { log.version = value }
            if let context = data["context"] { readContext(context) }
            if let value = string("selectedModel") { log.useModel(value) }
            if type == "session.start", let date = string("startTime").flatMap({ ChatDate(iso: $0) }) { log.firstDate = date }
        case "session.model_change":
            if let value = string("newModel") { log.useModel(value) }
        case "system.message":
            guard includeSystem, let text = string("content") else { return }
            log.reply(.part(.notice(NoticePart(kind: .info, text: "Instructions for the model", detail: text))))
        case "session.info":
            guard includeSystem, let text = string("message") else { return }
            log.reply(.part(.notice(NoticePart(kind: .info, text: SessionText.oneLine(text)))))
        case "session.warning":
            guard let text = string("message") else { return }
            log.reply(.part(.notice(NoticePart(kind: .info, text: SessionText.oneLine(text), detail: text.count > 200 ? text : nil))))
        case "user.message":
            readPrompt(data)
        case "assistant.message":
            readMessage(data)
        case "assistant.reasoning":
            if let text = string("content") { think(text) }
        case "tool.execution_start", "tool.user_requested":
            guard let id = string("toolCallId") else { log.note("tool event without a toolCallId", "", line: line); return }
            let name = string("toolName") ?? log.calls[id]?.name ?? "tool"
            if log.calls[id] == nil { log.call(id, Call(name: name)) }
            log.calls[id]!.name = name
            if let arguments = data["arguments"], case .object = arguments.value { log.calls[id]!.arguments = arguments }
        case "tool.execution_complete":
            guard let id = string("toolCallId") else { log.note("tool event without a toolCallId", "", line: line); return }
            if log.calls[id] == nil { log.call(id, Call(name: string("toolName") ?? "tool")) }
            complete(id, data)
        case "abort":
            let reason = string("reason") ?? "user_initiated"
            var notice = NoticePart(kind: .interrupted, text: reason == "user_initiated" ? "Interrupted by the person" : "Turn stopped (\(reason))")
            if reason == "user_initiated" { notice.phrase = UIPhrase(.interruptedByPerson) }
            log.reply(.part(.notice(notice)))
        case "session.error":
            let message = string("message") ?? "Error"
            let text = string("errorType").map { "Error (\($0)): \(message)" } ?? "Error: \(message)"
            log.reply(.part(.notice(NoticePart(kind: .error, text: SessionText.oneLine(text), detail: message.count > 200 ? message : nil))))
        case "session.compaction_complete":
            guard data["success"]?.value != .bool(false) else { return }
            var notice = NoticePart(kind: .compacted, text: "Conversation compacted", detail: string("summaryContent"))
            notice.phrase = UIPhrase(.conversationCompacted)
            log.reply(.part(.notice(notice)))
        case "session.truncation":
            let removed = CopilotTools.int(data["messagesRemovedDuringTruncation"]) ?? 0
            log.reply(.part(.notice(NoticePart(kind: .compacted, text: "Context truncated (\(removed) message\(removed == 1 ? "" : "s") removed)"))))
        case "session.context_cleared":
            log.reply(.part(.notice(NoticePart(kind: .compacted, text: "Context cleared"))))
        case "session.task_complete":
            guard let summary = string("summary") else { return }
            log.reply(.part(.notice(NoticePart(kind: .info, text: "Task complete", detail: summary))))
        case "session.shutdown":
            readShutdown(data, line: line)
        default:
            if Self.quietEvents.contains(type) || type.hasSuffix("_delta") || Self.quietPrefixes.contains(where: type.hasPrefix) { return }
            log.note("event type", type, line: line)
        }
    }

    mutating func readContext(_ context: JSONNode) {
        if log.project == nil, let value = InputProbe.string(context, "cwd"), !value.isEmpty { log.project = value }
        if log.branch == nil, let value = InputProbe.string(context, "branch"), !value.isEmpty { log.branch = value }
    }

    mutating func readPrompt(_ data: JSONNode) {
        let text = (InputProbe.string(data, "content") ?? "").trimmingASCIIWhitespace()
        // A prompt the CLI sent itself (a skill, an agent, autopilot): not the person's words.
        let source = InputProbe.string(data, "source").flatMap { $0.isEmpty ? nil : $0 }
        if source != nil || data["isAutopilotContinuation"]?.value == .bool(true) {
            guard !text.isEmpty else { return }
            let line = source.map { "Prompt sent by the CLI (\($0))" } ?? "Autopilot continued"
            log.reply(.part(.notice(NoticePart(kind: .info, text: line, detail: text))))
            return
        }
        var attachments: [ImportedAttachment] = []
        if case .array(let items)? = data["attachments"]?.value {
            for item in items { if let attachment = attachment(item) { attachments.append(attachment) } }
        }
        guard !text.isEmpty || !attachments.isEmpty else { return }
        log.prompt(text, date: log.lastDate, attachments: attachments)
    }

    /// A prompt's attachment: a picture's bytes; a file or selection by name (its content is not in the log).
    mutating func attachment(_ item: JSONNode) -> ImportedAttachment? {
        let type = InputProbe.string(item, "type")
        let path = InputProbe.string(item, "path") ?? InputProbe.string(item, "filePath")
        let name = InputProbe.string(item, "displayName").flatMap { $0.isEmpty ? nil : $0 } ?? path.map(FilePath.lastComponent)
        switch type {
        case "blob":
            guard let base64 = InputProbe.string(item, "data"), let bytes = InlineData.decodeBase64(base64) else { return nil }
            attachmentCount += 1
            let contentType = InlineData.contentType(declared: InputProbe.string(item, "mimeType"), bytes: bytes)
            return ImportedAttachment(
                id: "a\(attachmentCount)", name: name ?? InlineData.defaultName("attachment", index: attachmentCount, contentType: contentType),
                contentType: contentType, byteCount: Int64(bytes.count), content: .bytes(bytes))
        case "file", "selection":
            guard let name else { return nil }
            attachmentCount += 1
            return ImportedAttachment(
                id: "a\(attachmentCount)", name: FilePath.lastComponent(name), contentType: "text/plain", byteCount: 0, content: .unavailable)
        default:
            return nil
        }
    }

    mutating func readMessage(_ data: JSONNode) {
        if let value = InputProbe.string(data, "model"), !value.isEmpty { log.useModel(value) }
        if let reasoning = InputProbe.string(data, "reasoningText") { think(reasoning) }
        if let text = InputProbe.string(data, "content")?.trimmingASCIIWhitespace(), !text.isEmpty {
            log.reply(.part(.text(text)))
        }
        if case .array(let requests)? = data["toolRequests"]?.value {
            for request in requests {
                guard let id = InputProbe.string(request, "toolCallId"), !id.isEmpty else { continue }
                var call = log.calls[id] ?? Call(name: InputProbe.string(request, "name") ?? "tool")
                if call.arguments == nil, let arguments = request["arguments"], case .object = arguments.value { call.arguments = arguments }
                call.summary = InputProbe.string(request, "intentionSummary") ?? InputProbe.string(request, "toolTitle")
                if log.calls[id] == nil { log.call(id, call) } else { log.calls[id] = call }
            }
        }
    }

    mutating func think(_ text: String) {
        let trimmed = text.trimmingASCIIWhitespace()
        guard !trimmed.isEmpty else { return }
        // The same text from `assistant.reasoning` and `reasoningText` shows once in a reply.
        if let draft = log.drafts.last, draft.role == .assistant, Self.lastThinking(draft) == trimmed { return }
        log.reply(.part(.thinking(ThinkingPart(text: trimmed, summary: CopilotTools.heading(trimmed)))))
    }

    /// The text of the reasoning last shown in `draft`.
    static func lastThinking(_ draft: SessionBuilder<Call>.Draft) -> String? {
        for case .part(.thinking(let shown)) in draft.items.reversed() { return shown.text }
        return nil
    }

    mutating func complete(_ id: String, _ data: JSONNode) {
        var call = log.calls[id]!
        call.completed = true
        call.success = data["success"]?.value != .bool(false)
        if let result = data["result"] {
            call.content = InputProbe.string(result, "content")
            call.detailed = InputProbe.string(result, "detailedContent")
            if case .array(let blocks)? = result["contents"]?.value {
                // `shell_exit` (newer) before `terminal` (deprecated).
                for kind in ["shell_exit", "terminal"] where call.exitCode == nil {
                    if let block = blocks.first(where: { InputProbe.string($0, "type") == kind }) { call.exitCode = CopilotTools.int(block["exitCode"]) }
                }
                if call.content == nil {
                    let texts = blocks.compactMap { InputProbe.string($0, "text") }
                    if !texts.isEmpty { call.content = texts.joined(separator: "\n") }
                }
            }
        }
        if let error = data["error"] {
            call.errorMessage = InputProbe.string(error, "message") ?? InputProbe.string(data, "error")
            call.errorCode = InputProbe.string(error, "code")
        }
        log.calls[id] = call
    }

    /// Token totals: a resumed CLI may start its counters again (older releases) or carry them
    /// on; a run whose totals are below the last one's started again.
    mutating func readShutdown(_ data: JSONNode, line: Int) {
        guard let metrics = data["modelMetrics"], case .object(let members) = metrics.value else { return }
        var usage = Usage()
        var byModel: [String: Usage] = [:]
        for member in members {
            guard let counts = member.node["usage"] else { continue }
            func count(_ key: String) -> Tally {
                log.tallies.countOrZero(counts[key], line: line, path: JSONReader.join(JSONReader.join("data.modelMetrics", member.key), "usage") + "." + key)
            }
            let model = Usage(
                input: count("inputTokens"), output: count("outputTokens"), cacheRead: count("cacheReadTokens"), cacheWrite: count("cacheWriteTokens"))
            usage = usage + model
            byModel[member.key] = (byModel[member.key] ?? Usage()) + model
            if !modelOrder.contains(member.key) { modelOrder.append(member.key) }
        }
        if let now = tokensNow, usage.input < now.input || usage.output < now.output {
            tokensBefore = tokensBefore + now
            for (model, counts) in modelsNow { modelsBefore[model] = (modelsBefore[model] ?? Usage()) + counts }
        }
        tokensNow = usage
        modelsNow = byModel
    }

    // MARK: - Turns

    /// Which sub-agent answers which `task` call: the key its events carried when that is the
    /// call's id (`parentToolCallId`), else agents in the order they first wrote, matched to the
    /// calls in the order `subagent.started` named them.
    func subAgentCalls() -> [String: String] {
        var byCall: [String: String] = [:]
        var loose: [String] = []
        for key in subAgentOrder {
            if log.calls[key] != nil { byCall[key] = key } else { loose.append(key) }
        }
        let waiting = startedAgents.map(\.call).filter { byCall[$0] == nil }
        for (call, key) in zip(waiting, loose) { byCall[call] = key }
        return byCall
    }

    /// A call's parts; a `task` call a sub-agent answered, that sub-agent's transcript.
    mutating func parts(for call: Call, id: String, once: Bool) -> [TurnPart] {
        if agentCalls == nil { agentCalls = subAgentCalls() }
        if let key = agentCalls?[id], var child = subAgents.removeValue(forKey: key), let transcript = transcript(of: &child, call: call, id: id) {
            return [.transcript(transcript)]
        }
        return CopilotTools.parts(for: call)
    }

    /// A sub-agent's events as a transcript at the `task` call that started it: the call's prompt,
    /// then the agent's replies, its result last when its own messages did not say it.
    mutating func transcript(of child: inout CopilotSession, call: Call, id: String) -> TranscriptPart? {
        var turns = child.turns()
        log.diagnostics += child.log.diagnostics
        func arg(_ key: String) -> String? { call.arguments.flatMap { InputProbe.string($0, key) }.flatMap { $0.isEmpty ? nil : $0 } }
        if !turns.contains(where: { $0.role == .user }), let prompt = arg("prompt") {
            turns.insert(ImportedTurn(id: "p", role: .user, text: prompt, date: turns.first?.date), at: 0)
        }
        guard turns.contains(where: { $0.role == .assistant }) else { return nil }
        let kind = arg("agent_type") ?? startedAgents.first { $0.call == id }?.name
        var part = SubAgentTranscript.make(SubAgentTranscript.messages(turns, prefix: id, caller: "Copilot", kind: kind), kind: kind, task: arg("description"))
        // When it ran: from its start to its end as the log announced them, else the first and
        // last of its own events.
        let times = agentTimes[id]
        part.setSpan(first: ChatDate.earlier(times?.started, child.log.firstDate), last: ChatDate.later(times?.ended, child.log.lastDate))
        log.adopt(child.log)
        return part
    }

    /// The conversation, titled `title` (the session's name) when it has one; the events of
    /// sub-agents no call started are left out, with a warning.
    mutating func chat(title: String?, fallbackTitle: String) -> ImportedChat? {
        let turns = turns()
        if !subAgents.isEmpty {
            let count = subAgents.count
            log.diagnostics.append(
                Diagnostic(
                    .warning, file: log.file,
                    message:
                        "holds the events of \(count) sub-agent\(count == 1 ? "" : "s") whose task call is not in the log; \(count == 1 ? "it is" : "they are") left out"
                ))
        }
        log.title = title
        if let now = tokensNow {
            log.tokens = TokenUsage(
                input: tokensBefore.input + now.input, output: tokensBefore.output + now.output,
                cacheRead: tokensBefore.cacheRead + now.cacheRead, cacheWrite: tokensBefore.cacheWrite + now.cacheWrite)
        }
        var chat = log.chat(turns, fallbackTitle: fallbackTitle)
        // By model for the site's totals: `inputTokens` counts the cache reads too (as the
        // header's figure reads it), so the input without them, as a turn's usage has it.
        chat?.sessionUsage = modelOrder.compactMap { model in
            let counts = (modelsBefore[model] ?? Usage()) + (modelsNow[model] ?? Usage())
            let usage = TokenUsage(input: counts.input - counts.cacheRead, output: counts.output, cacheRead: counts.cacheRead, cacheWrite: counts.cacheWrite)
            return usage == TokenUsage() ? nil : ModelUsage(model: model, usage: usage)
        }
        return chat
    }
}
