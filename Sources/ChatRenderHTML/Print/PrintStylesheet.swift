import ChatModel
import ChatPlan
import ChatTheme
/// The theme's part of the print stylesheet (the rest is `templates/print.css`).
///
/// On paper a page is always in its light mode, whatever the reader's system or the page's switch
/// says: dark pages waste ink, and a browser that leaves out backgrounds (the default) would print
/// light text on white paper. A template stylesheet cannot do this alone, because once the dark
/// values are on `:root` the light ones are gone; so the light values are written again under
/// `@media print`, marked `!important`, which outranks the dark blocks whatever their selectors.
///
/// A one-mode theme prints in its only mode. When that mode is dark, the page asks for its colours
/// to be printed exactly (`print-color-adjust: exact`), so the text stays on its background, and
/// names that background as the paper's (`--cr-print-page`, which `templates/print.css` paints;
/// otherwise the paper itself is the page's background).
/// The output is made from the same validated values as ``ThemeStylesheet/css(for:)`` and is
/// byte-identical for equal themes.
package enum PrintStylesheet {
    /// CSS to append to the theme stylesheet; empty for a one-mode light theme, which needs nothing.
    package static func themeCSS(for theme: Theme) -> String {
        let light = theme.light
        guard theme.dark != nil else {
            guard ThemeStylesheet.isDark(light.color.bg) else { return "" }
            return
                "@media print {\n  :root {\n    print-color-adjust: exact;\n    -webkit-print-color-adjust: exact;\n    --cr-print-page: var(--color-bg);\n  }\n}\n"
        }
        var out = "@media print {\n"
        let declarations = ThemeStylesheet.colorDeclarations(light, wide: false) + ThemeStylesheet.otherDeclarations(light)
        out += important(":root", scheme: "light", declarations, indent: "  ")
        let wide = ThemeStylesheet.colorDeclarations(light, wide: true)
        if !wide.isEmpty {
            // The exact values of wide-gamut colours, where understood, as on screen.
            out += "  @supports \(supportsCondition(light)) {\n"
            out += important(":root", scheme: nil, wide, indent: "    ")
            out += "  }\n"
        }
        return out + "}\n"
    }

    static func important(_ selector: String, scheme: String?, _ declarations: [ThemeStylesheet.Declaration], indent: String) -> String {
        var out = "\(indent)\(selector) {\n"
        if let scheme { out += "\(indent)  color-scheme: \(scheme) !important;\n" }
        for declaration in declarations {
            out += "\(indent)  \(declaration.name): \(declaration.value) !important;\n"
        }
        return out + "\(indent)}\n"
    }

    /// The same `@supports` test the screen stylesheet uses for these colour spaces.
    static func supportsCondition(_ tokens: ThemeTokens) -> String {
        var spaces: Set<ThemeColor.Space> = []
        for role in ThemeTokens.ColorRole.allCases where !tokens.color[role].space.isSRGBBased {
            spaces.insert(tokens.color[role].space)
        }
        var conditions: [String] = []
        if spaces.contains(.displayP3) { conditions.append("(color: color(display-p3 0 0 0))") }
        if spaces.contains(.lab) || spaces.contains(.lch) { conditions.append("(color: lab(0 0 0))") }
        if spaces.contains(.oklab) || spaces.contains(.oklch) { conditions.append("(color: oklch(0 0 0))") }
        return conditions.joined(separator: " and ")
    }
}
