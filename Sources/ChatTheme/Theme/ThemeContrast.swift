import ChatModel
import ChatSupport
/// WCAG 2.x contrast checks for the colour pairs the blocks put on the page.
///
/// Colours in any space are converted to sRGB and clamped into its gamut; translucent colours are
/// composited over their background (and `color.bg` over the browser canvas: white in light mode,
/// black in dark mode) before the relative luminance is taken.
package enum ThemeContrast {
    /// A pair the page draws, the WCAG ratio it needs, and what it is for.
    package struct Pair: Sendable, Equatable {
        /// The text (or icon) colour.
        package var foreground: ThemeTokens.ColorRole
        /// The colour right behind it.
        package var background: ThemeTokens.ColorRole
        /// What `background` is itself drawn on, when that is not `bg`; it matters when
        /// `background` is translucent (the diff backgrounds' fallbacks are).
        package var backdrop: ThemeTokens.ColorRole?
        /// Where the page draws the pair, in the reader's words.
        package var usage: String
        /// 4.5 for text, 3 for icons and large or non-text marks.
        package var required: Double

        init(
            _ foreground: ThemeTokens.ColorRole, on background: ThemeTokens.ColorRole,
            over backdrop: ThemeTokens.ColorRole? = nil, _ usage: String, needs required: Double = 4.5
        ) {
            self.foreground = foreground
            self.background = background
            self.backdrop = backdrop
            self.usage = usage
            self.required = required
        }
    }

    /// Every colour pair the page, the composers and the preview gallery draw, in report order: the
    /// one list `theme check`, `preview` and `render` all check. Each foreground/background pair is
    /// listed once, with every use and the strictest requirement among them. Not checked: `fill` on
    /// `bg` (the Open capsule; decorative), `separator` (hairlines and borders; decorative), the
    /// photo viewer (its own black and white) and `surface` on `textPrimary` (a tooltip; the same
    /// ratio as `textPrimary` on `surface`, which is checked).
    package static let pairs: [Pair] = [
        Pair(.textPrimary, on: .bg, "body text, headings and math"),
        Pair(.textPrimary, on: .fill, "user bubble text, inline code, code blocks, capsules"),
        Pair(.textPrimary, on: .surface, "chip and card names, composer text"),
        Pair(.textSecondary, on: .surface, "file icons, composer counter and chip symbols"),
        Pair(.textTertiary, on: .surface, "sizes and footnotes, composer placeholder"),
        Pair(.textSecondary, on: .bg, "dates and captions, quotes, struck-out text"),
        Pair(.textSecondary, on: .fill, "code block language, tray chip details"),
        Pair(.textTertiary, on: .fill, "Send while off", needs: 3.0),
        Pair(.accentOn, on: .accent, "button text"),
        Pair(.statusOn, on: .danger, "Retry label"),
        Pair(.danger, on: .surface, "failed upload text, counter past the limit"),
        Pair(.danger, on: .bg, "failure reason, composer error"),
        Pair(.warning, on: .bg, "usage line near the limit"),
        Pair(.accent, on: .bg, "Upgrade, focus rings"),
        Pair(.textPrimary, on: .surfaceElevated, "menu items, photo badges, progress ring"),
        Pair(.textSecondary, on: .surfaceElevated, "model details"),
        Pair(.link, on: .bg, "links and citation markers in replies"),
        Pair(.link, on: .fill, "links around inline code"),
        Pair(.syntaxKeyword, on: .fill, "code: keywords"),
        Pair(.syntaxString, on: .fill, "code: strings"),
        Pair(.syntaxComment, on: .fill, "code: comments"),
        Pair(.syntaxNumber, on: .fill, "code: numbers"),
        Pair(.syntaxFunction, on: .fill, "code: functions"),
        Pair(.syntaxType, on: .fill, "code: types"),
        Pair(.syntaxConstant, on: .fill, "code: constants"),
        Pair(.syntaxTag, on: .fill, "code: tags"),
        Pair(.syntaxAttribute, on: .fill, "code: attributes"),
        Pair(.syntaxMeta, on: .fill, "code: meta"),
        Pair(.diffAdded, on: .diffAddedBg, over: .surface, "diff: added lines"),
        Pair(.diffRemoved, on: .diffRemovedBg, over: .surface, "diff: removed lines"),
        Pair(.textPrimary, on: .diffAddedBg, over: .surface, "diff: code on added lines"),
        Pair(.textPrimary, on: .diffRemovedBg, over: .surface, "diff: code on removed lines"),
    ]

    /// Every check for every mode of `theme`, light first.
    package static func checks(for theme: Theme) -> [ContrastCheck] {
        var results: [ContrastCheck] = []
        for (mode, tokens) in ThemeStylesheet.modes(of: theme) {
            let canvas =
                mode == "dark"
                ? ThemeSRGBColor(red: 0, green: 0, blue: 0, alpha: 1)
                : ThemeSRGBColor(red: 1, green: 1, blue: 1, alpha: 1)
            let page = tokens.color.bg.srgb.composited(over: canvas)
            func layer(_ role: ThemeTokens.ColorRole, over below: ThemeSRGBColor) -> ThemeSRGBColor {
                role == .bg ? page : tokens.color[role].srgb.composited(over: below)
            }
            for pair in pairs {
                let under = pair.backdrop.map { layer($0, over: page) } ?? page
                let background = layer(pair.background, over: under)
                let foreground = tokens.color[pair.foreground].srgb.composited(over: background)
                let value = ratio(foreground, background)
                results.append(
                    ContrastCheck(
                        mode: mode, foreground: pair.foreground.tokenPath,
                        background: pair.background.tokenPath,
                        backdrop: pair.backdrop?.tokenPath, usage: pair.usage,
                        ratio: value, required: pair.required, passes: value >= pair.required))
            }
        }
        return results
    }

    /// One diagnostic per failing check, naming the theme file, the mode, the tokens, the ratio and
    /// the ratio needed: warnings for `render` (errors under `--strict`) and `preview`.
    package static func diagnostics(
        for theme: Theme, displayPath: String,
        severity: Diagnostic.Severity = .warning
    ) -> [Diagnostic] {
        checks(for: theme).filter { !$0.passes }.map { check in
            Diagnostic(severity, file: displayPath, message: message(check))
        }
    }

    /// `dark mode: color.link on color.bg is 4.18:1, needs 4.5:1 (links and citation markers in replies)`
    package static func message(_ check: ContrastCheck) -> String {
        "\(check.mode) mode: \(check.foreground) on \(check.backgroundDescription) is \(ratioText(check)):1, needs "
            + "\(fixed(check.required, decimals: 1)):1 (\(check.usage))"
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
                [
                    check.usage, check.foreground, check.backgroundDescription, ratioText(check),
                    fixed(check.required, decimals: 1), check.passes ? "PASS" : "FAIL",
                ]
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
        text +=
            failed == 0
            ? "All \(results.count) contrast checks pass.\n"
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
