import ChatModel
import ChatSupport

/// How Gemini CLI's tool calls read on the page.
///
/// | tool | becomes |
/// | --- | --- |
/// | `run_shell_command` (`command`, `description`) | a terminal: the command, its output and exit code (`Exit Code: N` in the response) |
/// | `replace` / `edit` (`file_path`, `old_string`, `new_string`) | a diff (the recorded `fileDiff` when there is one) |
/// | `write_file` (`file_path`, `content`) | a diff against the recorded original; "Created" when there was none |
/// | `read_file`, `read_many_files` | "Read PATH" |
/// | `glob`, `search_file_content` / `grep` | "Found files matching …", "Searched for “…”" |
/// | `google_web_search`, `web_fetch` | "Searched the web for “…”", "Fetched HOST" |
/// | `write_todos` | "Updated the to-do list · 2 of 5 done", the list as a checklist |
/// | anything else (MCP tools, `save_memory`, `list_directory`, …) | a tool call with its name, input and result |
enum GeminiTools {
    static func heading(_ text: String) -> String? {
        let trimmed = text.trimmingASCIIWhitespace()
        guard trimmed.hasPrefix("**"), let close = trimmed.dropFirst(2).range(of: "**") else { return nil }
        let heading = String(trimmed.dropFirst(2)[..<close.lowerBound]).trimmingASCIIWhitespace()
        return heading.isEmpty || heading.count > 120 ? nil : heading
    }

    /// The call's output: the function response's `output` (or `error`), else what was displayed.
    static func output(_ call: JSONNode) -> (text: String?, failed: Bool) {
        if case .array(let results)? = call["result"]?.value {
            for result in results {
                guard let response = result["functionResponse"]?["response"] else { continue }
                if let error = InputProbe.string(response, "error") { return (error, true) }
                if let output = InputProbe.string(response, "output") { return (output, false) }
                return (JSONText.compact(response), false)
            }
        }
        if let shown = InputProbe.string(call, "resultDisplay") { return (shown, false) }
        return (nil, false)
    }

    /// `Command: …\nDirectory: …\nOutput: …\nError: …\nExit Code: N\n…` as the output and exit code.
    static func shellOutput(_ text: String) -> (String, Int?) {
        var code: Int?
        if let found = text.range(of: "Exit Code: ") {
            code = Int(text[found.upperBound...].prefix { $0 == "-" || $0.isNumber })
        }
        for marker in ["Output: ", "Stdout: "] {
            guard let start = text.range(of: marker) else { continue }
            var body = text[start.upperBound...]
            for end in ["\nError: ", "\nStderr: ", "\nExit Code: ", "\nSignal: "] {
                if let stop = body.range(of: end) { body = body[..<stop.lowerBound] }
            }
            var out = String(body)
            if out == "(empty)" { out = "" }
            if let stderr = text.range(of: "\nStderr: ") {
                let rest = text[stderr.upperBound...].prefix { $0 != "\n" }
                if rest != "(empty)" && !rest.isEmpty { out += (out.isEmpty ? "" : "\n") + rest }
            }
            return (out, code)
        }
        return (text, code)
    }

    static func parts(for call: JSONNode) -> [TurnPart] {
        let name = InputProbe.string(call, "name") ?? "tool"
        let args = call["args"]
        func arg(_ key: String) -> String? { args.flatMap { InputProbe.string($0, key) } }
        let (output, failed) = output(call)
        let status: ToolStatus
        switch InputProbe.string(call, "status") {
        case "error": status = .error
        case "cancelled", "canceled": status = .rejected
        case "success": status = failed ? .error : .ok
        case nil: status = output == nil ? .running : (failed ? .error : .ok)
        default: status = failed ? .error : .ok
        }
        let display = call["resultDisplay"]
        switch name {
        case "run_shell_command":
            guard status != .rejected, let output else { break }
            let (text, code) = shellOutput(output)
            // The CLI writes "Exit Code: N" only when N is not 0.
            let structured = output.hasPrefix("Command: ") || output.contains("\nOutput: ")
            return [
                .terminal(
                    TerminalPart(
                        command: arg("command") ?? "", output: text,
                        exitCode: code ?? (status == .error ? 1 : structured ? 0 : nil), title: arg("description")))
            ]
        case "replace", "edit", "smart_edit":
            guard status == .ok, let path = arg("file_path") else { break }
            if let diff = display.flatMap({ InputProbe.string($0, "fileDiff") }), !diff.isEmpty {
                return [.diff(DiffPart(path: path, unified: diff))]
            }
            return [.diff(DiffPart(path: path, old: arg("old_string") ?? "", new: arg("new_string") ?? ""))]
        case "write_file":
            guard status == .ok, let path = arg("file_path") else { break }
            let original = display.flatMap { InputProbe.string($0, "originalContent") }
            let isNew = display.map { d in (d["isNewFile"]?.value == .bool(true)) || original == nil } ?? false
            return [.diff(DiffPart(path: path, old: original ?? "", new: arg("content") ?? "", created: isNew))]
        case "write_todos":
            guard case .array(let todos)? = args?["todos"]?.value else { break }
            return [.toolCall(ToolTitles.todoList(name: name, todos, text: "description", done: "completed", status: status))]
        default:
            break
        }
        var part = ToolCallPart(name: name, title: nil, input: args.map(JSONText.compact), status: status, result: output)
        if let path = arg("absolute_path") ?? arg("file_path"), name == "read_file" {
            part.title = "Read \(FilePath.lastComponent(path))"
            part.titlePhrase = UIPhrase(.toolRead, ["path": FilePath.lastComponent(path)])
        } else if let pattern = arg("pattern"), name == "glob" {
            part.title = "Found files matching \(pattern)"
            part.titlePhrase = UIPhrase(.toolGlob, ["pattern": pattern])
        } else if let pattern = arg("pattern"), name == "search_file_content" || name == "grep" || name == "grep_search" {
            part.title = "Searched for “\(pattern)”"
            part.titlePhrase = UIPhrase(.toolGrep, ["pattern": pattern])
        } else if let query = arg("query"), name == "google_web_search" {
            part.title = "Searched the web for “\(query)”"
            part.titlePhrase = UIPhrase(.toolWebSearch, ["query": query])
        } else if name == "web_fetch", let prompt = arg("prompt") ?? arg("url"), let start = prompt.range(of: "://") {
            let host = prompt[start.upperBound...].prefix { $0 != "/" && $0 != " " && $0 != "?" && $0 != "\n" }
            if !host.isEmpty {
                part.title = "Fetched \(host)"
                part.titlePhrase = UIPhrase(.toolFetched, ["host": String(host)])
            }
        } else if let shown = InputProbe.string(call, "displayName"), let description = InputProbe.string(call, "description"),
            !description.isEmpty, description.count <= 120
        {
            part.title = "\(shown): \(description)"
        }
        return [.toolCall(part)]
    }
}
