import Foundation
import Testing
@testable import ChatModel
@testable import ChatTheme
@testable import ChatPlan
@testable import ChatRenderHTML
import TestSupport

/// The theme's print block: on paper a two-mode theme is always in its light values.
@Suite("Print stylesheet")
struct PrintStylesheetTests {
    typealias T = ThemeTestSupport

    func bundled(_ name: String) throws -> Theme {
        try ThemeLoader.load(path: T.bundled(name), displayPath: "themes/\(name)")
    }

    @Test func aTwoModeThemePrintsEveryLightValueAsImportant() throws {
        let theme = try bundled("sp.resolver.json")
        let dark = try #require(theme.dark)
        let css = PrintStylesheet.themeCSS(for: theme)
        #expect(css.hasPrefix("@media print {\n  :root {\n    color-scheme: light !important;\n"))
        #expect(css.hasSuffix("  }\n}\n"))
        for role in ThemeTokens.ColorRole.allCases {
            let light = ThemeStylesheet.srgbColor(theme.light.color[role])
            #expect(css.contains("    \(role.customProperty): \(light) !important;\n"), "\(role)")
            let darkValue = ThemeStylesheet.srgbColor(dark.color[role])
            if darkValue != light {
                #expect(!css.contains("\(role.customProperty): \(darkValue)"), "\(role) keeps its dark value")
            }
        }
        // Type, radii and motion too, so a mode that changes them cannot leak onto paper.
        #expect(css.contains("    --radius-md: 12px !important;\n"))
        #expect(css.contains("    --type-body-size: 1.0625rem !important;\n"))
        // Every declaration is important: nothing the dark blocks set can win.
        let declarations = css.split(separator: "\n").filter { $0.contains(": ") }
        #expect(!declarations.isEmpty)
        #expect(declarations.allSatisfy { $0.hasSuffix(" !important;") })
    }

    @Test func valuesThatOnlyTheDarkModeChangesAreReset() throws {
        let base = try T.load(T.tokens())
        var dark = base.light
        dark.color.bg = ThemeColor(red: 0, green: 0, blue: 0)
        dark.radius.md = ThemeDimension(20, .px)
        let css = PrintStylesheet.themeCSS(for: Theme(name: "x", light: base.light, dark: dark))
        #expect(css.contains("--radius-md: \(ThemeStylesheet.length(base.light.radius.md)) !important;"))
        #expect(!css.contains("20px"))
        #expect(!css.contains("#000000"))
    }

    @Test func wideGamutColoursKeepTheirExactValueOnPaper() throws {
        let theme = try bundled("paper.resolver.json")
        let css = PrintStylesheet.themeCSS(for: theme)
        let accent = try #require(ThemeStylesheet.wideColor(theme.light.color.accent))
        let supports = try #require(css.range(of: "  @supports (color: oklch(0 0 0)) {\n    :root {\n"))
        #expect(css[supports.upperBound...].contains("      --color-accent: \(accent) !important;\n"))
        // The sRGB fallback comes first, so where oklch is understood the exact value wins.
        let fallback = try #require(css.range(of: "--color-accent: \(ThemeStylesheet.srgbColor(theme.light.color.accent)) !important;"))
        #expect(fallback.lowerBound < supports.lowerBound)
    }

    @Test func aOneModeDarkThemePrintsItsBackgroundSoTheTextStaysReadable() throws {
        let mono = try bundled("mono.tokens.json")
        #expect(mono.dark == nil && ThemeStylesheet.isDark(mono.light.color.bg))
        let css = PrintStylesheet.themeCSS(for: mono)
        #expect(
            css
                == "@media print {\n  :root {\n    print-color-adjust: exact;\n    -webkit-print-color-adjust: exact;\n    --cr-print-page: var(--color-bg);\n  }\n}\n"
        )
    }

    @Test func aOneModeLightThemeNeedsNothing() throws {
        let light = try T.load(T.tokens())
        #expect(light.dark == nil && !ThemeStylesheet.isDark(light.light.color.bg))
        #expect(PrintStylesheet.themeCSS(for: light) == "")
    }

    @Test func thePageCarriesThePrintBlockInsideItsHashedThemeStyle() throws {
        let theme = try bundled("sp.resolver.json")
        let template = try PageTemplate.load(directory: TestPaths.templates)
        let conversation = Conversation(title: "Paper", messages: [Message(id: "m", role: .user, text: "Hello")])
        let page = String(
            decoding: PageAssembler.assemble(
                conversation: conversation, theme: theme, assets: AssetTable(),
                template: template, options: .init()), as: UTF8.self)
        let themeCSS = ThemeStylesheet.css(for: theme) + PrintStylesheet.themeCSS(for: theme)
        #expect(page.contains("<style>\(themeCSS)</style>"))
        #expect(page.contains("'sha256-\(SHA256.hash(Array(themeCSS.utf8)).base64String)'"))
        // And the template's print rules, all under @media print.
        #expect(template.stylesheet.contains("@page {"))
        #expect(page.contains(".cr-retry, .cr-share, .cr-viewer"))
    }

    @Test func printRulesNeverApplyOnScreen() throws {
        // Every rule of templates/print.css sits inside its one `@media print { … }` block.
        let text = try String(contentsOfFile: TestPaths.repo("templates/print.css"), encoding: .utf8)
        var depth = 0
        var topLevel: [String] = []
        var current = ""
        var inComment = false
        var previous: Character = " "
        for character in text {
            if inComment {
                if previous == "*" && character == "/" { inComment = false }
                previous = character
                continue
            }
            if previous == "/" && character == "*" { inComment = true; current = String(current.dropLast()); previous = " "; continue }
            previous = character
            if character == "{" {
                if depth == 0 { topLevel.append(current.trimmingCharacters(in: .whitespacesAndNewlines)) }
                depth += 1
                current = ""
            } else if character == "}" {
                depth -= 1
                #expect(depth >= 0)
            } else if depth == 0 {
                current.append(character)
            }
        }
        #expect(depth == 0)
        #expect(topLevel == ["@media print"])
    }
}
