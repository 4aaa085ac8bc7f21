import Foundation
import Testing
@testable import ChatModel
@testable import ChatPlan
@testable import ChatOutput
@testable import ChatAssets
@testable import ChatRender
import TestSupport

/// The output door: stages write through a sink, and the staging folder is the only way an
/// output appears.
@Suite struct OutputSinkTests {
    /// The asset stage needs no output folder: into memory, every image and copy is there to read.
    @Test func theAssetStageWritesIntoMemory() throws {
        let photo = Attachment(id: "a", name: "a.png", byteCount: 1, contentType: "image/png", preview: "photos/p1.png")
        let file = Attachment(id: "c", name: "Notes.HTML", byteCount: 1, contentType: "text/html", url: .local("payload.html"))
        let conversation = Conversation(messages: [Message(id: "m", role: .user, text: "", attachments: [photo, file])])
        let producer = AssetProducer(inspector: FakeImageInspector(info: ImageInfo(format: .png, width: 640, height: 480)),
                                     baseDirectory: TestPaths.fixture("render"), displayPath: "c.json")
        let output = MemoryOutput()
        let (table, warnings) = try producer.produce(conversation, into: output)
        #expect(warnings.isEmpty)
        let files = output.files
        let image = try #require(table[0, 0].image)
        // The single photo's two thumbnails and its viewer image, the file's copy, the source index.
        for path in [image.display.path] + image.sizes.values.map(\.path) {
            #expect(files[path] != nil, "\(path) was not written")
        }
        guard case .asset(let copy)? = table[0, 1].file else { Issue.record("the file has no copy"); return }
        #expect(copy.hasSuffix(".html.txt"))
        let original = try #require(FileManager.default.contents(atPath: TestPaths.fixture("render/payload.html")))
        #expect(files[copy] == Array(original))
        #expect(files["assets/" + SourceIndex.fileName] != nil)
        #expect(files.count == 5)
    }

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
}
