import ChatModel
import ChatPlan

/// The two heatmaps of the insights page: a year of days (a column a week, Monday on top, each
/// day a square with its own `<title>`), and the hours of the week (a row a weekday, a column an
/// hour). Shades are levels 0–4 of the busiest cell (`cr-heat-N`).
enum InsightsHeatmaps {
    /// The year of days to the archive's last, as a calendar.
    static func calendar(_ insights: SiteInsights, _ w: InsightsWords) -> HTML {
        let s = w.s
        guard let last = insights.days.last?.day else { return "<p class=\"cr-chart-empty\">\(s[.noActivity])</p>" }
        let byDay = Dictionary(uniqueKeysWithValues: insights.days.map { ($0.day, $0.amounts) })
        // 53 weeks, the last holding the archive's last day; weeks start on Monday.
        let lastMonday = SiteInsights.periodStart(last, .week)
        let firstMonday = lastMonday - 52 * 7
        let first = max(firstMonday, last - 364)
        // Whole numbers: a coordinate is written as the integer it is (365 marks of four each).
        let cell = 13, pitch = 16, left = 34, top = 20
        let width = Double(left + 53 * pitch), height = Double(top + 7 * pitch)
        let maximum = (first...last).reduce(0) { max($0, byDay[$1]?.sessions ?? 0) }
        var marks = HTML()
        var labels = HTML()
        // Monday, Wednesday, Friday name their rows.
        let weekdays = s.list(.weekdaysShort)
        for row in [0, 2, 4] {
            let name = weekdays[(row + 1) % 7]
            labels.append(
                "<text class=\"cr-axis\" x=\"\(left - 6)\" y=\"\(top + row * pitch + cell - 2)\" text-anchor=\"end\">\(name)</text>")
        }
        let months = s.list(.monthsShort)
        // A quiet day's title differs only by its date: its words are made once.
        let quiet = s.text(.dayConversations, ["conversations": w.conversations(0)])
        var counted: [Int: String] = [:]
        func conversations(_ count: Int) -> String {
            if let known = counted[count] { return known }
            let text = w.conversations(count)
            counted[count] = text
            return text
        }
        var lastLabelColumn = -3
        for column in 0..<53 {
            let monday = firstMonday + Int64(column) * 7
            // A month is named above the first week that holds its first day.
            for offset in 0..<7 {
                let day = monday + Int64(offset)
                guard day >= first, day <= last else { continue }
                let (_, month, date) = ChatDate.civilFromDays(Int(day))
                if date == 1 || (day == first && date < 24) {
                    if column - lastLabelColumn >= 3 {
                        labels.append(
                            "<text class=\"cr-axis\" x=\"\(left + column * pitch)\" y=\"\(top - 7)\">\(months[month - 1])</text>")
                        lastLabelColumn = column
                    }
                    break
                }
            }
            for row in 0..<7 {
                let day = monday + Int64(row)
                guard day >= first, day <= last else { continue }
                let amounts = byDay[day]
                let sessions = amounts?.sessions ?? 0
                let tokens = amounts?.tokens ?? .zero
                let title: String
                if sessions == 0 && tokens.isZero {
                    title = UIStrings.fill(quiet, ["date": InsightsWords.iso(day)])
                } else if tokens.isZero {
                    title = s.text(.dayConversations, ["date": InsightsWords.iso(day), "conversations": conversations(sessions)])
                } else {
                    title = s.text(
                        .dayConversationsTokens,
                        [
                            "date": InsightsWords.iso(day), "conversations": conversations(sessions),
                            "tokens": s.text(.tokenCount, ["count": w.tokens(tokens)]),
                        ])
                }
                marks.append(
                    "<rect class=\"cr-heat-\(InsightsChart.level(sessions, maximum: maximum))\" x=\"\(left + column * pitch)\" y=\"\(top + row * pitch)\" width=\"\(cell)\" height=\"\(cell)\" rx=\"2.5\"><title>\(title)</title></rect>"
                )
            }
        }
        var table = InsightsChart.Table(columns: [s[.day], s[.conversations], s[.factTokens], s[.costTitle]])
        for (day, amounts) in insights.days where day >= first {
            table.rows.append(
                .init(header: w.time(day), cells: [s.number(amounts.sessions), w.tokens(amounts.tokens), w.dollars(amounts.cost)]))
        }
        return InsightsChart.figure(
            .init(
                id: "cr-i-days", name: s[.activityByDay], width: width, height: height, drawing: labels + marks,
                legend: InsightsChart.heatLegend(s), table: table), s)
    }

    /// Sessions started in each hour of each weekday.
    static func hours(_ insights: SiteInsights, _ w: InsightsWords) -> HTML {
        let s = w.s
        guard insights.hourOfWeek.contains(where: { $0 > 0 }) else { return "<p class=\"cr-chart-empty\">\(s[.noActivity])</p>" }
        let cellWidth = 33, cellHeight = 24, gap = 3, left = 44, top = 22
        let width = Double(left + 24 * (cellWidth + gap)), height = Double(top + 7 * (cellHeight + gap))
        let maximum = insights.hourOfWeek.max() ?? 0
        let short = s.list(.weekdaysShort), long = s.list(.weekdays)
        // The hours' and counts' words, made once for the 168 cells.
        let hours = (0..<24).map(w.hour)
        var counted: [Int: String] = [:]
        var drawing = HTML()
        for hour in stride(from: 0, to: 24, by: 3) {
            drawing.append("<text class=\"cr-axis\" x=\"\(left + hour * (cellWidth + gap))\" y=\"\(top - 8)\">\(hours[hour])</text>")
        }
        // Monday first, as the calendar's weeks.
        for row in 0..<7 {
            let weekday = (row + 1) % 7
            let y = top + row * (cellHeight + gap)
            drawing.append("<text class=\"cr-axis\" x=\"\(left - 8)\" y=\"\(y + cellHeight / 2 + 4)\" text-anchor=\"end\">\(short[weekday])</text>")
            for hour in 0..<24 {
                let count = insights.hourOfWeek[weekday * 24 + hour]
                let conversations = counted[count] ?? w.conversations(count)
                counted[count] = conversations
                let title = s.text(.hourCell, ["weekday": long[weekday], "hour": hours[hour], "conversations": conversations])
                drawing.append(
                    "<rect class=\"cr-heat-\(InsightsChart.level(count, maximum: maximum))\" x=\"\(left + hour * (cellWidth + gap))\" y=\"\(y)\" width=\"\(cellWidth)\" height=\"\(cellHeight)\" rx=\"3\"><title>\(title)</title></rect>"
                )
            }
        }
        var table = InsightsChart.Table(columns: [s[.hour]] + (0..<7).map { long[($0 + 1) % 7] })
        for hour in 0..<24 {
            table.rows.append(.init(header: "\(hours[hour])", cells: (0..<7).map { s.number(insights.hourOfWeek[(($0 + 1) % 7) * 24 + hour]) }))
        }
        return InsightsChart.figure(
            .init(
                id: "cr-i-hours", name: s[.hourOfWeek], width: width, height: height, drawing: drawing,
                legend: InsightsChart.heatLegend(s), table: table), s)
    }
}
