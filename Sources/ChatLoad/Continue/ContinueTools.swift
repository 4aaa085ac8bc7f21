import ChatModel
import ChatSupport

/// How Continue's built-in tools read on the page.
///
/// | tool | becomes |
/// | --- | --- |
/// | `run_terminal_command` (`command`) | a terminal with its output |
/// | `create_new_file` (`filepath`, `contents`) | a diff of the new file |
/// | `single_find_and_replace` (`filepath`, `old_string`, `new_string`) | a diff |
/// | `read_file`, `grep_search`, `file_glob_search`, `search_web`, `fetch_url_content` | titled tool calls |
/// | any other tool (`edit_existing_file`, `ls`, MCP tools …) | a tool call with its arguments and output |
enum ContinueTools {
    /// A folder as Continue names it (`file:///home/ana/src/app`), as a path.
    static func path(_ uri: String) -> String {
        guard uri.hasPrefix("file://") else { return uri }
        let rest = String(uri.dropFirst(7))
        return rest.removingPercentEncoding ?? rest
    }

    static func parts(_ call: ContinueSession.Call, cwd: String?) -> [TurnPart] {
        func arg(_ key: String) -> String? { call.arguments.flatMap { InputProbe.string($0, key) } }
        func short(_ file: String) -> String {
            let file = path(file)
            guard let cwd, !cwd.isEmpty else { return file }
            let base = cwd.hasSuffix("/") ? cwd : cwd + "/"
            return file.hasPrefix(base) ? String(file.dropFirst(base.count)) : file
        }
        switch call.name {
        case "run_terminal_command":
            if let command = arg("command"), call.status == .ok || call.status == .error {
                return [.terminal(TerminalPart(command: command, output: call.result ?? "", exitCode: call.status == .error ? 1 : nil))]
            }
        case "create_new_file":
            if call.status == .ok, let file = arg("filepath") {
                return [.diff(DiffPart(path: short(file), old: "", new: arg("contents") ?? "", created: true))]
            }
        case "single_find_and_replace":
            if call.status == .ok, let file = arg("filepath") {
                return [.diff(DiffPart(path: short(file), old: arg("old_string") ?? "", new: arg("new_string") ?? ""))]
            }
        default:
            break
        }
        var part = ToolCallPart(name: call.name, input: call.arguments.map(JSONText.compact), status: call.status, result: call.result)
        switch call.name {
        case "read_file":
            if let file = arg("filepath") { part.title = "Read \(short(file))"; part.titlePhrase = UIPhrase(.toolRead, ["path": short(file)]) }
        case "grep_search":
            if let query = arg("query") { part.title = "Searched for “\(query)”"; part.titlePhrase = UIPhrase(.toolGrep, ["pattern": query]) }
        case "file_glob_search":
            if let pattern = arg("pattern") { part.title = "Found files matching \(pattern)"; part.titlePhrase = UIPhrase(.toolGlob, ["pattern": pattern]) }
        case "search_web":
            if let query = arg("query") { part.title = "Searched the web for “\(query)”"; part.titlePhrase = UIPhrase(.toolWebSearch, ["query": query]) }
        case "fetch_url_content":
            ToolTitles.fetched(&part, url: arg("url"))
        default:
            break
        }
        return [.toolCall(part)]
    }
}
