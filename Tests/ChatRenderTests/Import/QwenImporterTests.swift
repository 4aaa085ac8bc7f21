import Foundation
import Testing
@testable import ChatModel
@testable import ChatSupport
@testable import ChatLoad
@testable import ChatRender
import TestSupport

/// Qwen Code's sessions: its log of records joined by uuid (with a rewound prompt's branch), and
/// the older recorded session of Gemini CLI's shape, both named Qwen Code on the page
/// (Fixtures/import/qwen/make_fixtures.py).
@Suite struct QwenImporterTests {
    static let home = TestPaths.fixture("import/qwen/.qwen")
    static let log = home + "/projects/-home-ana-src-tidepool/chats/8d2f4a6c-1b3e-4f5a-9c7d-0e2b4d6f8a0c.jsonl"
    static let older = home + "/tmp/9e7c5a3b1d0f2e4a6c8b0d2f4a6c8e0b2d4f6a8c0e2b4d6f8a0c2e4b6d8f0a2c/chats/session-2025-09-12T08-00-2a4c6e80.json"

    func read(_ path: String) throws -> ([ImportedChat], [String]) {
        let (chats, warnings) = try Importer.read(ImportRequest(format: ImportFormat(name: "qwen-code")!, inputPath: path, outputDirectory: "unused"))
        return (chats, warnings.map(\.description))
    }

    func kinds(_ parts: [TurnPart]) -> [String] {
        parts.map { part in
            switch part {
            case .text: return "text"
            case .thinking(let t): return "thinking:\(t.summary ?? "")"
            case .toolCall(let c): return "tool:\(c.name):\(c.status.rawValue):\(c.title ?? "")"
            case .terminal(let t): return "terminal:\(t.command ?? ""):\(t.exitCode.map(String.init) ?? "-")"
            case .diff(let d): return "\(d.created ? "created" : "diff"):\(d.path ?? "")"
            case .notice(let n): return "notice:\(n.kind.rawValue)"
            default: return "other"
            }
        }
    }

    @Test func aLogReadsWithItsRewoundBranch() throws {
        let (chats, warnings) = try read(Self.log)
        let chat = try #require(chats.first)
        // The first prompt opened with a reminder for the model: the title is the person's words.
        #expect(chat.title == "Why does the tide chart lag by an hour?")
        #expect(chat.turns.map(\.role) == [.user, .assistant, .user, .assistant])
        #expect(chat.turns.map(\.branch) == [[2], [2], [], []])
        #expect(
            kinds(chat.turns[1].parts) == [
                "thinking:Checking the time zone", "text", "tool:read_file:ok:Read chart.py", "terminal:pytest -q tests/test_chart.py:1",
                "diff:/home/ana/src/tidepool/tidepool/chart.py", "text", "notice:compacted",
            ])
        #expect(kinds(chat.turns[3].parts) == ["notice:command", "text"])
        // Every call joined to its answer.
        if case .toolCall(let read) = chat.turns[1].parts[2] { #expect(read.result?.hasPrefix("def plot(tides):") == true) }
        if case .terminal(let run) = chat.turns[1].parts[3] { #expect(run.output == "F\nFAILED tests/test_chart.py::test_local_time") }
        if case .diff(let edit) = chat.turns[1].parts[4] { #expect(edit.unified?.contains("+        x = t.time_utc.astimezone()") == true) }
        #expect(
            chat.facts.map { "\($0.label): \($0.value)" }.prefix(4) == [
                "Project: /home/ana/src/tidepool", "Branch: fix-tz", "Qwen Code: 0.9.1", "Model: qwen3-coder-plus",
            ])
        #expect(warnings == ["\(Self.log):11: warning: unknown system record subtype \"memory_snapshot\" (1 line here); left out, the rest is read"])
    }

    /// The header's and the turns' tokens are the records' `usageMetadata` added up here, the
    /// cached tokens apart from the rest of the prompt's.
    @Test func tokensAreTheRecordsAddedUp() throws {
        var prompt = 0, cached = 0, output = 0
        for line in try String(contentsOfFile: Self.log, encoding: .utf8).split(separator: "\n") {
            let record = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            guard let usage = record["usageMetadata"] as? [String: Int] else { continue }
            prompt += usage["promptTokenCount"] ?? 0
            cached += usage["cachedContentTokenCount"] ?? 0
            output += (usage["candidatesTokenCount"] ?? 0) + (usage["thoughtsTokenCount"] ?? 0)
        }
        let (chats, _) = try read(Self.log)
        let chat = try #require(chats.first)
        let turns = chat.turns.compactMap(\.usage).reduce(TokenUsage()) { $0 + $1 }
        #expect(turns.input == Tally(prompt - cached) && turns.cacheRead == Tally(cached) && turns.output == Tally(output))
        let fact = try #require(chat.facts.first { $0.label == "Tokens" })
        #expect(
            fact.value
                == "\(SessionText.tokens(Tally(prompt - cached))) in · \(SessionText.tokens(Tally(output))) out · \(SessionText.tokens(Tally(cached))) cache read"
        )
    }

    /// The older session, Gemini CLI's shape with replies of type `qwen`, is named Qwen Code.
    @Test func theOlderSessionIsGeminisShapeNamedQwenCode() throws {
        let (chats, warnings) = try read(Self.older)
        #expect(warnings.isEmpty)
        let chat = try #require(chats.first)
        #expect(chat.title == "List the stations in stations.csv")
        #expect(kinds(chat.turns[1].parts) == ["thinking:Reading the file", "text", "tool:read_file:ok:Read stations.csv"])
        #expect(chat.facts.first.map { "\($0.label): \($0.value)" } == "App: Qwen Code")
        // Read as Gemini CLI's, it is named the same.
        let (asGemini, _) = try Importer.read(ImportRequest(format: ImportFormat(name: "gemini")!, inputPath: Self.older, outputDirectory: "unused"))
        #expect(asGemini.first?.facts.first?.value == "Qwen Code")
    }

    @Test func aLogFollowedAsItIsWrittenIsTheWholeRead() throws {
        let (live, whole) = try PiImporterTests.followed(Self.log, reader: QwenReader(), name: FilePath.lastComponent(Self.log))
        #expect(live != nil && live == whole)
    }

    @Test func theHomeFolderIsASiteOfBoth() throws {
        let (chats, warnings) = try read(Self.home)
        #expect(chats.count == 2)
        #expect(warnings.count == 1)
    }

    @Test func aTitleIsNeverAHarnessTag() {
        func title(_ prompt: String) -> String? {
            var session = QwenSession(file: "a.jsonl")
            let content = String(decoding: try! JSONSerialization.data(withJSONObject: [prompt]), as: UTF8.self).dropFirst().dropLast()
            let text =
                "{\"uuid\": \"u\", \"parentUuid\": null, \"sessionId\": \"s\", \"type\": \"user\", \"message\": {\"role\": \"user\", \"parts\": [{\"text\": \(content)}]}}\n"
            Array(text.utf8).withUnsafeBufferPointer { session.read($0) }
            return session.chat(fallbackTitle: "a")?.title
        }
        #expect(title("<system-reminder>Only context.</system-reminder>") == "a")
        #expect(title("<system-reminder>x</system-reminder>\n## Fix the `parser`") == "Fix the parser")
    }

    @Test func oddShapesAreWarningsNeverATrap() {
        for text in [
            "{\"uuid\": 1, \"sessionId\": \"s\", \"type\": \"assistant\", \"message\": {\"parts\": [3, {\"functionCall\": 4}]}, \"usageMetadata\": {\"promptTokenCount\": -1e300}}\n",
            "{\"uuid\": \"a\", \"parentUuid\": \"a\", \"type\": \"tool_result\", \"toolCallResult\": {\"callId\": \"x\"}}\n{\"type\": \"system\"}\n",
        ] {
            var session = QwenSession(file: "odd.jsonl")
            Array(text.utf8).withUnsafeBufferPointer { session.read($0) }
            _ = session.chat(fallbackTitle: "odd")
        }
    }
}
