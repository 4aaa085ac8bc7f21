import CSQLite
import CZstd
import Foundation
import Testing
@testable import ChatModel
@testable import ChatSupport
@testable import ChatLoad
@testable import ChatRender
import TestSupport

/// The threads of Zed's agent panel, in `threads.db`: a thread of each shape Zed has saved
/// (0.3.0 zstd-compressed, 0.2.0 and unversioned JSON, 0.1.0 compressed), written by
/// Fixtures/import/zed/make_fixtures.py in Zed's table.
@Suite struct ZedImporterTests {
    static let data = TestPaths.fixture("import/zed/.local/share/zed")
    static let database = data + "/threads/threads.db"

    func read(_ path: String) throws -> ([ImportedChat], [String]) {
        let (chats, warnings) = try Importer.read(ImportRequest(format: ImportFormat(name: "zed")!, inputPath: path, outputDirectory: "unused"))
        return (chats, warnings.map(\.description))
    }

    func kinds(_ parts: [TurnPart]) -> [String] {
        parts.map { part in
            switch part {
            case .text: return "text"
            case .thinking: return "thinking"
            case .toolCall(let c): return "tool:\(c.name):\(c.status.rawValue):\(c.title ?? "")"
            case .terminal(let t): return "terminal:\(t.command ?? ""):\(t.exitCode.map(String.init) ?? "-")"
            case .diff(let d): return "\(d.created ? "created" : "diff"):\(d.path ?? "")"
            case .notice(let n): return "notice:\(n.kind.rawValue)"
            default: return "other"
            }
        }
    }

    @Test func everyFormOfInputReadsTheSameThreads() throws {
        let (fromFile, warnings) = try read(Self.database)
        let (fromThreads, _) = try read(Self.data + "/threads")
        let (fromData, _) = try read(Self.data)
        #expect(fromThreads == fromFile && fromData == fromFile)
        // The message kind of a version not mapped is said once, for the whole database.
        #expect(warnings == ["\(Self.database): warning: unknown message \"Compaction\" (1 time); left out, the rest is read"])
        // Titled by Zed's summary (words), oldest first.
        #expect(fromFile.map(\.title) == ["Say hello", "List the migrations", "How is the config loaded?", "Fix the flaky retry test"])
        #expect(fromFile.last?.project == "harbor")
    }

    @Test func aCurrentThreadReadsAsThePanelShowedIt() throws {
        let (chats, _) = try read(Self.database)
        let chat = try #require(chats.last)
        #expect(chat.turns.map(\.role) == [.user, .assistant, .user, .assistant])
        #expect(chat.turns[0].text == "The retry test in @test_retry.py fails one run in ten. Find out why.")
        #expect(
            kinds(chat.turns[1].parts) == [
                "thinking", "tool:read_file:ok:Read tests/test_retry.py", "terminal:pytest -q tests/test_retry.py -p no:randomly --count 20:-", "text",
            ])
        #expect(kinds(chat.turns[3].parts) == ["diff:harbor/tests/test_retry.py", "text", "notice:info", "text"])
        if case .diff(let diff) = chat.turns[3].parts[0] { #expect(diff.new?.contains("0.5 + jitter") == true) }
        if case .terminal(let run) = chat.turns[1].parts[2] { #expect(run.output.contains("1 failed, 19 passed")) }
        let facts = chat.facts.map { "\($0.label): \($0.value)" }
        #expect(facts.contains("Project: /home/ana/src/harbor") && facts.contains("Branch: main") && facts.contains("Model: claude-sonnet-4-5"))
    }

    /// Every call of every thread is joined to its result (none left running), and every
    /// reasoning block the fixture holds is shown.
    @Test func everyCallHasItsResultAndEveryThoughtIsShown() throws {
        let (chats, _) = try read(Self.database)
        var calls = 0
        var thoughts = 0
        for part in chats.flatMap(\.turns).flatMap(\.parts) {
            switch part {
            case .toolCall(let call):
                calls += 1
                #expect(call.status == .ok && call.result?.isEmpty == false, "\(call.name)")
            case .terminal(let terminal):
                calls += 1
                #expect(!terminal.output.isEmpty)
            case .diff: calls += 1
            case .thinking: thoughts += 1
            default: break
            }
        }
        // read_file, terminal, edit_file; grep; list_directory; bash.
        #expect(calls == 6 && thoughts == 2)
        #expect(kinds(chats[0].turns[1].parts) == ["text", "tool:bash:ok:", "text"])
        #expect(kinds(chats[1].turns[1].parts) == ["tool:list_directory:ok:", "text"])
        #expect(kinds(chats[2].turns[1].parts) == ["thinking", "text", "tool:grep:ok:Searched for “def load_config”", "text"])
    }

    /// The threads as stored, read apart from the reader: decompressed here with zstd's one-shot
    /// call and parsed by Foundation.
    static func storedThreads() throws -> [[String: Any]] {
        var db: OpaquePointer?
        try #require(sqlite3_open_v2(database, &db, SQLITE_OPEN_READONLY, nil) == SQLITE_OK)
        defer { sqlite3_close(db) }
        var statement: OpaquePointer?
        try #require(sqlite3_prepare_v2(db, "SELECT data_type, data FROM threads", -1, &statement, nil) == SQLITE_OK)
        defer { sqlite3_finalize(statement) }
        var threads: [[String: Any]] = []
        while sqlite3_step(statement) == SQLITE_ROW {
            let kind = String(cString: sqlite3_column_text(statement, 0))
            let blob = sqlite3_column_blob(statement, 1)!
            var bytes = Data(bytes: blob, count: Int(sqlite3_column_bytes(statement, 1)))
            if kind == "zstd" {
                var out = [UInt8](repeating: 0, count: 1 << 20)
                let size = bytes.withUnsafeBytes { ZSTD_decompress(&out, out.count, $0.baseAddress, $0.count) }
                try #require(ZSTD_isError(size) == 0)
                bytes = Data(out[..<size])
            }
            threads.append(try #require(try JSONSerialization.jsonObject(with: bytes) as? [String: Any]))
        }
        return threads
    }

    /// docs/importers.md's rule: a thread's tokens are its `cumulative_token_usage`, or, where
    /// that is all zero, its requests' (`request_token_usage`) added up.
    @Test func theTokensAreTheThreadsTotalsOnce() throws {
        var expected = [0, 0, 0, 0]
        for thread in try Self.storedThreads() {
            func counts(_ usage: [String: Any]) -> [Int] {
                ["input_tokens", "output_tokens", "cache_read_input_tokens", "cache_creation_input_tokens"].map { usage[$0] as? Int ?? 0 }
            }
            let cumulative = counts(thread["cumulative_token_usage"] as? [String: Any] ?? [:])
            var requests: [[String: Any]] = []
            if let byPrompt = thread["request_token_usage"] as? [String: [String: Any]] { requests = Array(byPrompt.values) }
            if let byPosition = thread["request_token_usage"] as? [[String: Any]] { requests = byPosition }
            let add = cumulative.reduce(0, +) > 0 ? cumulative : requests.map(counts).reduce([0, 0, 0, 0]) { zip($0, $1).map(+) }
            expected = zip(expected, add).map(+)
        }
        let (chats, _) = try read(Self.database)
        let usages = chats.flatMap(\.turns).compactMap(\.usage)
        let total = usages.reduce(TokenUsage()) { $0 + $1 }
        #expect([total.input.value, total.output.value, total.cacheRead.value, total.cacheWrite.value] == expected)
        #expect(expected[0] > 0)
        // Each prompt's last request is the context after its reply.
        #expect(chats.last?.turns[1].usage?.context?.value == 5200 + 610 + 9800 + 1200)
    }

    /// A hostile frame can claim gigabytes: what a value decompresses to is capped, and a frame
    /// that is not zstd, or is cut short, is a clear failure.
    @Test func decompressionIsBoundedAndFailsClearly() throws {
        let zeros = [UInt8](repeating: 0, count: 4_000_000)
        var frame = [UInt8](repeating: 0, count: ZSTD_compressBound(zeros.count))
        let size = ZSTD_compress(&frame, frame.count, zeros, zeros.count, 19)
        try #require(ZSTD_isError(size) == 0)
        frame = Array(frame[..<size])
        #expect((try? Zstd.decompress(frame, limit: 8_000_000).get())?.count == zeros.count)
        guard case .failure(let over) = Zstd.decompress(frame, limit: 1_000_000) else {
            Issue.record("a value past the limit was decompressed")
            return
        }
        #expect(over.message.contains("more than the 1 MB"))
        guard case .failure(let cut) = Zstd.decompress(Array(frame.dropLast(4)), limit: 8_000_000) else {
            Issue.record("a cut frame was decompressed")
            return
        }
        #expect(cut.message.contains("cut short") || cut.message.contains("not zstd"))
        guard case .failure(let garbage) = Zstd.decompress(Array("not a frame".utf8), limit: 8_000_000) else {
            Issue.record("garbage was decompressed")
            return
        }
        #expect(garbage.message.contains("not zstd"))
    }

    @Test func whatIsNotZedIsAClearError() throws {
        let temp = TestPaths.temporaryFolder("zed-bad")
        defer { try? FileManager.default.removeItem(atPath: temp) }
        try Data("SQLite format 3\0 but not a database".utf8).write(to: URL(fileURLWithPath: temp + "/threads.db"))
        #expect(throws: DiagnosticError.self) { try read(temp + "/threads.db") }
        #expect(throws: DiagnosticError.self) { try read(temp + "/missing.db") }
        try FileManager.default.createDirectory(atPath: temp + "/empty", withIntermediateDirectories: true)
        #expect(throws: DiagnosticError.self) { try read(temp + "/empty") }
    }
}
