import Foundation
import Testing
@testable import ChatModel
@testable import ChatSupport
@testable import ChatLoad
@testable import ChatTheme
@testable import ChatRender
import TestSupport

/// The designer's commands end to end: `theme init`, `preview --conversation`, and the examples of
/// docs/themes.md, run as written.
@Suite("Theme workflows")
struct ThemeWorkflowTests {
    @Test func themeInitWritesACompleteDescribedThemeThatPasses() throws {
        let folder = TestPaths.temporaryFolder("init")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let made = try CLIRun.run(["theme", "init", "mytheme"], in: folder)
        #expect(made.status == 0, "\(made.stderr)")
        #expect(made.stderr == "wrote theme \"mytheme\" to mytheme/; check it with chatrender theme check mytheme/theme.resolver.json\n")
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: folder + "/mytheme").sorted()
                == ["base.tokens.json", "dark.tokens.json", "light.tokens.json", "theme.resolver.json"])
        let check = try CLIRun.run(["theme", "check", "mytheme/theme.resolver.json"], in: folder)
        #expect(check.status == 0)
        #expect(check.stdout.contains("Contrast of theme \"mytheme\"") && check.stdout.contains("All 64 contrast checks pass."))
        // The same values as SP, and every token the page reads described.
        let mine = try ThemeLoader.load(path: folder + "/mytheme/theme.resolver.json", displayPath: "mytheme")
        let sp = try ThemeLoader.load(path: TestPaths.defaultTheme, displayPath: "sp")
        #expect(mine.light == sp.light && mine.dark == sp.dark)
        let light = try JSONParser.parse(Array(try Data(contentsOf: URL(fileURLWithPath: folder + "/mytheme/light.tokens.json"))))
        for role in ThemeTokens.ColorRole.allCases {
            let token = try #require(light["color"]?[role.rawValue], "color.\(role.rawValue)")
            guard case .string(let text)? = token["$description"]?.value else {
                Issue.record("color.\(role.rawValue) has no $description")
                continue
            }
            #expect(!text.isEmpty)
        }
        let base = try String(contentsOfFile: folder + "/mytheme/base.tokens.json", encoding: .utf8)
        #expect(base.contains("\"$description\": \"Photos, bubbles and file chips.\""))
    }

    @Test func themeInitRefusesAFolderItDidNotMakeAndRedoesItsOwn() throws {
        let folder = TestPaths.temporaryFolder("init")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(try CLIRun.run(["theme", "init", "t", "--from", "paper"], in: folder).status == 0)
        let again = try CLIRun.run(["theme", "init", "t"], in: folder)
        #expect(again.status == 0, "an earlier init is replaced")
        let resolver = try String(contentsOfFile: folder + "/t/theme.resolver.json", encoding: .utf8)
        #expect(resolver.contains("from the bundled sp theme"))
        try "mine".write(toFile: folder + "/t/notes.txt", atomically: true, encoding: .utf8)
        let refused = try CLIRun.run(["theme", "init", "t"], in: folder)
        #expect(refused.status == 73)
        #expect(refused.stderr.contains("t: error: is not empty and was not made by theme init (it holds \"notes.txt\")"))
        #expect(try String(contentsOfFile: folder + "/t/notes.txt", encoding: .utf8) == "mine")
        let mono = try CLIRun.run(["theme", "init", "m", "--from", "mono"], in: folder)
        #expect(mono.status == 64)
        #expect(mono.stderr.contains("\"mono\" is not a bundled theme with light and dark modes; expected one of \"paper\", \"sp\""))
        #expect(!FileManager.default.fileExists(atPath: folder + "/m"), "nothing is half-written")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder)
        #expect(!names.contains { $0.contains("staging") })
    }

    @Test func previewShowsTheGivenConversationInEveryThemeAndMode() throws {
        let folder = TestPaths.temporaryFolder("pvc")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let run = try CLIRun.run([
            "preview", "--theme", TestPaths.defaultTheme, "--theme", TestPaths.repo("themes/paper.resolver.json"),
            "--conversation", TestPaths.repo("examples/garden/conversation.json"), "--out", folder + "/pv",
        ])
        #expect(run.status == 0, "\(run.stderr)")
        let page = try String(contentsOfFile: folder + "/pv/index.html", encoding: .utf8)
        #expect(page.contains("<h3>Your conversation: Raised beds for the backyard</h3>"))
        #expect(page.contains("<h3>Replies in full markup</h3>"), "the sample")
        // The sample is c0 and the garden c1: each in both themes, light and dark, with its own ids.
        for theme in 0..<2 {
            for scheme in ["light", "dark"] {
                #expect(page.contains("id=\"cr-pv-t\(theme)-c1-\(scheme)-t0\""))
                #expect(page.contains("id=\"cr-pv-t\(theme)-c0-\(scheme)-t1\""))
            }
        }
        let ids = page.matches(of: /\sid="([^"]+)"/).map { String($0.1) }
        #expect(Set(ids).count == ids.count, "no id appears twice")
        // The photos went through the asset stage into the preview.
        let assets = Set(try FileManager.default.contentsOfDirectory(atPath: folder + "/pv/assets"))
        let shown = Set(page.matches(of: /src="assets\/([^"]+)"/).map { String($0.1) })
        #expect(shown.count >= 9, "the sample's three photos and the garden's six")
        #expect(shown.isSubset(of: assets), "every photo shown was written")
        #expect(page.contains("class=\"ma\"") || page.contains("<math"), "the sample's maths")
        #expect(page.contains("href=\"https://example.org/raised-beds\""))
        #expect(page.contains("<table"))
    }

    @Test func previewReportsABadConversationWithItsPlace() throws {
        let folder = TestPaths.temporaryFolder("pvc")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try "{\"messages\": [}".write(toFile: folder + "/bad.json", atomically: true, encoding: .utf8)
        let run = try CLIRun.run(["preview", "--conversation", "bad.json", "--out", "pv"], in: folder)
        #expect(run.status == 65)
        #expect(run.stderr.hasPrefix("bad.json:1:15: error:"))
        #expect(!FileManager.default.fileExists(atPath: folder + "/pv"))
    }

    /// Every `File \`NAME\`:` JSON block of docs/themes.md is written as NAME, then every command
    /// of its `sh` blocks runs, in order, and succeeds.
    @Test func theThemesDocExamplesRunAsWritten() throws {
        let folder = TestPaths.temporaryFolder("docs")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createSymbolicLink(atPath: folder + "/examples", withDestinationPath: TestPaths.repo("examples"))
        let doc = try String(contentsOfFile: TestPaths.repo("docs/themes.md"), encoding: .utf8)
        var written: [String] = []
        for match in doc.matches(of: /File\s+`([^`]+)`:\s*\n\s*\n```json\n((?s:.*?))```/) {
            try String(match.2).write(toFile: folder + "/" + match.1, atomically: true, encoding: .utf8)
            written.append(String(match.1))
        }
        #expect(written == ["rose.tokens.json", "plum.resolver.json"])
        var commands: [String] = []
        for block in doc.matches(of: /```sh\n((?s:.*?))```/) {
            commands += block.1.split(separator: "\n").map(String.init).filter { $0.hasPrefix("chatrender ") }
        }
        #expect(commands.count >= 7)
        for command in commands {
            let arguments = command.split(separator: " ").dropFirst().map(String.init)
            let run = try CLIRun.run(arguments, in: folder)
            #expect(run.status == 0, "\(command): \(run.stderr)")
            #expect(!run.stderr.contains("warning"), "\(command): \(run.stderr)")
        }
        let rose = try String(contentsOfFile: folder + "/garden-rose/index.html", encoding: .utf8)
        #expect(rose.contains("--color-accent: #d43778;"))
    }
}
