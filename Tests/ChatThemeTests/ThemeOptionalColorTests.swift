import Foundation
import Testing
@testable import ChatModel
@testable import ChatTheme
import TestSupport

/// The colour roles added for links, code and diffs: their names, their fallbacks, and that
/// theme files written before them still load.
@Suite("Optional colour tokens")
struct ThemeOptionalColorTests {
    typealias T = ThemeTestSupport

    static let optional: [ThemeTokens.ColorRole] = [
        .link, .syntaxKeyword, .syntaxString, .syntaxComment, .syntaxNumber, .syntaxFunction, .syntaxType,
        .syntaxConstant, .syntaxTag, .syntaxAttribute, .syntaxMeta, .diffAdded, .diffAddedBg, .diffRemoved, .diffRemovedBg,
    ]

    @Test func theNewRolesHaveTheAgreedCustomProperties() {
        // Stylesheets are written against these names: they may not change.
        #expect(
            Self.optional.map(\.customProperty) == [
                "--color-link", "--color-syntax-keyword", "--color-syntax-string", "--color-syntax-comment",
                "--color-syntax-number", "--color-syntax-function", "--color-syntax-type", "--color-syntax-constant",
                "--color-syntax-tag", "--color-syntax-attribute", "--color-syntax-meta", "--color-diff-added",
                "--color-diff-added-bg", "--color-diff-removed", "--color-diff-removed-bg",
            ])
        #expect(ThemeTokens.ColorRole.allCases.filter { !$0.isRequired } == Self.optional)
        #expect(!TokenResolver.requiredTokens.contains { $0.path == "color.link" })
        #expect(TokenResolver.requiredTokens.contains { $0.path == "color.accent" })
    }

    @Test func aThemeWithoutThemGetsTheDocumentedFallbacks() throws {
        let theme = try T.load(T.tokens())
        let color = theme.light.color
        #expect(color.link == color.accent)
        for role: ThemeTokens.ColorRole in [
            .syntaxKeyword, .syntaxString, .syntaxNumber, .syntaxFunction, .syntaxType,
            .syntaxConstant, .syntaxTag, .syntaxAttribute, .diffAdded, .diffRemoved,
        ] {
            #expect(color[role] == color.textPrimary, "\(role)")
        }
        #expect(color.syntaxComment == color.textSecondary)
        #expect(color.syntaxMeta == color.textSecondary)
        #expect(ThemeStylesheet.srgbColor(color.diffAddedBg) == "rgb(0 102 214 / 0.14)")
        #expect(ThemeStylesheet.srgbColor(color.diffRemovedBg) == "rgb(215 0 21 / 0.14)")
        // The page gets the fallbacks as custom properties, like any other colour.
        let css = ThemeStylesheet.css(for: theme)
        #expect(css.contains("  --color-link: #0066d6;\n"))
        #expect(css.contains("  --color-syntax-comment: #636366;\n"))
        #expect(css.contains("  --color-diff-removed-bg: rgb(215 0 21 / 0.14);\n"))
    }

    @Test func aThemeThatGivesThemGetsItsOwnValues() throws {
        let theme = try T.load(
            T.tokens([
                "color.link": "\"#0060c8\"", "color.syntaxKeyword": "\"{color.danger}\"",
                "color.diffAddedBg": "\"#dafbe1\"",
            ]))
        #expect(ThemeStylesheet.srgbColor(theme.light.color.link) == "#0060c8")
        #expect(theme.light.color.syntaxKeyword == theme.light.color.danger)
        #expect(ThemeStylesheet.srgbColor(theme.light.color.diffAddedBg) == "#dafbe1")
        #expect(theme.light.color.syntaxString == theme.light.color.textPrimary)
    }

    @Test func anOptionalTokenThatIsNotAColourIsStillAnError() {
        let problems = T.problems(T.tokens(["color.link": "\"4px\""]))
        #expect(problems.contains { $0.location.jsonPath == "color.link" }, "\(problems.map(\.description))")
        let aliased = T.problems(T.tokens(["color.link": "\"{radius.md}\""]))
        #expect(aliased.contains { $0.location.jsonPath == "color.link" }, "\(aliased.map(\.description))")
    }

    @Test func anOldThemeFileLoadsUnchanged() throws {
        // Written before the optional colours existed: it loads, and its links are its accent.
        let theme = try ThemeLoader.load(path: T.fixture("resolver/good.resolver.json"), displayPath: "good.resolver.json")
        let dark = try #require(theme.dark)
        #expect(ThemeStylesheet.srgbColor(dark.color.link) == "#0a6cdb")
        #expect(dark.color.syntaxKeyword == dark.color.textPrimary)
    }

    @Test(arguments: [
        "sp/light.tokens.json", "sp/dark.tokens.json", "paper/light.tokens.json", "paper/dark.tokens.json",
        "mono.tokens.json",
    ])
    func everyBundledModeDefinesEveryColourItself(file: String) throws {
        // Bundled themes do not lean on fallbacks: each picks its own link, syntax and diff colours.
        let data = try Data(contentsOf: URL(fileURLWithPath: T.bundled(file)))
        let root = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let colors = try #require(root["color"] as? [String: Any])
        for role in ThemeTokens.ColorRole.allCases {
            #expect(colors[role.rawValue] != nil, "\(file) has no color.\(role.rawValue)")
        }
    }
}
