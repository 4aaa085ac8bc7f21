import ChatModel
import ChatSupport

/// Claude Code's tool calls as turn parts, each as the app shows it:
///
/// | tool | part |
/// | --- | --- |
/// | `Bash` | a terminal: the command, its description, its output (ANSI colours kept) and exit status |
/// | `Edit`, `MultiEdit`, `Write` | a diff, from the result's `structuredPatch`, else from the old and new text |
/// | `Task`, `Agent` | the sub-agent's transcript, nested and collapsed |
/// | `ExitPlanMode` | the plan, as a document |
/// | `Read`, `Grep`, `Glob`, `TodoWrite`, `WebFetch`, `WebSearch`, MCP and any other | a tool call with a title in words; the page shows Read as numbered source, Grep and Glob as match lists and TodoWrite as a checklist |
///
/// A call the person declined is `rejected`, one that failed is `error`; either stays a tool
/// call (input shown), whatever the tool. Images a result returns become attachments of the
/// turn, shown in the call, once.
enum ClaudeCodeTools {
    /// A sub-agent transcript nests at most this deep (a log naming itself ends there).
    static let maxAgentDepth = 4

    /// Whether the call's parts depend only on the call and the session's working folder: it is
    /// not a sub-agent's (whose log is read, its images and warnings added to the session's) and
    /// its result returns no image (which takes the next id of the session's).
    static func isIndependent(_ call: ClaudeCodeSession.ToolCall) -> Bool {
        if call.name == "Task" || call.name == "Agent" { return false }
        if case .array(let blocks)? = call.result?.content?.value {
            return !blocks.contains { ImportSource.string($0["type"]) == "image" }
        }
        return true
    }

    static func parts(for call: ClaudeCodeSession.ToolCall, in session: inout ClaudeCodeSession, attachments: inout [ImportedAttachment]) -> [TurnPart] {
        let input = call.input
        let result = call.result
        var text = ""
        var imageIDs: [String] = []
        if let content = result?.content {
            switch content.value {
            case .string(let value): text = value
            case .array(let blocks):
                var pieces: [String] = []
                for block in blocks {
                    switch ImportSource.string(block["type"]) {
                    case "text": if let value = ImportSource.string(block["text"]) { pieces.append(value) }
                    case "image":
                        if let image = session.image(block) { attachments.append(image); imageIDs.append(image.id!) }
                    default: break
                    }
                }
                text = pieces.joined(separator: "\n")
            default: break
            }
        }
        let record = result?.record
        var status: ToolStatus = .ok
        var shown: String? = text
        if result == nil {
            status = .running
            shown = nil
        } else {
            let rejection = ClaudeCodeText.rejection(text)
            let recordSays = ImportSource.string(record).map { ClaudeCodeText.rejection($0).rejected } ?? false
            if rejection.rejected || recordSays || ClaudeCodeText.isInterruption(text) {
                status = .rejected
                shown = rejection.reason.map { "The person said: \($0)" }
            } else if result!.isError {
                status = .error
                shown = ClaudeCodeText.withoutErrorTags(text)
            }
        }
        func string(_ key: String) -> String? { input.flatMap { ImportSource.string($0[key]) } }
        let path = string("file_path") ?? string("notebook_path") ?? string("path")
        let shortPath = path.map { session.relative($0) }
        func toolCall(_ title: String?, _ phrase: UIPhrase? = nil) -> [TurnPart] {
            // The input as text only for the calls shown as such (a command, a diff or a
            // transcript does not show it).
            var part = ToolCallPart(
                name: call.name, title: title, input: input.map { pretty($0) }, status: status, result: shown.flatMap { $0.isEmpty ? nil : $0 },
                attachmentIDs: imageIDs)
            part.titlePhrase = title == nil ? nil : phrase
            return [.toolCall(part)]
        }

        switch call.name {
        case "Bash":
            let command = string("command") ?? ""
            let description = string("description")
            guard status == .ok || status == .error else {
                return toolCall(description.map { "\($0)" } ?? "Run a command", description == nil ? UIPhrase(.toolRunCommand) : nil)
            }
            var output = text
            var exitCode: Int? = status == .ok ? 0 : nil
            if case .object? = record?.value, let stdout = ImportSource.string(record?["stdout"]) {
                let stderr = ImportSource.string(record?["stderr"]) ?? ""
                output = [stdout, stderr].filter { !$0.isEmpty }.joined(separator: stdout.hasSuffix("\n") ? "" : "\n")
            }
            if status == .error {
                // "Exit code 2\n<output>": the status, then what it printed.
                if text.hasPrefix("Exit code "), let digits = Int(text.dropFirst("Exit code ".count).prefix { $0.isNumber || $0 == "-" }) {
                    exitCode = digits
                    if output == text { output = String(text.drop { $0 != "\n" }.dropFirst()) }
                } else {
                    return toolCall(description ?? "Run a command", description == nil ? UIPhrase(.toolRunCommand) : nil)
                }
            }
            return [.terminal(TerminalPart(command: command, output: ClaudeCodeText.withoutErrorTags(output), exitCode: exitCode, title: description))]
        case "Edit", "MultiEdit", "Write":
            guard status == .ok else {
                return toolCall(
                    shortPath.map { "\(call.name == "Write" ? "Write" : "Edit") \($0)" },
                    shortPath.map { UIPhrase(call.name == "Write" ? .toolWrite : .toolEdit, ["path": $0]) })
            }
            // Write records "type": "create" for a file it made ("File created successfully at:"
            // in the result's text, in logs without the record).
            let created =
                call.name == "Write"
                && (record.flatMap { ImportSource.string($0["type"]) } == "create"
                    || (record == nil && text.hasPrefix("File created successfully")))
            if let unified = unifiedDiff(record, path: shortPath ?? path ?? "file") {
                return [.diff(DiffPart(path: shortPath, unified: unified, created: created))]
            }
            if call.name == "Write" {
                let old = record.flatMap { ImportSource.string($0["originalFile"]) } ?? ""
                return [.diff(DiffPart(path: shortPath, old: old, new: string("content") ?? "", created: created))]
            }
            if call.name == "MultiEdit", case .array(let edits)? = input?["edits"]?.value {
                let parts = edits.compactMap { edit -> TurnPart? in
                    guard let old = ImportSource.string(edit["old_string"]), let new = ImportSource.string(edit["new_string"]) else { return nil }
                    return .diff(DiffPart(path: shortPath, old: old, new: new))
                }
                if !parts.isEmpty { return parts }
            }
            if let old = string("old_string"), let new = string("new_string") {
                return [.diff(DiffPart(path: shortPath, old: old, new: new))]
            }
            return toolCall(shortPath.map { "Edit \($0)" }, shortPath.map { UIPhrase(.toolEdit, ["path": $0]) })
        case "Read":
            var title = shortPath.map { "Read \($0)" } ?? "Read a file"
            var phrase: UIPhrase? = shortPath.map { UIPhrase(.toolRead, ["path": $0]) } ?? UIPhrase(.toolReadAFile)
            if case .object? = record?["file"]?.value, let record {
                let start = ClaudeCodeSession.int(record["file"]?["startLine"]), lines = ClaudeCodeSession.int(record["file"]?["numLines"])
                let total = ClaudeCodeSession.int(record["file"]?["totalLines"])
                if lines > 0, total > lines {
                    title += " · lines \(max(start, 1))–\(max(start, 1) + lines - 1) of \(total)"
                    phrase = shortPath.map {
                        UIPhrase(.toolReadLines, ["path": $0, "first": "\(max(start, 1))", "last": "\(max(start, 1) + lines - 1)", "total": "\(total)"])
                    }
                }
            }
            return toolCall(title, phrase)
        case "Grep":
            let pattern = string("pattern") ?? ""
            var title = "Searched for “\(pattern)”"
            var phrase = UIPhrase(.toolGrep, ["pattern": pattern])
            if let scope = string("path") {
                title += " in \(session.relative(scope))"
                phrase = UIPhrase(.toolGrepIn, ["pattern": pattern, "scope": session.relative(scope)])
            }
            if let glob = string("glob") {
                title += " (\(glob))"
                phrase.key = phrase.key == .toolGrepIn ? .toolGrepInGlob : .toolGrepGlob
                phrase.values["glob"] = glob
            }
            return toolCall(title, phrase)
        case "Glob":
            var title = "Found files matching \(string("pattern") ?? "")"
            var phrase = UIPhrase(.toolGlob, ["pattern": string("pattern") ?? ""])
            if let scope = string("path") {
                title += " in \(session.relative(scope))"
                phrase = UIPhrase(.toolGlobIn, ["pattern": string("pattern") ?? "", "scope": session.relative(scope)])
            }
            return toolCall(title, phrase)
        case "TodoWrite":
            var title = "Updated the to-do list"
            var phrase = UIPhrase(.toolTodos)
            if case .array(let todos)? = input?["todos"]?.value {
                let done = todos.filter { ImportSource.string($0["status"]) == "completed" }.count
                title += " · \(done) of \(todos.count) done"
                phrase = UIPhrase(.toolTodosDone, ["done": "\(done)", "count": "\(todos.count)"])
            }
            return toolCall(title, phrase)
        case "WebFetch":
            let url = string("url") ?? ""
            if status == .ok, let fetched = record.flatMap({ ImportSource.string($0["result"]) }) { shown = fetched }
            return toolCall("Fetched \(host(url) ?? url)", UIPhrase(.toolFetched, ["host": host(url) ?? url]))
        case "WebSearch":
            // The page draws the pages found as links from the result's `Links: […]` line; a
            // result kept only in the record's `results` gets that line made from them.
            if status == .ok, !text.contains("Links: ["), let links = searchLinks(record) {
                shown = "Links: " + links + (text.isEmpty ? "" : "\n\n" + text)
            }
            return toolCall("Searched the web for “\(string("query") ?? "")”", UIPhrase(.toolWebSearch, ["query": string("query") ?? ""]))
        case "Task", "Agent":
            guard status == .ok || status == .running else {
                return toolCall(string("description").map { "Agent: \($0)" }, string("description").map { UIPhrase(.agentTask, ["task": $0]) })
            }
            if let transcript = agentTranscript(call, record: record, resultText: text, in: &session, attachments: &attachments) {
                return [.transcript(transcript)]
            }
            return toolCall(string("description").map { "Agent: \($0)" }, string("description").map { UIPhrase(.agentTask, ["task": $0]) })
        case "ExitPlanMode":
            if let plan = string("plan"), !plan.isEmpty {
                var document = DocumentPart(title: "Plan", content: plan)
                document.titlePhrase = UIPhrase(.planTitle)
                var parts: [TurnPart] = [.document(document)]
                if status == .rejected {
                    var notice = NoticePart(kind: .interrupted, text: "Plan not approved", detail: shown)
                    notice.phrase = UIPhrase(.planNotApproved)
                    parts.append(.notice(notice))
                }
                return parts
            }
            return toolCall("Presented a plan", UIPhrase(.toolPresentedPlan))
        default:
            if let mcp = MCPToolName(call.name) { return toolCall(mcp.title) }
            return toolCall(nil)
        }
    }

    /// ``NativeJSON/pretty(_:indent:)``'s text, written into one buffer rather than joined level
    /// by level: every tool call's input goes through it.
    static func pretty(_ node: JSONNode) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(256)
        writePretty(node, indent: 0, into: &out)
        return String(decoding: out, as: UTF8.self)
    }

    private static func writePretty(_ node: JSONNode, indent: Int, into out: inout [UInt8]) {
        func newline(_ level: Int) {
            out.append(0x0A)
            for _ in 0..<level { out.append(0x20); out.append(0x20) }
        }
        switch node.value {
        case .null, .bool, .number: out.append(contentsOf: NativeJSON.pretty(node).utf8)
        case .string(let text): JSONQuote.append(text, to: &out)
        case .array(let items):
            if items.isEmpty { out.append(contentsOf: "[]".utf8); return }
            out.append(UInt8(ascii: "["))
            for (k, item) in items.enumerated() {
                if k > 0 { out.append(UInt8(ascii: ",")) }
                newline(indent + 1)
                writePretty(item, indent: indent + 1, into: &out)
            }
            newline(indent)
            out.append(UInt8(ascii: "]"))
        case .object(let members):
            if members.isEmpty { out.append(contentsOf: "{}".utf8); return }
            out.append(UInt8(ascii: "{"))
            for k in members.indices {
                if k > 0 { out.append(UInt8(ascii: ",")) }
                newline(indent + 1)
                JSONQuote.append(members[k].key, to: &out)
                out.append(contentsOf: ": ".utf8)
                writePretty(members[k].node, indent: indent + 1, into: &out)
            }
            newline(indent)
            out.append(UInt8(ascii: "}"))
        }
    }

    /// `toolUseResult.results` of a web search — `[{"tool_use_id": …, "content": [{"title", "url"}, …]}, "summary", …]`
    /// — as one JSON array of its links; nil when it has none.
    static func searchLinks(_ record: JSONNode?) -> String? {
        guard case .array(let results)? = record?["results"]?.value else { return nil }
        var items: [String] = []
        for result in results {
            guard case .array(let links)? = result["content"]?.value else { continue }
            for link in links {
                guard let url = ImportSource.string(link["url"]) else { continue }
                items.append("{\"title\":\(JSONQuote.quote(ImportSource.string(link["title"]) ?? "")),\"url\":\(JSONQuote.quote(url))}")
            }
        }
        return items.isEmpty ? nil : "[" + items.joined(separator: ",") + "]"
    }

    /// `structuredPatch` hunks as unified diff text under `--- a/path` / `+++ b/path`; nil when
    /// there are none.
    static func unifiedDiff(_ record: JSONNode?, path: String) -> String? {
        guard case .array(let hunks)? = record?["structuredPatch"]?.value, !hunks.isEmpty else { return nil }
        var out = "--- a/\(path)\n+++ b/\(path)\n"
        var any = false
        for hunk in hunks {
            guard case .array(let lines)? = hunk["lines"]?.value else { continue }
            let oldStart = ClaudeCodeSession.int(hunk["oldStart"]), oldLines = ClaudeCodeSession.int(hunk["oldLines"])
            let newStart = ClaudeCodeSession.int(hunk["newStart"]), newLines = ClaudeCodeSession.int(hunk["newLines"])
            out += "@@ -\(oldStart),\(oldLines) +\(newStart),\(newLines) @@\n"
            for line in lines {
                guard let text = ImportSource.string(line) else { continue }
                out += text
                out += "\n"
                any = true
            }
        }
        return any ? out : nil
    }

    static func host(_ url: String) -> String? {
        guard let scheme = ClaudeCodeText.find("://", in: Substring(url)) else { return nil }
        let rest = url[scheme.upperBound...]
        let host = rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        return host.isEmpty ? nil : String(host)
    }

    /// The sub-agent's work as a transcript: its own log (by the agent id the result names, or
    /// the call id its meta file names), else the sidechain lines of this log that answer the
    /// call's prompt, else the prompt and the final report.
    static func agentTranscript(
        _ call: ClaudeCodeSession.ToolCall, record: JSONNode?, resultText: String,
        in session: inout ClaudeCodeSession, attachments: inout [ImportedAttachment]
    ) -> TranscriptPart? {
        let input = call.input
        let description = input.flatMap { ImportSource.string($0["description"]) }
        var kind = input.flatMap { ImportSource.string($0["subagent_type"]) }
        let prompt = input.flatMap { ImportSource.string($0["prompt"]) } ?? ""
        var nested: AgentReading?
        var shownLog: String?
        if session.depth < maxAgentDepth, let sessionPath = session.sessionPath {
            let agents = session.agents
            var log: (log: String, meta: String?)?
            if let agentID = record.flatMap({ ImportSource.string($0["agentId"]) }) {
                let key = sessionPath + "\u{0}" + agentID
                if let known = agents.logs[key] {
                    log = known
                } else {
                    log = ClaudeCodeSource.agentLog(agentID, sessionPath: sessionPath)
                    agents.logs[key] = .some(log)
                }
            }
            if log == nil {
                let byCall = agents.byCall[sessionPath] ?? ClaudeCodeSource.agentLogsByCall(sessionPath: sessionPath)
                agents.byCall[sessionPath] = byCall
                if let found = byCall[call.id] {
                    let meta = agents.metaPaths[found] ?? found.replacingOccurrences(of: ".jsonl", with: ".meta.json")
                    agents.metaPaths[found] = meta
                    log = (found, meta)
                }
            }
            if let log {
                // Each agent's log is shown once, at the first call that started it; a later
                // call links there, and one back into an agent being read is a cycle, cut. (Logs
                // that each call the others were copied into every path through them.)
                // Known by its file's name (`agent-<id>.jsonl`), the same wherever the session is.
                let agent = FilePath.lastComponent(log.log)
                if let reference = agents.graph.claim(agent) {
                    var part = SubAgentTranscript.make([], kind: kind, task: description)
                    part.agent = agent
                    part.reference = reference
                    return part
                }
                agents.graph.enter(agent)
                defer { agents.graph.leave() }
                shownLog = agent
                let key = "\(session.depth + 1)\u{0}" + log.log
                if let known = agents.readings[key] {
                    nested = known
                } else if let bytes = try? FileInput.read(path: log.log, displayPath: log.log, limit: ClaudeCodeSource.maxFileSize, what: "sub-agent log") {
                    var metaKind: String?
                    if let meta = log.meta, let metaBytes = try? FileInput.read(path: meta, displayPath: meta, limit: 1 << 20, what: "sub-agent meta"),
                        let root = try? JSONParser.parse(metaBytes), let type = ImportSource.string(root["agentType"])
                    {
                        metaKind = type
                    }
                    let issued = session.images.next
                    var reader = ClaudeCodeSession(file: log.log, sessionPath: log.log, images: session.images, agents: agents, depth: session.depth + 1)
                    reader.read(bytes)
                    let reading = reading(&reader, metaKind: metaKind)
                    if session.images.next == issued { agents.readings[key] = reading }
                    nested = reading
                }
            }
        }
        if nested == nil, session.depth == 0, !session.sidechain.isEmpty {
            // Earlier logs kept sub-agents in the session file, marked isSidechain.
            let lines = sidechainRun(answering: prompt, in: session.sidechain)
            if !lines.isEmpty {
                var reader = ClaudeCodeSession(file: session.file, sessionPath: session.sessionPath, images: session.images, agents: session.agents, depth: 1)
                for (number, node) in lines {
                    reader.noteContext(node);
                    if ImportSource.string(node["type"]) == "user" { reader.readUser(node, line: number) } else { reader.readAssistant(node, line: number) }
                }
                nested = reading(&reader, metaKind: nil)
            }
        }
        // Older 2.x sessions: no log of its own, its messages forwarded in the session's
        // agent_progress lines.
        var forwarded = false
        if nested == nil, session.depth < maxAgentDepth, var reader = session.forwardedReading(call.id) {
            nested = reading(&reader, metaKind: nil)
            forwarded = true
        }
        var messages: [Message] = []
        if let nested {
            kind = kind ?? nested.metaKind
            session.log.diagnostics += nested.diagnostics
            // The sub-agent's models and tokens are the session's too (its message ids are its own).
            for model in nested.models where !session.log.models.contains(model) { session.log.models.append(model) }
            let turns = nested.turns
            for key in nested.usageOrder where session.usage[key] == nil {
                session.usageOrder.append(key)
                session.usage[key] = nested.usage[key]
            }
            for turn in turns { attachments += turn.attachments.filter { !$0.id!.isEmpty } }
            messages = SubAgentTranscript.messages(turns, prefix: nil, caller: "Claude", kind: kind)
            if forwarded { completeForwarded(&messages, call: call, prompt: prompt, resultText: resultText, kind: kind) }
        } else {
            guard call.result != nil else { return nil }
            var ask = Message(id: call.id + "-prompt", role: .user, text: prompt)
            ask.speaker = "Claude"
            var answer = Message(id: call.id + "-report", role: .assistant, text: "")
            answer.parts = resultText.isEmpty ? [] : [.text(resultText)]
            SubAgentTranscript.speak(&answer, kind: kind)
            messages = [ask] + (answer.parts.isEmpty ? [] : [answer])
        }
        guard !messages.isEmpty else { return nil }
        var transcript = SubAgentTranscript.make(messages, kind: kind, task: description)
        transcript.agent = shownLog
        // When it ran, from its own lines' times (none when only the call's prompt and report are known).
        if let nested { transcript.setSpan(first: nested.firstDate, last: nested.lastDate) }
        return transcript
    }

    /// A transcript made from forwarded messages, completed from the call: the prompt when no
    /// message was the prompt, and the agent's report when its reply does not end with it (some
    /// versions forward tool calls and results only).
    static func completeForwarded(_ messages: inout [Message], call: ClaudeCodeSession.ToolCall, prompt: String, resultText: String, kind: String?) {
        if messages.first?.role != .user, !prompt.isEmpty {
            var ask = Message(id: call.id + "-prompt", role: .user, text: prompt)
            ask.speaker = "Claude"
            messages.insert(ask, at: 0)
        }
        let report = resultText.trimmingASCIIWhitespace()
        guard call.result != nil, !report.isEmpty else { return }
        if let last = messages.indices.last, messages[last].role == .assistant {
            let said = messages[last].parts.reversed().lazy.compactMap { part -> String? in
                if case .text(let text) = part { return text.trimmingASCIIWhitespace() } else { return nil }
            }.first
            if let said, !said.isEmpty, report.contains(said) { return }
            messages[last].parts.append(.text(resultText))
            return
        }
        var answer = Message(id: call.id + "-report", role: .assistant, text: "")
        answer.parts = [.text(resultText)]
        SubAgentTranscript.speak(&answer, kind: kind)
        messages.append(answer)
    }

    /// A sub-agent's log, its lines read, as its call's transcript takes it: the warnings and
    /// models of its lines, then its turns (their own sub-agents read) and the token counts.
    static func reading(_ reader: inout ClaudeCodeSession, metaKind: String?) -> AgentReading {
        // Turns first: reading them reads the agent's own sub-agents, whose warnings and models join its.
        let turns = reader.turns()
        let diagnostics = reader.log.diagnostics + reader.progressWarnings() + reader.log.tallies.warnings, models = reader.log.models
        return AgentReading(
            metaKind: metaKind, diagnostics: diagnostics, models: models, turns: turns, usage: reader.usage, usageOrder: reader.usageOrder,
            firstDate: reader.log.firstDate, lastDate: reader.log.lastDate)
    }

    /// The sidechain lines of the agent whose prompt is `prompt`: that line and every later one
    /// that hangs from it by `parentUuid`. Sub-agents that ran at once wrote their lines into the
    /// session in turn, so another agent's lines may come between. A log whose lines carry no
    /// `uuid` is read as it stands: up to the next sidechain start.
    static func sidechainRun(answering prompt: String, in lines: [(line: Int, node: JSONNode)]) -> [(Int, JSONNode)] {
        guard !prompt.isEmpty else { return [] }
        guard
            let start = lines.firstIndex(where: { entry in
                guard ImportSource.string(entry.node["type"]) == "user", let message = entry.node["message"] else { return false }
                if ImportSource.string(message["content"]) == prompt { return true }
                if case .array(let blocks)? = message["content"]?.value { return blocks.contains { ImportSource.string($0["text"]) == prompt } }
                return false
            })
        else { return [] }
        var run: [(Int, JSONNode)] = [lines[start]]
        if let first = ImportSource.string(lines[start].node["uuid"]) {
            var members: Set<String> = [first]
            for entry in lines[(start + 1)...] {
                guard let parent = ImportSource.string(entry.node["parentUuid"]), members.contains(parent) else { continue }
                run.append(entry)
                if let uuid = ImportSource.string(entry.node["uuid"]) { members.insert(uuid) }
            }
            return run
        }
        var index = start + 1
        while index < lines.count {
            let node = lines[index].node
            if case .null? = node["parentUuid"]?.value { break }
            run.append(lines[index])
            index += 1
        }
        return run
    }
}

extension ClaudeCodeText {
    /// `<tool_use_error>…</tool_use_error>` around a failed call's message: the words only.
    static func withoutErrorTags(_ text: String) -> String {
        tagged("tool_use_error", in: text) ?? text
    }
}

extension ClaudeCodeSession {
    /// A path under the session's folder as written from there (`src/cart.py`); others unchanged.
    func relative(_ path: String) -> String {
        guard let cwd = log.project, !cwd.isEmpty else { return path }
        let base = cwd.hasSuffix("/") ? cwd : cwd + "/"
        return path.hasPrefix(base) && path.count > base.count ? String(path.dropFirst(base.count)) : path
    }
}
