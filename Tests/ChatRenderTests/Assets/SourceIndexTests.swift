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

/// The source index lets a re-export name its images without reading unchanged sources; these
/// tests count the reads it saves and prove that a changed source is always read again.
@Suite struct SourceIndexTests {
    /// A copy of the garden example (six photos, two PDFs) in a fresh folder, so tests may touch it.
    static func gardenCopy() throws -> String {
        let dir = TestPaths.temporaryFolder("index") + "/garden"
        try FileManager.default.copyItem(atPath: TestPaths.repo("examples/garden"), toPath: dir)
        return dir
    }

    static func render(_ folder: String, out: String, inspector: ImageInspector = VipsImageInspector()) throws -> RenderResult {
        let request = RenderRequest(
            conversationPath: folder + "/conversation.json", themePath: TestPaths.defaultTheme,
            templatesDirectory: TestPaths.templates, outputDirectory: out)
        return try ChatRenderer.render(request, inspector: inspector)
    }

    /// Gives `path` other modification and access times, keeping its bytes.
    static func touch(_ path: String, seconds: Int) {
        var times = [timespec(tv_sec: seconds, tv_nsec: 0), timespec(tv_sec: seconds, tv_nsec: 0)]
        #expect(utimensat(AT_FDCWD, path, &times, 0) == 0)
    }

    static func modificationTime(_ path: String) -> timespec {
        var info = stat()
        _ = stat(path, &info)
        return info.st_mtim
    }

    /// Replaces `path`'s bytes with `bytes` of the same length and puts its modification time back,
    /// as a careless copy tool (or someone hiding a change) would: only the inode or the
    /// status-change time tells.
    static func swap(_ path: String, with bytes: [UInt8], inPlace: Bool) throws {
        let size = (try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? -1
        try #require(bytes.count == size, "the replacement must have the same size")
        let old = modificationTime(path)
        if inPlace {
            // The status-change time must move on: wait out a coarse file system clock tick.
            usleep(30_000)
            let fd = open(path, O_WRONLY)
            try #require(fd >= 0)
            _ = bytes.withUnsafeBytes { pwrite(fd, $0.baseAddress!, bytes.count, 0) }
            close(fd)
        } else {
            try Data(bytes).write(to: URL(fileURLWithPath: path + ".new"))
            try #require(rename(path + ".new", path) == 0)
        }
        var times = [old, old]
        try #require(utimensat(AT_FDCWD, path, &times, 0) == 0)
    }

    @Test func aReExportReadsNoSourceAndWritesTheSameOutput() throws {
        let garden = try Self.gardenCopy()
        let out = FilePath.directory(garden) + "/out"
        let first = try Self.render(garden, out: out)
        #expect(first.images.sourcesRead == 8 && first.images.sourcesRecognised == 0)  // six photos, two PDFs
        let before = Faults.tree(out)
        #expect(before["assets/" + SourceIndex.fileName] != nil)

        let counting = CountingInspector(VipsImageInspector())
        let second = try Self.render(garden, out: out, inspector: counting)
        #expect(second.images.sourcesRead == 0)
        #expect(second.images.sourcesRecognised == 8)
        #expect(counting.calls == 0)
        #expect(Faults.tree(out) == before, "a re-export changed the output")

        // Without a previous output the same bytes come out, index included.
        let fresh = FilePath.directory(garden) + "/fresh"
        _ = try Self.render(garden, out: fresh)
        #expect(Faults.tree(fresh) == before)
    }

    @Test func aTouchedSourceIsReadAgain() throws {
        let garden = try Self.gardenCopy()
        let out = FilePath.directory(garden) + "/out"
        _ = try Self.render(garden, out: out)
        let before = Faults.tree(out)
        Self.touch(garden + "/trellis.jpg", seconds: 1_700_000_000)
        Self.touch(garden + "/survey.pdf", seconds: 1_700_000_000)
        let again = try Self.render(garden, out: out)
        #expect(again.images.sourcesRead == 2 && again.images.sourcesRecognised == 6)
        // Same bytes, so the same images and page; only the index learnt the new identities.
        let after = Faults.tree(out)
        #expect(after.filter { $0.key != "assets/" + SourceIndex.fileName } == before.filter { $0.key != "assets/" + SourceIndex.fileName })
        #expect(after["assets/" + SourceIndex.fileName] != before["assets/" + SourceIndex.fileName])
        // And the next export trusts them again.
        #expect(try Self.render(garden, out: out).images.sourcesRead == 0)
    }

    @Test(arguments: [false, true])
    func aSameSizeSwapIsDetected(inPlace: Bool) throws {
        let dir = TestPaths.temporaryFolder("swap")
        let original = [UInt8](repeating: 0x41, count: 5000)
        try Data(original).write(to: URL(fileURLWithPath: dir + "/a.jpg"))
        let conversation = Conversation(messages: [
            Message(
                id: "m", role: .user, text: "",
                attachments: [
                    Attachment(id: "a", name: "a.jpg", byteCount: 5000, contentType: "image/jpeg", preview: "a.jpg")
                ])
        ])
        let first = TestPaths.temporaryFolder("swap-stage")
        let producer = AssetProducer(inspector: FakeImageInspector(), baseDirectory: dir, displayPath: "c.json")
        let (table1, _, stats1) = try producer.produceWithStatistics(conversation, into: TestFolderOutput(first))
        #expect(stats1.sourcesRead == 1)

        var changed = original
        changed[2500] = 0x42
        try Self.swap(dir + "/a.jpg", with: changed, inPlace: inPlace)
        let second = TestPaths.temporaryFolder("swap-stage")
        let again = AssetProducer(
            inspector: FakeImageInspector(), baseDirectory: dir, displayPath: "c.json",
            previousAssets: first + "/assets")
        let (table2, _, stats2) = try again.produceWithStatistics(conversation, into: TestFolderOutput(second))
        #expect(stats2.sourcesRead == 1 && stats2.sourcesRecognised == 0)
        #expect(stats2.imagesMade == 3 && stats2.imagesReused == 0)
        #expect(table2[0, 0].image?.display.path != table1[0, 0].image?.display.path)
    }

    /// Index files an attacker (or a disk) could leave in an earlier output: each is ignored as a
    /// whole, every source is read, and the output is what a first export writes.
    static let hostileIndexes: [(String, [UInt8])] = {
        let header = SourceIndex.header + "\n"
        let key = String(repeating: "a", count: 32), digest = String(repeating: "b", count: 20)
        let texts = [
            "", "\n", header, "garbage", header.uppercased() + "\(key) \(digest)\n",
            header + "\(key) \(digest)",  // no final line end
            header + "\(key) \(digest)\r\n",
            header + "\(key)  \(digest)\n",
            header + "\(key.uppercased()) \(digest)\n",
            header + "\(key) \(digest)0\n",
            header + "\(key) \(digest)\n\(key) \(digest)\n",  // duplicate
            header + "b\(key.dropFirst()) \(digest)\nc\(key.dropFirst()) \(digest)\n\(key) \(digest)\n",  // unsorted
            header + "\(key) ../../../../etc/passwd\n",
            header + "\(key) \(digest)\n\u{0}\n",
        ]
        return texts.map { ($0.debugDescription, Array($0.utf8)) } + [("random bytes", (0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 2654435761 >> 7) })]
    }()

    @Test(arguments: 0..<hostileIndexes.count)
    func aCorruptIndexIsIgnored(_ which: Int) throws {
        let (label, bytes) = Self.hostileIndexes[which]
        try checkIgnored(label) { index in try Data(bytes).write(to: URL(fileURLWithPath: index)) }
    }

    @Test func anIndexThatIsNotAFileIsIgnored() throws {
        try checkIgnored("symlink to /dev/zero") { try FileManager.default.createSymbolicLink(atPath: $0, withDestinationPath: "/dev/zero") }
        try checkIgnored("FIFO") { #expect(mkfifo($0, 0o644) == 0) }
        try checkIgnored("folder") { try FileManager.default.createDirectory(atPath: $0, withIntermediateDirectories: false) }
        try checkIgnored("over the size limit") { path in
            // Refused for its size before a byte of it is read.
            let fd = open(path, O_WRONLY | O_CREAT, 0o644)
            #expect(ftruncate(fd, off_t(SourceIndex.maximumBytes + 1)) == 0)
            close(fd)
        }
    }

    /// Renders once, replaces the index with `plant`, renders again over it: nothing is trusted and
    /// the output equals the first one.
    private func checkIgnored(
        _ label: String, sourceLocation: Testing.SourceLocation = #_sourceLocation,
        plant: (String) throws -> Void
    ) throws {
        let dir = TestPaths.temporaryFolder("hostile-index")
        for (i, name) in ["a.png", "b.png"].enumerated() {
            try Data("photo \(i)".utf8).write(to: URL(fileURLWithPath: dir + "/" + name))
        }
        let conversation = Conversation(messages: [
            Message(
                id: "m", role: .user, text: "",
                attachments: [
                    Attachment(id: "a", name: "a.png", byteCount: 7, contentType: "image/png", preview: "a.png"),
                    Attachment(id: "b", name: "b.png", byteCount: 7, contentType: "image/png", preview: "b.png"),
                ])
        ])
        let first = TestPaths.temporaryFolder("hostile-stage")
        let producer = AssetProducer(inspector: FakeImageInspector(), baseDirectory: dir, displayPath: "c.json")
        _ = try producer.produceWithStatistics(conversation, into: TestFolderOutput(first))
        let expected = Faults.tree(first)
        let index = first + "/assets/" + SourceIndex.fileName
        try FileManager.default.removeItem(atPath: index)
        try plant(index)

        let second = TestPaths.temporaryFolder("hostile-stage")
        let again = AssetProducer(
            inspector: FakeImageInspector(), baseDirectory: dir, displayPath: "c.json",
            previousAssets: first + "/assets")
        let (_, warnings, stats) = try again.produceWithStatistics(conversation, into: TestFolderOutput(second))
        #expect(warnings.isEmpty, "\(label)", sourceLocation: sourceLocation)
        #expect(stats.sourcesRead == 2 && stats.sourcesRecognised == 0, "\(label)", sourceLocation: sourceLocation)
        #expect(Faults.tree(second) == expected, "\(label): the output differs", sourceLocation: sourceLocation)
    }

    @Test func theIndexIsSortedAndReadsBackAsWritten() {
        var entries: [String: String] = [:]
        for i in 0..<50 {
            let key = String(SHA256.hash(Array("k\(i)".utf8)).hexString.prefix(32))
            entries[key] = String(SHA256.hash(Array("d\(i)".utf8)).hexString.prefix(20))
        }
        let index = SourceIndex(entries: entries)
        let bytes = index.serialized()
        #expect(SourceIndex.parse(bytes) == index)
        let lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n").dropFirst()
        #expect(lines.map { $0.prefix(32) } == lines.map { $0.prefix(32) }.sorted())
        // Built in another order, the bytes are the same.
        #expect(SourceIndex(entries: Dictionary(uniqueKeysWithValues: entries.reversed().map { ($0.key, $0.value) })).serialized() == bytes)
    }

    @Test func theIndexNamesNoPath() throws {
        let garden = try Self.gardenCopy()
        let out = FilePath.directory(garden) + "/out"
        _ = try Self.render(garden, out: out)
        let text = try String(contentsOfFile: out + "/assets/" + SourceIndex.fileName, encoding: .utf8)
        #expect(!text.contains("garden") && !text.contains(".jpg") && !text.contains("/"))
        #expect(text.split(separator: "\n").count == 1 + 8)
    }
}
