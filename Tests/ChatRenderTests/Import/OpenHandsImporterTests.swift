import Foundation
import Testing
@testable import ChatModel
@testable import ChatSupport
@testable import ChatLoad
@testable import ChatRender
import TestSupport

/// OpenHands' conversations in both layouts: the SDK's `conversations/<id>/` (base_state.json and
/// events/event-NNNNN-ID.json) and the first releases' `sessions/<id>/` (metadata.json,
/// events/N.json, event_cache/), as Fixtures/import/openhands/make_fixtures.py writes them.
@Suite struct OpenHandsImporterTests {
    static let home = TestPaths.fixture("import/openhands/.openhands")
    static let current = home + "/conversations/7d2e4f6a8b0c4d1e9f3a5b7c9d1e3f5a"
    static let titled = home + "/conversations/3b9f1d7c5e2a4b6c8d0e1f2a3b4c5d6e"
    static let older = home + "/sessions/5c1a9e7b3d2f4a6c8e0b1d3f5a7c9e2b"
    static let cacheOnly = home + "/sessions/9e4d2b6f8a0c4e1d3b5f7a9c1e3d5b7f"

    func read(_ path: String) throws -> ([ImportedChat], [String]) {
        let (chats, warnings) = try Importer.read(ImportRequest(format: ImportFormat(name: "openhands")!, inputPath: path, outputDirectory: "unused"))
        return (chats, warnings.map(\.description))
    }

    func kinds(_ parts: [TurnPart]) -> [String] {
        parts.map { part in
            switch part {
            case .text: return "text"
            case .thinking: return "thinking"
            case .toolCall(let c): return "tool:\(c.name):\(c.status.rawValue)"
            case .terminal(let t): return "terminal:\(t.command ?? ""):\(t.exitCode.map(String.init) ?? "-")"
            case .diff(let d): return "\(d.created ? "created" : "diff"):\(d.path ?? "")"
            case .notice(let n): return "notice:\(n.kind.rawValue)"
            case .transcript(let t): return "transcript:\(t.title)"
            default: return "other"
            }
        }
    }

    /// Every JSON file of a folder, parsed apart from the reader.
    static func objects(in folder: String) throws -> [(name: String, value: [String: Any])] {
        try FileManager.default.contentsOfDirectory(atPath: folder).sorted().compactMap { name in
            let data = try Data(contentsOf: URL(fileURLWithPath: folder + "/" + name))
            return (try? JSONSerialization.jsonObject(with: data) as? [String: Any]).map { (name, $0) }
        }
    }

    @Test func theHomeReadsBothLayoutsAndWarnsOncePerUnknownKind() throws {
        let (chats, warnings) = try read(Self.home)
        #expect(
            chats.map(\.title) == [
                "Flaky login test", "Add a --dry-run flag to the sync command", "Why does weather today crash on an empty city?",
                "Cities the CLI knows",
            ])
        #expect(chats.map(\.project) == ["shop", "shop", "weather", nil])
        #expect(
            warnings == [
                "\(Self.current): warning: unknown event kind \"BrowserScreenshotEvent\" (2 times); left out, the rest is read",
                "\(Self.older): warning: unknown action \"vision_capture\" (1 time); left out, the rest is read",
            ])
        #expect(try read(Self.home + "/conversations").0.count == 2)
        #expect(try read(Self.home + "/sessions").0.count == 2)
        let reader = ImportFormat(name: "openhands")!.reader
        #expect(reader.rendersAlone(Self.current) && reader.rendersAlone(Self.older) && !reader.rendersAlone(Self.home))
    }

    @Test func aConversationShowsEveryCallWithItsResultAndEveryThought() throws {
        let (chats, _) = try read(Self.current)
        let chat = try #require(chats.first)
        #expect(chat.turns.map(\.role) == [.user, .assistant, .user, .assistant])
        #expect(
            kinds(chat.turns[1].parts) == [
                "thinking", "thinking", "terminal:grep -n 'def ' src/sync.py:0", "thinking", "diff:src/sync.py", "thinking", "terminal:pytest -q:1",
                "notice:compacted", "thinking", "tool:fetch_fetch:ok", "created:tests/test_dry_run.py", "tool:file_edtior:error", "thinking", "text",
            ])
        #expect(kinds(chat.turns[3].parts) == ["thinking", "thinking", "tool:terminal:running"])
        // Every thought the events hold (an action's thought, reasoning_content, thinking blocks,
        // a ThinkAction's thought, a message's reasoning), counted from the files.
        var thoughts = 0
        for (_, event) in try Self.objects(in: Self.current + "/events") {
            if let thought = event["thought"] as? [[String: Any]], !thought.isEmpty { thoughts += 1 }
            if event["reasoning_content"] is String { thoughts += 1 }
            thoughts += (event["thinking_blocks"] as? [Any])?.count ?? 0
            if (event["action"] as? [String: Any])?["kind"] as? String == "ThinkAction" { thoughts += 1 }
            if (event["llm_message"] as? [String: Any])?["reasoning_content"] is String { thoughts += 1 }
        }
        let shown = chat.turns.flatMap(\.parts).filter { if case .thinking = $0 { true } else { false } }.count
        #expect(shown == thoughts)
        // Every call but the last (still running) joined to its observation.
        for part in chat.turns[1].parts {
            if case .toolCall(let call) = part { #expect(call.result?.isEmpty == false) }
            if case .terminal(let terminal) = part { #expect(!terminal.output.isEmpty) }
        }
        if case .notice(let notice) = chat.turns[1].parts[7] { #expect(notice.detail?.hasPrefix("The user wants a --dry-run flag") == true) }
        #expect(chat.facts.contains { $0.value == "litellm_proxy/claude-sonnet-4-5-20250929" })
    }

    @Test func anOlderSessionReadsInOrderWithItsSubAgentNested() throws {
        let (chats, _) = try read(Self.older)
        let chat = try #require(chats.first)
        #expect(chat.turns.map(\.role) == [.user, .assistant])
        // 10.json after 9.json; the event cache's copies are not read again; the file cut short is skipped.
        #expect(
            kinds(chat.turns[1].parts) == [
                "thinking", "terminal:python -m weather today '':1", "thinking", "diff:weather/cli.py", "thinking",
                "tool:delegate_to_browsing_agent:ok", "transcript:BrowsingAgent agent: Find the API's rule for empty city names", "notice:compacted",
                "thinking", "terminal:pytest -q:0", "thinking", "text",
            ])
        guard case .transcript(let transcript) = chat.turns[1].parts[6] else { Issue.record("no transcript"); return }
        #expect(transcript.messages.map(\.role) == [.user, .assistant])
        #expect(kinds(transcript.messages[1].parts) == ["thinking", "tool:browse:ok", "text"])
        #expect(chat.facts.contains { $0.value == "anthropic/claude-3-7-sonnet-20250219" })
        #expect(!chat.facts.contains { $0.value.contains(",") && $0.value.contains("claude") })
    }

    @Test func aTaskCallNestsTheSubAgentItStarted() throws {
        let (chats, _) = try read(Self.titled)
        let chat = try #require(chats.first)
        #expect(chat.title == "Flaky login test")
        #expect(kinds(chat.turns[1].parts) == ["thinking", "tool:task:ok", "transcript:explore agent: Find the token expiry", "text"])
        guard case .transcript(let transcript) = chat.turns[1].parts[2] else { Issue.record("no transcript"); return }
        #expect(transcript.messages.map(\.role) == [.user, .assistant])
        #expect(kinds(transcript.messages[1].parts) == ["thinking", "tool:grep:ok", "text"])
        if case .toolCall(let grep) = transcript.messages[1].parts[1] { #expect(grep.title == "Searched for “EXPIRY”" && grep.result?.isEmpty == false) }
        // The sub-agent's tokens count in the header: its two responses and the caller's total.
        let tokens = try #require(chat.facts.first { $0.key == .factTokens })
        let total = SessionStats(TokenUsageTests.messages(chat)).totalUsage
        #expect(tokens == SessionText.tokenFact(input: total.input, output: total.output, cacheRead: total.cacheRead, cacheWrite: total.cacheWrite))
        #expect(total.output.value == 95 + 60 + 50)
    }

    @Test func aSessionWithOnlyItsEventCacheIsRead() throws {
        let (chats, _) = try read(Self.cacheOnly)
        let chat = try #require(chats.first)
        #expect(chat.title == "Cities the CLI knows")
        #expect(chat.turns.map(\.role) == [.user, .assistant])
        #expect(kinds(chat.turns[1].parts) == ["thinking", "text"])
    }

    /// The SDK's layout: every response's `token_usages` of every LLM in base_state.json's stats.
    /// The older one: the last action's `llm_metrics`, the session's running totals. The header
    /// and the turns add up to them, computed here from the files apart from the reader.
    @Test func theTokensAndCostAddUpToTheFiles() throws {
        let state = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: Self.current + "/base_state.json"))) as? [String: Any])
        let entries = try #require((state["stats"] as? [String: Any])?["usage_to_metrics"] as? [String: [String: Any]])
        var sum = (input: 0, output: 0, read: 0, written: 0, cost: 0.0)
        for (_, metrics) in entries {
            for usage in metrics["token_usages"] as? [[String: Any]] ?? [] {
                let read = usage["cache_read_tokens"] as! Int, written = usage["cache_write_tokens"] as! Int
                sum.input += (usage["prompt_tokens"] as! Int) - read - written
                sum.output += usage["completion_tokens"] as! Int
                sum.read += read
                sum.written += written
            }
            sum.cost += metrics["accumulated_cost"] as! Double
        }
        var last: [String: Any] = [:]
        var lastID = -1
        for (_, event) in try Self.objects(in: Self.older + "/events") {
            if let metrics = event["llm_metrics"] as? [String: Any], let id = event["id"] as? Int, id > lastID { (last, lastID) = (metrics, id) }
        }
        let totals = try #require(last["accumulated_token_usage"] as? [String: Any])
        let read0 = totals["cache_read_tokens"] as! Int, written0 = totals["cache_write_tokens"] as! Int
        let older = (
            input: (totals["prompt_tokens"] as! Int) - read0 - written0, output: totals["completion_tokens"] as! Int, read: read0, written: written0,
            cost: last["accumulated_cost"] as! Double
        )
        for (path, expected) in [(Self.current, sum), (Self.older, older)] {
            let chat = try #require(try read(path).0.first)
            let stats = SessionStats(TokenUsageTests.messages(chat))
            let total = stats.totalUsage
            #expect(total.input.value == expected.input && total.output.value == expected.output)
            #expect(total.cacheRead.value == expected.read && total.cacheWrite.value == expected.written)
            #expect(abs((total.recordedCost ?? 0) - expected.cost) < 1e-9)
            #expect(
                chat.facts.first { $0.key == .factTokens }
                    == SessionText.tokenFact(input: total.input, output: total.output, cacheRead: total.cacheRead, cacheWrite: total.cacheWrite))
        }
    }

    @Test func whatIsNotOpenHandsIsAClearError() throws {
        let temp = TestPaths.temporaryFolder("openhands-bad")
        defer { try? FileManager.default.removeItem(atPath: temp) }
        try FileManager.default.createDirectory(atPath: temp + "/c1/events", withIntermediateDirectories: true)
        try Data("[1, 2]".utf8).write(to: URL(fileURLWithPath: temp + "/c1/base_state.json"))
        try FileManager.default.createDirectory(atPath: temp + "/empty", withIntermediateDirectories: true)
        #expect(throws: DiagnosticError.self) { try read(temp + "/c1") }
        #expect(throws: DiagnosticError.self) { try read(temp + "/empty") }
        #expect(throws: DiagnosticError.self) { try read(temp + "/missing") }
    }
}
