import ChatModel
import ChatSupport
/// A loaded, validated theme: the typed values of every token the blocks use, for one or two modes.
///
/// Made by ``ThemeLoader`` from a DTCG 2025.10 token file (one mode) or a resolver document (light
/// and dark); turned into CSS by ``ThemeStylesheet`` and checked by ``ThemeContrast``.
public struct Theme: Sendable, Equatable {
    /// The theme's name: the resolver's `name`, or the file name without `.tokens.json` / `.resolver.json`.
    public var name: String
    /// The light mode, or the only mode when the theme has just one.
    package var light: ThemeTokens
    /// The dark mode; nil for a single `.tokens.json` file.
    package var dark: ThemeTokens?
    /// Whether the theme has a dark mode, so the page can offer a light/dark switch.
    public var hasDarkMode: Bool { dark != nil }
    /// The page's `color-scheme` (for `<meta name="color-scheme">`): `light dark` for a two-mode theme;
    /// for a one-mode theme `light` or `dark`, judged from its background, matching the stylesheet.
    public var colorScheme: String {
        hasDarkMode ? "light dark" : (ThemeStylesheet.isDark(light.color.bg) ? "dark" : "light")
    }

    /// Makes a theme from already validated tokens.
    package init(name: String, light: ThemeTokens, dark: ThemeTokens? = nil) {
        self.name = name
        self.light = light
        self.dark = dark
    }
}
