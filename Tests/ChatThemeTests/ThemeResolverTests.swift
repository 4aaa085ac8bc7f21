import Foundation
import Testing
@testable import ChatModel
@testable import ChatTheme
import TestSupport

@Suite("Theme resolver")
struct ThemeResolverTests {
    typealias T = ThemeTestSupport

    static func load(_ name: String) throws(DiagnosticError) -> Theme {
        try ThemeLoader.load(path: T.fixture("resolver/\(name)"), displayPath: "fixtures/\(name)")
    }

    static func failure(_ name: String) -> DiagnosticError? {
        T.problems(file: T.fixture("resolver/\(name)"), display: "fixtures/\(name)")
    }

    @Test func setsAndTheThemeModifierResolveToTwoModes() throws {
        let theme = try Self.load("good.resolver.json")
        #expect(theme.name == "Fixture")
        let dark = try #require(theme.dark)
        #expect(ThemeStylesheet.srgbColor(theme.light.color.bg) == "#ffffff")
        #expect(ThemeStylesheet.srgbColor(dark.color.bg) == "#000000")
        #expect(theme.light.radius == dark.radius)
        #expect(dark.motion.smooth.duration.milliseconds == 300)
    }

    @Test func inlineEntriesWorkAndLaterSourcesOverrideEarlierOnes() throws {
        let theme = try Self.load("inline.resolver.json")
        #expect(theme.name == "inline")
        #expect(theme.light.radius.md == ThemeDimension(10, .px))
        #expect(theme.light.radius.sm == ThemeDimension(4, .px))
        #expect(ThemeStylesheet.srgbColor(theme.light.color.accent) == "#0066d6")
        #expect(ThemeStylesheet.srgbColor(try #require(theme.dark).color.accent) == "#0055b3")
    }

    @Test func aMissingContextIsReportedWithWhatWasFound() throws {
        let error = try #require(Self.failure("missing-context.resolver.json"))
        #expect(error.kind == .badData)
        #expect(
            error.diagnostics.map(\.description) == [
                #"fixtures/missing-context.resolver.json:5:27: error: modifiers.theme.contexts: the theme modifier must have exactly the contexts "light" and "dark"; found "light", "night""#
            ])
    }

    @Test func referencesMayNotLeaveTheResolversFolder() throws {
        let error = try #require(Self.failure("escape.resolver.json"))
        #expect(error.kind == .badData)
        #expect(
            error.diagnostics.map(\.description) == [
                #"fixtures/escape.resolver.json:4:35: error: sets.base.sources[0]: $ref "parts/../../cycle.tokens.json" leads outside the resolver's folder"#,
                #"fixtures/escape.resolver.json:4:78: error: sets.base.sources[1]: $ref "/etc/passwd" must be a relative path inside the resolver's folder, using '/'"#,
            ])
    }

    @Test func aMissingReferencedFileIsMissingInput() throws {
        let error = try #require(Self.failure("missing-ref.resolver.json"))
        #expect(error.kind == .missingInput)
        #expect(
            error.diagnostics.map(\.description) == [
                "fixtures/missing-ref.resolver.json:5:94: error: modifiers.theme.contexts.dark[0]: cannot read fixtures/parts/nowhere.tokens.json: no such file"
            ])
    }

    @Test func malformedJSONInAReferencedFileNamesThatFile() throws {
        let error = try #require(Self.failure("malformed-ref.resolver.json"))
        #expect(error.kind == .badData)
        #expect(
            error.diagnostics.map(\.description) == [
                "fixtures/broken/colors.tokens.json:6:5: error: invalid JSON: unexpected '\"'; expected ',' or '}'"
            ])
    }

    @Test func aMissingThemeFileIsMissingInput() throws {
        let error = try #require(T.problems(file: T.fixture("resolver/none.resolver.json"), display: "none.resolver.json"))
        #expect(error.kind == .missingInput)
        #expect(error.diagnostics.map(\.description) == ["none.resolver.json: error: cannot read the theme: no such file"])
    }

    @Test func aTokenMissingFromOneModeNamesThatMode() {
        let json = """
            {
              "version": "2025.10",
              "resolutionOrder": [
                {"type": "set", "sources": [{"$ref": "resolver/parts/base.tokens.json"}]},
                {"type": "modifier", "name": "theme", "contexts": {
                  "light": [{"$ref": "resolver/parts/light.tokens.json"}],
                  "dark": [{"color": {"$type": "color", "bg": {"$value": "#000000"}}}]
                }}
              ]
            }
            """
        let problems = T.problems(json, name: "modes.resolver.json")
        #expect(problems.count == 12)
        #expect(
            problems.first?.description
                == "modes.resolver.json:7:26: error: color.surface: required token is missing in the dark context; expected a color token")
    }

    @Test func otherModifiersAndBadStructureAreAllReported() {
        let json = """
            {
              "version": "2024",
              "resolutionOrder": [
                {"$ref": "#/sets/nope"},
                {"type": "modifier", "name": "density", "contexts": {"compact": []}},
                {"type": "modifier", "name": "theme", "contexts": {"light": [], "dark": []}, "default": "dim"},
                42
              ],
              "extra": true
            }
            """
        let problems = T.problems(json, name: "bad.resolver.json")
        #expect(
            problems.map(\.description) == [
                #"bad.resolver.json:2:14: error: version: expected "2025.10" (DTCG Resolver Module 2025.10); found "2024""#,
                #"bad.resolver.json:9:12: error: extra: unknown member "extra"; expected name, version, description, $extends, sets, modifiers or resolutionOrder"#,
                #"bad.resolver.json:4:14: error: resolutionOrder[0]: no set named "nope"; sets has none"#,
                #"bad.resolver.json:6:93: error: resolutionOrder[2].default: expected "light" or "dark"; found "dim""#,
                "bad.resolver.json:7:5: error: resolutionOrder[3]: expected {\"$ref\": \"#/sets/NAME\"}, {\"$ref\": \"#/modifiers/NAME\"} or an inline set or modifier; found a number",
                #"bad.resolver.json:5:34: error: resolutionOrder[1]: modifier "density" is not supported; chatrender reads one modifier named "theme" with contexts "light" and "dark""#,
            ])
    }

    @Test func aSymbolicLinkOutOfTheFolderIsRefused() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("chatrender-theme-\(UInt64.random(in: 0...UInt64.max))").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createSymbolicLink(atPath: "\(folder)/parts", withDestinationPath: T.fixture("resolver/parts"))
        let resolver = try String(contentsOfFile: T.fixture("resolver/good.resolver.json"), encoding: .utf8)
        try resolver.write(toFile: "\(folder)/linked.resolver.json", atomically: true, encoding: .utf8)
        let error = try #require(T.problems(file: "\(folder)/linked.resolver.json", display: "linked.resolver.json"))
        #expect(error.diagnostics.count == 3)
        #expect(error.diagnostics.allSatisfy { $0.message.hasSuffix("leads outside the resolver's folder through a symbolic link") })
    }
}
