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
    static let delegating = home + "/projects/-home-ana-src-tidepool/chats/3c5e7a9b-2d4f-4a6c-8e0b-1d3f5a7c9e2b.jsonl"
    static let agents = home + "/projects/-home-ana-src-tidepool/subagents/3c5e7a9b-2d4f-4a6c-8e0b-1d3f5a7c9e2b"
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
            case .transcript(let t): return "agent:\(t.title):\(t.messages.count):\(t.reference.map { "\($0)" } ?? "")"
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
        // The sub-agents' logs are shown at their calls, not as sessions of their own.
        #expect(chats.count == 3)
        #expect(warnings.count == 2)
    }

    /// Each sub-agent's log beside the session shows at the call that launched it: the first by
    /// its prompt (its sidecar names no call), the second by the call its sidecar names.
    @Test func subAgentsShowAtTheCallsThatLaunchedThem() throws {
        let (chats, warnings) = try read(Self.delegating)
        let chat = try #require(chats.first)
        #expect(chat.turns.map(\.role) == [.user, .assistant])
        #expect(
            kinds(chat.turns[1].parts) == [
                "text", "agent:Explore agent: Find where times are read:2:", "agent:Explore agent: Check the chart test:2:", "text",
            ])
        guard case .transcript(let find) = chat.turns[1].parts[1], case .transcript(let check) = chat.turns[1].parts[2] else { return }
        #expect(find.messages.map(\.speaker) == ["Qwen Code", "Explore agent"])
        #expect(find.messages[0].text.hasPrefix("Find every place tidepool reads a time"))
        // Each of the sub-agents' calls joined to its result, and its thinking.
        #expect(kinds(find.messages[1].parts) == ["tool:grep_search:ok:Searched for “time_utc”", "thinking:", "text"])
        if case .toolCall(let grep) = find.messages[1].parts[0] { #expect(grep.result?.contains("L3: x = t.time_utc") == true) }
        #expect(kinds(check.messages[1].parts) == ["terminal:pytest -q tests/test_chart.py:0", "text"])
        if case .terminal(let run) = check.messages[1].parts[0] { #expect(run.output.contains("1 passed")) }
        // The version of the agent's log this reader does not map is warned about once, naming it.
        #expect(
            warnings == [
                "\(Self.agents)/agent-explore-7f3c.jsonl:4: warning: unknown system record subtype \"agent_progress\" (1 line here); left out, the rest is read"
            ])
    }

    /// The page's tokens are the session's and its sub-agents' `usageMetadata`, added up here
    /// from the three logs apart from the reader.
    @Test func aSubAgentsTokensAreAddedOnce() throws {
        var prompt = 0, cached = 0, output = 0
        for log in [Self.delegating, Self.agents + "/agent-explore-7f3c.jsonl", Self.agents + "/agent-explore-9a2d.jsonl"] {
            for record in try TokenUsageTests.objects(log) {
                guard let usage = record["usageMetadata"] as? [String: Int] else { continue }
                prompt += usage["promptTokenCount"] ?? 0
                cached += usage["cachedContentTokenCount"] ?? 0
                output += (usage["candidatesTokenCount"] ?? 0) + (usage["thoughtsTokenCount"] ?? 0)
            }
        }
        let (chats, _) = try read(Self.delegating)
        let chat = try #require(chats.first)
        let total = SessionStats(TokenUsageTests.messages(chat)).totalUsage
        #expect(total.input == Tally(prompt - cached) && total.cacheRead == Tally(cached) && total.output == Tally(output))
        let fact = try #require(chat.facts.first { $0.label == "Tokens" })
        #expect(
            fact.value
                == "\(SessionText.tokens(Tally(prompt - cached))) in · \(SessionText.tokens(Tally(output))) out · \(SessionText.tokens(Tally(cached))) cache read"
        )
    }

    /// Two calls with one prompt, one agent: the second refers to the first; an agent whose log
    /// launches the one being shown is cut.
    @Test func anAgentIsShownOnceAndACycleIsCut() throws {
        let temp = TestPaths.temporaryFolder("qwen-agents")
        defer { try? FileManager.default.removeItem(atPath: temp) }
        let chats = temp + "/chats", agents = temp + "/subagents/s"
        try FileManager.default.createDirectory(atPath: chats, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: agents, withIntermediateDirectories: true)
        func call(_ id: String, _ prompt: String) -> String {
            #"{"functionCall": {"id": "\#(id)", "name": "agent", "args": {"description": "Loop", "prompt": "\#(prompt)"}}}"#
        }
        func record(_ uuid: String, _ parent: String?, _ type: String, _ parts: String, sidechain: Bool = false) -> String {
            #"{"uuid": "\#(uuid)", "parentUuid": \#(parent.map { "\"\($0)\"" } ?? "null"), "sessionId": "s", "type": "\#(type)", "isSidechain": \#(sidechain), "message": {"role": "model", "parts": [\#(parts)]}}"#
        }
        let main = [
            record("u", nil, "user", #"{"text": "Go"}"#), record("a1", "u", "assistant", call("c1", "Loop")),
            record("a2", "a1", "assistant", call("c2", "Loop")),
        ]
        try (main.joined(separator: "\n") + "\n").write(toFile: chats + "/s.jsonl", atomically: true, encoding: .utf8)
        let inner = [
            record("i1", nil, "user", #"{"text": "Loop"}"#, sidechain: true), record("i2", "i1", "assistant", call("c3", "Loop"), sidechain: true),
        ]
        try (inner.joined(separator: "\n") + "\n").write(toFile: agents + "/agent-x.jsonl", atomically: true, encoding: .utf8)
        let (read, _) = try read(chats + "/s.jsonl")
        let parts = try #require(read.first?.turns.last?.parts)
        #expect(kinds(parts) == ["agent:Agent: Loop:2:", "agent:Agent: Loop:0:shownElsewhere"])
        guard case .transcript(let agent) = parts[0] else { return }
        #expect(kinds(agent.messages[1].parts) == ["agent:Agent: Loop:0:cycle"])
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
