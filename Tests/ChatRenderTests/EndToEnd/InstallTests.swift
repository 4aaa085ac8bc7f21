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
@testable import ChatRenderCLI
import TestSupport

/// `scripts/install`, run for real into a temporary prefix. It installs the debug build already
/// made for these tests (`--binary`): a release build would take minutes.
@Suite struct InstallTests {
    func install(_ arguments: [String]) throws -> CLIRun {
        try CLIRun.run([TestPaths.repo("scripts/install")] + arguments, executable: "/bin/bash")
    }

    func listing(_ folder: String) throws -> [String] { try FileManager.default.contentsOfDirectory(atPath: folder).sorted() }

    @Test func installsTheBinaryAndItsDataThenRendersFromAnywhere() throws {
        let prefix = try #require(SourcePath.realPath(TestPaths.temporaryFolder("prefix"))) + "/usr"
        let first = try install(["--prefix", prefix, "--binary", TestPaths.executable])
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stdout.hasPrefix("installed chatrender \(CLI.version): \(prefix)/bin/chatrender"))
        #expect(try listing(prefix + "/bin") == ["chatrender"])
        #expect(try listing(prefix + "/share") == ["chatrender"])
        #expect(try listing(prefix + "/share/chatrender") == [".chatrender-install", "templates", "themes"])
        #expect(try listing(prefix + "/share/chatrender/templates") == listing(TestPaths.templates))
        #expect(try listing(prefix + "/share/chatrender/themes") == listing(TestPaths.repo("themes")))

        // From another folder, with no CHATRENDER_DATA: the garden renders with the installed data.
        let work = TestPaths.temporaryFolder("installed-work")
        let garden = TestPaths.repo("examples/garden/conversation.json")
        let run = try CLIRun.run(
            ["render", garden, "--out", "garden"], in: work, environment: ["CHATRENDER_DATA": ""],
            executable: prefix + "/bin/chatrender")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.hasPrefix("wrote garden/index.html ("))
        #expect(try listing(work + "/garden/assets").filter { $0.hasSuffix(".webp") }.count == 18)

        // Again: the same files, nothing left over, and no complaint.
        let second = try install(["--prefix", prefix, "--binary", TestPaths.executable])
        #expect(second.status == 0, "\(second.stderr)")
        #expect(try listing(prefix + "/bin") == ["chatrender"])
        #expect(try listing(prefix + "/share") == ["chatrender"])
        #expect(try listing(prefix + "/share/chatrender") == [".chatrender-install", "templates", "themes"])
    }

    @Test func refusesAFolderItDidNotInstall() throws {
        let prefix = TestPaths.temporaryFolder("foreign")
        try FileManager.default.createDirectory(atPath: prefix + "/share/chatrender", withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: prefix + "/share/chatrender/mine.txt", contents: Data("mine".utf8))
        let run = try install(["--prefix", prefix, "--binary", TestPaths.executable])
        #expect(run.status == 73)
        #expect(run.stderr.contains("share/chatrender exists and was not installed by scripts/install"))
        #expect(try listing(prefix + "/share/chatrender") == ["mine.txt"])
        #expect(!FileManager.default.fileExists(atPath: prefix + "/bin/chatrender"))
    }

    @Test func answersHelpAndRefusesUnknownArguments() throws {
        let help = try install(["--help"])
        #expect(help.status == 0)
        #expect(help.stdout.hasPrefix("usage: scripts/install [--prefix DIR] [--binary PATH]\n"))
        let unknown = try install(["--prefx", "/tmp/x"])
        #expect(unknown.status == 64)
        #expect(unknown.stderr == "scripts/install: unknown argument \"--prefx\" (see scripts/install --help)\n")
        let missing = try install(["--prefix", TestPaths.temporaryFolder("nobin"), "--binary", "/nonexistent/chatrender"])
        #expect(missing.status == 66)
    }
}
