import ChatModel
import ChatSupport
/// A token the blocks need, and the kind of value it must have.
package struct RequiredToken: Equatable {
    var path: String
    var expected: String
}

package extension TokenResolver {
    /// Every token a theme must define, in a fixed order. Optional colours (``ThemeTokens/ColorRole/fallback``)
    /// are not listed: a theme written before they existed still loads.
    static let requiredTokens: [RequiredToken] =
        ThemeTokens.ColorRole.allCases.filter(\.isRequired).map { RequiredToken(path: $0.tokenPath, expected: "a color") }
        + ThemeTokens.RadiusRole.allCases.map { RequiredToken(path: $0.tokenPath, expected: "a dimension") }
        + ThemeTokens.TypeRole.allCases.map { RequiredToken(path: $0.tokenPath, expected: "a typography") }
        + ThemeTokens.MotionRole.allCases.map { RequiredToken(path: $0.tokenPath, expected: "a transition or a duration") }

    /// Reads the tokens the blocks need. Problems with tokens that exist are reported; tokens that do not
    /// exist are returned in `missing` so the caller can report them once across modes.
    mutating func themeTokens(_ diagnostics: inout ThemeDiagnostics) -> (tokens: ThemeTokens?, missing: [RequiredToken]) {
        var missing: [RequiredToken] = []
        var ok = true

        func lookup(
            _ path: String, _ expected: String,
            _ diagnostics: inout ThemeDiagnostics
        ) -> (TokenValue, RawToken)? {
            guard let token = tree.tokens[path] else {
                missing.append(RequiredToken(path: path, expected: expected))
                ok = false
                return nil
            }
            guard let value = value(of: path, &diagnostics) else {
                ok = false
                return nil
            }
            return (value, token)
        }

        func wrongType(_ token: RawToken, _ value: TokenValue, _ expected: String, _ diagnostics: inout ThemeDiagnostics) {
            diagnostics.error(
                token.file, at: token.value, path: token.path,
                "the blocks need \(expected) here; this token is \(Self.describe(value))")
            ok = false
        }

        var colors: [ThemeTokens.ColorRole: ThemeColor] = [:]
        for role in ThemeTokens.ColorRole.allCases {
            // An optional colour the theme leaves out takes its fallback below; one it defines is
            // checked like any other.
            if !role.isRequired && tree.tokens[role.tokenPath] == nil { continue }
            guard let (value, token) = lookup(role.tokenPath, "a color", &diagnostics) else { continue }
            guard case .color(let color) = value else { wrongType(token, value, "a color", &diagnostics); continue }
            colors[role] = color
        }

        var radii: [ThemeTokens.RadiusRole: ThemeDimension] = [:]
        for role in ThemeTokens.RadiusRole.allCases {
            guard let (value, token) = lookup(role.tokenPath, "a dimension", &diagnostics) else { continue }
            guard case .dimension(let dimension) = value else { wrongType(token, value, "a dimension", &diagnostics); continue }
            guard dimension.value >= 0 else {
                diagnostics.error(token.file, at: token.value, path: token.path, "a radius cannot be negative")
                ok = false
                continue
            }
            radii[role] = dimension
        }

        var styles: [ThemeTokens.TypeRole: ThemeTypography] = [:]
        for role in ThemeTokens.TypeRole.allCases {
            guard let (value, token) = lookup(role.tokenPath, "a typography", &diagnostics) else { continue }
            guard case .typography(let style) = value else { wrongType(token, value, "a typography", &diagnostics); continue }
            styles[role] = style
        }

        var motions: [ThemeTokens.MotionRole: ThemeTransition] = [:]
        for role in ThemeTokens.MotionRole.allCases {
            guard let (value, token) = lookup(role.tokenPath, "a transition or a duration", &diagnostics) else { continue }
            switch value {
            case .transition(let transition): motions[role] = transition
            case .duration(let duration): motions[role] = ThemeTransition(duration: duration)
            default: wrongType(token, value, "a transition or a duration", &diagnostics)
            }
        }

        guard ok else { return (nil, missing) }
        let black = ThemeColor(red: 0, green: 0, blue: 0)
        let zero = ThemeDimension(0, .px)
        for role in ThemeTokens.ColorRole.allCases where colors[role] == nil {
            if let fallback = role.fallback { colors[role] = fallback.color { colors[$0] ?? black } }
        }
        let tokens = ThemeTokens(
            color: .init { colors[$0] ?? black },
            radius: .init { radii[$0] ?? zero },
            type: .init {
                styles[$0]
                    ?? ThemeTypography(
                        fontFamily: .init([.generic(.systemUI)]), fontSize: ThemeDimension(1, .rem),
                        fontWeight: 400, lineHeight: 1.2, letterSpacing: zero)
            },
            motion: .init { motions[$0] ?? ThemeTransition(duration: .init(milliseconds: 0)) }
        )
        return (tokens, missing)
    }

    static func describe(_ value: TokenValue) -> String {
        switch value {
        case .color: return "a color"
        case .dimension: return "a dimension"
        case .duration: return "a duration"
        case .cubicBezier: return "a cubicBezier"
        case .fontFamily: return "a fontFamily"
        case .fontWeight: return "a fontWeight"
        case .number: return "a number"
        case .typography: return "a typography"
        case .transition: return "a transition"
        case .unchecked(let type): return "a \(type.rawValue)"
        }
    }
}
