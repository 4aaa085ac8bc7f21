import ChatModel
import ChatPlan

/// Conversations, tokens and cost over time, a column a period, stacked by agent or by model:
/// each segment has its own `<title>` ("June 2026 · Codex: 3 conversations").
enum InsightsColumns {
    /// What a chart over time counts.
    enum Metric: CaseIterable {
        case conversations, tokens, cost

        func value(_ amounts: SiteInsights.Amounts) -> Double {
            switch self {
            case .conversations: Double(amounts.sessions)
            case .tokens: amounts.tokens.double
            case .cost: amounts.cost
            }
        }

        func name(_ s: UIStrings) -> String {
            switch self {
            case .conversations: s[.conversations]
            case .tokens: s[.factTokens]
            case .cost: s[.costTitle]
            }
        }

        /// A value as the chart's table and titles write it.
        func text(_ value: Double, _ w: InsightsWords) -> String {
            switch self {
            case .conversations: w.conversations(Int(value))
            case .tokens: w.s.text(.tokenCount, ["count": w.tokens(Tally(Int(min(value, 9.0e18))))])
            case .cost: w.dollars(value)
            }
        }

        /// A value in a table's cell (the column says what it counts).
        func cell(_ value: Double, _ w: InsightsWords) -> String {
            switch self {
            case .conversations: w.s.number(Int(value))
            case .tokens: w.tokens(Tally(Int(min(value, 9.0e18))))
            case .cost: w.dollars(value)
            }
        }

        /// An axis's tick.
        func tick(_ value: Double, _ w: InsightsWords) -> String {
            switch self {
            case .conversations: w.s.number(Int(value))
            case .tokens: w.tokens(Tally(Int(min(value, 9.0e18))))
            case .cost: w.axisDollars(value)
            }
        }
    }

    /// The chart of `metric` by `series` (agents or models), whose values per period are
    /// `values(period)[series]`.
    static func chart(
        id: String, metric: Metric, series names: [String], values: (SiteInsights.Period) -> [SiteInsights.Amounts],
        _ insights: SiteInsights, _ w: InsightsWords, byModel: Bool
    ) -> HTML {
        let s = w.s
        let name = s.text(byModel ? .metricByModel : .metricByAgent, ["metric": metric.name(s)])
        let (shown, index, hasOthers) = InsightsChart.limited(names, others: s[.otherSeries])
        // The values per period, per shown series.
        let grid: [[Double]] = insights.periods.map { period in
            var row = [Double](repeating: 0, count: shown.count)
            for (n, amounts) in values(period).enumerated() { row[index[n]] += metric.value(amounts) }
            return row
        }
        let totals = grid.map { $0.reduce(0, +) }
        guard let highest = totals.max(), highest > 0 else {
            return
                "<figure class=\"cr-chart\" id=\"\(id)\"><figcaption class=\"cr-chart-caption\">\(metric.name(s))</figcaption><p class=\"cr-chart-empty\">\(s[.nothingRecorded])</p></figure>\n"
        }
        let width = 296.0, height = 190.0, left = 46.0, right = 6.0, top = 8.0, bottom = 24.0
        // The bars keep a little room from the axis's figures.
        let inset = 4.0
        let plotWidth = width - left - right - inset, plotHeight = height - top - bottom
        let ticks = InsightsChart.ticks(highest, whole: metric == .conversations)
        let scale = plotHeight / ticks.last!
        var drawing = HTML()
        for tick in ticks {
            let y = top + plotHeight - tick * scale
            drawing.append("<line class=\"cr-grid\" x1=\"\(left)\" x2=\"\(width - right)\" y1=\"\(y)\" y2=\"\(y)\"/>")
            drawing.append("<text class=\"cr-axis\" x=\"\(left - 6)\" y=\"\(y + 4)\" text-anchor=\"end\">\(metric.tick(tick, w))</text>")
        }
        let count = insights.periods.count
        let slot = plotWidth / Double(count)
        let barWidth = min(36, max(1.5, slot * (count > 40 ? 0.8 : 0.68)))
        // About three labels along the axis, the first and the last among them.
        let every = max(1, Int((Double(count) / 3).rounded(.up)))
        var labelled = Set(stride(from: 0, to: count, by: every).filter { $0 == 0 || count - 1 - $0 >= every })
        labelled.insert(count - 1)
        for (p, period) in insights.periods.enumerated() {
            let x = left + inset + slot * Double(p) + (slot - barWidth) / 2
            var y = top + plotHeight
            let label = w.period(period.start, insights.periodUnit)
            for (n, value) in grid[p].enumerated() where value > 0 {
                let h = value * scale
                y -= h
                let title = s.text(.barTitle, ["label": label, "series": shown[n], "value": metric.text(value, w)])
                drawing.append(
                    "<rect class=\"\(InsightsChart.seriesClass(n, of: shown.count, others: hasOthers))\" x=\"\(x)\" y=\"\(y)\" width=\"\(barWidth)\" height=\"\(max(h, 0.5))\"><title>\(title)</title></rect>"
                )
            }
            if labelled.contains(p) {
                let anchor = count == 1 ? "middle" : p == 0 ? "start" : p == count - 1 ? "end" : "middle"
                let tx = count == 1 ? x + barWidth / 2 : p == 0 ? x : p == count - 1 ? x + barWidth : x + barWidth / 2
                drawing.append(
                    "<text class=\"cr-axis\" x=\"\(tx)\" y=\"\(height - 8)\" text-anchor=\"\(anchor)\">\(w.period(period.start, insights.periodUnit, short: true))</text>"
                )
            }
        }
        drawing.append("<line class=\"cr-baseline\" x1=\"\(left)\" x2=\"\(width - right)\" y1=\"\(top + plotHeight)\" y2=\"\(top + plotHeight)\"/>")
        var table = InsightsChart.Table(columns: [w.periodHeading(insights.periodUnit)] + shown + [s[.total]])
        for (p, period) in insights.periods.enumerated() where totals[p] > 0 {
            table.rows.append(
                .init(header: "\(w.period(period.start, insights.periodUnit))", cells: grid[p].map { metric.cell($0, w) } + [metric.cell(totals[p], w)]))
        }
        return InsightsChart.figure(
            .init(id: id, name: name, caption: metric.name(s), width: width, height: height, drawing: drawing, table: table), s)
    }

    /// The series' legend: the same for the three charts of a grouping.
    static func legend(_ names: [String], _ s: UIStrings) -> HTML {
        let (shown, _, hasOthers) = InsightsChart.limited(names, others: s[.otherSeries])
        var items = HTML()
        for (n, name) in shown.enumerated() {
            items.append("<li class=\"cr-key \(InsightsChart.seriesClass(n, of: shown.count, others: hasOthers))\" dir=\"auto\">\(name)</li>")
        }
        return "<ul class=\"cr-chart-legend\">\(items)</ul>"
    }
}
