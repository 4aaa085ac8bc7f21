import ChatModel
import ChatSupport
extension ThemeStylesheet {
    /// One mode of a theme as a block of custom properties on `selector`, so several themes and
    /// both modes can sit side by side on one page (the `chatrender preview` gallery). Built from
    /// the same validated values as ``css(for:)``; `selector` is made by chatrender, never by input.
    package static func scopedCSS(_ tokens: ThemeTokens, selector: String, scheme: String) -> String {
        var out = block(selector, scheme: scheme, colorDeclarations(tokens, wide: false) + otherDeclarations(tokens))
        out += wideGamut(blocks: [(selector, nil, tokens)])
        return out
    }

    /// The modes of `theme` in gallery order, with the scheme each one is: light then dark, or the
    /// one mode of a single-file theme named by how dark its background is.
    package static func modes(of theme: Theme) -> [(scheme: String, tokens: ThemeTokens)] {
        if let dark = theme.dark { return [("light", theme.light), ("dark", dark)] }
        return [(isDark(theme.light.color.bg) ? "dark" : "light", theme.light)]
    }
}
