import ChatModel
import ChatSupport

/// How Kimi CLI's tool calls read on the page.
///
/// | tool | becomes |
/// | --- | --- |
/// | `Shell` (`command`) | a terminal: the command, its output, and the exit code its message gives ("Command failed with exit code: 2") |
/// | `StrReplaceFile`, `WriteFile` | a diff of each `diff` block the CLI showed; without them, the edit's `old` → `new`, or the written `content` |
/// | `ReadFile`, `Grep`, `Glob`, `SearchWeb`, `FetchURL` | "Read PATH", "Searched for “…”", "Found files matching …", "Searched the web for “…”", "Fetched HOST" |
/// | `SetTodoList` (`todos` {title, status}) | "Updated the to-do list · 2 of 5 done", the list as a checklist |
/// | a result whose call is not in the file | a tool call saying so, with the result |
/// | anything else (`Task`, MCP tools, …) | a tool call with its name, input and result |
enum KimiTools {
    static func parts(for call: KimiSession.Call) -> [TurnPart] {
        let args = call.arguments.isEmpty ? nil : try? JSONParser.parse(Array(call.arguments.utf8))
        func arg(_ key: String) -> String? { args.flatMap { InputProbe.string($0, key) } }
        let status: ToolStatus = call.result == nil && call.display.isEmpty ? .running : call.failed ? .error : .ok
        if call.callNotInFile {
            var part = ToolCallPart(name: call.name, title: "Result of a call made before this file began", status: status, result: call.result)
            part.input = nil
            return [.toolCall(part)]
        }
        switch call.name {
        case "Shell":
            guard let command = arg("command"), status != .running else { break }
            return [.terminal(TerminalPart(command: command, output: SessionText.plain(call.result ?? ""), exitCode: exitCode(call)))]
        case "StrReplaceFile", "WriteFile":
            guard status == .ok, let path = arg("path") else { break }
            let diffs = call.display.filter { InputProbe.string($0, "type") == "diff" }.compactMap { block -> TurnPart? in
                guard let old = InputProbe.string(block, "old_text"), let new = InputProbe.string(block, "new_text") else { return nil }
                return .diff(DiffPart(path: InputProbe.string(block, "path") ?? path, old: old, new: new, created: call.name == "WriteFile" && old.isEmpty))
            }
            if !diffs.isEmpty { return diffs }
            if call.name == "WriteFile" { return [.diff(DiffPart(path: path, old: "", new: arg("content") ?? ""))] }
            if let edit = args?["edit"], let old = InputProbe.string(edit, "old"), let new = InputProbe.string(edit, "new") {
                return [.diff(DiffPart(path: path, old: old, new: new))]
            }
        case "SetTodoList":
            guard case .array(let todos)? = args?["todos"]?.value else { break }
            return [.toolCall(ToolTitles.todoList(name: call.name, todos, text: "title", done: "done", status: status == .running ? .ok : status))]
        default:
            break
        }
        var part = ToolCallPart(name: call.name, input: call.arguments.isEmpty ? nil : call.arguments, status: status, result: call.result ?? call.message)
        switch call.name {
        case "ReadFile":
            if let path = arg("path") {
                part.title = "Read \(FilePath.lastComponent(path))"
                part.titlePhrase = UIPhrase(.toolRead, ["path": FilePath.lastComponent(path)])
            }
        case "Grep":
            if let pattern = arg("pattern") { part.title = "Searched for “\(pattern)”"; part.titlePhrase = UIPhrase(.toolGrep, ["pattern": pattern]) }
        case "Glob":
            if let pattern = arg("pattern") { part.title = "Found files matching \(pattern)"; part.titlePhrase = UIPhrase(.toolGlob, ["pattern": pattern]) }
        case "SearchWeb":
            if let query = arg("query") { part.title = "Searched the web for “\(query)”"; part.titlePhrase = UIPhrase(.toolWebSearch, ["query": query]) }
        case "FetchURL":
            ToolTitles.fetched(&part, url: arg("url"))
        default:
            break
        }
        return [.toolCall(part)]
    }

    /// The exit code a shell call's message gives ("Command failed with exit code: 2"); 0 for one
    /// that succeeded, 1 for a failure that names none.
    static func exitCode(_ call: KimiSession.Call) -> Int? {
        if let message = call.message, let found = message.range(of: "exit code: ") {
            if let code = Int(message[found.upperBound...].prefix { $0 == "-" || $0.isNumber }) { return code }
        }
        return call.failed ? 1 : 0
    }
}
