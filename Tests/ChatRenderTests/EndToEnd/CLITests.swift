import Foundation
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
import TestSupport

/// The real executable: exit codes (sysexits), messages on stderr, and what lands in --out.
@Suite struct CLITests {
    let garden = TestPaths.repo("examples/garden/conversation.json")

    func write(_ text: String, to name: String, in folder: String) -> String {
        let path = folder + "/" + name
        try! text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test func helpAndVersion() throws {
        let help = try CLIRun.run(["--help"])
        #expect(help.status == 0)
        #expect(help.stdout.contains("chatrender render CONVERSATION.json"))
        #expect(help.stdout.contains("chatrender theme check THEME"))
        // The version, and the commit built: one of this repository's (not necessarily HEAD, as a
        // commit may come between a build and its tests), or none outside a git checkout.
        let version = try CLIRun.run(["--version"])
        #expect(version.status == 0)
        if try Self.git(["rev-parse", "--verify", "-q", "HEAD"]) == nil {
            #expect(version.stdout == "chatrender \(ChatRenderVersion.string)\n")
        } else {
            let match = try #require(version.stdout.wholeMatch(of: /chatrender ([^ ]+) \(commit ([0-9a-f]{7,40})\)\n/))
            #expect(match.1 == ChatRenderVersion.string)
            #expect(try Self.git(["cat-file", "-t", String(match.2)]) == "commit", "\(match.2) is not a commit of this repository")
        }
    }

    /// What git answers in the repository (trimmed), or nil when it fails or there is no git.
    static func git(_ arguments: [String]) throws -> String? {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/git") else { return nil }
        let git = try CLIRun.run(
            ["-C", TestPaths.repository, "-c", "safe.directory=" + TestPaths.repository] + arguments, executable: "/usr/bin/git")
        return git.status == 0 ? git.stdout.trimmingCharacters(in: .whitespacesAndNewlines) : nil
    }

    @Test func usageErrorsExit64() throws {
        #expect(try CLIRun.run([]).status == 64)
        let unknown = try CLIRun.run(["render", garden, "--bogus"])
        #expect(unknown.status == 64)
        #expect(unknown.stderr.contains("unknown option \"--bogus\""))
        #expect(try CLIRun.run(["render"]).status == 64)
        #expect(try CLIRun.run(["render", garden, "--out"]).status == 64)
        #expect(try CLIRun.run(["frobnicate"]).status == 64)
    }

    @Test func missingInputExits66() throws {
        let dir = TestPaths.temporaryFolder("cli")
        let run = try CLIRun.run(["render", "nope.json", "--out", dir + "/o"], in: dir)
        #expect(run.status == 66)
        #expect(run.stderr == "nope.json: error: no such file; expected the conversation file\n")
        #expect(!FileManager.default.fileExists(atPath: dir + "/o"))
    }

    @Test func malformedJSONNamesLineAndColumn() throws {
        let dir = TestPaths.temporaryFolder("cli")
        _ = write("{\n  \"messages\": [\n    {\"id\": \"a\",, }\n  ]\n}\n", to: "bad.json", in: dir)
        let run = try CLIRun.run(["render", "bad.json", "--out", "o"], in: dir)
        #expect(run.status == 65)
        #expect(run.stderr == "bad.json:3:16: error: unexpected ','; expected a member name in double quotes\n")
    }

    @Test func everyBadFieldIsReportedWithItsPath() throws {
        let dir = TestPaths.temporaryFolder("cli")
        _ = write(
            """
            {"messages": [
              {"id": "1", "role": "robot", "text": "x"},
              {"id": "2", "role": "user", "text": "y", "attachments": [
                {"id": "a", "name": "n", "byteCount": -1, "contentType": "image/png", "upload": {"state": "uploading", "progress": 1.5}}
              ]}
            ]}
            """, to: "c.json", in: dir)
        let run = try CLIRun.run(["render", "c.json", "--out", "o"], in: dir)
        #expect(run.status == 65)
        let lines = run.stderr.split(separator: "\n").map(String.init)
        #expect(
            lines == [
                "c.json:2:23: error: messages[0].role: expected \"user\" or \"assistant\", found \"robot\"",
                "c.json:4:43: error: messages[1].attachments[0].byteCount: expected an integer ≥ 0, found -1",
                "c.json:4:120: error: messages[1].attachments[0].upload.progress: expected a number from 0 to 1, found 1.5",
            ])
    }

    @Test func rendersGardenWithDefaultsIntoOutName() throws {
        let dir = TestPaths.temporaryFolder("cli")
        let run = try CLIRun.run(["render", garden], in: dir)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.hasPrefix("wrote out/conversation/index.html ("))
        let fm = FileManager.default
        #expect(fm.fileExists(atPath: dir + "/out/conversation/index.html"))
        let assets = try fm.contentsOfDirectory(atPath: dir + "/out/conversation/assets")
        // Six photos, each a 1x and 2x thumbnail for its layout and a display image.
        #expect(assets.filter { $0.hasSuffix(".webp") }.count == 18)
        #expect(assets.filter { $0.hasSuffix(".pdf") }.count == 2)
        // Nothing else beside the output: the staging folder is gone.
        #expect(try fm.contentsOfDirectory(atPath: dir + "/out") == ["conversation"])
    }

    @Test func warningsPrintButExitZeroUnlessStrict() throws {
        let dir = TestPaths.temporaryFolder("cli")
        _ = write(
            """
            {"messages": [{"id": "1", "role": "user", "text": "", "attachments": [
              {"id": "a", "name": "gone.jpg", "byteCount": 1, "contentType": "image/jpeg", "preview": "gone.jpg"}]}]}
            """, to: "w.json", in: dir)
        let lenient = try CLIRun.run(["render", "w.json", "--out", "o"], in: dir)
        #expect(lenient.status == 0)
        #expect(lenient.stderr.contains("w.json: warning: messages[0].attachments[0].preview: \"gone.jpg\": no such file; the photo is shown as unavailable"))
        let before = try String(contentsOfFile: dir + "/o/index.html", encoding: .utf8)
        let strict = try CLIRun.run(["render", "w.json", "--out", "o", "--strict"], in: dir)
        #expect(strict.status == 65)
        #expect(strict.stderr.contains("w.json: error: messages[0].attachments[0].preview"))
        // The earlier output is untouched and no staging folder is left behind.
        #expect(try String(contentsOfFile: dir + "/o/index.html", encoding: .utf8) == before)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir).sorted() == ["o", "w.json"])
    }

    @Test func refusesToReplaceAFolderItDidNotMake() throws {
        let dir = TestPaths.temporaryFolder("cli")
        try FileManager.default.createDirectory(atPath: dir + "/precious", withIntermediateDirectories: true)
        _ = write("mine", to: "precious/thesis.txt", in: dir)
        let run = try CLIRun.run(["render", garden, "--out", "precious"], in: dir)
        #expect(run.status == 73)
        #expect(run.stderr.contains("precious: error: exists, is not empty and was not made by chatrender"))
        #expect(try String(contentsOfFile: dir + "/precious/thesis.txt", encoding: .utf8) == "mine")
    }

    @Test func replacesItsOwnOutputWhole() throws {
        let dir = TestPaths.temporaryFolder("cli")
        #expect(try CLIRun.run(["render", garden, "--out", "o"], in: dir).status == 0)
        _ = write("stale", to: "o/assets/stale.txt", in: dir)
        #expect(try CLIRun.run(["render", garden, "--out", "o"], in: dir).status == 0)
        #expect(!FileManager.default.fileExists(atPath: dir + "/o/assets/stale.txt"))
        #expect(FileManager.default.fileExists(atPath: dir + "/o/index.html"))
    }

    @Test func unwritableOutputExits73() throws {
        guard getuid() != 0 else {
            // root writes anywhere; use a path under a regular file instead.
            let dir = TestPaths.temporaryFolder("cli")
            _ = write("x", to: "file", in: dir)
            let run = try CLIRun.run(["render", garden, "--out", "file/o"], in: dir)
            #expect(run.status == 73)
            #expect(run.stderr.contains("error: cannot create the output's parent folder"))
            return
        }
        let dir = TestPaths.temporaryFolder("cli")
        chmod(dir, 0o555)
        defer { chmod(dir, 0o755) }
        let run = try CLIRun.run(["render", garden, "--out", dir + "/o"])
        #expect(run.status == 73)
    }

    @Test func libvipsLeaksNothing() throws {
        // Under VIPS_LEAK=1 libvips reports, at shutdown, every image or buffer still alive.
        let dir = TestPaths.temporaryFolder("vipscheck")
        let run = try CLIRun.run(["render", TestPaths.fixture("render/grids.json"), "--out", dir + "/o"], environment: ["VIPS_LEAK": "1"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.contains("memory: high-water mark"), "the leak check did not run:\n\(run.stderr)")
        #expect(!run.stderr.contains("objects alive"), "\(run.stderr)")
        #expect(!run.stderr.lowercased().contains("leak"), "\(run.stderr)")
    }

    @Test func localeAndTimeZoneSetHowTimesRead() throws {
        let dir = TestPaths.temporaryFolder("locale")
        #expect(try CLIRun.run(["render", garden, "--out", "a"], in: dir).status == 0)
        #expect(try CLIRun.run(["render", garden, "--out", "b", "--locale", "en-GB", "--time-zone", "+02:00"], in: dir).status == 0)
        let a = try String(contentsOfFile: dir + "/a/index.html", encoding: .utf8)
        let b = try String(contentsOfFile: dir + "/b/index.html", encoding: .utf8)
        #expect(a.contains("<time class=\"cr-turn-time\" datetime=\"2026-05-02T09:12:00Z\" title=\"2026-05-02T09:12:00Z\">May 2, 2026 at 9:12 AM</time>"))
        #expect(b.contains(">2 May 2026, 11:12</time>"))
        let bad = try CLIRun.run(["render", garden, "--out", "c", "--time-zone", "Europe/Paris"], in: dir)
        #expect(bad.status == 64)
        #expect(bad.stderr.contains("--time-zone \"Europe/Paris\": expected UTC or a fixed offset"))
    }

    @Test func noRetryHidesRetry() throws {
        let dir = TestPaths.temporaryFolder("cli")
        #expect(try CLIRun.run(["render", garden, "--out", "a"], in: dir).status == 0)
        #expect(try CLIRun.run(["render", garden, "--out", "b", "--no-retry"], in: dir).status == 0)
        #expect(try String(contentsOfFile: dir + "/a/index.html", encoding: .utf8).contains("<button type=\"button\" class=\"cr-retry"))
        #expect(!(try String(contentsOfFile: dir + "/b/index.html", encoding: .utf8).contains("<button type=\"button\" class=\"cr-retry")))
    }

    @Test func templatesOverrideAndAreValidated() throws {
        let dir = TestPaths.temporaryFolder("cli")
        let fm = FileManager.default
        try fm.copyItem(atPath: TestPaths.templates, toPath: dir + "/t")
        let page = try String(contentsOfFile: dir + "/t/page.html", encoding: .utf8)
        try page.replacingOccurrences(of: "<body>", with: "<body class=\"custom\">").write(toFile: dir + "/t/page.html", atomically: true, encoding: .utf8)
        #expect(try CLIRun.run(["render", garden, "--out", "o", "--templates", "t"], in: dir).status == 0)
        #expect(try String(contentsOfFile: dir + "/o/index.html", encoding: .utf8).contains("<body class=\"custom\">"))
        try (page + "{{nonsense}}").write(toFile: dir + "/t/page.html", atomically: true, encoding: .utf8)
        let bad = try CLIRun.run(["render", garden, "--out", "o2", "--templates", "t"], in: dir)
        #expect(bad.status == 65)
        #expect(bad.stderr.contains("t/page.html:18:1: error: unknown placeholder {{nonsense}}"))
    }

    @Test func themeCheckReportsContrast() throws {
        let run = try CLIRun.run(["theme", "check", TestPaths.defaultTheme])
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        #expect(run.stdout.contains("light"))
        #expect(run.stdout.contains("dark"))
        #expect(run.stdout.contains("PASS"))
        let missing = try CLIRun.run(["theme", "check", "/nonexistent/x.tokens.json"])
        #expect(missing.status == 66)
    }
}
