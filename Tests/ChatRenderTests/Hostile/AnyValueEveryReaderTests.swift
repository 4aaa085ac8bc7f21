import Foundation
import Testing
@testable import ChatLoad
@testable import ChatModel
@testable import ChatRender
@testable import ChatSupport
import TestSupport

/// Every reader, fed its own fixture with one value swapped at a time for a value of another
/// kind — and every number swapped for the numbers that used to trap (1e18, 2^62, `Int.max`,
/// 2^63, 1e300, −1, infinity's stand-in 1e309 is not JSON so 1.7e308) — and rendered as a user's
/// `render` does, prices and context bars included. It may warn or refuse, naming the file;
/// the process never traps (a trap ends the test run, so this test passing is the proof).
@Suite struct AnyValueEveryReaderTests {
    /// A reader, the fixture it reads (a file, or a folder copied whole), and the file in it whose
    /// values are swapped.
    struct Case: CustomStringConvertible, Sendable {
        var reader: String
        var fixture: String
        /// Inside `fixture` when it is a folder; "" when the fixture is the file itself.
        var target: String = ""
        /// A request file for an API is refused whole when a value is of the wrong kind (it is a
        /// document a person writes, not a log); the agents' logs are read around it.
        var strict = false
        var description: String { "\(reader): \(FilePath.lastComponent(target.isEmpty ? fixture : target))" }
    }

    static let cases: [Case] = [
        Case(reader: "chatgpt", fixture: "import/chatgpt/export", target: "conversations.json"),
        Case(reader: "openai", fixture: "import/openai/trip.json", strict: true),
        Case(reader: "anthropic", fixture: "import/anthropic/support.json", strict: true),
        Case(reader: "claude-ai", fixture: "import/claude-ai/export", target: "conversations.json"),
        Case(reader: "claude-code", fixture: "import/claude-code/projects/-home-ana-src-shop/7f3c9a12-5b8e-4d21-9c47-0e6a1b2c3d4e.jsonl"),
        Case(reader: "codex", fixture: "import/codex/sessions/2026/06/05/rollout-2026-06-05T09-12-00-0197e3a1-5c2b-7d40-9a61-3f0c8e2b1d55.jsonl"),
        Case(reader: "codex", fixture: "import/codex/first-release/rollout-2025-05-02T08-00-00-5c9e1f2a.jsonl"),
        Case(reader: "codex", fixture: "import/codex/typescript/sessions/rollout-2025-04-25-3c2d1e0f-9a8b-4c7d-8e6f-5a4b3c2d1e0f.json"),
        Case(reader: "gemini", fixture: "import/gemini/tmp/garden-site/chats/session-2026-09-02T08-30-b7e2d4c6.jsonl"),
        Case(
            reader: "gemini",
            fixture: "import/gemini/tmp/6f1c3e0b9d2a4c8e7f5b1a3d9c0e2f4a6b8d0c2e4f6a8b0d2c4e6f8a0b2d4c6e/chats/session-2026-05-20T14-02-3f9a1c2e.json"),
        Case(reader: "opencode", fixture: "import/opencode/data", target: "storage/message/ses_02/msg_02b.json"),
        Case(reader: "opencode", fixture: "import/opencode/data", target: "storage/part/msg_01b/prt_01b_10.json"),
        Case(reader: "copilot", fixture: "import/copilot/session-state/80575baf-49d5-43f8-924e-8b3440c3f483/events.jsonl"),
        Case(reader: "copilot", fixture: "import/copilot/vscode-export/chat-export.json"),
        Case(
            reader: "cursor",
            fixture: "import/cursor/projects/home-sample-dev-src-invoice-tools/agent-transcripts/a288f05d-df92-447a-9c34-08e45f3c9fdc.jsonl"),
    ]

    /// Numbers that are out of range for a count, or for an `Int`, or for arithmetic on either.
    static let hostileNumbers: [JSONNode.Value] = [
        .number(1e18, integer: 1_000_000_000_000_000_000), .number(0x4000_0000_0000_0000, integer: 0x4000_0000_0000_0000),
        .number(Double(Int64.max), integer: Int64.max), .number(9.223372036854775808e18, integer: nil), .number(1e300, integer: nil),
        .number(-1, integer: -1), .number(-1e300, integer: nil), .number(1.7e308, integer: nil), .number(0.5, integer: nil),
        .number(Double(Int64.min), integer: Int64.min),
    ]
    /// Values of every other kind.
    static let otherKinds: [JSONNode.Value] = [
        .null, .bool(true), .string(""), .string("\u{0}<script>x</script>"), .array([]), .array([JSONNode(.number(7, integer: 7)), JSONNode(.object([]))]),
        .object([]), .object([("type", JSONNode(.string("?")))]),
    ]

    @Test(arguments: cases)
    func anyValueAnywhereNeverTraps(_ entry: Case) throws {
        let source = TestPaths.fixture(entry.fixture)
        let isFolder = !entry.target.isEmpty
        let temp = TestPaths.temporaryFolder("any-value-\(entry.reader)")
        defer { try? FileManager.default.removeItem(atPath: temp) }
        let targetSource = isFolder ? source + "/" + entry.target : source
        let text = try String(contentsOfFile: targetSource, encoding: .utf8)
        let jsonLines = targetSource.hasSuffix(".jsonl")
        // The documents a swap is made in: each line of a log, or the one document.
        let lines = jsonLines ? text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) : [text]
        let documents = lines.map { try? JSONParser.parse(Array($0.utf8)) }
        let counts = documents.map { $0.map(Self.count) ?? 0 }
        let numberCounts = documents.map { $0.map(Self.countNumbers) ?? 0 }
        let total = counts.reduce(0, +), totalNumbers = numberCounts.reduce(0, +)
        try #require(total > 0)
        let format = try #require(ImportFormat(name: entry.reader))
        var random = SplitMix(seed: 0xA11_7A1E ^ UInt64(entry.fixture.utf8.count) ^ UInt64(entry.target.utf8.count))
        var rendered = 0
        let rounds = 36
        for round in 0..<rounds {
            // Half the rounds put a hostile number where a number was (spread over all of them,
            // so the token counts are reached), half put any kind of value anywhere.
            let onNumbers = round % 2 == 0 && totalNumbers > 0
            let swaps = onNumbers ? Self.hostileNumbers : Self.hostileNumbers + Self.otherKinds
            let value = swaps[Int.random(in: 0..<swaps.count, using: &random)]
            let spread = (round / 2) * (onNumbers ? totalNumbers : total) / (rounds / 2)
            var index = min(spread + Int.random(in: 0..<3, using: &random), (onNumbers ? totalNumbers : total) - 1)
            // Which document holds the index-th value.
            var document = 0
            let perDocument = onNumbers ? numberCounts : counts
            while document < perDocument.count - 1 && index >= perDocument[document] {
                index -= perDocument[document]
                document += 1
            }
            guard let tree = documents[document] else { continue }
            let mutated = onNumbers ? Self.replacingNumber(tree, at: &index, with: value) : Self.replacing(tree, at: &index, with: value)
            var out = lines
            out[document] = JSONText.compact(mutated)
            let copy = temp + "/\(round)"
            let input: String
            if isFolder {
                try FileManager.default.copyItem(atPath: source, toPath: copy)
                input = copy
                try out.joined(separator: "\n").write(toFile: copy + "/" + entry.target, atomically: false, encoding: .utf8)
            } else {
                try FileManager.default.createDirectory(atPath: copy, withIntermediateDirectories: true)
                input = copy + "/" + FilePath.lastComponent(source)
                try out.joined(separator: "\n").write(toFile: input, atomically: false, encoding: .utf8)
            }
            let request = RenderRequest(
                conversationPath: input, themePath: TestPaths.defaultTheme, templatesDirectory: TestPaths.templates,
                outputDirectory: temp + "/out-\(round)", options: RenderOptions())
            do {
                _ = try SiteRenderer.render(
                    ImportRequest(format: format, inputPath: input, outputDirectory: request.outputDirectory), render: request,
                    inspector: FakeImageInspector())
                rendered += 1
            } catch {
                // Refusing is allowed, with a message that names the input.
                #expect(
                    error.diagnostics.allSatisfy { !$0.message.isEmpty && ($0.file.hasPrefix(copy) || $0.file.hasPrefix(temp)) },
                    "\(entry) round \(round): \(error)")
            }
        }
        // Most single swaps still leave something to show (a strict file's numbers, at least).
        #expect(rendered >= rounds / (entry.strict ? 6 : 2), "\(entry): \(rendered) of \(rounds) rendered")
    }

    static func count(_ node: JSONNode) -> Int {
        switch node.value {
        case .array(let items): return 1 + items.reduce(0) { $0 + count($1) }
        case .object(let members): return 1 + members.reduce(0) { $0 + count($1.node) }
        default: return 1
        }
    }

    static func countNumbers(_ node: JSONNode) -> Int {
        switch node.value {
        case .array(let items): return items.reduce(0) { $0 + countNumbers($1) }
        case .object(let members): return members.reduce(0) { $0 + countNumbers($1.node) }
        case .number: return 1
        default: return 0
        }
    }

    /// The tree with its `index`-th value (depth first, from 0) replaced by `value`.
    static func replacing(_ node: JSONNode, at index: inout Int, with value: JSONNode.Value) -> JSONNode {
        if index == 0 {
            index = -1
            return JSONNode(value, line: node.line, column: node.column)
        }
        index -= 1
        guard index >= 0 else { return node }
        switch node.value {
        case .array(let items):
            return JSONNode(.array(items.map { replacing($0, at: &index, with: value) }), line: node.line, column: node.column)
        case .object(let members):
            return JSONNode(.object(members.map { ($0.key, replacing($0.node, at: &index, with: value)) }), line: node.line, column: node.column)
        default:
            return node
        }
    }

    /// The tree with its `index`-th number (depth first, from 0) replaced by `value`.
    static func replacingNumber(_ node: JSONNode, at index: inout Int, with value: JSONNode.Value) -> JSONNode {
        guard index >= 0 else { return node }
        switch node.value {
        case .number:
            if index == 0 {
                index = -1
                return JSONNode(value, line: node.line, column: node.column)
            }
            index -= 1
            return node
        case .array(let items):
            return JSONNode(.array(items.map { replacingNumber($0, at: &index, with: value) }), line: node.line, column: node.column)
        case .object(let members):
            return JSONNode(.object(members.map { ($0.key, replacingNumber($0.node, at: &index, with: value)) }), line: node.line, column: node.column)
        default:
            return node
        }
    }
}
