import ChatModel
import ChatSupport
/// Turns a theme into CSS custom properties.
///
/// The CSS is safe by construction: every value is re-serialised from typed, validated numbers and
/// enumerations (font names only after a strict grammar check), never copied from the theme file.
/// The output is byte-identical for equal themes.
package enum ThemeStylesheet {
    /// The selector for dark mode chosen by the system, unless the reader picked light.
    static let systemDarkSelector = ":root:not([data-theme=\"light\"]):not(:has(\(lightRadio)))"
    /// The selector for dark mode picked by the reader (radio or script).
    static let chosenDarkSelector = ":root[data-theme=\"dark\"], :root:has(\(darkRadio))"
    /// The selector for light mode picked by the reader (radio or script).
    static let chosenLightSelector = ":root[data-theme=\"light\"], :root:has(\(lightRadio))"
    /// The page's switch radios by their fixed place (see `PageBody`). A bare `:has(#id:checked)`
    /// walks every element of the page whenever the root's style is checked, which a long page's
    /// parser makes happen again and again; a path of child combinators only looks that deep.
    static let lightRadio = "> body > .cr-page-head > .cr-theme-switch > #cr-theme-light:checked"
    static let darkRadio = "> body > .cr-page-head > .cr-theme-switch > #cr-theme-dark:checked"

    /// The stylesheet for `theme`: light values on `:root`, and for two-mode themes the dark values under
    /// `prefers-color-scheme: dark` and the page's light/dark switch. Colours outside plain sRGB syntax
    /// (display-p3, lab, lch, oklab, oklch) get an sRGB value first and their exact value inside
    /// `@supports`, because a second custom-property declaration cannot act as a fallback.
    package static func css(for theme: Theme) -> String {
        var out = ""
        let light = theme.light
        guard let dark = theme.dark else {
            let scheme = isDark(light.color.bg) ? "dark" : "light"
            out += block(":root", scheme: scheme, colorDeclarations(light, wide: false) + otherDeclarations(light))
            out += wideGamut(blocks: [(":root", nil, light)])
            return out
        }
        out += block(":root", scheme: "light", colorDeclarations(light, wide: false) + otherDeclarations(light))
        out += "@media (prefers-color-scheme: dark) {\n"
        out += block(systemDarkSelector, scheme: "dark", modeDeclarations(dark, other: light), indent: "  ")
        out += "}\n"
        out += block(chosenDarkSelector, scheme: "dark", modeDeclarations(dark, other: light))
        out += block(chosenLightSelector, scheme: "light", modeDeclarations(light, other: dark))
        out += wideGamut(blocks: [
            (":root", nil, light), (systemDarkSelector, "dark", dark),
            (chosenDarkSelector, nil, dark), (chosenLightSelector, nil, light),
        ])
        return out
    }

    // MARK: Declarations

    package typealias Declaration = (name: String, value: String)

    /// Colours of one mode plus the non-colour values that differ from the other mode.
    static func modeDeclarations(_ tokens: ThemeTokens, other: ThemeTokens) -> [Declaration] {
        let others = otherDeclarations(other)
        let differing = otherDeclarations(tokens).enumerated().filter { others[$0.offset].value != $0.element.value }.map(\.element)
        return colorDeclarations(tokens, wide: false) + differing
    }

    package static func colorDeclarations(_ tokens: ThemeTokens, wide: Bool) -> [Declaration] {
        ThemeTokens.ColorRole.allCases.compactMap { role in
            let color = tokens.color[role]
            if wide {
                return wideColor(color).map { (role.customProperty, $0) }
            }
            return (role.customProperty, srgbColor(color))
        }
    }

    package static func otherDeclarations(_ tokens: ThemeTokens) -> [Declaration] {
        var list: [Declaration] = []
        for role in ThemeTokens.RadiusRole.allCases {
            list.append((role.customProperty, length(tokens.radius[role])))
        }
        for role in ThemeTokens.TypeRole.allCases {
            let style = tokens.type[role]
            let prefix = role.customPropertyPrefix
            list.append(("\(prefix)-family", fontFamily(style.fontFamily)))
            list.append(("\(prefix)-size", ThemeCSSNumber.format(style.fontSize.rem) + "rem"))
            list.append(("\(prefix)-weight", ThemeCSSNumber.format(style.fontWeight)))
            list.append(("\(prefix)-line-height", ThemeCSSNumber.format(style.lineHeight)))
            list.append(("\(prefix)-tracking", length(style.letterSpacing)))
        }
        for role in ThemeTokens.MotionRole.allCases {
            let motion = tokens.motion[role]
            list.append(("\(role.customPropertyPrefix)-duration", ThemeCSSNumber.format(motion.duration.milliseconds) + "ms"))
            list.append(("\(role.customPropertyPrefix)-easing", cubicBezier(motion.timingFunction)))
        }
        return list
    }

    static func block(_ selector: String, scheme: String?, _ declarations: [Declaration], indent: String = "") -> String {
        var out = "\(indent)\(selector) {\n"
        if let scheme { out += "\(indent)  color-scheme: \(scheme);\n" }
        for declaration in declarations {
            out += "\(indent)  \(declaration.name): \(declaration.value);\n"
        }
        return out + "\(indent)}\n"
    }

    /// Exact values for wide-gamut colours, for browsers that understand them. `media` wraps a block in
    /// `prefers-color-scheme` (only the system-dark block needs it).
    static func wideGamut(blocks: [(selector: String, media: String?, tokens: ThemeTokens)]) -> String {
        var body = ""
        var spaces: Set<ThemeColor.Space> = []
        for entry in blocks {
            let declarations = colorDeclarations(entry.tokens, wide: true)
            if declarations.isEmpty { continue }
            for role in ThemeTokens.ColorRole.allCases where !entry.tokens.color[role].space.isSRGBBased {
                spaces.insert(entry.tokens.color[role].space)
            }
            if let media = entry.media {
                body += "  @media (prefers-color-scheme: \(media)) {\n"
                body += block(entry.selector, scheme: nil, declarations, indent: "    ")
                body += "  }\n"
            } else {
                body += block(entry.selector, scheme: nil, declarations, indent: "  ")
            }
        }
        if body.isEmpty { return "" }
        var conditions: [String] = []
        if spaces.contains(.displayP3) { conditions.append("(color: color(display-p3 0 0 0))") }
        if spaces.contains(.lab) || spaces.contains(.lch) { conditions.append("(color: lab(0 0 0))") }
        if spaces.contains(.oklab) || spaces.contains(.oklch) { conditions.append("(color: oklch(0 0 0))") }
        return "@supports \(conditions.joined(separator: " and ")) {\n" + body + "}\n"
    }

    // MARK: Values

    /// `#rrggbb` when opaque, `rgb(r g b / a)` otherwise, from the colour clamped into sRGB.
    static func srgbColor(_ color: ThemeColor) -> String {
        let c = color.srgb.clamped
        let channels = [c.red, c.green, c.blue].map { Int(($0 * 255).rounded()) }
        if color.alpha >= 1 {
            return "#" + channels.map { hexByte($0) }.joined()
        }
        return "rgb(\(channels.map(String.init).joined(separator: " ")) / \(ThemeCSSNumber.format(color.alpha)))"
    }

    /// The colour in its own CSS syntax when plain sRGB syntax cannot express it; nil for sRGB-based spaces.
    static func wideColor(_ color: ThemeColor) -> String? {
        let parts = color.components.map { $0.map { ThemeCSSNumber.format($0) } ?? "none" }.joined(separator: " ")
        let alpha = color.alpha < 1 ? " / \(ThemeCSSNumber.format(color.alpha))" : ""
        switch color.space {
        case .srgb, .srgbLinear, .hsl, .hwb: return nil
        case .displayP3: return "color(display-p3 \(parts)\(alpha))"
        case .lab: return "lab(\(parts)\(alpha))"
        case .lch: return "lch(\(parts)\(alpha))"
        case .oklab: return "oklab(\(parts)\(alpha))"
        case .oklch: return "oklch(\(parts)\(alpha))"
        }
    }

    static func length(_ dimension: ThemeDimension) -> String {
        ThemeCSSNumber.format(dimension.value) + dimension.unit.rawValue
    }

    static func cubicBezier(_ curve: ThemeCubicBezier) -> String {
        "cubic-bezier(\([curve.x1, curve.y1, curve.x2, curve.y2].map { ThemeCSSNumber.format($0) }.joined(separator: ", ")))"
    }

    /// Generic families unquoted, other names quoted; names were checked against a strict grammar on load
    /// and are checked again here so nothing unchecked can reach the stylesheet.
    static func fontFamily(_ family: ThemeFontFamily) -> String {
        family.names.compactMap { name -> String? in
            switch name {
            case .generic(let generic): return generic.rawValue
            case .named(let text):
                guard case .named? = ThemeFontFamily.Name(validating: text) else { return nil }
                return "\"\(text)\""
            }
        }.joined(separator: ", ")
    }

    static func hexByte(_ value: Int) -> String {
        let v = min(max(value, 0), 255)
        return String(decoding: [hexDigits[v / 16], hexDigits[v % 16]], as: UTF8.self)
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)

    /// Whether a background reads as dark: white text on it contrasts more than black text.
    package static func isDark(_ background: ThemeColor) -> Bool {
        let luminance = background.srgb.relativeLuminance
        return (1.05 / (luminance + 0.05)) > ((luminance + 0.05) / 0.05)
    }
}
