import ChatModel
import ChatSupport

/// One OpenHands conversation as a conversation, from the events of its `events/` folder (one
/// JSON object a file) in order. The current layout's events (the software agent SDK's, each
/// named by its `kind`) are read here; the older layout's (`action` or `observation` events,
/// joined by `cause`) in ``read(legacy:)``.
///
/// | event (`kind`) | becomes |
/// | --- | --- |
/// | `MessageEvent` from the `user` (`llm_message.content[].text`, `image_urls`) | the person's turn and its pictures |
/// | `MessageEvent` from the `agent` | the reply's text, its `reasoning_content` and `thinking_blocks` as thinking before it |
/// | `ActionEvent` (`thought`, `reasoning_content`, `thinking_blocks`, `action`, `tool_name`, `tool_call_id`) | thinking, then the call (``OpenHandsTools``); `ThinkAction` is thinking, `FinishAction`'s `message` the reply's text |
/// | `ObservationEvent` (`observation.content`, `is_error`, `exit_code`), `AgentErrorEvent` (`error`), `UserRejectObservation` (`rejection_reason`) | the result of the call of its `tool_call_id`: ok, failed, or declined |
/// | `Condensation` (`summary`), `CondensationSummaryEvent` | "Conversation compacted", the summary under it |
/// | `ConversationErrorEvent` (`code`, `detail`) | an error notice |
/// | `SystemPromptEvent`, `CondensationRequest`, `ConversationStateUpdateEvent`, `PauseEvent`, `InterruptEvent`, streaming and log events | nothing: the agent's bookkeeping |
/// | any other `kind` | left out, warned about once with a count |
struct OpenHandsSession: AgentSession {
    /// A tool call as an action recorded it, and what its observation said.
    struct Call {
        /// The tool as the model called it (`terminal`, `file_editor`, an MCP tool's name).
        var name: String
        /// The action's kind (`TerminalAction`) or, in the older layout, its `action` (`run`).
        var action: String
        /// The action's fields.
        var input: JSONNode?
        var status: ToolStatus = .running
        var output: String?
        var exitCode: Int?
        /// What an edit's observation says the file was before and after.
        var oldContent: String?
        var newContent: String?
        /// The sub-agents' work, nested at the call that started them (a delegation may start several).
        var transcripts: [TranscriptPart] = []
    }

    var log: SessionBuilder<Call>
    /// The folder the agent worked in: paths under it are shown relative to it.
    var cwd: String?
    /// The reply each LLM response made (`llm_response_id`), as an index of ``SessionBuilder/drafts``,
    /// so the tokens recorded by response join the reply they paid for.
    var replyOfResponse: [String: Int] = [:]
    /// The call an action event started, by the action's event id (observations name it).
    var callOfAction: [String: String] = [:]
    /// The older layout's running totals, last seen: each action's `llm_metrics` are the
    /// session's so far, so a reply's tokens are the difference (see ``read(legacy:)``).
    var lastTotals = TokenUsage()
    /// A sub-agent the older layout runs in the same events, while it runs: the call that
    /// started it, and its session (none, or one), read from the events until that call's
    /// observation (see ``read(legacy:)``).
    var delegateCall: String?
    var delegate: [OpenHandsSession] = []

    init(file: String, cwd: String?) {
        self.cwd = cwd
        log = SessionBuilder(file: file, versionLabel: nil)
        log.unknown.unit = nil
    }

    mutating func parts(for call: Call, id: String, once: Bool) -> [TurnPart] { OpenHandsTools.parts(call, cwd: cwd) }

    // MARK: - The current layout

    /// Reads one event of the SDK's.
    mutating func read(event: JSONNode) {
        let date = InputProbe.string(event, "timestamp").flatMap { ChatDate(iso: $0) }
        if let date { log.widenSpan(date) }
        let kind = InputProbe.string(event, "kind") ?? ""
        switch kind {
        case "MessageEvent":
            readMessage(event, date: date)
        case "ActionEvent":
            readAction(event, date: date)
        case "ObservationEvent", "AgentErrorEvent", "UserRejectObservation":
            readObservation(event, kind: kind)
        case "Condensation", "CondensationSummaryEvent":
            compacted(summary: InputProbe.string(event, "summary"), response: InputProbe.string(event, "llm_response_id"))
        case "ConversationErrorEvent":
            let detail = InputProbe.string(event, "detail") ?? ""
            let code = InputProbe.string(event, "code")
            log.reply(.notice(NoticePart(kind: .error, text: code.map { "\($0): \(detail)" } ?? detail)))
        case "SystemPromptEvent", "CondensationRequest", "ConversationStateUpdateEvent", "PauseEvent", "InterruptEvent", "TokenEvent",
            "StreamingDeltaEvent", "LLMCompletionLogEvent", "HookExecutionEvent":
            return
        default:
            log.note("event kind", kind, line: nil)
        }
    }

    /// The text of a list of contents (`[{"type": "text", "text"}]`), the text ones joined.
    static func text(_ node: JSONNode?) -> String {
        guard let node else { return "" }
        if case .string(let text) = node.value { return text }
        guard case .array(let items) = node.value else { return "" }
        return items.compactMap { InputProbe.string($0, "type") == "text" || $0["type"] == nil ? InputProbe.string($0, "text") : nil }
            .joined(separator: "\n")
    }

    /// The pictures of a list of contents (`{"type": "image", "image_urls"}`) given as data URLs.
    static func images(_ node: JSONNode?, id: String) -> [ImportedAttachment] {
        guard case .array(let items)? = node?.value else { return [] }
        var attachments: [ImportedAttachment] = []
        for item in items where InputProbe.string(item, "type") == "image" {
            guard case .array(let urls)? = item["image_urls"]?.value else { continue }
            for case .string(let url) in urls.map(\.value) where InlineData.isDataURL(url) {
                guard case .success(let data) = InlineData.parseDataURL(url) else { continue }
                attachments.append(
                    ImportedAttachment(
                        id: "i\(attachments.count + 1)-\(id)", name: InlineData.defaultName("image", index: attachments.count + 1, contentType: data.mediaType),
                        contentType: data.mediaType, byteCount: Int64(data.bytes.count), content: .bytes(data.bytes)))
            }
        }
        return attachments
    }

    /// A reply's reasoning as the model gave it: `reasoning_content`, Anthropic's
    /// `thinking_blocks`, an OpenAI `responses_reasoning_item`'s summary.
    mutating func reasoning(_ node: JSONNode) {
        var said: [String] = []
        if let text = InputProbe.string(node, "reasoning_content"), !text.trimmingASCIIWhitespace().isEmpty { said.append(text) }
        if case .array(let blocks)? = node["thinking_blocks"]?.value {
            for block in blocks {
                if InputProbe.string(block, "type") == "redacted_thinking" {
                    log.reply(.thinking(ThinkingPart(text: "", summary: "Reasoning (encrypted, not in the log)")))
                } else if let text = InputProbe.string(block, "thinking"), !text.trimmingASCIIWhitespace().isEmpty, !said.contains(text) {
                    said.append(text)
                }
            }
        }
        if case .array(let summary)? = node["responses_reasoning_item"]?["summary"]?.value {
            let text = summary.compactMap { if case .string(let s) = $0.value { return s } else { return nil } }.joined(separator: "\n\n")
            if !text.trimmingASCIIWhitespace().isEmpty { said.append(text) }
        }
        for text in said { log.reply(.thinking(ThinkingPart(text: text.trimmingASCIIWhitespace()))) }
    }

    /// Notes that the reply being written was made by LLM response `id`.
    mutating func made(by response: String?) {
        guard let response, !response.isEmpty else { return }
        let index = log.openReply()
        if replyOfResponse[response] == nil { replyOfResponse[response] = index }
    }

    mutating func readMessage(_ event: JSONNode, date: ChatDate?) {
        guard let message = event["llm_message"] else {
            log.note("message event without llm_message", "", line: nil)
            return
        }
        let id = InputProbe.string(event, "id") ?? "m\(log.drafts.count + 1)"
        let text = Self.text(message["content"]).trimmingASCIIWhitespace()
        if InputProbe.string(event, "source") == "user" || InputProbe.string(message, "role") == "user" {
            let attachments = Self.images(message["content"], id: id)
            if !text.isEmpty || !attachments.isEmpty { log.prompt(text, date: date, attachments: attachments, id: id) }
            return
        }
        if log.drafts.last?.role != .assistant { log.drafts.append(SessionBuilder<Call>.Draft(id: id, role: .assistant, date: date, model: log.model)) }
        made(by: InputProbe.string(event, "llm_response_id"))
        reasoning(message)
        if !text.isEmpty { log.reply(.text(text)) }
    }

    mutating func readAction(_ event: JSONNode, date: ChatDate?) {
        let id = InputProbe.string(event, "id") ?? "a\(log.drafts.count + 1)"
        if log.drafts.last?.role != .assistant { log.drafts.append(SessionBuilder<Call>.Draft(id: id, role: .assistant, date: date, model: log.model)) }
        made(by: InputProbe.string(event, "llm_response_id"))
        reasoning(event)
        let thought = Self.text(event["thought"]).trimmingASCIIWhitespace()
        if !thought.isEmpty { log.reply(.thinking(ThinkingPart(text: thought))) }
        let action = event["action"].flatMap { $0.value == .null ? nil : $0 }
        let kind = action.flatMap { InputProbe.string($0, "kind") } ?? ""
        let toolCall = event["tool_call"]
        let name = InputProbe.string(event, "tool_name") ?? toolCall.flatMap { InputProbe.string($0, "name") } ?? "tool"
        switch kind {
        case "ThinkAction":
            if let text = action.flatMap({ InputProbe.string($0, "thought") }), !text.trimmingASCIIWhitespace().isEmpty {
                log.reply(.thinking(ThinkingPart(text: text.trimmingASCIIWhitespace())))
            }
            return
        case "FinishAction":
            if let text = action.flatMap({ InputProbe.string($0, "message") }), !text.trimmingASCIIWhitespace().isEmpty {
                log.reply(.text(text.trimmingASCIIWhitespace()))
            }
            return
        default:
            break
        }
        // A call the agent could not run (`action` null) shows the arguments the model wrote.
        let input = action ?? toolCall.flatMap { InputProbe.string($0, "arguments") }.flatMap { try? JSONParser.parse(Array($0.utf8)) }
        let callID = InputProbe.string(event, "tool_call_id") ?? id
        callOfAction[id] = callID
        log.call(callID, Call(name: name, action: kind, input: input))
    }

    mutating func readObservation(_ event: JSONNode, kind: String) {
        let callID =
            InputProbe.string(event, "tool_call_id").flatMap { log.calls[$0] != nil ? $0 : nil }
            ?? InputProbe.string(event, "action_id").flatMap { callOfAction[$0] }
        // A result whose call is not in the log (forgotten in a condensed history, or a
        // ThinkAction's acknowledgement) has nothing to join.
        guard let callID, var call = log.calls[callID] else { return }
        switch kind {
        case "AgentErrorEvent":
            call.status = .error
            call.output = InputProbe.string(event, "error") ?? ""
        case "UserRejectObservation":
            call.status = .rejected
            call.output = InputProbe.string(event, "rejection_reason") ?? "Rejected"
        default:
            let observation = event["observation"]
            // The content list, or the first SDK releases' `output`.
            var output = Self.text(observation?["content"])
            if output.isEmpty, let older = observation.flatMap({ InputProbe.string($0, "output") }) { output = older }
            call.output = output
            var failed = observation?["is_error"]?.value == .bool(true) || observation?["error"]?.value == .bool(true)
            if let error = observation.flatMap({ InputProbe.string($0, "error") }), !error.isEmpty {
                failed = true
                if output.isEmpty { call.output = error }
            }
            if case .number(_, let code?)? = observation?["exit_code"]?.value, let exit = Int(exactly: code) { call.exitCode = exit }
            call.oldContent = observation.flatMap { InputProbe.string($0, "old_content") }
            call.newContent = observation.flatMap { InputProbe.string($0, "new_content") }
            call.status = failed ? .error : .ok
        }
        log.calls[callID] = call
    }

    /// Where the agent summed up the history it forgot: the marker other agents' compactions
    /// show, with the summary under it; the condenser's tokens join it by its response.
    mutating func compacted(summary: String?, response: String?) {
        var notice = NoticePart(kind: .compacted, text: "Conversation compacted", detail: summary.flatMap { $0.isEmpty ? nil : $0 })
        notice.phrase = UIPhrase(.conversationCompacted)
        log.reply(.notice(notice))
        made(by: response)
    }

    // MARK: - Tokens

    /// A count of the SDK's `TokenUsage` (or the older layout's): `prompt_tokens` counts the
    /// input read from and written to the cache too, so the input is what is left of it.
    mutating func usage(_ node: JSONNode, path: String) -> TokenUsage {
        func count(_ key: String) -> Tally { log.tallies.countOrZero(node[key], path: path + "." + key) }
        let prompt = count("prompt_tokens"), read = count("cache_read_tokens"), written = count("cache_write_tokens")
        var usage = TokenUsage(input: prompt - read - written, output: count("completion_tokens"), cacheRead: read, cacheWrite: written)
        if let window = log.tallies.count(node["context_window"], path: path + ".context_window"), window > 0 { usage.contextWindow = window }
        return usage
    }

    /// Tokens spent by the reply `draft`, and by the session.
    mutating func spend(_ usage: TokenUsage, on draft: Int) {
        log.tokens = log.tokens + usage
        log.drafts[draft].usage = log.drafts[draft].usage.map { $0.adding(usage) } ?? usage
    }

    /// The current layout's tokens, from `base_state.json`'s `stats.usage_to_metrics` (one
    /// entry per LLM the conversation used: the agent's, the condenser's…): each response's
    /// `token_usages` entry on the reply its `response_id` made (else on the last reply), its
    /// cost beside it when `costs` has one per response; when no response is listed, the
    /// entry's `accumulated_token_usage` and `accumulated_cost` on the last reply.
    mutating func readStats(_ stats: JSONNode?) {
        guard case .object(let entries)? = stats?["usage_to_metrics"]?.value ?? stats?["service_to_metrics"]?.value else { return }
        for (usageID, metrics) in entries {
            let path = "stats.usage_to_metrics.\(usageID)"
            if let model = InputProbe.string(metrics, "model_name"), !model.isEmpty, model != "default", usageID == "agent" || log.models.isEmpty {
                log.useModel(model)
            }
            var costs: [Double] = []
            if case .array(let list)? = metrics["costs"]?.value {
                costs = list.compactMap { if case .number(let cost, _)? = $0["cost"]?.value, cost >= 0, cost <= 1e9 { cost } else { nil } }
            }
            guard case .array(let responses)? = metrics["token_usages"]?.value, !responses.isEmpty else {
                guard let total = metrics["accumulated_token_usage"] else { continue }
                var usage = self.usage(total, path: path + ".accumulated_token_usage")
                if case .number(let cost, _)? = metrics["accumulated_cost"]?.value, cost > 0, cost <= 1e9 { usage.recordedCost = cost }
                spend(usage, on: lastReply())
                continue
            }
            for (index, response) in responses.enumerated() {
                var usage = self.usage(response, path: path + ".token_usages[\(index)]")
                usage.context = usage.total
                if costs.count == responses.count, costs[index] > 0 { usage.recordedCost = costs[index] }
                let draft = InputProbe.string(response, "response_id").flatMap { replyOfResponse[$0] } ?? lastReply()
                spend(usage, on: draft)
            }
            // Costs that are not one per response: the entry's whole cost on the last reply.
            if costs.count != responses.count, case .number(let cost, _)? = metrics["accumulated_cost"]?.value, cost > 0, cost <= 1e9 {
                spend(TokenUsage(recordedCost: cost), on: lastReply())
            }
        }
    }

    /// The last reply's index (one is opened when there is none).
    mutating func lastReply() -> Int {
        log.drafts.indices.last { log.drafts[$0].role == .assistant } ?? log.openReply()
    }
}
