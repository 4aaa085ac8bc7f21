import Foundation
import Testing
@testable import ChatModel
import TestSupport

@Suite struct FilePathTests {
    @Test func namesWithPrefixListsOnlyMatchingEntries() throws {
        let dir = TestPaths.temporaryFolder("names")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        for name in [".page.chatrender-staging-Ab12Cd", ".page.chatrender-staging-Zz99Yy", ".page", "page", ".other.chatrender-staging-Ab12Cd", "été-1"] {
            try FileManager.default.createDirectory(atPath: dir + "/" + name, withIntermediateDirectories: false)
        }
        try Data("x".utf8).write(to: URL(fileURLWithPath: dir + "/.page.chatrender-staging-file"))
        #expect(
            FilePath.names(in: dir, withPrefix: ".page.chatrender-staging-").sorted()
                == [".page.chatrender-staging-Ab12Cd", ".page.chatrender-staging-Zz99Yy", ".page.chatrender-staging-file"])
        #expect(FilePath.names(in: dir, withPrefix: "été") == ["été-1"])
        // A prefix longer than every name, and the empty prefix (everything but `.` and `..`).
        #expect(FilePath.names(in: dir, withPrefix: String(repeating: "p", count: 300)).isEmpty)
        #expect(FilePath.names(in: dir, withPrefix: "").count == 7)
    }

    @Test func namesInAMissingOrUnreadableFolderIsEmpty() {
        #expect(FilePath.names(in: "/nonexistent-\(UUID().uuidString)", withPrefix: "").isEmpty)
        #expect(FilePath.names(in: TestPaths.repo("Package.swift"), withPrefix: "").isEmpty)
    }

    @Test func theLastComponentIgnoresTrailingSlashesButNotASlashAlone() {
        let cases: [(String, String)] = [
            ("a/b/c.json", "c.json"), ("a/b/", "b"), ("a/b//", "b"), ("/", "/"), ("//", "/"),
            ("", ""), ("c", "c"), ("/c", "c"), ("é/", "é"), ("a/\u{0600}/", "\u{0600}/"),
            ("x/\u{301}", "x/\u{301}"), ("dir/caf\u{65}\u{301}/", "caf\u{65}\u{301}"),
        ]
        for (path, name) in cases {
            #expect(FilePath.lastComponent(path) == name, "\(path.debugDescription)")
        }
    }

    @Test func aRelativeJoinLeavesOutTheCurrentFolder() {
        // A file named beside one given as a bare name (whose folder is `.`) is named bare too.
        let cases: [(String, String, String)] = [
            (".", "light.tokens.json", "light.tokens.json"), (FilePath.directory("theme.resolver.json"), "a/b.json", "a/b.json"),
            ("themes", "sp/base.tokens.json", "themes/sp/base.tokens.json"), ("themes/", "a.json", "themes/a.json"),
            ("/", "a.json", "/a.json"), ("", "a.json", "a.json"), ("./", "a.json", "./a.json"), ("..", "a.json", "../a.json"),
            ("themes", "/abs.json", "/abs.json"), (".", "/abs.json", "/abs.json"),
        ]
        for (folder, relative, joined) in cases {
            #expect(FilePath.joinRelative(folder, relative) == joined, "\(folder.debugDescription) + \(relative.debugDescription)")
        }
        // `join` itself keeps the `.`: a path to open, where `./a` and `a` are the same file.
        #expect(FilePath.join(".", "a.json") == "./a.json")
    }
}
