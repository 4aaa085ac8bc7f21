import ChatModel
import ChatSupport

/// How goose's tool calls read on the page. Its tools come from extensions and are named
/// `extension__tool` (`developer__shell`); the tool's own name decides.
///
/// | tool | becomes |
/// | --- | --- |
/// | `shell` (`command`) | a terminal with its output (exit code 1 when it failed) |
/// | `text_editor` `write` (`path`, `file_text`) | a diff of the written file |
/// | `text_editor` `str_replace` (`path`, `old_str`, `new_str`) | a diff |
/// | `text_editor` `view` | "Read FILE" |
/// | any other tool | a tool call with its arguments and result |
enum GooseTools {
    /// The texts of a tool's result contents (`[{"type": "text", "text"}]`): those meant for the
    /// person (`annotations.audience` holding `user`) when there are any, else all of them.
    static func text(_ content: JSONNode?) -> String? {
        guard let content, case .array(let items) = content.value else { return content.flatMap { InputProbe.string($0, "text") } }
        func audience(_ item: JSONNode) -> [String] {
            guard case .array(let who)? = item["annotations"]?["audience"]?.value else { return [] }
            return who.compactMap { if case .string(let s) = $0.value { return s } else { return nil } }
        }
        let texts = items.filter { InputProbe.string($0, "type") == "text" }
        let forPerson = texts.filter { audience($0).contains("user") }
        let chosen = (forPerson.isEmpty ? texts : forPerson).compactMap { InputProbe.string($0, "text") }
        return chosen.isEmpty ? nil : chosen.joined(separator: "\n")
    }

    static func parts(_ call: GooseSession.Call, cwd: String?) -> [TurnPart] {
        if let failed = call.failedRequest {
            return [.toolCall(ToolCallPart(name: call.name, title: "A tool call goose could not read", status: .error, result: failed))]
        }
        let tool = call.name.range(of: "__", options: .backwards).map { String(call.name[$0.upperBound...]) } ?? call.name
        func arg(_ key: String) -> String? { call.arguments.flatMap { InputProbe.string($0, key) } }
        let status: ToolStatus = call.result == nil && !call.isError ? .running : call.isError ? .error : .ok
        func short(_ path: String) -> String {
            guard let cwd, !cwd.isEmpty else { return path }
            let base = cwd.hasSuffix("/") ? cwd : cwd + "/"
            return path.hasPrefix(base) ? String(path.dropFirst(base.count)) : path
        }
        switch (tool, arg("command")) {
        case ("shell", let command?) where status != .running:
            return [.terminal(TerminalPart(command: command, output: call.result ?? "", exitCode: status == .error ? 1 : nil))]
        case ("text_editor", "write") where status == .ok:
            if let path = arg("path") { return [.diff(DiffPart(path: short(path), old: "", new: arg("file_text") ?? "", created: true))] }
        case ("text_editor", "str_replace") where status == .ok:
            if let path = arg("path") { return [.diff(DiffPart(path: short(path), old: arg("old_str") ?? "", new: arg("new_str") ?? ""))] }
        default:
            break
        }
        var part = ToolCallPart(name: call.name, input: call.arguments.map(JSONText.compact), status: status, result: call.result)
        if tool == "text_editor", arg("command") == "view", let path = arg("path") {
            part.title = "Read \(short(path))"
            part.titlePhrase = UIPhrase(.toolRead, ["path": short(path)])
        }
        return [.toolCall(part)]
    }
}
