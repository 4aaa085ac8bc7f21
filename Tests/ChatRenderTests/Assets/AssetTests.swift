import Foundation
import Testing
@testable import ChatModel
@testable import ChatSupport
@testable import ChatLoad
@testable import ChatTheme
@testable import ChatPlan
@testable import ChatRenderHTML
@testable import ChatOutput
@testable import ChatAssets
@testable import ChatBrowser
@testable import ChatRender
import TestSupport

@Suite struct SourcePathTests {
    let base: String = {
        let dir = TestPaths.temporaryFolder("paths")
        let fm = FileManager.default
        try! fm.createDirectory(atPath: dir + "/conv/sub", withIntermediateDirectories: true)
        try! "x".write(toFile: dir + "/conv/sub/a.txt", atomically: true, encoding: .utf8)
        try! "secret".write(toFile: dir + "/outside.txt", atomically: true, encoding: .utf8)
        try! fm.createSymbolicLink(atPath: dir + "/conv/link-out", withDestinationPath: dir + "/outside.txt")
        try! fm.createSymbolicLink(atPath: dir + "/conv/link-in", withDestinationPath: dir + "/conv/sub/a.txt")
        mkfifo(dir + "/conv/fifo", 0o644)
        return dir + "/conv"
    }()

    func reason(_ path: String) -> String? {
        if case .failure(let problem) = SourcePath.resolve(path, base: base) { return problem.reason }
        return nil
    }

    @Test func insidePathsResolve() {
        #expect(reason("sub/a.txt") == nil)
        #expect(reason("./sub/../sub/a.txt") == nil)
        #expect(reason("link-in") == nil)
    }

    @Test func nothingOutsideTheFolderIsRead() {
        #expect(reason("../outside.txt") == "the path leads outside the conversation's folder")
        #expect(reason("sub/../../outside.txt") == "the path leads outside the conversation's folder")
        #expect(reason("/etc/passwd") == "absolute paths are not allowed; expected a path relative to the conversation file")
        #expect(reason("~/x") == "absolute paths are not allowed; expected a path relative to the conversation file")
        #expect(reason("link-out") == "the path leads outside the conversation's folder (through a symbolic link)")
    }

    @Test func allowOutsideOpensOneMoreFolder() {
        let outsideFolder = FilePath.directory(base)
        if case .failure = SourcePath.resolve("../outside.txt", base: base, allowedOutside: [outsideFolder]) {
            Issue.record("--allow-outside did not allow its folder")
        }
        if case .failure = SourcePath.resolve(outsideFolder + "/outside.txt", base: base, allowedOutside: [outsideFolder]) {
            Issue.record("--allow-outside did not allow an absolute path inside it")
        }
        if case .success = SourcePath.resolve("/etc/hostname", base: base, allowedOutside: [outsideFolder]) {
            Issue.record("a path outside every allowed folder was read")
        }
    }

    @Test func onlyRegularFiles() {
        #expect(reason("sub") == "the path is a directory, not a file")
        #expect(reason("fifo") == "the path is not a regular file (a device, FIFO or socket)")
        #expect(reason("missing.jpg") == "no such file")
        #expect(reason("") == "the path is empty")
    }
}

@Suite struct VipsImageInspectorTests {
    let inspector = VipsImageInspector()

    @Test func readsHeaderSizeAndFormat() throws {
        let info = try inspector.inspect(path: TestPaths.fixture("render/photos/p2.png"))
        #expect(info == ImageInfo(format: .png, width: 480, height: 640))
        let jpeg = try inspector.inspect(path: TestPaths.repo("examples/garden/corner-noon.jpg"))
        #expect(jpeg == ImageInfo(format: .jpeg, width: 1200, height: 900))
    }

    @Test func rejectsWhatIsNotAnImage() {
        #expect(throws: ImageProblem.self) { try inspector.inspect(path: TestPaths.fixture("render/broken.jpg")) }
        #expect(throws: ImageProblem.self) { try inspector.inspect(path: TestPaths.fixture("render/payload.html")) }
    }

    @Test func blocksUntrustedLoadersSuchAsSVG() throws {
        // libvips's block is process-wide: tests that switch it take turns.
        try UntrustedLoaderLock.lock.withLock { _ in
            let dir = TestPaths.temporaryFolder("svg")
            try "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"10\" height=\"10\"><rect width=\"10\" height=\"10\"/></svg>".write(
                toFile: dir + "/a.svg", atomically: true, encoding: .utf8)
            #expect(throws: ImageProblem.self) { try inspector.inspect(path: dir + "/a.svg") }
        }
    }

    @Test func untrustedLoadersOnlyWhenAllowed() throws {
        try UntrustedLoaderLock.lock.withLock { _ in
            let dir = TestPaths.temporaryFolder("svg2")
            try "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"30\" height=\"20\"><rect width=\"30\" height=\"20\"/></svg>".write(
                toFile: dir + "/a.svg", atomically: true, encoding: .utf8)
            let allowing = VipsImageInspector(allowUntrustedLoaders: true)
            #expect(try allowing.inspect(path: dir + "/a.svg") == ImageInfo(format: .other("svg"), width: 30, height: 20))
            // and the block is back for the next default inspector
            #expect(throws: ImageProblem.self) { try VipsImageInspector().inspect(path: dir + "/a.svg") }
        }
    }

    @Test func refusesImagesOverThePixelLimit() throws {
        let small = VipsImageInspector(maxPixels: 1000)
        let error = #expect(throws: ImageProblem.self) { try small.inspect(path: TestPaths.fixture("render/photos/p1.png")) }
        #expect(error?.reason == "the image is 640×480 pixels, over the limit of 1000 pixels")
    }

    @Test func appliesExifOrientationToTheDisplaySize() throws {
        // A 640×480 JPEG whose EXIF says "rotate 90°" displays as 480×640.
        let dir = TestPaths.temporaryFolder("exif")
        let jpeg = dir + "/rotated.jpg"
        let made = try CLIRunTool.run("/usr/bin/vips", ["copy", TestPaths.fixture("render/photos/p1.png"), jpeg])
        try #require(made == 0, "vips copy failed")
        let tagged = try CLIRunTool.run("/usr/bin/exiftool", ["-q", "-overwrite_original", "-Orientation#=6", jpeg])
        try #require(tagged == 0, "exiftool failed")
        let info = try inspector.inspect(path: jpeg)
        #expect(info.width == 480 && info.height == 640)
    }

    @Test func headerOfFormatsBrowsersCannotShow() throws {
        let dir = TestPaths.temporaryFolder("tiff")
        let tiff = dir + "/a.tif"
        try #require(try CLIRunTool.run("/usr/bin/vips", ["copy", TestPaths.fixture("render/photos/p3.png"), tiff]) == 0)
        let info = try inspector.inspect(path: tiff)
        #expect(info.format.webExtension == nil)
        #expect(info.width == 600 && info.height == 600)
    }
}

/// libvips blocks untrusted loaders for the whole process; the tests that change it take turns.
enum UntrustedLoaderLock {
    static let lock = Locked(())
}

/// Runs a helper tool (vips, vipsheader, exiftool): its exit status, or what it printed.
enum CLIRunTool {
    /// What `tool` printed on standard output, trimmed; its errors are dropped.
    static func output(_ tool: String, _ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    static func run(_ tool: String, _ arguments: [String]) throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }
}

@Suite struct AssetProducerTests {
    @Test func copiesEachFileOnceUnderItsContentHash() throws {
        let staging = TestPaths.temporaryFolder("stage")
        let photo = Attachment(id: "a", name: "a.png", byteCount: 1, contentType: "image/png", preview: "photos/p1.png")
        let again = Attachment(id: "b", name: "b.png", byteCount: 1, contentType: "image/png", preview: "photos/p1.png")
        let file = Attachment(id: "c", name: "Notes.HTML", byteCount: 1, contentType: "text/html", url: .local("payload.html"))
        let conversation = Conversation(messages: [Message(id: "m", role: .user, text: "", attachments: [photo, again, file])])
        let producer = AssetProducer(
            inspector: FakeImageInspector(info: ImageInfo(format: .png, width: 640, height: 480)),
            baseDirectory: TestPaths.fixture("render"), displayPath: "c.json")
        let (table, warnings) = try producer.produce(conversation, into: TestFolderOutput(staging))
        #expect(warnings.isEmpty)
        let first = try #require(table[0, 0].image)
        #expect(first == table[0, 1].image)
        // Two photos in a turn are a pair: square tiles at 1x and 2x, plus the display image.
        #expect(Set(first.sizes.keys) == [.square(206), .square(412)])
        #expect(first.display.path.hasPrefix("assets/") && first.display.path.hasSuffix("-640x480.webp"))
        #expect(first.sizes[.square(206)]?.width == 206)
        let names = try FileManager.default.contentsOfDirectory(atPath: staging + "/assets")
        #expect(table[0, 2].file == .asset("assets/" + names.first { $0.hasSuffix(".html.txt") }!))
        #expect(names.filter { !$0.hasPrefix(".") }.count == 4)  // three images of one photo, one file; nothing twice
        #expect(names.contains(SourceIndex.fileName))  // and what the next export needs to skip reading them
    }

    @Test func composerTrayPhotosGetSixtyFourPixelTiles() throws {
        let staging = TestPaths.temporaryFolder("stage")
        let photo = Attachment(id: "t", name: "a.png", byteCount: 1, contentType: "image/png", preview: "photos/p2.png")
        let file = Attachment(id: "f", name: "b.pdf", byteCount: 1, contentType: "application/pdf")
        let composer = ComposerState.attachment(AttachmentComposerState(attachments: [.init(file), .init(photo)]))
        let conversation = Conversation(messages: [], composer: composer)
        let producer = AssetProducer(inspector: FakeImageInspector(), baseDirectory: TestPaths.fixture("render"), displayPath: "c.json")
        let (table, warnings) = try producer.produce(conversation, into: TestFolderOutput(staging))
        #expect(warnings.isEmpty)
        #expect(table[trayItem: 0] == nil)
        let tile = try #require(table[trayItem: 1])
        #expect(Set(tile.sizes.keys) == [.square(64), .square(128)])
        let html = ComposerView.render(composer, assets: table).description
        #expect(html.contains("<span class=\"cr-tile-thumb\"><img src=\"\(tile.sizes[.square(64)]!.path)\""))
    }

    @Test func problemsBecomeWarningsNotFailures() throws {
        let staging = TestPaths.temporaryFolder("stage")
        let gone = Attachment(id: "a", name: "a.png", byteCount: 1, contentType: "image/png", preview: "nope.png")
        let outside = Attachment(id: "b", name: "b.pdf", byteCount: 1, contentType: "application/pdf", url: .local("../../../Package.swift"))
        let conversation = Conversation(messages: [Message(id: "m", role: .user, text: "", attachments: [gone, outside])])
        let producer = AssetProducer(inspector: VipsImageInspector(), baseDirectory: TestPaths.fixture("render"), displayPath: "c.json")
        let (table, warnings) = try producer.produce(conversation, into: TestFolderOutput(staging))
        #expect(table[0, 0].image == nil)
        #expect(table[0, 1].file == nil)
        #expect(
            warnings.map(\.description) == [
                "c.json: warning: messages[0].attachments[0].preview: \"nope.png\": no such file; the photo is shown as unavailable",
                "c.json: warning: messages[0].attachments[1].url: \"../../../Package.swift\": the path leads outside the conversation's folder; the file is shown without Open or Share",
            ])
    }
}

/// libvips's untrusted-loader switch is process-wide: readers hold it at their setting, and one
/// asking for the other setting waits for them instead of flipping it under them.
@Suite struct UntrustedLoaderLeaseTests {
    @Test func theOtherSettingWaitsForTheLastHolder() {
        UntrustedLoaderLock.lock.withLock { _ in
            let blocking = VipsRuntime.leaseUntrustedLoaders(allow: false)
            let again = VipsRuntime.leaseUntrustedLoaders(allow: false)  // the same setting shares it at once
            #expect(VipsRuntime.leasedSetting == false)
            let allowed = ManagedFlag()
            let finished = DispatchSemaphore(value: 0)
            Thread {
                let lease = VipsRuntime.leaseUntrustedLoaders(allow: true)
                allowed.set(VipsRuntime.leasedSetting == true)
                lease.release()
                finished.signal()
            }.start()
            // However long the other thread has had, it has not got the switch while it is held.
            Thread.sleep(forTimeInterval: 0.2)
            #expect(!allowed.value)
            again.release()
            Thread.sleep(forTimeInterval: 0.1)
            #expect(!allowed.value)  // one holder is still reading
            blocking.release()
            #expect(finished.wait(timeout: .now() + 30) == .success)
            #expect(allowed.value)
            // Its lease is given back. Photo tests running beside this one may hold the switch
            // at the default setting (they take no turn), so it is "not allowed", not "free".
            #expect(VipsRuntime.leasedSetting != true)
        }
    }
}

/// A flag set on one thread and read on another.
final class ManagedFlag: Sendable {
    private let flag = Locked(false)
    var value: Bool { flag.withLock { $0 } }
    func set(_ value: Bool) { flag.withLock { $0 = value } }
}
