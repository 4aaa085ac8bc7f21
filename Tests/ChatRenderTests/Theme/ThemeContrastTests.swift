import Testing
@testable import ChatModel
@testable import ChatLoad
@testable import ChatTheme
@testable import ChatPlan
@testable import ChatRenderHTML
@testable import ChatOutput
@testable import ChatAssets
@testable import ChatBrowser
@testable import ChatRender

@Suite("Theme contrast")
struct ThemeContrastTests {
    typealias T = ThemeTestSupport

    static func ratio(_ a: String, _ b: String) throws -> Double {
        let first = try #require(TokenValueParser.hexColor(a)), second = try #require(TokenValueParser.hexColor(b))
        return ThemeContrast.ratio(first.srgb, second.srgb)
    }

    static func text(_ ratio: Double, required: Double = 4.5) -> String {
        ThemeContrast.ratioText(ContrastCheck(mode: "light", foreground: "", background: "", usage: "",
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
        #expect(checks.map { "\($0.foreground) on \($0.background) \($0.required)" } == [
            "color.textPrimary on color.bg 4.5", "color.textPrimary on color.fill 4.5",
            "color.textPrimary on color.surface 4.5", "color.textSecondary on color.surface 3.0",
            "color.textTertiary on color.surface 4.5", "color.textSecondary on color.bg 4.5",
            "color.accentOn on color.accent 4.5", "color.statusOn on color.danger 4.5",
            "color.danger on color.surface 4.5", "color.danger on color.bg 4.5",
            "color.textPrimary on color.surfaceElevated 3.0",
        ])
        #expect(Set(checks.map(\.mode)) == ["light"])
    }

    @Test func theReportIsAnAlignedTableWithASummary() throws {
        let theme = try T.load(T.tokens(["color.textTertiary": "\"#999999\""]), name: "grey.tokens.json")
        let (text, passed) = ThemeContrast.report(for: theme, displayPath: "grey.tokens.json")
        #expect(!passed)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines[0] == "Contrast of theme \"grey\" (grey.tokens.json), WCAG 2.x")
        #expect(lines[2] == "light mode")
        #expect(lines[3] == "  Use                  Foreground           Background             Ratio  Needs  Result")
        #expect(lines[4] == "  body text            color.textPrimary    color.bg               17.01    4.5  PASS")
        #expect(lines[8] == "  sizes and footnotes  color.textTertiary   color.surface           2.55    4.5  FAIL")
        #expect(lines.suffix(2) == ["1 of 11 contrast checks fail.", ""])
    }
}
