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

/// `chatrender check` through the library (record → check, diffs, manifests, missing snapshots,
/// screenshots from a stand-in browser) and through the real executable with real Chromium.
@Suite struct SnapshotCheckTests {
    /// A folder with one small conversation (`chats/recipe/conversation.json`, snapshot name
    /// "recipe") that has one returned file, so the page has an asset.
    struct Workspace {
        let root: String
        var fixture: String { root + "/chats/recipe/conversation.json" }
        var snapshots: String { root + "/snapshots" }
        var diffs: String { root + "/diffs" }

        init() throws {
            root = TestPaths.temporaryFolder("check")
            try FileManager.default.createDirectory(atPath: root + "/chats/recipe", withIntermediateDirectories: true)
            try write(reply: "Simmer for **fifteen minutes**.", file: "Tomatoes, onion, garlic.\n")
        }

        func write(reply: String, file: String) throws {
            let json = """
                {
                  "title": "Tomato sauce",
                  "messages": [
                    { "id": "m1", "role": "user", "date": "2026-04-03T18:02:00Z", "text": "How long should it simmer?" },
                    { "id": "m2", "role": "assistant", "date": "2026-04-03T18:02:00Z", "text": "\(reply)",
                      "attachments": [ { "id": "a1", "name": "shopping.txt", "byteCount": 25, "contentType": "text/plain", "url": "shopping.txt" } ] }
                  ]
                }
                """
            try json.write(toFile: fixture, atomically: true, encoding: .utf8)
            try file.write(toFile: root + "/chats/recipe/shopping.txt", atomically: true, encoding: .utf8)
        }

        func request(mode: RecordMode = .never, screenshots: SnapshotCheck.Screenshots? = nil) -> SnapshotCheck.Request {
            SnapshotCheck.Request(
                fixtures: [fixture], snapshotsDirectory: snapshots, recordMode: mode, screenshots: screenshots,
                diffsDirectory: diffs, themePath: TestPaths.defaultTheme, templatesDirectory: TestPaths.templates)
        }

        func run(_ request: SnapshotCheck.Request) throws -> [SnapshotCheck.FixtureResult] {
            var results: [SnapshotCheck.FixtureResult] = []
            try SnapshotCheck.run(request) { results.append($0) }
            return results
        }
    }

    @Test func namesComeFromTheFileOrItsFolder() {
        #expect(SnapshotCheck.snapshotName(for: "tests/chats/onboarding.json") == "onboarding")
        #expect(SnapshotCheck.snapshotName(for: "examples/garden/conversation.json") == "garden")
        #expect(SnapshotCheck.snapshotName(for: "conversation.json") == "conversation")
    }

    @Test func recordThenCheckPasses() throws {
        let work = try Workspace()
        defer { try? FileManager.default.removeItem(atPath: work.root) }

        let missing = try work.run(work.request())
        #expect(missing.map(\.status) == [.missing])
        #expect(
            missing[0].report() == """
                recipe: no snapshot in \(work.snapshots)/recipe/; run with --record to make one
                  the rendered page is in \(work.diffs)/recipe/

                """)
        #expect(!FileManager.default.fileExists(atPath: work.snapshots + "/recipe"))

        let recorded = try work.run(work.request(mode: .failed))
        #expect(recorded.map(\.status) == [.recorded])
        #expect(recorded[0].report() == "recipe: recorded \(work.snapshots)/recipe/ (index.html, assets.txt)\n")
        let files = try FileManager.default.contentsOfDirectory(atPath: work.snapshots + "/recipe").sorted()
        #expect(files == ["assets.txt", "index.html"])  // assets are listed, not stored
        let manifest = try String(contentsOfFile: work.snapshots + "/recipe/assets.txt", encoding: .utf8)
        #expect(manifest.contains(" 25 "))
        #expect(manifest.split(separator: "\n").count == 2)
        // Nothing is left behind: no staging folder beside the snapshot, no temporary render.
        #expect(try FileManager.default.contentsOfDirectory(atPath: work.snapshots) == ["recipe"])

        let checked = try work.run(work.request())
        #expect(checked.map(\.status) == [.matches])
        #expect(checked[0].report() == "recipe: matches\n")
        let again = try work.run(work.request(mode: .failed))
        #expect(again.map(\.status) == [.unchanged])
    }

    @Test func aChangedFixtureFailsWithTheDiffAndUpdatesOnRecord() throws {
        let work = try Workspace()
        defer { try? FileManager.default.removeItem(atPath: work.root) }
        _ = try work.run(work.request(mode: .failed))

        try work.write(reply: "Simmer for **twenty minutes**.", file: "Tomatoes, onion, garlic, basil.\n")
        let results = try work.run(work.request())
        let result = try #require(results.first)
        #expect(result.status == .differs)
        let diff = try #require(result.htmlDiff)
        #expect(diff.counts.added == 1 && diff.counts.removed == 1)  // the reply's line
        let report = result.report()
        #expect(
            report.hasPrefix(
                "recipe: differs from \(work.snapshots)/recipe/\n--- \(work.snapshots)/recipe/index.html\n+++ recipe/index.html (rendered from \(work.fixture))\n@@ "
            ))
        #expect(report.contains("\n-") && report.contains("<strong>fifteen minutes</strong>"))
        #expect(report.contains("\n+") && report.contains("<strong>twenty minutes</strong>"))
        let assets = try #require(result.assets)
        #expect(assets.changed.count == 0 && assets.added.count == 1 && assets.removed.count == 1)  // content-hashed name
        #expect(report.contains("  asset added assets/"))
        #expect(report.contains("  asset removed assets/"))
        #expect(report.hasSuffix("  the rendered page and the whole diff are in \(work.diffs)/recipe/\n"))
        // The whole diff and the rendered page are kept for a look; the snapshot is untouched.
        let saved = try String(contentsOfFile: work.diffs + "/recipe/index.html.diff", encoding: .utf8)
        #expect(saved == diff.full.text)
        #expect(FileManager.default.fileExists(atPath: work.diffs + "/recipe/index.html"))
        let stored = try String(contentsOfFile: work.snapshots + "/recipe/index.html", encoding: .utf8)
        #expect(stored.contains("fifteen minutes"))

        let updated = try work.run(work.request(mode: .failed))
        #expect(updated.map(\.status) == [.updated])
        #expect(updated[0].report() == "recipe: updated \(work.snapshots)/recipe/: index.html (+1 −1 lines), assets.txt (1 added, 1 removed)\n")
        #expect(try work.run(work.request()).map(\.status) == [.matches])
    }

    @Test func aPartialSnapshotNamesWhatIsMissing() throws {
        let work = try Workspace()
        defer { try? FileManager.default.removeItem(atPath: work.root) }
        _ = try work.run(work.request(mode: .failed))
        try FileManager.default.removeItem(atPath: work.snapshots + "/recipe/assets.txt")
        let result = try #require(try work.run(work.request()).first)
        #expect(result.status == .missing)
        #expect(result.report().hasPrefix("recipe: the snapshot in \(work.snapshots)/recipe/ lacks assets.txt; run with --record to add it\n"))
    }

    @Test func aFixtureThatCannotRenderIsReportedAndOthersGoOn() throws {
        let work = try Workspace()
        defer { try? FileManager.default.removeItem(atPath: work.root) }
        try "{ \"messages\": [ }".write(toFile: work.root + "/broken.json", atomically: true, encoding: .utf8)
        var request = work.request(mode: .failed)
        request.fixtures = [work.root + "/broken.json", work.fixture]
        let results = try work.run(request)
        #expect(results.map(\.status) == [.failed, .recorded])
        #expect(results[0].errorKind == .badData)
        #expect(results[0].errors.first?.description.hasPrefix(work.root + "/broken.json:1:") == true)
    }

    @Test func twoFixturesWithOneNameAreRefused() throws {
        let work = try Workspace()
        defer { try? FileManager.default.removeItem(atPath: work.root) }
        var request = work.request()
        request.fixtures = [work.fixture, work.root + "/other/recipe.json"]
        #expect(throws: DiagnosticError.self) { try work.run(request) }
    }

    /// A stand-in browser: a page-sized image per width, darker in dark mode, with a mark whose
    /// position the test moves.
    final class FakeBrowser: PageScreenshotter {
        var markX = 5
        /// Darkens the light background a little: within the default tolerance, yet other bytes.
        var tint: UInt8 = 0
        var shots = 0
        /// Captures still to come that paint a stray frame (the mark moved), as a busy browser
        /// now and then does with nothing changed.
        var strayFrames = 0
        /// How tall each band of a capture is, as a browser hands out a page taller than its
        /// texture limit.
        var bandHeight = 60
        func capture(fileURL: String, width: Int, dark: Bool) throws(DiagnosticError) -> HeadlessChromium.PageCapture {
            shots += 1
            var image = try PixelImage(width: width, height: 60, fill: dark ? [20, 20, 20, 255] : [250 - tint, 250 - tint, 250 - tint, 255])
            let mark = strayFrames > 0 ? markX + 20 : markX
            strayFrames = max(0, strayFrames - 1)
            for y in 10..<20 { for x in mark..<(mark + 8) { image.setPixel(x: x, y: y, [200, 0, 0, 255]) } }
            var tiles: [[UInt8]] = []
            for top in stride(from: 0, to: image.height, by: bandHeight) {
                let rows = min(bandHeight, image.height - top)
                let band = PixelImage(width: width, height: rows, pixels: Array(image.pixels[(top * width * 4)..<((top + rows) * width * 4)]))
                tiles.append(try band.pngBytes())
            }
            return HeadlessChromium.PageCapture(width: width, height: image.height, tiles: tiles)
        }
    }

    @Test func screenshotsAreRecordedComparedAndDiffed() throws {
        let work = try Workspace()
        defer { try? FileManager.default.removeItem(atPath: work.root) }
        let browser = FakeBrowser()
        let screenshots = SnapshotCheck.Screenshots(widths: [100, 200]) { () throws(DiagnosticError) in browser }

        let recorded = try work.run(work.request(mode: .failed, screenshots: screenshots))
        #expect(recorded[0].report() == "recipe: recorded \(work.snapshots)/recipe/ (index.html, assets.txt, 4 screenshots)\n")
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: work.snapshots + "/recipe").sorted()
                == ["100-dark.png", "100-light.png", "200-dark.png", "200-light.png", "assets.txt", "index.html"])
        #expect(try work.run(work.request(screenshots: screenshots)).map(\.status) == [.matches])

        browser.markX = 30
        let result = try #require(try work.run(work.request(screenshots: screenshots)).first)
        #expect(result.status == .differs)
        #expect(result.htmlDiff == nil)
        let light = try #require(result.screenshots.first { $0.fileName == "100-light.png" })
        #expect(light.comparison?.changedPixels == 160)
        #expect(light.comparison?.boundingBox == .init(minX: 5, minY: 10, maxX: 37, maxY: 19))
        #expect(
            result.report().contains(
                "  100-light.png: 160 pixels differ (2.67%) in x 5–37, y 10–19 (33 × 10 px); diff image: \(work.diffs)/recipe/100-light-diff.png\n"))
        let diffImage = try PixelImage(contentsOf: work.diffs + "/recipe/100-light-diff.png")
        #expect(diffImage.pixel(x: 6, y: 12) == ScreenshotComparison.highlight)  // where the mark was
        #expect(diffImage.pixel(x: 33, y: 12) == ScreenshotComparison.highlight)  // where it is now
        #expect(diffImage.pixel(x: 60, y: 40) != ScreenshotComparison.highlight)
        #expect(FileManager.default.fileExists(atPath: work.diffs + "/recipe/100-light.png"))
        // Never written into the snapshots.
        #expect(!FileManager.default.fileExists(atPath: work.snapshots + "/recipe/100-light-diff.png"))

        // Recording with fewer widths drops the stale screenshots and says so.
        let narrowed = SnapshotCheck.Screenshots(widths: [100]) { () throws(DiagnosticError) in browser }
        let updated = try work.run(work.request(mode: .failed, screenshots: narrowed))
        #expect(
            updated[0].report()
                == "recipe: updated \(work.snapshots)/recipe/: 100-light.png (160 pixels), 100-dark.png (160 pixels), 200-dark.png (removed), 200-light.png (removed)\n"
        )
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: work.snapshots + "/recipe").sorted()
                == ["100-dark.png", "100-light.png", "assets.txt", "index.html"])
    }

    /// A screenshot that differs is taken again, up to twice: a stray frame is not a difference,
    /// a change that every capture shows is.
    @Test func aDifferingScreenshotIsTakenAgainBeforeItIsReported() throws {
        let work = try Workspace()
        defer { try? FileManager.default.removeItem(atPath: work.root) }
        let browser = FakeBrowser()
        let screenshots = SnapshotCheck.Screenshots(widths: [100]) { () throws(DiagnosticError) in browser }
        #expect(try work.run(work.request(mode: .missing, screenshots: screenshots)).map(\.status) == [.recorded])
        let path = work.snapshots + "/recipe/100-light.png"
        let before = try #require(FileManager.default.contents(atPath: path))

        // One stray frame: the light capture is taken once more, matches, and nothing is written.
        browser.shots = 0
        browser.strayFrames = 1
        #expect(try work.run(work.request(mode: .failed, screenshots: screenshots)).map(\.status) == [.unchanged])
        #expect(browser.shots == 3)
        #expect(FileManager.default.contents(atPath: path) == before)

        // Stray on every try of the light one (both first captures, then its two retakes):
        // reported as differing; the dark one matches when taken again.
        browser.shots = 0
        browser.strayFrames = 4
        let stray = try #require(try work.run(work.request(screenshots: screenshots)).first)
        #expect(stray.status == .differs)
        #expect(stray.screenshots.map { $0.comparison?.matches } == [false, true])
        #expect(browser.shots == 5)

        // A real change differs on every capture of both schemes.
        browser.shots = 0
        browser.markX = 30
        #expect(try work.run(work.request(screenshots: screenshots)).map(\.status) == [.differs])
        #expect(browser.shots == 6)
    }

    /// `failed` keeps the bytes of a screenshot that still matches within tolerance (no churn),
    /// `missing` leaves it alone too, and `all` writes it again.
    @Test func onlyAllRewritesScreenshotsWithinTolerance() throws {
        let work = try Workspace()
        defer { try? FileManager.default.removeItem(atPath: work.root) }
        let browser = FakeBrowser()
        let screenshots = SnapshotCheck.Screenshots(widths: [100]) { () throws(DiagnosticError) in browser }
        #expect(try work.run(work.request(mode: .missing, screenshots: screenshots)).map(\.status) == [.recorded])
        let path = work.snapshots + "/recipe/100-light.png"
        let before = try #require(FileManager.default.contents(atPath: path))

        browser.tint = 1
        #expect(try work.run(work.request(mode: .failed, screenshots: screenshots)).map(\.status) == [.unchanged])
        #expect(FileManager.default.contents(atPath: path) == before)
        #expect(try work.run(work.request(mode: .missing, screenshots: screenshots)).map(\.status) == [.matches])
        #expect(FileManager.default.contents(atPath: path) == before)

        let all = try work.run(work.request(mode: .all, screenshots: screenshots))
        #expect(all.map(\.status) == [.rerecorded])
        #expect(all[0].report() == "recipe: recorded again \(work.snapshots)/recipe/ (it matched)\n")
        #expect(FileManager.default.contents(atPath: path) != before)
        #expect(try PixelImage(contentsOf: path).pixel(x: 60, y: 40) == [249, 249, 249, 255])
    }

    /// The real executable with real Chromium, as CI runs it.
    @Test func checkWithPNGEndToEnd() throws {
        guard HeadlessChromium.locate(environment: ProcessInfo.processInfo.environment) != nil else {
            print("skipped: Chromium is not installed. \(HeadlessChromium.installHint)")
            return
        }
        let work = try Workspace()
        defer { try? FileManager.default.removeItem(atPath: work.root) }
        let arguments = ["check", work.fixture, "--snapshots", work.snapshots, "--diffs", work.diffs, "--png", "--widths", "320"]
        let recorded = try CLIRun.run(arguments + ["--record"])
        #expect(recorded.status == 0, "\(recorded.stderr)")
        #expect(
            recorded.stdout == "recipe: recorded \(work.snapshots)/recipe/ (index.html, assets.txt, 2 screenshots)\n"
                + "wrote \(work.snapshots)/chatrender.check.json: theme SP (bundled), locale en-US, screenshots at 320 px in light and dark\n"
                + "1 fixture: 1 recorded\n")
        let light = try PixelImage(contentsOf: work.snapshots + "/recipe/320-light.png")
        let dark = try PixelImage(contentsOf: work.snapshots + "/recipe/320-dark.png")
        #expect(light.width == 320 && dark.width == 320 && light.height > 100)
        #expect(light.pixel(x: 2, y: 2) != dark.pixel(x: 2, y: 2))  // the page follows the colour scheme

        let same = try CLIRun.run(arguments)
        #expect(same.status == 0, "\(same.stdout)\(same.stderr)")
        #expect(same.stdout == "recipe: matches\n1 fixture: 1 matches\n")

        try work.write(
            reply: "Simmer for **fifteen minutes**, then add a long list of herbs: basil, oregano, thyme, parsley and a bay leaf.",
            file: "Tomatoes, onion, garlic.\n")
        let changed = try CLIRun.run(arguments)
        #expect(changed.status == 1)
        #expect(changed.stdout.contains("recipe: differs from"))
        #expect(changed.stdout.contains("320-light.png: "))
        #expect(changed.stdout.hasSuffix("1 fixture: 1 differs; if the changes are intended, run again with --record\n"))
        #expect(FileManager.default.fileExists(atPath: work.diffs + "/recipe/320-light-diff.png"))
        #expect(FileManager.default.fileExists(atPath: work.diffs + "/recipe/320-dark-diff.png"))

        let noBrowser = try CLIRun.run(arguments, environment: ["CHATRENDER_CHROMIUM": work.root + "/no-such-browser"])
        #expect(noBrowser.status == 69)
        #expect(noBrowser.stderr.contains("--png needs headless Chromium"))
        #expect(noBrowser.stderr.contains("apt-get install chromium"))
    }

    @Test func commandLineErrors() throws {
        let work = try Workspace()
        defer { try? FileManager.default.removeItem(atPath: work.root) }
        let noSnapshots = try CLIRun.run(["check", work.fixture])
        #expect(noSnapshots.status == 64)
        #expect(noSnapshots.stderr.contains("check needs --snapshots DIR"))
        #expect(try CLIRun.run(["check", "--snapshots", work.snapshots]).status == 64)
        let widths = try CLIRun.run(["check", work.fixture, "--snapshots", work.snapshots, "--widths", "390,abc"])
        #expect(widths.status == 64)
        #expect(widths.stderr.contains("--widths takes CSS widths"))
        let missing = try CLIRun.run(["check", work.root + "/nope.json", "--snapshots", work.snapshots])
        #expect(missing.status == 66)
        #expect(missing.stderr.contains("nope.json: error: no such file"))
        let help = try CLIRun.run(["check", "--help"])
        #expect(help.status == 0)
        #expect(help.stdout.contains("chatrender check FIXTURE.json… --snapshots DIR"))
        #expect(help.stdout.contains("1 when a fixture differs"))
        #expect(try CLIRun.run(["--help"]).stdout.contains("chatrender check FIXTURE.json… --snapshots DIR"))
    }
}
