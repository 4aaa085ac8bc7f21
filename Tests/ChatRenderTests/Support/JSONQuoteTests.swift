import Foundation
import Testing
@testable import ChatModel
@testable import ChatSupport
@testable import ChatLoad
@testable import ChatTheme
@testable import ChatRenderHTML

/// The one JSON string quoter: what it escapes, each option, and that every writer of JSON
/// goes through it.
@Suite struct JSONQuoteTests {
    static let samples = [
        "", "plain", "quote \" and \\ backslash", "lines\nand\r\ttabs", "\u{0}\u{1}\u{8}\u{C}\u{1B}[31mred\u{7F}",
        "é ü 日本語 🎉", "sep\u{2028}para\u{2029}end", "\u{2027}\u{2030}", "\u{E2}\u{80}", "</script><!-- & -->",
        "a/b", String(repeating: "long text ", count: 500), "ends in \u{2028}", "\u{2029}",
    ]

    /// Strings are written as JSON any parser (and a JavaScript string literal) reads back exactly.
    @Test(arguments: [JSONQuote.Options(), .htmlSafe])
    func everyLiteralReadsBackExactly(_ options: JSONQuote.Options) throws {
        for sample in Self.samples {
            let quoted = JSONQuote.quote(sample, options)
            let node = try JSONParser.parse(Array(quoted.utf8))
            guard case .string(let back) = node.value else { Issue.record("not a string: \(quoted)"); continue }
            #expect(back == sample)
            // Nothing a JavaScript string literal cannot hold as it is.
            #expect(!quoted.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F || $0 == "\u{2028}" || $0 == "\u{2029}" })
            if options.contains(.htmlSafe) { #expect(!quoted.contains("<") && !quoted.contains(">") && !quoted.contains("&")) }
            // The same through Foundation's parser, which knows nothing of chatrender's.
            let foundation = try JSONSerialization.jsonObject(with: Data(quoted.utf8), options: .fragmentsAllowed) as? String
            #expect(foundation == sample)
        }
    }

    /// The exact bytes: short escapes where JSON has them, lower-case `\u00XX` for the other
    /// control characters and DEL, U+2028 and U+2029 escaped, everything else (`/`, non-ASCII) as it is.
    @Test func theEscapesAreExactly() {
        #expect(JSONQuote.quote("a\"b\\c\nd\u{1}") == #""a\"b\\c\nd\u0001""#)
        #expect(JSONQuote.quote("\r\t\u{8}\u{C}\u{1F}\u{7F}") == #""\r\t\u0008\u000c\u001f\u007f""#)
        #expect(JSONQuote.quote("\u{0}") == #""\u0000""#)
        #expect(JSONQuote.quote("a\u{2028}b\u{2029}") == #""a\u2028b\u2029""#)
        #expect(JSONQuote.quote("\u{2027}\u{2030}") == "\"\u{2027}\u{2030}\"")
        #expect(JSONQuote.quote("</a> & b/c") == "\"</a> & b/c\"")
        #expect(JSONQuote.quote("é 日本 🎉") == "\"é 日本 🎉\"")
        #expect(JSONQuote.quote("") == "\"\"")
    }

    /// For a literal a page reads as script: `<`, `>` and `&` too, so `</script>` cannot close it.
    @Test func htmlSafeEscapesMarkupCharacters() {
        #expect(JSONQuote.quote("</script>&amp;", .htmlSafe) == #""\u003c/script\u003e\u0026amp;""#)
        #expect(JSONQuote.quote("a\tb\u{2028}\"", .htmlSafe) == #""a\tb\u2028\"""#)
    }

    /// A piece of a longer literal: escaped as a literal is, without its quotes.
    @Test func unquotedPieces() {
        #expect(JSONQuote.quote("a\u{1}b\nc\td\u{7F}\u{2028}\"\\", .unquoted) == #"a\u0001b\nc\td\u007f\u2028\"\\"#)
        #expect(JSONQuote.quote("x<y", [.unquoted, .htmlSafe]) == #"x\u003cy"#)
        #expect(JSONQuote.quote("", .unquoted) == "")
        var out = Array("[".utf8)
        JSONQuote.append("a\"", to: &out)
        JSONQuote.append("b", to: &out, .unquoted)
        #expect(String(decoding: out, as: UTF8.self) == #"["a\""b"#)
    }

    /// Each writer of JSON quotes with it: the conversation file, a tool call's input, a theme
    /// file, the page's words, the search shards, the check settings.
    @Test func everyWriterQuotesTheSameWay() throws {
        let text = "t\u{9}ab\r\u{7F}\u{2028}<&>"
        let expected = JSONQuote.quote(text)
        let conversation = Conversation(title: text, messages: [Message(id: "m", role: .user, text: text)])
        let native = String(decoding: NativeJSON.encode(conversation), as: UTF8.self)
        #expect(native.contains("\"title\": \(expected),") && native.contains("\"text\": \(expected)"))
        let node = JSONNode(.object([(key: text, node: JSONNode(.string(text)))]))
        #expect(ChatLoad.JSONText.compact(node) == "{\(expected): \(expected)}")
        #expect(ChatTheme.JSONText.pretty(node) == "{\(expected): \(expected)}")
        let shard = String(decoding: SearchIndex.shards([SearchIndex.Document(slug: "s", title: text, turns: [])])[0], as: UTF8.self)
        #expect(shard.contains(JSONQuote.quote(text, .htmlSafe)))
    }
}
