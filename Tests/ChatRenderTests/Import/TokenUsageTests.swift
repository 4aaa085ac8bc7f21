import Foundation
import Testing
@testable import ChatModel
@testable import ChatLoad
@testable import ChatRender
import TestSupport

/// A turn's tokens, the session overview's numbers and the estimated cost, checked against sums
/// computed here straight from the fixture logs (not through the readers).
@Suite struct TokenUsageTests {
    /// A chat's turns as messages (transcripts' turns keep their usage), as the page gets them.
    static func messages(_ chat: ImportedChat) -> [Message] {
        chat.turns.map { turn in
            var message = Message(id: turn.id, role: turn.role, text: turn.text, date: turn.date)
            message.parts = turn.parts
            message.model = turn.model
            message.usage = turn.usage
            return message
        }
    }

    /// Every line of a JSON-lines file that parses as an object.
    static func objects(_ path: String) throws -> [[String: Any]] {
        try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").compactMap {
            try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }
    }

    static func int(_ value: Any?) -> Int { (value as? NSNumber)?.intValue ?? 0 }

    @Test func claudeCodeTurnsAddUpToTheLogsMessages() throws {
        let (chats, _) = try Importer.read(ImportRequest(format: .claudeCode, inputPath: ClaudeCodeImporterTests.session, outputDirectory: "unused"))
        let chat = try #require(chats.first)
        // Straight from the log and its sub-agents' and compaction's logs: each API message once
        // (by its id), its last line's counts.
        let folder = String(ClaudeCodeImporterTests.session.dropLast(".jsonl".count))
        let logs =
            [ClaudeCodeImporterTests.session]
            + (try FileManager.default.contentsOfDirectory(atPath: folder + "/subagents"))
            .filter { $0.hasSuffix(".jsonl") }.sorted().map { folder + "/subagents/" + $0 }
        var byID: [String: [String: Any]] = [:]
        var toolUses: Set<String> = []
        var failed = 0
        for log in logs {
            for line in try Self.objects(log) {
                guard let message = line["message"] as? [String: Any] else { continue }
                if line["type"] as? String == "assistant", let id = message["id"] as? String, let usage = message["usage"] as? [String: Any] {
                    byID[id] = usage
                }
                // The overview counts the session's calls and its sub-agent's (not the compaction's copies).
                guard !log.contains("acompact"), let blocks = message["content"] as? [[String: Any]] else { continue }
                for block in blocks {
                    if block["type"] as? String == "tool_use", let id = block["id"] as? String { toolUses.insert(id) }
                    // A call the person refused is not a failure.
                    if block["type"] as? String == "tool_result", block["is_error"] as? Bool == true,
                        !((block["content"] as? String) ?? "").contains("doesn't want to proceed")
                    {
                        failed += 1
                    }
                }
            }
        }
        let expected = TokenUsage(
            input: Tally(byID.values.reduce(0) { $0 + Self.int($1["input_tokens"]) }),
            output: Tally(byID.values.reduce(0) { $0 + Self.int($1["output_tokens"]) }),
            cacheRead: Tally(byID.values.reduce(0) { $0 + Self.int($1["cache_read_input_tokens"]) }),
            cacheWrite: Tally(byID.values.reduce(0) { $0 + Self.int($1["cache_creation_input_tokens"]) }))
        let stats = SessionStats(Self.messages(chat))
        #expect(stats.totalUsage == expected)
        #expect(expected == TokenUsage(input: 99, output: 4280, cacheRead: 395_000, cacheWrite: 28_800))
        // The header's Tokens fact says the same.
        #expect(
            chat.facts.first { $0.key == .factTokens }
                == SessionText.tokenFact(
                    input: expected.input, output: expected.output,
                    cacheRead: expected.cacheRead, cacheWrite: expected.cacheWrite))
        #expect(stats.tools.reduce(0) { $0 + $1.count } == toolUses.count)
        #expect(stats.errors == failed)
        #expect(stats.turns == chat.turns.count)
        // Each reply's context is its last API call's prompt and reply.
        let first = try #require(chat.turns.first { $0.role == .assistant }?.usage)
        #expect(first.context != nil)
    }

    @Test func codexTurnsAddUpToTheRunningTotal() throws {
        let (chats, _) = try Importer.read(
            ImportRequest(format: ImportFormat(name: "codex")!, inputPath: CodexImporterTests.current, outputDirectory: "unused"))
        let chat = try #require(chats.first)
        var last: [String: Any]?
        var window: Int?
        var lastCall: Int?
        for line in try Self.objects(CodexImporterTests.current) {
            guard line["type"] as? String == "event_msg", let payload = line["payload"] as? [String: Any],
                payload["type"] as? String == "token_count", let info = payload["info"] as? [String: Any]
            else { continue }
            last = info["total_token_usage"] as? [String: Any]
            window = (info["model_context_window"] as? NSNumber)?.intValue
            lastCall = ((info["last_token_usage"] as? [String: Any])?["total_tokens"] as? NSNumber)?.intValue
        }
        let total = try #require(last)
        let cached = Self.int(total["cached_input_tokens"])
        let expected = TokenUsage(
            input: Tally(Self.int(total["input_tokens"]) - cached), output: Tally(Self.int(total["output_tokens"])), cacheRead: Tally(cached))
        #expect(SessionStats(Self.messages(chat)).totalUsage == expected)
        // The context window is the one the log says; the last reply's context its last call's.
        let reply = try #require(chat.turns.last { $0.usage != nil }?.usage)
        #expect(reply.contextWindow?.value == window)
        #expect(reply.context?.value == lastCall)
    }

    @Test func openCodeTurnsAddUpToTheHeader() throws {
        let (chats, _) = try Importer.read(
            ImportRequest(format: ImportFormat(name: "opencode")!, inputPath: OpenCodeImporterTests.data + "/storage", outputDirectory: "unused"))
        #expect(!chats.isEmpty)
        for chat in chats {
            let total = SessionStats(Self.messages(chat)).totalUsage
            #expect(
                chat.facts.first { $0.key == .factTokens }
                    == SessionText.tokenFact(
                        input: total.input, output: total.output,
                        cacheRead: total.cacheRead, cacheWrite: total.cacheWrite))
        }
    }

    @Test func usageSurvivesTheConversationFile() throws {
        var message = Message(id: "m1", role: .assistant, text: "ok")
        message.model = "claude-sonnet-4-5"
        message.usage = TokenUsage(input: 12, output: 340, cacheRead: 18_000, cacheWrite: 900, context: 19_252, contextWindow: 200_000)
        let conversation = Conversation(title: "t", messages: [message])
        let (loaded, warnings) = try ConversationLoader.decode(bytes: NativeJSON.encode(conversation), file: "c.json")
        #expect(warnings.isEmpty)
        #expect(loaded.messages?.first?.usage == message.usage)
    }

    @Test func aNegativeCountInTheFileIsAnError() {
        let json = #"{"title": null, "messages": [{"id": "m", "role": "assistant", "text": "x", "usage": {"input": -1, "output": 2, "cacheRead": 0}}]}"#
        #expect(throws: DiagnosticError.self) { try ConversationLoader.decode(bytes: Array(json.utf8), file: "c.json") }
        do { _ = try ConversationLoader.decode(bytes: Array(json.utf8), file: "c.json") } catch {
            #expect(
                error.description == """
                    c.json:1:95: error: messages[0].usage.input: expected a whole number of tokens ≥ 0, found -1
                    c.json:1:85: error: messages[0].usage.cacheWrite: missing required field "cacheWrite"; expected a whole number of tokens
                    """)
        }
    }

    // MARK: Prices

    @Test func theBundledTableKnowsTheFixturesClaudeModels() throws {
        let prices = try PriceTable.load(templates: TestPaths.repository + "/templates")
        #expect(prices.date == "2026-12-04")
        #expect(prices.price(for: "claude-opus-4-5-20251101")?.output == 25)
        #expect(prices.price(for: "claude-sonnet-4.5")?.input == 3)
        #expect(prices.price(for: "anthropic/claude-haiku-4-5")?.cacheRead == 0.1)
        // Models coding agents log now, at their makers' published prices.
        #expect(prices.price(for: "claude-sonnet-4.6")?.cacheWrite == 3.75)
        #expect(prices.price(for: "claude-opus-4-6")?.contextWindow == 1_000_000)
        #expect(prices.price(for: "gpt-5.3-codex")?.output == 14)
        // No published price found for it: no cost, rather than a guess.
        #expect(prices.price(for: "gpt-5.3-codex-mini") == nil)
        // Costs: a million of each at Sonnet 4.5's prices.
        let sonnet = try #require(prices.price(for: "claude-sonnet-4-5"))
        #expect(sonnet.cost(of: TokenUsage(input: 1_000_000, output: 1_000_000, cacheRead: 1_000_000, cacheWrite: 1_000_000)) == 3 + 15 + 0.3 + 3.75)
    }

    @Test func badJSONIsNamedByLineAndColumn() {
        #expect(throws: DiagnosticError.self) {
            try PriceTable.load(bytes: Array("{\n  \"date\": \"2025-12-15\",\n  \"models\": {,}\n}".utf8), displayPath: "prices.json")
        }
        do { _ = try PriceTable.load(bytes: Array("{\n  \"date\": \"2025-12-15\",\n  \"models\": {,}\n}".utf8), displayPath: "prices.json") } catch {
            #expect(error.description.hasPrefix("prices.json:3:14: error: invalid JSON: "), "\(error.description)")
        }
    }

    @Test func aWrongTypeIsNamedByItsJSONPath() {
        let json = """
            {"date": "2025-12-15",
             "models": {"claude-sonnet-4-5": {"input": "3", "output": 15, "cacheRead": 0.3}}}
            """
        do { _ = try PriceTable.load(bytes: Array(json.utf8), displayPath: "prices.json"); Issue.record("no error") } catch {
            #expect(
                error.description == """
                    prices.json:2:44: error: models["claude-sonnet-4-5"].input: expected US dollars per million tokens (a number from 0 to 1000000), found a string
                    prices.json:2:34: error: models["claude-sonnet-4-5"].cacheWrite: missing required field "cacheWrite"; expected US dollars per million tokens (a number from 0 to 1000000)
                    """)
        }
    }

    @Test func theCommandLineSaysWhatIsWrongWithAPriceFile() throws {
        let temp = TestPaths.temporaryFolder("prices")
        defer { try? FileManager.default.removeItem(atPath: temp) }
        try #"{"date": "today", "models": {"x": {"input": 1, "output": 1, "cacheRead": 1, "cacheWrite": 1}}}"#.write(
            toFile: temp + "/p.json", atomically: true, encoding: .utf8)
        let run = try CLIRun.run(["render", "--from", "claude-code", ClaudeCodeImporterTests.session, "--out", temp + "/out", "--prices", temp + "/p.json"])
        #expect(run.status == 65)
        #expect(
            run.stderr.contains(temp + "/p.json:1:10: error: date: expected the day the prices were taken, as \"2025-12-15\", found \"today\""), "\(run.stderr)"
        )
        #expect(!FileManager.default.fileExists(atPath: temp + "/out"))
    }

    @Test func anUnknownModelHasNoCostAndOneWarning() throws {
        let temp = TestPaths.temporaryFolder("prices-unknown")
        defer { try? FileManager.default.removeItem(atPath: temp) }
        // A table that knows only Opus: Haiku (the sub-agent's) is said once, however many turns use it.
        try #"{"date": "2026-01-01", "models": {"claude-opus-4-5": {"input": 5, "output": 25, "cacheRead": 0.5, "cacheWrite": 6.25, "contextWindow": 200000}}}"#
            .write(toFile: temp + "/p.json", atomically: true, encoding: .utf8)
        let run = try CLIRun.run(["render", "--from", "claude-code", ClaudeCodeImporterTests.session, "--out", temp + "/out", "--prices", temp + "/p.json"])
        #expect(run.status == 0, "\(run.stderr)")
        let warnings = run.stderr.split(separator: "\n").filter { $0.contains("no price for model") }
        #expect(
            warnings == [
                "\(temp)/p.json: warning: no price for model \"claude-haiku-4-5-20251001\" in the price table of 2026-01-01; the estimated cost leaves their tokens out (give its prices with --prices FILE)"
            ])
        let page = try String(contentsOfFile: temp + "/out/index.html", encoding: .utf8)
        #expect(page.contains("at list prices of 2026-01-01"))
        #expect(page.contains("not counted: claude-haiku-4-5-20251001 (no price)"))
    }
}
