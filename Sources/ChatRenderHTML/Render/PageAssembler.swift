import ChatModel
import ChatPlan
import ChatTheme
/// Puts the page together: the body markup into the page template, through the page's shell
/// (``PageShell``: theme CSS, component CSS and script, and the Content-Security-Policy that
/// allows exactly those, the page's own images, and nothing from the network).
package enum PageAssembler {
    /// The finished `index.html`.
    package static func assemble(
        conversation: Conversation, theme: Theme, assets: AssetTable,
        template: PageTemplate, options: RenderOptions
    ) -> [UInt8] {
        let style = PageStyle(theme: theme, template: template)
        return ByteCollector.collect { sink in
            assemble(conversation: conversation, style: style, assets: assets, options: options, into: sink)
        }.joined
    }

    /// ``assemble(conversation:theme:assets:template:options:)`` into `sink`, in order: the
    /// turns go in as their chunks are rendered, so a render writes its page while making it.
    package static func assemble(
        conversation: Conversation, style: PageStyle, assets: AssetTable,
        options: RenderOptions, into sink: @escaping ByteSink
    ) {
        // A page of a site takes its scripts' words from the site's shared script (SiteFiles).
        fill(conversation, style: style, strings: options.strings, scriptWords: options.site == nil, into: sink) { sink in
            PageBody.render(conversation, assets: assets, options: options, hasDarkMode: style.theme.hasDarkMode, into: sink)
        }
    }

    /// The template filled into `sink` by the page's shell, the body made by `body`. A watched
    /// page (`live`, still watching) names on `<html>` the update it loads next.
    static func fill(
        _ conversation: Conversation, style: PageStyle, strings: UIStrings, scriptWords: Bool = true, live: LiveStatus? = nil,
        into sink: @escaping ByteSink, body: (@escaping ByteSink) -> Void
    ) {
        var attributes = PageShell.htmlAttributes(strings, scriptWords: scriptWords)
        if let live, live.watching { attributes.append(" data-cr-live=\"\(String(live.next))\"") }
        style.shell.fill(
            style.template, title: PageBody.title(conversation, strings: strings), lang: strings.tag,
            htmlAttributes: attributes, into: sink, body: body)
    }
}

/// What a page takes from its theme and templates alone, made once: the theme's stylesheet and
/// the template's, and the page shell that carries them (with the Content-Security-Policy that
/// allows them and the script). It does not depend on the conversation, so a render makes it on
/// another thread while it reads the conversation (see ``ChatRenderer/render(_:inspector:)``),
/// and a site makes it once for all its pages.
package struct PageStyle: Sendable {
    package let theme: Theme
    package let template: PageTemplate
    /// The head, stylesheets, scripts and policy around the page's body.
    package let shell: PageShell

    /// A page alone: its stylesheets and script inline, allowed by hash; it needs no other file.
    package init(theme: Theme, template: PageTemplate) {
        self.theme = theme
        self.template = template
        // On paper the page is always light (see PrintStylesheet).
        let themeCSS = ThemeStylesheet.css(for: theme) + PrintStylesheet.themeCSS(for: theme)
        shell = .alone(styles: [themeCSS, template.stylesheet], script: template.script, colorScheme: theme.colorScheme)
    }

    /// A watched session's page (`render --watch`): a page alone that also carries the templates'
    /// live stylesheet and script, and may load its updates from its folder.
    package init(theme: Theme, template: PageTemplate, live: Bool) {
        self.init(theme: theme, template: template, adding: live ? [template.live] : [])
    }

    /// A page alone with the stylesheets and scripts of `features` after the template's (a
    /// watched page's, a page in parts'); such a page loads scripts of its own folder too.
    package init(theme: Theme, template: PageTemplate, adding features: [FeatureTemplate]) {
        self.theme = theme
        self.template = template
        let themeCSS = ThemeStylesheet.css(for: theme) + PrintStylesheet.themeCSS(for: theme)
        shell =
            features.isEmpty
            ? .alone(styles: [themeCSS, template.stylesheet], script: template.script, colorScheme: theme.colorScheme)
            : .live(
                styles: [themeCSS, template.stylesheet] + features.map(\.stylesheet),
                script: features.reduce(template.script) { $0 + $1.script }, colorScheme: theme.colorScheme)
    }

    /// A page of a site at `SLUG/index.html`: it links the site's shared stylesheet and script
    /// (``SiteFiles``, which carry the search across conversations) and has nothing inline.
    package init(theme: Theme, template: PageTemplate, site files: SiteFiles) {
        self.theme = theme
        self.template = template
        shell = .sitePage(files, colorScheme: theme.colorScheme)
    }

    /// Everything of the style a page is made from (the template, every slot's bytes, whether the
    /// theme has a dark mode), in a fixed order: part of a cached page's key.
    package func addFingerprint(to print: inout Fingerprint) {
        print.add(template.page)
        for key in shell.slots.keys.sorted() { print.add(key); print.add(shell.slots[key]!) }
        print.add(theme.hasDarkMode)
    }
}
