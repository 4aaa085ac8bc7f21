import Testing
@testable import ChatModel
@testable import ChatTheme
import TestSupport

@Suite("Theme colours")
struct ThemeColorTests {
    typealias T = ThemeTestSupport

    @Test(arguments: [
        ("\"#0AF\"", "#00aaff"),
        ("\"#0af8\"", "rgb(0 170 255 / 0.5333)"),
        ("\"#1C1C1E\"", "#1c1c1e"),
        ("\"#1c1c1e80\"", "rgb(28 28 30 / 0.502)"),
        (##"{"colorSpace": "srgb", "components": [0, 0.4, 0.8392], "hex": "#0066d6"}"##, "#0066d6"),
        (#"{"colorSpace": "srgb", "components": [1, 0, 0], "alpha": 0.35}"#, "rgb(255 0 0 / 0.35)"),
        (#"{"colorSpace": "srgb-linear", "components": [0.2158, 0.2158, 0.2158]}"#, "#808080"),
        (#"{"colorSpace": "hsl", "components": [210, 100, 40]}"#, "#0066cc"),
        (#"{"colorSpace": "hwb", "components": [120, 20, 20]}"#, "#33cc33"),
        (#"{"colorSpace": "srgb", "components": [1, "none", 0]}"#, "#ff0000"),
    ])
    func srgbFormsBecomeHexOrRGB(json: String, css: String) throws {
        let color = try T.color(json)
        #expect(ThemeStylesheet.srgbColor(color) == css)
        #expect(ThemeStylesheet.wideColor(color) == nil)
    }

    @Test func oklchRedConvertsToSRGBRed() throws {
        let color = try T.color(#"{"colorSpace": "oklch", "components": [0.6279, 0.2577, 29.23]}"#, role: .danger)
        let srgb = color.srgb
        #expect(abs(srgb.red - 1) < 0.002 && abs(srgb.green) < 0.002 && abs(srgb.blue) < 0.002)
        #expect(ThemeStylesheet.srgbColor(color) == "#ff0000")
        #expect(ThemeStylesheet.wideColor(color) == "oklch(0.6279 0.2577 29.23)")
        // Contrast uses the converted colour: pure red on white is 4.00.
        let red = ThemeContrast.checks(for: try T.load(T.tokens(["color.danger": #"{"colorSpace": "oklch", "components": [0.6279, 0.2577, 29.23]}"#])))
            .first { $0.foreground == "color.danger" && $0.background == "color.bg" }
        #expect(ThemeContrast.ratioText(try #require(red)) == "4.00")
    }

    @Test(arguments: [
        (#"{"colorSpace": "lab", "components": [54.2905, 80.8049, 69.891]}"#, "#ff0000"),
        (#"{"colorSpace": "lch", "components": [54.2905, 106.8372, 40.8526]}"#, "#ff0000"),
        (#"{"colorSpace": "oklab", "components": [0.6279, 0.2249, 0.1258]}"#, "#ff0000"),
        (#"{"colorSpace": "display-p3", "components": [0.9175, 0.2003, 0.1386]}"#, "#ff0000"),
    ])
    func otherSpacesConvertForFallbackAndContrast(json: String, fallback: String) throws {
        let color = try T.color(json)
        #expect(ThemeStylesheet.srgbColor(color) == fallback)
    }

    @Test func wideGamutColoursGetAnSRGBValueAndAnExactValueUnderSupports() throws {
        let theme = try T.load(T.tokens(["color.accent": #"{"colorSpace": "display-p3", "components": [0, 0.5, 1], "alpha": 0.9}"#]))
        let css = ThemeStylesheet.css(for: theme)
        // Out of sRGB gamut: the fallback is clamped.
        #expect(css.contains("  --color-accent: rgb(0 130 255 / 0.9);\n"))
        // The link and the added-lines background fall back to the accent, so they are wide too.
        #expect(css.contains("  --color-diff-added-bg: rgb(0 130 255 / 0.126);\n"))
        #expect(
            css.hasSuffix(
                """
                @supports (color: color(display-p3 0 0 0)) {
                  :root {
                    --color-accent: color(display-p3 0 0.5 1 / 0.9);
                    --color-link: color(display-p3 0 0.5 1 / 0.9);
                    --color-diff-added-bg: color(display-p3 0 0.5 1 / 0.126);
                  }
                }

                """))
    }

    @Test func outOfGamutColoursAreClampedForContrast() throws {
        let color = try T.color(#"{"colorSpace": "display-p3", "components": [0, 1, 0]}"#)
        #expect(!color.isInSRGBGamut)
        let clamped = color.srgb.clamped
        #expect(clamped.red == 0 && clamped.green == 1 && clamped.blue == 0)
    }

    @Test func badColoursAreReportedWithWhatWasExpected() {
        let problems = T.problems(
            T.tokens([
                "color.bg": "\"white\"",
                "color.fill": #"{"colorSpace": "cmyk", "components": [0, 0, 0]}"#,
                "color.accent": #"{"colorSpace": "hsl", "components": [400, 50, 50]}"#,
                "color.danger": #"{"colorSpace": "srgb", "components": [1, 0]}"#,
                "color.warning": #"{"colorSpace": "srgb", "components": [1, 0, 0], "alpha": 2}"#,
            ]))
        #expect(problems.map(\.location.jsonPath) == ["color.bg", "color.fill", "color.accent", "color.danger", "color.warning"])
        #expect(problems[0].message == ##"expected a colour object {"colorSpace", "components"} or a hex string such as "#1c1c1e", found "white""##)
        #expect(problems[1].message.hasPrefix("colorSpace must be one of srgb, srgb-linear, display-p3, hsl, hwb, lab, lch, oklab, oklch; found \"cmyk\""))
        #expect(problems[2].message == "components[0] (hue) must be from 0 to 360 for hsl; found 400")
        #expect(problems[3].message == "components must be an array of three numbers; found an array")
        #expect(problems[4].message == "alpha must be a number from 0 to 1; found 2")
    }
}
