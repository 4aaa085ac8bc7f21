/// The `<body>` content: the title, the appearance switch and the conversation section.
public enum PageBody {
    /// The heading shown when the conversation has no title.
    public static let untitled = "Conversation"

    /// Renders the conversation. `hasDarkMode` shows the light/dark/auto switch.
    public static func render(_ conversation: Conversation, assets: AssetTable, options: RenderOptions, hasDarkMode: Bool) -> HTML {
        HTML(rawBytes: renderChunks(conversation, assets: assets, options: options, hasDarkMode: hasDarkMode).joined)
    }

    /// ``render(_:assets:options:hasDarkMode:)`` as chunks: the turns stay in the buffers they were
    /// rendered in (see ``ByteChunks``).
    static func renderChunks(_ conversation: Conversation, assets: AssetTable, options: RenderOptions, hasDarkMode: Bool) -> ByteChunks {
        ByteCollector.collect { sink in render(conversation, assets: assets, options: options, hasDarkMode: hasDarkMode, into: sink) }
    }

    /// Renders into `sink` in order; the turns go in as their chunks are done (see ``TurnList``).
    static func render(_ conversation: Conversation, assets: AssetTable, options: RenderOptions, hasDarkMode: Bool, into sink: @escaping ByteSink) {
        let title = conversation.title.flatMap { $0.isEmpty ? nil : $0 } ?? untitled
        var html: HTML = "<header class=\"cr-page-head\"><h1 class=\"cr-title\" dir=\"auto\">\(title)</h1>"
        if hasDarkMode { html.append(themeSwitch) }
        html.append("</header>\n<main class=\"cr-main\">\n")
        guard let messages = conversation.messages else {
            html.append("<section class=\"cr-chat cr-chat--loading\" aria-label=\"Conversation\" aria-busy=\"true\">\(TurnView.skeleton())</section>\n\(ComposerView.pinned(conversation.composer, clock: options.clock, assets: assets))</main>\n")
            sink(html.bytes)
            return
        }
        html.append("<section class=\"cr-chat\" aria-label=\"Conversation\">\n")
        if messages.isEmpty {
            html.append("<p class=\"cr-empty\">No messages yet.</p>\n")
        }
        sink(html.bytes)
        TurnList.render(messages, assets: assets, options: options, into: sink)
        let end: HTML = "</section>\n\(ComposerView.pinned(conversation.composer, clock: options.clock, assets: assets))</main>\n"
        sink(end.bytes)
    }

    /// Works without JavaScript: the theme stylesheet keys off these radios with `:has()`, by their
    /// place (`body > .cr-page-head > .cr-theme-switch > input`; see `ThemeStylesheet`).
    static let themeSwitch: HTML = "<fieldset class=\"cr-theme-switch\"><legend class=\"cr-visually-hidden\">Appearance</legend><input type=\"radio\" name=\"cr-theme\" id=\"cr-theme-auto\" value=\"auto\" checked><label for=\"cr-theme-auto\">Auto</label><input type=\"radio\" name=\"cr-theme\" id=\"cr-theme-light\" value=\"light\"><label for=\"cr-theme-light\">Light</label><input type=\"radio\" name=\"cr-theme\" id=\"cr-theme-dark\" value=\"dark\"><label for=\"cr-theme-dark\">Dark</label></fieldset>"
}
