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
/// and a site makes it once for all its pages. Made with every feature's files; once the
/// conversation is read, ``using(_:)`` keeps only those of the features its page uses.
package struct PageStyle: Sendable {
    package let theme: Theme
    package let template: PageTemplate
    /// The head, stylesheets, scripts and policy around the page's body.
    package let shell: PageShell
    /// The features whose template files the shell carries (see ``PageFeatures``).
    package let features: PageFeatures
    /// What the page adds after the template's files (a watched page's, a page in parts'); nil
    /// for a page of a site, which links the site's shared files.
    private let adding: [FeatureTemplate]?
    /// A watched session's page: it keeps every feature's files.
    private let watched: Bool

    /// A page alone: its stylesheets and script inline, allowed by hash; it needs no other file.
    package init(theme: Theme, template: PageTemplate) {
        self.init(theme: theme, template: template, adding: [])
    }

    /// A watched session's page (`render --watch`): a page alone that also carries the templates'
    /// live stylesheet and script, and may load its updates from its folder. It keeps every
    /// feature's files: a turn that comes later may bring a photo.
    package init(theme: Theme, template: PageTemplate, live: Bool) {
        self.init(theme: theme, template: template, adding: live ? [template.live] : [], using: .all, watched: live)
    }

    /// A page alone with the stylesheets and scripts of `features` after the template's (a
    /// watched page's, a page in parts'); such a page loads scripts of its own folder too.
    /// `using` names the features whose template files it carries.
    package init(theme: Theme, template: PageTemplate, adding features: [FeatureTemplate], using: PageFeatures = .all) {
        self.init(theme: theme, template: template, adding: features, using: using, watched: false)
    }

    private init(theme: Theme, template: PageTemplate, adding features: [FeatureTemplate], using: PageFeatures, watched: Bool) {
        self.theme = theme
        self.template = template
        self.features = using
        self.watched = watched
        adding = features
        let themeCSS = ThemeStylesheet.css(for: theme) + PrintStylesheet.themeCSS(for: theme)
        let stylesheet = template.stylesheet(for: using)
        let script = template.script(for: using)
        shell =
            features.isEmpty
            ? .alone(styles: [themeCSS, stylesheet], script: script, colorScheme: theme.colorScheme)
            : .live(
                styles: [themeCSS, stylesheet] + features.map(\.stylesheet),
                script: features.reduce(script) { $0 + $1.script }, colorScheme: theme.colorScheme)
    }

    /// A page of a site at `SLUG/index.html`: it links the site's shared stylesheet and script
    /// (``SiteFiles``, which carry the search across conversations) and has nothing inline.
    package init(theme: Theme, template: PageTemplate, site files: SiteFiles) {
        self.theme = theme
        self.template = template
        shell = .sitePage(files, colorScheme: theme.colorScheme)
        features = .all
        adding = nil
        watched = false
    }

    /// The style of a page that uses only `used`: a page alone (or in parts) carries the template
    /// files of those features and no others, and its policy allows exactly what it carries. A
    /// watched page keeps them all (its later turns are not known yet), and a page of a site
    /// keeps linking the site's one shared copy, which the browser keeps across its pages.
    package func using(_ used: PageFeatures) -> PageStyle {
        guard let adding, !watched, used != features else { return self }
        return PageStyle(theme: theme, template: template, adding: adding, using: used)
    }

    /// Everything of the style a page is made from (the template, every slot's bytes, whether the
    /// theme has a dark mode), in a fixed order: part of a cached page's key.
    package func addFingerprint(to print: inout Fingerprint) {
        print.add(template.page)
        for key in shell.slots.keys.sorted() { print.add(key); print.add(shell.slots[key]!) }
        print.add(theme.hasDarkMode)
    }
}
