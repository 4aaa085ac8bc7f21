import ChatModel
import ChatPlan
import ChatTheme
/// The `index.html` listing imported conversations: title (a link), date and message count,
/// newest first. Every value from the export goes through ``HTML``'s escaping.
package enum ImportIndexPage {
    static let stylesheet: StaticString = """
    :root { color-scheme: light dark; font-family: system-ui, sans-serif; line-height: 1.5; }
    body { margin: 0; background: Canvas; color: CanvasText; }
    main { max-inline-size: 44rem; margin-inline: auto; padding: 2rem 1rem; }
    h1 { font-size: 1.5rem; margin: 0 0 0.25rem; }
    .count { margin: 0 0 1.5rem; color: GrayText; }
    ol { list-style: none; margin: 0; padding: 0; }
    li { padding-block: 0.75rem; border-block-end: 1px solid GrayText; }
    li a { font-weight: 600; color: LinkText; }
    .meta { display: block; font-size: 0.875rem; color: GrayText; }
    :focus-visible { outline: 2px solid Highlight; outline-offset: 2px; }
    """

    /// The page; `link` gives each entry's `href` (relative, made by chatrender).
    package static func render(_ entries: [ImportedEntry], strings: UIStrings = .english, link: (ImportedEntry) -> String) -> [UInt8] {
        let heading = strings[.conversations]
        var clock = ComposerClock(locale: "en-GB")
        clock.strings = strings
        let style = HTML.trusted(stylesheet)
        let hash = SHA256.hash(style.bytes).base64String
        let csp = "default-src 'none'; style-src 'sha256-\(hash)'; img-src 'none'; base-uri 'none'; form-action 'none'"
        var items = HTML()
        for entry in entries {
            var meta = HTML()
            if let date = entry.date {
                meta.append("<time datetime=\"\(date.iso)\">\(strings.isEnglish ? date.displayText : clock.dateTime(date))</time> · ")
            }
            meta.append("\(strings.counted(.messageCount, entry.messageCount))")
            items.append("<li><a href=\"\(link(entry))\" dir=\"auto\">\(entry.title)</a><span class=\"meta\">\(meta)</span></li>\n")
        }
        let count = strings.counted(.conversationCount, entries.count)
        let direction: HTML = strings.isRightToLeft ? " dir=\"rtl\"" : ""
        let page: HTML = """
        <!doctype html>
        <html lang="\(strings.tag)"\(direction)>
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <meta http-equiv="Content-Security-Policy" content="\(csp)">
        <meta name="generator" content="chatrender \(ChatRenderVersion.string)">
        <title>\(heading)</title>
        <style>\(style)</style>
        </head>
        <body>
        <main>
        <h1>\(heading)</h1>
        <p class="count">\(count)</p>
        <ol>
        \(items)</ol>
        </main>
        </body>
        </html>

        """
        return page.bytes
    }
}
