import CZlib
import Foundation
import Testing
@testable import ChatModel
@testable import ChatRenderHTML

/// The search index a site is built with: what each conversation's summary keeps, and the
/// shards it is written in (escaping, sharding, Unicode).
@Suite struct SearchIndexTests {
    /// A shard read back as JSON: `crSearchShard(N,[conversations…],"texts");` holds the
    /// conversations (slug, title, [turn, role, …]) and their turns' texts joined by U+0001,
    /// compressed (zlib) and in base64.
    static func read(_ shard: [UInt8], number: Int) throws -> (documents: [[Any]], texts: [String]) {
        let text = try #require(String(bytes: shard, encoding: .utf8))
        let prefix = "crSearchShard(\(number),"
        #expect(text.hasPrefix(prefix))
        #expect(text.hasSuffix(");\n"))
        let json = "[" + text.dropFirst(prefix.count).dropLast(3) + "]"
        let parts = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [Any])
        let documents = try #require(parts[0] as? [[Any]])
        let packed = try #require(parts[1] as? String)
        let joined = try #require(String(bytes: try inflate(packed), encoding: .utf8))
        let texts =
            joined.isEmpty && documents.allSatisfy({ ($0[2] as? [Any])?.isEmpty ?? true })
            ? [] : joined.split(separator: "\u{1}", omittingEmptySubsequences: false).map(String.init)
        // One text per turn the conversations list.
        #expect(texts.count == documents.reduce(0) { $0 + (($1[2] as? [Any])?.count ?? 0) / 2 })
        return (documents, texts)
    }

    /// A zlib stream in base64, inflated with zlib's own `uncompress`, as the page's
    /// `DecompressionStream("deflate")` does.
    static func inflate(_ base64: String) throws -> [UInt8] {
        // Base64's alphabet only: nothing the script or the page could read as markup or code.
        #expect(base64.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "+/=".contains($0)) })
        let packed = [UInt8](try #require(Data(base64Encoded: base64)))
        var size = max(64, packed.count * 8)
        while true {
            var out = [UInt8](repeating: 0, count: size)
            var length = uLong(size)
            let status = out.withUnsafeMutableBufferPointer { target in
                packed.withUnsafeBufferPointer { uncompress(target.baseAddress, &length, $0.baseAddress, uLong($0.count)) }
            }
            if status == Z_BUF_ERROR { size *= 4; continue }
            try #require(status == Z_OK, "zlib status \(status)")
            return Array(out[..<Int(length)])
        }
    }

    static func documents(_ shard: [UInt8], number: Int) throws -> [[Any]] { try read(shard, number: number).documents }

    static func document(_ slug: String, _ texts: [String], title: String? = nil) -> SearchIndex.Document {
        SearchIndex.Document(
            slug: slug, title: title ?? slug,
            turns: texts.enumerated().map { SearchTurn(index: $0.offset * 2, role: $0.offset % 2 == 0 ? .user : .assistant, text: $0.element) })
    }

    /// A dated conversation carries its date (seconds since 1970) after its turns, by which the
    /// page puts results newest first across shards; an undated one carries none.
    @Test func aDatedConversationCarriesItsDate() throws {
        var dated = Self.document("dated", ["one"])
        dated.date = 1_767_000_000
        let documents = try Self.documents(SearchIndex.shards([dated, Self.document("undated", ["two"])])[0], number: 0)
        #expect(documents.count == 2)
        #expect(documents[0].count == 4 && (documents[0][3] as? Int) == 1_767_000_000)
        #expect(documents[1].count == 3)
    }

    @Test func stringsAreEscapedAndReadBackUnchanged() throws {
        let hostile = "</script><script>alert(1)</script> \"quoted\" \\ back & <b> \u{2028}line\u{2029}para"
        let shards = SearchIndex.shards([Self.document("x", [hostile, "bell\u{7}tab\tjoin\u{1}here"], title: "<img src=x onerror=alert(1)>")])
        #expect(shards.count == 1)
        let text = try #require(String(bytes: shards[0], encoding: .utf8))
        // Nothing in a shard can close a script, open a tag or end a line inside a string: the
        // title is escaped, the texts are base64.
        for raw in ["<", ">", "&", "\u{2028}", "\u{2029}", "\u{7}", "\t", "\u{1}"] { #expect(!text.contains(raw), "raw \(raw.debugDescription)") }
        #expect(text.contains("\\u003cimg src=x onerror=alert(1)\\u003e"))
        #expect(!text.contains("script"))
        let (documents, texts) = try Self.read(shards[0], number: 0)
        #expect(documents[0][1] as? String == "<img src=x onerror=alert(1)>")
        let turns = try #require(documents[0][2] as? [Any])
        #expect(turns.count == 4)
        #expect(turns[0] as? Int == 0)
        #expect(turns[1] as? String == "u")
        // A control character in a text is a space: U+0001 joins the turns and must not split one.
        #expect(texts == [hostile, "bell tab join here"])
    }

    @Test func unicodeTextsKeepEveryCharacter() throws {
        let texts = ["Crème brûlée for 4 🍮", "東京の天気は？", "مرحبا بالعالم", "e\u{301}cole (decomposed)", "𝒳 outside the BMP 👩‍👩‍👧"]
        let shards = SearchIndex.shards([Self.document("u", texts)])
        let (documents, read) = try Self.read(shards[0], number: 0)
        #expect(read == texts)
        let turns = try #require(documents.first?[2] as? [Any])
        #expect(stride(from: 0, to: turns.count, by: 2).map { turns[$0] as? Int } == [0, 2, 4, 6, 8])
        #expect(stride(from: 1, to: turns.count, by: 2).map { turns[$0] as? String } == ["u", "a", "u", "a", "u"])
    }

    @Test func shardsCloseAtTheLimitAndKeepConversationsWholeAndInOrder() throws {
        let documents = (0..<40).map { Self.document("c\($0)", [String(repeating: "word\($0) ", count: 20)]) }
        let limit = 1_000
        let shards = SearchIndex.shards(documents, limit: limit)
        #expect(shards.count > 5)
        var slugs: [String] = []
        var texts: [String] = []
        for (n, shard) in shards.enumerated() {
            let (held, heldTexts) = try Self.read(shard, number: n)
            texts += heldTexts
            #expect(!held.isEmpty)
            // A shard passes the limit only when one conversation alone does.
            #expect(shard.count <= limit || held.count == 1, "shard \(n): \(shard.count) bytes")
            slugs += held.map { $0[0] as? String ?? "" }
        }
        #expect(slugs == documents.map(\.slug))
        #expect(texts == documents.flatMap { $0.turns.map(\.text) })
    }

    /// The texts are every word of the site a second time: compressed, they weigh a fraction of
    /// what they would as a literal.
    @Test func textsAreSentCompressed() throws {
        let prose = (0..<400).map { "Turn \($0): the tram to the castle leaves from Martim Moniz at seven; tickets on board." }
        let shard = SearchIndex.shards([Self.document("p", prose)])[0]
        let raw = prose.joined(separator: "\u{1}").utf8.count
        #expect(shard.count * 4 < raw, "\(shard.count) bytes for \(raw) bytes of text")
        #expect(try Self.read(shard, number: 0).texts == prose)
    }

    @Test func aConversationLargerThanAShardIsAShardOfItsOwn() throws {
        let big = Self.document("big", [String(repeating: "x", count: 5_000)])
        let shards = SearchIndex.shards([Self.document("a", ["a"]), big, Self.document("b", ["b"])], limit: 1_000)
        #expect(shards.count == 3)
        #expect(try Self.documents(shards[1], number: 1).map { $0[0] as? String } == ["big"])
    }

    @Test func aConversationWithoutTextKeepsTheTextsInStep() throws {
        let shards = SearchIndex.shards([Self.document("a", ["one", ""]), Self.document("empty", []), Self.document("b", ["", "two"])])
        let (documents, texts) = try Self.read(shards[0], number: 0)
        #expect(documents.map { $0[0] as? String } == ["a", "empty", "b"])
        #expect(texts == ["one", "", "", "two"])
    }

    @Test func anEmptySiteHasOneEmptyShard() throws {
        let shards = SearchIndex.shards([])
        #expect(shards.count == 1)
        let (documents, texts) = try Self.read(shards[0], number: 0)
        #expect(documents.isEmpty && texts.isEmpty)
    }

    @Test func theSummaryTakesTheFirstPromptTheModelAndWhatTheTurnsCarry() {
        func attachment(_ name: String, _ type: String) -> Attachment { Attachment(id: name, name: name, byteCount: 10, contentType: type) }
        var reply = Message(
            id: "a1", role: .assistant,
            text: "Take **tram 28** from `Martim Moniz`.[^s1][^s2]\n\n## Tickets\n- Pay   on board.\n  > * C# or F# - both\n#hashtag")
        reply.model = "gpt-4o"
        reply.attachments = [attachment("fox.png", "image/png")]
        var other = Message(id: "a2", role: .assistant, text: "Another.")
        other.model = "o3"
        var third = Message(id: "a3", role: .assistant, text: "")
        third.model = "gpt-4o"
        let prompt = Message(
            id: "u1", role: .user, text: "  Which tram\n goes to the castle?  ",
            attachments: [attachment("photo.jpg", "image/jpeg"), attachment("plan.pdf", "application/pdf")])
        let summary = ConversationSummary([Message(id: "u0", role: .user, text: ""), prompt, reply, other, third])
        #expect(summary.snippet == "Which tram goes to the castle?")
        #expect(summary.model == "gpt-4o")
        #expect(summary.photos == 1)
        #expect(summary.files == 1)
        #expect(summary.generatedImages == 1)
        // Turns without text are left out; the others keep their place on the page (#cr-tN).
        #expect(summary.turns.map(\.index) == [1, 2, 3])
        #expect(summary.turns[1].text == "Take tram 28 from Martim Moniz. Tickets Pay on board. C# or F# - both #hashtag")
    }

    @Test func aLongFirstPromptIsCutAtAWord() {
        let words = Array(repeating: "lorem ipsum", count: 40).joined(separator: " ")
        let summary = ConversationSummary([Message(id: "u", role: .user, text: words)])
        #expect(summary.snippet.hasSuffix("…"))
        #expect(summary.snippet.count <= ConversationSummary.snippetLimit + 1)
        #expect(!summary.snippet.dropLast().hasSuffix(" "))
        #expect(words.hasPrefix(String(summary.snippet.dropLast())))
    }
}
