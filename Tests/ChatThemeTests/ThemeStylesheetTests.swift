import Foundation
import Testing
@testable import ChatModel
@testable import ChatTheme
import TestSupport

@Suite("Theme stylesheet")
struct ThemeStylesheetTests {
    typealias T = ThemeTestSupport

    static func sp() throws -> Theme {
        try ThemeLoader.load(path: T.bundled("sp.resolver.json"), displayPath: "themes/sp.resolver.json")
    }

    @Test func spIsDeterministicAndHasTheExactSelectors() throws {
        let css = ThemeStylesheet.css(for: try Self.sp())
        #expect(css == ThemeStylesheet.css(for: try Self.sp()))
        let lines = css.split(separator: "\n").map(String.init)
        let selectors = lines.filter { $0.hasSuffix("{") }
        #expect(
            selectors == [
                ":root {",
                "@media (prefers-color-scheme: dark) {",
                "  :root:not([data-theme=\"light\"]):not(:has(> body > .cr-page-head > .cr-theme-switch > #cr-theme-light:checked)) {",
                ":root[data-theme=\"dark\"], :root:has(> body > .cr-page-head > .cr-theme-switch > #cr-theme-dark:checked) {",
                ":root[data-theme=\"light\"], :root:has(> body > .cr-page-head > .cr-theme-switch > #cr-theme-light:checked) {",
            ])
        #expect(css.hasPrefix(":root {\n  color-scheme: light;\n  --color-bg: #ffffff;\n"))
        #expect(css.contains("    color-scheme: dark;\n    --color-bg: #000000;\n"))
        #expect(css.hasSuffix("  --color-diff-removed-bg: #ffebe9;\n}\n"))
    }

    @Test func everyCustomPropertyIsDefinedOnRoot() throws {
        let css = ThemeStylesheet.css(for: try Self.sp())
        let root = String(css[..<(css.range(of: "}\n")?.lowerBound ?? css.endIndex)])
        var names = [
            "--color-bg", "--color-surface", "--color-surface-elevated", "--color-fill", "--color-separator",
            "--color-text-primary", "--color-text-secondary", "--color-text-tertiary", "--color-accent",
            "--color-accent-on", "--color-danger", "--color-warning", "--color-status-on",
            "--color-link", "--color-syntax-keyword", "--color-syntax-string", "--color-syntax-comment",
            "--color-syntax-number", "--color-syntax-function", "--color-syntax-type", "--color-syntax-constant",
            "--color-syntax-tag", "--color-syntax-attribute", "--color-syntax-meta", "--color-diff-added",
            "--color-diff-added-bg", "--color-diff-removed", "--color-diff-removed-bg",
            "--radius-xs", "--radius-sm", "--radius-md", "--radius-lg",
        ]
        for type in ["body", "subhead", "caption", "footnote"] {
            names += ["family", "size", "weight", "line-height", "tracking"].map { "--type-\(type)-\($0)" }
        }
        for motion in ["smooth", "snappy"] {
            names += ["--motion-\(motion)-duration", "--motion-\(motion)-easing"]
        }
        let declared = root.split(separator: "\n").compactMap { line -> String? in
            let trimmed = line.drop(while: { $0 == " " })
            guard trimmed.hasPrefix("--"), let colon = trimmed.firstIndex(of: ":") else { return nil }
            return String(trimmed[..<colon])
        }
        #expect(declared == names)
        #expect(root.contains("  --type-body-size: 1.0625rem;\n"))
        #expect(root.contains("  --radius-md: 12px;\n"))
        #expect(root.contains("  --motion-smooth-duration: 350ms;\n  --motion-smooth-easing: cubic-bezier(0.2, 0, 0, 1);\n"))
    }

    @Test func nonColourValuesThatDifferBetweenModesGoIntoTheModeBlocks() throws {
        let base = try T.load(T.tokens())
        var dark = base.light
        dark.color.bg = ThemeColor(red: 0, green: 0, blue: 0)
        dark.radius.md = ThemeDimension(20, .px)
        let css = ThemeStylesheet.css(for: Theme(name: "x", light: base.light, dark: dark))
        let darkBlock = css.components(after: ":root[data-theme=\"dark\"]")
        let lightBlock = css.components(after: ":root[data-theme=\"light\"]")
        #expect(darkBlock.contains("--radius-md: 20px;"))
        #expect(!darkBlock.contains("--radius-sm"))
        #expect(lightBlock.contains("--radius-md: 12px;"))
    }

    @Test func aSingleModeThemeGetsOnlyRootWithTheSchemeItsBackgroundNeeds() throws {
        let light = ThemeStylesheet.css(for: try T.load(T.tokens()))
        #expect(light.hasPrefix(":root {\n  color-scheme: light;\n"))
        #expect(light.components(separatedBy: "{").count == 2)
        let dark = ThemeStylesheet.css(for: try T.load(T.tokens(["color.bg": "\"#101012\""])))
        #expect(dark.hasPrefix(":root {\n  color-scheme: dark;\n"))
    }

    @Test func inputStringsNeverReachTheCSS() throws {
        // Token names, descriptions and extensions are free text; none of it may appear in the output.
        let json = T.tokens(
            extra:
                ##"  "zz_marker_group": {"$type": "color", "$description": "zz_marker_description", "zz_marker_token": {"$value": "#123456", "$extensions": {"x": "zz_marker_extension"}}}"##
        )
        let css = ThemeStylesheet.css(for: try T.load(json))
        #expect(!css.contains("zz_marker"))
        #expect(!css.contains("#123456"))
    }
}

private extension String {
    /// The text of the block that starts at `selector`, up to its closing brace.
    func components(after selector: String) -> String {
        guard let start = range(of: selector) else { return "" }
        let rest = self[start.upperBound...]
        return String(rest[..<(rest.firstIndex(of: "}") ?? rest.endIndex)])
    }
}
