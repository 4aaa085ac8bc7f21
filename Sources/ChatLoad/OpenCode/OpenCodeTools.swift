import ChatModel
import ChatSupport

/// How opencode's parts read on the page.
///
/// | part | becomes |
/// | --- | --- |
/// | `text` (not `synthetic`) | text |
/// | `reasoning` | thinking |
/// | `tool` `bash` (`input.command`, `description`; `metadata.exit`, `output`) | a terminal with its exit code |
/// | `tool` `edit` (`filePath`, `oldString`, `newString`; `metadata.diff`) | a diff |
/// | `tool` `write` (`filePath`, `content`; `metadata.exists`) | a diff, "Created" for a new file |
/// | `tool` `read`, `glob`, `grep`, `webfetch`, `websearch`, `todowrite` | titled tool calls, a to-do list |
/// | `tool` `task` whose sub-agent's session (`state.metadata.sessionId`) is read | the sub-agent's transcript (``transcript(_:call:session:)``) |
/// | `tool` `task` alone (`description`, `subagent_type`) | a tool call naming the sub-agent, its answer as the result |
/// | any other tool | a tool call with its input and output |
/// | `file` | a photo or file of the turn |
/// | `compaction` | "Conversation compacted" |
/// | `step-start`, `step-finish`, `snapshot`, `patch`, `agent`, `retry` | nothing: bookkeeping |
enum OpenCodeTools {
    static func number(_ node: JSONNode?) -> Double? {
        guard let node, case .number(let value, _) = node.value, value.isFinite else { return nil }
        return value
    }

    /// A whole number that is not a count (an exit code); nil past ±2^31.
    static func int(_ node: JSONNode?) -> Int? {
        guard let value = number(node), abs(value) < 2_147_483_648 else { return nil }
        return Int(value)
    }

    /// A path shown relative to the session's folder when it is inside it.
    static func shortPath(_ path: String, cwd: String?) -> String {
        guard let cwd, !cwd.isEmpty else { return path }
        let base = cwd.hasSuffix("/") ? cwd : cwd + "/"
        return path.hasPrefix(base) ? String(path.dropFirst(base.count)) : path
    }

    static func parts(forTool part: JSONNode, cwd: String?) -> [TurnPart] {
        let name = InputProbe.string(part, "tool") ?? "tool"
        let state = part["state"]
        let input = state?["input"]
        let metadata = state?["metadata"]
        func arg(_ key: String) -> String? { input.flatMap { InputProbe.string($0, key) } }
        let output = state.flatMap { InputProbe.string($0, "output") ?? InputProbe.string($0, "error") }
        let status: ToolStatus
        switch state.flatMap({ InputProbe.string($0, "status") }) {
        case "completed": status = .ok
        case "error":
            // Declined by the person, or stopped with the reply: not a failure of the tool.
            let error = (InputProbe.string(state!, "error") ?? "").lowercased()
            status = error.contains("rejected") || error.contains("aborted") ? .rejected : .error
        default: status = .running
        }
        switch name {
        case "bash":
            guard status != .rejected, status != .running, let command = arg("command") else { break }
            let exit = metadata.flatMap { int($0["exit"]) }
            let text = metadata.flatMap { InputProbe.string($0, "output") } ?? output ?? ""
            return [.terminal(TerminalPart(command: command, output: text, exitCode: exit ?? (status == .error ? 1 : nil), title: arg("description")))]
        case "edit":
            guard status == .ok, let path = arg("filePath") else { break }
            let short = shortPath(path, cwd: cwd)
            if let diff = metadata.flatMap({ InputProbe.string($0, "diff") }), !diff.isEmpty {
                return [.diff(DiffPart(path: short, unified: diff))]
            }
            return [.diff(DiffPart(path: short, old: arg("oldString") ?? "", new: arg("newString") ?? ""))]
        case "write":
            guard status == .ok, let path = arg("filePath") else { break }
            let existed = metadata.map { $0["exists"]?.value == .bool(true) } ?? false
            return [.diff(DiffPart(path: shortPath(path, cwd: cwd), old: "", new: arg("content") ?? "", created: !existed))]
        case "todowrite":
            guard case .array(let todos)? = input?["todos"]?.value else { break }
            return [.toolCall(ToolTitles.todoList(name: name, todos, text: "content", done: "completed", status: status == .running ? .ok : status))]
        default:
            break
        }
        var call = ToolCallPart(
            name: name, title: state.flatMap { InputProbe.string($0, "title") }.flatMap { $0.isEmpty ? nil : $0 },
            input: input.map(JSONText.compact), status: status, result: output)
        switch name {
        case "read":
            if let path = arg("filePath") {
                let short = shortPath(path, cwd: cwd)
                call.title = "Read \(short)"
                call.titlePhrase = UIPhrase(.toolRead, ["path": short])
            }
        case "glob":
            if let pattern = arg("pattern") { call.title = "Found files matching \(pattern)"; call.titlePhrase = UIPhrase(.toolGlob, ["pattern": pattern]) }
        case "grep":
            if let pattern = arg("pattern") { call.title = "Searched for “\(pattern)”"; call.titlePhrase = UIPhrase(.toolGrep, ["pattern": pattern]) }
        case "websearch":
            if let query = arg("query") { call.title = "Searched the web for “\(query)”"; call.titlePhrase = UIPhrase(.toolWebSearch, ["query": query]) }
        case "webfetch":
            ToolTitles.fetched(&call, url: arg("url"))
        case "task":
            let agent = arg("subagent_type") ?? "sub"
            if let description = arg("description") { call.title = "\(agent) agent: \(description)" }
        default:
            break
        }
        return [.toolCall(call)]
    }

    /// A `task` call's sub-agent as a transcript: its session's turns, titled by the agent and the
    /// call's description ("explore agent: Find the importer").
    static func transcript(_ turns: [ImportedTurn], call: JSONNode, session: String) -> TranscriptPart? {
        guard turns.contains(where: { $0.role == .assistant }) else { return nil }
        let input = call["state"]?["input"]
        func arg(_ key: String) -> String? { input.flatMap { InputProbe.string($0, key) }.flatMap { $0.isEmpty ? nil : $0 } }
        let kind = arg("subagent_type")
        return SubAgentTranscript.make(
            SubAgentTranscript.messages(turns, prefix: session, caller: "opencode", kind: kind), kind: kind, task: arg("description"))
    }
}
