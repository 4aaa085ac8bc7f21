import Foundation
import Testing
@testable import ChatModel
@testable import ChatOutput
import TestSupport

/// The staging folder is the only way an output appears: nothing at the destination until the
/// commit, a discard leaves nothing, a site's pages appear with it.
@Suite struct StagingFolderTests {
    /// Nothing appears at the destination until the commit, and a discard leaves nothing behind.
    @Test func aStagingFolderAppearsOnlyWhenCommitted() throws {
        let parent = TestPaths.temporaryFolder("sink")
        defer { try? FileManager.default.removeItem(atPath: parent) }
        let destination = parent + "/out"
        let output = try StagingFolder(replacing: destination)
        try output.write(Array("<p>one</p>".utf8), to: "index.html")
        #expect(!FileManager.default.fileExists(atPath: destination))
        try output.commit()
        #expect(FileManager.default.contents(atPath: destination + "/index.html") == Data("<p>one</p>".utf8))
        #expect(FileManager.default.fileExists(atPath: destination + "/" + OutputWriter.marker))

        let second = try StagingFolder(replacing: destination)
        try second.write(Array("<p>two</p>".utf8), to: "index.html")
        second.discard()
        #expect(FileManager.default.contents(atPath: destination + "/index.html") == Data("<p>one</p>".utf8))
        #expect(try FileManager.default.contentsOfDirectory(atPath: parent) == ["out"])
    }

    /// A folder chatrender did not make is never replaced, and is refused before any work.
    @Test func aForeignFolderIsRefusedUpFront() throws {
        let parent = TestPaths.temporaryFolder("sink")
        defer { try? FileManager.default.removeItem(atPath: parent) }
        let destination = parent + "/mine"
        try FileManager.default.createDirectory(atPath: destination, withIntermediateDirectories: true)
        try Data("keep".utf8).write(to: URL(fileURLWithPath: destination + "/notes.txt"))
        #expect(throws: DiagnosticError.self) { try StagingFolder(replacing: destination) }
        #expect(try FileManager.default.contentsOfDirectory(atPath: parent) == ["mine"])
        // A snapshot folder is the person's own: any folder may be replaced, and only whole.
        let snapshot = try StagingFolder(replacing: destination, replaces: .anyFolder, what: "the snapshot")
        try snapshot.write(Array("new".utf8), to: "index.html")
        try snapshot.commit()
        #expect(try FileManager.default.contentsOfDirectory(atPath: destination) == ["index.html"])
    }

    /// A site's staging folder flushes once, at the commit; each page's folder inside it appears
    /// with the site, and a page that fails takes only its own folder away.
    @Test func pagesOfASiteAppearWithItAndAFailedPageLeavesNothing() throws {
        let parent = TestPaths.temporaryFolder("sink")
        defer { try? FileManager.default.removeItem(atPath: parent) }
        let destination = parent + "/site"
        let site = try StagingFolder(replacing: destination, durability: .atCommit)
        #expect(!site.durable)
        let kept = try SubfolderOutput("kept", in: site)
        #expect(!kept.durable)
        #expect(kept.destination == destination + "/kept")
        try kept.write(Array("<p>kept</p>".utf8), to: "index.html")
        let failed = try SubfolderOutput("failed", in: site)
        try failed.write(Array("<p>half</p>".utf8), to: "index.html")
        failed.discard()
        try site.write(Array("<p>index</p>".utf8), to: "index.html")
        #expect(!FileManager.default.fileExists(atPath: destination))
        try site.commit()
        #expect(FileManager.default.contents(atPath: destination + "/kept/index.html") == Data("<p>kept</p>".utf8))
        #expect(try FileManager.default.contentsOfDirectory(atPath: destination).sorted() == [OutputWriter.marker, "index.html", "kept"])
    }

    /// A file of the output being replaced is kept (linked, the same file) only when it holds
    /// the very bytes asked for; a scratch folder that keeps unchanged files writes changed ones.
    @Test func aFileIsKeptOnlyWhenItHoldsTheSameBytes() throws {
        let parent = TestPaths.temporaryFolder("sink")
        defer { try? FileManager.default.removeItem(atPath: parent) }
        let destination = parent + "/out"
        let one = Array("one".utf8), two = Array("two".utf8)
        let first = try StagingFolder(replacing: destination)
        // Nothing to keep yet: there is no output.
        #expect(!first.keep("live/1.js", holding: one))
        try first.write(one, to: "live/1.js")
        try first.commit()
        func inode(_ path: String) -> UInt64 {
            var info = stat()
            return lstat(path, &info) == 0 ? UInt64(info.st_ino) : 0
        }
        let written = inode(destination + "/live/1.js")

        let second = try StagingFolder(replacing: destination)
        #expect(!second.keep("live/1.js", holding: two))
        #expect(!second.keep("live/2.js", holding: one))
        #expect(second.keep("live/1.js", holding: one))
        try second.commit()
        #expect(inode(destination + "/live/1.js") == written)
        #expect(FileManager.default.contents(atPath: destination + "/live/1.js") == Data(one))

        let scratch = try ScratchOutput("sink", keepsUnchangedFiles: true)
        defer { scratch.remove() }
        try scratch.write(one, to: "files/a.png")
        let made = inode(scratch.path + "/files/a.png")
        try scratch.write(one, to: "files/a.png")
        #expect(inode(scratch.path + "/files/a.png") == made)
        try scratch.write(two, to: "files/a.png")
        #expect(FileManager.default.contents(atPath: scratch.path + "/files/a.png") == Data(two))
    }
}
