import ChatModel
import ChatSupport

/// How Codex's tool calls read on the page, and the text conventions of its rollouts.
///
/// | call | becomes |
/// | --- | --- |
/// | `shell` (`command` array), `shell_command` (`command` string), `exec_command` (`cmd`), `local_shell_call` | a terminal: the command (the script of `bash -lc`), its output and exit code |
/// | `apply_patch` (custom tool, function, or as a shell command) | a diff a file; an added file is "Created" |
/// | `web_search_call` | "Searched the web for “…”" |
/// | `update_plan` | "Updated the to-do list · 2 of 5 done", the plan as a checklist |
/// | `view_image` | "Viewed PATH" |
/// | `spawn_agent` whose sub-agent's rollout was read | the sub-agent's transcript (``CodexSession/transcript(of:call:)``) |
/// | anything else (MCP tools, `spawn_agent` alone, `wait`, …) | a tool call with its name, input and output |
enum CodexTools {
    /// What a message the CLI wrote in the person's turn becomes.
    enum Harness {
        case hidden
        case notice(NoticePart)
    }

    /// The CLI's context for the model, sent as user messages: never the person's words.
    /// AGENTS.md and user instructions become one collapsed notice (they shape the session);
    /// the environment (cwd, sandbox, shell) is left out, as the CLI leaves it out.
    static func harness(_ text: String) -> Harness? {
        let trimmed = text.trimmingASCIIWhitespace()
        if trimmed.hasPrefix("<environment_context>") || trimmed.hasPrefix("<permissions instructions>") || trimmed.hasPrefix("<turn_aborted>")
            || trimmed.hasPrefix("<skill>") || trimmed.hasPrefix("<collaboration_mode>")
        {
            return .hidden
        }
        if trimmed.hasPrefix("<user_instructions>") || trimmed.hasPrefix("# AGENTS.md instructions") || trimmed.hasPrefix("<INSTRUCTIONS>") {
            let body = trimmed.replacingOccurrences(of: "<user_instructions>", with: "").replacingOccurrences(of: "</user_instructions>", with: "")
                .replacingOccurrences(of: "<INSTRUCTIONS>", with: "").replacingOccurrences(of: "</INSTRUCTIONS>", with: "")
                .trimmingASCIIWhitespace()
            return .notice(NoticePart(kind: .memory, text: "Instructions from AGENTS.md", detail: body.isEmpty ? nil : body))
        }
        // A sub-agent's word back to the session that spawned it: the CLI's, not the person's.
        if trimmed.hasPrefix("<subagent_notification>") {
            let body = trimmed.replacingOccurrences(of: "<subagent_notification>", with: "")
                .replacingOccurrences(of: "</subagent_notification>", with: "").trimmingASCIIWhitespace()
            return .notice(NoticePart(kind: .info, text: "A sub-agent reported back", detail: body.isEmpty ? nil : body))
        }
        // A command the person ran with `!`: its command and output, as a command chip.
        if trimmed.hasPrefix("<user_shell_command>"), trimmed.hasSuffix("</user_shell_command>") {
            let body = String(trimmed.dropFirst("<user_shell_command>".count).dropLast("</user_shell_command>".count)).trimmingASCIIWhitespace()
            return .notice(NoticePart(kind: .command, text: SessionText.oneLine(body), detail: body))
        }
        return nil
    }

    /// A summary's first bold heading ("**Inspecting the tests**"), for the thinking's line.
    static func heading(_ text: String) -> String? {
        let trimmed = text.trimmingASCIIWhitespace()
        guard trimmed.hasPrefix("**") else { return nil }
        let rest = trimmed.dropFirst(2)
        guard let close = rest.range(of: "**") else { return nil }
        let heading = String(rest[..<close.lowerBound]).trimmingASCIIWhitespace()
        return heading.isEmpty || heading.count > 120 ? nil : String(heading)
    }

    /// A command's words as one line: `bash -lc SCRIPT` is its script; other words are quoted
    /// where the shell would need it.
    static func commandLine(_ words: [String]) -> String {
        if words.count == 3, ["bash", "sh", "zsh", "/bin/bash", "/bin/sh", "/bin/zsh"].contains(words[0]),
            ["-lc", "-c", "-ic"].contains(words[1])
        {
            return words[2]
        }
        return words.map { word in
            guard !word.isEmpty else { return "''" }
            let plain = word.unicodeScalars.allSatisfy { $0.properties.isAlphabetic || "0123456789-_./=:,+@%".unicodeScalars.contains($0) }
            return plain ? word : "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
        }.joined(separator: " ")
    }

    /// A call's output as text and its exit code, in every shape Codex has written:
    /// `{"output": …, "metadata": {"exit_code": 0, "duration_seconds": 0.1}}` as a JSON string;
    /// `Exit code: 0\nWall time: 0.1 seconds\nOutput:\n…`; `Process exited with code 0`; an
    /// object with `content` (text or content items); or plain text.
    static func output(_ node: JSONNode?) -> (String?, Int?) {
        guard let node else { return (nil, nil) }
        switch node.value {
        case .string(let text):
            if text.hasPrefix("{"), let json = try? JSONParser.parse(Array(text.utf8)), let inner = json["output"],
                case .string(let output) = inner.value
            {
                return (output, json["metadata"].flatMap { int($0["exit_code"]) })
            }
            return plainOutput(text)
        case .object:
            if let content = node["content"] {
                return (contentText(content), nil)
            }
            return (InputProbe.string(node, "output"), int(node["exit_code"]))
        case .array:
            return (contentText(node), nil)
        default:
            return (nil, nil)
        }
    }

    private static func contentText(_ node: JSONNode) -> String? {
        switch node.value {
        case .string(let text): return text
        case .array(let items):
            return items.compactMap { InputProbe.string($0, "text") }.joined(separator: "\n")
        default: return nil
        }
    }

    /// `Exit code: N` / `Process exited with code N`, then the output after `Output:`.
    static func plainOutput(_ text: String) -> (String?, Int?) {
        var code: Int?
        for marker in ["Exit code: ", "Process exited with code "] {
            if let found = text.range(of: marker) {
                let digits = text[found.upperBound...].prefix { $0 == "-" || $0.isNumber }
                code = Int(digits)
                break
            }
        }
        guard code != nil else { return (text, nil) }
        if let output = text.range(of: "Output:\n") { return (String(text[output.upperBound...]), code) }
        if let output = text.range(of: "Output:") { return (String(text[output.upperBound...]).trimmingASCIIWhitespace(), code) }
        return ("", code)
    }

    static func int(_ node: JSONNode?) -> Int? {
        guard let node, case .number(let value, _) = node.value, value.isFinite, abs(value) < 1e9 else { return nil }
        return Int(value)
    }

    static let shellTools: Set<String> = ["shell", "container.exec", "shell_command", "exec_command", "local_shell", "unified_exec"]

    /// The parts one call shows.
    static func parts(for call: CodexSession.Call) -> [TurnPart] {
        let status: ToolStatus = call.status ?? (call.output == nil ? .running : (call.exitCode.map { $0 == 0 } ?? true) ? .ok : .error)
        switch call.kind {
        case .webSearch:
            let query = call.input
            var part = ToolCallPart(
                name: "web_search", title: query.isEmpty ? "Searched the web" : "Searched the web for “\(query)”",
                input: nil, status: status == .running ? .ok : status, result: call.output)
            if !query.isEmpty { part.titlePhrase = UIPhrase(.toolWebSearch, ["query": query]) }
            return [.toolCall(part)]
        case .localShell:
            return terminal(command: call.input, call: call, status: status)
        case .custom, .function:
            break
        }
        let arguments = call.kind == .function ? (try? JSONParser.parse(Array(call.input.utf8))) : nil
        if call.name == "apply_patch" {
            let patch =
                call.kind == .custom ? call.input : (arguments.flatMap { InputProbe.string($0, "input") ?? InputProbe.string($0, "patch") } ?? call.input)
            let failed = status == .error || (call.output ?? "").hasPrefix("Failed") || (call.output ?? "").hasPrefix("error")
            if let parts = CodexPatch.parts(patch, status: failed ? .error : status, result: call.output) { return parts }
        }
        if shellTools.contains(call.name), let arguments {
            var command = ""
            if case .array(let words)? = arguments["command"]?.value {
                let strings = words.compactMap { word -> String? in if case .string(let w) = word.value { return w } else { return nil } }
                // `apply_patch` run as a command: the patch is its argument.
                if strings.first == "apply_patch", strings.count == 2, let parts = CodexPatch.parts(strings[1], status: status, result: call.output) {
                    return parts
                }
                command = commandLine(strings)
            } else {
                command = InputProbe.string(arguments, "command") ?? InputProbe.string(arguments, "cmd") ?? ""
            }
            if let start = command.range(of: "apply_patch <<"),
                let parts = CodexPatch.parts(String(command[start.upperBound...]), status: status, result: call.output)
            {
                return parts
            }
            return terminal(command: command, call: call, status: status)
        }
        if call.name == "update_plan", let arguments, case .array(let steps)? = arguments["plan"]?.value {
            var lines: [String] = []
            var done = 0
            for step in steps {
                let text = InputProbe.string(step, "step") ?? ""
                switch InputProbe.string(step, "status") {
                case "completed": done += 1; lines.append("- [x] \(text)")
                case "in_progress": lines.append("- [ ] \(text) (in progress)")
                default: lines.append("- [ ] \(text)")
                }
            }
            if let explanation = InputProbe.string(arguments, "explanation"), !explanation.isEmpty { lines.insert(explanation + "\n", at: 0) }
            var part = ToolCallPart(
                name: call.name, title: "Updated the to-do list · \(done) of \(steps.count) done", input: nil, status: status == .running ? .ok : status,
                result: lines.joined(separator: "\n"))
            part.titlePhrase = UIPhrase(.toolTodosDone, ["done": String(done), "count": String(steps.count)])
            return [.toolCall(part)]
        }
        if call.name == "view_image", let path = arguments.flatMap({ InputProbe.string($0, "path") }) {
            return [.toolCall(ToolCallPart(name: call.name, title: "Viewed \(FilePath.lastComponent(path))", input: path, status: status, result: call.output))]
        }
        return [.toolCall(ToolCallPart(name: call.name, title: nil, input: call.input.isEmpty ? nil : call.input, status: status, result: call.output))]
    }

    private static func terminal(command: String, call: CodexSession.Call, status: ToolStatus) -> [TurnPart] {
        guard let output = call.output else {
            return [.toolCall(ToolCallPart(name: call.name, title: SessionText.oneLine(command), input: command, status: .running))]
        }
        return [.terminal(TerminalPart(command: command, output: output, exitCode: call.exitCode))]
    }
}
