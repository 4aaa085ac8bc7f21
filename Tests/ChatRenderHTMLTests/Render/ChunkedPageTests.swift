import Testing
@testable import ChatModel
@testable import ChatSupport
@testable import ChatTheme
@testable import ChatPlan
@testable import ChatRenderHTML
import TestSupport

/// A page in chunks: split only past its limit and into three chunks or more, each chunk a whole
/// number of groups, and its chunks' markup, put in their placeholders' places, the whole page's.
struct ChunkedPageTests {
    static func messages(_ count: Int, words: Int = 40) -> [Message] {
        (0..<count).map {
            Message(id: "m\($0)", role: $0 % 2 == 0 ? .user : .assistant, text: "Turn \($0): " + String(repeating: "word ", count: words))
        }
    }

    @Test func aPageIsSplitOnlyPastItsLimitAndIntoThreeChunksOrMore() throws {
        let long = Self.messages(1200)
        #expect(ChunkedPage.chunks(long, over: 0) == nil)
        #expect(ChunkedPage.chunks(long, over: 100_000_000) == nil)
        let chunks = try #require(ChunkedPage.chunks(long, over: 100_000))
        // 1,200 turns are 75 groups of 16: four chunks of 16 groups and one of 11.
        #expect(chunks.map(\.groups) == [16, 16, 16, 16, 11])
        #expect(chunks.map(\.turns) == [0..<256, 256..<512, 512..<768, 768..<1024, 1024..<1200])
        // Heavy but short: 512 turns are two chunks, not worth splitting.
        #expect(ChunkedPage.chunks(Self.messages(512, words: 4000), over: 100_000) == nil)
    }

    @Test func theChunksInTheirPlacesAreTheWholePage() throws {
        let messages = Self.messages(1100)
        let conversation = Conversation(title: "Long", messages: messages)
        let options = RenderOptions()
        var template = PageTemplate(
            page: "<html{{html_attributes}}><head>{{csp}}{{styles}}</head><body>{{body}}{{scripts}}</body></html>", stylesheet: "p{}", script: "1;")
        template.chunks = FeatureTemplate(stylesheet: ".cr-chunk{}", script: "2;")
        let theme = try ThemeTestSupport.load(ThemeTestSupport.tokens())
        let chunked = PageStyle(theme: theme, template: template, adding: [template.chunks])
        let chunks = try #require(ChunkedPage.chunks(messages, over: 50_000))
        var files: [String: [UInt8]] = [:]
        var order: [String] = []
        let page = String(
            decoding: ByteCollector.collect { sink in
                ChunkedPage.write(conversation, chunks: chunks, style: chunked, assets: AssetTable(), options: options, into: sink) { path, bytes in
                    files[path] = bytes
                    order.append(path)
                }
            }.joined, as: UTF8.self)
        // Each chunk's search shard, and the chunks between the first and the last, in order.
        #expect(
            order == [
                "search/0.js", "search/1.js", "chunks/1.js", "search/2.js", "chunks/2.js", "search/3.js", "chunks/3.js", "search/4.js",
            ])
        #expect(page.contains("script-src 'self' 'sha256-"))
        // Each placeholder replaced by its chunk's markup makes the whole page's turns.
        var rebuilt = page
        for number in 1...3 {
            let start = try #require(rebuilt.range(of: "<div class=\"cr-chunk cr-chunk--g16\" id=\"cr-chunk-\(number)\""))
            let end = try #require(rebuilt.range(of: "</p></div>\n", range: start.upperBound..<rebuilt.endIndex))
            let script = String(decoding: try #require(files["chunks/\(number).js"]), as: UTF8.self)
            let prefix = "window.crChunk && window.crChunk(\(number), "
            #expect(script.hasPrefix(prefix) && script.hasSuffix(");\n"))
            let literal = script.dropFirst(prefix.count).dropLast(3)
            // An array of strings, one a group of 16 turns.
            guard case .array(let groups) = try JSONParser.parse(Array(literal.utf8)).value else {
                Issue.record("chunk \(number) is not a JSON array")
                return
            }
            #expect(groups.count == 16)
            var html = ""
            for group in groups {
                guard case .string(let markup) = group.value else {
                    Issue.record("a group of chunk \(number) is not a string")
                    return
                }
                #expect(markup.hasPrefix("<div class=\"cr-turns"))
                html += markup
            }
            rebuilt.replaceSubrange(start.lowerBound..<end.upperBound, with: html)
        }
        let whole = String(
            decoding: ByteCollector.collect { sink in
                PageAssembler.fill(conversation, style: chunked, strings: options.strings, into: sink) { sink in
                    PageBody.render(conversation, assets: AssetTable(), options: options, hasDarkMode: false, into: sink)
                }
            }.joined, as: UTF8.self)
        // The page adds, above its header, its search and its print button.
        let bar = ChunkedPage.bar(shards: chunks.count, strings: options.strings).description
        #expect(page.contains(bar))
        #expect(bar.contains("data-cr-shards=\"5\""))
        #expect(rebuilt.replacingOccurrences(of: bar, with: "") == whole)
        // What a printout made before a chunk loaded says in its place.
        #expect(page.contains("<p class=\"cr-chunk-note\">Turns 257 to 512 were not loaded when this page was printed"))
        #expect(page.contains("data-cr-turns=\"768 1023\""))
    }

    @Test func everyChunkIsAShardOfThePageSearch() throws {
        let messages = Self.messages(1100)
        let chunks = try #require(ChunkedPage.chunks(messages, over: 50_000))
        var files: [String: [UInt8]] = [:]
        _ = ByteCollector.collect { sink in
            ChunkedPage.write(
                Conversation(title: "Long", messages: messages), chunks: chunks,
                style: PageStyle(
                    theme: try! ThemeTestSupport.load(ThemeTestSupport.tokens()),
                    template: PageTemplate(page: "{{csp}}{{styles}}{{body}}{{scripts}}", stylesheet: "", script: "")),
                assets: AssetTable(), options: RenderOptions(), into: sink
            ) { path, bytes in files[path] = bytes }
        }
        for (number, chunk) in chunks.enumerated() {
            let shard = String(decoding: try #require(files["search/\(number).js"]), as: UTF8.self)
            // The page itself (no slug, no title), then the chunk's turns and who spoke.
            let turns = chunk.turns.map { "\($0),\"\($0 % 2 == 0 ? "u" : "a")\"" }.joined(separator: ",")
            #expect(shard.hasPrefix("crSearchShard(\(number),[[\"\",\"\",[\(turns)]]],\""), "shard \(number)")
        }
    }

    @Test func aChunksShardMadeFromTheTurnsBytesIsTheSiteIndexShardOfItsTurns() throws {
        // Turns of every kind the search reads, some with nothing to find, Markdown marks,
        // white space of every sort, control characters and text past ASCII.
        var messages = Self.messages(40, words: 3)
        messages[1].text = ""
        messages[2].text = "  \n\t "
        messages[3].text = "# Título\n- **naïve** `code`\u{7}bell\u{1}one\u{a0}nbsp 全角\u{3000}空白 😀 [^s1]"
        messages[4].parts = [
            .text("Let me **check**."), .thinking(ThinkingPart(text: "Rounds\r\ndown.")),
            .toolCall(ToolCallPart(name: "Bash", title: "Run", input: #"{"command":"ls -la"}"#, status: .ok, result: String(repeating: "é", count: 5000))),
            .transcript(TranscriptPart(title: "Explore", messages: [Message(id: "s1", role: .assistant, text: "Found\u{2028}it.")])),
        ]
        messages[39].text = ""
        for range in [0..<40, 1..<3, 3..<5, 39..<40, 7..<7] {
            let document = SearchIndex.Document(slug: "", title: "", turns: SessionSearch.turns(messages, range, strings: .english))
            let expected = SearchIndex.shard(7, document)
            let made = SessionSearch.shard(7, messages, range, strings: .english)
            #expect(made.bytes() == expected.bytes(), "\(range)")
            // Packed by libdeflate, as the page's chunks are: the same list, the same texts once inflated.
            let fast = try SearchIndexTests.read(made.fastBytes(), number: 7)
            let slow = try SearchIndexTests.read(expected.bytes(), number: 7)
            #expect(fast.texts == slow.texts, "\(range)")
            #expect(String(describing: fast.documents) == String(describing: slow.documents), "\(range)")
        }
    }

    @Test func aTurnIsFoundByWhatItShows() {
        let strings = UIStrings.english
        let result = String(repeating: "line of a long file ", count: 1000) + "THE END"
        var message = Message(id: "a1", role: .assistant, text: "")
        message.parts = [
            .text("Let me **check** the tests."),
            .thinking(ThinkingPart(text: "The cart total rounds down.")),
            .toolCall(
                ToolCallPart(
                    name: "Bash", title: "Run the cart tests", input: #"{"command":"pytest -q tests/cart"}"#, status: .error,
                    result: "FAILED test_totals\n" + result)),
            .diff(DiffPart(path: "cart/totals.py", unified: "@@ -1 +1 @@\n-round\n+ceil")),
            .notice(NoticePart(kind: .compacted, text: "Conversation compacted")),
            .transcript(TranscriptPart(title: "Explore the test suite", messages: [Message(id: "s1", role: .assistant, text: "Found 12 tests.")])),
        ]
        let text = SessionSearch.text(message, strings: strings)
        for words in [
            "Let me check the tests.", "The cart total rounds down.", "Bash", "Run the cart tests", "pytest -q tests/cart", "FAILED test_totals",
            "cart/totals.py", "Conversation compacted", "Explore the test suite", "Found 12 tests.",
        ] {
            #expect(text.contains(words), "\(words)")
        }
        // A long result is held to its beginning.
        #expect(!text.contains("THE END"))
        #expect(text.utf8.count < SessionSearch.partLimit + 1_000)
        #expect(SessionSearch.turns([message, Message(id: "u", role: .user, text: "")], 0..<2, strings: strings).map(\.index) == [0])
    }

    @Test func placeholdersTallerThanABrowserLaysOutAreScaledDown() {
        func chunks(_ count: Int) -> [ChunkedPage.Chunk] {
            (0..<count).map { ChunkedPage.Chunk(turns: $0 * 256..<($0 + 1) * 256, groups: 16) }
        }
        // 500 chunks between the ends: 8,000 groups, 1.19 million rem, inside the budget.
        #expect(ChunkedPage.stylesheet(chunks(502)) == nil)
        // Twice that: scaled to the budget, whatever their number.
        let css = ChunkedPage.stylesheet(chunks(1002))
        #expect(css == ".cr-chunk { --cr-chunk-scale: 0.5279; }\n")
        let scale = 0.5279
        #expect(abs(scale * 16_000 * ChunkedPage.groupHeight - ChunkedPage.placeholderBudget) < 100)
    }
}
