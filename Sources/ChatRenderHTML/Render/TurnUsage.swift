import ChatModel
import ChatPlan

/// Under an assistant's turn, quietly: the tokens its API calls used, and how full the model's
/// context window was after it, as a `<meter>` whose name and value a screen reader says in
/// words ("Context window, 24% full: 47,000 of 200,000 tokens"). A turn in which the
/// conversation was compacted says so on the bar.
enum TurnUsage {
    static func render(_ message: Message, options: RenderOptions) -> HTML {
        guard let usage = message.usage, message.role == .assistant else { return HTML() }
        let s = options.strings
        var html: HTML =
            "<div class=\"cr-usage\"><p class=\"cr-usage-tokens\"><span class=\"cr-visually-hidden\">\(s[.tokensUsed]): </span>\(UsageText.tokens(usage, s))</p>"
        let window = usage.contextWindow ?? message.model.flatMap { options.prices.price(for: $0)?.contextWindow }
        if let used = usage.context, let window, !window.isZero {
            let compacted = message.parts.contains { if case .notice(let notice) = $0 { return notice.kind == .compacted } else { return false } }
            // Capped: a log may claim a context a million times its window.
            let percent = Int(min(used.double / window.double * 100, 1e6).rounded())
            var words = s.text(.contextFill, ["percent": s.number(percent), "used": s.number(used.value), "window": s.number(window.value)])
            if compacted { words += "; " + s[.contextCompacted] }
            let shown = "\(s.number(percent))% · \(s.localized(decimal: TokenCount.short(used))) / \(s.localized(decimal: TokenCount.short(window)))"
            let mark: HTML = compacted ? "<span class=\"cr-context-compacted\" aria-hidden=\"true\">\(s[.contextCompacted])</span>" : ""
            // `high` at 80%: the bar turns to the warning colour as the window fills.
            html.append(
                "<p class=\"cr-context\(compacted ? " cr-context--compacted" : "")\"><meter class=\"cr-context-meter\" min=\"0\" max=\"\(window.value)\" low=\"\((window / 2).value)\" high=\"\((window * 4 / 5).value)\" optimum=\"0\" value=\"\(min(used, window).value)\" aria-label=\"\(s[.contextWindow])\" aria-valuetext=\"\(words)\"></meter><span class=\"cr-context-text\" aria-hidden=\"true\">\(shown)</span>\(mark)</p>"
            )
        }
        html.append("</div>")
        return html
    }
}
