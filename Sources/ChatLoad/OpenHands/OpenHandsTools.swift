import ChatModel
import ChatSupport

/// How OpenHands' tool calls read on the page, in both layouts (the SDK's action `kind`, or the
/// older layout's `action`).
///
/// | tool | becomes |
/// | --- | --- |
/// | `TerminalAction`, `ExecuteBashAction`, `run` (`command`) | a terminal: the command, its output and exit code |
/// | `FileEditorAction`, `str_replace_editor`, `edit` (`command`: `create`, `str_replace`, `insert`, `view`) | a diff of the new file or of the replaced text; `view` is "Read PATH" |
/// | `write` (`path`, `content`) | a diff of the new file |
/// | `read` (`path`) | "Read PATH" with what was read |
/// | `BrowserNavigateAction`, `browse` (`url`) | "Opened HOST", linked |
/// | `GrepAction`, `GlobAction` (`pattern`) | "Searched for “…”", "Found files matching …" |
/// | `TaskTrackerAction`, `task_tracking` | "Updated the to-do list" |
/// | `delegate`, `DelegateAction`, `TaskAction` | a tool call with the sub-agent's transcript after it, when the log holds it |
/// | anything else (`run_ipython`, `call_tool_mcp`, MCP tools, `browse_interactive`…) | a tool call with its name, input and output |
enum OpenHandsTools {
    /// Fields of an action that are the agent's bookkeeping, not the call's input.
    static let bookkeeping: Set<String> = [
        "kind", "thought", "security_risk", "confirmation_state", "impl_source", "hidden", "is_confirmed", "blocking", "is_static", "cwd",
    ]

    static func parts(_ call: OpenHandsSession.Call, cwd: String?) -> [TurnPart] {
        func arg(_ key: String) -> String? { call.input.flatMap { InputProbe.string($0, key) } }
        func short(_ file: String) -> String {
            guard let cwd, !cwd.isEmpty else { return file }
            let base = cwd.hasSuffix("/") ? cwd : cwd + "/"
            return file.hasPrefix(base) ? String(file.dropFirst(base.count)) : file
        }
        let finished = call.status == .ok || call.status == .error
        let trailing = call.transcripts.map { TurnPart.transcript($0) }
        switch call.action {
        case "TerminalAction", "ExecuteBashAction", "run":
            if let command = arg("command"), finished {
                return [.terminal(TerminalPart(command: command, output: call.output ?? "", exitCode: call.exitCode ?? (call.status == .error ? 1 : nil)))]
            }
        case "FileEditorAction", "StrReplaceEditorAction", "PlanningFileEditorAction", "edit":
            if call.status == .ok, let file = arg("path") {
                switch arg("command") {
                case "create":
                    return [.diff(DiffPart(path: short(file), old: "", new: arg("file_text") ?? call.newContent ?? "", created: true))]
                case "str_replace":
                    return [.diff(DiffPart(path: short(file), old: arg("old_str") ?? "", new: arg("new_str") ?? ""))]
                case "insert":
                    if let old = call.oldContent, let new = call.newContent { return [.diff(DiffPart(path: short(file), old: old, new: new))] }
                    return [.diff(DiffPart(path: short(file), old: "", new: arg("new_str") ?? ""))]
                case "view":
                    break
                default:
                    if let old = call.oldContent, let new = call.newContent { return [.diff(DiffPart(path: short(file), old: old, new: new))] }
                }
            }
        case "write":
            if call.status == .ok, let file = arg("path") {
                return [.diff(DiffPart(path: short(file), old: "", new: arg("content") ?? "", created: true))]
            }
        default:
            break
        }
        var part = ToolCallPart(name: call.name, input: call.input.map(inputText), status: call.status, result: call.output)
        switch call.action {
        case "read":
            if let file = arg("path") { part.title = "Read \(short(file))"; part.titlePhrase = UIPhrase(.toolRead, ["path": short(file)]) }
        case "FileEditorAction", "StrReplaceEditorAction", "PlanningFileEditorAction", "edit":
            if let file = arg("path") {
                if arg("command") == "view" {
                    part.title = "Read \(short(file))"
                    part.titlePhrase = UIPhrase(.toolRead, ["path": short(file)])
                } else {
                    part.title = "Edit \(short(file))"
                    part.titlePhrase = UIPhrase(.toolEdit, ["path": short(file)])
                }
            }
        case "BrowserNavigateAction", "browse":
            if let url = arg("url"), let start = url.range(of: "://") {
                let host = String(url[start.upperBound...].prefix { $0 != "/" && $0 != "?" && $0 != "#" })
                if !host.isEmpty { part.title = "Opened \(host)"; part.titlePhrase = UIPhrase(.toolOpened, ["host": host]) }
                if url.hasPrefix("http://") || url.hasPrefix("https://") { part.url = url }
            }
        case "GrepAction":
            if let pattern = arg("pattern") { part.title = "Searched for “\(pattern)”"; part.titlePhrase = UIPhrase(.toolGrep, ["pattern": pattern]) }
        case "GlobAction":
            if let pattern = arg("pattern") { part.title = "Found files matching \(pattern)"; part.titlePhrase = UIPhrase(.toolGlob, ["pattern": pattern]) }
        case "TaskTrackerAction", "task_tracking":
            part.title = "Updated the to-do list"
            part.titlePhrase = UIPhrase(.toolTodos)
        default:
            break
        }
        return [.toolCall(part)] + trailing
    }

    /// An action's fields as JSON text, without the agent's bookkeeping.
    static func inputText(_ input: JSONNode) -> String {
        guard case .object(let members) = input.value else { return JSONText.compact(input) }
        let kept = members.filter { !bookkeeping.contains($0.key) && $0.node.value != .null }
        return JSONText.compact(JSONNode(.object(kept)))
    }
}
