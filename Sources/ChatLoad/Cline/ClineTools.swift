import ChatModel
import ChatSupport

/// How the Cline family's tool calls read on the page, and how the calls of older versions are
/// found in a reply's text: before native tool calling, the model wrote each call as tags
/// (`<read_file><path>src/a.ts</path></read_file>`) and its reasoning in `<thinking>`, and the
/// result came back as the person's text, `[read_file for 'src/a.ts'] Result:` then the output.
///
/// | tool | becomes |
/// | --- | --- |
/// | `execute_command` (`command`) | a terminal: the command and its output (the panel's, else the result's) |
/// | `write_to_file` (`path`, `content`) | a diff against nothing ("Created" when the panel said the file was new) |
/// | `replace_in_file`, `apply_diff` (`path`, `diff` of SEARCH/REPLACE blocks) | a diff per block |
/// | `read_file`, `search_files`, `web_fetch`, `web_search` | "Read PATH", "Searched for “…”", "Fetched HOST", "Searched the web for “…”" |
/// | `attempt_completion` (`result`), `plan_mode_respond` (`response`) | the reply's text: what the panel showed as the answer |
/// | `ask_followup_question` (`question`) | a tool call titled with the question, the answer its result |
/// | anything else (`list_files`, `browser_action`, `use_mcp_tool`, …) | a tool call with its name, input and result |
enum ClineTools {
    /// The tools whose tags are calls in an older version's reply text (Cline's, Roo Code's and
    /// Kilo Code's); any other tag is text.
    static let names: Set<String> = [
        "execute_command", "read_file", "write_to_file", "replace_in_file", "apply_diff", "insert_content", "search_and_replace",
        "search_files", "list_files", "list_code_definition_names", "codebase_search", "browser_action", "use_mcp_tool",
        "access_mcp_resource", "ask_followup_question", "attempt_completion", "plan_mode_respond", "new_task", "switch_mode",
        "update_todo_list", "fetch_instructions", "web_fetch", "web_search", "load_mcp_documentation", "condense", "summarize_task",
        "report_bug", "new_rule", "edit_file", "delete_file", "focus_chain", "generate_explanation", "use_skill",
    ]

    /// Parameters whose value may hold tags of its own: their closing tag is the last one.
    static let freeText: Set<String> = ["content", "diff", "result", "response", "message", "context", "arguments", "todos"]

    /// A piece of a reply's text: words, reasoning in `<thinking>`, or a call written as tags.
    enum Piece: Equatable {
        case text(String)
        case thinking(String)
        case call(name: String, params: [(key: String, value: String)])

        /// Pieces are equal when their kind and text (a call's name and parameters) are.
        static func == (a: Piece, b: Piece) -> Bool {
            switch (a, b) {
            case (.text(let x), .text(let y)), (.thinking(let x), .thinking(let y)): return x == y
            case (.call(let n, let p), .call(let m, let q)): return n == m && p.map(\.key) == q.map(\.key) && p.map(\.value) == q.map(\.value)
            default: return false
            }
        }
    }

    /// The pieces of an assistant's text, in order. A call cut off by the end of the text (the
    /// reply was interrupted) keeps the parameters written so far.
    static func pieces(of text: String) -> [Piece] {
        var pieces: [Piece] = []
        var rest = text[...]
        var words = ""
        func flush() {
            let trimmed = words.trimmingASCIIWhitespace()
            if !trimmed.isEmpty { pieces.append(.text(trimmed)) }
            words = ""
        }
        while let open = rest.firstIndex(of: "<") {
            let after = rest[rest.index(after: open)...]
            let tag = after.prefix { $0.isLetter || $0 == "_" }
            guard after.dropFirst(tag.count).first == ">", tag == "thinking" || names.contains(String(tag)) else {
                words += rest[...open]
                rest = after
                continue
            }
            words += rest[..<open]
            let bodyStart = after.index(after.startIndex, offsetBy: tag.count + 1)
            let close = "</\(tag)>"
            let body: Substring
            if let end = rest[bodyStart...].range(of: close) {
                body = rest[bodyStart..<end.lowerBound]
                rest = rest[end.upperBound...]
            } else {
                body = rest[bodyStart...]
                rest = rest[rest.endIndex...]
            }
            flush()
            if tag == "thinking" {
                let thought = String(body).trimmingASCIIWhitespace()
                if !thought.isEmpty { pieces.append(.thinking(thought)) }
            } else {
                pieces.append(.call(name: String(tag), params: params(in: body)))
            }
        }
        words += rest
        flush()
        return pieces
    }

    /// The `<name>value</name>` parameters of a call's body, in order.
    static func params(in body: Substring) -> [(key: String, value: String)] {
        var found: [(key: String, value: String)] = []
        var rest = body
        while let open = rest.firstIndex(of: "<") {
            let after = rest[rest.index(after: open)...]
            let key = after.prefix { $0.isLetter || $0 == "_" }
            guard !key.isEmpty, after.dropFirst(key.count).first == ">" else {
                rest = after
                continue
            }
            let valueStart = after.index(after.startIndex, offsetBy: key.count + 1)
            let close = "</\(key)>"
            let inside = rest[valueStart...]
            let end = freeText.contains(String(key)) ? inside.ranges(of: close).last : inside.range(of: close)
            let value = end.map { inside[..<$0.lowerBound] } ?? inside
            found.append((String(key), trimmedValue(value, free: freeText.contains(String(key)))))
            rest = end.map { inside[$0.upperBound...] } ?? inside[inside.endIndex...]
        }
        return found
    }

    /// A parameter's value: a free text loses only the line breaks around it; others are trimmed.
    static func trimmedValue(_ value: Substring, free: Bool) -> String {
        guard free else { return String(value).trimmingASCIIWhitespace() }
        var text = value
        if text.first == "\n" { text = text.dropFirst() }
        if text.last == "\n" { text = text.dropLast() }
        return String(text)
    }

    /// A call's input as JSON text: its parameters as one object.
    static func inputText(_ params: [(key: String, value: String)]) -> String {
        JSONText.compact(JSONNode(.object(params.map { ($0.key, JSONNode(.string($0.value))) })))
    }

    /// `[read_file for 'src/a.ts'] Result:` at the start of `text`: the tool's name and where the
    /// result's own text starts; nil for text that is not a result.
    static func resultHeader(_ text: Substring) -> (name: String, body: Substring)? {
        guard text.first == "[" else { return nil }
        let name = text.dropFirst().prefix { $0.isLetter || $0 == "_" }
        guard !name.isEmpty, let end = text.range(of: "] Result:") else { return nil }
        let between = text[name.endIndex..<end.lowerBound]
        guard between.isEmpty || between.hasPrefix(" for '") else { return nil }
        var body = text[end.upperBound...]
        if body.first == "\n" { body = body.dropFirst() }
        return (String(name), body)
    }

    /// How a result says the call ended: declined by the person, failed, or done.
    static func status(ofResult text: String) -> ToolStatus {
        if text.hasPrefix("The user denied this operation") || text.contains("\nThe user denied this operation") { return .rejected }
        if text.hasPrefix("The tool execution failed") || text.hasPrefix("<error>") { return .error }
        return .ok
    }

    /// The inside of `<tag>…</tag>` in `text`, trimmed; nil when there is none.
    static func element(_ tag: String, in text: String) -> String? {
        guard let open = text.range(of: "<\(tag)>"), let close = text.range(of: "</\(tag)>", range: open.upperBound..<text.endIndex) else {
            return nil
        }
        let inside = String(text[open.upperBound..<close.lowerBound]).trimmingASCIIWhitespace()
        return inside.isEmpty ? nil : inside
    }

    /// `text` without the `<environment_details>` the agent adds to every message it sends (the
    /// open files, the clock, the folder's listing): context for the model, never the person's.
    static func withoutEnvironment(_ text: String) -> String {
        var out = text
        while let open = out.range(of: "<environment_details>") {
            let close = out.range(of: "</environment_details>", range: open.upperBound..<out.endIndex)
            out.removeSubrange(open.lowerBound..<(close?.upperBound ?? out.endIndex))
        }
        return out.trimmingASCIIWhitespace()
    }

    /// What the panel told of one session besides the conversation: files it said were created,
    /// and each command's output as it showed it.
    struct Panel {
        var created: Set<String> = []
        var output: [String: String] = [:]
    }

    /// The parts a call shows as.
    static func parts(name: String, params: [(key: String, value: String)], input: String?, result: String?, status: ToolStatus, panel: Panel) -> [TurnPart] {
        func arg(_ key: String) -> String? { params.first { $0.key == key }.flatMap { $0.value.isEmpty ? nil : $0.value } }
        switch name {
        case "execute_command":
            guard let command = arg("command"), status == .ok || status == .error else { break }
            // The result: `Command executed.` (or `… within working directory '…'. Exit code: 0`), then `Output:` and the output.
            var output = result ?? ""
            var exit: Int?
            if let code = output.range(of: "Exit code: ") { exit = Int(output[code.upperBound...].prefix { $0 == "-" || $0.isNumber }) }
            if let start = output.range(of: "Output:\n") ?? output.range(of: "Output:") {
                output = String(output[start.upperBound...])
            } else if output.hasPrefix("Command executed.") {
                output = String(output.dropFirst("Command executed.".count)).trimmingASCIIWhitespace()
            }
            // What the panel showed of it, when it did.
            if let shown = panel.output[command] { output = shown }
            return [.terminal(TerminalPart(command: command, output: output, exitCode: exit ?? (status == .error ? 1 : nil)))]
        case "write_to_file":
            guard status == .ok, let path = arg("path") else { break }
            return [.diff(DiffPart(path: path, old: "", new: arg("content") ?? "", created: panel.created.contains(path)))]
        case "replace_in_file", "apply_diff":
            guard status == .ok, let path = arg("path") else { break }
            let blocks = SearchReplace.blocks(in: arg("diff") ?? "")
            guard !blocks.isEmpty else { break }
            return blocks.map { .diff(DiffPart(path: path, old: $0.search, new: $0.replace)) }
        case "attempt_completion":
            guard let text = arg("result") else { break }
            return [.text(text)]
        case "plan_mode_respond":
            guard let text = arg("response") else { break }
            return [.text(text)]
        default:
            break
        }
        var call = ToolCallPart(name: name, input: input, status: status, result: result)
        switch name {
        case "read_file":
            if let path = arg("path") { call.title = "Read \(path)"; call.titlePhrase = UIPhrase(.toolRead, ["path": path]) }
        case "search_files":
            if let pattern = arg("regex") { call.title = "Searched for “\(pattern)”"; call.titlePhrase = UIPhrase(.toolGrep, ["pattern": pattern]) }
        case "web_search":
            if let query = arg("query") { call.title = "Searched the web for “\(query)”"; call.titlePhrase = UIPhrase(.toolWebSearch, ["query": query]) }
        case "web_fetch":
            ToolTitles.fetched(&call, url: arg("url"))
        case "ask_followup_question":
            call.title = arg("question").map(SessionText.oneLine)
            if let result, let answer = element("answer", in: result) { call.result = answer }
        default:
            break
        }
        return [.toolCall(call)]
    }
}
