import ChatModel
import ChatSupport

/// How the tools of Zed's agent read on the page. A call's `input` is its arguments (JSON; in
/// later versions wrapped as `{"type": "json", "value": …}`); its result's `content` is text (a
/// string, `{"Text": …}`, `{"type": "text", "text": …}`, or a list of them) and its `output`
/// the tool's own record.
///
/// | tool | becomes |
/// | --- | --- |
/// | `terminal` (`command`, `cd`) | a terminal with its output |
/// | `edit_file`, `streaming_edit_file` (`path`, `display_description`) with `output` `old_text`, `new_text` | a diff |
/// | `read_file` (`path`), `grep` (`regex`), `find_path` (`glob`), `fetch` (`url`), `web_search` (`query`) | titled tool calls |
/// | `thinking` (`content`) | thinking |
/// | any other tool (`list_directory`, `diagnostics`, MCP tools …) | a tool call with its input and result |
enum ZedTools {
    /// A call's input: the `{"type": "json", "value": …}` wrapper's value, or the input itself;
    /// the raw text parsed when the input is missing.
    static func input(_ node: JSONNode?, raw: String?) -> JSONNode? {
        if let node, case .object(let members) = node.value, members.count == 2, let value = node["value"],
            let kind = InputProbe.string(node, "type"), kind == "json" || kind == "text"
        {
            return value
        }
        if let node, node.value != .null { return node }
        return raw.flatMap { try? JSONParser.parse(Array($0.utf8)) }
    }

    /// A result's text, in any of the shapes Zed wrote it.
    static func text(_ node: JSONNode?) -> String? {
        guard let node else { return nil }
        switch node.value {
        case .string(let text): return text
        case .array(let list):
            let texts = list.compactMap(text)
            return texts.isEmpty ? nil : texts.joined(separator: "\n")
        case .object:
            if let text = InputProbe.string(node, "Text") ?? InputProbe.string(node, "text") { return text }
            if node["Image"] != nil || node["source"] != nil { return "(an image)" }
            return nil
        default:
            return nil
        }
    }

    /// A mention in a prompt (`{"File": {"abs_path"}}`, `{"Symbol": {"name"}}`, `{"Fetch": {"url"}}`
    /// …) as Zed shows it: `@` and its name.
    static func mention(_ uri: JSONNode?) -> String {
        guard let uri, case .object(let members) = uri.value, let (kind, body) = members.first.map({ ($0.key, $0.node) }) else { return "@mention" }
        let name = InputProbe.string(body, "name") ?? InputProbe.string(body, "abs_path").map(FilePath.lastComponent) ?? InputProbe.string(body, "url")
        return "@" + (name ?? kind.lowercased())
    }

    /// A prompt's image (`source`: base64 PNG) as a photo.
    static func image(_ node: JSONNode?, id: String) -> ImportedAttachment? {
        guard let source = node.flatMap({ InputProbe.string($0, "source") }), let bytes = InlineData.decodeBase64(source) else { return nil }
        return ImportedAttachment(id: id, name: "image.png", contentType: "image/png", byteCount: Int64(bytes.count), content: .bytes(bytes))
    }

    /// A path shown relative to the project when it is inside it.
    static func shortPath(_ path: String, cwd: String?) -> String {
        guard let cwd, !cwd.isEmpty else { return path }
        let base = cwd.hasSuffix("/") ? cwd : cwd + "/"
        return path.hasPrefix(base) ? String(path.dropFirst(base.count)) : path
    }

    static func parts(_ call: ZedSession.Call, cwd: String?) -> [TurnPart] {
        func arg(_ key: String) -> String? { call.input.flatMap { InputProbe.string($0, key) } }
        let status: ToolStatus = !call.answered ? .running : call.isError ? .error : .ok
        switch call.name {
        case "terminal":
            guard status != .running, let command = arg("command") else { break }
            return [.terminal(TerminalPart(command: command, output: call.result ?? "", exitCode: status == .error ? 1 : nil))]
        case "edit_file", "streaming_edit_file":
            guard status == .ok, let path = arg("path"), let new = call.output.flatMap({ InputProbe.string($0, "new_text") }) else { break }
            let old = call.output.flatMap { InputProbe.string($0, "old_text") } ?? ""
            return [.diff(DiffPart(path: shortPath(path, cwd: cwd), old: old, new: new, created: arg("mode") == "create"))]
        case "thinking":
            if let content = arg("content"), !content.trimmingASCIIWhitespace().isEmpty { return [.thinking(ThinkingPart(text: content))] }
        default:
            break
        }
        var part = ToolCallPart(name: call.name, input: call.input.map(JSONText.compact), status: status, result: call.result)
        switch call.name {
        case "read_file":
            if let path = arg("path") {
                let short = shortPath(path, cwd: cwd)
                part.title = "Read \(short)"
                part.titlePhrase = UIPhrase(.toolRead, ["path": short])
            }
        case "grep":
            if let pattern = arg("regex") { part.title = "Searched for “\(pattern)”"; part.titlePhrase = UIPhrase(.toolGrep, ["pattern": pattern]) }
        case "find_path":
            if let pattern = arg("glob") { part.title = "Found files matching \(pattern)"; part.titlePhrase = UIPhrase(.toolGlob, ["pattern": pattern]) }
        case "web_search":
            if let query = arg("query") { part.title = "Searched the web for “\(query)”"; part.titlePhrase = UIPhrase(.toolWebSearch, ["query": query]) }
        case "fetch":
            ToolTitles.fetched(&part, url: arg("url"))
        default:
            if let description = arg("display_description") { part.title = description }
        }
        return [.toolCall(part)]
    }
}
