import ChatModel
import ChatSupport

/// The older layout's events (`~/.openhands/sessions/<id>/events/<n>.json`): each an `action`
/// with its `args`, or an `observation` with `content` and `extras` whose `cause` is the id of
/// the action it answers.
///
/// | event | becomes |
/// | --- | --- |
/// | `message` from the `user` (`args.content`, `args.image_urls`) | the person's turn |
/// | `message` from the `agent` (`args.content`, `args.thought`) | the reply's text, the thought before it as thinking |
/// | `run`, `run_ipython`, `read`, `write`, `edit`, `browse`, `browse_interactive`, `call_tool_mcp`, `task_tracking`, `delegate` | `args.thought` as thinking, then the call (``OpenHandsTools``), joined to the observation whose `cause` is its id |
/// | observation `run` (`extras.metadata.exit_code`, `working_dir`), `edit` (`extras.old_content`, `new_content`), any other | the call's output; `error` fails it, `user_rejected` declines it |
/// | `delegate`'s sub-agent: the events between it and its observation | the sub-agent's transcript, nested at the call |
/// | `think` (`args.thought`), `finish` (`args.final_thought`, `outputs.content`) | thinking; the reply's text |
/// | `condensation` (`args.summary`) | "Conversation compacted", the summary under it |
/// | `llm_metrics` on an action (`accumulated_token_usage`, `accumulated_cost`: the session's so far) | the reply's tokens and cost: what grew since the last action's |
/// | `system`, `recall`, `change_agent_state`, `agent_state_changed`, `null` and the like | nothing: the agent's bookkeeping |
extension OpenHandsSession {
    /// Actions that are tool calls.
    static let legacyCalls: Set<String> = [
        "run", "run_ipython", "read", "write", "edit", "browse", "browse_interactive", "call_tool_mcp", "task_tracking", "delegate",
    ]
    /// Actions and observations that are the agent's bookkeeping, shown as nothing.
    static let legacyQuiet: Set<String> = [
        "system", "recall", "change_agent_state", "agent_state_changed", "null", "pause", "resume", "stop", "condensation_request",
        "start", "push", "send_pr", "loop_recovery", "loop_detection", "reject", "success", "download", "chat", "condense",
    ]

    /// Reads one event of the older layout.
    mutating func read(legacy event: JSONNode) {
        if delegateCall != nil, !delegate.isEmpty {
            // The sub-agent's events, until the observation of the call that started it.
            let cause = Self.number(event["cause"]).map { "e\($0)" }
            if event["observation"] == nil || cause != delegateCall {
                delegate[0].read(legacy: event)
                return
            }
        }
        let date = InputProbe.string(event, "timestamp").flatMap { ChatDate(iso: $0) }
        if let date { log.widenSpan(date) }
        let id = Self.number(event["id"]).map { "e\($0)" } ?? "e\(log.drafts.count + 1)"
        let args = event["args"]
        func arg(_ key: String) -> String? { args.flatMap { InputProbe.string($0, key) } }
        if let action = InputProbe.string(event, "action") {
            // The model as the provider answered, unless the session's names it with its provider.
            if let model = event["tool_call_metadata"]?["model_response"].flatMap({ InputProbe.string($0, "model") }), !model.isEmpty,
                !log.models.contains(where: { $0 == model || $0.hasSuffix("/" + model) })
            {
                log.useModel(model)
            }
            switch action {
            case "message":
                let text = (arg("content") ?? "").trimmingASCIIWhitespace()
                if InputProbe.string(event, "source") == "user" {
                    if !text.isEmpty { log.prompt(text, date: date, id: id) }
                } else {
                    openReply(id: id, date: date)
                    thought(arg("thought"))
                    if !text.isEmpty { log.reply(.text(text)) }
                }
            case "think":
                openReply(id: id, date: date)
                thought(arg("thought"))
            case "finish":
                openReply(id: id, date: date)
                thought(arg("thought"))
                let said = arg("final_thought") ?? args?["outputs"].flatMap { InputProbe.string($0, "content") } ?? ""
                if !said.trimmingASCIIWhitespace().isEmpty { log.reply(.text(said.trimmingASCIIWhitespace())) }
            case "condensation":
                compacted(summary: arg("summary"), response: nil)
            case _ where Self.legacyCalls.contains(action):
                openReply(id: id, date: date)
                thought(arg("thought"))
                var name = event["tool_call_metadata"].flatMap { InputProbe.string($0, "function_name") } ?? action
                if action == "call_tool_mcp", let tool = arg("name") { name = tool }
                log.call(id, Call(name: name, action: action, input: args))
            case _ where Self.legacyQuiet.contains(action):
                break
            default:
                log.note("action", action, line: nil)
            }
            if let metrics = event["llm_metrics"] { spendRunningTotals(metrics, id: id) }
            if action == "delegate" {
                // The sub-agent's running totals go on from the session's, this action's included.
                var child = OpenHandsSession(file: log.file, cwd: cwd)
                child.lastTotals = lastTotals
                delegateCall = id
                delegate = [child]
            }
            return
        }
        guard let observation = InputProbe.string(event, "observation") else {
            log.note("event with neither action nor observation", "", line: nil)
            return
        }
        let extras = event["extras"]
        if observation == "run", cwd == nil, let folder = extras?["metadata"].flatMap({ InputProbe.string($0, "working_dir") }), !folder.isEmpty {
            cwd = folder
            log.project = folder
        }
        let callID = Self.number(event["cause"]).map { "e\($0)" }
        guard let callID, var call = log.calls[callID] else {
            switch observation {
            case "error":
                log.reply(.notice(NoticePart(kind: .error, text: InputProbe.string(event, "content") ?? "Error")))
            case _
            where Self.legacyQuiet.contains(observation) || Self.legacyCalls.contains(observation) || observation == "think"
                || observation == "mcp" || observation == "user_rejected" || observation == "edit" || observation == "write":
                break
            default:
                log.note("observation", observation, line: nil)
            }
            return
        }
        call.output = InputProbe.string(event, "content") ?? ""
        switch observation {
        case "error":
            call.status = .error
        case "user_rejected":
            call.status = .rejected
        default:
            call.status = event["success"]?.value == .bool(false) ? .error : .ok
        }
        if case .number(_, let code?)? = extras?["metadata"]?["exit_code"]?.value, let exit = Int(exactly: code), exit >= 0 { call.exitCode = exit }
        call.oldContent = extras.flatMap { InputProbe.string($0, "old_content") }
        call.newContent = extras.flatMap { InputProbe.string($0, "new_content") }
        if callID == delegateCall {
            finishDelegate(into: &call)
            if call.output?.isEmpty != false, let outputs = extras?["outputs"] { call.output = JSONText.compact(outputs) }
        }
        log.calls[callID] = call
    }

    /// The sub-agent still running at the end of the events, nested where it started.
    mutating func finishOpenDelegate() {
        guard let id = delegateCall, var call = log.calls[id] else { return }
        finishDelegate(into: &call)
        log.calls[id] = call
    }

    /// The sub-agent's turns as the transcript at its call; its tokens and models the session's.
    mutating func finishDelegate(into call: inout Call) {
        guard var child = delegate.first, let id = delegateCall else { return }
        delegate = []
        delegateCall = nil
        child.finishOpenDelegate()
        let turns = child.turns()
        log.diagnostics += child.log.diagnostics
        log.adopt(child.log)
        lastTotals = child.lastTotals
        // The sub-agent's replies carry their tokens in the transcript; the header counts them.
        guard !turns.isEmpty else { return }
        let agent = call.input.flatMap { InputProbe.string($0, "agent") }
        let task = call.input?["inputs"].flatMap { InputProbe.string($0, "task") }.flatMap(TitleWords.of)
        let messages = SubAgentTranscript.messages(turns, prefix: id, caller: "OpenHands", kind: agent)
        call.transcripts.append(SubAgentTranscript.make(messages, kind: agent, task: task))
    }

    /// Opens a reply for an agent's event, dated by it.
    mutating func openReply(id: String, date: ChatDate?) {
        if log.drafts.last?.role != .assistant { log.drafts.append(SessionBuilder<Call>.Draft(id: id, role: .assistant, date: date, model: log.model)) }
    }

    /// An action's `thought`, as thinking.
    mutating func thought(_ text: String?) {
        guard let text = text?.trimmingASCIIWhitespace(), !text.isEmpty else { return }
        log.reply(.thinking(ThinkingPart(text: text)))
    }

    /// An action's `llm_metrics`: the session's totals so far, so the reply spent what grew since
    /// the totals last seen (a total smaller than before starts the count again: a restart).
    mutating func spendRunningTotals(_ metrics: JSONNode, id: String) {
        guard let total = metrics["accumulated_token_usage"] else { return }
        var now = usage(total, path: "\(id).llm_metrics.accumulated_token_usage")
        if case .number(let cost, _)? = metrics["accumulated_cost"]?.value, cost >= 0, cost <= 1e9 { now.recordedCost = cost }
        let before = lastTotals
        let grew =
            now.input >= before.input && now.output >= before.output && now.cacheRead >= before.cacheRead && now.cacheWrite >= before.cacheWrite
            && (now.recordedCost ?? 0) >= (before.recordedCost ?? 0)
        var spent =
            grew
            ? TokenUsage(
                input: now.input - before.input, output: now.output - before.output, cacheRead: now.cacheRead - before.cacheRead,
                cacheWrite: now.cacheWrite - before.cacheWrite)
            : TokenUsage(input: now.input, output: now.output, cacheRead: now.cacheRead, cacheWrite: now.cacheWrite)
        let cost = grew ? (now.recordedCost ?? 0) - (before.recordedCost ?? 0) : (now.recordedCost ?? 0)
        if cost > 0 { spent.recordedCost = cost }
        lastTotals = now
        guard !spent.total.isZero || spent.recordedCost != nil else { return }
        spend(spent, on: log.openReply())
    }

    /// A whole number of the log (an event's `id`, `cause`).
    static func number(_ node: JSONNode?) -> Int64? {
        if case .number(_, let integer?)? = node?.value { return integer }
        return nil
    }
}
