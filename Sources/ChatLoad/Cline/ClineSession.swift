import ChatModel
import ChatSupport

/// Reads one task of the Cline family (Cline, Roo Code, Kilo Code) as the extension keeps it in
/// `tasks/<taskId>/`, or one Cline CLI session:
///
/// - `api_conversation_history.json`: what was sent to the model, an array of Anthropic-shaped
///   messages `{role, content, ts?, modelInfo?, metrics?}`; `content` is a string or blocks
///   (`text`, `thinking`, `redacted_thinking`, `tool_use`, `tool_result`, `image`). The person's
///   words come wrapped (`<task>`, `<feedback>`, `<answer>`, `<user_message>`) among the
///   agent's context (`<environment_details>`); before native tool calls, calls are tags in the
///   reply's text and results the person's text (see ``ClineTools``).
/// - `ui_messages.json`: what the panel showed, `{ts, type: "say" | "ask", say | ask, text}`;
///   `api_req_started` carries a request's `tokensIn`, `tokensOut`, `cacheWrites`,
///   `cacheReads` and `cost`; `checkpoint_created`, `command_output`, `reasoning` and `error`
///   add to the reply they were shown in.
/// - The CLI's `<id>.messages.json`: `{version, sessionId, messages: [...]}`, its messages the
///   same shape with `metrics` `{inputTokens, outputTokens, cacheReadTokens, cacheWriteTokens, cost}`.
struct ClineSession: AgentSession {
    /// A call and, once it comes, its result.
    struct Call {
        var name: String
        var params: [(key: String, value: String)]
        var input: String?
        var result: String?
        var status: ToolStatus?
    }

    /// One API request as the panel recorded it, and what the panel showed while it ran.
    struct Request {
        var usage: TokenUsage?
        var date: ChatDate?
        /// The history's length before it (newer versions say), to find the reply it made.
        var historyIndex: Int?
        var reasoning: String?
        var notices: [TurnPart] = []
    }

    var log: SessionBuilder<Call>
    var panel = ClineTools.Panel()
    /// The calls written as tags in the last reply, waiting for their results, in order.
    var pending: [String] = []
    /// The panel's requests, in order; nil when there is no panel (the history's own metrics count).
    var requests: [Request]?
    /// When the person's messages were shown, in order: the task, then each feedback.
    var promptDates: [ChatDate] = []
    /// Kinds of panel message not known, warned about as the panel's file's.
    var panelUnknown = UnknownKinds()

    init(file: String) {
        log = SessionBuilder(file: file)
        log.unknown.unit = "message"
        log.freesAsTurnsAreMade = true
    }

    /// A call shows as its tool reads (see ``ClineTools``); one with no result yet is still running.
    mutating func parts(for call: Call, id: String, once: Bool) -> [TurnPart] {
        ClineTools.parts(
            name: call.name, params: call.params, input: call.input, result: call.result, status: call.status ?? (call.result == nil ? .running : .ok),
            panel: panel)
    }

    /// A `ts` (milliseconds since 1970) as a date.
    static func date(_ node: JSONNode?) -> ChatDate? {
        guard let node, case .number(let ms, _) = node.value else { return nil }
        return ImportDate.fromEpoch(ms / 1000)
    }

    // MARK: - The panel

    /// Kinds of panel message that add nothing the history does not hold (the history has the
    /// text, the calls and the answers), read past quietly.
    static let panelKinds: Set<String> = [
        "task", "text", "tool", "command", "completion_result", "plan_completion_result", "user_feedback", "user_feedback_diff",
        "api_req_finished", "api_req_retried", "api_req_failed", "api_req_deleted", "followup", "plan_mode_respond", "act_mode_respond",
        "resume_task", "resume_completed_task", "mistake_limit_reached", "browser_action_launch", "browser_action", "browser_action_result",
        "mcp_server_request_started", "mcp_server_response", "mcp_notification", "use_mcp_server", "shell_integration_warning",
        "shell_integration_warning_with_suggestion", "diff_error", "deleted_api_reqs", "clineignore_error", "rooignore_error",
        "command_permission_denied", "load_mcp_documentation", "info", "task_progress", "hook_status", "hook_output_stream", "subagent",
        "use_subagents", "subagent_usage", "conditional_rules_applied", "compaction", "new_task", "condense", "summarize_task",
        "report_bug", "auto_approval_max_req_reached", "generate_explanation", "new_task_started",
    ]

    /// Reads `ui_messages.json`: each request's tokens and cost, and what was shown with it.
    mutating func read(panel root: JSONNode) {
        guard case .array(let messages) = root.value else {
            log.diagnostics.append(
                Diagnostic(
                    .warning, file: log.file, location: SourceLocation(line: root.line, column: root.column),
                    message: "expected the panel's messages (an array), found \(root.kindDescription); its costs and checkpoints are left out"))
            return
        }
        panelUnknown.unit = "message"
        var requests: [Request] = []
        var command: String?
        var index = 0
        for message in messages {
            defer { index += 1 }
            let date = Self.date(message["ts"])
            if let date { log.widenSpan(date) }
            let kind = InputProbe.string(message, "say") ?? InputProbe.string(message, "ask") ?? ""
            let text = InputProbe.string(message, "text") ?? ""
            switch kind {
            case "api_req_started":
                var request = Request(date: date)
                if case .number(let at, _)? = message["conversationHistoryIndex"]?.value, at >= -1, at < 1e9 { request.historyIndex = Int(at) }
                if let info = try? JSONParser.parse(Array(text.utf8)) { request.usage = usage(panel: info, index: index) }
                if let info = try? JSONParser.parse(Array(text.utf8)), let reason = InputProbe.string(info, "cancelReason") {
                    if reason == "user_cancelled" {
                        var notice = NoticePart(kind: .interrupted, text: "Interrupted by the person")
                        notice.phrase = UIPhrase(.interruptedByPerson)
                        request.notices.append(.notice(notice))
                    } else {
                        let why = InputProbe.string(info, "streamingFailedMessage") ?? "The request failed"
                        request.notices.append(.notice(NoticePart(kind: .error, text: SessionText.oneLine(why), detail: why.count > 200 ? why : nil)))
                    }
                }
                requests.append(request)
            case "checkpoint_created", "checkpoint_saved":
                guard !requests.isEmpty else { continue }
                let hash = InputProbe.string(message, "lastCheckpointHash") ?? (text.isEmpty ? nil : text)
                requests[requests.count - 1].notices.append(.notice(NoticePart(kind: .info, text: "Checkpoint", detail: hash)))
            case "command":
                command = text.trimmingASCIIWhitespace()
            case "command_output":
                guard let command, !command.isEmpty else { continue }
                panel.output[command] = panel.output[command].map { $0 + "\n" + text } ?? text
            case "reasoning":
                guard !requests.isEmpty, !text.isEmpty else { continue }
                requests[requests.count - 1].reasoning = requests[requests.count - 1].reasoning.map { $0 + "\n\n" + text } ?? text
            case "error":
                guard !requests.isEmpty, !text.isEmpty else { continue }
                requests[requests.count - 1].notices.append(
                    .notice(NoticePart(kind: .error, text: SessionText.oneLine(text), detail: text.count > 200 || text.contains("\n") ? text : nil)))
            default:
                if kind == "task" || kind == "user_feedback", let date { promptDates.append(date) }
                if kind == "tool", let info = try? JSONParser.parse(Array(text.utf8)), InputProbe.string(info, "tool") == "newFileCreated",
                    let path = InputProbe.string(info, "path")
                {
                    panel.created.insert(path)
                }
                if !Self.panelKinds.contains(kind) {
                    panelUnknown.note(kind.isEmpty ? "panel message" : "unknown panel message \(Diagnostic.quote(kind))", line: message.line)
                }
            }
        }
        self.requests = requests
    }

    /// A request's tokens and cost as the panel recorded them: `tokensIn` is the input not read
    /// from the cache, `cacheReads` and `cacheWrites` the cache's.
    mutating func usage(panel info: JSONNode, index: Int) -> TokenUsage? {
        guard info["tokensIn"] != nil || info["tokensOut"] != nil || info["cost"] != nil else { return nil }
        func count(_ key: String) -> Tally { log.tallies.countOrZero(info[key], path: "[\(index)].text.\(key)") }
        var usage = TokenUsage(input: count("tokensIn"), output: count("tokensOut"), cacheRead: count("cacheReads"), cacheWrite: count("cacheWrites"))
        usage.context = usage.total
        if case .number(let cost, _)? = info["cost"]?.value, cost > 0, cost <= 1e9 { usage.recordedCost = cost }
        return usage
    }

    /// A message's own metrics (newer versions, and the CLI), used when there is no panel.
    mutating func usage(metrics: JSONNode, index: Int) -> TokenUsage? {
        func count(_ node: JSONNode?, _ key: String) -> Tally { log.tallies.countOrZero(node, path: "[\(index)].metrics.\(key)") }
        var usage: TokenUsage
        if let tokens = metrics["tokens"] {
            // The extension's: `prompt` counts the cached tokens too.
            let prompt = count(tokens["prompt"], "tokens.prompt"), cached = count(tokens["cached"], "tokens.cached")
            usage = TokenUsage(input: prompt - cached, output: count(tokens["completion"], "tokens.completion"), cacheRead: cached)
        } else if metrics["inputTokens"] != nil || metrics["outputTokens"] != nil {
            usage = TokenUsage(
                input: count(metrics["inputTokens"], "inputTokens"), output: count(metrics["outputTokens"], "outputTokens"),
                cacheRead: count(metrics["cacheReadTokens"], "cacheReadTokens"), cacheWrite: count(metrics["cacheWriteTokens"], "cacheWriteTokens"))
        } else {
            return nil
        }
        usage.context = usage.total
        if case .number(let cost, _)? = metrics["cost"]?.value, cost > 0, cost <= 1e9 { usage.recordedCost = cost }
        return usage
    }

    // MARK: - The conversation

    /// Reads the history: a prompt for each time the person spoke, one reply of everything the
    /// agent did until the next, each panel request's tokens on the reply it made.
    mutating func read(history root: JSONNode) {
        let messages: [JSONNode]
        if case .array(let list) = root.value {
            messages = list
        } else if case .array(let list)? = root["messages"]?.value {
            messages = list
        } else {
            log.diagnostics.append(
                Diagnostic(
                    .warning, file: log.file, location: SourceLocation(line: root.line, column: root.column),
                    message: "expected the conversation (an array of messages, or an object with \"messages\"), found \(root.kindDescription)"))
            return
        }
        // Which assistant message each panel request made: the first after the history it was sent
        // with, else the next in order.
        let assistants = messages.indices.filter { InputProbe.string(messages[$0], "role") == "assistant" }
        var requestsOf: [Int: [Request]] = [:]
        var unplaced: [Request] = []
        for (ordinal, request) in (requests ?? []).enumerated() {
            let target = request.historyIndex.flatMap { at in assistants.first { $0 > at } } ?? (ordinal < assistants.count ? assistants[ordinal] : nil)
            if let target { requestsOf[target, default: []].append(request) } else { unplaced.append(request) }
        }
        for (index, message) in messages.enumerated() {
            let date = Self.date(message["ts"])
            switch InputProbe.string(message, "role") {
            case "assistant":
                readReply(message, index: index, date: date, requests: requestsOf[index] ?? [])
            case "user":
                readPrompt(message, index: index, date: date)
            case let role:
                log.note("role", role ?? "(none)", line: message.line)
            }
        }
        // Requests that made no reply kept (the last failed, or was stopped): the last reply carries them.
        for request in unplaced {
            let last = log.openReply()
            log.drafts[last].items += request.notices.map { .part($0) }
            if let usage = request.usage { spend(usage, on: last) }
        }
    }

    /// Tokens spent by the reply `draft`, and by the session.
    mutating func spend(_ usage: TokenUsage, on draft: Int) {
        log.tokens = log.tokens + usage
        log.drafts[draft].usage = log.drafts[draft].usage.map { $0.adding(usage) } ?? usage
    }

    /// The blocks of a message's content: a string is one text block.
    static func blocks(_ content: JSONNode?) -> [JSONNode] {
        guard let content else { return [] }
        switch content.value {
        case .array(let blocks): return blocks
        case .string(let text): return [JSONNode(.object([("type", JSONNode(.string("text"))), ("text", JSONNode(.string(text)))]))]
        default: return []
        }
    }

    /// An assistant message: its blocks (and the calls written in its text) added to the reply,
    /// then what the panel showed with the `requests` that made it, and their tokens.
    mutating func readReply(_ message: JSONNode, index: Int, date: ChatDate?, requests: [Request]) {
        let model = message["modelInfo"].flatMap { InputProbe.string($0, "modelId") ?? InputProbe.string($0, "id") }
        if let model { log.useModel(model) }
        let when = date ?? requests.first?.date
        if let when { log.widenSpan(when) }
        if log.drafts.last?.role != .assistant {
            log.drafts.append(SessionBuilder<Call>.Draft(id: "m\(index)", role: .assistant, date: when, model: log.model))
        }
        let draft = log.drafts.count - 1
        let blocks = Self.blocks(message["content"])
        // Older versions kept the reasoning only in the panel.
        let thought =
            blocks.contains { ["thinking", "redacted_thinking"].contains(InputProbe.string($0, "type") ?? "") }
            || blocks.contains { (InputProbe.string($0, "text") ?? "").contains("<thinking>") }
        if !thought, let reasoning = requests.compactMap(\.reasoning).first {
            log.reply(.thinking(ThinkingPart(text: reasoning)))
        }
        pending = []
        for (number, block) in blocks.enumerated() {
            switch InputProbe.string(block, "type") {
            case "text":
                for piece in ClineTools.pieces(of: InputProbe.string(block, "text") ?? "") {
                    switch piece {
                    case .text(let text): log.reply(.text(text))
                    case .thinking(let text): log.reply(.thinking(ThinkingPart(text: text)))
                    case .call(let name, let params):
                        let id = "x\(index)-\(number)-\(pending.count)"
                        pending.append(id)
                        log.call(id, Call(name: name, params: params, input: ClineTools.inputText(params)))
                    }
                }
            case "thinking":
                let text = InputProbe.string(block, "thinking") ?? InputProbe.string(block, "text") ?? ""
                if !text.trimmingASCIIWhitespace().isEmpty { log.reply(.thinking(ThinkingPart(text: text.trimmingASCIIWhitespace()))) }
            case "redacted_thinking":
                log.reply(.thinking(ThinkingPart(text: "", summary: "Reasoning (encrypted, not in the log)")))
            case "tool_use":
                let name = InputProbe.string(block, "name") ?? "tool"
                let input = block["input"]
                var params: [(key: String, value: String)] = []
                if case .object(let members)? = input?.value {
                    for (key, value) in members {
                        if case .string(let text) = value.value { params.append((key, text)) } else { params.append((key, JSONText.compact(value))) }
                    }
                }
                let id = InputProbe.string(block, "id") ?? "u\(index)-\(number)"
                log.call(id, Call(name: name, params: params, input: input.map(JSONText.compact)))
            case "image":
                continue
            case let type:
                log.note("content block type", type ?? "(none)", line: block.line)
            }
        }
        for request in requests {
            log.drafts[draft].items += request.notices.map { .part($0) }
        }
        if requests.isEmpty, let metrics = message["metrics"], let usage = usage(metrics: metrics, index: index), self.requests == nil {
            spend(usage, on: draft)
        }
        for usage in requests.compactMap(\.usage) { spend(usage, on: draft) }
    }

    /// The text of a tool result's content: a string, or its text blocks joined.
    static func text(_ content: JSONNode?) -> String {
        guard let content else { return "" }
        if case .string(let text) = content.value { return text }
        return blocks(content).compactMap { InputProbe.string($0, "text") }.joined(separator: "\n")
    }

    /// A user message: results joined to their calls, and the person's words (the task, feedback,
    /// an answer) a turn of their own; the agent's context is left out.
    mutating func readPrompt(_ message: JSONNode, index: Int, date: ChatDate?) {
        var words: [String] = []
        var attachments: [ImportedAttachment] = []
        var resumed = false
        // The call whose result goes on in the next text blocks (older versions wrote the
        // `[tool] Result:` line as a block of its own, the output in the blocks after it).
        var open: String?
        func result(_ id: String, _ text: String, failed: Bool) {
            var body = Substring(text)
            if let header = ClineTools.resultHeader(body) { body = header.body }
            let result = ClineTools.withoutEnvironment(String(body))
            log.calls[id]?.result = result
            log.calls[id]?.status = failed ? .error : ClineTools.status(ofResult: result)
            // The person's words given with a result: feedback on the call.
            if let said = ClineTools.element("feedback", in: result) { words.append(said) }
            if log.calls[id]?.name == "ask_followup_question", let answer = ClineTools.element("answer", in: result) { words.append(answer) }
        }
        for block in Self.blocks(message["content"]) {
            switch InputProbe.string(block, "type") {
            case "tool_result":
                open = nil
                let id = InputProbe.string(block, "tool_use_id") ?? ""
                guard log.calls[id] != nil else { continue }
                result(id, Self.text(block["content"]), failed: block["is_error"]?.value == .bool(true))
            case "text":
                let text = InputProbe.string(block, "text") ?? ""
                if let header = ClineTools.resultHeader(text[...]) {
                    open = nil
                    // A result written as the person's text: the first waiting call of its name.
                    if let at = pending.firstIndex(where: { log.calls[$0]?.name == header.name }) ?? pending.indices.first {
                        let id = pending.remove(at: at)
                        result(id, text, failed: false)
                        if String(header.body).trimmingASCIIWhitespace().isEmpty { open = id }
                    }
                    continue
                }
                if let id = open, !text.hasPrefix("<environment_details>") {
                    let before = log.calls[id]?.result ?? ""
                    result(id, before.isEmpty ? text : before + "\n" + text, failed: false)
                    continue
                }
                if text.hasPrefix("[TASK RESUMPTION]") || text.hasPrefix("[TASK RESUMED]") { resumed = true }
                if let project = Self.workingFolder(text), log.project == nil { log.project = project }
                let inside = ["task", "user_message", "feedback", "answer"].lazy.compactMap { ClineTools.element($0, in: text) }.first
                if let inside {
                    words.append(inside)
                } else if !text.hasPrefix("[") && !text.hasPrefix("<") {
                    let plain = ClineTools.withoutEnvironment(text)
                    if !plain.isEmpty { words.append(plain) }
                }
            case "image":
                // A picture the person gave: `source` {type: base64, media_type, data}, or the CLI's `data` and `mediaType`.
                let source = block["source"] ?? block
                guard let data = InputProbe.string(source, "data"), let bytes = InlineData.decodeBase64(data) else { continue }
                let type = InlineData.contentType(declared: InputProbe.string(source, "media_type") ?? InputProbe.string(source, "mediaType"), bytes: bytes)
                attachments.append(
                    ImportedAttachment(
                        id: "m\(index)-\(attachments.count + 1)", name: InlineData.defaultName("image", index: attachments.count + 1, contentType: type),
                        contentType: type, byteCount: Int64(bytes.count), content: .bytes(bytes)))
            case "file", "document":
                continue
            case let type:
                log.note("content block type", type ?? "(none)", line: block.line)
            }
        }
        if resumed && words.isEmpty {
            log.reply([.notice(NoticePart(kind: .info, text: "Task resumed"))], id: "m\(index)", date: date, model: nil)
        }
        let text = words.joined(separator: "\n\n").trimmingASCIIWhitespace()
        guard !text.isEmpty || !attachments.isEmpty else { return }
        let shown = promptDates.isEmpty ? nil : promptDates.removeFirst()
        let when = date ?? shown
        if let when { log.widenSpan(when) }
        log.prompt(text, date: when, attachments: attachments, id: "m\(index)")
        pending = []
    }

    /// The folder the agent worked in, as its context names it: `# Current Working Directory
    /// (/home/ana/src/shop) Files` (or `Current Workspace Directory`).
    static func workingFolder(_ text: String) -> String? {
        for marker in ["# Current Working Directory (", "# Current Workspace Directory ("] {
            guard let start = text.range(of: marker) else { continue }
            let rest = text[start.upperBound...]
            guard let end = rest.range(of: ")") else { continue }
            let folder = String(rest[..<end.lowerBound]).trimmingASCIIWhitespace()
            if folder.hasPrefix("/") || folder.contains(":\\") { return folder }
        }
        return nil
    }
}
