import ChatModel
import ChatPlan
import ChatTheme
/// The `index.html` listing imported conversations: title (a link), date and message count,
/// newest first. Every value from the export goes through ``HTML``'s escaping. Muted text is
/// CanvasText mixed into Canvas rather than GrayText, which Chromium draws at 3.9:1 on white.
package enum ImportIndexPage {
    static let stylesheet: StaticString = """
        :root { color-scheme: light dark; font-family: system-ui, sans-serif; line-height: 1.5; }
        body { margin: 0; background: Canvas; color: CanvasText; }
        main { max-inline-size: 44rem; margin-inline: auto; padding: 2rem 1rem; }
        h1 { font-size: 1.5rem; margin: 0 0 0.25rem; }
        .count { margin: 0 0 1.5rem; color: color-mix(in srgb, CanvasText 72%, Canvas); }
        ol { list-style: none; margin: 0; padding: 0; }
        li { padding-block: 0.75rem; border-block-end: 1px solid GrayText; }
        li a { font-weight: 600; color: LinkText; }
        .meta { display: block; font-size: 0.875rem; color: color-mix(in srgb, CanvasText 72%, Canvas); }
        :focus-visible { outline: 2px solid Highlight; outline-offset: 2px; }
        """
    /// Added when the index is grouped by project (kept apart so an ungrouped index is unchanged).
    static let groupStylesheet: StaticString = """

        h2 { font-size: 1.125rem; margin: 2rem 0 0.25rem; }
        h2 + .count { margin-block-end: 0.5rem; }
        """

    /// Added when the index is grouped by agent, then project.
    static let agentStylesheet: StaticString = """

        h3 { font-size: 1rem; margin: 1.5rem 0 0.25rem; }
        h3 + .count { margin-block-end: 0.5rem; }
        """

    /// The page; `link` gives each entry's `href` (relative, made by chatrender).
    package static func render(_ entries: [ImportedEntry], strings: UIStrings = .english, link: (ImportedEntry) -> String) -> [UInt8] {
        let heading = strings[.conversations]
        var locale = PageLocale(tag: "en-GB")
        locale.strings = strings
        let agents = agentGroups(entries)
        let byAgent = agents.contains { $0.agent != nil }
        let grouped = byAgent || projectGroups(entries).contains { $0.project != nil }
        var style = HTML.trusted(stylesheet)
        if grouped { style.append(HTML.trusted(groupStylesheet)) }
        if byAgent { style.append(HTML.trusted(agentStylesheet)) }
        func list(_ entries: [ImportedEntry]) -> HTML {
            var items = HTML()
            for entry in entries {
                var meta = HTML()
                if let date = entry.date {
                    meta.append("<time datetime=\"\(date.iso)\">\(strings.isEnglish ? date.displayText : locale.dateTime(date))</time> · ")
                }
                meta.append("\(strings.counted(.messageCount, entry.messageCount))")
                items.append("<li><a href=\"\(link(entry))\" dir=\"auto\">\(entry.title)</a><span class=\"meta\">\(meta)</span></li>\n")
            }
            return items
        }
        var items = HTML()
        var headings = 0
        // Grouped by project, as the chat app files them; each group keeps the entries' order
        // (newest first), and the groups follow their newest conversation.
        func projects(_ entries: [ImportedEntry], level: Int) -> HTML {
            let groups = projectGroups(entries)
            guard groups.contains(where: { $0.project != nil }) else { return "<ol>\n\(list(entries))</ol>\n" }
            var html = HTML()
            for group in groups {
                headings += 1
                let headingID = "cr-project-\(headings)"
                let name = group.project.map { $0.isEmpty ? strings[.untitledProject] : $0 } ?? strings[.noProject]
                html.append(
                    "<section aria-labelledby=\"\(headingID)\"><h\(level) id=\"\(headingID)\" dir=\"auto\">\(name)</h\(level)><p class=\"count\">\(strings.counted(.conversationCount, group.entries.count))</p>\n<ol>\n\(list(group.entries))</ol>\n</section>\n"
                )
            }
            return html
        }
        if byAgent {
            // Several agents' sessions: by agent first, then by project.
            for group in agents {
                headings += 1
                let headingID = "cr-project-\(headings)"
                let name = group.agent ?? strings[.otherAgent]
                items.append(
                    "<section aria-labelledby=\"\(headingID)\"><h2 id=\"\(headingID)\" dir=\"auto\">\(name)</h2><p class=\"count\">\(strings.counted(.conversationCount, group.entries.count))</p>\n\(projects(group.entries, level: 3))</section>\n"
                )
            }
        } else {
            items = projects(entries, level: 2)
        }
        let count = strings.counted(.conversationCount, entries.count)
        let body: HTML = """
            <main>
            <h1>\(heading)</h1>
            <p class="count">\(count)</p>
            \(items)</main>
            """
        return PageShell.importIndex(style: String(decoding: style.bytes, as: UTF8.self))
            .document(title: heading, lang: strings.tag, htmlAttributes: PageShell.htmlAttributes(strings, scriptWords: false), body: body)
    }

    /// The entries by project, in order of each group's first entry; conversations with no
    /// project form one group of their own, last.
    static func projectGroups(_ entries: [ImportedEntry]) -> [(project: String?, entries: [ImportedEntry])] {
        groups(entries, by: \.project).map { (project: $0.key, entries: $0.entries) }
    }

    /// The entries by agent, the same way: a site of several agents' sessions is grouped by agent
    /// first (``ImportedEntry/agent``), then by project.
    static func agentGroups(_ entries: [ImportedEntry]) -> [(agent: String?, entries: [ImportedEntry])] {
        groups(entries, by: \.agent).map { (agent: $0.key, entries: $0.entries) }
    }

    /// The entries by `key`, in order of each group's first entry; those with none form one
    /// group of their own, last.
    static func groups(_ entries: [ImportedEntry], by key: KeyPath<ImportedEntry, String?>) -> [(key: String?, entries: [ImportedEntry])] {
        var groups: [(key: String?, entries: [ImportedEntry])] = []
        var index: [String: Int] = [:]
        var loose: [ImportedEntry] = []
        for entry in entries {
            guard let name = entry[keyPath: key] else { loose.append(entry); continue }
            if let at = index[name] {
                groups[at].entries.append(entry)
            } else {
                index[name] = groups.count
                groups.append((name, [entry]))
            }
        }
        if !loose.isEmpty { groups.append((nil, loose)) }
        return groups
    }
}
