import Foundation
import Testing
@testable import ChatModel
@testable import ChatSupport
@testable import ChatTheme
import TestSupport

@Suite("Theme values")
struct ThemeValueTests {
    typealias T = ThemeTestSupport

    @Test func dimensionsAcceptObjectsAndStrings() throws {
        let theme = try T.load(
            T.tokens([
                "radius.xs": #"{"value": 3, "unit": "px"}"#,
                "radius.sm": "\"0.5rem\"",
                "radius.md": #"{"value": 0.75, "unit": "rem"}"#,
            ]))
        #expect(theme.light.radius.xs == ThemeDimension(3, .px))
        #expect(theme.light.radius.sm == ThemeDimension(0.5, .rem))
        let css = ThemeStylesheet.css(for: theme)
        #expect(css.contains("  --radius-xs: 3px;\n"))
        #expect(css.contains("  --radius-sm: 0.5rem;\n"))
        #expect(css.contains("  --radius-md: 0.75rem;\n"))
        #expect(css.contains("  --radius-lg: 16px;\n"))
    }

    @Test func durationsAcceptObjectsAndStringsAndAreEmittedInMilliseconds() throws {
        let theme = try T.load(
            T.tokens([
                "motion.smooth": #"{"duration": {"value": 0.35, "unit": "s"}, "delay": "0ms", "timingFunction": [0.2, 0, 0, 1]}"#,
                "motion.snappy": "\"150ms\"",
            ]).replacingTransitionType())
        #expect(theme.light.motion.smooth.duration.milliseconds == 350)
        #expect(theme.light.motion.snappy == ThemeTransition(duration: .init(milliseconds: 150)))
        let css = ThemeStylesheet.css(for: theme)
        #expect(css.contains("  --motion-smooth-duration: 350ms;\n"))
        #expect(css.contains("  --motion-snappy-duration: 150ms;\n  --motion-snappy-easing: cubic-bezier(0.2, 0, 0, 1);\n"))
    }

    @Test func fontSizesInPixelsAreEmittedInRem() throws {
        let body = #"{"fontFamily": "Inter", "fontSize": "17px", "fontWeight": "semi-bold", "lineHeight": 1.294117, "letterSpacing": "-0.2px"}"#
        let caption = #"{"fontFamily": "Inter", "fontSize": {"value": 0.8, "unit": "rem"}, "fontWeight": 400, "lineHeight": 1.3, "letterSpacing": "0px"}"#
        let css = ThemeStylesheet.css(for: try T.load(T.tokens(["type.body": body, "type.caption": caption])))
        #expect(
            css.contains(
                """
                  --type-body-family: "Inter";
                  --type-body-size: 1.0625rem;
                  --type-body-weight: 600;
                  --type-body-line-height: 1.2941;
                  --type-body-tracking: -0.2px;

                """))
        #expect(css.contains("  --type-caption-size: 0.8rem;\n"))
    }

    @Test func typeIsInheritedFromTheNearestGroup() throws {
        let json = """
            {
              "color": {"$type": "color", "bg": {"$value": "#ffffff"}},
              "theme": {
                "$type": "dimension",
                "inner": {"$type": "color", "ink": {"$value": "#111111"}},
                "gap": {"$value": "4px"}
              }
            }
            """
        let tree = Self.tree(json)
        let ink = try #require(tree.tokens["theme.inner.ink"])
        let gap = try #require(tree.tokens["theme.gap"])
        #expect(tree.effectiveType(of: ink) == .color)
        #expect(tree.effectiveType(of: gap) == .dimension)
        // A token without a $type anywhere is an error naming the token.
        let problems = T.problems(T.tokens(extra: #"  "loose": {"thing": {"$value": 3}}"#))
        #expect(
            problems.map(\.description) == [
                "test.tokens.json:37:22: error: loose.thing: the token has no $type; set $type on the token or on a group that contains it"
            ])
    }

    @Test func aMissingRequiredTokenIsNamed() {
        let problems = T.problems(T.tokens(removing: ["color.statusOn", "type.caption"]))
        #expect(
            problems.map(\.description) == [
                "test.tokens.json:2:12: error: color.statusOn: required token is missing; expected a color token",
                "test.tokens.json:24:11: error: type.caption: required token is missing; expected a typography token",
            ])
    }

    @Test func aRequiredTokenOfTheWrongTypeIsNamed() {
        let problems = T.problems(
            T.tokens(extra: #"  "other": {"$type": "dimension", "size": {"$value": "2px"}}"#)
                .replacingOccurrences(of: #""xs": {"$value": "4px"}"#, with: ##""xs": {"$type": "color", "$value": "#000000"}"##))
        #expect(problems.map(\.message) == ["the blocks need a dimension here; this token is a color"])
    }

    @Test func badValuesAreAllReportedTogether() {
        let problems = T.problems(
            T.tokens([
                "radius.xs": "\"4em\"",
                "radius.sm": "\"-2px\"",
                "motion.smooth": #"{"duration": "fast", "delay": "0ms", "timingFunction": [1.5, 0, 0, 1]}"#,
                "type.body": #"{"fontFamily": "Inter", "fontSize": "0px", "fontWeight": "chunky", "lineHeight": 1.2}"#,
            ]))
        #expect(
            problems.map(\.message) == [
                "unit must be \"px\" or \"rem\"; found \"em\"",
                "the typography value is missing letterSpacing",
                "duration: expected a duration {\"value\": 200, \"unit\": \"ms\"} (unit ms or s) or a string such as \"200ms\" or \"0.2s\"; found \"fast\"",
                "timingFunction: cubicBezier[0] is an x coordinate and must be from 0 to 1; found 1.5",
                "a radius cannot be negative",
            ])
    }

    /// Role names become custom properties, and font names are checked, byte by byte when they
    /// are ASCII: the same as Character by Character and scalar by scalar, on random names.
    @Test func asciiPathsAgreeWithTheUnicodeOnes() {
        var random = SplitMix(seed: 0x6b65_6261_62)
        let alphabet = ["a", "Z", "b", "Y", "c", "X", "m", "N", "o", "O", "0", "9", " ", "-", "_", ".", "\"", "'", "é", ";", ",", "/", "\u{301}", "Ω"]
        for _ in 0..<3000 {
            let name = random.text(from: alphabet, fewerThan: 14)
            let ascii = name.utf8.allSatisfy { $0 < 0x80 }
            #expect(ThemeTokens.kebab(name) == ThemeTokens.kebabByCharacter(name), "\(name)")
            let generic = ThemeFontFamily.Generic.allCases.contains { $0.rawValue.lowercased() == name.lowercased() }
            guard !generic else { continue }
            let read = ThemeFontFamily.Name(validating: name)
            #expect((read != nil) == ThemeFontFamily.Name.isNameByScalars(name), "\(name) (ASCII: \(ascii))")
            if let read { #expect(read == .named(name)) }
        }
        #expect(ThemeTokens.kebab("textOnAccent") == "text-on-accent")
        #expect(ThemeFontFamily.Name(validating: "SF Pro Text") == .named("SF Pro Text"))
        #expect(ThemeFontFamily.Name(validating: " Inter") == nil)
        #expect(ThemeFontFamily.Name(validating: "Inter;") == nil)
    }

    @Test func fontWeightKeywordsFollowDTCG() throws {
        #expect(TokenValueParser.fontWeightKeywords["thin"] == 100)
        #expect(TokenValueParser.fontWeightKeywords["semi-bold"] == 600)
        #expect(TokenValueParser.fontWeightKeywords["extra-black"] == 950)
        var diagnostics = ThemeDiagnostics()
        let site = TokenValueSite(file: "f", tokenPath: "w")
        #expect(TokenValueParser.fontWeight(JSONNode(.number(1001, integer: 1001)), site, &diagnostics) == nil)
        #expect(TokenValueParser.fontWeight(JSONNode(.string("bold")), site, &diagnostics) == 700)
        #expect(diagnostics.count == 1)
    }

    @Test func numbersAreFormattedDeterministically() {
        #expect(ThemeCSSNumber.format(1.0625) == "1.0625")
        #expect(ThemeCSSNumber.format(0.35 * 1000) == "350")
        #expect(ThemeCSSNumber.format(1.29) == "1.29")
        #expect(ThemeCSSNumber.format(1 / 3) == "0.3333")
        #expect(ThemeCSSNumber.format(-0.00001) == "0")
        #expect(ThemeCSSNumber.format(-2.5) == "-2.5")
        #expect(ThemeCSSNumber.format(.nan) == "0")
    }

    static func tree(_ json: String) -> TokenTree {
        var tree = TokenTree()
        var diagnostics = ThemeDiagnostics()
        if let root = try? JSONParser.parse(Array(json.utf8)) {
            tree.add(TokenSource(root: root, file: "t.tokens.json"), diagnostics: &diagnostics)
        }
        return tree
    }
}

private extension String {
    /// The motion group typed as plain durations would reject the transition object, so leave it untyped
    /// and type each token on its own.
    func replacingTransitionType() -> String {
        self.replacingOccurrences(of: #""$type": "transition","#, with: "")
            .replacingOccurrences(of: #""smooth": {"$value""#, with: #""smooth": {"$type": "transition", "$value""#)
            .replacingOccurrences(of: #""snappy": {"$value""#, with: #""snappy": {"$type": "duration", "$value""#)
    }
}
