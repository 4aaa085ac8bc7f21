import ChatModel

/// Tokens and estimated costs in words, the same everywhere they are shown (a turn, the session
/// overview, a site's index): the header's "96 in · 3,640 out · 1.2M cache read" form, and
/// "≈ $1.23, estimated".
enum UsageText {
    /// "1.2k in · 340 out · 45.6k cache read · 900 cache written" in the page's language, as the
    /// header's Tokens fact reads (cache counts only when there are any).
    static func compact(_ usage: TokenUsage, _ s: UIStrings) -> String {
        func count(_ n: Tally) -> String { s.localized(decimal: TokenCount.short(n)) }
        var pieces = [s.text(.tokensIn, ["count": count(usage.input)]), s.text(.tokensOut, ["count": count(usage.output)])]
        if usage.cacheRead > 0 { pieces.append(s.text(.tokensCacheRead, ["count": count(usage.cacheRead)])) }
        if usage.cacheWrite > 0 { pieces.append(s.text(.tokensCacheWritten, ["count": count(usage.cacheWrite)])) }
        return pieces.joined(separator: " · ")
    }

    /// The same counts for a screen reader, whole and in words: "Input tokens: 1,234, …".
    static func spoken(_ usage: TokenUsage, _ s: UIStrings) -> String {
        var pieces = [s.text(.inputTokensSpoken, ["count": s.number(usage.input.value)]), s.text(.outputTokensSpoken, ["count": s.number(usage.output.value)])]
        if usage.cacheRead > 0 { pieces.append(s.text(.cacheReadTokensSpoken, ["count": s.number(usage.cacheRead.value)])) }
        if usage.cacheWrite > 0 { pieces.append(s.text(.cacheWriteTokensSpoken, ["count": s.number(usage.cacheWrite.value)])) }
        return pieces.joined(separator: "; ")
    }

    /// The counts shown compactly, read in words: the compact form hidden from assistive
    /// technology, the words hidden from the eye.
    static func tokens(_ usage: TokenUsage, _ s: UIStrings) -> HTML {
        "<span aria-hidden=\"true\">\(compact(usage, s))</span><span class=\"cr-visually-hidden\">\(spoken(usage, s))</span>"
    }

    /// "$1.23" (two decimals; "$0.0042" below a cent, so a small session is not "$0.00"), grouped
    /// and separated as the language writes numbers (``UIStrings/number(_:)``).
    static func dollars(_ amount: Double, _ s: UIStrings) -> String {
        let decimal = s.text(.decimalSeparator)
        // A sum of input may be past what cents in an `Int` hold (or not a number at all): it is
        // shown at that bound rather than trap.
        let amount = amount.isNaN ? 0 : min(max(amount, 0), Self.largestDollars)
        if amount > 0 && amount < 0.01 {
            let tenThousandths = max(1, Int((amount * 10_000).rounded()))
            return "$0" + decimal + "00" + (tenThousandths < 10 ? "0" : "") + String(tenThousandths)
        }
        let cents = Int((amount * 100).rounded())
        let rest = cents % 100
        return "$" + s.number(cents / 100) + decimal + (rest < 10 ? "0" : "") + String(rest)
    }

    /// The largest amount shown: its cents (1e18) still fit in an `Int`.
    static let largestDollars = 1e16

    /// "≈ $1.23, estimated · at list prices of 2025-12-15 · not counted: gpt-x (no price)": what
    /// `usage` costs by `prices`; nil when no model it used has a price and none lacks one.
    static func cost(_ usage: [ModelUsage], prices: PriceTable, _ s: UIStrings) -> HTML? {
        let (dollars, unknown) = ModelUsage.cost(usage, prices)
        let recorded = ModelUsage.recorded(usage)
        guard dollars != nil || !unknown.isEmpty || recorded != nil else { return nil }
        var html = HTML()
        // What the agent recorded comes first, as it is; an estimate only covers the rest.
        if let recorded {
            html.append("<span class=\"cr-cost cr-cost--recorded\">\(s.text(.costRecorded, ["amount": Self.dollars(recorded, s)]))</span>")
            if dollars != nil || !unknown.isEmpty { html.append(" · ") }
        }
        if let dollars {
            html.append(
                "<span class=\"cr-cost\">\(s.text(.costEstimate, ["amount": Self.dollars(dollars, s)]))</span> <span class=\"cr-cost-note\">\(s.text(.costPricesOf, ["date": prices.date]))</span>"
            )
        }
        if !unknown.isEmpty {
            let names = unknown.map { $0 ?? s[.costNoModel] }.joined(separator: ", ")
            if dollars != nil { html.append(" ") }
            html.append("<span class=\"cr-cost-note\" dir=\"auto\">\(s.text(.costUnknownModels, ["models": names]))</span>")
        }
        return html
    }
}
