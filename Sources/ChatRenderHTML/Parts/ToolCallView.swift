import ChatModel

/// A tool the assistant called, closed: "Ran `pytest -q` — failed" for a shell command,
/// otherwise its title or "Used web.search", with the status in words and an icon. Inside: the
/// input (pretty-printed when it is JSON), the page it opened as a link, what came back, and the
/// files it made.
enum ToolCallView {
    static func render(_ part: ToolCallPart, id: String, context: PartContext) -> HTML {
        let s = context.options.strings
        let input = part.input.map(ToolInput.init)
        var title: HTML
        if let command = input?.command {
            title = s.html(.ranCommand, ["command": "<code class=\"cr-part-code\">\(ToolInput.oneLine(command))</code>"])
        } else if let name = part.title, !name.isEmpty {
            title = "<span dir=\"auto\">\(s.phrase(part.titlePhrase, or: name))</span>"
        } else {
            title = s.html(.usedTool, ["tool": "<code class=\"cr-part-code\">\(part.name)</code>"])
        }
        var body = HTML()
        if input?.command != nil || !(part.title ?? "").isEmpty {
            // The tool's own name, which the line above does not say.
            var meta: HTML = "<p class=\"cr-part-meta-line\">\(s.html(.toolNamed, ["tool": "<code class=\"cr-part-code\">\(part.name)</code>"]))"
            if input?.command != nil, let name = part.title, !name.isEmpty {
                meta.append(" · <span dir=\"auto\">\(s.phrase(part.titlePhrase, or: name))</span>")
            }
            meta.append("</p>")
            body.append(meta)
        }
        body.append(page(part.url))
        let checklist = ToolResultView.input(part, input: input, strings: s)
        if let checklist {
            body.append(checklist)
        } else if let input, !input.text.isEmpty {
            body.append(PartFrame.label("\(s[.input])"))
            body.append(CodeBlock.render(input.pretty, language: input.isJSON ? "json" : nil))
        }
        if let shaped = WebSearchResults.render(part, context: context) ?? ToolResultView.result(part, input: input, strings: s) {
            body.append(PartFrame.label("\(s[.result])"))
            body.append(shaped)
        } else if part.name == "TodoWrite", part.status == .ok, checklist != nil {
            // The checklist says it; the tool's "modified successfully" adds nothing.
        } else if let result = part.result, !result.isEmpty {
            let label = part.status == .error ? s[.error] : s[.result]
            body.append(PartFrame.label("\(label)"))
            body.append(OutputBlock.render(result, label: label, strings: s))
        } else if part.status == .running {
            body.append("<p class=\"cr-part-meta-line\">\(s[.noResultYet])</p>")
        }
        body.append(context.renderAttachments(part.attachmentIDs))
        let kind: HTML = "tool"
        return PartFrame.collapsed(
            kind: kind, id: id, icon: Icon.tool, title: title, status: PartFrame.status(part.status, s),
            body: body, extraClass: statusClass(part.status))
    }

    /// The web page the call opened, as a link to follow (in a new tab, telling the site nothing of
    /// this page); nothing for a call with none, or with an address that is not an http(s) URL.
    /// A link only: the page never loads it.
    static func page(_ url: String?) -> HTML {
        guard let url, case .remote(let address) = LinkPolicy.classify(url) else { return HTML() }
        return
            "<p class=\"cr-part-meta-line cr-part-page\">\(Icon.open)<a class=\"cr-page-link\" dir=\"ltr\" href=\"\(address)\" target=\"_blank\" rel=\"noopener noreferrer\">\(address)</a></p>"
    }

    static func statusClass(_ status: ToolStatus) -> HTML {
        switch status {
        case .ok: return HTML()
        case .error: return " cr-part--error"
        case .rejected: return " cr-part--rejected"
        case .running: return " cr-part--running"
        }
    }
}
