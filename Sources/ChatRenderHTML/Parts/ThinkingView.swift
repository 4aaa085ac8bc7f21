import ChatModel

/// The model's reasoning, closed: "Thought for 41s" (or its summary, or "Thinking"), the
/// reasoning inside in muted text, read like the turn's text.
enum ThinkingView {
    static func render(_ part: ThinkingPart, id: String, context: PartContext) -> HTML {
        var title: HTML
        if let summary = part.summary, !summary.isEmpty {
            title = "<span dir=\"auto\">\(summary)</span>"
            if let duration = part.duration.flatMap(durationText) { title.append(" <span class=\"cr-part-meta\">· \(duration)</span>") }
        } else if let duration = part.duration.flatMap(durationText) {
            title = "Thought for \(duration)"
        } else {
            title = "Thinking"
        }
        guard !part.text.isEmpty else {
            return PartFrame.line(kind: "thinking", id: id, icon: Icon.thinking, title: title)
        }
        return PartFrame.collapsed(kind: "thinking", id: id, icon: Icon.thinking, title: title,
                                   body: "<div class=\"cr-reply cr-thinking-text\" dir=\"auto\">\(context.text(part.text))</div>")
    }

    /// "41s", "2m 5s", "1h 3m"; nil for a duration that is not a time (negative, NaN).
    static func durationText(_ seconds: Double) -> String? {
        guard seconds.isFinite, seconds >= 0, seconds < 1e9 else { return nil }
        let total = Int(seconds.rounded())
        if total < 1 { return "less than a second" }
        if total < 60 { return "\(total)s" }
        if total < 3600 { return total % 60 == 0 ? "\(total / 60)m" : "\(total / 60)m \(total % 60)s" }
        let minutes = (total % 3600) / 60
        return minutes == 0 ? "\(total / 3600)h" : "\(total / 3600)h \(minutes)m"
    }
}
