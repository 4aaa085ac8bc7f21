import Foundation
import Testing
@testable import ChatLoad
@testable import ChatModel
@testable import ChatSupport
import TestSupport

/// Every value of every reader's fixture — not a sample of them — swapped for a value of each kind
/// in turn: a number out of every range a count has, a string, `null`, a boolean, an empty and a
/// non-empty array and object. Each swap is read as `render` reads it, and its token counts summed
/// and priced as the page does (``AnyValueEveryReaderTests`` renders a sample of swaps whole; this
/// one reaches every path). A reader may warn or refuse, naming the file; the process never traps
/// (a trap ends the test run, so this test passing is the proof).
@Suite struct EveryPathEveryReaderTests {
    /// Values of each JSON type, a list a type: every path takes one value of each type in turn
    /// (which one of its type goes round with the path), so every path meets every type.
    static let types: [[JSONNode.Value]] = [
        // Numbers out of every range a count has.
        [
            .number(9.223372036854775808e18, integer: nil), .number(1e300, integer: nil), .number(Double(Int64.max), integer: Int64.max),
            .number(-1e300, integer: nil), .number(-1, integer: -1), .number(0.5, integer: nil),
        ],
        [.string("\u{0}<b>x</b>"), .string(""), .string("2026-13-45T99:99:99Z")],
        [.null],
        [.bool(false), .bool(true)],
        [.object([]), .object([("type", JSONNode(.string("?")))])],
        [.array([]), .array([JSONNode(.number(-1, integer: -1)), JSONNode(.null)])],
    ]

    @Test(arguments: AnyValueEveryReaderTests.cases)
    func everyPathTakesEveryKind(_ entry: AnyValueEveryReaderTests.Case) throws {
        let source = TestPaths.fixture(entry.fixture)
        let isFolder = !entry.target.isEmpty
        let temp = TestPaths.temporaryFolder("every-path-\(entry.reader)")
        defer { try? FileManager.default.removeItem(atPath: temp) }
        // One copy of the input, whose target file is rewritten for each swap.
        let input: String
        if isFolder {
            try FileManager.default.copyItem(atPath: source, toPath: temp + "/in")
            input = temp + "/in"
        } else {
            try FileManager.default.createDirectory(atPath: temp + "/in", withIntermediateDirectories: true)
            input = temp + "/in/" + FilePath.lastComponent(source)
        }
        let target = isFolder ? input + "/" + entry.target : input
        let text = try String(contentsOfFile: isFolder ? source + "/" + entry.target : source, encoding: .utf8)
        let lines = target.hasSuffix(".jsonl") ? text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) : [text]
        let documents = lines.map { try? JSONParser.parse(Array($0.utf8)) }
        let counts = documents.map { $0.map(AnyValueEveryReaderTests.count) ?? 0 }
        let total = counts.reduce(0, +)
        try #require(total > 0)
        let reader = try #require(ExportReaders.named(entry.reader))
        let prices = try PriceTable.load(templates: TestPaths.templates)
        var reads = 0, refusals = 0
        for type in Self.types {
            for path in 0..<total {
                var index = path, document = 0
                while document < counts.count - 1 && index >= counts[document] {
                    index -= counts[document]
                    document += 1
                }
                guard let tree = documents[document] else { continue }
                let value = type[path % type.count]
                var out = lines
                out[document] = JSONText.compact(AnyValueEveryReaderTests.replacing(tree, at: &index, with: value))
                try out.joined(separator: "\n").write(toFile: target, atomically: false, encoding: .utf8)
                reads += 1
                do {
                    let read = try reader.read(input, options: ReadOptions())
                    for chat in read.chats {
                        // The sums and the price the page shows, by model as it shows them.
                        let usages = chat.turns.compactMap { turn in turn.usage.map { ModelUsage(model: turn.model, usage: $0) } }
                        let merged = ModelUsage.merged([], usages)
                        _ = ModelUsage.total(merged)
                        _ = ModelUsage.cost(merged, prices)
                    }
                } catch {
                    refusals += 1
                    #expect(
                        error.diagnostics.allSatisfy { !$0.message.isEmpty && $0.file.hasPrefix(temp) },
                        "\(entry) path \(path): \(error)")
                }
            }
        }
        #expect(reads == total * Self.types.count)
        // A log is read around a bad value (an API request file is refused whole, as a document a
        // person writes).
        #expect(entry.strict || refusals * 4 < reads, "\(entry): \(refusals) of \(reads) refused")
    }
}
