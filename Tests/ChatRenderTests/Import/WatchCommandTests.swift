import Foundation
import Testing
import TestSupport
@testable import ChatModel

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
        #expect(
            export.stderr.contains(
                "which --watch cannot follow; it follows one session log that is only ever appended to (Claude Code, Codex, Pi, Qwen Code, Kimi CLI)"))
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

    /// `render --watch ARGS…` started, its standard error read as it comes.
    final class Watching {
        let process = Process()
        let said = Locked(Data())
        /// Whether its standard error reached its end: all it said is in ``said``.
        let ended = Locked(false)
        init(_ arguments: [String]) throws {
            process.executableURL = URL(fileURLWithPath: TestPaths.executable)
            process.arguments = ["render", "--watch"] + arguments
            var environment = ProcessInfo.processInfo.environment
            environment["CHATRENDER_DATA"] = TestPaths.repository
            environment["XDG_CACHE_HOME"] = TestPaths.temporaryFolder("xdg-cache")
            process.environment = environment
            let err = Pipe()
            process.standardError = err
            process.standardOutput = FileHandle.nullDevice
            let said = self.said
            let ended = self.ended
            err.fileHandleForReading.readabilityHandler = { handle in
                let data = handle.availableData
                said.withLock { $0.append(data) }
                if data.isEmpty {
                    handle.readabilityHandler = nil
                    ended.withLock { $0 = true }
                }
            }
            try process.run()
        }
        var stderr: String { said.withLock { String(decoding: $0, as: UTF8.self) } }
        func waitFor(_ what: String, _ condition: () -> Bool) throws {
            let deadline = Date().addingTimeInterval(30)
            while !condition() {
                if Date() > deadline || !process.isRunning { throw WatchFailure(what) }
                usleep(20_000)
            }
        }
        /// Ctrl-C, and how long the command took to end after it.
        func interrupt() -> Double {
            let sent = Date()
            kill(process.processIdentifier, SIGINT)
            process.waitUntilExit()
            let took = Date().timeIntervalSince(sent)
            // What it said last is handed over by the pipe's handler after the exit, not with it.
            let deadline = Date().addingTimeInterval(10)
            while !ended.withLock({ $0 }) && Date() < deadline { usleep(10_000) }
            return took
        }
        deinit { if process.isRunning { process.terminate() } }
    }

    /// A log replaced by a FIFO (an attack, or a mistake) held the watch in open() forever, deaf
    /// to Ctrl-C. It is refused each round without a wait, and Ctrl-C ends the watch at once,
    /// which says the page was not written in its final form.
    @Test func aLogReplacedByAFIFOIsRefusedAndCtrlCEndsTheWatch() throws {
        let folder = TestPaths.temporaryFolder("watch-fifo")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let log = folder + "/5d2e8f41-6a3b-4c7d-9e10-2f4a6b8c0d1e.jsonl"
        try FileManager.default.copyItem(atPath: Self.session, toPath: log)
        let out = folder + "/out"
        let watch = try Watching([log, "--out", out])
        try watch.waitFor("the first page") { FileManager.default.fileExists(atPath: out + "/index.html") }
        try FileManager.default.removeItem(atPath: log)
        #expect(mkfifo(log, 0o600) == 0)
        try watch.waitFor("a refusal of the FIFO") { watch.stderr.contains("is not a regular file") }
        let took = watch.interrupt()
        #expect(took < 1.0, "Ctrl-C took \(took) s")
        #expect(watch.process.terminationStatus == 66, "\(watch.stderr)")
        #expect(watch.stderr.contains("stopped watching; \(out)/index.html was not written in its final form"))
        // The last good page is still there, whole.
        #expect(try String(contentsOfFile: out + "/index.html", encoding: .utf8).hasSuffix("</html>\n"))
    }

    /// A watch whose output could not be written said "… is complete" and exited 0; it fails
    /// like render does.
    @Test func aWatchThatCouldNotWriteExitsNonZero() throws {
        let folder = TestPaths.temporaryFolder("watch-link")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let log = folder + "/5d2e8f41-6a3b-4c7d-9e10-2f4a6b8c0d1e.jsonl"
        try FileManager.default.copyItem(atPath: Self.session, toPath: log)
        try FileManager.default.createDirectory(atPath: folder + "/elsewhere", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: folder + "/out", withDestinationPath: folder + "/elsewhere")
        let watch = try Watching([log, "--out", folder + "/out"])
        try watch.waitFor("a failed round") { watch.stderr.contains("still watching") }
        let took = watch.interrupt()
        #expect(took < 1.0, "Ctrl-C took \(took) s")
        #expect(watch.process.terminationStatus == 73, "\(watch.stderr)")
        #expect(!watch.stderr.contains("is complete"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder + "/elsewhere").isEmpty)
    }

    /// The other states a watch can be in — waiting for a log's first turn, and following a log
    /// that was removed — end on Ctrl-C within a second too, and say no page was written.
    @Test func ctrlCEndsAWatchThatWaitsOrLostItsLog() throws {
        let folder = TestPaths.temporaryFolder("watch-states")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let empty = folder + "/1c2d3e4f-0000-4000-8000-000000000000.jsonl"
        FileManager.default.createFile(atPath: empty, contents: Data())
        let waiting = try Watching([empty, "--from", "claude-code", "--out", folder + "/waiting"])
        try waiting.waitFor("a wait for the first turn") { waiting.stderr.contains("waiting for its first turn") }
        let tookWaiting = waiting.interrupt()
        #expect(tookWaiting < 1.0, "Ctrl-C took \(tookWaiting) s")
        #expect(waiting.process.terminationStatus != 0, "\(waiting.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder + "/waiting/index.html"))

        let log = folder + "/5d2e8f41-6a3b-4c7d-9e10-2f4a6b8c0d1e.jsonl"
        try FileManager.default.copyItem(atPath: Self.session, toPath: log)
        let out = folder + "/out"
        let lost = try Watching([log, "--out", out])
        try lost.waitFor("the first page") { FileManager.default.fileExists(atPath: out + "/index.html") }
        try FileManager.default.removeItem(atPath: log)
        try lost.waitFor("a failed round") { lost.stderr.contains("still watching") }
        let tookLost = lost.interrupt()
        #expect(tookLost < 1.0, "Ctrl-C took \(tookLost) s")
        #expect(lost.process.terminationStatus != 0, "\(lost.stderr)")
        #expect(try String(contentsOfFile: out + "/index.html", encoding: .utf8).hasSuffix("</html>\n"))
    }

    struct WatchFailure: Error, CustomStringConvertible {
        var description: String
        init(_ what: String) { description = "no \(what) from render --watch" }
    }
}
