import ChatModel
import ChatPlan

/// The insights page's charts of horizontal bars, a row each (its name at the start, its figure
/// after the bar): the top projects, tool use by agent with failure rates, conversations by length
/// and by duration, and sub-agents and compactions by agent.
enum InsightsBars {
    /// One bar: its name, its segments (one per series; one for a chart of one series), the text
    /// after it, and each segment's `<title>`.
    struct Bar {
        var label: String
        var segments: [Double]
        var value: String
        var titles: [String]
    }

    /// The bars, at `width`, the names in `labelWidth` and the figures in `valueWidth` after the
    /// longest bar. Returns the drawing and its height.
    static func drawing(_ bars: [Bar], seriesCount: Int, hasOthers: Bool, width: Double, labelWidth: Double, valueWidth: Double) -> (HTML, Double) {
        let pitch = 28.0, bar = 16.0, top = 4.0
        let span = width - labelWidth - valueWidth
        let highest = bars.map { $0.segments.reduce(0, +) }.max() ?? 0
        let scale = highest > 0 ? span / highest : 0
        var html = HTML()
        // The characters a name has room for, at the axis's type size.
        let room = Int((labelWidth - 12) / 6.6)
        for (n, item) in bars.enumerated() {
            let y = top + Double(n) * pitch
            let clipped = InsightsChart.clipped(item.label, room)
            html.append("<text class=\"cr-bar-label\" x=\"\(labelWidth - 10)\" y=\"\(y + bar - 3)\" text-anchor=\"end\">")
            if clipped != item.label { html.append("<title>\(item.label)</title>") }
            html.append("\(clipped)</text>")
            var x = labelWidth
            for (k, value) in item.segments.enumerated() where value > 0 {
                let w = max(value * scale, 1.5)
                html.append(
                    "<rect class=\"\(InsightsChart.seriesClass(k, of: seriesCount, others: hasOthers))\" x=\"\(x)\" y=\"\(y)\" width=\"\(w)\" height=\"\(bar)\" rx=\"2\"><title>\(item.titles[k])</title></rect>"
                )
                x += w
            }
            html.append("<text class=\"cr-bar-value\" x=\"\(x + 8)\" y=\"\(y + bar - 3)\">\(item.value)</text>")
        }
        html.append(
            "<line class=\"cr-baseline\" x1=\"\(labelWidth)\" x2=\"\(labelWidth)\" y1=\"0\" y2=\"\(top + Double(bars.count) * pitch - (pitch - bar))\"/>")
        return (html, top + Double(bars.count) * pitch - (pitch - bar) + 6)
    }

    /// How many projects the chart shows; the table holds them all.
    static let projectLimit = 12

    /// The projects with the most conversations.
    static func projects(_ insights: SiteInsights, _ w: InsightsWords) -> HTML {
        let s = w.s
        guard !insights.projects.isEmpty else { return "<p class=\"cr-chart-empty\">\(s[.noProjects])</p>" }
        func name(_ project: SiteInsights.Project) -> String { project.name.isEmpty ? s[.untitledProject] : project.name }
        let bars = insights.projects.prefix(projectLimit).map { project in
            let conversations = w.conversations(project.amounts.sessions)
            return Bar(label: name(project), segments: [Double(project.amounts.sessions)], value: conversations, titles: ["\(name(project)): \(conversations)"])
        }
        let width = 928.0
        let (drawing, height) = Self.drawing(bars, seriesCount: 1, hasOthers: false, width: width, labelWidth: 240, valueWidth: 150)
        var table = InsightsChart.Table(columns: [s[.factProject], s[.conversations], s[.factTokens], s[.costTitle], s[.agentGeneric], s[.lastActive]])
        for project in insights.projects {
            table.rows.append(
                .init(
                    header: "\(name(project))",
                    cells: [
                        s.number(project.amounts.sessions), w.tokens(project.amounts.tokens), w.dollars(project.amounts.cost),
                        project.agents.map(w.agent).joined(separator: s[.listSeparator]), project.lastDay.map { w.day($0) } ?? "",
                    ]))
        }
        return InsightsChart.figure(.init(id: "cr-i-projects", name: s[.topProjects], width: width, height: height, drawing: drawing, table: table), s)
    }

    /// How many tools the chart shows; the table holds them all.
    static let toolLimit = 15

    /// Calls by tool, stacked by agent, with the share that failed.
    static func tools(_ insights: SiteInsights, _ w: InsightsWords) -> HTML {
        let s = w.s
        guard !insights.tools.isEmpty else { return "<p class=\"cr-chart-empty\">\(s[.noToolCalls])</p>" }
        let (shown, index, hasOthers) = InsightsChart.limited(insights.agents.map(w.agent), others: s[.otherSeries])
        let bars = insights.tools.prefix(toolLimit).map { tool in
            let name = SessionOverview.name(tool.tool, s)
            var segments = [Double](repeating: 0, count: shown.count)
            for (a, calls) in tool.calls.enumerated() { segments[index[a]] += Double(calls) }
            let titles = segments.enumerated().map {
                s.text(.barTitle, ["label": name, "series": shown[$0.offset], "value": s.counted(.callCount, Int($0.element))])
            }
            let value = s.number(tool.totalCalls) + " · " + s.text(.failedShare, ["percent": w.percent(tool.totalFailures, of: tool.totalCalls)])
            return Bar(label: name, segments: segments, value: value, titles: titles)
        }
        let width = 928.0
        let (drawing, height) = Self.drawing(bars, seriesCount: shown.count, hasOthers: hasOthers, width: width, labelWidth: 240, valueWidth: 170)
        // A row per tool and agent that called it.
        var table = InsightsChart.Table(columns: [s[.tool], s[.agentGeneric], s[.calls], s[.overviewErrors], s[.failureRate]])
        for tool in insights.tools {
            let name = SessionOverview.name(tool.tool, s)
            for (a, agent) in insights.agents.enumerated() where tool.calls[a] > 0 {
                table.rows.append(
                    .init(
                        header: "\(name)",
                        cells: [w.agent(agent), s.number(tool.calls[a]), s.number(tool.failures[a]), w.percent(tool.failures[a], of: tool.calls[a])]))
            }
        }
        return InsightsChart.figure(
            .init(
                id: "cr-i-tools", name: s[.toolUse], width: width, height: height, drawing: drawing,
                legend: shown.count > 1 ? InsightsChart.legend(shown) : HTML(), table: table), s)
    }

    /// Conversations by their number of turns.
    static func lengths(_ insights: SiteInsights, _ w: InsightsWords) -> HTML {
        let s = w.s
        let bounds = SiteInsights.turnBounds
        let labels = bounds.indices.map { n -> String in
            if n == bounds.count - 1 { return s.text(.atLeast, ["low": s.number(bounds[n])]) }
            let low = max(1, bounds[n]), high = bounds[n + 1] - 1
            return low == high ? s.number(low) : s.text(.timeRange, ["start": s.number(low), "end": s.number(high)])
        }
        return histogram(
            id: "cr-i-turns", name: s[.conversationLength], caption: s[.overviewTurns], heading: s[.overviewTurns], labels: labels,
            counts: insights.turnBins, w)
    }

    /// Conversations by the time from their first turn to their last.
    static func durations(_ insights: SiteInsights, _ w: InsightsWords) -> HTML {
        let s = w.s
        let bounds = SiteInsights.durationBounds
        let labels = bounds.indices.map { n -> String in
            if n == 0 { return s.text(.under, ["high": s.duration(bounds[1]) ?? ""]) }
            if n == bounds.count - 1 { return s.text(.atLeast, ["low": s.duration(bounds[n]) ?? ""]) }
            return s.text(.timeRange, ["start": s.duration(bounds[n]) ?? "", "end": s.duration(bounds[n + 1]) ?? ""])
        }
        var html = histogram(
            id: "cr-i-durations", name: s[.overviewDuration], caption: s[.overviewDuration], heading: s[.overviewDuration], labels: labels,
            counts: insights.durationBins, w)
        if insights.untimedDurations > 0 {
            html.append("<p class=\"cr-chart-note\">\(s.counted(.untimedConversations, insights.untimedDurations))</p>\n")
        }
        return html
    }

    /// Conversations counted in bins, a bar a bin.
    static func histogram(id: String, name: String, caption: String, heading: String, labels: [String], counts: [Int], _ w: InsightsWords) -> HTML {
        let s = w.s
        guard counts.contains(where: { $0 > 0 }) else { return "<p class=\"cr-chart-empty\">\(s[.nothingRecorded])</p>" }
        let bars = zip(labels, counts).map { label, count in
            Bar(label: label, segments: [Double(count)], value: s.number(count), titles: ["\(label): \(w.conversations(count))"])
        }
        let width = 452.0
        let (drawing, height) = Self.drawing(bars, seriesCount: 1, hasOthers: false, width: width, labelWidth: 140, valueWidth: 56)
        var table = InsightsChart.Table(columns: [heading, s[.conversations]])
        for (label, count) in zip(labels, counts) { table.rows.append(.init(header: "\(label)", cells: [s.number(count)])) }
        return InsightsChart.figure(.init(id: id, name: name, caption: caption, width: width, height: height, drawing: drawing, table: table), s)
    }

    /// Sub-agent runs, or compactions, by agent.
    static func agentWork(_ insights: SiteInsights, _ w: InsightsWords, compactions: Bool) -> HTML {
        let s = w.s
        let name = s[compactions ? .compactions : .subAgentRuns]
        let rows = insights.agentWork
        let bars = rows.map { row in
            let count = compactions ? row.compactions : row.subAgents
            return Bar(label: w.agent(row.agent), segments: [Double(count)], value: s.number(count), titles: ["\(w.agent(row.agent)): \(s.number(count))"])
        }
        let width = 452.0
        let (drawing, height) = Self.drawing(bars, seriesCount: 1, hasOthers: false, width: width, labelWidth: 140, valueWidth: 56)
        var table = InsightsChart.Table(
            columns: [s[.agentGeneric], s[.conversations], s[compactions ? .compactedConversations : .withSubAgents], name])
        for row in rows {
            table.rows.append(
                .init(
                    header: "\(w.agent(row.agent))",
                    cells: [
                        s.number(row.sessions), s.number(compactions ? row.sessionsWithCompactions : row.sessionsWithSubAgents),
                        s.number(compactions ? row.compactions : row.subAgents),
                    ]))
        }
        return InsightsChart.figure(
            .init(
                id: compactions ? "cr-i-compactions" : "cr-i-subagents", name: name, caption: name, width: width, height: height, drawing: drawing,
                table: table), s)
    }
}
