import ChatModel
import ChatLoad
/// WCAG 2.x contrast checks for the colour pairs the blocks put on the page.
///
/// Colours in any space are converted to sRGB and clamped into its gamut; translucent colours are
/// composited over their background (and `color.bg` over the browser canvas: white in light mode,
/// black in dark mode) before the relative luminance is taken.
package enum ThemeContrast {
    /// A pair the blocks use, the WCAG ratio it needs, and what it is for.
    package struct Pair {
        var foreground: ThemeTokens.ColorRole
        var background: ThemeTokens.ColorRole
        var usage: String
        var required: Double
    }

    /// The pairs, in report order. `fill` on `bg` (the Open capsule) is decorative and not checked.
    static let pairs: [Pair] = [
        Pair(foreground: .textPrimary, background: .bg, usage: "body text", required: 4.5),
        Pair(foreground: .textPrimary, background: .fill, usage: "user bubble text", required: 4.5),
        Pair(foreground: .textPrimary, background: .surface, usage: "chip and card names", required: 4.5),
        Pair(foreground: .textSecondary, background: .surface, usage: "file icons", required: 3.0),
        Pair(foreground: .textTertiary, background: .surface, usage: "sizes and footnotes", required: 4.5),
        Pair(foreground: .textSecondary, background: .bg, usage: "dates and captions", required: 4.5),
        Pair(foreground: .accentOn, background: .accent, usage: "button text", required: 4.5),
        Pair(foreground: .statusOn, background: .danger, usage: "Retry label", required: 4.5),
        Pair(foreground: .danger, background: .surface, usage: "failed upload text", required: 4.5),
        Pair(foreground: .danger, background: .bg, usage: "failure reason", required: 4.5),
        Pair(foreground: .textPrimary, background: .surfaceElevated, usage: "progress ring", required: 3.0),
    ]

    /// Every check for every mode of `theme`, light first.
    package static func checks(for theme: Theme) -> [ContrastCheck] {
        var modes: [(String, ThemeTokens)] = []
        if let dark = theme.dark {
            modes = [("light", theme.light), ("dark", dark)]
        } else {
            modes = [(ThemeStylesheet.isDark(theme.light.color.bg) ? "dark" : "light", theme.light)]
        }
        var results: [ContrastCheck] = []
        for (mode, tokens) in modes {
            let canvas = mode == "dark" ? ThemeSRGBColor(red: 0, green: 0, blue: 0, alpha: 1)
                                        : ThemeSRGBColor(red: 1, green: 1, blue: 1, alpha: 1)
            let page = tokens.color.bg.srgb.composited(over: canvas)
            for pair in pairs {
                let background = pair.background == .bg ? page : tokens.color[pair.background].srgb.composited(over: page)
                let foreground = tokens.color[pair.foreground].srgb.composited(over: background)
                let value = ratio(foreground, background)
                results.append(ContrastCheck(mode: mode, foreground: pair.foreground.tokenPath,
                                             background: pair.background.tokenPath, usage: pair.usage,
                                             ratio: value, required: pair.required, passes: value >= pair.required))
            }
        }
        return results
    }

    /// The WCAG 2.x contrast ratio of two opaque colours, from 1 to 21.
    package static func ratio(_ a: ThemeSRGBColor, _ b: ThemeSRGBColor) -> Double {
        let la = a.relativeLuminance, lb = b.relativeLuminance
        return (max(la, lb) + 0.05) / (min(la, lb) + 0.05)
    }

    /// A table of every check per mode with PASS or FAIL, and a summary line, for `chatrender theme check`.
    /// `passed` is true when every check passes.
    package static func report(for theme: Theme, displayPath: String) -> (text: String, passed: Bool) {
        let results = checks(for: theme)
        let header = ["Use", "Foreground", "Background", "Ratio", "Needs", "Result"]
        var text = "Contrast of theme \(ThemeDiagnostics.quoted(theme.name, limit: 100)) (\(displayPath)), WCAG 2.x\n"
        var modes: [String] = []
        for result in results where !modes.contains(result.mode) { modes.append(result.mode) }
        for mode in modes {
            let rows = results.filter { $0.mode == mode }.map { check in
                [check.usage, check.foreground, check.background, ratioText(check),
                 fixed(check.required, decimals: 1), check.passes ? "PASS" : "FAIL"]
            }
            let all = [header] + rows
            let widths = header.indices.map { column in all.map { $0[column].count }.max() ?? 0 }
            text += "\n\(mode) mode\n"
            for row in all {
                var line = "  "
                for (column, cell) in row.enumerated() {
                    let pad = String(repeating: " ", count: widths[column] - cell.count)
                    // Numbers line up on the right, words on the left.
                    line += (column == 3 || column == 4) ? pad + cell : cell + pad
                    if column < row.count - 1 { line += "  " }
                }
                while line.hasSuffix(" ") { line.removeLast() }
                text += line + "\n"
            }
        }
        let failed = results.filter { !$0.passes }.count
        text += "\n"
        text += failed == 0 ? "All \(results.count) contrast checks pass.\n"
                            : "\(failed) of \(results.count) contrast checks fail.\n"
        return (text, failed == 0)
    }

    /// The ratio to two decimals, rounded half up, except that a failing ratio is never shown as reaching
    /// the requirement (4.496 against 4.5 shows as 4.49, not 4.50).
    package static func ratioText(_ check: ContrastCheck) -> String {
        var hundredths = (check.ratio * 100).rounded(.toNearestOrAwayFromZero)
        if !check.passes && hundredths >= check.required * 100 {
            hundredths = (check.ratio * 100).rounded(.down)
        }
        return fixed(hundredths / 100, decimals: 2)
    }

    /// A non-negative number with exactly `decimals` decimals, without locale: `3.0`, `21.00`.
    package static func fixed(_ value: Double, decimals: Int) -> String {
        var scale = 1
        for _ in 0..<decimals { scale *= 10 }
        let scaled = Int((max(value, 0) * Double(scale)).rounded(.toNearestOrAwayFromZero))
        let fraction = String(scaled % scale)
        return "\(scaled / scale)." + String(repeating: "0", count: decimals - fraction.count) + fraction
    }
}
