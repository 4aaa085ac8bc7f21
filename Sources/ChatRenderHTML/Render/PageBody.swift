import ChatModel
import ChatPlan
import ChatTheme
/// The `<body>` content: the title, the appearance switch and the conversation section.
package enum PageBody {

    /// Renders the conversation. `hasDarkMode` shows the light/dark/auto switch.
    package static func render(_ conversation: Conversation, assets: AssetTable, options: RenderOptions, hasDarkMode: Bool) -> HTML {
        var html = head(conversation, assets: assets, options: options, hasDarkMode: hasDarkMode)
        if let messages = conversation.messages {
            html.append(TurnList.render(messages, assets: assets, options: options))
            html.append(tail(conversation, options: options, assets: assets))
        }
        return html
    }

    /// ``render(_:assets:options:hasDarkMode:)`` as chunks: the turns stay in the buffers they were
    /// rendered in (see ``ByteChunks``).
    static func renderChunks(_ conversation: Conversation, assets: AssetTable, options: RenderOptions, hasDarkMode: Bool) -> ByteChunks {
        ByteCollector.collect { sink in render(conversation, assets: assets, options: options, hasDarkMode: hasDarkMode, into: sink) }
    }

    /// Renders into `sink` in order; the turns go in as their chunks are done (see ``TurnList``),
    /// and everything before them is made beside the first of them.
    static func render(_ conversation: Conversation, assets: AssetTable, options: RenderOptions, hasDarkMode: Bool, into sink: @escaping ByteSink) {
        guard let messages = conversation.messages else {
            sink(head(conversation, assets: assets, options: options, hasDarkMode: hasDarkMode).bytes)
            return
        }
        TurnList.render(
            messages, assets: assets, options: options,
            before: { head(conversation, assets: assets, options: options, hasDarkMode: hasDarkMode) }, into: sink)
        sink(tail(conversation, options: options, assets: assets).bytes)
    }

    /// ``render(_:assets:options:hasDarkMode:)`` with the turn list given (a watched page's, kept
    /// in pieces by ``LivePage``).
    static func render(_ conversation: Conversation, turns: HTML, assets: AssetTable, options: RenderOptions, hasDarkMode: Bool) -> HTML {
        let end = tail(conversation, options: options, assets: assets)
        // The page is made in one buffer of its size: a long session's list of prompts and the
        // turns given are megabytes each, copied once.
        var html = head(conversation, assets: assets, options: options, hasDarkMode: hasDarkMode, reserving: turns.byteCount + end.byteCount)
        guard conversation.messages != nil else { return html }
        html.append(turns)
        html.append(end)
        return html
    }

    /// A page in chunks' body into `sink`: `head` (``head(_:assets:options:hasDarkMode:bar:reserving:)``,
    /// made beside its chunks, with the `bar` above the header that holds its search and its
    /// printing), then `turns`, then what follows them. Written piece by piece, not joined.
    static func render(_ conversation: Conversation, head: HTML, turns: HTML, options: RenderOptions, assets: AssetTable, into sink: ByteSink) {
        sink(head.bytes)
        guard conversation.messages != nil else { return }
        sink(turns.bytes)
        sink(tail(conversation, options: options, assets: assets).bytes)
    }

    /// Everything before the turns; a conversation still loading (`messages: null`) is whole with it.
    /// With room for `reserving` bytes more (what the caller appends after it); `bar` first.
    static func head(
        _ conversation: Conversation, assets: AssetTable, options: RenderOptions, hasDarkMode: Bool, bar: HTML? = nil, reserving: Int = 0
    ) -> HTML {
        let s = options.strings
        var html = bar ?? HTML()
        if let site = options.site {
            // A page of a site: back to the index, and the search across every conversation.
            // A landmark, as everything on the page is in one.
            html.append(
                "<nav class=\"cr-site-bar\" aria-label=\"\(s[.conversations])\"><a href=\"\(site.root)index.html\">\(s[.conversations])</a>\(SiteSearch.form(root: site.root, shards: site.shards))</nav>\n"
            )
        }
        html.append("<header class=\"cr-page-head\"><h1 class=\"cr-title\" dir=\"auto\">\(title(conversation, strings: s))</h1>")
        if hasDarkMode { html.append(themeSwitch(s)) }
        html.append(headFacts(conversation, options: options))
        html.append("</header>\n<main class=\"cr-main\">\n")
        guard let messages = conversation.messages else {
            html.append(
                "<section class=\"cr-chat cr-chat--loading\" aria-label=\"\(s[.conversation])\" aria-busy=\"true\">\(TurnView.skeleton(s))</section>\n\(ComposerView.pinned(conversation.composer, locale: options.locale, assets: assets))</main>\n"
            )
            return html
        }
        // The list of prompts (megabytes for a long session) is written in place, with room
        // for what the caller appends after it: the page is one buffer, grown once.
        html.append(SessionOverview.render(messages, facts: conversation.facts, options: options))
        PromptIndex.append(messages, strings: s, to: &html, reserving: reserving + 256)
        html.append("<section class=\"cr-chat\" aria-label=\"\(s[.conversation])\">\n")
        if messages.isEmpty {
            html.append("<p class=\"cr-empty\">\(s[.noMessages])</p>\n")
        }
        return html
    }

    /// The page's title: the conversation's, or "Conversation".
    static func title(_ conversation: Conversation, strings s: UIStrings) -> String {
        conversation.title.flatMap { $0.isEmpty ? nil : $0 } ?? s[.conversation]
    }

    /// The header after the title and the appearance switch: the facts, what was masked, and on a
    /// watched page the line that says it is live.
    static func headFacts(_ conversation: Conversation, options: RenderOptions) -> HTML {
        let s = options.strings
        var html = FactList.render(conversation.facts, strings: s)
        html.append(RedactionNote.render(conversation.redaction, strings: s))
        if let live = options.live { html.append(LivePage.status(live, strings: s, locale: options.locale)) }
        return html
    }

    /// In `<main>`, before the turns: the session's overview and the list of prompts.
    static func beforeTurns(_ conversation: Conversation, messages: [Message], options: RenderOptions) -> HTML {
        var html = SessionOverview.render(messages, facts: conversation.facts, options: options)
        PromptIndex.append(messages, strings: options.strings, to: &html)
        return html
    }

    /// Everything after the turns.
    private static func tail(_ conversation: Conversation, options: RenderOptions, assets: AssetTable) -> HTML {
        "</section>\n\(afterTurns(conversation, options: options, assets: assets))</main>\n"
    }

    /// In `<main>`, after the turns: the jumps, and a composer pinned below them.
    static func afterTurns(_ conversation: Conversation, options: RenderOptions, assets: AssetTable) -> HTML {
        let jumps = PromptIndex.jumps(conversation.messages ?? [], strings: options.strings, always: options.live != nil)
        return "\(jumps)\(ComposerView.pinned(conversation.composer, locale: options.locale, assets: assets))"
    }

    /// Works without JavaScript: the theme stylesheet keys off these radios with `:has()`, by their
    /// place (`body > .cr-page-head > .cr-theme-switch > input`; see `ThemeStylesheet`).
    static func themeSwitch(_ s: UIStrings) -> HTML {
        "<fieldset class=\"cr-theme-switch\"><legend class=\"cr-visually-hidden\">\(s[.appearance])</legend><input type=\"radio\" name=\"cr-theme\" id=\"cr-theme-auto\" value=\"auto\" checked><label for=\"cr-theme-auto\">\(s[.themeAuto])</label><input type=\"radio\" name=\"cr-theme\" id=\"cr-theme-light\" value=\"light\"><label for=\"cr-theme-light\">\(s[.themeLight])</label><input type=\"radio\" name=\"cr-theme\" id=\"cr-theme-dark\" value=\"dark\"><label for=\"cr-theme-dark\">\(s[.themeDark])</label></fieldset>"
    }
}
