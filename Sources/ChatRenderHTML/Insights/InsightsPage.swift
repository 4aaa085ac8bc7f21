import ChatModel
import ChatPlan
import ChatTheme

/// A site's `insights/index.html`: the whole archive at a glance. Its key figures, then the
/// activity by day (a year of days) and by hour of the week, conversations, tokens and cost over
/// time stacked by agent and by model, the top projects, tool use by tool and agent with failure
/// rates, conversations by length and duration, and sub-agents and compactions; then links to the
/// same figures as files (``InsightsData``).
///
/// Every chart is inline SVG named by its `<title>` with a table of its figures folded under it,
/// so the page reads whole without JavaScript and to a screen reader. It wears the site's theme
/// (the shared stylesheet and the insights' own, colours only from the theme's custom
/// properties), and every name from the export goes through ``HTML``'s escaping.
package enum InsightsPage {
    /// The folder of the page and its data files inside the site.
    package static let folder = "insights"

    /// Every file of a site's insights, by its path inside the site: the page, its stylesheet and
    /// its data files (``InsightsData``), gathered from `entries`' summaries alone.
    package static func files(
        _ entries: [ImportedEntry], theme: Theme, files: SiteFiles, locale: PageLocale, shards: Int, prices: PriceTable
    ) -> [(path: String, bytes: [UInt8])] {
        let insights = SiteInsights(entries, prices: prices, offsetSeconds: locale.offsetSeconds)
        var out = files.insightsFiles
        out.append(("\(folder)/index.html", render(insights, theme: theme, files: files, locale: locale, shards: shards, prices: prices)))
        for file in InsightsData.files(insights, offsetSeconds: locale.offsetSeconds, prices: prices) {
            out.append(("\(folder)/\(file.name)", file.bytes))
        }
        return out
    }

    /// The page. `shards`: the site's search shards (the page has the site's search, as every page).
    package static func render(_ insights: SiteInsights, theme: Theme, files: SiteFiles, locale: PageLocale, shards: Int, prices: PriceTable) -> [UInt8] {
        let s = locale.strings
        let w = InsightsWords(locale: locale, agents: insights.agents)
        let switcher: HTML = theme.hasDarkMode ? PageBody.themeSwitch(s) : ""
        var span = HTML()
        if let first = insights.days.first?.day, let last = insights.days.last?.day {
            span =
                "<p class=\"cr-site-count\">\(s.text(.insightsSpan, ["conversations": w.conversations(insights.totals.sessions), "first": w.day(first), "last": w.day(last)]))</p>"
        } else {
            span = "<p class=\"cr-site-count\">\(w.conversations(insights.totals.sessions))</p>"
        }
        let body: HTML = """
            <nav class="cr-site-bar" aria-label="\(s[.conversations])"><a href="../index.html">\(s[.conversations])</a>\(SiteSearch.form(root: "../", shards: shards))</nav>
            <header class="cr-page-head"><h1 class="cr-title">\(s[.insights])</h1>\(switcher)\(span)</header>
            <main class="cr-main cr-insights">
            \(keyFigures(insights, w, prices: prices))\(activity(insights, w))\(overTime(insights, w))\(projectsAndTools(insights, w))\(lengths(insights, w))\(agentWork(insights, w))\(dataFiles(s))</main>
            """
        return PageShell.siteInsights(files, colorScheme: theme.colorScheme)
            .document(
                title: s[.insights], lang: s.tag, htmlAttributes: PageShell.htmlAttributes(s, scriptWords: false),
                bodyClass: "cr-site-index cr-insights-page", body: body)
    }

    /// A section: its heading, a note under it, and what it shows.
    static func section(_ id: String, _ heading: String, note: String? = nil, _ content: HTML) -> HTML {
        var html: HTML = "<section class=\"cr-insights-section\" aria-labelledby=\"\(id)\"><h2 id=\"\(id)\">\(heading)</h2>"
        if let note { html.append("<p class=\"cr-chart-note\">\(note)</p>") }
        html.append(content)
        html.append("</section>\n")
        return html
    }

    /// The archive's totals, large, and how its cost was counted.
    static func keyFigures(_ insights: SiteInsights, _ w: InsightsWords, prices: PriceTable) -> HTML {
        let s = w.s
        let totals = insights.totals
        let calls = insights.tools.reduce(0) { $0 + $1.totalCalls }
        let failed = insights.tools.reduce(0) { $0 + $1.totalFailures }
        var tiles = HTML()
        func tile(_ term: String, _ value: String, _ note: String? = nil) {
            tiles.append("<div class=\"cr-stat\"><dt>\(term)</dt><dd><span class=\"cr-stat-value\">\(value)</span>")
            if let note { tiles.append("<span class=\"cr-stat-note\">\(note)</span>") }
            tiles.append("</dd></div>")
        }
        tile(s[.conversations], s.number(totals.sessions))
        tile(s[.activeDays], s.number(insights.days.count))
        if !totals.tokens.isZero { tile(s[.factTokens], w.tokens(totals.tokens)) }
        if totals.cost > 0 || !insights.unpricedModels.isEmpty { tile(s[.costTitle], w.dollars(totals.cost)) }
        if calls > 0 { tile(s[.overviewToolCalls], s.number(calls), s.text(.failedShare, ["percent": w.percent(failed, of: calls)])) }
        var html: HTML = "<dl class=\"cr-insights-stats\" aria-label=\"\(s[.siteTotals])\">\(tiles)</dl>\n"
        if totals.cost > 0 || !insights.unpricedModels.isEmpty {
            var note = s.text(.costBasis, ["date": prices.date])
            if !insights.unpricedModels.isEmpty {
                note += " " + s.text(.unpricedModels, ["models": insights.unpricedModels.map { $0 ?? s[.costNoModel] }.joined(separator: s[.listSeparator])])
            }
            html.append("<p class=\"cr-chart-note cr-insights-cost-note\" dir=\"auto\">\(note)</p>\n")
        }
        return html
    }

    /// The heatmaps.
    static func activity(_ insights: SiteInsights, _ w: InsightsWords) -> HTML {
        let s = w.s
        let last = insights.days.last.map { w.day($0.day) }
        return section(
            "cr-i-days-h", s[.activityByDay], note: last.map { s.text(.activityByDayNote, ["last": $0]) }, InsightsHeatmaps.calendar(insights, w))
            + section("cr-i-hours-h", s[.hourOfWeek], note: s.text(.hourOfWeekNote, ["zone": w.zone]), InsightsHeatmaps.hours(insights, w))
    }

    /// Conversations, tokens and cost per period, by agent and by model.
    static func overTime(_ insights: SiteInsights, _ w: InsightsWords) -> HTML {
        let s = w.s
        guard !insights.periods.isEmpty else { return section("cr-i-time-h", s[.overTime], "<p class=\"cr-chart-empty\">\(s[.noActivity])</p>") }
        let note: String
        switch insights.periodUnit {
        case .week: note = s[.barIsWeek]
        case .month: note = s[.barIsMonth]
        case .year: note = s[.barIsYear]
        }
        let models = insights.models.map { $0 ?? s[.unnamedModel] }
        var html = HTML()
        // By agent only when there are several to tell apart.
        var groupings = [(s[.byModel], models, true)]
        if insights.agents.count > 1 { groupings.insert((s[.byAgent], insights.agents.map(w.agent), false), at: 0) }
        for (grouping, names, byModel) in groupings {
            let key = byModel ? "model" : "agent"
            var charts = HTML()
            for metric in InsightsColumns.Metric.allCases {
                charts.append(
                    InsightsColumns.chart(
                        id: "cr-i-\(metric)-\(key)", metric: metric, series: names, values: { byModel ? $0.byModel : $0.byAgent }, insights, w,
                        byModel: byModel))
            }
            html.append(
                "<section class=\"cr-insights-group\" aria-labelledby=\"cr-i-\(key)-h\"><h3 id=\"cr-i-\(key)-h\">\(grouping)</h3>\(InsightsColumns.legend(names, s))<div class=\"cr-chart-row cr-chart-row--3\">\(charts)</div></section>\n"
            )
        }
        return section("cr-i-time-h", s[.overTime], note: note, html)
    }

    static func projectsAndTools(_ insights: SiteInsights, _ w: InsightsWords) -> HTML {
        let s = w.s
        return section("cr-i-projects-h", s[.topProjects], note: insights.projects.isEmpty ? nil : s[.topProjectsNote], InsightsBars.projects(insights, w))
            + section("cr-i-tools-h", s[.toolUse], note: insights.tools.isEmpty ? nil : s[.toolUseNote], InsightsBars.tools(insights, w))
    }

    static func lengths(_ insights: SiteInsights, _ w: InsightsWords) -> HTML {
        let s = w.s
        return section(
            "cr-i-lengths-h", s[.conversationLength], note: s[.conversationLengthNote] + " " + s[.durationNote],
            "<div class=\"cr-chart-row\">\(InsightsBars.lengths(insights, w))<div>\(InsightsBars.durations(insights, w))</div></div>")
    }

    static func agentWork(_ insights: SiteInsights, _ w: InsightsWords) -> HTML {
        let s = w.s
        guard insights.agentWork.contains(where: { $0.subAgents > 0 || $0.compactions > 0 }) else {
            return section("cr-i-agents-h", s[.subAgentsAndCompactions], "<p class=\"cr-chart-empty\">\(s[.noSubAgents])</p>")
        }
        return section(
            "cr-i-agents-h", s[.subAgentsAndCompactions], note: s[.subAgentsNote],
            "<div class=\"cr-chart-row\">\(InsightsBars.agentWork(insights, w, compactions: false))\(InsightsBars.agentWork(insights, w, compactions: true))</div>"
        )
    }

    /// Links to the figures as files (``InsightsData``).
    static func dataFiles(_ s: UIStrings) -> HTML {
        var links = HTML()
        for file in InsightsData.fileNames {
            links.append("<li><a href=\"\(file)\" download>\(file)</a></li>")
        }
        return section("cr-i-data-h", s[.dataFiles], "<ul class=\"cr-insights-files\">\(links)</ul>")
    }
}
