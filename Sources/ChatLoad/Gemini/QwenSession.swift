import ChatModel
import ChatSupport

/// Reads one Qwen Code session log (`~/.qwen/projects/<cwd>/chats/<session id>.jsonl`): one
/// record a line, appended as the session runs.
///
/// - Every record is `{"uuid", "parentUuid", "sessionId", "timestamp", "type", "cwd", "version",
///   "gitBranch"?, …}`; the records are a tree by `parentUuid`. A rewound prompt hangs under an
///   earlier record: the page shows the path to the last record written and each other branch
///   where it parts from it (see ``ConversationBranches``).
/// - `user`: the person's prompt, `message` Gemini's content `{"role": "user", "parts": [{text}]}`.
/// - `assistant`: the model's reply, `message.parts` of `{text}`, `{text, thought: true}` (its
///   thinking) and `{functionCall: {id, name, args}}`; `model`; `usageMetadata`
///   {promptTokenCount (cached included), candidatesTokenCount, cachedContentTokenCount,
///   thoughtsTokenCount}.
/// - `tool_result`: a call's answer, `message.parts` `{functionResponse: {id, name, response:
///   {output | error}}}` and `toolCallResult` {callId, status, resultDisplay}; shown as Gemini
///   CLI's calls are (``GeminiTools``), the tools being the same.
/// - `system` by `subtype`: `chat_compression` (a compaction mark), `custom_title` (the
///   session's title), `slash_command` (the command typed), and bookkeeping (telemetry,
///   snapshots, the session's settings), not shown.
///
/// A sub-agent's records are its own log beside the session (``QwenAgents``): the call that
/// launched it — the `toolUseId` its sidecar names, else the `agent` (or `task`) call whose
/// `prompt` is the one the agent was given — shows that log as a transcript, the first time; a
/// later call refers to it, and a call back into an agent being shown is cut (``SubAgentGraph``).
///
/// Tolerant: a line that is not JSON, or a record type, subtype or part not known, is a warning
/// naming the file and line, once per kind with a count.
struct QwenSession: AgentLogSession {
    var log: SessionBuilder<Call>
    var tree = ConversationBranches()
    var lastRecord: String?
    /// The session's id, as its records give it.
    var sessionID: String?
    /// The sub-agents recorded beside the session, and the ones shown so far on its page.
    var agents: [QwenAgent] = []
    var graph = SubAgentGraph()
    /// How deep in sub-agents this log is read; a sub-agent's own log is read with its records,
    /// which are marked as a side chain.
    var depth = 0
    var readsSideChain = false

    /// A call and, once it came, its answer: the pieces of a Gemini CLI tool call.
    struct Call {
        var name: String
        var args: JSONNode?
        var response: JSONNode?
        var status: String?
        var display: JSONNode?
    }

    init(file: String) {
        log = SessionBuilder(file: file, versionLabel: "Qwen Code")
        log.inputCountsCacheRead = true
    }

    /// The call in Gemini CLI's recorded shape, shown as Gemini CLI's calls are; the transcript
    /// of the sub-agent it launched, when one is recorded.
    mutating func parts(for call: Call, id: String, once: Bool) -> [TurnPart] {
        if let agent = agent(launchedBy: call, id: id), let transcript = transcript(of: agent, call: call) { return [.transcript(transcript)] }
        var members: [(key: String, node: JSONNode)] = [("name", JSONNode(.string(call.name)))]
        if let args = call.args { members.append(("args", args)) }
        if let response = call.response {
            members.append(("result", JSONNode(.array([JSONNode(.object([("functionResponse", response)]))]))))
        }
        if let status = call.status { members.append(("status", JSONNode(.string(status)))) }
        if let display = call.display { members.append(("resultDisplay", display)) }
        return GeminiTools.parts(for: JSONNode(.object(members)))
    }

    /// System records that change nothing shown.
    static let bookkeeping: Set<String> = [
        "ui_telemetry", "attribution_snapshot", "file_history_snapshot", "session_notes", "at_command", "parent_session",
        "session_source", "session_execution_engine", "session_model", "session_approval_mode", "user_text_elements",
        "session_artifact_event", "session_artifact_snapshot", "session_sources_snapshot", "branch_checkpoint", "goal_state",
        "goal_runtime", "goal_turn_end", "turn_result", "rewind", "agent_bootstrap", "agent_launch_prompt", "agent_retry",
        "agent_session_ready", "omni_recall", "cron", "notification", "background_task_completed", "mid_turn_user_message",
        "realtime_message",
    ]

    mutating func readLine(_ node: JSONNode, line: Int) {
        // A sub-agent's records (a side chain) are its own; the call that started it shows them.
        if !readsSideChain, node["isSidechain"]?.value == .bool(true) { return }
        if sessionID == nil { sessionID = InputProbe.string(node, "sessionId") }
        let date = InputProbe.string(node, "timestamp").flatMap { ChatDate(iso: $0) }
        if let date { log.noteDate(date) }
        if let cwd = InputProbe.string(node, "cwd"), !cwd.isEmpty { log.project = cwd }
        if let version = InputProbe.string(node, "version"), !version.isEmpty { log.version = version }
        if let branch = InputProbe.string(node, "gitBranch"), !branch.isEmpty { log.branch = branch }
        let uuid = InputProbe.string(node, "uuid")
        let parent = InputProbe.string(node, "parentUuid")
        let follows = parent == nil || parent == lastRecord
        if let uuid {
            tree.add(uuid, parent: parent, rank: line)
            lastRecord = uuid
        }
        let id = uuid ?? "l\(line)"
        let parts: [JSONNode]
        if case .array(let found)? = node["message"]?["parts"]?.value { parts = found } else { parts = [] }
        switch InputProbe.string(node, "type") {
        case "user":
            let text = parts.compactMap { InputProbe.string($0, "text") }.joined(separator: "\n").trimmingASCIIWhitespace()
            guard !text.isEmpty else { return }
            log.prompt(text, date: date, id: id)
        case "assistant":
            readAssistant(node, parts: parts, id: id, follows: follows, date: date, line: line)
        case "tool_result":
            readResult(node, parts: parts, line: line)
        case "system":
            readSystem(node, id: id, follows: follows, date: date, line: line)
        case let type:
            log.note("record type", type ?? "(none)", line: line)
        }
    }

    mutating func readAssistant(_ node: JSONNode, parts: [JSONNode], id: String, follows: Bool, date: ChatDate?, line: Int) {
        let model = InputProbe.string(node, "model").flatMap { $0.isEmpty ? nil : $0 }
        if let model { log.useModel(model) }
        var items: [SessionBuilder<Call>.Item] = []
        for part in parts {
            if let text = InputProbe.string(part, "text") {
                guard !text.trimmingASCIIWhitespace().isEmpty else { continue }
                if part["thought"]?.value == .bool(true) {
                    items.append(.part(.thinking(ThinkingPart(text: text, summary: GeminiTools.heading(text)))))
                } else {
                    items.append(.part(.text(text)))
                }
            } else if let call = part["functionCall"] {
                let callID = InputProbe.string(call, "id") ?? "\(id)-\(items.count + 1)"
                if log.calls.updateValue(Call(name: InputProbe.string(call, "name") ?? "tool", args: call["args"]), forKey: callID) != nil {
                    log.repeatedCalls.insert(callID)
                }
                items.append(.call(callID))
            } else {
                let kind = part.objectKeys.first ?? "(none)"
                log.note("part", kind, line: line)
            }
        }
        var spent: TokenUsage?
        if let usage = node["usageMetadata"] {
            func count(_ key: String) -> Tally { log.tallies.countOrZero(usage[key], line: line, path: "usageMetadata.\(key)") }
            let input = count("promptTokenCount"), cached = count("cachedContentTokenCount")
            let output = count("candidatesTokenCount") + count("thoughtsTokenCount")
            log.tokens = log.tokens + TokenUsage(input: input, output: output, cacheRead: cached)
            // `promptTokenCount` counts the cached tokens too.
            spent = TokenUsage(input: input - cached, output: output, cacheRead: cached, context: input + output)
        }
        guard !items.isEmpty || spent != nil else { return }
        if !follows || log.drafts.last?.role != .assistant {
            log.drafts.append(SessionBuilder<Call>.Draft(id: id, role: .assistant, date: date, model: model ?? log.model))
        }
        let last = log.drafts.count - 1
        log.drafts[last].items += items
        if let spent { log.drafts[last].usage = log.drafts[last].usage.map { $0.adding(spent) } ?? spent }
    }

    /// A call's answer, joined to the call by its id (the function response's, or the result's
    /// `callId`).
    mutating func readResult(_ node: JSONNode, parts: [JSONNode], line: Int) {
        let result = node["toolCallResult"]
        var joined = false
        for part in parts {
            guard let response = part["functionResponse"] else { continue }
            guard let callID = InputProbe.string(response, "id") ?? result.flatMap({ InputProbe.string($0, "callId") }), log.calls[callID] != nil
            else { continue }
            log.calls[callID]!.response = response
            log.calls[callID]!.status = result.flatMap { InputProbe.string($0, "status") }
            log.calls[callID]!.display = result?["resultDisplay"]
            joined = true
        }
        if !joined, let result, let callID = InputProbe.string(result, "callId"), log.calls[callID] != nil {
            log.calls[callID]!.status = InputProbe.string(result, "status")
            log.calls[callID]!.display = result["resultDisplay"]
            joined = true
        }
        if !joined { log.note("result of a call not in the log", "", line: line) }
    }

    mutating func readSystem(_ node: JSONNode, id: String, follows: Bool, date: ChatDate?, line: Int) {
        let payload = node["systemPayload"]
        switch InputProbe.string(node, "subtype") {
        case "chat_compression":
            var notice = NoticePart(kind: .compacted, text: "Conversation compacted")
            notice.phrase = UIPhrase(.conversationCompacted)
            add(.notice(notice), id: id, follows: follows, date: date)
        case "custom_title":
            if let title = payload.flatMap({ InputProbe.string($0, "customTitle") }), !title.isEmpty { log.title = title }
        case "slash_command":
            guard let payload, InputProbe.string(payload, "phase") == "invocation", let command = InputProbe.string(payload, "rawCommand") else { return }
            add(.notice(NoticePart(kind: .command, text: SessionText.oneLine(command))), id: id, follows: follows, date: date)
        case let subtype?:
            if Self.bookkeeping.contains(subtype) { return }
            log.note("system record subtype", subtype, line: line)
        case nil:
            log.note("system record without a subtype", "", line: line)
        }
    }

    /// A notice in the reply being written, or a new one where the record starts a branch.
    mutating func add(_ part: TurnPart, id: String, follows: Bool, date: ChatDate?) {
        if !follows || log.drafts.last?.role != .assistant {
            log.drafts.append(SessionBuilder<Call>.Draft(id: id, role: .assistant, date: date, model: log.model))
        }
        log.drafts[log.drafts.count - 1].items.append(.part(part))
    }

    /// The turns with each branch beside the path to the last record, and the header.
    mutating func chat(fallbackTitle: String) -> ImportedChat? {
        var turns = turns()
        if let order = tree.order(turns.map(\.id), leaf: lastRecord, isBranch: { branch in branch.contains { turns[$0].role == .user } }) {
            turns = ConversationBranches.apply(order, to: turns)
        }
        return log.chat(turns, fallbackTitle: fallbackTitle)
    }
}

extension QwenSession {
    /// The sub-agent `call` launched: the one whose sidecar names the call, else the first not yet
    /// shown (or else the first) of those an `agent` or `task` call with its prompt launched.
    func agent(launchedBy call: Call, id: String) -> QwenAgent? {
        if let named = agents.first(where: { $0.toolUseID == id }) { return named }
        guard call.name == "agent" || call.name == "task", let prompt = call.args.flatMap({ InputProbe.string($0, "prompt") }) else { return nil }
        let launched = agents.filter { $0.toolUseID == nil && $0.prompt == prompt }
        return launched.first { !graph.wasShown($0.id) } ?? launched.first
    }

    /// The transcript of `agent`'s log at the call that launched it: its turns the first time, a
    /// reference after; nil when its log cannot be read or holds no reply.
    mutating func transcript(of agent: QwenAgent, call: Call) -> TranscriptPart? {
        func arg(_ key: String) -> String? { call.args.flatMap { InputProbe.string($0, key) }.flatMap { $0.isEmpty ? nil : $0 } }
        let kind = agent.type ?? arg("subagent_type")
        let task = (agent.description ?? arg("description")).map(SessionText.oneLine)
        if let reference = graph.claim(agent.id) {
            var part = SubAgentTranscript.make([], kind: kind, task: task)
            part.agent = agent.id
            part.reference = reference
            return part
        }
        guard depth < 8 else { return nil }
        graph.enter(agent.id)
        defer { graph.leave() }
        var inner = QwenSession(file: agent.log)
        inner.readsSideChain = true
        inner.agents = agents
        inner.graph = graph
        inner.depth = depth + 1
        do throws(DiagnosticError) {
            try SessionLog.mapped(agent.log, what: "Qwen Code sub-agent log") { file in file.withBytes { inner.read($0) } }
        } catch {
            log.diagnostics += error.diagnostics.map { found in
                var warning = found
                warning.severity = .warning
                warning.message += "; the call shows without the sub-agent's turns"
                return warning
            }
            return nil
        }
        let turns = inner.turns()
        graph = inner.graph
        log.adopt(inner.log)
        log.diagnostics += inner.log.diagnostics
        guard turns.contains(where: { $0.role == .assistant }) else { return nil }
        let messages = SubAgentTranscript.messages(turns, prefix: agent.id, caller: "Qwen Code", kind: kind)
        var part = SubAgentTranscript.make(messages, kind: kind, task: task)
        part.agent = agent.id
        part.setSpan(first: turns.first?.date, last: turns.last?.date)
        return part
    }
}

extension JSONNode {
    /// An object's member names, in order; none for any other value.
    fileprivate var objectKeys: [String] {
        if case .object(let members) = value { return members.map(\.key) }
        return []
    }
}
