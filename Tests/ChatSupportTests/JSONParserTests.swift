import Testing
@testable import ChatModel
@testable import ChatSupport
import TestSupport

extension LoadTests {
    @Suite("JSONParser")
    struct JSONParserTests {
        // MARK: Helpers

        private static func parse(_ text: String, maxDepth: Int = 128) throws(JSONParser.SyntaxError) -> JSONNode {
            try JSONParser.parse(Array(text.utf8), limits: .init(maxDepth: maxDepth))
        }

        /// The syntax error for `bytes`, or nil (after recording an issue) when it parses.
        private static func syntaxError(_ bytes: [UInt8], maxDepth: Int = 128) -> JSONParser.SyntaxError? {
            do {
                let node = try JSONParser.parse(bytes, limits: .init(maxDepth: maxDepth))
                Issue.record("parsed, but expected a syntax error: \(node.value)")
                return nil
            } catch {
                return error
            }
        }

        private static func syntaxError(_ text: String, maxDepth: Int = 128) -> JSONParser.SyntaxError? {
            syntaxError(Array(text.utf8), maxDepth: maxDepth)
        }

        private static func string(_ json: String) throws -> String? {
            guard case .string(let value) = try parse(json).value else { return nil }
            return value
        }

        // MARK: Syntax errors, with exact positions

        struct ErrorCase: CustomTestStringConvertible, Sendable {
            let json: String
            let line: Int
            let column: Int
            let message: String
            var testDescription: String { json.debugDescription }
        }

        static let errorCases: [ErrorCase] = [
            // Empty and trailing input
            .init(json: "", line: 1, column: 1, message: "the file is empty; expected a JSON value"),
            .init(json: "  \n  ", line: 2, column: 3, message: "the file is empty; expected a JSON value"),
            .init(json: "{} x", line: 1, column: 4, message: "unexpected 'x' after the end of the JSON value"),
            .init(json: "{}{}", line: 1, column: 3, message: "unexpected '{' after the end of the JSON value"),
            .init(json: "[1]\n]", line: 2, column: 1, message: "unexpected ']' after the end of the JSON value"),
            // Unexpected tokens
            .init(json: "[1,]", line: 1, column: 4, message: "unexpected ']'; expected a JSON value"),
            .init(json: "{\"a\":1,}", line: 1, column: 8, message: "unexpected '}'; expected a member name in double quotes"),
            .init(json: "{a:1}", line: 1, column: 2, message: "unexpected 'a'; expected a member name in double quotes"),
            .init(json: "{\"a\" 1}", line: 1, column: 6, message: "unexpected '1'; expected ':' after the member name"),
            .init(json: "[1 2]", line: 1, column: 4, message: "unexpected '2'; expected ',' or ']'"),
            .init(json: "{\"a\":1 \"b\":2}", line: 1, column: 8, message: "unexpected '\"'; expected ',' or '}'"),
            .init(json: "[tru]", line: 1, column: 2, message: "unexpected 't'; expected a JSON value"),
            .init(json: "True", line: 1, column: 1, message: "unexpected 'T'; expected a JSON value"),
            .init(json: "[NaN]", line: 1, column: 2, message: "unexpected 'N'; expected a JSON value"),
            .init(json: "[\u{0C}1]", line: 1, column: 2, message: "unexpected byte 0xC; expected a JSON value"),
            .init(json: "[\u{A0}1]", line: 1, column: 2, message: "unexpected non-ASCII character; expected a JSON value"),
            // Unexpected end of file
            .init(json: "[1,", line: 1, column: 4, message: "unexpected end of file; expected a JSON value"),
            .init(json: "{\"a\":", line: 1, column: 6, message: "unexpected end of file; expected a JSON value"),
            .init(json: "{\"a\":1", line: 1, column: 7, message: "unexpected end of file; expected ',' or '}'"),
            .init(json: "[1", line: 1, column: 3, message: "unexpected end of file; expected ',' or ']'"),
            .init(json: "{", line: 1, column: 2, message: "unexpected end of file; expected a member name in double quotes"),
            .init(json: "{\"a\"", line: 1, column: 5, message: "unexpected end of file; expected ':' after the member name"),
            // Strings
            .init(json: "[\"abc", line: 1, column: 6, message: "unterminated string; expected a closing '\"'"),
            .init(json: "[\"ab\ncd\"]", line: 1, column: 5, message: "unterminated string; a line break must be written as \\n"),
            .init(json: "[\"a\tb\"]", line: 1, column: 4, message: "control character 0x9 in a string must be escaped"),
            .init(json: "[\"a\u{1F}b\"]", line: 1, column: 4, message: "control character 0x1F in a string must be escaped"),
            .init(json: "[\"a\\x\"]", line: 1, column: 4, message: "invalid escape sequence '\\x'"),
            .init(json: "[\"a\\", line: 1, column: 5, message: "unterminated escape sequence"),
            .init(json: "[\"\\u12", line: 1, column: 3, message: "incomplete \\u escape; expected four hex digits"),
            .init(json: "[\"\\u12G4\"]", line: 1, column: 3, message: "invalid \\u escape; expected four hex digits"),
            .init(json: "[\"\\uD83D\"]", line: 1, column: 3, message: "lone high surrogate in \\u escape"),
            .init(json: "[\"x\\uD83Dy\"]", line: 1, column: 4, message: "lone high surrogate in \\u escape"),
            .init(json: "[\"\\uDE00\"]", line: 1, column: 3, message: "lone low surrogate in \\u escape"),
            .init(json: "[\"\\uD83D\\u0041\"]", line: 1, column: 3, message: "invalid surrogate pair in \\u escape"),
            .init(json: "[\"\\uD83D\\uD83D\"]", line: 1, column: 3, message: "invalid surrogate pair in \\u escape"),
            // Numbers
            .init(json: "[01]", line: 1, column: 2, message: "invalid number; leading zeros are not allowed"),
            .init(json: "[-01]", line: 1, column: 2, message: "invalid number; leading zeros are not allowed"),
            .init(json: "[-]", line: 1, column: 3, message: "invalid number; expected a digit"),
            .init(json: "[-a]", line: 1, column: 3, message: "invalid number; expected a digit"),
            .init(json: "[1.]", line: 1, column: 4, message: "invalid number; expected a digit after '.'"),
            .init(json: "[1.e5]", line: 1, column: 4, message: "invalid number; expected a digit after '.'"),
            .init(json: "[1e]", line: 1, column: 4, message: "invalid number; expected a digit in the exponent"),
            .init(json: "[1e+]", line: 1, column: 5, message: "invalid number; expected a digit in the exponent"),
            .init(json: "[.5]", line: 1, column: 2, message: "unexpected '.'; expected a JSON value"),
            .init(json: "[+1]", line: 1, column: 2, message: "unexpected '+'; expected a JSON value"),
            .init(json: "[0x10]", line: 1, column: 3, message: "unexpected 'x'; expected ',' or ']'"),
            .init(json: "[1e400]", line: 1, column: 2, message: "number 1e400 is out of range"),
            .init(json: "[-1e400]", line: 1, column: 2, message: "number -1e400 is out of range"),
            .init(
                json: "[" + "1" + String(repeating: "0", count: 400) + "]", line: 1, column: 2,
                message: "number 1" + String(repeating: "0", count: 39) + "… is out of range"),
            // Duplicate member names, including ones spelled differently
            .init(json: "{\"a\":1,\"a\":2}", line: 1, column: 8, message: "duplicate member name \"a\""),
            .init(json: "{\"a\":1,\"\\u0061\":2}", line: 1, column: 8, message: "duplicate member name \"a\""),
            .init(json: "{\"x\":{\"b\":1},\n \"b\":{\"b\":1,\n  \"b\":2}}", line: 3, column: 3, message: "duplicate member name \"b\""),
            // Positions: columns count Unicode scalars, so multi-byte UTF-8 before the error counts once
            .init(json: "{\"é\": x}", line: 1, column: 7, message: "unexpected 'x'; expected a JSON value"),
            .init(json: "[\"😀\", x]", line: 1, column: 7, message: "unexpected 'x'; expected a JSON value"),
            .init(json: "[\"e\u{301}\u{2615}\u{FE0F}\", x]", line: 1, column: 10, message: "unexpected 'x'; expected a JSON value"),
            .init(json: "[\n  \"日本語\", \"😀😀\" x]", line: 2, column: 15, message: "unexpected 'x'; expected ',' or ']'"),
            // CRLF line ends: the CR is whitespace, the LF starts the next line
            .init(json: "{\r\n  \"a\": x\r\n}", line: 2, column: 8, message: "unexpected 'x'; expected a JSON value"),
            .init(json: "[\r\n1,\r\n2,\r\n]", line: 4, column: 1, message: "unexpected ']'; expected a JSON value"),
            // A lone CR is whitespace but does not start a line
            .init(json: "[1,\r x]", line: 1, column: 6, message: "unexpected 'x'; expected a JSON value"),
        ]

        @Test(arguments: errorCases)
        func reportsSyntaxErrorsWithExactPositions(_ example: ErrorCase) {
            guard let error = Self.syntaxError(example.json) else { return }
            #expect(error == JSONParser.SyntaxError(line: example.line, column: example.column, message: example.message))
        }

        // MARK: Byte order mark

        @Test func skipsALeadingByteOrderMarkAndDoesNotCountItAsAColumn() throws {
            let bom: [UInt8] = [0xEF, 0xBB, 0xBF]
            let node = try JSONParser.parse(bom + Array("{\"a\": 1}".utf8))
            #expect(node.column == 1)
            #expect(node["a"]?.column == 7)
            let error = Self.syntaxError(bom + Array("[x]".utf8))
            #expect(error == .init(line: 1, column: 2, message: "unexpected 'x'; expected a JSON value"))
            let later = Self.syntaxError(bom + Array("[\r\n  x]".utf8))
            #expect(later == .init(line: 2, column: 3, message: "unexpected 'x'; expected a JSON value"))
            #expect(Self.syntaxError(bom) == .init(line: 1, column: 1, message: "the file is empty; expected a JSON value"))
        }

        @Test func aByteOrderMarkAfterTheStartIsAnError() {
            let error = Self.syntaxError(Array(" \u{FEFF}{}".utf8))
            #expect(error == .init(line: 1, column: 2, message: "unexpected non-ASCII character; expected a JSON value"))
        }

        // MARK: Invalid UTF-8

        @Test(arguments: [
            [0xFF] as [UInt8],  // never valid
            [0xC0, 0xAF],  // overlong "/"
            [0xE2, 0x82],  // truncated three-byte sequence
            [0xED, 0xA0, 0x80],  // a UTF-16 surrogate encoded as UTF-8
            [0xF4, 0x90, 0x80, 0x80],  // above U+10FFFF
            [0x80],  // a lone continuation byte
        ])
        func rejectsInvalidUTF8InStrings(_ bad: [UInt8]) {
            // The bad bytes are the first thing in the string, so the error points at them.
            let error = Self.syntaxError(Array("[\"".utf8) + bad + Array("\"]".utf8))
            #expect(error == .init(line: 1, column: 3, message: "the string is not valid UTF-8"))
        }

        @Test func rejectsInvalidUTF8InMemberNames() {
            let error = Self.syntaxError(Array("{\n \"".utf8) + [0xFF] + Array("\": 1}".utf8))
            #expect(error == .init(line: 2, column: 3, message: "the string is not valid UTF-8"))
        }

        @Test func rejectsInvalidUTF8OutsideStrings() {
            let error = Self.syntaxError([UInt8(ascii: "[")] + [0xFF] + [UInt8(ascii: "]")])
            #expect(error == .init(line: 1, column: 2, message: "unexpected non-ASCII character; expected a JSON value"))
        }

        @Test func theUTF8ErrorDoesNotPointPastTheBadByteWhenAnEscapeFollowsIt() {
            // ["<FF>\n"]: the bad byte is column 3. The parser reports the start of the last run of
            // plain bytes after an escape, column 6, which is the closing quote.
            let error = Self.syntaxError(Array("[\"".utf8) + [0xFF] + Array("\\n\"]".utf8))
            #expect(error.map { $0.column <= 3 } == true, "reported \(String(describing: error))")
        }

        // MARK: Nesting depth

        @Test func acceptsNestingUpToTheLimit() throws {
            let deepest = String(repeating: "[", count: 128) + String(repeating: "]", count: 128)
            _ = try Self.parse(deepest)
        }

        @Test func rejectsNestingBeyondTheLimitAtTheOpeningBracket() {
            let tooDeep = String(repeating: "[", count: 129) + String(repeating: "]", count: 129)
            #expect(Self.syntaxError(tooDeep) == .init(line: 1, column: 129, message: "nesting is deeper than 128 levels"))
        }

        @Test func countsObjectsAndArraysTogetherAgainstACustomLimit() throws {
            _ = try Self.parse("{\"a\":[1]}", maxDepth: 2)
            #expect(Self.syntaxError("{\"a\":{\"b\":[]}}", maxDepth: 2) == .init(line: 1, column: 11, message: "nesting is deeper than 2 levels"))
            // Depth is released when a container closes: siblings do not add up.
            _ = try Self.parse("[[1],[2],{\"a\":1}]", maxDepth: 2)
        }

        @Test func hostileDepthFailsFastInsteadOfExhaustingTheStack() {
            let hostile = String(repeating: "[", count: 1_000_000)
            #expect(Self.syntaxError(hostile) == .init(line: 1, column: 129, message: "nesting is deeper than 128 levels"))
        }

        // MARK: Strings and escapes

        @Test func decodesEverySimpleEscape() throws {
            #expect(try Self.string(#""\"\\\/\b\f\n\r\t""#) == "\"\\/\u{08}\u{0C}\n\r\t")
        }

        @Test func decodesUnicodeEscapesInEitherCase() throws {
            #expect(try Self.string(#""caf\u00e9 caf\u00E9""#) == "café café")
            #expect(try Self.string(#""\u0000""#) == "\u{0}")
            #expect(try Self.string(#""\uFFFF""#) == "\u{FFFF}")
        }

        @Test func joinsSurrogatePairs() throws {
            #expect(try Self.string(#""\uD83D\uDE00""#) == "😀")
            #expect(try Self.string(#""a\ud834\udd1eb""#) == "a𝄞b")
            #expect(try Self.string(#""\uDBFF\uDFFF""#) == "\u{10FFFF}")
        }

        @Test func keepsRawUTF8AndMixesItWithEscapes() throws {
            #expect(try Self.string("\"日本\\n語 😀\"") == "日本\n語 😀")
            #expect(try Self.string("\"\"") == "")
        }

        // MARK: Numbers

        @Test func keepsExactIntegersWhenTheyFitInInt64() throws {
            #expect(try Self.parse("0").value == .number(0, integer: 0))
            #expect(try Self.parse("42").value == .number(42, integer: 42))
            #expect(try Self.parse("-17").value == .number(-17, integer: -17))
            #expect(try Self.parse("9223372036854775807").value == .number(9.223372036854775807e18, integer: Int64.max))
            #expect(try Self.parse("-9223372036854775808").value == .number(-9.223372036854775808e18, integer: Int64.min))
        }

        @Test func integersBeyondInt64KeepOnlyTheirDoubleValue() throws {
            #expect(try Self.parse("9223372036854775808").value == .number(9.223372036854775808e18, integer: nil))
            #expect(try Self.parse("123456789012345678901234567890").value == .number(1.2345678901234568e29, integer: nil))
        }

        @Test func minusZeroIsTheIntegerZeroWithANegativeDouble() throws {
            guard case .number(let value, let integer) = try Self.parse("-0").value else {
                Issue.record("not a number")
                return
            }
            #expect(integer == 0)
            #expect(value == 0 && value.sign == .minus)
        }

        @Test func fractionsAndExponentsAreNotIntegers() throws {
            #expect(try Self.parse("1.5").value == .number(1.5, integer: nil))
            #expect(try Self.parse("2.0").value == .number(2, integer: nil))
            #expect(try Self.parse("1e3").value == .number(1000, integer: nil))
            #expect(try Self.parse("1E+3").value == .number(1000, integer: nil))
            #expect(try Self.parse("-2.5e-3").value == .number(-0.0025, integer: nil))
            #expect(try Self.parse("0.1").value == .number(0.1, integer: nil))
        }

        @Test func tinyNumbersUnderflowToZeroRatherThanFailing() throws {
            #expect(try Self.parse("1e-400").value == .number(0, integer: nil))
        }

        @Test func theLargestFiniteDoubleIsInRange() throws {
            #expect(try Self.parse("1.7976931348623157e308").value == .number(.greatestFiniteMagnitude, integer: nil))
        }

        // MARK: Values and positions

        @Test func parsesLiteralsAndEmptyContainers() throws {
            #expect(try Self.parse("true").value == .bool(true))
            #expect(try Self.parse(" false ").value == .bool(false))
            #expect(try Self.parse("null").value == .null)
            #expect(try Self.parse("[]").value == .array([]))
            #expect(try Self.parse("{ }").value == .object([]))
            #expect(try Self.parse("\"x\"").value == .string("x"))
        }

        @Test func recordsTheLineAndColumnOfEveryValue() throws {
            let root = try Self.parse("{\n  \"a\": [1, true],\n\t\"é\": {\"b\": null}\n}")
            #expect((root.line, root.column) == (1, 1))
            let a = try #require(root["a"])
            #expect((a.line, a.column) == (2, 8))
            guard case .array(let items) = a.value else {
                Issue.record("not an array")
                return
            }
            #expect(items.map { [$0.line, $0.column] } == [[2, 9], [2, 12]])
            let e = try #require(root["é"])
            #expect((e.line, e.column) == (3, 7))
            #expect(e["b"].map { [$0.line, $0.column] } == [3, 13])
        }

        @Test func keepsMembersInSourceOrder() throws {
            guard case .object(let members) = try Self.parse(#"{"z": 1, "a": 2, "m": 3}"#).value else {
                Issue.record("not an object")
                return
            }
            #expect(members.map(\.key) == ["z", "a", "m"])
        }

        @Test func theSameNameInDifferentObjectsIsFine() throws {
            let root = try Self.parse(#"{"a": {"a": {"a": 1}}, "b": [{"a": 1}, {"a": 2}]}"#)
            #expect(root["a"]?["a"]?["a"]?.value == .number(1, integer: 1))
        }

        @Test func linePositionsStayRightInALongMinifiedLine() throws {
            // Columns are counted lazily; a long single line must still give the right column late on.
            let items = (0..<5000).map { "\"é\($0)\"" }.joined(separator: ",")
            let text = "[" + items + ",?]"
            let error = Self.syntaxError(text)
            #expect(error?.line == 1)
            #expect(error?.column == text.unicodeScalars.count - 1)
        }

        @Test func everyValuesPositionIsItsLineAndScalarColumn() throws {
            // Random documents, minified and indented, with strings of ASCII, of other scripts and
            // of escapes: each value's line and column (in Unicode scalars) as written down while
            // the text was made.
            var random = SplitMix(seed: 0x1DEA)
            func next(_ bound: Int) -> Int { Int.random(in: 0..<bound, using: &random) }
            let words = [
                "a", "plain ascii words", "é", "naïve café", "漢字テキスト", "🇫🇷👩‍👩‍👧", #"e\u0301"#, #"tab\tnew\nline"#, #"\u00e9\ud83d\ude00"#,
                #"mixed é and \\ and ascii"#,
            ]
            for _ in 0..<300 {
                var text = ""
                var line = 1, column = 1
                var expected: [(Int, Int)] = []
                func write(_ piece: String) {
                    for scalar in piece.unicodeScalars {
                        if scalar == "\n" { line += 1; column = 1 } else { column += 1 }
                    }
                    text += piece
                }
                let pretty = next(2) == 0
                func gap() { if pretty { write(next(3) == 0 ? "\n  " : " ") } }
                func value(_ depth: Int) {
                    expected.append((line, column))
                    switch depth > 3 ? next(3) : next(5) {
                    case 0: write("\"\(words[next(words.count)])\"")
                    case 1: write(["1", "-2.5e3", "true", "null", "123456789012345678901"][next(5)])
                    case 2: write("\"\(words[next(words.count)])\"")
                    case 3:
                        write("[")
                        let count = next(4)
                        for i in 0..<count { if i > 0 { write(",") }; gap(); value(depth + 1) }
                        gap(); write("]")
                    default:
                        write("{")
                        let count = next(4)
                        for i in 0..<count {
                            if i > 0 { write(",") }
                            gap(); write("\"k\(i)\(words[next(words.count)])\":"); gap()
                            value(depth + 1)
                        }
                        gap(); write("}")
                    }
                }
                value(0)
                var found: [(Int, Int)] = []
                func walk(_ node: JSONNode) {
                    found.append((node.line, node.column))
                    switch node.value {
                    case .array(let elements): elements.forEach(walk)
                    case .object(let members): for member in members { walk(member.node) }
                    default: break
                    }
                }
                walk(try Self.parse(text))
                #expect(found.map { "\($0.0):\($0.1)" } == expected.map { "\($0.0):\($0.1)" }, "\(text)")
            }
        }
    }
}
