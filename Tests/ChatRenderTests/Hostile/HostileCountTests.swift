import Foundation
import Testing
@testable import ChatModel
import TestSupport

/// Counts past what an `Int` adds: a log line whose token count is 1e18, 2^62 or `Int.max`
/// once killed the whole run (SIGILL, no message), and a price of 1e200 or a context window of
/// 1e18 in `--prices` did too, leaving a staging folder behind. Each is now a warning naming the
/// file, the line and the JSON path, the count is left out, and the rest renders; a price table
/// out of range is refused with exit 65 and nothing is written.
@Suite struct HostileCountTests {
    struct Case: Sendable, CustomStringConvertible {
        var reader: String
        var fixture: String
        /// The field whose numbers are swapped, as it is written in the log.
        var field: String
        /// The JSON path the warning names.
        var path: String
        var description: String { reader }
    }

    static let cases: [Case] = [
        Case(
            reader: "claude-code", fixture: "import/claude-code/projects/-home-ana-src-shop/7f3c9a12-5b8e-4d21-9c47-0e6a1b2c3d4e.jsonl",
            field: "input_tokens", path: "message.usage.input_tokens"),
        Case(
            reader: "codex", fixture: "import/codex/sessions/2026/06/05/rollout-2026-06-05T09-12-00-0197e3a1-5c2b-7d40-9a61-3f0c8e2b1d55.jsonl",
            field: "output_tokens", path: "payload.info.total_token_usage.output_tokens"),
        Case(
            reader: "gemini", fixture: "import/gemini/tmp/garden-site/chats/session-2026-09-02T08-30-b7e2d4c6.jsonl", field: "input",
            path: "tokens.input"),
        Case(
            reader: "copilot", fixture: "import/copilot/session-state/80575baf-49d5-43f8-924e-8b3440c3f483/events.jsonl", field: "inputTokens",
            path: "usage.inputTokens"),
    ]

    /// Each value once, as the attacks wrote them.
    static let values = ["1000000000000000000", "4611686018427387904", "9223372036854775807", "1e300"]

    @Test(arguments: cases, values)
    func aCountPastTheTopIsAWarningAndTheRestRenders(_ entry: Case, _ value: String) throws {
        let temp = TestPaths.temporaryFolder("hostile-count-\(entry.reader)")
        defer { try? FileManager.default.removeItem(atPath: temp) }
        let text = try String(contentsOfFile: TestPaths.fixture(entry.fixture), encoding: .utf8)
        // Every count of the field, in every line that has one.
        let pattern = try NSRegularExpression(pattern: "\"\(entry.field)\":[0-9]+")
        let mutated = pattern.stringByReplacingMatches(
            in: text, range: NSRange(text.startIndex..., in: text), withTemplate: "\"\(entry.field)\":\(value)")
        #expect(mutated != text, "the fixture has no \(entry.field)")
        let input = temp + "/" + FilePath.lastComponent(entry.fixture)
        try mutated.write(toFile: input, atomically: false, encoding: .utf8)
        let run = try CLIRun.run(["render", input, "--out", temp + "/out"])
        #expect(run.status == 0, "\(run.stderr)")
        // One warning for the field, with the file, a line and the JSON path.
        let warnings = run.stderr.split(separator: "\n").filter { $0.contains("expected a count from 0 to") }
        #expect(!warnings.isEmpty, "\(run.stderr)")
        for warning in warnings {
            #expect(warning.hasPrefix(input + ":"), "\(warning)")
            #expect(warning.contains(entry.path), "\(warning)")
            #expect(warning.range(of: #"^[^:]+:[0-9]+:[0-9]+: warning: "#, options: .regularExpression) != nil, "\(warning)")
        }
        let page = try String(contentsOfFile: temp + "/out/index.html", encoding: .utf8)
        #expect(page.contains("<article"))
    }

    /// In a site, one hostile session among good ones loses nothing but its count.
    @Test func aSiteWithOneHostileSessionRendersEverySession() throws {
        let temp = TestPaths.temporaryFolder("hostile-count-site")
        defer { try? FileManager.default.removeItem(atPath: temp) }
        let projects = temp + "/projects"
        try FileManager.default.copyItem(atPath: TestPaths.fixture("import/claude-code/projects"), toPath: projects)
        let victim = projects + "/-home-ana-src-shop/7f3c9a12-5b8e-4d21-9c47-0e6a1b2c3d4e.jsonl"
        let text = try String(contentsOfFile: victim, encoding: .utf8)
        try text.replacingOccurrences(of: "\"input_tokens\":", with: "\"input_tokens\":9223372036854775807,\"x\":").write(
            toFile: victim, atomically: false, encoding: .utf8)
        let good = try CLIRun.run(["render", TestPaths.fixture("import/claude-code/projects"), "--out", temp + "/good", "-q"])
        let run = try CLIRun.run(["render", projects, "--out", temp + "/out"])
        #expect(good.status == 0 && run.status == 0, "\(run.stderr)")
        let pages = { (folder: String) in
            (FileManager.default.enumerator(atPath: folder)?.allObjects as? [String] ?? []).filter { $0.hasSuffix("index.html") }.sorted()
        }
        #expect(pages(temp + "/out") == pages(temp + "/good"))
        #expect(pages(temp + "/out").count > 2)
    }

    @Test(arguments: [
        (#""input": 1e200"#, "models[\"claude-sonnet-4-5\"].input: expected US dollars per million tokens (a number from 0 to 1000000), found 1e+200"),
        (
            #""input": 3, "contextWindow": 1000000000000000000"#,
            "models[\"claude-sonnet-4-5\"].contextWindow: expected the model's context window in tokens (a whole number from 1 to 9007199254740992), found 1e+18"
        ),
    ])
    func aPriceTableOutOfRangeIsRefusedAndNothingIsLeft(_ price: String, _ message: String) throws {
        let temp = TestPaths.temporaryFolder("hostile-prices")
        defer { try? FileManager.default.removeItem(atPath: temp) }
        let table = temp + "/prices.json"
        try #"{"date": "2025-12-15", "models": {"claude-sonnet-4-5": {\#(price), "output": 15, "cacheRead": 0.3, "cacheWrite": 3.75}}}"#.write(
            toFile: table, atomically: false, encoding: .utf8)
        let out = temp + "/out"
        let run = try CLIRun.run([
            "render", TestPaths.fixture("import/claude-code/projects/-home-ana-src-shop/7f3c9a12-5b8e-4d21-9c47-0e6a1b2c3d4e.jsonl"),
            "--prices", table, "--out", out,
        ])
        #expect(run.status == 65)
        #expect(run.stderr.contains(table + ":1:"), "\(run.stderr)")
        #expect(run.stderr.contains(message), "\(run.stderr)")
        // Nothing written, nothing half-made beside the output.
        #expect(try FileManager.default.contentsOfDirectory(atPath: temp) == ["prices.json"])
    }

    /// A usage as large as a log may give, with the dearest price a table may give: the cost,
    /// the context bar and the counts are shown, saturated, and nothing traps.
    @Test func theLargestCountsAtTheHighestPricesRender() throws {
        let temp = TestPaths.temporaryFolder("hostile-most")
        defer { try? FileManager.default.removeItem(atPath: temp) }
        let table = temp + "/prices.json"
        let models = ["claude-sonnet-4-5", "claude-opus-4-5", "claude-haiku-4-5"].map {
            #""\#($0)": {"input": 1000000, "output": 1000000, "cacheRead": 1000000, "cacheWrite": 1000000, "contextWindow": 1}"#
        }
        try #"{"date": "2025-12-15", "models": {\#(models.joined(separator: ", "))}}"#.write(toFile: table, atomically: false, encoding: .utf8)
        let fixture = TestPaths.fixture("import/claude-code/projects/-home-ana-src-shop/7f3c9a12-5b8e-4d21-9c47-0e6a1b2c3d4e.jsonl")
        let text = try String(contentsOfFile: fixture, encoding: .utf8)
        let pattern = try NSRegularExpression(pattern: #"_tokens":[0-9]+"#)
        let mutated = pattern.stringByReplacingMatches(
            in: text, range: NSRange(text.startIndex..., in: text), withTemplate: "_tokens\":\(Tally.inputLimit)")
        let input = temp + "/session.jsonl"
        try mutated.write(toFile: input, atomically: false, encoding: .utf8)
        let run = try CLIRun.run(["render", input, "--prices", table, "--out", temp + "/out"])
        #expect(run.status == 0, "\(run.stderr)")
        let page = try String(contentsOfFile: temp + "/out/index.html", encoding: .utf8)
        #expect(page.contains("cr-context-meter"))
        #expect(page.contains("$"))
    }
}
