import ChatModel

/// The one page shell: what every page chatrender writes carries around its body. Its
/// Content-Security-Policy (``ContentSecurityPolicy``), its stylesheets and scripts (inline and
/// allowed by hash, or the site's shared files, linked), its colour scheme, the attributes of
/// `<html>`, and for the pages no template shapes (a site's index, the import index) the whole
/// document. Every `<style>`, `<script>`, stylesheet link and policy of a page is written in this
/// folder (an architecture test holds it), so what a page may load is decided in one place, and
/// a block the policy does not allow cannot be added beside it.
///
/// A conversation's page (alone, in one file, or on a site) and the preview gallery fill the
/// page template (`templates/page.html`, or `--templates`) through ``fill(_:title:lang:htmlAttributes:into:body:)``;
/// the indexes are written whole by ``document(title:lang:htmlAttributes:bodyClass:body:)``, in
/// the default template's shape. Each kind of page has its maker here.
package struct PageShell: Sendable {
    /// What the page may load.
    package let policy: ContentSecurityPolicy
    /// The content of `<meta name="color-scheme">`; nil for a page in the system's colours that
    /// says none (the import index).
    package let colorScheme: String?
    /// Whether ``document(title:lang:htmlAttributes:bodyClass:body:)`` writes
    /// `<meta name="referrer" content="no-referrer">` (a template page has its own).
    let hidesReferrer: Bool
    /// The stylesheets' elements, for `{{styles}}`.
    let styles: [UInt8]
    /// The scripts' elements, for `{{scripts}}`; empty for a page without script.
    let scripts: [UInt8]
    /// Every slot of a page template the shell fills that does not depend on what the page shows
    /// (`csp`, `color_scheme`, `version`, `styles`, `scripts`): made once, and part of a cached
    /// page's key (see ``PageStyle/addFingerprint(to:)``).
    package let slots: [String: [UInt8]]

    private init(policy: ContentSecurityPolicy, colorScheme: String?, hidesReferrer: Bool = true, styles: [UInt8], scripts: [UInt8]) {
        self.policy = policy
        self.colorScheme = colorScheme
        self.hidesReferrer = hidesReferrer
        self.styles = styles
        self.scripts = scripts
        var slots = [
            "csp": Array(policy.description.utf8),
            "version": Array(ChatRenderVersion.string.utf8),
            "styles": styles,
            "scripts": scripts,
        ]
        if let colorScheme { slots["color_scheme"] = Array(colorScheme.utf8) }
        self.slots = slots
    }

    // MARK: - The kinds of page

    /// A conversation's page alone (and its single-file form): each stylesheet in its own
    /// `<style>`, the script in a `<script>`, each allowed by its hash; photos and media from its
    /// own folder or as data URLs; nothing else. It needs no other file.
    package static func alone(styles: [String], script: String, colorScheme: String) -> PageShell {
        inline(styles: styles, script: script, ownScripts: false, colorScheme: colorScheme)
    }

    /// A watched session's page (`render --watch`) or a page in chunks (`ChunkedPage`): inline
    /// like a page alone, with the feature's stylesheet and script after the template's; it also
    /// loads scripts of its own folder (its updates, `live/N.js`, or its chunks, `chunks/N.js`),
    /// which its policy then allows.
    package static func live(styles: [String], script: String, colorScheme: String) -> PageShell {
        inline(styles: styles, script: script, ownScripts: true, colorScheme: colorScheme)
    }

    /// The preview gallery: inline like a page alone. While `watching` (`preview --watch`) it also
    /// loads scripts from its own folder (``script(src:)``), which the policy then allows.
    package static func gallery(styles: [String], script: String, watching: Bool, colorScheme: String) -> PageShell {
        inline(styles: styles, script: script, ownScripts: watching, colorScheme: colorScheme)
    }

    private static func inline(styles: [String], script: String, ownScripts: Bool, colorScheme: String) -> PageShell {
        PageShell(
            policy: ContentSecurityPolicy(media: true, styles: .inline(styles), scripts: .inline([script], own: ownScripts)),
            colorScheme: colorScheme, styles: inlineStyles(styles), scripts: Array("<script>\(script)</script>".utf8))
    }

    /// A conversation's page on a site, at `SLUG/index.html`: it links the site's shared
    /// stylesheet and script (``SiteFiles``, which carry the search across conversations) and has
    /// nothing inline; the policy allows styles and scripts from the site itself and nothing inline.
    package static func sitePage(_ files: SiteFiles, colorScheme: String) -> PageShell {
        linked(files, root: "../", media: true, colorScheme: colorScheme)
    }

    /// A site's `index.html`: the same shared files as its pages, and no photos or media.
    package static func siteIndex(_ files: SiteFiles, colorScheme: String) -> PageShell {
        linked(files, root: "", media: false, colorScheme: colorScheme)
    }

    /// A site's `insights/index.html`: the shared files, and after them the insights' own
    /// stylesheet (``SiteFiles/insightsStylesheetPath``); no photos or media.
    package static func siteInsights(_ files: SiteFiles, colorScheme: String) -> PageShell {
        linked(files, root: "../", media: false, colorScheme: colorScheme, insights: true)
    }

    /// The shared files' elements, for a page whose site folder is `root` (`""`, `"../"`); made
    /// from their hashed names, never from the export.
    private static func linked(_ files: SiteFiles, root: String, media: Bool, colorScheme: String, insights: Bool = false) -> PageShell {
        var link: HTML = "<link rel=\"stylesheet\" href=\"\(root + files.stylesheetPath)\">"
        if insights, let path = files.insightsStylesheetPath { link.append("\n<link rel=\"stylesheet\" href=\"\(root + path)\">") }
        return PageShell(
            policy: ContentSecurityPolicy(media: media, styles: .own, scripts: .own), colorScheme: colorScheme,
            styles: link.bytes, scripts: script(src: root + files.scriptPath).bytes)
    }

    /// The import index (`import`): one inline stylesheet, in the system's colours, no script,
    /// no photos. It has kept the head it was first written with (no referrer or colour-scheme
    /// meta).
    package static func importIndex(style: String) -> PageShell {
        PageShell(
            policy: ContentSecurityPolicy(media: false, styles: .inline([style]), scripts: nil), colorScheme: nil,
            hidesReferrer: false, styles: inlineStyles([style]), scripts: [])
    }

    /// Each stylesheet in its own `<style>`, one a line. Their text goes in as it is: it is the
    /// templates' (trusted, and checked not to contain `</style`) or CSS made from validated tokens.
    private static func inlineStyles(_ styles: [String]) -> [UInt8] {
        Array(styles.map { "<style>\($0)</style>" }.joined(separator: "\n").utf8)
    }

    /// The element of a script the page loads from `src` (a path chatrender made): the site's
    /// shared script, the watching gallery's `watch.js`. A page that loads one must have a shell
    /// whose policy allows its own files.
    package static func script(src: String) -> HTML {
        "<script src=\"\(src)\"></script>"
    }

    // MARK: - Writing the page

    /// What `<html>` carries besides `lang`: `dir="rtl"` for a right-to-left language (unless
    /// `direction` is false: the gallery's English page around columns that carry their own),
    /// and the texts the scripts write (`data-cr-strings`, a JSON object; absent in English, whose
    /// words the scripts carry). Data, not script, so the policy's hashes stay those of the
    /// templates. `scriptWords: false` leaves the texts out, for a page of a site, whose shared
    /// script carries them for every page (see ``SiteFiles``), and for the indexes.
    package static func htmlAttributes(_ strings: UIStrings, direction: Bool = true, scriptWords: Bool = true) -> HTML {
        var html = HTML()
        if direction && strings.isRightToLeft { html.append(" dir=\"rtl\"") }
        guard scriptWords else { return html }
        let script = strings.scriptStrings
        if !script.isEmpty { html.append(" data-cr-strings=\"\(script)\"") }
        return html
    }

    /// `template` filled into `sink`, in order: the shell's slots, the page's `title` and `lang`
    /// (escaped), `htmlAttributes`, and the body made by `body` (so it can be streamed).
    package func fill(
        _ template: PageTemplate, title: String, lang: String, htmlAttributes: HTML,
        into sink: @escaping ByteSink, body: (@escaping ByteSink) -> Void
    ) {
        template.fill(into: sink) { name, sink in
            switch name {
            case "body":
                body(sink)
            case "title":
                sink(HTML.text(title).bytes)
            case "lang":
                sink(HTML.text(lang).bytes)
            case "html_attributes":
                sink(htmlAttributes.bytes)
            default:
                if let value = slots[name] { sink(value) }
            }
        }
    }

    /// A page no template shapes (the indexes), whole: the default template's head and frame
    /// around `body`, in `<body class="bodyClass">`. The policy goes in escaped (`&#39;` for its
    /// quotes), as these pages have always written it: the same value to a browser.
    package func document(title: String, lang: String, htmlAttributes: HTML, bodyClass: String? = nil, body: HTML) -> [UInt8] {
        var head: HTML = """
            <!doctype html>
            <html lang="\(lang)"\(htmlAttributes)>
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <meta http-equiv="Content-Security-Policy" content="\(policy.description)">

            """
        if hidesReferrer { head.append("<meta name=\"referrer\" content=\"no-referrer\">\n") }
        if let colorScheme { head.append("<meta name=\"color-scheme\" content=\"\(colorScheme)\">\n") }
        head.append("<meta name=\"generator\" content=\"chatrender \(ChatRenderVersion.string)\">\n<title>\(title)</title>\n")
        var open: HTML = "\n</head>\n<body"
        if let bodyClass { open.append(" class=\"\(bodyClass)\"") }
        open.append(">\n")
        var page = head.bytes + styles + open.bytes + body.bytes + Array("\n".utf8)
        if !scripts.isEmpty { page += scripts + Array("\n".utf8) }
        return page + Array("</body>\n</html>\n".utf8)
    }
}
