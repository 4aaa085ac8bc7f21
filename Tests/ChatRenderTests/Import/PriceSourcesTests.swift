import Foundation
import Testing
@testable import ChatModel
@testable import ChatLoad
import TestSupport

/// Prices from the table people keep (LiteLLM's), and Claude's one-hour cache writes priced as
/// one-hour writes. Expected figures are worked out here by hand from the published rates.
@Suite struct PriceSourcesTests {
    /// Rows in LiteLLM's shape, as `model_prices_and_context_window.json` writes them: prices per
    /// token, providers in some names, rows that are not chat models.
    static let liteLLM = """
        {
          "sample_spec": {"input_cost_per_token": 0.0, "output_cost_per_token": 0.0, "litellm_provider": "one of https://docs.litellm.ai/docs/providers", "max_input_tokens": "max input tokens"},
          "claude-sonnet-4-5": {"max_input_tokens": 200000, "input_cost_per_token": 3e-06, "output_cost_per_token": 1.5e-05,
            "cache_read_input_token_cost": 3e-07, "cache_creation_input_token_cost": 3.75e-06, "cache_creation_input_token_cost_above_1hr": 6e-06,
            "litellm_provider": "anthropic", "mode": "chat"},
          "azure/gpt-5.4": {"input_cost_per_token": 9e-06, "output_cost_per_token": 9e-05, "litellm_provider": "azure", "mode": "chat"},
          "gpt-5.4": {"max_input_tokens": 1050000, "input_cost_per_token": 2.5e-06, "output_cost_per_token": 1.5e-05,
            "cache_read_input_token_cost": 2.5e-07, "litellm_provider": "openai", "mode": "chat"},
          "gemini/gemini-3-flash-preview": {"max_input_tokens": 1048576, "input_cost_per_token": 5e-07, "output_cost_per_token": 3e-06,
            "cache_read_input_token_cost": 5e-08, "litellm_provider": "gemini", "mode": "chat"},
          "dall-e-3": {"input_cost_per_pixel": 4.0054321e-08, "output_cost_per_pixel": 0.0, "litellm_provider": "openai", "mode": "image_generation"},
          "broken": {"input_cost_per_token": "cheap", "output_cost_per_token": 1e-06, "litellm_provider": "x"}
        }
        """

    @Test func liteLLMsTableIsReadByItsShape() throws {
        let table = try PriceTable.load(bytes: Array(Self.liteLLM.utf8), displayPath: "model_prices_and_context_window.json", modified: "2026-12-01")
        #expect(table.date == "2026-12-01")
        let sonnet = try #require(table.price(for: "claude-sonnet-4-5-20250929"))
        #expect(abs(sonnet.input - 3) < 1e-9 && abs(sonnet.output - 15) < 1e-9 && abs(sonnet.cacheRead - 0.3) < 1e-9)
        #expect(abs(sonnet.cacheWrite - 3.75) < 1e-9 && abs((sonnet.cacheWrite1h ?? 0) - 6) < 1e-9)
        #expect(sonnet.contextWindow == 200_000)
        // The name without a provider wins over azure's; a row without cache prices prices its
        // cache writes as input, not as free.
        let gpt = try #require(table.price(for: "openai/gpt-5.4"))
        #expect(abs(gpt.input - 2.5) < 1e-9 && gpt.contextWindow == 1_050_000)
        #expect(abs(gpt.cacheWrite - 2.5) < 1e-9)
        // A provider's prefix is set aside.
        #expect(table.price(for: "gemini-3-flash-preview").map { abs($0.output - 3) < 1e-9 } == true)
        // Not chat models, or not prices: left out.
        #expect(table.price(for: "dall-e-3") == nil)
        #expect(table.price(for: "broken") == nil)
        #expect(table.price(for: "sample_spec") == nil)
    }

    @Test func theCommandLineTakesLiteLLMsTable() throws {
        let temp = TestPaths.temporaryFolder("litellm")
        defer { try? FileManager.default.removeItem(atPath: temp) }
        try Self.liteLLM.write(toFile: temp + "/model_prices_and_context_window.json", atomically: false, encoding: .utf8)
        let run = try CLIRun.run([
            "render", TestPaths.fixture("import/claude-code/projects/-home-ana-src-shop/7f3c9a12-5b8e-4d21-9c47-0e6a1b2c3d4e.jsonl"),
            "--prices", temp + "/model_prices_and_context_window.json", "--out", temp + "/out",
        ])
        #expect(run.status == 0, "\(run.stderr)")
        let page = try String(contentsOfFile: temp + "/out/index.html", encoding: .utf8)
        #expect(page.contains("cr-cost"))
    }

    /// One Claude Code reply whose cache writes are part one-hour, part five-minute, as
    /// `usage.cache_creation` records them since mid-2025.
    @Test func oneHourCacheWritesArePricedAsOneHourWrites() throws {
        let line = #"""
            {"type":"user","uuid":"u1","parentUuid":null,"sessionId":"s","timestamp":"2026-11-02T10:00:00.000Z","cwd":"/home/ana/src/shop","message":{"role":"user","content":"Summarise the cart module."}}
            {"type":"assistant","uuid":"a1","parentUuid":"u1","sessionId":"s","timestamp":"2026-11-02T10:00:05.000Z","message":{"id":"msg_1","role":"assistant","model":"claude-sonnet-4-5-20250929","content":[{"type":"text","text":"It keeps the cart in memory."}],"usage":{"input_tokens":10,"output_tokens":2000,"cache_read_input_tokens":30000,"cache_creation_input_tokens":24000,"cache_creation":{"ephemeral_5m_input_tokens":4000,"ephemeral_1h_input_tokens":20000}}}}
            """#
        let (chat, warnings) = try Self.read(line)
        #expect(warnings.isEmpty, "\(warnings)")
        let usage = try #require(chat.turns.last?.usage)
        #expect(usage.cacheWrite == 24_000 && usage.cacheWrite1h == 20_000)
        let prices = try PriceTable.load(templates: TestPaths.templates)
        let stats = SessionStats(TokenUsageTests.messages(chat))
        // By hand, Sonnet 4.5's published rates: $3 input, $15 output, $0.30 cache read, $3.75
        // five-minute write, $6 one-hour write, per million tokens.
        let perMillion: [(tokens: Double, price: Double)] = [(10, 3), (2000, 15), (30_000, 0.3), (4000, 3.75), (20_000, 6)]
        let expected = perMillion.reduce(0.0) { $0 + $1.tokens * $1.price } / 1_000_000
        let dollars = try #require(stats.cost(prices).dollars)
        #expect(abs(dollars - expected) < 1e-12, "\(dollars) ≠ \(expected)")
        // Priced as five-minute writes it was a quarter low: $0.129 instead of $0.174.
        #expect(abs(expected - 0.17403) < 1e-9)
    }

    /// A table that gives no one-hour price prices one-hour writes by Anthropic's rule (1.6 times
    /// the five-minute write), never as five-minute ones.
    @Test func aTableWithoutAOneHourPriceUsesThePublishedRatio() {
        let price = PriceTable.ModelPrice(input: 3, output: 15, cacheRead: 0.3, cacheWrite: 3.75)
        #expect(abs(price.cost(of: TokenUsage(cacheWrite: 1_000_000, cacheWrite1h: 1_000_000)) - 6) < 1e-12)
    }

    /// opencode records what each message cost: that figure is shown, marked as recorded, and
    /// the estimate covers only the rest. The expected sum is read from the storage's message
    /// files here, apart from the reader.
    @Test func aCostTheAgentRecordedIsShownAsRecorded() throws {
        let storage = TestPaths.fixture("import/opencode/data/storage/message")
        var recorded = 0.0
        for case let file as String in FileManager.default.enumerator(atPath: storage)! where file.hasSuffix(".json") {
            let object = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: storage + "/" + file))) as? [String: Any]
            if object?["role"] as? String == "assistant", let cost = (object?["cost"] as? NSNumber)?.doubleValue, cost > 0 { recorded += cost }
        }
        #expect(abs(recorded - 0.0246) < 1e-12)
        let read = try OpenCodeReader().read(TestPaths.fixture("import/opencode/data/opencode.db"), options: ReadOptions())
        let stats = read.chats.map { SessionStats(TokenUsageTests.messages($0)) }
        let total = stats.compactMap(\.recordedCost).reduce(0, +)
        #expect(abs(total - recorded) < 1e-12)
        // The turns with a recorded cost are not estimated again.
        let prices = try PriceTable.load(templates: TestPaths.templates)
        for stat in stats where stat.recordedCost != nil {
            #expect(stat.usage.allSatisfy { $0.usage.recordedCost != nil || $0.usage.total.isZero } ? stat.cost(prices).dollars == nil : true)
        }
        // A site of them says both, each for what it is.
        let temp = TestPaths.temporaryFolder("recorded-cost")
        defer { try? FileManager.default.removeItem(atPath: temp) }
        let run = try CLIRun.run(["render", TestPaths.fixture("import/opencode/data"), "--out", temp + "/out", "-q"])
        #expect(run.status == 0, "\(run.stderr)")
        let index = try String(contentsOfFile: temp + "/out/index.html", encoding: .utf8)
        #expect(index.contains("$0.02, recorded by the agent"))
        #expect(index.contains(", estimated"))
    }

    @Test func aRecordedCostSurvivesTheConversationFile() throws {
        let json =
            #"{"title": null, "messages": [{"id": "m", "role": "assistant", "text": "x", "usage": {"input": 1, "output": 2, "cacheRead": 0, "cacheWrite": 0, "recordedCost": 1.77}}]}"#
        let (conversation, _) = try ConversationLoader.decode(bytes: Array(json.utf8), file: "c.json")
        #expect(conversation.messages?.first?.usage?.recordedCost == 1.77)
    }

    static func read(_ text: String) throws -> (ImportedChat, [Diagnostic]) {
        let temp = TestPaths.temporaryFolder("one-hour")
        defer { try? FileManager.default.removeItem(atPath: temp) }
        let path = temp + "/0b7c1d2e-3f40-4a51-8b62-7c83d94ea5f6.jsonl"
        try text.write(toFile: path, atomically: false, encoding: .utf8)
        let read = try ClaudeCodeReader().read(path, options: ReadOptions())
        return (try #require(read.chats.first), read.warnings)
    }
}
