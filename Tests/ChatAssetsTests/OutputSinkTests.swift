import Foundation
import Testing
@testable import ChatModel
@testable import ChatPlan
@testable import ChatOutput
@testable import ChatAssets
import TestSupport

/// The asset stage writes through an output sink like every stage (the staging folder's own
/// tests are ChatOutputTests').
@Suite struct OutputSinkTests {
    /// The asset stage needs no output folder: into memory, every image and copy is there to read.
    @Test func theAssetStageWritesIntoMemory() throws {
        let photo = Attachment(id: "a", name: "a.png", byteCount: 1, contentType: "image/png", preview: "photos/p1.png")
        let file = Attachment(id: "c", name: "Notes.HTML", byteCount: 1, contentType: "text/html", url: .local("payload.html"))
        let conversation = Conversation(messages: [Message(id: "m", role: .user, text: "", attachments: [photo, file])])
        let producer = AssetProducer(
            inspector: FakeImageInspector(info: ImageInfo(format: .png, width: 640, height: 480)),
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
}
