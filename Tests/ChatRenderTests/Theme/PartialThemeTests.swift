import Foundation
import Testing
@testable import ChatModel
@testable import ChatLoad
@testable import ChatTheme
@testable import ChatRender
import TestSupport

/// A partial theme: `"$extends": "sp"` at the top of a token file or resolver builds on a bundled
/// theme, and `chatrender:` `$ref`s name bundled token files.
@Suite("Partial themes")
struct PartialThemeTests {
    static let rose = """
        {
          "$extends": "sp",
          "color": {
            "accent": {"$value": {"colorSpace": "srgb", "components": [0.6863, 0.0941, 0.3725], "hex": "#af185f"}},
            "link": {"$value": "{color.accent}"}
          }
        }
        """

    static func sp() throws -> Theme {
        try ThemeLoader.load(path: ThemeTestSupport.bundled("sp.resolver.json"), displayPath: "sp.resolver.json")
    }

    @Test func twoTokensOverSPChangeOnlyThoseTokensInBothModes() throws {
        let theme = try ThemeTestSupport.load(Self.rose, name: "rose.tokens.json")
        let sp = try Self.sp()
        #expect(theme.name == "rose")
        let dark = try #require(theme.dark, "a partial theme over SP keeps SP's two modes")
        for (mine, base) in [(theme.light, sp.light), (dark, try #require(sp.dark))] {
            #expect(ThemeStylesheet.srgbColor(mine.color.accent) == "#af185f")
            #expect(ThemeStylesheet.srgbColor(mine.color[.link]) == "#af185f")
            var expected = base
            expected.color.accent = mine.color.accent
            expected.color.link = mine.color.link
            #expect(mine == expected, "every other token is SP's")
        }
    }

    @Test func aResolverGivesEachModeItsOwnChanges() throws {
        let json = """
            {
              "name": "Mine",
              "version": "2025.10",
              "$extends": "sp",
              "resolutionOrder": [
                {"type": "modifier", "name": "theme", "contexts": {
                  "light": [{"color": {"accent": {"$value": "#af185f"}}}],
                  "dark": [{"color": {"accent": {"$value": "#ff7ab6"}, "accentOn": {"$value": "#000000"}}},
                           {"radius": {"md": {"$value": {"value": 20, "unit": "px"}}}}]
                }}
              ]
            }
            """
        let theme = try ThemeTestSupport.load(json, name: "mine.resolver.json")
        let sp = try Self.sp()
        let dark = try #require(theme.dark)
        #expect(theme.name == "Mine")
        #expect(ThemeStylesheet.srgbColor(theme.light.color.accent) == "#af185f")
        #expect(ThemeStylesheet.srgbColor(dark.color.accent) == "#ff7ab6")
        #expect(ThemeStylesheet.srgbColor(dark.color.accentOn) == "#000000")
        #expect(ThemeStylesheet.srgbColor(theme.light.color.accentOn) == "#ffffff")
        #expect(theme.light.radius == sp.light.radius)
        #expect(dark.radius.md == ThemeDimension(20, .px))
        #expect(dark.color.bg == sp.dark?.color.bg)
    }

    @Test func overAOneModeThemeThePartialThemeHasOneMode() throws {
        let theme = try ThemeTestSupport.load(#"{"$extends": "mono", "radius": {"md": {"$value": "2px"}}}"#)
        #expect(theme.dark == nil)
        #expect(theme.light.radius.md == ThemeDimension(2, .px))
    }

    @Test func bundledTokenFilesCanBeReferredTo() throws {
        let json = """
            {
              "version": "2025.10",
              "sets": {"base": {"sources": [{"$ref": "chatrender:sp/base.tokens.json"}]}},
              "resolutionOrder": [{"$ref": "#/sets/base"}, {"type": "modifier", "name": "theme", "contexts": {
                "light": [{"$ref": "chatrender:sp/light.tokens.json"}, {"color": {"accent": {"$value": "#af185f"}}}],
                "dark": [{"$ref": "chatrender:sp/dark.tokens.json"}]}}]
            }
            """
        let theme = try ThemeTestSupport.load(json, name: "refs.resolver.json")
        let sp = try Self.sp()
        #expect(ThemeStylesheet.srgbColor(theme.light.color.accent) == "#af185f")
        #expect(theme.dark == sp.dark)
    }

    @Test func errorsKeepTheirFileLineAndColumn() {
        let json = """
            {
              "$extends": "sp",
              "color": {"accent": {"$value": "#zz"},
                "link": {"$value": "{color.nope}"}}
            }
            """
        #expect(
            ThemeTestSupport.problems(json, name: "rose.tokens.json").map(\.description) == [
                ##"rose.tokens.json:3:34: error: color.accent: expected a colour object {"colorSpace", "components"} or a hex string such as "#1c1c1e", found "#zz""##,
                #"rose.tokens.json:4:24: error: color.link: alias {color.nope} refers to a token that does not exist"#,
            ])
    }

    @Test func anUnknownBundledThemeListsTheKnownOnes() {
        let problems = ThemeTestSupport.problems(#"{"$extends": "spp"}"#, name: "x.tokens.json").map(\.description)
        #expect(problems == [#"x.tokens.json:1:14: error: $extends: no bundled theme is named "spp"; expected one of "mono", "paper", "sp""#])
        let group = ThemeTestSupport.problems(#"{"$extends": "{color}"}"#, name: "x.tokens.json").map(\.description)
        #expect(group.count == 1 && group[0].contains("extending a group (\"{color}\") is not supported"))
        let number = ThemeTestSupport.problems(#"{"$extends": 3}"#, name: "x.tokens.json").map(\.description)
        #expect(number == [#"x.tokens.json:1:14: error: $extends: expected the name of a bundled theme, such as "sp"; found 3"#])
    }

    /// Whoever loads the theme says where the bundled themes are; a library user who says nothing
    /// gets a complete theme loaded and a partial one refused with the reason, and no load
    /// depends on what another one was given.
    @Test func withoutTheBundledFolderAPartialThemeSaysSo() throws {
        let partial = #"{"$extends": "sp"}"#
        #expect(
            ThemeTestSupport.problems(partial, name: "x.tokens.json", bundledThemes: .unknown).map(\.description) == [
                #"x.tokens.json:1:14: error: $extends: cannot read the bundled theme "sp": the folder of the bundled themes is not known"#
            ])
        let references = """
            {"version": "2025.10", "resolutionOrder": [{"type": "set", "sources": [{"$ref": "chatrender:sp/light.tokens.json"}]}]}
            """
        #expect(
            ThemeTestSupport.problems(references, name: "r.resolver.json", bundledThemes: .unknown).map(\.description) == [
                #"r.resolver.json:1:81: error: resolutionOrder[0].sources[0]: cannot read "chatrender:sp/light.tokens.json": the folder of the bundled themes is not known"#
            ])
        _ = try ThemeTestSupport.load(ThemeTestSupport.tokens(), bundledThemes: .unknown)
        let empty = TestPaths.temporaryFolder("no-themes")
        defer { try? FileManager.default.removeItem(atPath: empty) }
        #expect(
            ThemeTestSupport.problems(partial, name: "x.tokens.json", bundledThemes: BundledThemes(folder: empty)).map(\.description) == [
                #"x.tokens.json:1:14: error: $extends: no bundled theme is named "sp"; expected one of none found"#
            ])
    }

    @Test func extendsIsReadOnlyAtTheTopOfTheThemeFile() {
        let nested = ThemeTestSupport.problems(#"{"$extends": "sp", "color": {"more": {"$extends": "{color}"}}}"#)
        #expect(nested.count == 1 && nested[0].message.hasPrefix("group extension ($extends) inside a group is not supported"))
        let inline = """
            {"version": "2025.10", "resolutionOrder": [{"type": "set", "sources": [{"$extends": "sp"}]}]}
            """
        let problems = ThemeTestSupport.problems(inline, name: "r.resolver.json")
        #expect(problems.contains { $0.message.hasPrefix("$extends is read only at the top of the theme file itself") })
    }

    @Test func bundledReferencesStayInsideTheBundledThemes() {
        let json = """
            {"version": "2025.10", "resolutionOrder": [{"type": "set", "sources": [
              {"$ref": "chatrender:../README.md"}, {"$ref": "chatrender:sp/none.tokens.json"}]}]}
            """
        #expect(
            ThemeTestSupport.problems(json, name: "r.resolver.json").map(\.description) == [
                #"r.resolver.json:2:12: error: resolutionOrder[0].sources[0]: $ref "chatrender:../README.md" leads outside the bundled themes"#,
                #"r.resolver.json:2:49: error: resolutionOrder[0].sources[1]: cannot read the bundled file "sp/none.tokens.json": no such file (bundled themes: mono, paper, sp)"#,
            ])
    }

    @Test func aPartialThemeRendersWithItsAccentThroughTheCommandLine() throws {
        let folder = TestPaths.temporaryFolder("partial")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let themePath = folder + "/rose.tokens.json"
        try Self.rose.write(toFile: themePath, atomically: true, encoding: .utf8)
        let check = try CLIRun.run(["theme", "check", themePath])
        #expect(check.stdout.contains("Contrast of theme \"rose\""))
        let render = try CLIRun.run([
            "render", TestPaths.repo("examples/garden/conversation.json"),
            "--theme", themePath, "--out", folder + "/out",
        ])
        #expect(render.status == 0, "\(render.stderr)")
        let page = try String(contentsOfFile: folder + "/out/index.html", encoding: .utf8)
        #expect(page.contains("--color-accent: #af185f;"))
        #expect(page.contains("--color-link: #af185f;"))
        #expect(page.contains("--color-bg: #ffffff;"), "the rest is SP's")
    }
}
