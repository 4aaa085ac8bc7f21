import Foundation
import Testing
@testable import ChatModel
@testable import ChatLoad
@testable import ChatOutput
@testable import ChatRender
import TestSupport

/// A watched session's rounds keep what did not change: the photo pasted before, its web image
/// and the earlier updates stay the files they were (same inode, same modification time); only
/// what is new is written.
@Suite struct SessionWatchRoundTests {
    static let session = TestPaths.fixture("import/claude-code/projects/-home-ana-src-shop/7f3c9a12-5b8e-4d21-9c47-0e6a1b2c3d4e.jsonl")

    /// A file as the disk knows it: which file it is, and when it was last written.
    struct Written: Equatable {
        var inode: UInt64
        var seconds: Int
        var nanoseconds: Int
    }

    /// Every file under `folder` (dot-files aside), by its path there.
    static func files(_ folder: String) -> [String: Written] {
        var found: [String: Written] = [:]
        for relative in FileManager.default.subpaths(atPath: folder) ?? [] where !FilePath.lastComponent(relative).hasPrefix(".") {
            var info = stat()
            guard lstat(FilePath.join(folder, relative), &info) == 0, info.st_mode & S_IFMT == S_IFREG else { continue }
            found[relative] = Written(inode: UInt64(info.st_ino), seconds: info.st_mtim.tv_sec, nanoseconds: info.st_mtim.tv_nsec)
        }
        return found
    }

    @Test func aSecondRoundWritesOnlyWhatIsNew() throws {
        let folder = TestPaths.temporaryFolder("watch-round")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: Self.session)))
        let lines = bytes.split(separator: 0x0A).map { Array($0) + [0x0A] }
        let log = folder + "/7f3c9a12-5b8e-4d21-9c47-0e6a1b2c3d4e.jsonl"
        // The first twenty lines hold one pasted photo; the second one comes at line 40.
        FileManager.default.createFile(atPath: log, contents: Data(lines[0..<20].joined()))
        func append(_ range: Range<Int>) throws {
            let handle = try #require(FileHandle(forWritingAtPath: log))
            handle.seekToEndOfFile()
            handle.write(Data(lines[range].joined()))
            try handle.close()
        }
        let out = folder + "/out"
        let request = RenderRequest(
            conversationPath: log, themePath: TestPaths.defaultTheme, templatesDirectory: TestPaths.templates, outputDirectory: out)
        let watch = try SessionWatch(path: log, reader: ClaudeCodeReader(), request: request)

        var rounds: [(out: [String: Written], scratch: [String: Written])] = []
        var failures: [String] = []
        // Round 0 with the first lines; round 1 adds turns without photos; round 2 the second
        // photo; then the final round, once asked to stop.
        watch.run(
            interval: 0.01, shouldStop: { rounds.count >= 3 || !failures.isEmpty },
            report: { event in
                switch event {
                case .wrote:
                    rounds.append((Self.files(out), Self.files(watch.scratch.path)))
                    do {
                        if rounds.count == 1 { try append(20..<30) }
                        if rounds.count == 2 { try append(30..<lines.count) }
                    } catch {
                        failures.append("\(error)")
                    }
                case .failed(let error): failures.append("\(error)")
                case .waiting: failures.append("waiting")
                }
            })
        #expect(failures.isEmpty, "\(failures)")
        try #require(rounds.count == 4, "rounds: \(rounds.count)")

        func images(_ files: [String: Written]) -> [String] { files.keys.filter { $0.hasSuffix(".png") }.sorted() }
        let firstImages = images(rounds[0].out), firstPhotos = images(rounds[0].scratch)
        try #require(firstImages.count == 1 && firstPhotos.count == 1, "\(rounds[0])")
        for (number, round) in rounds.enumerated().dropFirst() {
            // The photo pasted in the first lines, and its web image, are the same files.
            for name in firstImages { #expect(round.out[name] == rounds[0].out[name], "round \(number): \(name) was written again") }
            for name in firstPhotos { #expect(round.scratch[name] == rounds[0].scratch[name], "round \(number): \(name) was written again") }
        }
        // The update written in round 1 is not written again in round 2 or at the end.
        let update = try #require(rounds[1].out["live/1.js"])
        #expect(rounds[2].out["live/1.js"] == update && rounds[3].out["live/1.js"] == update)
        // The second photo is new in round 2: written then, and kept at the end.
        let added = Set(images(rounds[2].out)).subtracting(firstImages)
        #expect(added.count == 1, "\(images(rounds[2].out))")
        for name in added { #expect(rounds[3].out[name] == rounds[2].out[name]) }
        // The page itself is written every round.
        #expect(rounds[3].out["index.html"] != rounds[2].out["index.html"])
    }

    /// `--redact` reaches a watched page and every update it loads, not only a render's pages.
    @Test func aRedactedWatchMasksEveryUpdate() throws {
        let folder = TestPaths.temporaryFolder("watch-redact")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // Fake tokens of the npm shape, made here so the repository holds none.
        let tokens = (0..<2).map { n in "npm_" + String((0..<36).map { Array("Zq8Xw2Lm4Np6Bc8Dv0Fw3Gh5Jk1Ma7Sd9")[($0 * 5 + n) % 33] }) }
        var lines = OneSessionOneFileTests.session(prompts: 4).split(separator: "\n").map(String.init)
        lines[0] = lines[0].replacingOccurrences(of: "what is in the bed?", with: "publish with \(tokens[0])")
        lines[9] = lines[9].replacingOccurrences(of: "what is in the bed?", with: "and now \(tokens[1]) from /home/ana")
        let log = folder + "/9a0b1c2d-0000-4000-8000-000000000000.jsonl"
        FileManager.default.createFile(atPath: log, contents: Data((lines[0..<6].joined(separator: "\n") + "\n").utf8))
        let out = folder + "/out"
        let request = RenderRequest(
            conversationPath: log, themePath: TestPaths.defaultTheme, templatesDirectory: TestPaths.templates, outputDirectory: out)
        let watch = try SessionWatch(path: log, reader: ClaudeCodeReader(), request: request)
        watch.redactEmails = false
        var rounds = 0
        var failures: [String] = []
        watch.run(
            interval: 0.01, shouldStop: { rounds >= 2 || !failures.isEmpty },
            report: { event in
                switch event {
                case .wrote:
                    rounds += 1
                    if rounds == 1 {
                        let handle = FileHandle(forWritingAtPath: log)!
                        handle.seekToEndOfFile()
                        handle.write(Data((lines[6...].joined(separator: "\n") + "\n").utf8))
                        try? handle.close()
                    }
                case .failed(let error): failures.append("\(error)")
                case .waiting: failures.append("waiting")
                }
            })
        #expect(failures.isEmpty, "\(failures)")
        let written = Self.files(out).keys.sorted()
        #expect(written.contains("live/1.js"), "\(written)")
        for name in written {
            let text = try String(contentsOfFile: out + "/" + name, encoding: .utf8)
            #expect(!text.contains(tokens[0]) && !text.contains(tokens[1]) && !text.contains("/home/ana"), "\(name)")
        }
        let page = try String(contentsOfFile: out + "/index.html", encoding: .utf8)
        #expect(page.contains("publish with [REDACTED]") && page.contains("and now [REDACTED] from ~"))
        // The title repeats the first prompt: three credentials in all. The session's working folder
        // (/home/ana/src/garden) is a home folder path as well as the one in the second prompt.
        #expect(page.contains("Redacted on import: 3 credentials and 2 home folder paths masked."))
    }
}
