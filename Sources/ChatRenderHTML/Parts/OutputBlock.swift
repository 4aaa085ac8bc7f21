import ChatModel

/// What a command, a tool or a run printed: ANSI colours as spans, in a focusable `<pre>`. Long
/// output (more than ``previewLines`` lines or ``previewBytes`` bytes) shows its first lines and
/// puts the whole behind its own "Show all 412 lines" disclosure: nothing is cut away.
enum OutputBlock {
    static let previewLines = 20
    static let previewBytes = 2048

    /// `prefix` goes first inside the `<pre>` (a terminal's `$ command` line); `label` names the
    /// block for assistive technology ("Output").
    static func render(_ text: String, label: String, prefix: HTML = HTML(), strings s: UIStrings = .english) -> HTML {
        let lines = AnsiText.lines(text)
        let total = lines.reduce(0) { $0 + $1.byteCount + 1 }
        if lines.count <= previewLines && total <= previewBytes {
            return "<pre class=\"cr-output\" tabindex=\"0\" aria-label=\"\(label)\">\(prefix)\(AnsiText.join(lines))</pre>"
        }
        // The preview: whole lines up to the limits (at least the `$ command` line's company).
        var count = 0, bytes = 0
        while count < min(lines.count, previewLines), bytes + lines[count].byteCount + 1 <= previewBytes {
            bytes += lines[count].byteCount + 1
            count += 1
        }
        let all = lines.count == 1 ? s[.showAllOutput] : s.counted(.showAllLines, lines.count)
        var html: HTML = "<div class=\"cr-long\">"
        if count > 0 {
            html.append(
                "<pre class=\"cr-output cr-long-preview\" tabindex=\"0\" aria-label=\"\(s.counted(.firstLines, count, ["label": label]))\">\(prefix)\(AnsiText.join(Array(lines[..<count])))</pre>"
            )
        }
        html.append(
            "<details class=\"cr-long-all\"><summary class=\"cr-long-summary\"><span class=\"cr-long-show\">\(all)</span><span class=\"cr-long-hide\">\(s[.showFewerLines])</span>\(Icon.chevron)</summary><pre class=\"cr-output\" tabindex=\"0\" aria-label=\"\(s.counted(.allLines, lines.count, ["label": label]))\">\(prefix)\(AnsiText.join(lines))</pre></details></div>"
        )
        return html
    }
}
