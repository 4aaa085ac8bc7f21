import ChatModel
import ChatPlan
import ChatTheme
/// The `index.html` of a site (`render --from FORMAT EXPORT --out site/`): every conversation,
/// newest first, grouped by month (inside one group per project when the export has projects, and
/// inside one per agent, then project, when the site holds several agents' sessions),
/// each with its title (a link to its page), date, message count, model, the first line of its
/// first prompt and what it carries (photos, files, generated images, as words beside their
/// icons), and above them the search across all conversations.
///
/// It wears the pages' theme: it links the same stylesheet and script as the pages (``SiteFiles``),
/// so the same custom properties, light and dark, and the same switch between them, remembered
/// across the site. Every value from the export goes through ``HTML``'s escaping; its shell
/// (``PageShell/siteIndex(_:colorScheme:)``) allows styles and scripts from the site only,
/// nothing inline, and no images.
package enum SiteIndexPage {
    /// The page. `link` is each entry's page (relative); `shards` the number of search shards.
    /// `files`: the site's shared stylesheet and script. `insights`: the insights page, linked
    /// under the counts, when the site has one.
    package static func render(
        _ entries: [ImportedEntry], theme: Theme, files: SiteFiles, locale: PageLocale, shards: Int,
        prices: PriceTable = .empty, insights: String? = nil, link: (ImportedEntry) -> String
    ) -> [UInt8] {
        let s = locale.strings
        let heading = s[.conversations]

        var sections = HTML()
        var headingNumber = 0
        // A nested section is named by its heading and its parents' ("August 2026 tides Codex"):
        // months and projects recur from group to group, and a region's name must be unique.
        func months(_ entries: [ImportedEntry], level: Int, parents: String = "") -> HTML {
            var html = HTML()
            for month in monthGroups(entries, locale: locale) {
                headingNumber += 1
                let id = "cr-group-\(headingNumber)"
                html.append(
                    "<section class=\"cr-site-month\" aria-labelledby=\"\(id)\(parents)\"><h\(level) id=\"\(id)\">\(month.name)</h\(level)>\n<ol class=\"cr-site-list\">\n"
                )
                for entry in month.entries { html.append(item(entry, locale: locale, link: link(entry))) }
                html.append("</ol>\n</section>\n")
            }
            return html
        }
        /// By project where the entries have projects, each by month; else by month.
        func projects(_ entries: [ImportedEntry], level: Int, parents: String = "") -> HTML {
            let groups = ImportIndexPage.projectGroups(entries)
            guard groups.contains(where: { $0.project != nil }) else { return months(entries, level: level, parents: parents) }
            var html = HTML()
            for group in groups {
                headingNumber += 1
                let id = "cr-group-\(headingNumber)"
                let name = group.project.map { $0.isEmpty ? s[.untitledProject] : $0 } ?? s[.noProject]
                html.append(
                    "<section class=\"cr-site-project\" aria-labelledby=\"\(id)\(parents)\"><h\(level) id=\"\(id)\" dir=\"auto\">\(name)</h\(level)><p class=\"cr-site-count\">\(s.counted(.conversationCount, group.entries.count))</p>\n\(months(group.entries, level: level + 1, parents: " \(id)\(parents)"))</section>\n"
                )
            }
            return html
        }
        let agents = ImportIndexPage.agentGroups(entries)
        if agents.contains(where: { $0.agent != nil }) {
            // Several agents' sessions: by agent, then project, then month.
            for group in agents {
                headingNumber += 1
                let id = "cr-group-\(headingNumber)"
                let name = group.agent ?? s[.otherAgent]
                sections.append(
                    "<section class=\"cr-site-agent\" aria-labelledby=\"\(id)\"><h2 id=\"\(id)\" dir=\"auto\">\(name)</h2><p class=\"cr-site-count\">\(s.counted(.conversationCount, group.entries.count))</p>\n\(projects(group.entries, level: 3, parents: " \(id)"))</section>\n"
                )
            }
        } else {
            sections = projects(entries, level: 2)
        }
        let switcher: HTML = theme.hasDarkMode ? PageBody.themeSwitch(s) : ""
        let body: HTML = """
            <header class="cr-page-head"><h1 class="cr-title">\(heading)</h1>\(switcher)<p class="cr-site-count">\(s.counted(.conversationCount, entries.count))</p>\(totals(entries, prices: prices, s))\(insightsLink(insights, s))</header>
            <main class="cr-main">
            \(SiteSearch.form(root: "", shards: shards))
            \(sections)</main>
            """
        return PageShell.siteIndex(files, colorScheme: theme.colorScheme)
            .document(
                title: heading, lang: s.tag, htmlAttributes: PageShell.htmlAttributes(s, scriptWords: false),
                bodyClass: "cr-site-index", body: body)
    }

    /// Every session's tokens added up, and their estimated cost: nothing when no session recorded any.
    static func totals(_ entries: [ImportedEntry], prices: PriceTable, _ s: UIStrings) -> HTML {
        let usage = entries.reduce([ModelUsage]()) { ModelUsage.merged($0, $1.summary.usage) }
        guard !usage.isEmpty else { return HTML() }
        var html: HTML =
            "<dl class=\"cr-facts cr-site-totals\" aria-label=\"\(s[.siteTotals])\"><div class=\"cr-fact\"><dt>\(s[.factTokens])</dt><dd>\(UsageText.tokens(ModelUsage.total(usage), s))</dd></div>"
        if let cost = UsageText.cost(usage, prices: prices, s) {
            html.append("<div class=\"cr-fact\"><dt>\(s[.overviewCost])</dt><dd>\(cost)</dd></div>")
        }
        html.append("</dl>")
        return html
    }

    /// The link to the insights page: a chart's icon and its name.
    static func insightsLink(_ href: String?, _ s: UIStrings) -> HTML {
        guard let href else { return HTML() }
        return "<p class=\"cr-site-insights\"><a href=\"\(href)\">\(chart)<span>\(s[.insights])</span></a></p>"
    }

    static let chart: HTML = Icon.svg("<path d=\"M4 20h16\"/><path d=\"M7 16v-5M12 16V6M17 16v-8\"/>")

    /// One conversation: its card, the whole of which opens it.
    static func item(_ entry: ImportedEntry, locale: PageLocale, link: String) -> HTML {
        let s = locale.strings
        let summary = entry.summary
        var meta = HTML()
        if let date = entry.date {
            meta.append("<time datetime=\"\(date.iso)\">\(s.isEnglish ? date.displayText : locale.dateTime(date))</time>")
        }
        meta.append("<span>\(s.counted(.messageCount, entry.messageCount))</span>")
        if let model = summary.model { meta.append("<span class=\"cr-site-model\" dir=\"auto\">\(model)</span>") }
        if summary.photos > 0 { meta.append(badge(Icon.file(.image), s.counted(.photoCount, summary.photos))) }
        if summary.generatedImages > 0 { meta.append(badge(sparkle, s.counted(.generatedImageCount, summary.generatedImages))) }
        if summary.files > 0 { meta.append(badge(Icon.file(.document), s.counted(.fileCount, summary.files))) }
        if entry.sourceGone { meta.append("<span class=\"cr-site-gone\">\(s[.sourceDeleted])</span>") }
        var html: HTML = "<li class=\"cr-site-entry\"><a class=\"cr-site-link\" href=\"\(link)\" dir=\"auto\">\(entry.title)</a>"
        if !summary.snippet.isEmpty { html.append("<p class=\"cr-site-snippet\" dir=\"auto\">\(summary.snippet)</p>") }
        html.append("<p class=\"cr-site-meta\">\(meta)</p></li>\n")
        return html
    }

    /// A badge is its words; the icon beside them is decoration.
    static func badge(_ icon: HTML, _ words: String) -> HTML {
        "<span class=\"cr-site-badge\">\(icon)<span>\(words)</span></span>"
    }

    static let sparkle: HTML = Icon.svg("<path d=\"M12 3.5l1.9 5.1 5.1 1.9-5.1 1.9L12 17.5l-1.9-5.1L5 10.5l5.1-1.9z\"/><path d=\"M18.5 16v4M16.5 18h4\"/>")

    /// Consecutive entries by the month they started in (in the page's time zone); undated ones last.
    static func monthGroups(_ entries: [ImportedEntry], locale: PageLocale) -> [(name: String, entries: [ImportedEntry])] {
        let s = locale.strings
        var groups: [(key: String, name: String, entries: [ImportedEntry])] = []
        var undated: [ImportedEntry] = []
        for entry in entries {
            guard let date = entry.date else { undated.append(entry); continue }
            let day = locale.isoDay(date)
            let key = String(day.prefix(7))
            if let last = groups.last, last.key == key {
                groups[groups.count - 1].entries.append(entry)
                continue
            }
            let month = Int(day.dropFirst(5).prefix(2)) ?? 1
            let names = s.list(.monthsStandalone)
            let name = s.text(.monthYearFormat, ["month": names[max(0, min(names.count - 1, month - 1))], "year": String(day.prefix(4))])
            groups.append((key, name, [entry]))
        }
        var result = groups.map { (name: $0.name, entries: $0.entries) }
        if !undated.isEmpty { result.append((s[.undated], undated)) }
        return result
    }

}
