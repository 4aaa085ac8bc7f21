import Foundation
import Testing
import TestSupport

/// `chatrender render --watch`: what it refuses, and a run from the first page to Ctrl-C.
struct WatchCommandTests {
    static let session = TestPaths.fixture("import/claude-code/rewind/5d2e8f41-6a3b-4c7d-9e10-2f4a6b8c0d1e.jsonl")

    @Test func whatItCannotFollowIsAUsageError() throws {
        let input = try CLIRun.run(["render", "--watch", "-"])
        #expect(input.status == 64)
        #expect(input.stderr.contains("--watch follows a session log as it is written; it cannot follow standard input (-)"))
        let single = try CLIRun.run(["render", "--watch", Self.session, "--single-file"])
        #expect(single.status == 64)
        #expect(single.stderr.contains("it does not work with --single-file"))
        let export = try CLIRun.run(["render", "--watch", TestPaths.fixture("import/chatgpt")])
        #expect(export.status == 64, "\(export.stderr)")
        #expect(export.stderr.contains("which --watch cannot follow; it follows one session log that is only ever appended to (Claude Code, Codex)"))
    }

    @Test func aWatchWritesEachUpdateAndLeavesTheCompletePageOnCtrlC() throws {
        let folder = TestPaths.temporaryFolder("watch")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: Self.session)))
        let lines = bytes.split(separator: 0x0A).map { Array($0) + [0x0A] }
        let log = folder + "/5d2e8f41-6a3b-4c7d-9e10-2f4a6b8c0d1e.jsonl"
        FileManager.default.createFile(atPath: log, contents: Data(lines[0..<4].joined()))
        let out = folder + "/out"

        let process = Process()
        process.executableURL = URL(fileURLWithPath: TestPaths.executable)
        process.arguments = ["render", "--watch", log, "--out", out]
        var environment = ProcessInfo.processInfo.environment
        environment["CHATRENDER_DATA"] = TestPaths.repository
        environment["XDG_CACHE_HOME"] = TestPaths.temporaryFolder("xdg-cache")
        process.environment = environment
        let err = Pipe()
        process.standardError = err
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        defer { if process.isRunning { process.terminate() } }

        func waitFor(_ what: String, _ condition: () -> Bool) throws {
            let deadline = Date().addingTimeInterval(30)
            while !condition() {
                if Date() > deadline || !process.isRunning { throw WatchFailure(what) }
                usleep(20_000)
            }
        }
        try waitFor("the first page") { FileManager.default.fileExists(atPath: out + "/index.html") }
        let first = try String(contentsOfFile: out + "/index.html", encoding: .utf8)
        #expect(first.contains("<html lang=\"en\" data-cr-live=\"1\">"))
        #expect(!FileManager.default.fileExists(atPath: out + "/live/1.js"))

        let handle = try #require(FileHandle(forWritingAtPath: log))
        handle.seekToEndOfFile()
        handle.write(Data(lines[4...].joined()))
        try handle.close()
        try waitFor("the first update") { FileManager.default.fileExists(atPath: out + "/live/1.js") }
        let update = try String(contentsOfFile: out + "/live/1.js", encoding: .utf8)
        #expect(update.hasPrefix("window.crLive && window.crLive(1, {"))
        let page = try String(contentsOfFile: out + "/index.html", encoding: .utf8)
        #expect(page.contains("data-cr-live=\"2\""))
        // It names the first update the folder keeps, for a page that fell behind.
        #expect(try String(contentsOfFile: out + "/live/first.js", encoding: .utf8) == "window.crLiveFirst && window.crLiveFirst(1);\n")

        kill(process.processIdentifier, SIGINT)
        process.waitUntilExit()
        let said = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(process.terminationStatus == 0, "\(said)")
        #expect(said.contains("stopped watching; \(out)/index.html is complete"))
        let last = try String(contentsOfFile: out + "/index.html", encoding: .utf8)
        #expect(last.contains("<html lang=\"en\">"))
        #expect(last.contains("cr-live--stopped"))
        #expect(last.hasSuffix("</html>\n"))
        // The open page's last update says the same, and nothing half-written is left beside it.
        let final = try String(contentsOfFile: out + "/live/2.js", encoding: .utf8)
        #expect(final.contains("\"watching\":false"))
        let beside = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
        #expect(beside == ["5d2e8f41-6a3b-4c7d-9e10-2f4a6b8c0d1e.jsonl", "out"])
    }

    struct WatchFailure: Error, CustomStringConvertible {
        var description: String
        init(_ what: String) { description = "no \(what) from render --watch" }
    }
}
