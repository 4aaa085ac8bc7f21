import ChatModel
import ChatPlan
import ChatTheme
/// The `index.html` of a site (`render --from FORMAT EXPORT --out site/`): every conversation,
/// newest first, grouped by month (inside one group per project when the export has projects),
/// each with its title (a link to its page), date, message count, model, the first line of its
/// first prompt and what it carries (photos, files, generated images, as words beside their
/// icons), and above them the search across all conversations.
///
/// It wears the pages' theme: the same custom properties, light and dark, and the same switch
/// between them. Every value from the export goes through ``HTML``'s escaping; the CSP allows its
/// two stylesheets and its script by hash, and the script's shards through `'strict-dynamic'`.
package enum SiteIndexPage {
    /// The page. `link` is each entry's page (relative); `shards` the number of search shards.
    package static func render(_ entries: [ImportedEntry], theme: Theme, clock: ComposerClock, shards: Int,
                               link: (ImportedEntry) -> String) -> [UInt8] {
        let s = clock.strings
        let heading = s[.conversations]
        let themeCSS = ThemeStylesheet.css(for: theme)
        let css = [themeCSS, String(describing: stylesheet), String(describing: SiteSearch.stylesheet)]
        let csp = contentSecurityPolicy(styles: css, script: String(describing: SiteSearch.script))

        let groups = ImportIndexPage.projectGroups(entries)
        let byProject = !(groups.count == 1 && groups[0].project == nil) && !groups.isEmpty
        var sections = HTML()
        var headingNumber = 0
        func months(_ entries: [ImportedEntry], level: Int) -> HTML {
            var html = HTML()
            for month in monthGroups(entries, clock: clock) {
                headingNumber += 1
                let id = "cr-group-\(headingNumber)"
                html.append("<section class=\"cr-site-month\" aria-labelledby=\"\(id)\"><h\(level) id=\"\(id)\">\(month.name)</h\(level)>\n<ol class=\"cr-site-list\">\n")
                for entry in month.entries { html.append(item(entry, clock: clock, link: link(entry))) }
                html.append("</ol>\n</section>\n")
            }
            return html
        }
        if byProject {
            for group in groups {
                headingNumber += 1
                let id = "cr-group-\(headingNumber)"
                let name = group.project.map { $0.isEmpty ? s[.untitledProject] : $0 } ?? s[.noProject]
                sections.append("<section class=\"cr-site-project\" aria-labelledby=\"\(id)\"><h2 id=\"\(id)\" dir=\"auto\">\(name)</h2><p class=\"cr-site-count\">\(s.counted(.conversationCount, group.entries.count))</p>\n\(months(group.entries, level: 3))</section>\n")
            }
        } else {
            sections = months(entries, level: 2)
        }
        let direction: HTML = s.isRightToLeft ? " dir=\"rtl\"" : ""
        let switcher: HTML = theme.hasDarkMode ? PageBody.themeSwitch(s) : ""
        let head: HTML = """
        <!doctype html>
        <html lang="\(s.tag)"\(direction)>
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <meta http-equiv="Content-Security-Policy" content="\(csp)">
        <meta name="referrer" content="no-referrer">
        <meta name="color-scheme" content="\(theme.colorScheme)">
        <meta name="generator" content="chatrender \(ChatRenderVersion.string)">
        <title>\(heading)</title>
        <style>
        """
        let rest: HTML = """
        </style>
        <style>\(HTML.trusted(stylesheet))</style>
        <style>\(HTML.trusted(SiteSearch.stylesheet))</style>
        </head>
        <body>
        <header class="cr-page-head"><h1 class="cr-title">\(heading)</h1>\(switcher)<p class="cr-site-count">\(s.counted(.conversationCount, entries.count))</p></header>
        <main class="cr-main">
        \(SiteSearch.form(root: "", shards: shards, strings: s))
        \(sections)</main>
        <script>\(HTML.trusted(SiteSearch.script))</script>
        </body>
        </html>

        """
        // The theme's stylesheet goes in as the pages' template puts it: generated CSS made safe
        // by construction (ThemeStylesheet), not text from the export.
        return head.bytes + Array(themeCSS.utf8) + rest.bytes
    }

    /// One conversation: its card, the whole of which opens it.
    static func item(_ entry: ImportedEntry, clock: ComposerClock, link: String) -> HTML {
        let s = clock.strings
        let summary = entry.summary
        var meta = HTML()
        if let date = entry.date {
            meta.append("<time datetime=\"\(date.iso)\">\(s.isEnglish ? date.displayText : clock.dateTime(date))</time>")
        }
        meta.append("<span>\(s.counted(.messageCount, entry.messageCount))</span>")
        if let model = summary.model { meta.append("<span class=\"cr-site-model\" dir=\"auto\">\(model)</span>") }
        if summary.photos > 0 { meta.append(badge(Icon.file(.image), s.counted(.photoCount, summary.photos))) }
        if summary.generatedImages > 0 { meta.append(badge(sparkle, s.counted(.generatedImageCount, summary.generatedImages))) }
        if summary.files > 0 { meta.append(badge(Icon.file(.document), s.counted(.fileCount, summary.files))) }
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
    static func monthGroups(_ entries: [ImportedEntry], clock: ComposerClock) -> [(name: String, entries: [ImportedEntry])] {
        let s = clock.strings
        var groups: [(key: String, name: String, entries: [ImportedEntry])] = []
        var undated: [ImportedEntry] = []
        for entry in entries {
            guard let date = entry.date else { undated.append(entry); continue }
            let day = clock.isoDay(date)
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

    /// Only the page's own style blocks and script, by hash; the script's shards through
    /// `'strict-dynamic'` (a hash would not do: browsers check a script file's hash with
    /// Subresource Integrity, which a page opened from disk cannot use). Nothing else.
    package static func contentSecurityPolicy(styles: [String], script: String) -> String {
        let hashes = styles.map { "'sha256-\(SHA256.hash(Array($0.utf8)).base64String)'" }.joined(separator: " ")
        return "default-src 'none'; img-src 'none'; style-src \(hashes); script-src 'sha256-\(SHA256.hash(Array(script.utf8)).base64String)' 'strict-dynamic'; base-uri 'none'; form-action 'none'; object-src 'none'"
    }

    /// The index's own stylesheet (the search's is ``SiteSearch/stylesheet``): the pages' frame,
    /// type and switch, and the cards.
    static let stylesheet: StaticString = """
*, *::before, *::after { box-sizing: border-box; }
html { -webkit-text-size-adjust: 100%; text-size-adjust: 100%; }
body {
  margin: 0; background: var(--color-bg); color: var(--color-text-primary);
  font-family: var(--type-body-family); font-size: var(--type-body-size); font-weight: var(--type-body-weight);
  line-height: var(--type-body-line-height); letter-spacing: var(--type-body-tracking);
}
.cr-visually-hidden {
  position: absolute !important; inline-size: 1px; block-size: 1px; margin: -1px; padding: 0;
  overflow: hidden; clip-path: inset(50%); white-space: nowrap; border: 0;
}
:focus-visible { outline: 2px solid var(--color-accent); outline-offset: 2px; }
.cr-page-head, .cr-main { max-inline-size: 48rem; margin-inline: auto; padding-inline: 1rem; }
.cr-page-head {
  display: flex; flex-wrap: wrap; align-items: center; justify-content: space-between; gap: 0.25rem 0.75rem;
  padding-block: 1.5rem 0.75rem;
}
.cr-title { margin: 0; font-size: calc(var(--type-body-size) * 1.6); line-height: 1.2; font-weight: 700; }
.cr-site-count {
  margin: 0; color: var(--color-text-secondary);
  font-family: var(--type-footnote-family); font-size: var(--type-footnote-size);
}
.cr-page-head > .cr-site-count { flex-basis: 100%; }
.cr-theme-switch {
  display: inline-flex; margin: 0; padding: 2px; border: 0; border-radius: 999px; background: var(--color-fill);
}
.cr-theme-switch input { position: absolute; opacity: 0; inline-size: 1px; block-size: 1px; margin: 0; }
.cr-theme-switch label {
  display: inline-flex; align-items: center; min-block-size: 2rem; padding-inline: 0.8rem; border-radius: 999px;
  cursor: pointer; font-family: var(--type-footnote-family); font-size: var(--type-footnote-size);
  font-weight: 600; line-height: 1; color: var(--color-text-primary);
  transition: background-color var(--motion-snappy-duration) var(--motion-snappy-easing);
}
.cr-theme-switch input:checked + label {
  background: var(--color-surface-elevated);
  box-shadow: 0 1px 3px color-mix(in srgb, var(--color-text-primary) 18%, transparent);
}
.cr-theme-switch input:focus-visible + label { outline: 2px solid var(--color-accent); outline-offset: 1px; }
.cr-main { padding-block: 0.5rem 4rem; }
.cr-site-project > h2 { margin: 2.5rem 0 0.125rem; font-size: calc(var(--type-body-size) * 1.25); line-height: 1.3; overflow-wrap: anywhere; }
.cr-site-month > h2, .cr-site-month > h3 {
  position: sticky; inset-block-start: 0; z-index: 1; margin: 1.5rem 0 0.5rem; padding-block: 0.375rem;
  background: var(--color-bg); color: var(--color-text-secondary);
  font-family: var(--type-subhead-family); font-size: var(--type-subhead-size); font-weight: 600; line-height: 1.3;
}
.cr-site-list { list-style: none; margin: 0; padding: 0; display: flex; flex-direction: column; gap: 0.5rem; }
.cr-site-entry {
  position: relative; padding: 0.75rem 1rem; border-radius: var(--radius-md);
  background: var(--color-surface); border: 1px solid var(--color-separator);
  transition: background-color var(--motion-snappy-duration) var(--motion-snappy-easing);
}
.cr-site-entry:hover { background: var(--color-fill); }
.cr-site-link { font-weight: 600; color: var(--color-text-primary); text-decoration: none; overflow-wrap: anywhere; }
/* The whole card opens the conversation; the ring goes round the card. */
.cr-site-link::after { content: ""; position: absolute; inset: 0; border-radius: inherit; }
.cr-site-link:focus-visible { outline: none; }
.cr-site-entry:has(.cr-site-link:focus-visible) { outline: 2px solid var(--color-accent); outline-offset: 2px; }
.cr-site-snippet {
  margin: 0.25rem 0 0; color: var(--color-text-secondary); overflow: hidden; text-overflow: ellipsis; white-space: nowrap;
  font-family: var(--type-footnote-family); font-size: var(--type-footnote-size);
}
.cr-site-meta {
  display: flex; flex-wrap: wrap; align-items: center; gap: 0.125rem 0.875rem; margin: 0.375rem 0 0;
  color: var(--color-text-secondary);
  font-family: var(--type-caption-family); font-size: var(--type-caption-size); line-height: var(--type-caption-line-height);
}
.cr-site-badge { display: inline-flex; align-items: center; gap: 0.25rem; }
.cr-site-badge .cr-icon { inline-size: 1.1em; block-size: 1.1em; }
@media (prefers-reduced-motion: reduce) { * { transition: none !important; } }
"""
}
