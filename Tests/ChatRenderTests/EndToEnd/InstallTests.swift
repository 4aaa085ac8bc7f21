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
        #expect(try listing(prefix + "/share") == Self.shared)
        // A manual page per command, and the completions, made by the binary installed.
        let pages = ManualPage.pages(CLI.commands, version: ChatRenderVersion.string).map { $0.fileName + ".gz" }
        #expect(try listing(prefix + "/share/man/man1") == pages.sorted())
        let bash = try String(contentsOfFile: prefix + "/share/bash-completion/completions/chatrender", encoding: .utf8)
        #expect(bash.hasPrefix("# bash completion for chatrender"))
        #expect(FileManager.default.fileExists(atPath: prefix + "/share/zsh/site-functions/_chatrender"))
        #expect(FileManager.default.fileExists(atPath: prefix + "/share/fish/vendor_completions.d/chatrender.fish"))
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
        #expect(try listing(prefix + "/share") == Self.shared)
        #expect(try listing(prefix + "/share/chatrender") == [".chatrender-install", "templates", "themes"])
        #expect(try listing(prefix + "/share/man/man1") == pages.sorted())

        // A manual page an earlier install left and this one does not make (a command since
        // removed) goes; one it did not install stops the install, and nothing is changed.
        let marker = prefix + "/share/chatrender/.chatrender-install"
        let listed = try String(contentsOfFile: marker, encoding: .utf8)
        try (listed + "share/man/man1/chatrender-gone.1.gz\n").write(toFile: marker, atomically: true, encoding: .utf8)
        _ = FileManager.default.createFile(atPath: prefix + "/share/man/man1/chatrender-gone.1.gz", contents: Data())
        let third = try install(["--prefix", prefix, "--binary", TestPaths.executable])
        #expect(third.status == 0, "\(third.stderr)")
        #expect(try listing(prefix + "/share/man/man1") == pages.sorted())
        try FileManager.default.removeItem(atPath: prefix + "/share/fish/vendor_completions.d/chatrender.fish")
        try FileManager.default.removeItem(atPath: marker)
        try FileManager.default.removeItem(atPath: prefix + "/share/chatrender")
        let foreign = try install(["--prefix", prefix, "--binary", TestPaths.executable])
        #expect(foreign.status == 73)
        #expect(foreign.stderr.contains("/share/bash-completion/completions/chatrender exists and was not installed by scripts/install"))
        #expect(!FileManager.default.fileExists(atPath: prefix + "/share/chatrender"))
    }

    /// What an install puts in PREFIX/share.
    static let shared = ["bash-completion", "chatrender", "fish", "man", "zsh"]

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
