import ChatModel
import ChatPlan
import ChatTheme
/// The `chatrender preview` page: for each theme, the chat block and every composer state in
/// light and dark side by side, and the theme's contrast report; a switch between the themes that
/// works without JavaScript.
package enum PreviewGallery {
    /// The finished page, through the same template as a conversation's page, in a gallery's
    /// shell (``PageShell/gallery(styles:script:watching:colorScheme:)``): the gallery's stylesheet
    /// and the templates' inline, and while watching, the scripts `watch.js` loads from the folder.
    package static func page(
        themes: [Theme], template: PageTemplate, locale: PageLocale = .standard,
        conversations: [PreviewConversation] = [], watchVersion: String? = nil
    ) -> [UInt8] {
        let shell = PageShell.gallery(
            styles: [css(themes: themes), template.stylesheet], script: template.script,
            watching: watchVersion != nil, colorScheme: themes.first?.colorScheme ?? "light")
        let title = "Theme preview: " + themes.map(\.name).joined(separator: ", ")
        let body = body(themes: themes, conversations: conversations, locale: locale, watchVersion: watchVersion)
        return ByteCollector.collect { sink in
            // The gallery's own words are English; its composers speak the locale's language, and
            // its columns carry the language's direction: the page around them runs left to right.
            shell.fill(
                template, title: title, lang: "en", htmlAttributes: PageShell.htmlAttributes(locale.strings, direction: false),
                into: sink
            ) { sink in sink(body.bytes) }
        }.joined
    }

    /// The page body for `themes` (at least one); `conversations` are shown after the chat block,
    /// before the composers.
    ///
    /// With `watchVersion` (`preview --watch`), the page carries the version it shows and loads
    /// `watch.js`, which reloads it when a newer one is written.
    package static func body(
        themes: [Theme], conversations: [PreviewConversation] = [], locale: PageLocale = .standard,
        watchVersion: String? = nil
    ) -> HTML {
        var html: HTML = "<header class=\"cr-page-head cr-pv-head\"><h1 class=\"cr-title\">Theme preview</h1>"
        if themes.count > 1 {
            var radios = HTML()
            for (i, theme) in themes.enumerated() {
                let checked: HTML = i == 0 ? " checked" : ""
                radios.append(
                    "<input type=\"radio\" name=\"cr-pv-theme\" id=\"cr-pv-pick-\(i)\" value=\"\(i)\"\(checked)><label for=\"cr-pv-pick-\(i)\">\(theme.name)</label>"
                )
            }
            html.append("<fieldset class=\"cr-pv-pick\"><legend class=\"cr-visually-hidden\">Theme</legend>\(radios)</fieldset>")
        }
        if let watchVersion {
            html.append("</header>\n<main class=\"cr-pv-main\" data-cr-pv-version=\"\(watchVersion)\">\n")
        } else {
            html.append("</header>\n<main class=\"cr-pv-main\">\n")
        }
        for (i, theme) in themes.enumerated() {
            html.append(themeSection(theme, index: i, conversations: conversations, locale: locale))
        }
        html.append("</main>\n")
        if watchVersion != nil { html.append("\(PageShell.script(src: PreviewReloadScript.watcherFile))\n") }
        return html
    }

    /// The stylesheet: the first theme on `:root` for the page itself, then every mode of every
    /// theme scoped to its gallery column, then the rules of the theme switch.
    package static func css(themes: [Theme]) -> String {
        guard let first = themes.first else { return "" }
        var out = ThemeStylesheet.css(for: first)
        for (i, theme) in themes.enumerated() {
            for mode in ThemeStylesheet.modes(of: theme) {
                out += ThemeStylesheet.scopedCSS(mode.tokens, selector: "#cr-pv-t\(i) .cr-pv-mode--\(mode.scheme)", scheme: mode.scheme)
            }
        }
        if themes.count > 1 {
            for i in themes.indices {
                out += ":root:has(#cr-pv-pick-\(i):checked) .cr-pv-theme:not(#cr-pv-t\(i)) { display: none; }\n"
            }
        }
        return out
    }

    static func themeSection(_ theme: Theme, index i: Int, conversations: [PreviewConversation], locale: PageLocale) -> HTML {
        let modes = ThemeStylesheet.modes(of: theme).map(\.scheme)
        var html: HTML = "<section class=\"cr-pv-theme\" id=\"cr-pv-t\(i)\" aria-labelledby=\"cr-pv-t\(i)-h\"><h2 id=\"cr-pv-t\(i)-h\">\(theme.name)</h2>\n"
        // The chat block: the Planning thread.
        var chat = HTML()
        for scheme in modes {
            chat.append(
                column(
                    scheme, strings: locale.strings, content: thread(PreviewFixtures.planning.thread, prefix: "cr-pv-t\(i)-\(scheme)", options: options(locale))
                ))
        }
        html.append(
            "<div class=\"cr-pv-section cr-pv-chat\"><h3>Chat block</h3><figure class=\"cr-pv-state\"><figcaption><strong>The Planning thread</strong> — turns, a returned file and inline bold.</figcaption><div class=\"cr-pv-pair\">\(chat)</div></figure></div>\n"
        )
        // The rich sample and the person's own chats, each with its own id prefix per column.
        for (n, conversation) in conversations.enumerated() {
            var pair = HTML()
            for scheme in modes {
                pair.append(
                    column(
                        scheme, strings: locale.strings,
                        content: thread(
                            conversation.messages, prefix: "cr-pv-t\(i)-c\(n)-\(scheme)",
                            assets: conversation.assets, options: conversation.options)))
            }
            html.append(
                "<div class=\"cr-pv-section cr-pv-chat cr-pv-conversation\"><h3>\(conversation.title)</h3><figure class=\"cr-pv-state\"><figcaption>\(conversation.note)</figcaption><div class=\"cr-pv-pair\">\(pair)</div></figure></div>\n"
            )
        }
        for section in PreviewFixtures.sections {
            var figures = HTML()
            for (n, example) in section.examples.enumerated() {
                var pair = HTML()
                for scheme in modes {
                    let id = "cr-pv-t\(i)-\(section.id)\(n)-\(scheme.prefix(1))"
                    pair.append(
                        column(
                            scheme, strings: locale.strings,
                            content: ComposerView.render(example.composer, id: id, label: "\(example.name), \(scheme)", locale: locale)))
                }
                var classes: HTML = "cr-pv-state"
                if case .attachment(let s) = example.composer, s.menuOpen { classes.append(" cr-pv-state--menu") }
                if case .model(let s) = example.composer, s.menuOpen { classes.append(" cr-pv-state--model-menu") }
                figures.append(
                    "<figure class=\"\(classes)\"><figcaption><strong>\(example.name)</strong> — \(example.note)</figcaption><div class=\"cr-pv-pair\">\(pair)</div></figure>\n"
                )
            }
            html.append("<div class=\"cr-pv-section\"><h3>\(section.title)</h3>\n\(figures)</div>\n")
        }
        html.append(contrastReport(theme, index: i))
        html.append("</section>\n")
        return html
    }

    /// One mode's column. Its chat or composer speaks the page's language (`--locale`), marked
    /// with `lang` as the gallery's own words around it stay English.
    static func column(_ scheme: String, strings: UIStrings = .english, content: HTML) -> HTML {
        let label: HTML = scheme == "dark" ? "Dark" : "Light"
        guard !strings.isEnglish else {
            return "<div class=\"cr-pv-mode cr-pv-mode--\(scheme)\"><span class=\"cr-pv-mode-label\">\(label)</span>\(content)</div>"
        }
        let dir: HTML = strings.isRightToLeft ? " dir=\"rtl\"" : ""
        return
            "<div class=\"cr-pv-mode cr-pv-mode--\(scheme)\" lang=\"\(strings.tag)\"\(dir)><span class=\"cr-pv-mode-label\" lang=\"en\">\(label)</span>\(content)</div>"
    }

    /// The built-in thread's options: the gallery's locale and language.
    static func options(_ locale: PageLocale) -> RenderOptions {
        var options = RenderOptions(showRetry: false)
        options.locale = locale
        return options
    }

    /// Turns of a thread. The turn view numbers its headings `cr-t0-h`, …; the gallery shows a
    /// thread many times, so those ids get the column's prefix.
    static func thread(
        _ messages: [Message], prefix: String, assets: AssetTable = AssetTable(),
        options: RenderOptions = RenderOptions(showRetry: false)
    ) -> HTML {
        var turns = HTML()
        for (index, message) in messages.enumerated() {
            turns.append(TurnView.render(message, index: index, assets: assets, options: options, idPrefix: prefix))
        }
        return "<div class=\"cr-chat\">\(turns)</div>"
    }

    static func contrastReport(_ theme: Theme, index i: Int) -> HTML {
        // The same checks, from the same list, as `theme check` and `render`.
        let results = ThemeContrast.checks(for: theme)
        var rows = HTML()
        for check in results {
            let result: HTML = check.passes ? "Pass" : "<span class=\"cr-pv-fail\">Fail</span>"
            rows.append(
                "<tr><td>\(check.mode)</td><td>\(check.usage)</td><td><code>\(check.foreground)</code></td><td><code>\(check.backgroundDescription)</code></td><td class=\"cr-pv-num\">\(ThemeContrast.ratioText(check))</td><td class=\"cr-pv-num\">\(ThemeContrast.fixed(check.required, decimals: 1))</td><td>\(result)</td></tr>"
            )
        }
        let failed = results.filter { !$0.passes }.count
        let summary = failed == 0 ? "All \(results.count) contrast checks pass." : "\(failed) of \(results.count) contrast checks fail."
        return
            "<div class=\"cr-pv-section\"><h3 id=\"cr-pv-t\(i)-contrast\">Contrast, WCAG 2.x</h3><p class=\"cr-pv-summary\">\(summary)</p><table class=\"cr-pv-contrast\" aria-labelledby=\"cr-pv-t\(i)-contrast\"><thead><tr><th scope=\"col\">Mode</th><th scope=\"col\">Use</th><th scope=\"col\">Foreground</th><th scope=\"col\">Background</th><th scope=\"col\">Ratio</th><th scope=\"col\">Needs</th><th scope=\"col\">Result</th></tr></thead><tbody>\(rows)</tbody></table></div>\n"
    }
}
