import Foundation
import Testing
import CZlib
@testable import ChatModel
@testable import ChatPlan
@testable import ChatOutput
@testable import ChatAssets
import TestSupport

/// Small PNGs kept as they are: only files checked whole, less their text unless asked.
@Suite struct KeptPNGTests {
    /// A PNG of `width`×`height` 8-bit RGBA pixels, each row led by `filter`, with `extra`
    /// chunks (type, data) before the pixel data.
    static func png(
        width: Int = 3, height: Int = 2, filter: UInt8 = 0, interlace: UInt8 = 0,
        extra: [(String, [UInt8])] = [], after: [(String, [UInt8])] = [], trailing: [UInt8] = []
    ) -> [UInt8] {
        var raw: [UInt8] = []
        for y in 0..<height {
            raw.append(filter)
            for x in 0..<width { raw += [UInt8(truncatingIfNeeded: x * 40), UInt8(truncatingIfNeeded: y * 90), 200, 255] }
        }
        var size = compressBound(UInt(raw.count))
        var packed = [UInt8](repeating: 0, count: Int(size))
        _ = compress(&packed, &size, raw, UInt(raw.count))
        packed.removeLast(packed.count - Int(size))
        var header: [UInt8] = []
        for value in [UInt32(width), UInt32(height)] { header += be(value) }
        header += [8, 6, 0, 0, interlace]
        var out = KeptPNG.signature + chunk("IHDR", header)
        for (type, data) in extra { out += chunk(type, data) }
        out += chunk("IDAT", Array(packed.prefix(5))) + chunk("IDAT", Array(packed.dropFirst(5)))
        for (type, data) in after { out += chunk(type, data) }
        return out + chunk("IEND", []) + trailing
    }

    static func be(_ value: UInt32) -> [UInt8] { [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)] }

    static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let body = Array(type.utf8) + data
        return be(UInt32(data.count)) + body + be(UInt32(crc32(0, body, UInt32(body.count))))
    }

    @Test func aWholePNGIsKeptWithItsSize() throws {
        let bytes = Self.png(width: 5, height: 4, extra: [("sRGB", [0]), ("pHYs", [0, 0, 11, 19, 0, 0, 11, 19, 1])])
        let kept = try #require(KeptPNG.check(bytes, keepMetadata: false))
        #expect(kept.width == 5 && kept.height == 4)
        #expect(kept.bytes == bytes, "colour and density chunks stay")
        // A real screenshot of the fixtures.
        let shot = Array(
            try Data(contentsOf: URL(fileURLWithPath: TestPaths.repo("Tests/ChatRenderTests/Fixtures/import/chatgpt-2025/file-Shot01-0a1b2c3d.png"))))
        let real = try #require(KeptPNG.check(shot, keepMetadata: false))
        #expect(real.width == 96 && real.height == 60)
    }

    @Test func textAndTimeAreDroppedUnlessMetadataIsKept() throws {
        let text: [(String, [UInt8])] = [("tEXt", Array("Author\u{0}Ana".utf8)), ("tIME", [7, 234, 12, 1, 9, 30, 0])]
        let bytes = Self.png(extra: text, after: [("iTXt", Array("GPS\u{0}\u{0}\u{0}\u{0}\u{0}51.5N".utf8))])
        let stripped = try #require(KeptPNG.check(bytes, keepMetadata: false))
        #expect(stripped.bytes == Self.png())
        #expect(!String(decoding: stripped.bytes, as: UTF8.self).contains("Ana"))
        #expect(try #require(KeptPNG.check(bytes, keepMetadata: true)).bytes == bytes)
        let profiled = Self.png(extra: [("iCCP", Array("p\u{0}\u{0}x".utf8))])
        #expect(KeptPNG.check(profiled, keepMetadata: true)?.bytes == profiled, "kept with its profile when metadata is kept")
    }

    @Test func anythingNotCheckedWholeGoesToTheImageLibrary() {
        let good = Self.png()
        var badCRC = good
        badCRC[good.count - 20] ^= 0xFF
        var badSignature = good
        badSignature[1] = 0x51
        let cases: [(String, [UInt8])] = [
            ("a damaged chunk", badCRC),
            ("not a PNG", badSignature),
            ("cut short", Array(good.dropLast(6))),
            ("bytes after IEND", Self.png(trailing: [0, 1, 2])),
            ("an unknown filter", Self.png(filter: 9)),
            ("interlaced", Self.png(interlace: 1)),
            ("Exif (it may turn the picture)", Self.png(extra: [("eXIf", [0x4D, 0x4D, 0, 42])])),
            ("an animation", Self.png(extra: [("acTL", [0, 0, 0, 2, 0, 0, 0, 0])])),
            ("an unknown chunk", Self.png(extra: [("zzZz", [1])])),
            ("an ICC profile, which stripping would lose", Self.png(extra: [("iCCP", Array("p\u{0}\u{0}x".utf8))])),
            ("a colour chunk after the pixels", Self.png(after: [("gAMA", [0, 0, 0xB1, 0x8F])])),
            ("too big to keep", Self.png(extra: [("tEXt", [UInt8](repeating: 0x41, count: KeptPNG.byteLimit))])),
        ]
        for (what, bytes) in cases {
            #expect(KeptPNG.check(bytes, keepMetadata: false) == nil, "\(what)")
        }
        // Pixel data that inflates to fewer rows than the header promises.
        var header = Self.png(width: 3, height: 2)
        let ihdr = KeptPNG.signature.count
        let tall = Self.chunk("IHDR", Self.be(3) + Self.be(3) + [8, 6, 0, 0, 0])
        header.replaceSubrange(ihdr..<(ihdr + 25), with: tall)
        #expect(KeptPNG.check(header, keepMetadata: false) == nil, "too few rows")
    }

    /// The asset stage writes a kept PNG once under a name of its own and gives it for every
    /// size; libvips is not asked.
    @Test func theAssetStageKeepsASmallPNGWithoutTheImageLibrary() throws {
        let folder = NSTemporaryDirectory() + "kept-png-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let bytes = Self.png(width: 40, height: 30, extra: [("tEXt", Array("Comment\u{0}secret".utf8))])
        try Data(bytes).write(to: URL(fileURLWithPath: folder + "/shot.png"))
        try Data(Self.png(width: 900, height: 30)).write(to: URL(fileURLWithPath: folder + "/wide.png"))
        let inspector = PathRecordingInspector()
        let producer = AssetProducer(inspector: inspector, baseDirectory: folder, displayPath: folder + "/c.json")
        let photo = { (name: String) in Attachment(id: name, name: name, byteCount: 1, contentType: "image/png", url: .local(name)) }
        let conversation = Conversation(
            title: "T",
            messages: [
                Message(id: "1", role: .user, text: "", attachments: [photo("shot.png")]),
                Message(id: "2", role: .user, text: "", attachments: [photo("shot.png"), photo("shot.png"), photo("wide.png")]),
            ])
        let output = MemoryOutput()
        let (table, warnings, statistics) = try producer.produceWithStatistics(conversation, into: output)
        #expect(warnings.isEmpty)
        let single = try #require(table[0, 0].image)
        #expect(single.display.path.hasSuffix("-40x30.png") && single.display.width == 40 && single.display.height == 30)
        #expect(single.sizes.values.allSatisfy { $0.path == single.display.path })
        #expect(table[1, 0].image?.display == single.display, "the same file in a grid tile")
        let pngs = output.files.filter { $0.key.hasSuffix(".png") }
        #expect(pngs.count == 1)
        #expect(pngs.values.first == Self.png(width: 40, height: 30), "written without its text")
        // Only the wide one, which the grid shrinks, went to the image library.
        #expect(inspector.paths == [folder + "/wide.png"])
        #expect(statistics.imagesMade >= 2)
    }
}

/// An image engine that records what it was asked and makes every size as a small file.
final class PathRecordingInspector: ImageInspector, Sendable {
    private let asked = Locked<[String]>([])
    var paths: [String] { asked.withLock { Array(Set($0)).sorted() } }

    func inspect(path: String) throws(ImageProblem) -> ImageInfo {
        asked.withLock { $0.append(path) }
        return ImageInfo(format: .png, width: 900, height: 30)
    }

    func thumbnail(source: String, destination: String, variant: PhotoVariant, settings: ImageSettings) throws(ImageProblem) -> (width: Int, height: Int) {
        asked.withLock { $0.append(source) }
        FileManager.default.createFile(atPath: destination, contents: Data([1, 2, 3]))
        return (min(900, variant.bound), 30)
    }
}
