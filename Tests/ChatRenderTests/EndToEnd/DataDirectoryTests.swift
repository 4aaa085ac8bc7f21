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

/// Finding the bundled themes/ and templates/: CHATRENDER_DATA, a build inside the repository,
/// an installed PREFIX/share/chatrender, and a clear error naming every folder searched.
@Suite struct DataDirectoryTests {
    /// Makes `folder` hold the two files that mark the data folder.
    func plantData(in folder: String) throws {
        for marker in DataDirectory.markers {
            let path = folder + "/" + marker
            try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            #expect(FileManager.default.createFile(atPath: path, contents: Data("{}".utf8)))
        }
    }

    func message(_ result: Result<String, DiagnosticError>) -> String? {
        guard case .failure(let error) = result else { return nil }
        #expect(error.kind == .missingInput)
        return error.description
    }

    @Test func aBuildInsideTheRepositoryFindsTheRepository() throws {
        let root = TestPaths.temporaryFolder("data-repo")
        try plantData(in: root)
        let executable = root + "/.build/x86_64-unknown-linux-gnu/release/chatrender"
        #expect(DataDirectory.locate(variable: nil, executable: executable) == .success(root))
        #expect(
            DataDirectory.places(forExecutable: executable).map(\.folder)
                == [root, root + "/.build/x86_64-unknown-linux-gnu/share/chatrender"])
    }

    @Test func anInstalledBinaryFindsShareBesideBin() throws {
        let prefix = TestPaths.temporaryFolder("data-prefix")
        try plantData(in: prefix + "/share/chatrender")
        #expect(DataDirectory.locate(variable: nil, executable: prefix + "/bin/chatrender") == .success(prefix + "/share/chatrender"))
        #expect(DataDirectory.places(forExecutable: "/usr/local/bin/chatrender").map(\.folder) == ["/usr/local/share/chatrender"])
    }

    @Test func theVariableWinsAndMustHoldTheData() throws {
        let prefix = TestPaths.temporaryFolder("data-var")
        try plantData(in: prefix + "/share/chatrender")
        let other = TestPaths.temporaryFolder("data-other")
        try plantData(in: other)
        #expect(DataDirectory.locate(variable: other, executable: prefix + "/bin/chatrender") == .success(other))
        // Empty is unset.
        #expect(DataDirectory.locate(variable: "", executable: prefix + "/bin/chatrender") == .success(prefix + "/share/chatrender"))
        let empty = TestPaths.temporaryFolder("data-empty")
        let text = try #require(message(DataDirectory.locate(variable: empty, executable: prefix + "/bin/chatrender")))
        #expect(text.hasPrefix("chatrender: error: CHATRENDER_DATA is \"\(empty)\", which does not hold themes/sp.resolver.json and templates/page.html."))
    }

    @Test func nothingFoundListsEveryFolderSearchedAndTheFix() throws {
        let root = TestPaths.temporaryFolder("data-none")
        let executable = root + "/repo/.build/debug/chatrender"
        let text = try #require(message(DataDirectory.locate(variable: nil, executable: executable)))
        #expect(text.hasPrefix("chatrender: error: cannot find the bundled themes/ and templates/"))
        #expect(text.contains("\n  \(root)/repo  (the repository of a build in .build/)\n"))
        #expect(text.contains("\n  \(root)/repo/.build/share/chatrender  (PREFIX/share/chatrender for PREFIX/bin/chatrender"))
        #expect(text.contains("set CHATRENDER_DATA"))
        #expect(text.contains("scripts/install --prefix PREFIX"))
        #expect(text.contains("or pass --theme and --templates"))
        let unknown = try #require(message(DataDirectory.locate(variable: nil, executable: nil)))
        #expect(unknown.contains("the executable's own location is unknown"))
    }

    @Test func theExecutableIsFoundWithLinksResolved() throws {
        let here = try #require(ExecutableLocation.current())
        #expect(here.hasPrefix("/"))
        #expect(FileManager.default.isExecutableFile(atPath: here))
        #expect(SourcePath.realPath(here) == here)
        let dir = TestPaths.temporaryFolder("link")
        try FileManager.default.createSymbolicLink(atPath: dir + "/link", withDestinationPath: here)
        #expect(SourcePath.realPath(dir + "/link") == here)
    }

    /// The built binary, copied into `prefix/bin`.
    func copyBinary(into prefix: String) throws -> String {
        try FileManager.default.createDirectory(atPath: prefix + "/bin", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: TestPaths.executable, toPath: prefix + "/bin/chatrender")
        return prefix + "/bin/chatrender"
    }

    @Test func aCopyWithoutItsDataSaysWhereItLookedThenWorksOnceTheDataIsThere() throws {
        // Real paths: the binary reports where it really is.
        let prefix = try #require(SourcePath.realPath(TestPaths.temporaryFolder("copied")))
        let binary = try copyBinary(into: prefix)
        let work = TestPaths.temporaryFolder("copied-work")
        let garden = TestPaths.repo("examples/garden/conversation.json")
        let lost = try CLIRun.run(["render", garden, "--out", "o"], in: work, environment: ["CHATRENDER_DATA": ""], executable: binary)
        #expect(lost.status == 66)
        #expect(lost.stderr.hasPrefix("chatrender: error: cannot find the bundled themes/ and templates/"))
        #expect(lost.stderr.contains("\n  \(prefix)/share/chatrender  (PREFIX/share/chatrender"))
        #expect(lost.stderr.contains("CHATRENDER_DATA") && lost.stderr.contains("scripts/install"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: work).isEmpty)
        // With both options given, no data folder is needed.
        let given = try CLIRun.run(
            ["render", garden, "--out", "given", "-q", "--theme", TestPaths.defaultTheme, "--templates", TestPaths.templates],
            in: work, environment: ["CHATRENDER_DATA": ""], executable: binary)
        #expect(given.status == 0, "\(given.stderr)")

        try FileManager.default.createDirectory(atPath: prefix + "/share/chatrender", withIntermediateDirectories: true)
        for folder in ["themes", "templates"] {
            try FileManager.default.copyItem(atPath: TestPaths.repo(folder), toPath: prefix + "/share/chatrender/" + folder)
        }
        let found = try CLIRun.run(["render", garden, "--out", "o", "-q"], in: work, environment: ["CHATRENDER_DATA": ""], executable: binary)
        #expect(found.status == 0, "\(found.stderr)")
        #expect(FileManager.default.fileExists(atPath: work + "/o/index.html"))
        // Through a link from another folder on PATH, it still finds the data beside its real self.
        let links = TestPaths.temporaryFolder("links")
        try FileManager.default.createSymbolicLink(atPath: links + "/chatrender", withDestinationPath: binary)
        let linked = try CLIRun.run(["preview", "--out", "p", "-q"], in: work, environment: ["CHATRENDER_DATA": ""], executable: links + "/chatrender")
        #expect(linked.status == 0, "\(linked.stderr)")
        #expect(FileManager.default.fileExists(atPath: work + "/p/index.html"))
    }
}
