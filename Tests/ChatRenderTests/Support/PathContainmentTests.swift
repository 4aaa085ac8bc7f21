import Foundation
import Testing
@testable import ChatModel
@testable import ChatSupport
@testable import ChatLoad
@testable import ChatTheme
import TestSupport

/// The one containment check (`SourcePath.components`, `SourcePath.lies`): a relative path from
/// input stays inside its folder, as written and once symbolic links are followed, and every
/// reader of such paths (photos and files, an export's manifest, a theme's `$ref`, zip entries)
/// asks it.
@Suite struct PathContainmentTests {
    typealias Leaves = SourcePath.Leaves

    static func parts(_ path: String, plain: Bool = false) -> Result<[String], Leaves> {
        SourcePath.components(path, plain: plain).map { $0.map(String.init) }
    }

    @Test func aPathThatStaysInsideIsItsComponents() {
        #expect(Self.parts("a/b.png") == .success(["a", "b.png"]))
        #expect(Self.parts("./a//b/") == .success(["a", "b"]))
        #expect(Self.parts("a/../b") == .success(["b"]))
        #expect(Self.parts("a/b/../../c") == .success(["c"]))
        #expect(Self.parts("a/..") == .success([]))
        #expect(Self.parts("") == .success([]))
        // Only `/` separates: a backslash, `~` or `%2F` is part of a name (each reader refuses
        // those itself, in its own words, before asking).
        #expect(Self.parts("..\\x") == .success(["..\\x"]))
        #expect(Self.parts("~/x") == .success(["~", "x"]))
        #expect(Self.parts("..%2Fx") == .success(["..%2Fx"]))
        #expect(Self.parts("...") == .success(["..."]))
    }

    @Test func aPathThatLeavesIsRefused() {
        #expect(Self.parts("..") == .failure(.climbsOut))
        #expect(Self.parts("../x") == .failure(.climbsOut))
        #expect(Self.parts("a/../../x") == .failure(.climbsOut))
        #expect(Self.parts("./../x") == .failure(.climbsOut))
        #expect(Self.parts("a/b/../../..") == .failure(.climbsOut))
        #expect(Self.parts("/etc/passwd") == .failure(.absolute))
        #expect(Self.parts("//x") == .failure(.absolute))
    }

    /// `plain`: a zip entry or a manifest's file names its place directly.
    @Test func aPlainPathHasNoDotsOrEmptyComponents() {
        #expect(Self.parts("a/b.json", plain: true) == .success(["a", "b.json"]))
        #expect(Self.parts("a/../b", plain: true) == .failure(.climbsOut))
        #expect(Self.parts("../b", plain: true) == .failure(.climbsOut))
        #expect(Self.parts("./a", plain: true) == .failure(.dot))
        #expect(Self.parts("a//b", plain: true) == .failure(.emptyComponent))
        #expect(Self.parts("a/", plain: true) == .failure(.emptyComponent))
        #expect(Self.parts("", plain: true) == .failure(.emptyComponent))
        // The first problem met is the answer.
        #expect(Self.parts("a/./../b", plain: true) == .failure(.dot))
        #expect(Self.parts("/a", plain: true) == .failure(.absolute))
    }

    @Test func liesWithinComparesWholeComponents() {
        #expect(SourcePath.lies("/a/b", within: "/a"))
        #expect(SourcePath.lies("/a", within: "/a"))
        #expect(SourcePath.lies("/a/b", within: "/a/"))
        #expect(SourcePath.lies("/a/b", within: "/"))
        #expect(!SourcePath.lies("/ab", within: "/a"))
        #expect(!SourcePath.lies("/a", within: "/a/b"))
        #expect(!SourcePath.lies("/b/a", within: "/a"))
    }

    /// Where a path leads once links are followed: a link out of the folder is out, whatever
    /// its name says; a link inside stays in.
    @Test func symbolicLinksAreFollowed() throws {
        let root = TestPaths.temporaryFolder("contain-links")
        defer { try? FileManager.default.removeItem(atPath: root) }
        let fm = FileManager.default
        try fm.createDirectory(atPath: root + "/folder/sub", withIntermediateDirectories: true)
        try "x".write(toFile: root + "/folder/sub/in.json", atomically: true, encoding: .utf8)
        try "secret".write(toFile: root + "/out.json", atomically: true, encoding: .utf8)
        try fm.createSymbolicLink(atPath: root + "/folder/link-out.json", withDestinationPath: "../out.json")
        try fm.createSymbolicLink(atPath: root + "/folder/link-in.json", withDestinationPath: "sub/in.json")
        try fm.createSymbolicLink(atPath: root + "/folder/up", withDestinationPath: "..")
        try fm.createSymbolicLink(atPath: root + "/folder/self", withDestinationPath: ".")
        let folder = try #require(SourcePath.realPath(root + "/folder"))
        func inside(_ relative: String) -> Bool? {
            SourcePath.realPath(root + "/folder/" + relative).map { SourcePath.lies($0, within: folder) }
        }
        #expect(inside("sub/in.json") == true)
        #expect(inside("link-in.json") == true)
        #expect(inside("link-out.json") == false)
        #expect(inside("up/out.json") == false)
        #expect(inside("missing.json") == nil)
        // The theme reader's question: a `$ref` through a link out is refused; one that does not
        // resolve is let through to fail as unreadable; the folder itself is not a file in it.
        #expect(ThemeFiles.stays(root + "/folder/link-in.json", inside: root + "/folder"))
        #expect(!ThemeFiles.stays(root + "/folder/link-out.json", inside: root + "/folder"))
        #expect(!ThemeFiles.stays(root + "/folder/up/out.json", inside: root + "/folder"))
        #expect(!ThemeFiles.stays(root + "/folder/self", inside: root + "/folder"))
        #expect(ThemeFiles.stays(root + "/folder/missing.json", inside: root + "/folder"))
        // The photo reader's: the same answers, with the link named.
        #expect(try SourcePath.resolve("link-in.json", base: root + "/folder").get() == folder + "/sub/in.json")
        if case .failure(let problem) = SourcePath.resolve("link-out.json", base: root + "/folder") {
            #expect(problem.reason == "the path leads outside the conversation's folder (through a symbolic link)")
        } else {
            Issue.record("a link out of the folder was read")
        }
    }

    /// Each reader of paths from input answers as the one check does, in its own words.
    @Test(arguments: ["a/b.json", "a/../b.json", "./a.json", "../a.json", "a/../../b.json", "a//b.json", "/a.json", "a/./b.json", "sub/dir/c.json"])
    func everyReaderAsksTheOneCheck(_ path: String) {
        let lenient = SourcePath.components(path)
        let plain = SourcePath.components(path, plain: true)
        // A theme's `$ref`: lenient (a `..` that stays inside is fine).
        switch (ThemeFiles.normalizeReference(path), lenient) {
        case (.success(let normalized), .success(let parts)): #expect(normalized == parts.joined(separator: "/"))
        case (.failure(let problem), .failure): #expect(problem.reason.contains("outside") || problem.reason.contains("must be a relative path"))
        default: Issue.record("the theme reader and the check disagree on \(path)")
        }
        // A manifest's file and a zip entry: plain.
        #expect(ExportManifest.isSafeName(path) == ((try? plain.get()) != nil))
        #expect((ZipName.problem(path) == nil) == ((try? plain.get()) != nil))
    }
}
