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
}
