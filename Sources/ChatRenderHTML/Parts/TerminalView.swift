import ChatModel

/// A command and what it printed, closed: "`$ make test` — exit 2"; inside, the output with its
/// colours (ANSI escapes become theme colours; other escapes are removed).
enum TerminalView {
    static func render(_ part: TerminalPart, id: String, context: PartContext) -> HTML {
        let s = context.options.strings
        var title: HTML
        var prefix = HTML()
        if let command = part.command, !command.isEmpty {
            title = "<code class=\"cr-part-code\">$ \(ToolInput.oneLine(command))</code>"
            prefix = "<span class=\"cr-term-prompt\" aria-hidden=\"true\">$ </span><span class=\"cr-term-command\">\(command)</span>\n"
        } else {
            title = "\(s[.terminalOutput])"
        }
        var status = HTML()
        var extra = HTML()
        if let code = part.exitCode {
            if code == 0 {
                status = " <span class=\"cr-part-meta\">— \(s.text(.exitCode, ["code": "0"]))</span>"
            } else {
                status = " <span class=\"cr-part-status cr-part-status--error\">— \(Icon.warning)\(s.text(.exitCode, ["code": String(code)]))</span>"
                extra = " cr-part--error"
            }
        }
        var body = HTML()
        if let purpose = part.title, !purpose.isEmpty {
            // What the command is for, as the app said it; the summary line keeps the command.
            body.append("<p class=\"cr-part-meta-line\" dir=\"auto\">\(purpose)</p>")
        }
        body.append(OutputBlock.render(part.output, label: s[.terminalOutput], prefix: prefix, strings: s))
        return PartFrame.collapsed(kind: "terminal", id: id, icon: Icon.terminal, title: title, status: status, body: body, extraClass: extra)
    }
}
