import ChatModel
import ChatOutput
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A headless Chromium driven over the DevTools protocol, for screenshots (`chatrender check
/// --png`) and PDFs. One browser per instance, started by `init`; each capture opens a fresh tab,
/// so one capture's emulated width or colour scheme never leaks into the next.
///
/// The browser runs offline with a throw-away profile, and ``close()`` (also called on deinit)
/// ends it and every helper process it started and removes the profile. Not thread-safe: use one
/// instance per thread.
public final class HeadlessChromium {
    /// The paper sizes ``printToPDF(fileURL:paper:)`` takes, also reachable as `HeadlessChromium.Paper`.
    public typealias Paper = ChatBrowser.Paper

    /// `CHATRENDER_CHROMIUM`, then chromium, chromium-browser, google-chrome, google-chrome-stable on
    /// `PATH`, from the environment the caller read (the library reads none itself).
    public static func locate(environment: [String: String]) -> String? {
        let path = environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        let folders = path.split(separator: ":", omittingEmptySubsequences: true).map(String.init)
        func executable(_ candidate: String) -> String? {
            if candidate.contains("/") {
                return access(candidate, X_OK) == 0 && !isDirectory(candidate) ? candidate : nil
            }
            for folder in folders {
                let full = FilePath.join(folder, candidate)
                if access(full, X_OK) == 0 && !isDirectory(full) { return full }
            }
            return nil
        }
        if let explicit = environment["CHATRENDER_CHROMIUM"], !explicit.isEmpty {
            // An explicit choice that does not work is not silently replaced by another browser.
            return executable(explicit)
        }
        for name in ["chromium", "chromium-browser", "google-chrome", "google-chrome-stable"] {
            if let found = executable(name) { return found }
        }
        return nil
    }

    /// One or two sentences telling how to install it (Debian: `sudo apt-get install chromium`) or set CHATRENDER_CHROMIUM.
    public static let installHint =
        "Install Chromium (on Debian or Ubuntu: sudo apt-get install chromium) or set CHATRENDER_CHROMIUM to the path of a Chromium or Chrome executable."

    /// Seconds any one step may take (starting, loading, waiting for images, capturing).
    public var timeout: Double = 60
    /// The tallest band captured in one piece, in CSS pixels. Chromium cannot hand out a bitmap
    /// taller than its texture limit (16,384 px), so a longer page is captured in bands of at
    /// most this height that ``capture(fileURL:width:dark:)`` returns for stitching.
    public var maxTileHeight = 8_192
    /// The tallest page captured at all, in CSS pixels; a taller one is an error that says so,
    /// never a silently cut screenshot.
    public var maxPageHeight = 400_000
    /// The viewport height pages are laid out with (what `100vh` means); captures still cover the
    /// whole page.
    public var viewportHeight = 800

    /// The executable this instance started.
    public let executable: String
    private var process: ChromiumProcess?
    private let connection: DevToolsConnection

    /// Starts the browser and waits until it answers. `extraFlags` go to the browser as they are
    /// (the command line takes them from `CHATRENDER_CHROMIUM_FLAGS`, for example `--no-sandbox`
    /// in a container without user namespaces). A browser that cannot be started or does not
    /// answer throws `.unavailable`.
    public init(executable: String, extraFlags: [String] = []) throws(DiagnosticError) {
        self.executable = executable
        let started: ChromiumProcess
        do {
            started = try ChromiumProcess(executable: executable, extraFlags: extraFlags)
        } catch {
            throw DiagnosticError(
                Diagnostic(file: executable, message: error.message + ". " + HeadlessChromium.installHint),
                kind: .unavailable)
        }
        process = started
        connection = DevToolsConnection(socket: started.socket)
        do {
            _ = try connection.call("Browser.getVersion", timeout: timeout)
        } catch {
            let tail = started.logTail()
            started.terminate(grace: 0)
            process = nil
            var message = "Chromium did not start"
            switch error {
            case .timedOut: message += " within \(Int(timeout)) seconds"
            case .closed: message += " (it exited)"
            default: message += " (\(HeadlessChromium.describe(error)))"
            }
            if !tail.isEmpty { message += "; it said:\n" + tail }
            throw DiagnosticError(Diagnostic(file: executable, message: message), kind: .unavailable)
        }
    }

    deinit { close() }

    /// A full-page capture: PNG bands of the page from top to bottom, each ``width`` wide and at
    /// most ``maxTileHeight`` tall, whose heights add up to ``height``. One band when the page
    /// fits; stitch them (ChatAssets' `PixelImage(stacking:)`) for one image.
    public struct PageCapture: Sendable {
        /// CSS pixels (device scale 1, so also image pixels).
        public var width: Int
        /// The whole page's height.
        public var height: Int
        /// PNG bytes, top band first.
        public var tiles: [[UInt8]]
    }

    /// PNG bytes of the whole page in one piece; a page taller than ``maxTileHeight`` throws
    /// (use ``capture(fileURL:width:dark:)``, which takes it in bands).
    public func screenshot(fileURL: String, width: Int, dark: Bool) throws(DiagnosticError) -> [UInt8] {
        let capture = try capture(fileURL: fileURL, width: width, dark: dark)
        guard capture.tiles.count == 1 else {
            throw DiagnosticError(
                Diagnostic(
                    file: fileURL,
                    message: "the page is \(capture.height) px tall at \(width) px wide, "
                        + "more than one capture can hold (\(maxTileHeight) px); it was taken in \(capture.tiles.count) bands to be stitched"),
                kind: .cannotWrite)
        }
        return capture.tiles[0]
    }

    /// Loads a file:// URL, waits for load, every image (scrolling so lazy ones load) and fonts,
    /// and captures the whole page at the given CSS width, device scale 1, with
    /// prefers-color-scheme light or dark emulated, in bands of at most ``maxTileHeight``.
    ///
    /// The page is laid out in a viewport as tall as the page (parts off screen may skip painting,
    /// `content-visibility: auto`, and fixed or sticky parts stay where a reader of the whole page
    /// sees them), then each band is clipped from it, so bands join without seams or repeats.
    /// A page taller than ``maxPageHeight`` throws, naming its height.
    public func capture(fileURL: String, width: Int, dark: Bool) throws(DiagnosticError) -> PageCapture {
        guard (64...8192).contains(width) else {
            throw DiagnosticError(Diagnostic(file: fileURL, message: "screenshot width \(width): expected 64 to 8192 CSS pixels"), kind: .usage)
        }
        var tooTall: Int?
        let capture = try withPage(fileURL: fileURL, width: width, scheme: dark ? "dark" : "light", media: "screen") {
            session throws(DevToolsConnection.Failure) -> PageCapture? in
            // Parts' real sizes (once painted) can change the page's height: repeat until it holds still.
            var height = try contentHeight(session)
            for _ in 0..<4 {
                if height > maxPageHeight { tooTall = height; return nil }
                _ = try connection.call(
                    "Emulation.setDeviceMetricsOverride",
                    [
                        "width": width, "height": height, "deviceScaleFactor": 1, "mobile": false,
                        "screenWidth": width, "screenHeight": height,
                    ], sessionID: session, timeout: timeout)
                try evaluate(HeadlessChromium.settleScript, session)
                let settled = try contentHeight(session)
                if settled == height { break }
                height = settled
            }
            var tiles: [[UInt8]] = []
            var top = 0
            while top < height {
                let band = min(maxTileHeight, height - top)
                let result = try connection.call(
                    "Page.captureScreenshot",
                    [
                        "format": "png",
                        "captureBeyondViewport": false,
                        "fromSurface": true,
                        "clip": ["x": 0, "y": top, "width": width, "height": band, "scale": 1],
                    ], sessionID: session, timeout: timeout)
                tiles.append(try HeadlessChromium.decodeData(result, what: "screenshot"))
                top += band
            }
            return PageCapture(width: width, height: height, tiles: tiles)
        }
        guard let capture else {
            throw DiagnosticError(
                Diagnostic(
                    file: fileURL,
                    message: "the page is \(tooTall ?? 0) px tall at \(width) px wide; "
                        + "screenshots cover pages up to \(maxPageHeight) px, so this one cannot be captured whole"), kind: .cannotWrite)
        }
        return capture
    }

    /// The page's height in CSS pixels, at least 1.
    private func contentHeight(_ session: String) throws(DevToolsConnection.Failure) -> Int {
        let metrics = try connection.call("Page.getLayoutMetrics", sessionID: session, timeout: timeout)
        let content = metrics["cssContentSize"] as? [String: Any] ?? metrics["contentSize"] as? [String: Any] ?? [:]
        let height = (content["height"] as? Double) ?? Double(viewportHeight)
        return max(Int(height.rounded(.up)), 1)
    }

    /// Runs a script in the page, awaiting its promise; an exception in it is a failure.
    private func evaluate(_ script: String, _ session: String) throws(DevToolsConnection.Failure) {
        let reply = try connection.call(
            "Runtime.evaluate",
            [
                "expression": script, "awaitPromise": true, "returnByValue": true,
            ], sessionID: session, timeout: timeout)
        if let exception = reply["exceptionDetails"] as? [String: Any] {
            let text = (exception["exception"] as? [String: Any])?["description"] as? String ?? exception["text"] as? String ?? "an exception"
            throw .protocolError(method: "Runtime.evaluate", message: text)
        }
    }

    /// Loads the page, waits for everything as above, prints to PDF with print media (no header/footer,
    /// backgrounds on, A4 or Letter from a parameter), returns the PDF bytes.
    public func printToPDF(fileURL: String, paper: Paper = .a4) throws(DiagnosticError) -> [UInt8] {
        try withPage(fileURL: fileURL, width: 1024, scheme: "light", media: "print") { session throws(DevToolsConnection.Failure) in
            let size = paper.inches
            let result = try connection.call(
                "Page.printToPDF",
                [
                    "paperWidth": size.width,
                    "paperHeight": size.height,
                    "marginTop": 0.4, "marginBottom": 0.4, "marginLeft": 0.4, "marginRight": 0.4,
                    "printBackground": true,
                    "displayHeaderFooter": false,
                    "preferCSSPageSize": false,
                    "generateTaggedPDF": true,
                    "generateDocumentOutline": true,
                ], sessionID: session, timeout: timeout)
            return try HeadlessChromium.decodeData(result, what: "PDF")
        }
    }

    /// Ends the browser and its helper processes and removes its profile. Safe to call twice.
    public func close() {
        guard let process else { return }
        self.process = nil
        // Ask politely (Chromium then flushes and exits on its own), then make sure.
        _ = try? connection.call("Browser.close", timeout: 2)
        process.terminate(grace: 3)
    }

    // MARK: - Internal

    /// The browser's process id while it runs (tests check nothing outlives ``close()``).
    var processID: pid_t? { process?.pid }
    /// The temporary profile folder while the browser runs.
    var profileFolder: String? { process?.profile }

    /// Opens a tab with the emulation set, loads `fileURL`, waits until it is ready, runs `body`
    /// and closes the tab, turning protocol failures into diagnostics naming the page.
    private func withPage<T>(
        fileURL: String, width: Int, scheme: String, media: String,
        _ body: (String) throws(DevToolsConnection.Failure) -> T
    ) throws(DiagnosticError) -> T {
        guard let process, !process.hasExited() else {
            throw DiagnosticError(Diagnostic(file: fileURL, message: "Chromium is not running (it exited or was closed)"), kind: .cannotWrite)
        }
        guard fileURL.hasPrefix("file://") else {
            throw DiagnosticError(Diagnostic(file: fileURL, message: "expected a file:// URL; the browser only opens local pages"), kind: .usage)
        }
        var step = "opening a tab"
        var targetID: String?
        do throws(DevToolsConnection.Failure) {
            let created = try connection.call("Target.createTarget", ["url": "about:blank"], timeout: timeout)
            guard let target = created["targetId"] as? String else { throw .io("no target id in Target.createTarget's reply") }
            targetID = target
            let attached = try connection.call("Target.attachToTarget", ["targetId": target, "flatten": true], timeout: timeout)
            guard let session = attached["sessionId"] as? String else { throw .io("no session id in Target.attachToTarget's reply") }

            step = "setting up the page"
            _ = try connection.call("Page.enable", sessionID: session, timeout: timeout)
            _ = try connection.call(
                "Emulation.setDeviceMetricsOverride",
                [
                    "width": width, "height": viewportHeight, "deviceScaleFactor": 1, "mobile": false,
                    "screenWidth": width, "screenHeight": viewportHeight,
                ], sessionID: session, timeout: timeout)
            _ = try connection.call(
                "Emulation.setEmulatedMedia",
                [
                    "media": media,
                    "features": [
                        ["name": "prefers-color-scheme", "value": scheme],
                        ["name": "prefers-reduced-motion", "value": "reduce"],
                    ],
                ], sessionID: session, timeout: timeout)

            step = "loading the page"
            connection.discardEvents(sessionID: session)
            let navigated = try connection.call("Page.navigate", ["url": fileURL], sessionID: session, timeout: timeout)
            if let error = navigated["errorText"] as? String, !error.isEmpty {
                throw .protocolError(method: "Page.navigate", message: error)
            }
            _ = try connection.waitForEvent("Page.loadEventFired", sessionID: session, timeout: timeout)

            step = "waiting for images and fonts"
            try evaluate(HeadlessChromium.readinessScript, session)
            try evaluate(HeadlessChromium.settleScript, session)

            step = media == "print" ? "printing" : "capturing"
            let value = try body(session)
            _ = try? connection.call("Target.closeTarget", ["targetId": target], timeout: timeout)
            return value
        } catch {
            if let targetID { _ = try? connection.call("Target.closeTarget", ["targetId": targetID], timeout: 5) }
            var message = "Chromium failed while \(step): \(HeadlessChromium.describe(error))"
            if case .timedOut = error { message = "Chromium took longer than \(Int(timeout)) seconds \(step)" }
            if case .closed = error {
                message = "Chromium exited while \(step)"
                let tail = process.logTail()
                if !tail.isEmpty { message += "; it said:\n" + tail }
            }
            throw DiagnosticError(Diagnostic(file: fileURL, message: message), kind: .cannotWrite)
        }
    }

    /// Makes every image eager and scrolls through the page (so lazily loaded images and
    /// `content-visibility` sections are laid out), waits for each image to load or fail and decode,
    /// then for web fonts.
    static let readinessScript = """
        (async () => {
          const frame = () => new Promise(resolve => requestAnimationFrame(() => resolve()));
          const images = Array.from(document.images);
          for (const image of images) { if (image.loading === 'lazy') image.loading = 'eager'; }
          const root = document.scrollingElement || document.documentElement;
          const step = Math.max(400, innerHeight);
          for (let y = 0, n = 0; y < root.scrollHeight && n < 400; y += step, n++) { scrollTo(0, y); await frame(); }
          scrollTo(0, 0);
          await Promise.all(images.map(image => image.complete ? null : new Promise(resolve => {
            image.addEventListener('load', resolve, { once: true });
            image.addEventListener('error', resolve, { once: true });
          })));
          await Promise.all(images.map(image => image.decode ? image.decode().catch(() => null) : null));
          if (document.fonts) await document.fonts.ready;
          return images.length;
        })()
        """

    /// Moves every animation to a fixed point, so a capture never catches a fade half-way:
    /// finite ones (entrances) to their end, endless ones (spinners, pulses) to their start. Then
    /// waits for frames so the result is painted; twice, for animations the first pass started.
    static let settleScript = """
        (async () => {
          const frame = () => new Promise(resolve => requestAnimationFrame(() => resolve()));
          const settle = () => {
            for (const animation of document.getAnimations()) {
              try {
                const end = animation.effect ? animation.effect.getComputedTiming().endTime : Infinity;
                if (Number.isFinite(end)) { animation.finish(); } else { animation.pause(); animation.currentTime = 0; }
              } catch (error) { /* an animation that cannot be moved stays as it is */ }
            }
          };
          settle(); await frame(); await frame(); settle(); await frame(); await frame();
          return document.getAnimations().length;
        })()
        """

    private static func decodeData(_ result: [String: Any], what: String) throws(DevToolsConnection.Failure) -> [UInt8] {
        guard let text = result["data"] as? String, let data = Data(base64Encoded: text), !data.isEmpty else {
            throw .io("Chromium returned no \(what) data")
        }
        return [UInt8](data)
    }

    private static func describe(_ failure: DevToolsConnection.Failure) -> String {
        switch failure {
        case .protocolError(let method, let message): return "\(method): \(message)"
        case .timedOut(let what): return "no answer to \(what) in time"
        case .closed: return "the browser closed the connection"
        case .io(let message): return message
        }
    }
}

private func isDirectory(_ path: String) -> Bool {
    var info = stat()
    return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
}
