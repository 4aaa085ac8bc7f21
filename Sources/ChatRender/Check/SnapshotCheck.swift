import Foundation
import ChatModel
import ChatTheme
import ChatPlan
import ChatOutput
import ChatAssets
import ChatBrowser

/// Something that can photograph a page: ``HeadlessChromium``, or a stand-in in tests.
package protocol PageScreenshotter: AnyObject {
    /// The whole page at `width` CSS pixels in the light or dark colour scheme, as PNG bands from
    /// top to bottom (one when the page fits in one capture).
    func capture(fileURL: String, width: Int, dark: Bool) throws(DiagnosticError) -> HeadlessChromium.PageCapture
}

extension HeadlessChromium: PageScreenshotter {}

/// `chatrender check`: renders each fixture into a temporary folder and compares the page, its
/// asset list and (optionally) screenshots with the snapshot stored under `DIR/NAME/`, or records
/// them. Rendering is deterministic, so the page and assets compare exactly; screenshots compare
/// with a per-pixel tolerance.
package enum SnapshotCheck {
    /// Screenshot settings for `--png`.
    package struct Screenshots {
        /// CSS widths, each taken in light and dark.
        package var widths: [Int]
        /// Largest channel difference (0–255) still counted as equal.
        package var tolerance: Int
        /// Count slight differences on strong edges too (anti-aliasing noise is forgiven by default).
        package var exactEdges = false
        /// Makes the browser, once, on first use.
        package var makeScreenshotter: () throws(DiagnosticError) -> PageScreenshotter

        package init(
            widths: [Int] = [390, 1024], tolerance: Int = 2,
            makeScreenshotter: @escaping () throws(DiagnosticError) -> PageScreenshotter
        ) {
            self.widths = widths
            self.tolerance = tolerance
            self.makeScreenshotter = makeScreenshotter
        }
    }

    /// One run of `check`.
    package struct Request {
        package var fixtures: [String]
        package var snapshotsDirectory: String
        /// Which snapshot files are written rather than only compared; `.never` checks only.
        package var recordMode: RecordMode
        /// nil without `--png`.
        package var screenshots: Screenshots?
        /// Where rendered pages, full diffs and diff images of differing fixtures go (never the snapshots).
        package var diffsDirectory: String
        package var themePath: String
        /// Where a partial theme finds the bundled themes it builds on.
        package var bundledThemes = BundledThemes.unknown
        package var templatesDirectory: String
        package var options: RenderOptions
        /// Whether `options.markup` was chosen (`--markup`) rather than left to each file's own.
        package var markupGiven = false
        package var images: ImageSettings
        package var strict: Bool

        package init(
            fixtures: [String], snapshotsDirectory: String, recordMode: RecordMode = .never, screenshots: Screenshots? = nil,
            diffsDirectory: String = "out/check-diffs", themePath: String, templatesDirectory: String,
            options: RenderOptions = .init(), images: ImageSettings = .init(), strict: Bool = false
        ) {
            self.fixtures = fixtures
            self.snapshotsDirectory = snapshotsDirectory
            self.recordMode = recordMode
            self.screenshots = screenshots
            self.diffsDirectory = diffsDirectory
            self.themePath = themePath
            self.templatesDirectory = templatesDirectory
            self.options = options
            self.images = images
            self.strict = strict
        }
    }

    /// One screenshot's outcome.
    package struct ScreenshotResult {
        /// `390-light.png`
        package var fileName: String
        /// nil when the snapshot has no such file.
        package var comparison: ScreenshotComparison?
        /// Where the diff image was written (check mode, when it differs).
        package var diffImagePath: String?
    }

    /// What happened to one fixture.
    package struct FixtureResult {
        package enum Status: Equatable, Sendable {
            /// Check: everything matches.
            case matches
            /// Check: something differs.
            case differs
            /// Check: there is no snapshot (or part of one) to compare with.
            case missing
            /// Check: the fixture could not be rendered (see ``errors``).
            case failed
            /// Record: the snapshot was written for the first time.
            case recorded
            /// Record: an existing snapshot was updated.
            case updated
            /// Record (`all`): the snapshot matched and was written again.
            case rerecorded
            /// Record: the snapshot already matched; nothing was written.
            case unchanged
        }

        package var fixture: String
        /// The snapshot's folder name under the snapshots folder.
        package var name: String
        package var status: Status
        /// The snapshot folder.
        package var snapshotPath: String
        package var htmlDiff: PageDiff?
        /// nil when the snapshot has no `assets.txt`.
        package var assets: AssetManifest.Difference?
        package var screenshots: [ScreenshotResult] = []
        /// Snapshot files that are missing, or stale ones removed when recording.
        package var missingFiles: [String] = []
        package var removedFiles: [String] = []
        /// Snapshot files written this run (the record mode decides which).
        package var recordedFiles: [String] = []
        /// Where the full diff and the rendered page were written (check mode, when it differs).
        package var diffFolder: String?
        package var warnings: [Diagnostic] = []
        package var errors: [Diagnostic] = []
        package var errorKind: DiagnosticError.Kind?

        /// Whether the run should fail because of this fixture.
        package var failed: Bool { status == .differs || status == .missing || status == .failed }
    }

    /// The name a fixture's snapshot folder gets: the file name without `.json`, except that a
    /// generic `conversation.json` takes its folder's name (`examples/garden/conversation.json` → `garden`).
    package static func snapshotName(for fixture: String) -> String {
        let stem = FilePath.stem(fixture)
        if stem == "conversation" {
            let folder = FilePath.lastComponent(FilePath.directory(fixture))
            if !folder.isEmpty && folder != "." && folder != "/" && folder != ".." { return folder }
        }
        return stem.isEmpty ? "conversation" : stem
    }

    /// Snapshot file names chatrender writes; anything else in a snapshot folder is left alone.
    static func isScreenshotName(_ name: String) -> Bool {
        guard name.hasSuffix("-light.png") || name.hasSuffix("-dark.png") else { return false }
        let width = name.prefix { $0 != "-" }
        return !width.isEmpty && width.allSatisfy(\.isNumber)
    }

    /// Screenshots stored for these fixtures, as `NAME/390-light.png`, sorted: a snapshot that
    /// holds them is recorded with them, so HTML and images never drift apart.
    package static func storedScreenshots(fixtures: [String], snapshotsDirectory: String) -> [String] {
        var found: [String] = []
        for name in Set(fixtures.map(snapshotName(for:))) {
            let folder = FilePath.join(snapshotsDirectory, name)
            for file in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [] where isScreenshotName(file) {
                found.append(name + "/" + file)
            }
        }
        return found.sorted()
    }

    /// The widths of stored screenshot names (`garden/390-light.png` → 390), smallest first.
    package static func widths(ofScreenshots names: [String]) -> [Int] {
        Set(names.compactMap { Int(FilePath.lastComponent($0).prefix { $0 != "-" }) }).sorted()
    }

    /// Screenshot file names for the settings, in the order they are taken.
    package static func screenshotNames(widths: [Int]) -> [(name: String, width: Int, dark: Bool)] {
        widths.flatMap { width in [("\(width)-light.png", width, false), ("\(width)-dark.png", width, true)] }
    }

    /// Checks (or records) every fixture in order, calling `report` as each finishes.
    /// Throws only for problems with the run as a whole (two fixtures with one name, no browser).
    package static func run(_ request: Request, report: (FixtureResult) -> Void) throws(DiagnosticError) {
        var seen: [String: String] = [:]
        for fixture in request.fixtures {
            let name = snapshotName(for: fixture)
            if let other = seen[name] {
                throw DiagnosticError(
                    Diagnostic(file: fixture, message: "its snapshot would be named \"\(name)\", like that of \(other); rename one of the files"), kind: .usage)
            }
            seen[name] = fixture
        }
        var screenshotter: PageScreenshotter?
        defer { (screenshotter as? HeadlessChromium)?.close() }
        for fixture in request.fixtures {
            var result = FixtureResult(
                fixture: fixture, name: snapshotName(for: fixture), status: .matches,
                snapshotPath: FilePath.join(request.snapshotsDirectory, snapshotName(for: fixture)))
            do throws(DiagnosticError) {
                if request.screenshots != nil && screenshotter == nil {
                    screenshotter = try request.screenshots!.makeScreenshotter()
                }
                try checkOne(request, &result, screenshotter: screenshotter)
                if !result.failed { removeStaleDiffs(request, result.name) }
            } catch {
                // A browser that will not start stops the run; a fixture that will not render does not.
                if screenshotter == nil && request.screenshots != nil { throw error }
                result.status = .failed
                result.errors = error.diagnostics
                result.errorKind = error.kind
            }
            report(result)
        }
    }

    /// A fixture that passes (or was recorded) has no diffs: a folder left from an earlier run
    /// that failed would only mislead, so it goes.
    private static func removeStaleDiffs(_ request: Request, _ name: String) {
        let folder = FilePath.join(request.diffsDirectory, name)
        var info = stat()
        guard lstat(folder, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else { return }
        try? FileManager.default.removeItem(atPath: folder)
        // The diffs folder itself goes too once nothing is left in it.
        if (try? FileManager.default.contentsOfDirectory(atPath: request.diffsDirectory))?.isEmpty == true {
            try? FileManager.default.removeItem(atPath: request.diffsDirectory)
        }
    }

    /// What one render produced.
    private struct Rendered {
        var html: String
        var htmlBytes: [UInt8]
        var manifest: AssetManifest
        var screenshots: [(name: String, bytes: [UInt8], image: PixelImage)]
    }

    /// How many times a screenshot that differs from its snapshot is taken again before it is
    /// reported as differing.
    static let retakes = 2

    private static func checkOne(_ request: Request, _ result: inout FixtureResult, screenshotter: PageScreenshotter?) throws(DiagnosticError) {
        let scratch = try ScratchFolder.make("check")
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let output = FilePath.join(scratch, result.name)
        var renderRequest = RenderRequest(
            conversationPath: result.fixture, themePath: request.themePath,
            templatesDirectory: request.templatesDirectory, outputDirectory: output,
            options: request.options, strict: request.strict, images: request.images)
        renderRequest.markupGiven = request.markupGiven
        renderRequest.bundledThemes = request.bundledThemes
        let rendered = try ChatRenderer.render(renderRequest)
        result.warnings = rendered.warnings

        let page = FilePath.join(output, "index.html")
        guard let pageData = FileManager.default.contents(atPath: page) else {
            throw DiagnosticError(Diagnostic(file: page, message: "the rendered page cannot be read"), kind: .cannotWrite)
        }
        var new = Rendered(
            html: String(decoding: pageData, as: UTF8.self), htmlBytes: [UInt8](pageData),
            manifest: try AssetManifest.scan(folder: output), screenshots: [])
        if let settings = request.screenshots, let screenshotter {
            let url = URL(fileURLWithPath: page).absoluteString
            for shot in screenshotNames(widths: settings.widths) {
                let capture = try screenshotter.capture(fileURL: url, width: shot.width, dark: shot.dark)
                new.screenshots.append(try stitch(capture, name: "\(result.name)/\(shot.name)", shot.name))
            }
        }

        // Compare with what is stored.
        let fm = FileManager.default
        let snapshot = result.snapshotPath
        let displayName = result.name
        if let stored = fm.contents(atPath: FilePath.join(snapshot, "index.html")) {
            let diff = PageDiff(
                old: String(decoding: stored, as: UTF8.self), new: new.html,
                oldName: FilePath.join(snapshot, "index.html"),
                newName: "\(displayName)/index.html (rendered from \(result.fixture))")
            if !diff.isEmpty || [UInt8](stored) != new.htmlBytes { result.htmlDiff = diff }
        } else {
            result.missingFiles.append("index.html")
        }
        let manifestPath = FilePath.join(snapshot, "assets.txt")
        if let stored = fm.contents(atPath: manifestPath) {
            let old = try AssetManifest(text: String(decoding: stored, as: UTF8.self), file: manifestPath)
            let difference = new.manifest.difference(from: old)
            result.assets = difference
        } else {
            result.missingFiles.append("assets.txt")
        }
        if let settings = request.screenshots {
            let shots = screenshotNames(widths: settings.widths)
            for index in new.screenshots.indices {
                let shot = new.screenshots[index]
                let path = FilePath.join(snapshot, shot.name)
                guard fm.fileExists(atPath: path) else {
                    result.missingFiles.append(shot.name)
                    result.screenshots.append(ScreenshotResult(fileName: shot.name, comparison: nil))
                    continue
                }
                let old = try PixelImage(contentsOf: path)
                func compare(_ image: PixelImage) -> ScreenshotComparison {
                    ScreenshotComparison(old: old, new: image, tolerance: settings.tolerance, allowEdgeNoise: !settings.exactEdges)
                }
                var comparison = compare(shot.image)
                // A browser on a busy machine now and then paints a frame that differs from the
                // next by a line of text, with nothing changed. A page that differs is taken
                // again, up to twice: a real change differs every time, a stray frame does not.
                if !comparison.matches, let screenshotter, let size = shots.first(where: { $0.name == shot.name }) {
                    let url = URL(fileURLWithPath: page).absoluteString
                    for _ in 0..<Self.retakes where !comparison.matches {
                        let capture = try screenshotter.capture(fileURL: url, width: size.width, dark: size.dark)
                        let again = try stitch(capture, name: "\(result.name)/\(shot.name)", shot.name)
                        comparison = compare(again.image)
                        if comparison.matches { new.screenshots[index] = again }
                    }
                }
                result.screenshots.append(ScreenshotResult(fileName: shot.name, comparison: comparison))
            }
        }
        let snapshotExists = fm.fileExists(atPath: snapshot)

        // Each file is decided on its own by the record mode, as the golden tests decide theirs.
        let mode = request.recordMode
        var files: [(name: String, exists: Bool, matches: Bool)] = [
            ("index.html", !result.missingFiles.contains("index.html"), result.htmlDiff == nil),
            ("assets.txt", result.assets != nil, result.assets?.isEmpty ?? true),
        ]
        for shot in result.screenshots {
            files.append((shot.fileName, shot.comparison != nil, shot.comparison?.matches ?? true))
        }
        let writing = files.filter { mode.shouldRecord(exists: $0.exists, matches: $0.matches) }.map(\.name)
        // A screenshot for a width no longer asked for is a stored file that no longer matches.
        let stale =
            request.screenshots == nil || !mode.shouldRecord(exists: true, matches: false)
            ? [] : staleScreenshots(in: snapshot, keeping: Set(new.screenshots.map(\.name)))
        if !writing.isEmpty || !stale.isEmpty {
            try record(new, into: snapshot, writing: Set(writing), removing: Set(stale))
            result.recordedFiles = writing
            result.removedFiles = stale
        }

        let written = Set(writing)
        let stillMissing = files.contains { !$0.exists && !written.contains($0.name) }
        let stillDiffers = files.contains { $0.exists && !$0.matches && !written.contains($0.name) }
        if stillMissing {
            result.missingFiles.removeAll { written.contains($0) }
            result.status = .missing
        } else if stillDiffers {
            result.status = .differs
        } else if writing.isEmpty && stale.isEmpty {
            result.status = mode == .failed || mode == .all ? .unchanged : .matches
            return
        } else if !snapshotExists {
            result.status = .recorded
            return
        } else {
            let changed = !stale.isEmpty || files.contains { !$0.exists || !$0.matches }
            result.status = changed ? .updated : .rerecorded
            return
        }
        try writeDiffs(new, request: request, result: &result, rendered: output)
    }

    /// One screenshot from a capture: a page taller than one capture comes in bands, joined here
    /// into one image of the whole page (its PNG is made when it is written: `bytes` is empty).
    private static func stitch(_ capture: HeadlessChromium.PageCapture, name: String, _ fileName: String) throws(DiagnosticError) -> (
        name: String, bytes: [UInt8], image: PixelImage
    ) {
        if capture.tiles.count == 1 {
            return (fileName, capture.tiles[0], try PixelImage(pngBytes: capture.tiles[0], name: name))
        }
        var bands: [PixelImage] = []
        for (index, tile) in capture.tiles.enumerated() { bands.append(try PixelImage(pngBytes: tile, name: "\(name) band \(index + 1)")) }
        let image = try PixelImage(stacking: bands, name: name)
        guard image.height == capture.height, image.width == capture.width else {
            throw DiagnosticError(
                Diagnostic(
                    file: name,
                    message: "the captured bands add up to \(image.width) × \(image.height) px, not the page's \(capture.width) × \(capture.height) px"),
                kind: .cannotWrite)
        }
        // Encoded only when it is written (a record, or the diffs): a long page that matches is
        // not compressed again for nothing.
        return (fileName, [], image)
    }

    /// A screenshot's PNG: the browser's bytes, or the stitched image encoded now.
    private static func pngBytes(_ shot: (name: String, bytes: [UInt8], image: PixelImage)) throws(DiagnosticError) -> [UInt8] {
        shot.bytes.isEmpty ? try shot.image.pngBytes() : shot.bytes
    }

    /// Screenshots stored for widths no longer asked for.
    private static func staleScreenshots(in snapshot: String, keeping: Set<String>) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: snapshot)) ?? []
        return names.filter { isScreenshotName($0) && !keeping.contains($0) }.sorted()
    }

    /// Writes the snapshot folder whole in a staging folder beside it, then swaps it in, so a
    /// snapshot is never half-updated. Only the files in `writing` take the new bytes; every other
    /// file already in the folder (a screenshot within tolerance, one not taken this run, a file
    /// of the person's own) is carried over, except those in `removing`.
    private static func record(
        _ new: Rendered, into snapshot: String, writing: Set<String>,
        removing: Set<String>
    ) throws(DiagnosticError) {
        let output = try StagingFolder(replacing: snapshot, replaces: .anyFolder, what: "the snapshot")
        do throws(DiagnosticError) {
            if writing.contains("index.html") { try output.write(new.htmlBytes, to: "index.html") }
            if writing.contains("assets.txt") { try output.write(Array(new.manifest.text.utf8), to: "assets.txt") }
            for shot in new.screenshots where writing.contains(shot.name) { try output.write(try pngBytes(shot), to: shot.name) }
            for name in (try? FileManager.default.contentsOfDirectory(atPath: snapshot)) ?? [] {
                guard !removing.contains(name) && !writing.contains(name) else { continue }
                try output.copy(FilePath.join(snapshot, name), to: name)
            }
            try output.commit()
        } catch {
            output.discard()
            throw error
        }
    }

    /// For a fixture that differs: the rendered page, the whole diff and, per screenshot that
    /// differs, the new screenshot and a diff image, as `DIFFS/NAME/` (replaced whole, so nothing
    /// from an earlier run is left to mislead).
    private static func writeDiffs(_ new: Rendered, request: Request, result: inout FixtureResult, rendered: String) throws(DiagnosticError) {
        let folder = FilePath.join(request.diffsDirectory, result.name)
        let output = try StagingFolder(replacing: folder, replaces: .anyFolder, what: "the diffs folder")
        do throws(DiagnosticError) {
            try output.write(new.htmlBytes, to: "index.html")
            if let diff = result.htmlDiff { try output.write(Array(diff.full.text.utf8), to: "index.html.diff") }
            for index in result.screenshots.indices {
                let name = result.screenshots[index].fileName
                guard let shot = new.screenshots.first(where: { $0.name == name }) else { continue }
                let comparison = result.screenshots[index].comparison
                if comparison?.matches == true { continue }
                try output.write(try pngBytes(shot), to: name)
                if let image = comparison?.diffImage {
                    let diffName = String(name.dropLast(4)) + "-diff.png"
                    try output.write(try image.pngBytes(), to: diffName)
                    result.screenshots[index].diffImagePath = FilePath.join(folder, diffName)
                }
            }
            try output.commit()
        } catch {
            output.discard()
            throw error
        }
        result.diffFolder = folder
    }
}
