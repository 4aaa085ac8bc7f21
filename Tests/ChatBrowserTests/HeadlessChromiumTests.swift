import Foundation
import Testing
@testable import ChatModel
@testable import ChatOutput
@testable import ChatBrowser
@testable import ChatAssets
import TestSupport

/// The headless browser driver against the real Chromium. CI has Chromium; without it these tests
/// are skipped with a message saying how to install it.
@Suite(.serialized) struct HeadlessChromiumTests {
    static let executable = HeadlessChromium.locate(environment: ProcessInfo.processInfo.environment)

    /// A page 2400 px tall whose colours follow the emulated colour scheme, with a lazy image far
    /// below the first screen.
    static func page(in folder: String) throws -> String {
        let png = try PixelImage(width: 4, height: 4, fill: [0, 200, 0, 255]).pngBytes()
        try Data(png).write(to: URL(fileURLWithPath: folder + "/dot.png"))
        let html = """
            <!doctype html><html><head><meta charset="utf-8"><style>
            html, body { margin: 0; }
            body { background: rgb(255, 0, 0); height: 2400px; position: relative; }
            @media (prefers-color-scheme: dark) { body { background: rgb(0, 0, 255); } }
            #motion { position: absolute; top: 0; left: 0; width: 10px; height: 10px; background: black; }
            @media (prefers-reduced-motion: reduce) { #motion { background: rgb(255, 255, 0); } }
            img { position: absolute; top: 2300px; left: 0; width: 40px; height: 40px; }
            @media print { body { height: auto; } }
            </style></head><body><div id="motion"></div><img loading="lazy" src="dot.png" alt=""></body></html>
            """
        try html.write(toFile: folder + "/page.html", atomically: true, encoding: .utf8)
        return "file://" + folder + "/page.html"
    }

    @Test func locateHonoursTheEnvironment() throws {
        let folder = TestPaths.temporaryFolder("locate")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let fake = folder + "/google-chrome"
        try "#!/bin/sh\n".write(toFile: fake, atomically: true, encoding: .utf8)
        chmod(fake, 0o755)
        #expect(HeadlessChromium.locate(environment: ["PATH": folder]) == fake)
        #expect(HeadlessChromium.locate(environment: ["PATH": "/nonexistent"]) == nil)
        #expect(HeadlessChromium.locate(environment: ["PATH": "/nonexistent", "CHATRENDER_CHROMIUM": fake]) == fake)
        // An explicit choice that is not executable is reported, not replaced by another browser.
        #expect(HeadlessChromium.locate(environment: ["PATH": folder, "CHATRENDER_CHROMIUM": folder + "/missing"]) == nil)
        #expect(HeadlessChromium.installHint.contains("apt-get install chromium"))
        #expect(HeadlessChromium.installHint.contains("CHATRENDER_CHROMIUM"))
    }

    @Test func aBrowserThatIsNotChromiumFailsClearly() throws {
        let folder = TestPaths.temporaryFolder("notchrome")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let fake = folder + "/chromium"
        try "#!/bin/sh\necho 'this is not a browser' >&2\nexit 3\n".write(toFile: fake, atomically: true, encoding: .utf8)
        chmod(fake, 0o755)
        do {
            _ = try HeadlessChromium(executable: fake)
            Issue.record("a fake browser started")
        } catch {
            #expect(error.kind == .unavailable)
            #expect(error.description.contains("\(fake): error: Chromium did not start (it exited); it said:\nthis is not a browser"))
        }
        do {
            _ = try HeadlessChromium(executable: folder + "/missing")
            Issue.record("a missing browser started")
        } catch {
            #expect(error.kind == .unavailable)
            #expect(error.description.contains("cannot start"))
            #expect(error.description.contains("CHATRENDER_CHROMIUM"))
        }
    }

    @Test func fullPageScreenshotsInLightAndDark() throws {
        guard let executable = Self.executable else {
            print("skipped: Chromium is not installed. \(HeadlessChromium.installHint)")
            return
        }
        let folder = TestPaths.temporaryFolder("shot")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let url = try Self.page(in: folder)
        let browser = try HeadlessChromium(executable: executable, extraFlags: TestChromium.flags)
        defer { browser.close() }

        let light = try PixelImage(pngBytes: browser.screenshot(fileURL: url, width: 320, dark: false), name: "light")
        #expect(light.width == 320)
        #expect(light.height == 2400)  // the whole page, not the 800 px viewport
        #expect(light.pixel(x: 200, y: 100) == [255, 0, 0, 255])
        #expect(light.pixel(x: 200, y: 2350) == [255, 0, 0, 255])
        #expect(light.pixel(x: 5, y: 5) == [255, 255, 0, 255])  // reduced motion is emulated
        #expect(light.pixel(x: 20, y: 2320) == [0, 200, 0, 255])  // the lazy image far below loaded

        let dark = try PixelImage(pngBytes: browser.screenshot(fileURL: url, width: 500, dark: true), name: "dark")
        #expect(dark.width == 500)
        #expect(dark.pixel(x: 200, y: 100) == [0, 0, 255, 255])
    }

    /// A page taller than one capture comes in bands that join without a seam: stitched, they
    /// equal the page taken in one piece, stripes and the lazy image far below included.
    @Test func aTallPageIsCapturedInBandsThatJoinExactly() throws {
        guard let executable = Self.executable else {
            print("skipped: Chromium is not installed. \(HeadlessChromium.installHint)")
            return
        }
        let folder = TestPaths.temporaryFolder("bands")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        _ = try Self.page(in: folder)
        // Stripes every 100 px, so a band placed a row off shows.
        let stripes = (0..<24).map {
            "<div style=\"position:absolute;left:60px;top:\($0 * 100)px;width:50px;height:50px;background:rgb(\($0 * 10), 90, 30)\"></div>"
        }.joined()
        let page = try String(contentsOfFile: folder + "/page.html", encoding: .utf8).replacingOccurrences(of: "</body>", with: stripes + "</body>")
        try page.write(toFile: folder + "/page.html", atomically: true, encoding: .utf8)
        let url = "file://" + folder + "/page.html"
        let browser = try HeadlessChromium(executable: executable, extraFlags: TestChromium.flags)
        defer { browser.close() }

        let whole = try PixelImage(pngBytes: browser.screenshot(fileURL: url, width: 320, dark: false), name: "whole")
        browser.maxTileHeight = 1000
        let capture = try browser.capture(fileURL: url, width: 320, dark: false)
        #expect(capture.height == 2400 && capture.tiles.count == 3)
        let bands = try capture.tiles.enumerated().map { try PixelImage(pngBytes: $1, name: "band \($0)") }
        #expect(bands.map(\.height) == [1000, 1000, 400])
        let stitched = try PixelImage(stacking: bands, name: "stitched")
        #expect(stitched == whole)
        #expect(throws: DiagnosticError.self) { try browser.screenshot(fileURL: url, width: 320, dark: false) }  // one piece cannot hold it

        browser.maxPageHeight = 2000
        do {
            _ = try browser.capture(fileURL: url, width: 320, dark: false)
            Issue.record("a page taller than maxPageHeight was captured")
        } catch {
            #expect(
                error.description.contains(
                    "the page is 2400 px tall at 320 px wide; screenshots cover pages up to 2000 px, so this one cannot be captured whole"))
        }
    }

    @Test func printsAPDFAndCleansUp() throws {
        guard let executable = Self.executable else {
            print("skipped: Chromium is not installed. \(HeadlessChromium.installHint)")
            return
        }
        let folder = TestPaths.temporaryFolder("pdf")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let url = try Self.page(in: folder)
        let browser = try HeadlessChromium(executable: executable, extraFlags: TestChromium.flags)
        let pdf = try browser.printToPDF(fileURL: url, paper: .letter)
        #expect(Array(pdf.prefix(5)) == Array("%PDF-".utf8))
        let text = String(decoding: pdf, as: UTF8.self)
        #expect(text.contains("/MediaBox [0 0 612 792]"))  // US Letter in points

        do {
            _ = try browser.screenshot(fileURL: "file://" + folder + "/missing.html", width: 320, dark: false)
            Issue.record("a missing page was captured")
        } catch {
            #expect(error.description.contains("missing.html: error: Chromium failed while loading the page: Page.navigate: net::ERR_FILE_NOT_FOUND"))
        }
        #expect(throws: DiagnosticError.self) { try browser.screenshot(fileURL: "https://example.com/", width: 320, dark: false) }

        let pid = browser.processID!
        let profile = browser.profileFolder!
        browser.close()
        browser.close()
        #expect(waitpid(pid, nil, WNOHANG) == -1)  // the browser is gone and reaped …
        #expect(ChromiumProcess.livingMembers(ofGroup: pid).isEmpty)  // … and so is every helper it started
        #expect(!FileManager.default.fileExists(atPath: profile))
        #expect(throws: DiagnosticError.self) { try browser.screenshot(fileURL: url, width: 320, dark: false) }
    }
}

/// The browser flags a test run passes on, as the command line does.
enum TestChromium {
    static let flags = (ProcessInfo.processInfo.environment["CHATRENDER_CHROMIUM_FLAGS"] ?? "")
        .split(separator: " ", omittingEmptySubsequences: true).map(String.init)
}
