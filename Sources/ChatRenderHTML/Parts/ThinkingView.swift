import ChatModel

/// The model's reasoning, closed: "Thought for 41 s" (or its summary, or "Thinking"), the
/// reasoning inside in muted text, read like the turn's text.
enum ThinkingView {
    static func render(_ part: ThinkingPart, id: String, context: PartContext) -> HTML {
        let s = context.options.strings
        var title: HTML
        if let summary = part.summary, !summary.isEmpty {
            title = "<span dir=\"auto\">\(summary)</span>"
            if let duration = part.duration.flatMap(s.duration) { title.append(" <span class=\"cr-part-meta\">· \(duration)</span>") }
        } else if let duration = part.duration.flatMap(s.duration) {
            title = "\(s.text(.thoughtFor, ["duration": duration]))"
        } else {
            title = "\(s[.thinking])"
        }
        guard !part.text.isEmpty else {
            return PartFrame.line(kind: "thinking", id: id, icon: Icon.thinking, title: title)
        }
        return PartFrame.collapsed(
            kind: "thinking", id: id, icon: Icon.thinking, title: title,
            body: "<div class=\"cr-reply cr-thinking-text\" dir=\"auto\">\(context.text(part.text))</div>")
    }
}
