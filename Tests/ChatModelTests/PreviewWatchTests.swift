import Foundation
import Testing
@testable import ChatModel
import TestSupport

/// `preview --watch` end to end: the running command writes the gallery again when a token file
/// changes, keeps going after a bad edit, and stops cleanly on Ctrl-C (SIGINT).
@Suite("Preview watch")
struct PreviewWatchTests {
    final class Buffer: Sendable {
        private let data = Locked(Data())
        func append(_ more: Data) { data.withLock { $0.append(more) } }
        var text: String { data.withLock { String(decoding: $0, as: UTF8.self) } }
    }

    static func theme(_ hex: String) -> String {
        #"{"$extends": "sp", "color": {"accent": {"$value": "\#(hex)"}}}"#
    }

    /// Waits up to `seconds` for `condition`.
    static func wait(_ seconds: Double, _ condition: () -> Bool) -> Bool {
        let end = Date().addingTimeInterval(seconds)
        while Date() < end {
            if condition() { return true }
            usleep(100_000)
        }
        return condition()
    }

    @Test func aChangedTokenFileIsRenderedAgainUntilCtrlC() throws {
        let folder = TestPaths.temporaryFolder("watch")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let themePath = folder + "/rose.tokens.json"
        try Self.theme("#d43778").write(toFile: themePath, atomically: true, encoding: .utf8)

        let process = Process()
        process.executableURL = URL(fileURLWithPath: TestPaths.executable)
        process.arguments = ["preview", "--theme", "rose.tokens.json", "--out", "pv", "--watch"]
        process.currentDirectoryURL = URL(fileURLWithPath: folder)
        var environment = ProcessInfo.processInfo.environment
        environment["CHATRENDER_DATA"] = TestPaths.repository
        process.environment = environment
        let errors = Buffer()
        let pipe = Pipe()
        pipe.fileHandleForReading.readabilityHandler = { errors.append($0.availableData) }
        process.standardError = pipe
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        defer { if process.isRunning { process.terminate() } }

        let page = folder + "/pv/index.html"
        func pageText() -> String { (try? String(contentsOfFile: page, encoding: .utf8)) ?? "" }
        func version() -> String { (try? String(contentsOfFile: folder + "/pv/reload.js", encoding: .utf8)) ?? "" }
        #expect(Self.wait(120) { errors.text.contains("wrote pv/index.html") }, "\(errors.text)")
        #expect(pageText().contains("--color-accent: #d43778;"))
        #expect(pageText().contains("<script src=\"watch.js\"></script>"))
        #expect(pageText().contains("script-src 'self' 'sha256-"))
        let first = version()
        #expect(first.hasPrefix("window.crPreviewVersion"))
        #expect(pageText().contains("data-cr-pv-version=\"\(first.split(separator: "\"")[1])\""))

        // An edit is rendered again, once.
        try Self.theme("#8e3a8c").write(toFile: themePath, atomically: true, encoding: .utf8)
        // The line is printed once the new page is in place.
        #expect(Self.wait(120) { errors.text.contains("rose.tokens.json changed: wrote pv/index.html") }, "\(errors.text)")
        #expect(pageText().contains("--color-accent: #8e3a8c;"))
        #expect(version() != first)

        // A bad edit is reported with its place; the last good page stays and watching goes on.
        try ##"{"$extends": "sp", "color": {"accent": {"$value": "#zz"}}}"##.write(toFile: themePath, atomically: true, encoding: .utf8)
        #expect(Self.wait(120) { errors.text.contains("still watching") }, "\(errors.text)")
        #expect(errors.text.contains("rose.tokens.json:1:51: error: color.accent:"))
        #expect(pageText().contains("--color-accent: #8e3a8c;"))
        #expect(process.isRunning)

        process.interrupt()  // SIGINT, as Ctrl-C sends
        #expect(Self.wait(60) { !process.isRunning })
        process.waitUntilExit()
        pipe.fileHandleForReading.readabilityHandler = nil
        #expect(process.terminationStatus == 0)
        #expect(errors.text.hasSuffix("stopped watching\n"), "\(errors.text)")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder)
        #expect(names.sorted() == ["pv", "rose.tokens.json"], "no staging folder is left")
    }
}
