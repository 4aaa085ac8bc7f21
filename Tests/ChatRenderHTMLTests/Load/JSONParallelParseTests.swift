import Testing
@testable import ChatModel
@testable import ChatSupport
@testable import ChatTheme
@testable import ChatPlan
@testable import ChatRenderHTML
import TestSupport

extension LoadTests {
    /// The parse that splits large arrays across threads must give exactly the one-thread result:
    /// the same tree with the same positions, and for broken input the same error at the same place.
    @Suite("JSONParser, parallel")
    struct JSONParallelParseTests {
        // MARK: Helpers

        private static func serial(_ bytes: [UInt8], maxDepth: Int = 128) -> Result<JSONNode, JSONParser.SyntaxError> {
            bytes.withUnsafeBufferPointer { JSONParser.parseSerially($0, limits: .init(maxDepth: maxDepth)) }
        }

        /// The split parse alone: nil when it declined or met an error.
        private static func split(_ bytes: [UInt8], maxDepth: Int = 128, chunks: Int? = nil) -> JSONNode? {
            bytes.withUnsafeBufferPointer {
                JSONParser.parseSplittingArrays($0, limits: .init(maxDepth: maxDepth), minimumElements: 2, chunksPerArray: chunks)
            }
        }

        /// The full entry point with splitting forced on however small the document.
        private static func forced(_ bytes: [UInt8], maxDepth: Int = 128, chunks: Int? = nil) -> Result<JSONNode, JSONParser.SyntaxError> {
            JSONParser.parse(bytes, limits: .init(maxDepth: maxDepth), parallelThreshold: 0, minimumElements: 2, chunksPerArray: chunks)
        }

        /// A small deterministic generator, so a failure can be replayed from its seed.
        /// Writes random JSON values with Unicode, escapes, numbers of every form, nesting and
        /// assorted whitespace (including CRLF, tabs and long minified runs).
        struct Writer {
            var rng: SplitMix
            var minified: Bool

            mutating func pick<T>(_ options: [T]) -> T { options[Int.random(in: 0..<options.count, using: &rng)] }

            mutating func space() -> String {
                minified ? pick(["", "", "", " "]) : pick(["", " ", "\n", "\n  ", "\r\n\t", "\n\n    ", "  "])
            }

            mutating func string() -> String {
                let pieces = [
                    "garden", " ", "é", "日本語", "😀", "e\u{301}", "\\n", "\\\"", "\\\\", "\\/", "\\t",
                    "\\u00e9", "\\uD83D\\uDE00", "\\u0000", "حديقة", "☀️", "`a & b`", "**x**", "\\u2028",
                ]
                var text = "\""
                for _ in 0..<Int.random(in: 0...6, using: &rng) { text += pick(pieces) }
                if Int.random(in: 0..<8, using: &rng) == 0 { text += String(repeating: "long run of text ", count: 20) }
                return text + "\""
            }

            mutating func number() -> String {
                pick([
                    "0", "-0", "7", "-42", "1234567890123", "123456789012345678", "9223372036854775807",
                    "-9223372036854775808", "9223372036854775808", "1.5", "-2.5e-3", "1E+3", "0.1",
                    "1e-400", "99999999999999999999", "2.0",
                ])
            }

            mutating func value(depth: Int) -> String {
                let kind = depth > 4 ? Int.random(in: 0..<3, using: &rng) : Int.random(in: 0..<6, using: &rng)
                switch kind {
                case 0: return string()
                case 1: return number()
                case 2: return pick(["true", "false", "null"])
                case 3: return array(count: Int.random(in: 0...4, using: &rng), depth: depth + 1)
                default: return object(depth: depth + 1)
                }
            }

            mutating func array(count: Int, depth: Int) -> String {
                if count == 0 { return "[" + space() + "]" }
                let elements = (0..<count).map { _ in space() + value(depth: depth) + space() }
                return "[" + elements.joined(separator: ",") + "]"
            }

            mutating func object(depth: Int) -> String {
                let keys = ["id", "role", "text", "é", "日本", "a\\u0062", "date", "n", "😀", "list"]
                var members: [String] = []
                for (offset, key) in keys.prefix(Int.random(in: 0...6, using: &rng)).enumerated() {
                    // Distinct names: the same text with a running number.
                    members.append(space() + "\"\(key)\(offset)\"" + space() + ":" + space() + value(depth: depth) + space())
                }
                return members.isEmpty ? "{" + space() + "}" : "{" + members.joined(separator: ",") + "}"
            }

            /// A conversation-like document: an object whose "messages" (and "extra") are large arrays.
            mutating func document(elements: Int) -> String {
                let messages = array(count: elements, depth: 2)
                let extra = array(count: elements / 3, depth: 2)
                return space() + "{" + space() + "\"title\"" + space() + ":" + space() + string() + "," + space()
                    + "\"messages\":" + space() + messages + space() + "," + "\"n\":" + number() + ","
                    + "\"extra\"" + space() + ":" + extra + space() + "}" + space()
            }
        }

        // MARK: Equal trees

        @Test(arguments: Array(UInt64(1)...UInt64(24)))
        func givesTheSameTreeAsTheOneThreadParse(seed: UInt64) throws {
            var writer = Writer(rng: SplitMix(seed: seed), minified: seed % 3 == 0)
            let text = seed % 4 == 1 ? writer.array(count: 150, depth: 1) : writer.document(elements: 150)
            var bytes = Array(text.utf8)
            if seed % 5 == 0 { bytes = [0xEF, 0xBB, 0xBF] + bytes }
            let expected = try Self.serial(bytes).get()
            for chunks in [nil, 1, 2, 7, 1_000] {
                let node = try #require(Self.split(bytes, chunks: chunks), "the split parse declined seed \(seed)")
                #expect(node == expected, "seed \(seed), \(String(describing: chunks)) chunks")
            }
        }

        @Test func theLargeConversationBenchShapeSplitsAndMatches() throws {
            // Pretty-printed like the bench file: members on their own lines, one array of messages.
            let messages = (0..<3_000).map { index in
                """
                  {
                   "id": "m\(index)",
                   "role": "\(index % 2 == 0 ? "user" : "assistant")",
                   "text": "Garden \(index) ☀️ \\"quoted\\" 庭園 😀 \\u00e9 \(String(repeating: "mulch ", count: index % 50))"
                  }
                """
            }
            let text = "{\n \"title\": \"t\",\n \"messages\": [\n" + messages.joined(separator: ",\n") + "\n ]\n}\n"
            let bytes = Array(text.utf8)
            #expect(bytes.count >= JSONParser.parallelThreshold)
            let expected = try Self.serial(bytes).get()
            #expect(try #require(Self.split(bytes)) == expected)
            #expect(try JSONParser.parse(bytes) == expected)
        }

        @Test func leavesDocumentsWithoutALargeTopLevelArrayToTheOneThreadParse() {
            #expect(Self.split(Array(#"{"a": {"b": [1, 2, 3]}}"#.utf8)) == nil)
            #expect(Self.split(Array(#""just a string""#.utf8)) == nil)
            #expect(Self.split(Array("[1]".utf8)) == nil)
            #expect(Self.split(Array("[]".utf8)) == nil)
        }

        @Test func theStructuralScanFindsElementBoundariesAndLines() {
            let text = "{\"s\": \"[,]\\\"\",\n \"a\": [1,\n  {\"b\": [2, 3]}, \"x,]\"\n ], \"c\": [[1], [2]]}"
            let layouts = Array(text.utf8).withUnsafeBufferPointer { JSONArrayLayout.scan($0, minimumElements: 2) }
            #expect(layouts.count == 2)
            let a = layouts[0]
            #expect(a.depth == 2)
            #expect(a.starts.count == 3 && a.ends.count == 3)
            #expect(a.lines == [2, 3, 3])
            let bytes = Array(text.utf8)
            #expect(a.starts.map { bytes[$0] } == [UInt8(ascii: "1"), UInt8(ascii: "{"), UInt8(ascii: "\"")])
            #expect(a.ends.map { bytes[$0] } == [UInt8(ascii: ","), UInt8(ascii: ","), UInt8(ascii: "]")])
            #expect(a.closeLine == 4)
            #expect(layouts[1].starts.count == 2)
        }

        // MARK: Errors are the one-thread errors

        /// Conversation-shaped text whose element at `badIndex` is replaced by `bad`.
        private static func conversation(count: Int, badIndex: Int, bad: String) -> String {
            let elements = (0..<count).map { index in
                index == badIndex ? bad : "  {\"id\": \"m\(index)\", \"text\": \"é 😀 \(index)\"}"
            }
            return "{\n \"messages\": [\n" + elements.joined(separator: ",\n") + "\n ]\n}\n"
        }

        @Test func anErrorInsideThe5000thElementHasTheOneThreadPosition() throws {
            let bad = "  {\"id\": \"m4999\", \"text\": \"é 😀\" x}"
            let text = Self.conversation(count: 9_000, badIndex: 4_999, bad: bad)
            let bytes = Array(text.utf8)
            #expect(bytes.count >= JSONParser.parallelThreshold)
            #expect(Self.split(bytes) == nil)
            // Element 4,999 (the 5,000th) sits on line 3 + 4,999; the 'x' after `"é 😀"` is column 33.
            let expected = JSONParser.SyntaxError(line: 5_002, column: 33, message: "unexpected 'x'; expected ',' or '}'")
            #expect(Self.serial(bytes) == .failure(expected))
            #expect(Self.forced(bytes) == .failure(expected))
            #expect(throws: expected) { try JSONParser.parse(bytes) }
        }

        struct BrokenCase: CustomTestStringConvertible, Sendable {
            let name: String
            let text: String
            var maxDepth = 128
            var testDescription: String { name }
        }

        static let brokenCases: [BrokenCase] = [
            .init(name: "trailing comma in the split array", text: "{\"m\": [1, 2, 3,\n]}"),
            .init(name: "missing comma", text: "{\"m\": [1, 2\n 3, 4]}"),
            .init(name: "leading comma", text: "[,1, 2, 3]"),
            .init(name: "unterminated string mid-array", text: "[\"a\", \"b, \"c\", 4]"),
            .init(name: "raw line break in a string", text: "[\"a\", \"b\nc\", \"d\"]"),
            .init(name: "bad escape", text: "[\"a\", \"\\x\", \"d\"]"),
            .init(name: "unbalanced brackets", text: "[[1, 2], [3, 4}, [5]]"),
            .init(name: "object closing the array", text: "{\"m\": [1, 2, 3}}"),
            .init(name: "duplicate name in an element", text: "[{\"a\": 1}, {\"b\": 1, \"b\": 2}, 3]"),
            .init(name: "error before the array", text: "{\"t\": tru, \"m\": [1, 2, 3]}"),
            .init(name: "error after the array", text: "{\"m\": [1, 2, 3], \"t\": nul}"),
            .init(name: "garbage after the document", text: "[1, 2, 3] [4, 5]"),
            .init(name: "a second array after the document", text: "[1, 2, 3]\n]"),
            .init(name: "unterminated array", text: "{\"m\": [1, 2, 3"),
            .init(name: "invalid UTF-8 in an element", text: "[\"a\", \"\u{FFFD}\", \"c\"]"),
            .init(name: "too deep inside an element", text: "{\"m\": [1, [[[2]]], 3]}", maxDepth: 4),
            .init(name: "the split array itself too deep", text: "{\"m\": [1, 2, 3]}", maxDepth: 1),
            .init(name: "number out of range in an element", text: "[1, 1e999, 3]"),
            .init(name: "a lone CR does not start a line", text: "[1,\r 2,\r x]"),
            .init(name: "columns after multi-byte text", text: "{\"é😀\": [\"日本語\", \"😀😀\" x]}"),
        ]

        @Test(arguments: brokenCases)
        func brokenInputGivesTheOneThreadError(_ example: BrokenCase) throws {
            var bytes = Array(example.text.utf8)
            if example.name.hasPrefix("invalid UTF-8") {
                // Replace the U+FFFD placeholder's three bytes with one byte that is never valid.
                let index = try #require(bytes.firstIndex(of: 0xEF))
                bytes.replaceSubrange(index..<index + 3, with: [0xFF])
            }
            let expected = Self.serial(bytes, maxDepth: example.maxDepth)
            guard case .failure = expected else {
                Issue.record("expected \(example.name) to be a syntax error")
                return
            }
            for chunks in [nil, 1, 2, 3] {
                #expect(Self.split(bytes, maxDepth: example.maxDepth, chunks: chunks) == nil)
                #expect(Self.forced(bytes, maxDepth: example.maxDepth, chunks: chunks) == expected)
            }
        }

        @Test func validEdgeCasesStillSplitAndMatch() throws {
            let texts = [
                "[1, 2]",
                "[\r\n1,\r\n2\r\n]",
                "[\"[\", \"]\", \",\", \"\\\"\", \"\\\\\"]",
                "{\"a\": [], \"b\": [1, 2], \"c\": [{}, []]}",
                "  \n [ {\"x\": [1, [2, [3]]]} , \"😀\" ]  \n",
                "{\"m\":[1,2,3],\"n\":[4,5]}",
            ]
            for text in texts {
                let bytes = Array(text.utf8)
                let expected = try Self.serial(bytes).get()
                for chunks in [nil, 1, 2] {
                    #expect(try #require(Self.split(bytes, chunks: chunks), "declined \(text)") == expected)
                }
            }
        }

        @Test func depthLimitsHoldInsideSplitElements() throws {
            // Exactly at the limit inside an element parses; one deeper fails at the same place.
            let ok = "{\"m\": [[[1]], 2]}"
            #expect(Self.forced(Array(ok.utf8), maxDepth: 4) == Self.serial(Array(ok.utf8), maxDepth: 4))
            #expect(try #require(Self.split(Array(ok.utf8), maxDepth: 4)) == Self.serial(Array(ok.utf8), maxDepth: 4).get())
            let deep = "{\"m\": [[[[1]]], 2]}"
            #expect(
                Self.forced(Array(deep.utf8), maxDepth: 4)
                    == .failure(.init(line: 1, column: 10, message: "nesting is deeper than 4 levels")))
        }
    }
}
