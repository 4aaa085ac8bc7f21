import Foundation
import ChatModel
import ChatSupport

/// How the Copilot CLI's tool calls read on the page.
///
/// | tool | becomes |
/// | --- | --- |
/// | `bash`, `powershell` (`command`, `description`) | a terminal: the command, its output and exit code (`shell_exit` or `terminal` block, else the trailing `<exited with exit code N>`, which is dropped from the output) |
/// | `edit`, `create`, `insert`, `str_replace_editor`, `apply_patch` | a diff: the recorded `detailedContent` diff, else the old and new text; `create` is "Created" |
/// | `view` | "Read PATH" |
/// | `grep` / `rg`, `glob` | "Searched for “…”", "Found files matching …" |
/// | `web_search`, `web_fetch` | "Searched the web for “…”", "Fetched HOST" |
/// | `update_todo` | "Updated the to-do list · 2 of 5 done", the list as a checklist |
/// | `think` | thinking |
/// | `report_intent` | nothing (the CLI's status line) |
/// | `task` whose sub-agent's events are in the log | the sub-agent's transcript (``CopilotSession/transcript(of:call:id:)``) |
/// | anything else (`task` alone, MCP tools, `sql`, …) | a tool call with its name, intention, input and output |
///
/// A call the person rejected or was denied is "rejected"; a call that failed to run shows its
/// error. A shell command that ran and exited non-zero is still a terminal, with its exit code.
enum CopilotTools {
    static func int(_ node: JSONNode?) -> Int? {
        guard let node, case .number(let value, _) = node.value, value.isFinite, abs(value) < 1e15 else { return nil }
        return Int(value)
    }

    static func heading(_ text: String) -> String? {
        let trimmed = text.trimmingASCIIWhitespace()
        guard trimmed.hasPrefix("**"), let close = trimmed.dropFirst(2).range(of: "**") else { return nil }
        let heading = String(trimmed.dropFirst(2)[..<close.lowerBound]).trimmingASCIIWhitespace()
        return heading.isEmpty || heading.count > 120 ? nil : heading
    }

    /// The exit code in a shell result's last line (`<exited with exit code 1>`), and the output without it.
    static func exitMarker(_ text: String) -> (String, Int?) {
        var body = Substring(text)
        while body.last == "\n" || body.last == " " || body.last == "\r" { body = body.dropLast() }
        let marker = "<exited with exit code "
        guard body.hasSuffix(">"), let start = body.range(of: marker, options: .backwards) else { return (text, nil) }
        let digits = body[start.upperBound..<body.index(before: body.endIndex)]
        guard let code = Int(digits) else { return (text, nil) }
        var output = body[..<start.lowerBound]
        if output.last == "\n" { output = output.dropLast() }
        return (String(output), code)
    }

    static let shellTools: Set<String> = ["bash", "powershell", "shell"]
    static let editTools: Set<String> = ["edit", "create", "insert", "str_replace_editor", "apply_patch", "write"]

    static func parts(for call: CopilotSession.Call) -> [TurnPart] {
        let args = call.arguments
        func arg(_ key: String) -> String? { args.flatMap { InputProbe.string($0, key) }.flatMap { $0.isEmpty ? nil : $0 } }
        let status: ToolStatus
        if !call.completed {
            status = .running
        } else if call.success {
            status = .ok
        } else {
            status = ["rejected", "denied"].contains(call.errorCode ?? "") ? .rejected : .error
        }
        let output = status == .ok ? (call.detailed ?? call.content) : (call.errorMessage ?? call.content)
        let name = call.name
        var command = name == "str_replace_editor" ? arg("command") : nil
        if command == "view" { command = nil }

        switch name {
        case "report_intent":
            return []
        case "think":
            guard let thought = arg("thought") else { break }
            return [.thinking(ThinkingPart(text: thought, summary: heading(thought)))]
        case _ where shellTools.contains(name):
            guard status == .ok, let shown = call.content ?? call.detailed else { break }
            let (text, marked) = exitMarker(shown)
            return [.terminal(TerminalPart(command: arg("command") ?? "", output: text, exitCode: call.exitCode ?? marked, title: arg("description")))]
        case _ where editTools.contains(name) && (name != "str_replace_editor" || command != nil):
            guard status == .ok else { break }
            let path = arg("path") ?? arg("file_path")
            let created = name == "create" || command == "create"
            if let diff = call.detailed?.trimmingASCIIWhitespace(), diff.hasPrefix("diff ") || diff.hasPrefix("--- ") || diff.hasPrefix("@@") {
                return [
                    .diff(
                        DiffPart(path: path, unified: diff + "\n", created: created || diff.contains("\nnew file mode") || diff.contains("\ncreate file mode")))
                ]
            }
            if created, let path { return [.diff(DiffPart(path: path, old: "", new: arg("file_text") ?? "", created: true))] }
            if name == "edit" || command == "str_replace", let path {
                return [.diff(DiffPart(path: path, old: arg("old_str") ?? "", new: arg("new_str") ?? ""))]
            }
        default:
            break
        }

        var part = ToolCallPart(name: name, title: call.summary ?? arg("description"), input: args.map(JSONText.compact), status: status, result: output)
        switch name {
        case "edit", "insert", "create", "str_replace_editor", "write":
            guard let path = arg("path") ?? arg("file_path") else { break }
            let file = FilePath.lastComponent(path)
            if name == "str_replace_editor" && command == nil {
                part.title = "Read \(file)"
                part.titlePhrase = UIPhrase(.toolRead, ["path": file])
                part.result = status == .ok ? (call.content ?? call.detailed) : output
            } else if name == "create" || command == "create" {
                part.title = "Write \(file)"
                part.titlePhrase = UIPhrase(.toolWrite, ["path": file])
            } else {
                part.title = "Edit \(file)"
                part.titlePhrase = UIPhrase(.toolEdit, ["path": file])
            }
        case "view":
            guard let path = arg("path") else { break }
            part.title = "Read \(FilePath.lastComponent(path))"
            part.titlePhrase = UIPhrase(.toolRead, ["path": FilePath.lastComponent(path)])
            // The view's `detailedContent` is the file wrapped as a diff; `content` is what it read.
            part.result = status == .ok ? (call.content ?? call.detailed) : output
        case "grep", "rg":
            guard let pattern = arg("pattern") else { break }
            part.title = "Searched for “\(pattern)”"
            part.titlePhrase = UIPhrase(.toolGrep, ["pattern": pattern])
        case "glob":
            guard let pattern = arg("pattern") else { break }
            part.title = "Found files matching \(pattern)"
            part.titlePhrase = UIPhrase(.toolGlob, ["pattern": pattern])
        case "web_search":
            guard let query = arg("query") else { break }
            part.title = "Searched the web for “\(query)”"
            part.titlePhrase = UIPhrase(.toolWebSearch, ["query": query])
        case "web_fetch":
            guard let url = arg("url"), let start = url.range(of: "://") else { break }
            let host = url[start.upperBound...].prefix { $0 != "/" && $0 != "?" && $0 != "#" }
            guard !host.isEmpty else { break }
            part.title = "Fetched \(host)"
            part.titlePhrase = UIPhrase(.toolFetched, ["host": String(host)])
        case "update_todo":
            guard let (done, count, list) = todos(args?["todos"]) else { break }
            part.title = "Updated the to-do list · \(done) of \(count) done"
            part.titlePhrase = UIPhrase(.toolTodosDone, ["done": String(done), "count": String(count)])
            part.input = nil
            part.result = list
        case "task":
            let agent = arg("agent_type"), description = arg("description")
            if let description { part.title = agent.map { "\($0): \(description)" } ?? description }
        default:
            break
        }
        if shellTools.contains(name), part.title == nil, let command = arg("command") { part.title = SessionText.oneLine(command) }
        return [.toolCall(part)]
    }

    /// A to-do list: a Markdown checklist (as the CLI sends it) or a list of items with a status.
    static func todos(_ node: JSONNode?) -> (Int, Int, String)? {
        guard let node else { return nil }
        switch node.value {
        case .string(let text):
            let lines = text.split(separator: "\n").map { String($0).trimmingASCIIWhitespace() }
            let done = lines.filter { $0.hasPrefix("- [x]") || $0.hasPrefix("- [X]") }.count
            let count = lines.filter { $0.hasPrefix("- [") }.count
            return count == 0 ? nil : (done, count, text)
        case .array(let items):
            var done = 0
            let lines = items.map { item -> String in
                let text = InputProbe.string(item, "content") ?? InputProbe.string(item, "title") ?? InputProbe.string(item, "description") ?? ""
                switch InputProbe.string(item, "status") {
                case "completed", "done": done += 1; return "- [x] \(text)"
                case "in_progress": return "- [ ] \(text) (in progress)"
                default: return "- [ ] \(text)"
                }
            }
            return items.isEmpty ? nil : (done, items.count, lines.joined(separator: "\n"))
        default:
            return nil
        }
    }
}
