import ChatModel

/// The model's reasoning, closed: "Thought for 41s" (or its summary, or "Thinking"), the
/// reasoning inside in muted text, read like the turn's text.
enum ThinkingView {
    static func render(_ part: ThinkingPart, id: String, context: PartContext) -> HTML {
        let s = context.options.strings
        var title: HTML
        if let summary = part.summary, !summary.isEmpty {
            title = "<span dir=\"auto\">\(summary)</span>"
            if let duration = part.duration.flatMap({ durationText($0, s) }) { title.append(" <span class=\"cr-part-meta\">· \(duration)</span>") }
        } else if let duration = part.duration.flatMap({ durationText($0, s) }) {
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

    /// "41s", "2m 5s", "1h 3m"; nil for a duration that is not a time (negative, NaN).
    static func durationText(_ seconds: Double, _ s: UIStrings = .english) -> String? {
        guard seconds.isFinite, seconds >= 0, seconds < 1e9 else { return nil }
        let total = Int(seconds.rounded())
        if total < 1 { return s[.lessThanASecond] }
        if total < 60 { return s.text(.durationSeconds, ["s": s.number(total)]) }
        if total < 3600 {
            return total % 60 == 0
                ? s.text(.durationMinutes, ["m": s.number(total / 60)])
                : s.text(.durationMinutesSeconds, ["m": s.number(total / 60), "s": s.number(total % 60)])
        }
        let minutes = (total % 3600) / 60
        return minutes == 0
            ? s.text(.durationHours, ["h": s.number(total / 3600)])
            : s.text(.durationHoursMinutes, ["h": s.number(total / 3600), "m": s.number(minutes)])
    }
}
