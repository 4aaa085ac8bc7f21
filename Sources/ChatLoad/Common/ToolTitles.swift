import ChatModel
import ChatSupport

/// Titles that several agents' tools share the shape of, made in one place so each reader says
/// only which of its tools is which: the host a fetch went to, and a to-do list written whole.
package enum ToolTitles {
    /// The host of `url` (`https://docs.example.org/a?b` → `docs.example.org`); nil when it has
    /// no `://` or no host.
    package static func host(of url: String) -> String? {
        guard let start = url.range(of: "://") else { return nil }
        let host = String(url[start.upperBound...].prefix { $0 != "/" && $0 != "?" && $0 != "#" })
        return host.isEmpty ? nil : host
    }

    /// Titles `part` "Fetched HOST" when `url` has a host.
    package static func fetched(_ part: inout ToolCallPart, url: String?) {
        guard let url, let host = host(of: url) else { return }
        part.title = "Fetched \(host)"
        part.titlePhrase = UIPhrase(.toolFetched, ["host": host])
    }

    /// A to-do list the agent wrote whole, as one call: "Updated the to-do list · 2 of 5 done",
    /// the list as Markdown check boxes under it. Each item's words are its `text` member, its
    /// state its `status` (`done` ticks it, `in_progress` says so, `cancelled` strikes it out).
    package static func todoList(
        name: String, _ todos: [JSONNode], text: String, done doneStatus: String, status: ToolStatus
    ) -> ToolCallPart {
        var done = 0
        let lines = todos.map { todo -> String in
            let words = InputProbe.string(todo, text) ?? ""
            switch InputProbe.string(todo, "status") {
            case doneStatus: done += 1; return "- [x] \(words)"
            case "in_progress": return "- [ ] \(words) (in progress)"
            case "cancelled": return "- [ ] ~~\(words)~~"
            default: return "- [ ] \(words)"
            }
        }
        var part = ToolCallPart(
            name: name, title: "Updated the to-do list · \(done) of \(todos.count) done", status: status, result: lines.joined(separator: "\n"))
        part.titlePhrase = UIPhrase(.toolTodosDone, ["done": String(done), "count": String(todos.count)])
        return part
    }
}
