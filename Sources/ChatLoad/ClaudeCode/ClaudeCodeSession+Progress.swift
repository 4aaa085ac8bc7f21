import ChatModel
import ChatSupport

/// `progress` lines: what a running tool reported while it ran. One kind matters to the page:
/// `agent_progress`, a sub-agent's messages forwarded to the session, which is the only record of
/// a sub-agent's own steps in sessions written before sub-agents had logs of their own.
///
/// ```
/// {"type": "progress", "parentToolUseID": "toolu_…" (the Task call), "toolUseID": "agent_msg_…",
///  "data": {"type": "agent_progress", "agentId": "a1b2c3d", "prompt": "…",
///           "message": {"type": "assistant" | "user", "message": {…}, "uuid": …, "timestamp": …},
///           "normalizedMessages": [the sub-agent's messages so far, in some versions]},
///  "uuid": …, "timestamp": …, "sessionId": …}
/// ```
///
/// The messages are kept by the call they belong to, each once (a message is forwarded again in
/// every later line's `normalizedMessages`), and read into the call's transcript only when the
/// sub-agent has no log of its own (see ``ClaudeCodeTools/agentTranscript(_:record:resultText:in:attachments:)``).
extension ClaudeCodeSession {
    /// A sub-agent's messages as its `agent_progress` lines forwarded them.
    struct ForwardedAgent {
        /// Each message once, in the order first met, with the JSON path it was met at.
        var messages: [(node: JSONNode, line: Int, path: String)] = []
        var seen: Set<String> = []
        /// How many lines forwarded it, and the first of them: for the warning when its call is
        /// not in the log.
        var lines = 0
        var firstLine: Int
        var firstNode: JSONNode?
    }

    /// Progress kinds Claude Code writes for the terminal only (a command's output so far, an MCP
    /// call's state, a hook, a search's queries): never part of the conversation.
    static let quietProgress: Set<String> = [
        "bash_progress", "powershell_progress", "mcp_progress", "hook_progress",
        "skill_progress", "query_update", "search_results_received",
        "waiting_for_task", "repl_tool_call",
    ]

    mutating func readProgress(_ node: JSONNode, line: Int) {
        guard let data = node["data"], case .object = data.value else {
            noteOddProgress("a progress line without a \"data\" object", line: line, node: node, path: "data")
            return
        }
        guard let kind = ImportSource.string(data["type"]) else {
            noteOddProgress("a progress line without \"data.type\"", line: line, node: data, path: "data.type")
            return
        }
        if kind != "agent_progress" {
            if !Self.quietProgress.contains(kind) {
                noteOddProgress("unknown progress type \(JSONReader.quote(kind))", line: line, node: data["type"], path: "data.type")
            }
            return
        }
        guard let call = ImportSource.string(node["parentToolUseID"]), !call.isEmpty else {
            noteOddProgress("an agent_progress line without \"parentToolUseID\"", line: line, node: node, path: "parentToolUseID")
            return
        }
        if forwarded[call] == nil { forwardedOrder.append(call) }
        var agent = forwarded[call] ?? ForwardedAgent(firstLine: line, firstNode: node["parentToolUseID"])
        agent.lines += 1
        // The messages so far first: one that only they hold (a reply's text, in versions that
        // forward tool calls alone) comes before the message this line is about.
        if case .array(let earlier)? = data["normalizedMessages"]?.value {
            for (index, message) in earlier.enumerated() {
                agent.add(message, line: line, path: "data.normalizedMessages[\(index)]")
            }
        }
        if let message = data["message"] { agent.add(message, line: line, path: "data.message") }
        forwarded[call] = agent
    }

    /// Counts an odd progress line by what is odd about it: one warning per kind, with a count.
    mutating func noteOddProgress(_ what: String, line: Int, node: JSONNode?, path: String) {
        if let seen = oddProgress[what] {
            oddProgress[what] = (seen.count + 1, seen.location)
        } else {
            oddProgress[what] = (1, SourceLocation(line: line, column: node?.column, jsonPath: path))
            oddProgressOrder.append(what)
        }
    }

    /// The warnings progress lines leave once the log is read: one per odd kind, and one per tool
    /// call whose sub-agent's messages were forwarded but which is not in the log.
    func progressWarnings() -> [Diagnostic] {
        var warnings = oddProgressOrder.map { what -> Diagnostic in
            let (count, location) = oddProgress[what]!
            return Diagnostic(
                .warning, file: file, location: location,
                message: "\(what) (\(Self.lines(count)) here); left out, the rest is read")
        }
        for call in forwardedOrder where log.calls[call] == nil {
            let agent = forwarded[call]!
            warnings.append(
                Diagnostic(
                    .warning, file: file, location: SourceLocation(line: agent.firstLine, column: agent.firstNode?.column, jsonPath: "parentToolUseID"),
                    message: "agent_progress for tool call \(JSONReader.quote(call)), which is not in the log (\(Self.lines(agent.lines)) here); left out"))
        }
        return warnings
    }

    static func lines(_ count: Int) -> String { count == 1 ? "1 line" : "\(count) lines, the first" }

    /// The sub-agent of call `id` read from its forwarded messages, as its own log would be; nil
    /// when none were forwarded.
    func forwardedReading(_ id: String) -> ClaudeCodeSession? {
        guard let agent = forwarded[id], !agent.messages.isEmpty else { return nil }
        var reader = ClaudeCodeSession(file: file, sessionPath: sessionPath, images: images, agents: agents, depth: depth + 1)
        // The messages carry no working folder of their own: paths are shortened by the session's.
        reader.log.project = log.project
        for (node, line, path) in agent.messages {
            reader.pathPrefix = path + "."
            reader.noteContext(node)
            if ImportSource.string(node["type"]) == "user" { reader.readUser(node, line: line) } else { reader.readAssistant(node, line: line) }
        }
        reader.pathPrefix = ""
        return reader
    }
}

extension ClaudeCodeSession.ForwardedAgent {
    /// Keeps a forwarded message unless it was kept already: by its `uuid`, else by what it says.
    /// Only messages of the conversation count (a forwarded progress or system message does not).
    mutating func add(_ message: JSONNode, line: Int, path: String) {
        guard case .object = message.value, let type = ImportSource.string(message["type"]), type == "user" || type == "assistant",
            message["message"] != nil
        else { return }
        let key = ImportSource.string(message["uuid"]) ?? type + "\u{0}" + ClaudeCodeTools.pretty(message["message"]!)
        guard seen.insert(key).inserted else { return }
        messages.append((message, line, path))
    }
}
