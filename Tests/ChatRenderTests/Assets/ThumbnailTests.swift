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

/// libvips on real images made by the tests: sizes, formats, orientation, metadata, bad files.
@Suite(.serialized) struct ThumbnailTests {
    let inspector = VipsImageInspector()

    /// An image made with the `vips` command from a fixture PNG, in the format the name says.
    func made(_ name: String, from fixture: String = "render/photos/p1.png", in dir: String) throws -> String {
        let path = dir + "/" + name
        try #require(try CLIRunTool.run("/usr/bin/vips", ["copy", TestPaths.fixture(fixture), path]) == 0, "vips could not write \(name)")
        return path
    }

    func exif(_ path: String, _ tag: String) throws -> String {
        try CLIRunTool.output("/usr/bin/exiftool", ["-s3", "-\(tag)", path])
    }

    @Test(arguments: ["a.jpg", "a.png", "a.webp", "a.gif", "a.tif", "a.heic"])
    func everyInputFormatBecomesAWebImage(_ name: String) throws {
        let dir = TestPaths.temporaryFolder("fmt")
        let source = try made(name, in: dir)
        var settings = ImageSettings()
        for format in OutputImageFormat.allCases {
            settings.format = format
            let out = dir + "/out.\(format.fileExtension)"
            let size = try inspector.thumbnail(source: source, destination: out, variant: .fit(416), settings: settings)
            #expect(size.width == 416 && size.height == 312, "\(name) → \(format)")
            let info = try inspector.inspect(path: out)
            #expect(info.width == 416 && info.height == 312)
            switch format {
            case .webp: #expect(info.format == .webp)
            case .jpeg: #expect(info.format == .jpeg)
            case .avif: #expect(info.format == .other("heif"), "\(info.format)")
            }
        }
    }

    @Test func variantsHaveTheirLayoutSizes() throws {
        let dir = TestPaths.temporaryFolder("var")
        let source = TestPaths.fixture("render/photos/p2.png")  // 480×640, portrait
        let settings = ImageSettings()
        #expect(try inspector.thumbnail(source: source, destination: dir + "/a.webp", variant: .fit(416), settings: settings) == (416, 555))
        #expect(try inspector.thumbnail(source: source, destination: dir + "/b.webp", variant: .square(206), settings: settings) == (206, 206))
        // Never upscaled: the display image of a small photo is the photo's own size.
        #expect(try inspector.thumbnail(source: source, destination: dir + "/c.webp", variant: .longEdge(2560), settings: settings) == (480, 640))
        #expect(try inspector.thumbnail(source: source, destination: dir + "/d.webp", variant: .longEdge(320), settings: settings) == (240, 320))
    }

    @Test func exifOrientationIsApplied() throws {
        let dir = TestPaths.temporaryFolder("orient")
        let jpeg = try made("r.jpg", in: dir)  // 640×480
        try #require(try CLIRunTool.run("/usr/bin/exiftool", ["-q", "-overwrite_original", "-Orientation#=6", jpeg]) == 0)
        let size = try inspector.thumbnail(source: jpeg, destination: dir + "/o.webp", variant: .longEdge(2560), settings: ImageSettings())
        #expect(size == (480, 640))
        // and the written file is upright, with no orientation left to apply twice
        #expect(try exif(dir + "/o.webp", "Orientation") == "")
    }

    @Test(arguments: OutputImageFormat.allCases)
    func locationAndCameraDetailsAreStripped(_ format: OutputImageFormat) throws {
        let dir = TestPaths.temporaryFolder("gps")
        let jpeg = try made("gps.jpg", in: dir)
        try #require(
            try CLIRunTool.run(
                "/usr/bin/exiftool",
                [
                    "-q", "-overwrite_original", "-GPSLatitude=51.5", "-GPSLatitudeRef=N",
                    "-GPSLongitude=0.12", "-GPSLongitudeRef=W", "-SerialNumber=CAM123",
                    "-XMP-dc:Creator=Someone", jpeg,
                ]) == 0)
        try #require(try exif(jpeg, "GPSLatitude") != "", "fixture has no GPS")
        var settings = ImageSettings()
        settings.format = format
        let out = dir + "/t.\(format.fileExtension)"
        _ = try inspector.thumbnail(source: jpeg, destination: out, variant: .longEdge(2560), settings: settings)
        #expect(try exif(out, "GPSLatitude") == "")
        #expect(try exif(out, "SerialNumber") == "")
        #expect(try exif(out, "Creator") == "")
        // No EXIF block at all, not even the bare one libvips's WebP saver makes up.
        #expect(try exif(out, "ExifVersion") == "")
        #expect(try exif(out, "XResolution") == "")
        // --keep-metadata keeps it, for those who want it.
        settings.keepMetadata = true
        let kept = dir + "/k.\(format.fileExtension)"
        _ = try inspector.thumbnail(source: jpeg, destination: kept, variant: .longEdge(2560), settings: settings)
        if format != .avif {  // libheif's AVIF writer carries no EXIF in this libvips
            #expect(try exif(kept, "GPSLatitude") != "")
        }
    }

    @Test func truncatedAndEmptyFilesFail() throws {
        let dir = TestPaths.temporaryFolder("trunc")
        let jpeg = try made("whole.jpg", from: "render/photos/p3.png", in: dir)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: jpeg))
        try bytes.prefix(bytes.count / 2).write(to: URL(fileURLWithPath: dir + "/half.jpg"))
        #expect(throws: ImageProblem.self) {
            try inspector.thumbnail(source: dir + "/half.jpg", destination: dir + "/h.webp", variant: .fit(416), settings: ImageSettings())
        }
        #expect(!FileManager.default.fileExists(atPath: dir + "/h.webp"))
        #expect(FileManager.default.createFile(atPath: dir + "/empty.jpg", contents: Data()))
        #expect(throws: ImageProblem.self) { try inspector.inspect(path: dir + "/empty.jpg") }
        // A PNG named .jpg is read by its content, not its name.
        let png = try made("png.png", in: dir)
        try FileManager.default.moveItem(atPath: png, toPath: dir + "/mislabelled.jpg")
        #expect(try inspector.inspect(path: dir + "/mislabelled.jpg").format == .png)
    }

    @Test func decompressionBombsAreRefusedBeforeDecoding() throws {
        let dir = TestPaths.temporaryFolder("bomb")
        // 12 000 × 12 000 of one colour: a small file that would need 432 MB decoded.
        try #require(try CLIRunTool.run("/usr/bin/vips", ["black", dir + "/bomb.png", "12000", "12000"]) == 0)
        let conversation = Conversation(messages: [
            Message(
                id: "m", role: .user, text: "",
                attachments: [
                    Attachment(id: "a", name: "bomb.png", byteCount: 1, contentType: "image/png", preview: "bomb.png")
                ])
        ])
        let counting = CountingInspector(inspector)
        let producer = AssetProducer(inspector: counting, baseDirectory: dir, displayPath: "c.json")
        let (table, warnings) = try producer.produce(conversation, into: TestFolderOutput(TestPaths.temporaryFolder("stage")))
        #expect(table[0, 0].image == nil)
        #expect(
            warnings.map(\.message) == ["\"bomb.png\": the image is 12000×12000 pixels, over the limit of 100000000 pixels; the photo is shown as unavailable"])
        #expect(counting.calls == 1)  // the header only
    }

    @Test func identicalPhotosUnderTwoNamesAreBothMade() throws {
        let dir = TestPaths.temporaryFolder("twins")
        for name in ["a.png", "b.png", "c.png", "d.png"] {
            try FileManager.default.copyItem(atPath: TestPaths.fixture("render/photos/p1.png"), toPath: dir + "/" + name)
        }
        let attachments = ["a.png", "b.png", "c.png", "d.png"].enumerated().map { i, name in
            Attachment(id: "\(i)", name: name, byteCount: 1, contentType: "image/png", preview: name)
        }
        let conversation = Conversation(messages: [Message(id: "m", role: .user, text: "", attachments: attachments)])
        for _ in 0..<5 {
            let producer = AssetProducer(inspector: inspector, baseDirectory: dir, displayPath: "c.json")
            let (table, warnings) = try producer.produce(conversation, into: TestFolderOutput(TestPaths.temporaryFolder("stage")))
            #expect(warnings.isEmpty, "\(warnings)")
            #expect((0..<4).allSatisfy { table[0, $0].image != nil })
            #expect(Set((0..<4).map { table[0, $0].image?.display.path }).count == 1)
        }
    }

    @Test func aSecondExportReusesEveryImageWithoutLibvips() throws {
        let out = TestPaths.temporaryFolder("cache") + "/out"
        func render(_ inspector: CountingInspector) throws -> RenderResult {
            let request = RenderRequest(
                conversationPath: TestPaths.repo("examples/garden/conversation.json"), themePath: TestPaths.defaultTheme,
                templatesDirectory: TestPaths.templates, outputDirectory: out)
            return try ChatRenderer.render(request, inspector: inspector)
        }
        let first = CountingInspector(VipsImageInspector())
        let one = try render(first)
        #expect(first.calls > 0)
        #expect(one.images.imagesMade == 6 * 3 && one.images.imagesReused == 0)
        let page = try String(contentsOfFile: out + "/index.html", encoding: .utf8)
        let second = CountingInspector(VipsImageInspector())
        let two = try render(second)
        #expect(second.calls == 0)
        #expect(two.images.imagesMade == 0 && two.images.imagesReused == 6 * 3)
        #expect(try String(contentsOfFile: out + "/index.html", encoding: .utf8) == page)
        // A different setting makes new images.
        var settings = ImageSettings()
        settings.format = .jpeg
        let third = CountingInspector(VipsImageInspector())
        let request = RenderRequest(
            conversationPath: TestPaths.repo("examples/garden/conversation.json"), themePath: TestPaths.defaultTheme,
            templatesDirectory: TestPaths.templates, outputDirectory: out, images: settings)
        let three = try ChatRenderer.render(request, inspector: third)
        #expect(three.images.imagesMade == 18 && third.calls > 0)
    }

    /// A symbolic link planted in the previous output under an image's name is not carried
    /// into the new output: that image is made afresh as a regular file.
    @Test func aPlantedSymlinkInThePreviousOutputIsNotReused() throws {
        let folder = TestPaths.temporaryFolder("planted")
        let out = folder + "/out"
        let request = RenderRequest(
            conversationPath: TestPaths.repo("examples/garden/conversation.json"), themePath: TestPaths.defaultTheme,
            templatesDirectory: TestPaths.templates, outputDirectory: out)
        _ = try ChatRenderer.render(request, inspector: VipsImageInspector())
        let names = try FileManager.default.contentsOfDirectory(atPath: out + "/assets").filter { $0.hasSuffix(".webp") }.sorted()
        let victim = try #require(names.first)
        let secret = folder + "/secret.txt"
        try "not a picture".write(toFile: secret, atomically: true, encoding: .utf8)
        try FileManager.default.removeItem(atPath: out + "/assets/" + victim)
        try FileManager.default.createSymbolicLink(atPath: out + "/assets/" + victim, withDestinationPath: secret)

        let again = try ChatRenderer.render(request, inspector: VipsImageInspector())
        #expect(again.images.imagesMade >= 1)
        var info = stat()
        #expect(lstat(out + "/assets/" + victim, &info) == 0)
        #expect(info.st_mode & S_IFMT == S_IFREG, "the planted link was carried over")
        #expect(try Data(contentsOf: URL(fileURLWithPath: out + "/assets/" + victim)).starts(with: Array("RIFF".utf8)))
    }
}
