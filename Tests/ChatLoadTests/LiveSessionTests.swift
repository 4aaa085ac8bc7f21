import Foundation
import Testing
@testable import ChatModel
@testable import ChatSupport
@testable import ChatLoad
import TestSupport

/// A session log followed as it grows (`render --watch`): read in pieces, only the new bytes each
/// time, it makes the conversation the whole file makes; a line still being written waits.
struct LiveSessionTests {
    static let fixture = TestPaths.fixture("import/claude-code/rewind/5d2e8f41-6a3b-4c7d-9e10-2f4a6b8c0d1e.jsonl")

    /// A scratch copy of a log, written as the test says.
    final class Log {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("live-\(UUID().uuidString)").path
        var path: String { folder + "/5d2e8f41-6a3b-4c7d-9e10-2f4a6b8c0d1e.jsonl" }
        init() { try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) }
        deinit { try? FileManager.default.removeItem(atPath: folder) }
        func write(_ bytes: ArraySlice<UInt8>) { FileManager.default.createFile(atPath: path, contents: Data(bytes)) }
        func append(_ bytes: ArraySlice<UInt8>) {
            let handle = FileHandle(forWritingAtPath: path)!
            handle.seekToEndOfFile()
            handle.write(Data(bytes))
            handle.closeFile()
        }
    }

    static func whole(_ bytes: [UInt8], file: String) -> ImportedChat? {
        var reader = ClaudeCodeSession(file: file, sessionPath: file, images: ImageCounter(), agents: AgentLogCache(), depth: 0)
        reader.read(bytes)
        return reader.chat(fallbackTitle: FilePath.stem(file))
    }

    @Test(arguments: [1, 7, 40, 333] as [Int])
    func readInPiecesItIsTheWholeFilesConversation(pieceSize: Int) throws {
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: Self.fixture)))
        let log = Log()
        log.write([])
        var live = try #require(LiveSession(path: log.path, reader: ClaudeCodeReader()))
        var offset = 0
        var changes = 0
        while offset < bytes.count {
            let end = min(bytes.count, offset + pieceSize)
            log.append(bytes[offset..<end])
            offset = end
            if try live.poll() { changes += 1 }
            // Never ahead of the last whole line.
            let lastLine = bytes[..<offset].lastIndex(of: 0x0A).map { $0 + 1 } ?? 0
            #expect(live.offset == Int64(lastLine))
        }
        let (chat, diagnostics) = live.snapshot()
        #expect(chat == Self.whole(bytes, file: log.path))
        #expect(diagnostics.isEmpty)
        #expect(changes <= bytes.filter { $0 == 0x0A }.count)
        // A snapshot leaves the reading as it was: taken again, the same.
        #expect(live.snapshot().0 == chat)
    }

    @Test(arguments: [1, 50, 1000] as [Int])
    func aCodexRolloutReadInPiecesIsTheWholeFilesConversation(pieceSize: Int) throws {
        let rollout = TestPaths.fixture("import/codex/sessions/2025/12/18/rollout-2025-12-18T16-04-00-019b3c2e-11aa-7e00-8c1d-5a6b7c8d9e0f.jsonl")
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: rollout)))
        let log = Log()
        let path = log.folder + "/" + FilePath.lastComponent(rollout)
        FileManager.default.createFile(atPath: path, contents: Data())
        var live = try #require(LiveSession(path: path, reader: CodexReader()))
        var offset = 0
        while offset < bytes.count {
            let end = min(bytes.count, offset + pieceSize)
            let handle = try #require(FileHandle(forWritingAtPath: path))
            handle.seekToEndOfFile()
            handle.write(Data(bytes[offset..<end]))
            try handle.close()
            offset = end
            _ = try live.poll()
        }
        let (chat, diagnostics) = live.snapshot()
        let whole = CodexReader.read(bytes: bytes, file: path)
        #expect(chat == whole.0)
        #expect(diagnostics.map(\.description) == whole.1.map(\.description))
        #expect(chat != nil)
    }

    @Test func theNewestSessionOfAFolderIsFollowed() throws {
        let log = Log()
        let project = log.folder + "/-home-sam-src-garden"
        try FileManager.default.createDirectory(atPath: project + "/abc/subagents", withIntermediateDirectories: true)
        for (name, age) in [("old.jsonl", 300), ("new.jsonl", 10), ("abc/subagents/agent-a1.jsonl", 0), ("agent-b2.jsonl", 0), ("notes.txt", 0)] {
            let path = project + "/" + name
            FileManager.default.createFile(atPath: path, contents: Data("{}\n".utf8))
            try FileManager.default.setAttributes([.modificationDate: Date().addingTimeInterval(-Double(age))], ofItemAtPath: path)
        }
        #expect(LiveSession.newestLog(in: project) == project + "/new.jsonl")
        #expect(LiveSession.newestLog(in: log.folder) == project + "/new.jsonl")
        #expect(LiveSession.newestLog(in: project + "/abc") == nil)
    }

    @Test func aHalfWrittenLineWaitsForItsLineBreak() throws {
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: Self.fixture)))
        let lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: false)
        let log = Log()
        let firstFour = lines[0..<4].map { Array($0) + [0x0A] }.joined()
        log.write(ArraySlice(firstFour))
        var live = try #require(LiveSession(path: log.path, reader: ClaudeCodeReader()))
        #expect(try live.poll())
        let before = live.snapshot()
        // Half of line 5: nothing read, nothing told.
        let fifth = Array(lines[4]) + [0x0A]
        log.append(fifth[..<(fifth.count / 2)])
        #expect(try !live.poll())
        #expect(live.snapshot().0 == before.0)
        #expect(live.snapshot().1.isEmpty)
        log.append(fifth[(fifth.count / 2)...])
        #expect(try live.poll())
        #expect(live.snapshot().0 == Self.whole(Array(firstFour) + fifth, file: log.path))
    }

    @Test func aBadLineIsToldByItsLineInTheFile() throws {
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: Self.fixture)))
        let lines = bytes.split(separator: 0x0A).map { Array($0) + [0x0A] }
        let log = Log()
        log.write(ArraySlice(lines[0..<3].joined()))
        var live = try #require(LiveSession(path: log.path, reader: ClaudeCodeReader()))
        _ = try live.poll()
        log.append(ArraySlice(Array("{\"type\": \"user\", oops\n".utf8) + lines[3]))
        _ = try live.poll()
        let warnings = live.snapshot().1
        #expect(warnings.count == 1)
        #expect(warnings.first?.location.line == 4)
        #expect(warnings.first?.description.contains("the line is left out") == true)
    }

    @Test func aLogThatShrinksOrIsReplacedIsReadFromItsStart() throws {
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: Self.fixture)))
        let lines = bytes.split(separator: 0x0A).map { Array($0) + [0x0A] }
        let log = Log()
        log.write(ArraySlice(lines.joined()))
        var live = try #require(LiveSession(path: log.path, reader: ClaudeCodeReader()))
        _ = try live.poll()
        // Cut back to its first six lines: read again from the start.
        let six = Array(lines[0..<6].joined())
        log.write(ArraySlice(six))
        #expect(try live.poll())
        #expect(live.restarts == 1)
        #expect(live.snapshot().0 == Self.whole(six, file: log.path))
        // Gone: a clear error naming the file.
        try FileManager.default.removeItem(atPath: log.path)
        #expect(throws: DiagnosticError.self) { try live.poll() }
    }

    @Test func onlyAppendOnlyLogsAreFollowed() {
        #expect(LiveSession(path: Self.fixture, reader: ClaudeCodeReader()) != nil)
        // A folder of sessions is not one log; a ChatGPT export is not a log at all.
        #expect(LiveSession(path: TestPaths.fixture("import/claude-code"), reader: ClaudeCodeReader()) == nil)
        #expect(LiveSession(path: TestPaths.fixture("import/chatgpt"), reader: ChatGPTReader()) == nil)
    }
}
