import ChatModel
import ChatSupport

/// How Cursor's tool calls read on the page, and the text conventions of its transcripts. The
/// log keeps a call's name and input but, as a rule, not its output: a call shows what it was
/// asked to do.
///
/// | call | becomes |
/// | --- | --- |
/// | `Shell` (`command`, `description`) | a tool call titled with the command line; a terminal where the log has the output |
/// | `StrReplace` (`path`, `old_string`, `new_string`) | a diff of the file |
/// | `Write` (`path`, `contents`) | a diff of the file against nothing: the whole file as written |
/// | `Delete` (`path`) | "Deleted PATH" |
/// | `Read` | "Read PATH" |
/// | `Grep`, `Glob` | "Searched for “…”", "Found files matching …" |
/// | `WebSearch`, `WebFetch` | "Searched the web for “…”", "Fetched HOST" |
/// | `TodoWrite` | "Updated the to-do list · 2 of 5 done", the list as a checklist |
/// | `Task` / `Subagent` | the sub-agent's own transcript where it is beside the log, else a tool call with its task |
/// | anything else (`ReadLints`, `AwaitShell`, MCP tools, …) | a tool call with its name and input |
enum CursorTools {
    /// What the log writes in place of the model's reasoning.
    static let redacted = "[REDACTED]"

    static var hiddenReasoning: ThinkingPart {
        ThinkingPart(text: "The model's reasoning is not in the transcript; Cursor leaves it out of the log.", summary: "Reasoning")
    }

    static let agentTools: Set<String> = ["task", "subagent"]

    // MARK: - Prompts

    /// The person's words in a user line and the date of its `<timestamp>`: the inside of
    /// `<user_query>`; without one, the text with the editor's tags around it taken out.
    static func prompt(_ text: String) -> (String, ChatDate?) {
        let date = element("timestamp", in: text).flatMap(date)
        var queries: [String] = []
        var rest = Substring(text)
        while let open = rest.range(of: "<user_query>") {
            let after = rest[open.upperBound...]
            guard let close = after.range(of: "</user_query>") else {
                queries.append(String(after))
                break
            }
            queries.append(String(after[..<close.lowerBound]))
            rest = after[close.upperBound...]
        }
        if !queries.isEmpty {
            return (queries.map { $0.trimmingASCIIWhitespace() }.filter { !$0.isEmpty }.joined(separator: "\n\n"), date)
        }
        return (withoutTags(text), date)
    }

    /// The inside of the first `<name>…</name>` in `text`.
    static func element(_ name: String, in text: String) -> String? {
        guard let open = text.range(of: "<\(name)>"), let close = text.range(of: "</\(name)>", range: open.upperBound..<text.endIndex) else { return nil }
        return String(text[open.upperBound..<close.lowerBound]).trimmingASCIIWhitespace()
    }

    /// `text` without the tag blocks (`<timestamp>…`, `<attached_files>…`) at its start and end.
    static func withoutTags(_ text: String) -> String {
        var rest = text.trimmingASCIIWhitespace()
        while rest.hasPrefix("<"), let end = rest.firstIndex(of: ">") {
            let name = rest[rest.index(after: rest.startIndex)..<end]
            guard !name.isEmpty, name.allSatisfy({ $0.isLetter || $0 == "_" || $0 == "-" }),
                let close = rest.range(of: "</\(name)>")
            else { break }
            rest = String(rest[close.upperBound...]).trimmingASCIIWhitespace()
        }
        while rest.hasSuffix(">"), let open = rest.range(of: "</", options: .backwards) {
            let name = rest[open.upperBound..<rest.index(before: rest.endIndex)]
            guard !name.isEmpty, name.allSatisfy({ $0.isLetter || $0 == "_" || $0 == "-" }),
                let start = rest.range(of: "<\(name)>", options: .backwards)
            else { break }
            rest = String(rest[..<start.lowerBound]).trimmingASCIIWhitespace()
        }
        return rest
    }

    static let months = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]

    /// `Friday, Aug 14, 2026, 11:20 AM (UTC+2)` (minute precision, with the offset from UTC).
    static func date(_ text: String) -> ChatDate? {
        let fields = text.split(separator: ",").map { String($0).trimmingASCIIWhitespace() }
        guard let yearIndex = fields.firstIndex(where: { $0.count == 4 && Int($0) != nil }), yearIndex >= 1,
            let year = Int(fields[yearIndex])
        else { return nil }
        let monthDay = fields[yearIndex - 1].split(separator: " ")
        guard monthDay.count == 2, let month = months.firstIndex(of: monthDay[0].prefix(3).lowercased()), let day = Int(monthDay[1]) else { return nil }
        var hour = 0, minute = 0, offset = "Z"
        if yearIndex + 1 < fields.count {
            let time = fields[yearIndex + 1]
            let words = time.split(separator: " ")
            guard let clock = words.first, let colon = clock.firstIndex(of: ":"), let h = Int(clock[..<colon]),
                let m = Int(clock[clock.index(after: colon)...])
            else { return nil }
            hour = h; minute = m
            if words.count > 1 {
                let meridiem = words[1].uppercased()
                if meridiem == "PM", hour < 12 { hour += 12 }
                if meridiem == "AM", hour == 12 { hour = 0 }
            }
            if let open = time.range(of: "(UTC"), let close = time.range(of: ")", range: open.upperBound..<time.endIndex) {
                let zone = time[open.upperBound..<close.lowerBound]
                if let sign = zone.first, sign == "+" || sign == "-" {
                    let parts = zone.dropFirst().split(separator: ":")
                    guard let h = parts.first.flatMap({ Int($0) }) else { return nil }
                    let m = parts.count > 1 ? Int(parts[1]) ?? 0 : 0
                    offset = "\(sign)\(two(h)):\(two(m))"
                }
            }
        }
        return ChatDate(iso: "\(year)-\(two(month + 1))-\(two(day))T\(two(hour)):\(two(minute)):00\(offset)")
    }

    private static func two(_ value: Int) -> String { value < 10 ? "0\(value)" : String(value) }

    // MARK: - Calls

    /// The parts one call shows.
    static func parts(for call: CursorSession.Call) -> [TurnPart] {
        let input = call.input
        func arg(_ key: String) -> String? { input.flatMap { InputProbe.string($0, key) }.flatMap { $0.isEmpty ? nil : $0 } }
        let name = call.name
        var part = ToolCallPart(name: name, title: nil, input: input.map(JSONText.compact), status: call.status, result: call.result)
        switch name.lowercased() {
        case "shell", "run_terminal_cmd", "bash":
            guard let command = arg("command") else { break }
            if let output = call.result {
                return [.terminal(TerminalPart(command: command, output: output, title: arg("description")))]
            }
            part.title = SessionText.oneLine(command)
            part.input = command
        case "strreplace", "search_replace", "edit":
            guard let path = arg("path") ?? arg("file_path"), call.status != .error else { break }
            return [.diff(DiffPart(path: path, old: arg("old_string") ?? "", new: arg("new_string") ?? ""))]
        case "write":
            guard let path = arg("path") ?? arg("file_path"), call.status != .error else { break }
            return [.diff(DiffPart(path: path, old: "", new: input.flatMap { InputProbe.string($0, "contents") ?? InputProbe.string($0, "content") } ?? ""))]
        case "delete":
            guard let path = arg("path") ?? arg("file_path") else { break }
            let file = FilePath.lastComponent(path)
            part.title = "Deleted \(file)"
            part.titlePhrase = UIPhrase(.toolDeleted, ["path": file])
            part.input = path
        case "read", "read_file":
            guard let path = arg("path") ?? arg("file_path") ?? arg("target_file") ?? arg("targetFile") else { break }
            let file = FilePath.lastComponent(path)
            part.title = "Read \(file)"
            part.titlePhrase = UIPhrase(.toolRead, ["path": file])
        case "grep":
            guard let pattern = arg("pattern") else { break }
            part.title = "Searched for “\(pattern)”"
            part.titlePhrase = UIPhrase(.toolGrep, ["pattern": pattern])
        case "glob":
            guard let pattern = arg("glob_pattern") ?? arg("pattern") else { break }
            part.title = "Found files matching \(pattern)"
            part.titlePhrase = UIPhrase(.toolGlob, ["pattern": pattern])
        case "websearch", "web_search":
            guard let query = arg("search_term") ?? arg("query") else { break }
            part.title = "Searched the web for “\(query)”"
            part.titlePhrase = UIPhrase(.toolWebSearch, ["query": query])
        case "webfetch", "web_fetch":
            ToolTitles.fetched(&part, url: arg("url"))
        case "todowrite":
            guard let (done, count, list) = todos(input?["todos"]) else { break }
            part.title = "Updated the to-do list · \(done) of \(count) done"
            part.titlePhrase = UIPhrase(.toolTodosDone, ["done": String(done), "count": String(count)])
            part.input = nil
            part.result = list
        case "task", "subagent":
            let kind = arg("subagent_type"), description = arg("description")
            if let description { part.title = kind.map { "\($0) agent: \(description)" } ?? description }
            if let prompt = arg("prompt") { part.input = prompt }
        default:
            break
        }
        return [.toolCall(part)]
    }

    /// A to-do list (`[{content, status}]`): how many are done, how many in all, as a checklist.
    static func todos(_ node: JSONNode?) -> (Int, Int, String)? {
        guard let node, case .array(let items) = node.value, !items.isEmpty else { return nil }
        var done = 0
        let lines = items.map { item -> String in
            let text = InputProbe.string(item, "content") ?? InputProbe.string(item, "title") ?? ""
            switch InputProbe.string(item, "status") {
            case "completed", "done": done += 1; return "- [x] \(text)"
            case "in_progress": return "- [ ] \(text) (in progress)"
            default: return "- [ ] \(text)"
            }
        }
        return (done, items.count, lines.joined(separator: "\n"))
    }
}
