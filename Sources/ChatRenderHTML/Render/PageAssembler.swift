import ChatModel
import ChatPlan
import ChatTheme
/// Puts the page together: body markup, theme CSS, component CSS and script into the page
/// template, with a Content-Security-Policy that allows exactly those inline blocks (by hash),
/// the page's own images, and nothing from the network.
package enum PageAssembler {
    /// The finished `index.html`.
    package static func assemble(conversation: Conversation, theme: Theme, assets: AssetTable,
                                template: PageTemplate, options: RenderOptions) -> [UInt8] {
        let style = PageStyle(theme: theme, template: template)
        return ByteCollector.collect { sink in
            assemble(conversation: conversation, style: style, assets: assets, options: options, into: sink)
        }.joined
    }

    /// ``assemble(conversation:theme:assets:template:options:)`` into `sink`, in order: the
    /// turns go in as their chunks are rendered, so a render writes its page while making it.
    package static func assemble(conversation: Conversation, style: PageStyle, assets: AssetTable,
                         options: RenderOptions, into sink: @escaping ByteSink) {
        // A page of a site takes its scripts' words from the site's shared script (SiteFiles).
        fill(conversation, style: style, strings: options.strings, scriptWords: options.site == nil, into: sink) { sink in
            PageBody.render(conversation, assets: assets, options: options, hasDarkMode: style.theme.hasDarkMode, into: sink)
        }
    }

    /// The template filled into `sink`, the body made by `body`.
    static func fill(_ conversation: Conversation, style: PageStyle, strings: UIStrings, scriptWords: Bool = true,
                     into sink: @escaping ByteSink, body: (@escaping ByteSink) -> Void) {
        let title = conversation.title.flatMap { $0.isEmpty ? nil : $0 } ?? strings[.conversation]
        style.template.fill(into: sink) { name, sink in
            switch name {
            case "body":
                body(sink)
            case "title":
                sink(HTML.text(title).bytes)
            case "lang":
                sink(HTML.text(strings.tag).bytes)
            case "html_attributes":
                sink(htmlAttributes(strings, scriptWords: scriptWords).bytes)
            default:
                if let value = style.values[name] { sink(value) }
            }
        }
    }

    /// What `<html>` carries besides `lang`: `dir="rtl"` for a right-to-left language, and the
    /// texts the scripts write (`data-cr-strings`, a JSON object; absent in English, whose words
    /// the scripts carry). Data, not script, so the CSP hashes stay those of the templates.
    /// `scriptWords: false` leaves the texts out, for a page of a site, whose shared script
    /// carries them for every page (see ``SiteFiles``).
    package static func htmlAttributes(_ strings: UIStrings, direction: Bool = true, scriptWords: Bool = true) -> HTML {
        var html = HTML()
        if direction && strings.isRightToLeft { html.append(" dir=\"rtl\"") }
        guard scriptWords else { return html }
        let script = strings.scriptStrings
        if !script.isEmpty { html.append(" data-cr-strings=\"\(script)\"") }
        return html
    }

    /// `default-src 'none'` and only what the page needs: its inline styles and script by SHA-256,
    /// images and media from its own folder (or data URLs), no connections, forms, frames or base.
    package static func contentSecurityPolicy(styles: [String], scripts: [String]) -> String {
        func hashes(_ blocks: [String]) -> String {
            blocks.map { "'sha256-\(SHA256.hash(Array($0.utf8)).base64String)'" }.joined(separator: " ")
        }
        return "default-src 'none'; img-src 'self' data:; media-src 'self'; style-src \(hashes(styles)); script-src \(hashes(scripts)); base-uri 'none'; form-action 'none'; object-src 'none'"
    }
}

/// What a page takes from its theme and templates alone, made once: the theme's stylesheet and
/// the template's, and the Content-Security-Policy that allows them and the script by hash. It
/// does not depend on the conversation, so a render makes it on another thread while it reads
/// the conversation (see ``ChatRenderer/render(_:inspector:)``), and a site makes it once for
/// all its pages.
package struct PageStyle: Sendable {
    package let theme: Theme
    package let template: PageTemplate
    /// Every slot's bytes except `body` and `title`, which come from the conversation.
    let values: [String: [UInt8]]

    /// A page alone: its stylesheets and script inline, allowed by hash; it needs no other file.
    package init(theme: Theme, template: PageTemplate) {
        self.theme = theme
        self.template = template
        // On paper the page is always light (see PrintStylesheet).
        let themeCSS = ThemeStylesheet.css(for: theme) + PrintStylesheet.themeCSS(for: theme)
        let csp = PageAssembler.contentSecurityPolicy(styles: [themeCSS, template.stylesheet], scripts: [template.script])
        values = Self.values(theme: theme, csp: csp,
                             styles: Array("<style>\(themeCSS)</style>\n<style>\(template.stylesheet)</style>".utf8),
                             scripts: Array("<script>\(template.script)</script>".utf8))
    }

    /// A page of a site at `SLUG/index.html`: it links the site's shared stylesheet and script
    /// (``SiteFiles``, which carry the search across conversations) and has nothing inline.
    package init(theme: Theme, template: PageTemplate, site files: SiteFiles) {
        self.theme = theme
        self.template = template
        values = Self.values(theme: theme, csp: SiteFiles.contentSecurityPolicy(media: true),
                             styles: files.styles(root: "../"), scripts: files.scripts(root: "../"))
    }

    /// Everything of the style a page is made from (the template, every slot's bytes, whether the
    /// theme has a dark mode), in a fixed order: part of a cached page's key.
    package func addFingerprint(to print: inout Fingerprint) {
        print.add(template.page)
        for key in values.keys.sorted() { print.add(key); print.add(values[key]!) }
        print.add(theme.hasDarkMode)
    }

    private static func values(theme: Theme, csp: String, styles: [UInt8], scripts: [UInt8]) -> [String: [UInt8]] {
        [
            "csp": Array(csp.utf8),
            "color_scheme": Array(theme.colorScheme.utf8),
            "version": Array(ChatRenderVersion.string.utf8),
            "styles": styles,
            "scripts": scripts,
        ]
    }
}
