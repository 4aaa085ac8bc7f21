import Foundation
import Testing
@testable import ChatModel
@testable import ChatLoad
import TestSupport

/// Codex's `token_count` events carry a running total that starts again from zero when a session
/// is resumed or enters review mode, and events repeat. A real session of six runs once read as
/// 11.5M output tokens (≈ $1,093) where it held about 0.09M: each event after the first restart
/// added its whole running total. The expected figures here are summed straight from the runs,
/// not through the reader: the session's tokens are the sum of each run's last total.
@Suite struct CodexRunningTotalTests {
    /// Runs of running totals (input, cached input, output), as the events give them, in order:
    /// each run starts from zero; some events are repeated as the CLI repeats them.
    static let runs: [[(Int, Int, Int)]] = [
        [(9_120, 4_096, 310), (21_400, 12_288, 900), (21_400, 12_288, 900), (48_210, 30_720, 2_140)],
        [(12_000, 0, 400), (30_500, 18_000, 1_250)],  // resumed
        [(8_000, 0, 220), (8_000, 0, 220), (17_900, 8_192, 600)],  // review mode
        [(15_000, 6_000, 380)],  // back from review: a new run
        [(5_500, 0, 120), (19_000, 11_000, 700), (40_300, 26_000, 1_900)],  // resumed again
        [(7_700, 2_048, 260), (7_700, 2_048, 260)],  // resumed, one call, repeated
    ]

    static func rollout() -> String {
        var lines = [
            #"{"timestamp":"2026-11-20T09:00:00.000Z","type":"session_meta","payload":{"id":"019a8c3e-5d2b-7d40-9a61-3f0c8e2b1d55","timestamp":"2026-11-20T09:00:00.000Z","cwd":"/home/ana/src/tides","originator":"codex_cli_rs","cli_version":"0.77.0","source":"cli","model_provider":"openai"}}"#,
            #"{"timestamp":"2026-11-20T09:00:00.000Z","type":"turn_context","payload":{"cwd":"/home/ana/src/tides","model":"gpt-5.1-codex"}}"#,
        ]
        var second = 1
        func stamp() -> String {
            second += 1
            return String(format: "2026-11-20T09:%02d:%02d.000Z", second / 60, second % 60)
        }
        for (r, run) in runs.enumerated() {
            lines.append(
                #"{"timestamp":"\#(stamp())","type":"response_item","payload":{"type":"message","role":"user","content":[{"type":"input_text","text":"Step \#(r + 1): keep going."}]}}"#
            )
            if r == 2 {
                lines.append(#"{"timestamp":"\#(stamp())","type":"event_msg","payload":{"type":"entered_review_mode","review_request":{"prompt":"Review"}}}"#)
            }
            for (input, cached, output) in run {
                lines.append(
                    #"{"timestamp":"\#(stamp())","type":"event_msg","payload":{"type":"token_count","info":{"total_token_usage":{"input_tokens":\#(input),"cached_input_tokens":\#(cached),"output_tokens":\#(output),"reasoning_output_tokens":0,"total_tokens":\#(input + output)},"last_token_usage":{"input_tokens":100,"cached_input_tokens":0,"output_tokens":10,"reasoning_output_tokens":0,"total_tokens":110},"model_context_window":272000}}}"#
                )
            }
            lines.append(
                #"{"timestamp":"\#(stamp())","type":"response_item","payload":{"type":"message","role":"assistant","content":[{"type":"output_text","text":"Done with step \#(r + 1)."}]}}"#
            )
            if r == 2 {
                lines.append(#"{"timestamp":"\#(stamp())","type":"event_msg","payload":{"type":"exited_review_mode","review_output":null}}"#)
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    @Test func theHeaderIsTheSumOfEachRunsLastTotal() throws {
        let temp = TestPaths.temporaryFolder("codex-runs")
        defer { try? FileManager.default.removeItem(atPath: temp) }
        let path = temp + "/rollout-2026-11-20T09-00-00-019a8c3e-5d2b-7d40-9a61-3f0c8e2b1d55.jsonl"
        try Self.rollout().write(toFile: path, atomically: false, encoding: .utf8)
        let read = try CodexReader().read(path, options: ReadOptions())
        let chat = try #require(read.chats.first)
        // Independently: each run's last total, added.
        let lasts = Self.runs.map { $0.last! }
        let input = lasts.reduce(0) { $0 + $1.0 }, cached = lasts.reduce(0) { $0 + $1.1 }, output = lasts.reduce(0) { $0 + $1.2 }
        #expect(output == 6_530)
        let expected = TokenUsage(input: Tally(input - cached), output: Tally(output), cacheRead: Tally(cached))
        let turns = SessionStats(TokenUsageTests.messages(chat)).totalUsage
        #expect(turns == expected)
        #expect(
            chat.facts.first { $0.key == .factTokens }
                == SessionText.tokenFact(input: expected.input, output: expected.output, cacheRead: expected.cacheRead))
        // And the cost at the bundled prices is that of those tokens, not of the totals added up.
        let prices = try PriceTable.load(templates: TestPaths.templates)
        let price = try #require(prices.price(for: "gpt-5.1-codex"))
        let dollars = try #require(SessionStats(TokenUsageTests.messages(chat)).cost(prices).dollars)
        let byHand = (Double(input - cached) * price.input + Double(output) * price.output + Double(cached) * price.cacheRead) / 1_000_000
        #expect(abs(dollars - byHand) < 1e-12)
    }
}
