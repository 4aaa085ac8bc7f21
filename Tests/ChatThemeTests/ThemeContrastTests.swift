import Testing
@testable import ChatModel
@testable import ChatTheme
import TestSupport

@Suite("Theme contrast")
struct ThemeContrastTests {
    typealias T = ThemeTestSupport

    static func ratio(_ a: String, _ b: String) throws -> Double {
        let first = try #require(TokenValueParser.hexColor(a)), second = try #require(TokenValueParser.hexColor(b))
        return ThemeContrast.ratio(first.srgb, second.srgb)
    }

    static func text(_ ratio: Double, required: Double = 4.5) -> String {
        ThemeContrast.ratioText(
            ContrastCheck(
                mode: "light", foreground: "", background: "", usage: "",
                ratio: ratio, required: required, passes: ratio >= required))
    }

    @Test func knownPairsHaveTheirWCAGRatios() throws {
        #expect(Self.text(try Self.ratio("#777777", "#ffffff")) == "4.48")
        #expect(Self.text(try Self.ratio("#000000", "#ffffff")) == "21.00")
        #expect(Self.text(try Self.ratio("#ffffff", "#ffffff")) == "1.00")
        #expect(Self.text(try Self.ratio("#767676", "#ffffff")) == "4.54")
    }

    @Test func aFailingRatioIsNeverShownAsReachingTheRequirement() {
        #expect(Self.text(4.497) == "4.49")
        #expect(Self.text(4.5) == "4.50")
        #expect(Self.text(2.996, required: 3) == "2.99")
    }

    @Test func translucentColoursAreCompositedOverTheirBackground() throws {
        // 128/255 black over white is #7f7f7f (blended in gamma-encoded sRGB, as browsers do).
        let theme = try T.load(T.tokens(["color.textSecondary": "\"#00000080\""]))
        let check = try #require(ThemeContrast.checks(for: theme).first { $0.foreground == "color.textSecondary" && $0.background == "color.bg" })
        #expect(abs(check.ratio - (try Self.ratio("#7f7f7f", "#ffffff"))) < 0.001)
    }

    @Test func theChecksCoverThePairsTheBlocksUse() throws {
        let checks = ThemeContrast.checks(for: try T.load(T.tokens()))
        #expect(
            checks.map { "\($0.foreground) on \($0.backgroundDescription) \($0.required)" } == [
                "color.textPrimary on color.bg 4.5", "color.textPrimary on color.fill 4.5",
                "color.textPrimary on color.surface 4.5", "color.textSecondary on color.surface 4.5",
                "color.textTertiary on color.surface 4.5", "color.textSecondary on color.bg 4.5",
                "color.textSecondary on color.fill 4.5", "color.textTertiary on color.fill 3.0",
                "color.accentOn on color.accent 4.5", "color.statusOn on color.danger 4.5",
                "color.danger on color.surface 4.5", "color.danger on color.bg 4.5",
                "color.warning on color.bg 4.5", "color.accent on color.bg 4.5",
                "color.textPrimary on color.surfaceElevated 4.5", "color.textSecondary on color.surfaceElevated 4.5",
                "color.link on color.bg 4.5", "color.link on color.fill 4.5",
                "color.syntaxKeyword on color.fill 4.5", "color.syntaxString on color.fill 4.5",
                "color.syntaxComment on color.fill 4.5", "color.syntaxNumber on color.fill 4.5",
                "color.syntaxFunction on color.fill 4.5", "color.syntaxType on color.fill 4.5",
                "color.syntaxConstant on color.fill 4.5", "color.syntaxTag on color.fill 4.5",
                "color.syntaxAttribute on color.fill 4.5", "color.syntaxMeta on color.fill 4.5",
                "color.diffAdded on color.diffAddedBg over color.surface 4.5",
                "color.diffRemoved on color.diffRemovedBg over color.surface 4.5",
                "color.textPrimary on color.diffAddedBg over color.surface 4.5",
                "color.textPrimary on color.diffRemovedBg over color.surface 4.5",
            ])
        #expect(Set(checks.map(\.mode)) == ["light"])
    }

    @Test func eachPairIsListedOnce() {
        var seen = Set<String>()
        for pair in ThemeContrast.pairs {
            let key = "\(pair.foreground) \(pair.background) \(String(describing: pair.backdrop))"
            #expect(seen.insert(key).inserted, "\(key) is listed twice; give it one entry with every use")
        }
    }

    @Test func everyColourRoleIsCheckedOrSaidToBeDecorative() {
        // Every colour a theme gives is drawn somewhere: a role in no pair is one the checks forgot.
        let checked = Set(ThemeContrast.pairs.flatMap { [$0.foreground, $0.background] + ($0.backdrop.map { [$0] } ?? []) })
        let unchecked = ThemeTokens.ColorRole.allCases.filter { !checked.contains($0) }
        #expect(unchecked == [.separator], "hairlines only; anything else needs a pair")
    }

    @Test func aTranslucentBackgroundIsCompositedOverItsBackdrop() throws {
        let theme = try T.load(T.tokens(["color.diffAddedBg": "\"#00000080\""]))
        let check = try #require(ThemeContrast.checks(for: theme).first { $0.foreground == "color.textPrimary" && $0.background == "color.diffAddedBg" })
        #expect(check.backdrop == "color.surface")
        // #00000080 over the surface #f2f2f7 is #79797b (over the white page it would be #7f7f7f).
        #expect(abs(check.ratio - (try Self.ratio("#1c1c1e", "#79797b"))) < 0.05)
        #expect(abs(check.ratio - (try Self.ratio("#1c1c1e", "#7f7f7f"))) > 0.2)
    }

    @Test func aFailingCheckBecomesADiagnosticNamingFileModeTokensAndRatios() throws {
        let theme = try T.load(T.tokens(["color.textTertiary": "\"#999999\"", "color.link": "\"#0060c8\""]), name: "grey.tokens.json")
        let diagnostics = ThemeContrast.diagnostics(for: theme, displayPath: "themes/grey.tokens.json")
        #expect(
            diagnostics.map(\.description) == [
                "themes/grey.tokens.json: warning: light mode: color.textTertiary on color.surface is 2.55:1, needs 4.5:1 "
                    + "(sizes and footnotes, composer placeholder)",
                "themes/grey.tokens.json: warning: light mode: color.textTertiary on color.fill is 2.35:1, needs 3.0:1 (Send while off)",
            ])
    }

    @Test func anOmittedTokenIsCheckedAtItsFallback() throws {
        // The accent #0066d6 reads on the page (5.42) but not on the code background (4.47): a theme
        // without `color.link` draws links around inline code in the accent, and is told so.
        let failing = ThemeContrast.checks(for: try T.load(T.tokens())).filter { !$0.passes }
        #expect(
            failing.map { "\($0.foreground) on \($0.background) \(ThemeContrast.ratioText($0))" }
                == ["color.link on color.fill 4.47"])
        let fixed = ThemeContrast.checks(for: try T.load(T.tokens(["color.link": "\"#0060c8\""])))
        #expect(fixed.allSatisfy { $0.passes })
    }

    @Test func theReportIsAnAlignedTableWithASummary() throws {
        let theme = try T.load(T.tokens(["color.textTertiary": "\"#999999\""]), name: "grey.tokens.json")
        let (text, passed) = ThemeContrast.report(for: theme, displayPath: "grey.tokens.json")
        #expect(!passed)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines[0] == "Contrast of theme \"grey\" (grey.tokens.json), WCAG 2.x")
        #expect(lines[2] == "light mode")
        #expect(
            lines[3]
                == "  Use                                                   Foreground             Background                              Ratio  Needs  Result"
        )
        #expect(
            lines[4]
                == "  body text, headings and math                          color.textPrimary      color.bg                                17.01    4.5  PASS")
        #expect(
            lines[8]
                == "  sizes and footnotes, composer placeholder             color.textTertiary     color.surface                            2.55    4.5  FAIL")
        #expect(lines.contains { $0.hasPrefix("  diff: added lines  ") && $0.contains(" color.diffAddedBg over color.surface ") })
        #expect(lines.suffix(2) == ["3 of 32 contrast checks fail.", ""])
    }
}
