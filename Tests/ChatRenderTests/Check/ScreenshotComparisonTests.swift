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

/// Screenshot comparison on small images made here with libvips (through PixelImage).
@Suite struct ScreenshotComparisonTests {
    let white: [UInt8] = [255, 255, 255, 255]

    /// A PNG round trip, so the images compared went through the same decoder as real screenshots.
    func roundTrip(_ image: PixelImage) throws -> PixelImage {
        try PixelImage(pngBytes: image.pngBytes(), name: "test.png")
    }

    @Test func identicalImagesMatch() throws {
        let a = try roundTrip(PixelImage(width: 40, height: 30, fill: [10, 120, 200, 255]))
        let comparison = ScreenshotComparison(old: a, new: a)
        #expect(comparison.matches)
        #expect(comparison.changedPixels == 0 && comparison.boundingBox == nil && comparison.diffImage == nil)
        #expect(comparison.summary == "matches")
    }

    @Test func differencesWithinTheToleranceMatch() throws {
        let a = try PixelImage(width: 20, height: 20, fill: [100, 100, 100, 255])
        var b = a
        b.setPixel(x: 3, y: 4, [102, 98, 101, 255])
        #expect(ScreenshotComparison(old: a, new: b).matches)  // default tolerance 2
        #expect(!ScreenshotComparison(old: a, new: b, tolerance: 1).matches)
        #expect(ScreenshotComparison(old: a, new: b, tolerance: 1).changedPixels == 1)
    }

    @Test func aChangedRegionGivesCountBoxAndDiffImage() throws {
        let a = try roundTrip(PixelImage(width: 50, height: 40, fill: white))
        var b = a
        for y in 10...14 { for x in 20...29 { b.setPixel(x: x, y: y, [0, 0, 0, 255]) } }
        let comparison = ScreenshotComparison(old: a, new: try roundTrip(b))
        #expect(comparison.changedPixels == 50)
        #expect(comparison.boundingBox == .init(minX: 20, minY: 10, maxX: 29, maxY: 14))
        #expect(comparison.summary == "50 pixels differ (2.50%) in x 20–29, y 10–14 (10 × 5 px)")
        let diff = try #require(comparison.diffImage)
        #expect(diff.width == 50 && diff.height == 40)
        #expect(diff.pixel(x: 20, y: 10) == ScreenshotComparison.highlight)
        #expect(diff.pixel(x: 29, y: 14) == ScreenshotComparison.highlight)
        // Unchanged pixels are a washed-out grey of the new screenshot: never the highlight.
        let unchanged = diff.pixel(x: 0, y: 0)
        #expect(unchanged[0] == unchanged[1] && unchanged[1] == unchanged[2] && unchanged[3] == 255)
        #expect(unchanged != ScreenshotComparison.highlight)
        // The diff image survives being written and read back.
        let reread = try PixelImage(pngBytes: diff.pngBytes(), name: "diff.png")
        #expect(reread == diff)
    }

    @Test func aSizeChangeIsAChange() throws {
        let a = try PixelImage(width: 30, height: 20, fill: white)
        let b = try PixelImage(width: 30, height: 25, fill: white)
        let comparison = ScreenshotComparison(old: a, new: b)
        #expect(comparison.sizeChanged)
        #expect(comparison.changedPixels == 150)  // the 5 rows only the new one has
        #expect(comparison.boundingBox == .init(minX: 0, minY: 20, maxX: 29, maxY: 24))
        #expect(comparison.summary.hasSuffix("; size 30 × 20 → 30 × 25"))
    }

    @Test func antiAliasingNoiseOnEdgesIsForgivenUnlessExact() throws {
        // A dark square on white: its border pixels are an edge in both images.
        var a = try PixelImage(width: 20, height: 20, fill: white)
        for y in 5..<15 { for x in 5..<15 { a.setPixel(x: x, y: y, [20, 20, 20, 255]) } }
        var b = a
        b.setPixel(x: 5, y: 5, [50, 50, 50, 255])  // a corner anti-aliased a little differently
        b.setPixel(x: 10, y: 10, [50, 50, 50, 255])  // the same change inside the flat square
        let comparison = ScreenshotComparison(old: a, new: b)
        #expect(comparison.changedPixels == 1)
        #expect(comparison.edgeNoisePixels == 1)
        #expect(comparison.boundingBox == .init(minX: 10, minY: 10, maxX: 10, maxY: 10))
        #expect(ScreenshotComparison(old: a, new: b, allowEdgeNoise: false).changedPixels == 2)
        // A big change on an edge (text that moved) is never noise.
        var c = a
        c.setPixel(x: 5, y: 5, white)
        #expect(ScreenshotComparison(old: a, new: c).changedPixels == 1)
    }

    @Test func unreadableImagesAreDiagnosed() {
        #expect(throws: DiagnosticError.self) { try PixelImage(pngBytes: Array("not a png".utf8), name: "x.png") }
        #expect(throws: DiagnosticError.self) { try PixelImage(contentsOf: "/nonexistent/x.png") }
    }

    @Test func percentages() {
        #expect(ScreenshotComparison.percent(0.004) == "<0.01%")
        #expect(ScreenshotComparison.percent(12.345) == "12.35%")
        #expect(ScreenshotComparison.percent(100) == "100.00%")
        #expect(ScreenshotComparison.grouped(1_234_567) == "1,234,567")
    }
}

@Suite struct AssetManifestTests {
    @Test func scansRoundTripsAndCompares() throws {
        let folder = TestPaths.temporaryFolder("manifest")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let fm = FileManager.default
        try fm.createDirectory(atPath: folder + "/assets", withIntermediateDirectories: true)
        try "page".write(toFile: folder + "/index.html", atomically: true, encoding: .utf8)
        try "marker".write(toFile: folder + "/.chatrender", atomically: true, encoding: .utf8)
        try "cache".write(toFile: folder + "/assets/.sources", atomically: true, encoding: .utf8)
        try "abc".write(toFile: folder + "/assets/b.webp", atomically: true, encoding: .utf8)
        try "".write(toFile: folder + "/assets/a.pdf", atomically: true, encoding: .utf8)
        let manifest = try AssetManifest.scan(folder: folder)
        #expect(
            manifest.text == """
                \(AssetManifest.header)
                assets/a.pdf 0 e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855
                assets/b.webp 3 ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad

                """)
        #expect(try AssetManifest(text: manifest.text, file: "assets.txt") == manifest)

        var changed = manifest
        changed.entries[1] = .init(path: "assets/b.webp", size: 4, sha256: String(repeating: "0", count: 64))
        changed.entries.append(.init(path: "assets/c.webp", size: 2048, sha256: String(repeating: "1", count: 64)))
        changed.entries.remove(at: 0)
        let difference = changed.difference(from: manifest)
        #expect(difference.lines == ["changed assets/b.webp (3 bytes → 4 bytes)", "added assets/c.webp (2 KB)", "removed assets/a.pdf"])
        #expect(manifest.difference(from: manifest).isEmpty)
    }

    @Test func badLinesAreDiagnosedWithTheirLine() {
        do {
            _ = try AssetManifest(text: "# header\nassets/a.webp 12 abc\nassets/b.webp x \(String(repeating: "a", count: 64))\n", file: "snap/assets.txt")
            Issue.record("a bad manifest was read")
        } catch {
            #expect(
                error.diagnostics.map(\.description) == [
                    "snap/assets.txt:2:1: error: expected \"PATH BYTES SHA256\", found \"assets/a.webp 12 abc\"",
                    "snap/assets.txt:3:1: error: expected \"PATH BYTES SHA256\", found \"assets/b.webp x \(String(repeating: "a", count: 64))\"",
                ])
        }
    }
}
