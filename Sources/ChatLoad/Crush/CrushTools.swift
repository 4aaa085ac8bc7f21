import ChatModel
import ChatSupport

/// How Crush's tool calls read on the page. A call's `input` is its arguments as JSON text; its
/// result is the `tool_result` part of the `tool` message after it (`content`, `is_error`).
///
/// | tool | becomes |
/// | --- | --- |
/// | `bash` (`command`, `description`) | a terminal (exit code 1 when it failed, from "Exit code N" when the output says) |
/// | `edit` (`file_path`, `old_string`, `new_string`), `multiedit` (`edits`) | a diff each |
/// | `write` (`file_path`, `content`) | a diff of the written file |
/// | `view`, `glob`, `grep`, `fetch`, `web_fetch`, `web_search`, `todos` | titled tool calls, a to-do list |
/// | any other tool | a tool call with its input and result |
enum CrushTools {
    /// A whole number that is not a count (an exit code); nil past ±2^31.
    static func int(_ node: JSONNode) -> Int? {
        guard case .number(let value, _) = node.value, value.isFinite, abs(value) < 2_147_483_648 else { return nil }
        return Int(value)
    }

    /// The call's arguments, parsed; nil when they are not a JSON object.
    static func arguments(_ input: String) -> JSONNode? {
        guard let node = try? JSONParser.parse(Array(input.utf8)), case .object = node.value else { return nil }
        return node
    }

    /// A path shown relative to the project when it is inside it.
    static func shortPath(_ path: String, cwd: String?) -> String {
        guard let cwd, !cwd.isEmpty else { return path }
        let base = cwd.hasSuffix("/") ? cwd : cwd + "/"
        return path.hasPrefix(base) ? String(path.dropFirst(base.count)) : path
    }

    static func parts(_ call: CrushSession.Call, cwd: String?) -> [TurnPart] {
        let input = arguments(call.input)
        func arg(_ key: String) -> String? { input.flatMap { InputProbe.string($0, key) } }
        let status: ToolStatus = call.result == nil ? .running : call.isError ? .error : .ok
        switch call.name {
        case "bash":
            guard status != .running, let command = arg("command") else { break }
            let output = call.result ?? ""
            var exit: Int? = status == .error ? 1 : nil
            if let range = output.range(of: "Exit code ", options: .backwards),
                let code = Int(output[range.upperBound...].prefix { $0 == "-" || $0.isNumber })
            {
                exit = code
            }
            return [.terminal(TerminalPart(command: command, output: output, exitCode: exit, title: arg("description")))]
        case "edit":
            guard status == .ok, let path = arg("file_path") else { break }
            return [.diff(DiffPart(path: shortPath(path, cwd: cwd), old: arg("old_string") ?? "", new: arg("new_string") ?? ""))]
        case "multiedit":
            guard status == .ok, let path = arg("file_path"), case .array(let edits)? = input?["edits"]?.value else { break }
            return edits.map { edit in
                .diff(
                    DiffPart(
                        path: shortPath(path, cwd: cwd), old: InputProbe.string(edit, "old_string") ?? "", new: InputProbe.string(edit, "new_string") ?? ""))
            }
        case "write":
            guard status == .ok, let path = arg("file_path") else { break }
            return [.diff(DiffPart(path: shortPath(path, cwd: cwd), old: "", new: arg("content") ?? "", created: true))]
        case "todos":
            guard case .array(let todos)? = input?["todos"]?.value else { break }
            return [.toolCall(ToolTitles.todoList(name: call.name, todos, text: "content", done: "completed", status: status == .running ? .ok : status))]
        default:
            break
        }
        var part = ToolCallPart(
            name: call.name, input: input.map(JSONText.compact) ?? (call.input.isEmpty ? nil : call.input), status: status, result: call.result)
        switch call.name {
        case "view":
            if let path = arg("file_path") {
                let short = shortPath(path, cwd: cwd)
                part.title = "Read \(short)"
                part.titlePhrase = UIPhrase(.toolRead, ["path": short])
            }
        case "glob":
            if let pattern = arg("pattern") { part.title = "Found files matching \(pattern)"; part.titlePhrase = UIPhrase(.toolGlob, ["pattern": pattern]) }
        case "grep":
            if let pattern = arg("pattern") { part.title = "Searched for “\(pattern)”"; part.titlePhrase = UIPhrase(.toolGrep, ["pattern": pattern]) }
        case "web_search":
            if let query = arg("query") { part.title = "Searched the web for “\(query)”"; part.titlePhrase = UIPhrase(.toolWebSearch, ["query": query]) }
        case "fetch", "web_fetch", "download":
            ToolTitles.fetched(&part, url: arg("url"))
        default:
            break
        }
        return [.toolCall(part)]
    }
}
