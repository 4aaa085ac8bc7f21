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
        var scripts: [Int: [UInt8]] = [:]
        var order: [Int] = []
        let page = String(
            decoding: ByteCollector.collect { sink in
                ChunkedPage.write(conversation, chunks: chunks, style: chunked, assets: AssetTable(), options: options, into: sink) { number, bytes in
                    scripts[number] = bytes
                    order.append(number)
                }
            }.joined, as: UTF8.self)
        #expect(order == [1, 2, 3])
        #expect(page.contains("script-src 'self' 'sha256-"))
        // Each placeholder replaced by its chunk's markup makes the whole page's turns.
        var rebuilt = page
        for number in 1...3 {
            let start = try #require(rebuilt.range(of: "<div class=\"cr-chunk cr-chunk--g16\" id=\"cr-chunk-\(number)\""))
            let end = try #require(rebuilt.range(of: "</p></div>\n", range: start.upperBound..<rebuilt.endIndex))
            let script = String(decoding: try #require(scripts[number]), as: UTF8.self)
            let prefix = "window.crChunk && window.crChunk(\(number), "
            #expect(script.hasPrefix(prefix) && script.hasSuffix(");\n"))
            let literal = script.dropFirst(prefix.count).dropLast(3)
            guard case .string(let html) = try JSONParser.parse(Array(literal.utf8)).value else {
                Issue.record("chunk \(number) is not a JSON string")
                return
            }
            rebuilt.replaceSubrange(start.lowerBound..<end.upperBound, with: html)
        }
        let whole = String(
            decoding: ByteCollector.collect { sink in
                PageAssembler.fill(conversation, style: chunked, strings: options.strings, into: sink) { sink in
                    PageBody.render(conversation, assets: AssetTable(), options: options, hasDarkMode: false, into: sink)
                }
            }.joined, as: UTF8.self)
        #expect(rebuilt == whole)
        // What a printout made before a chunk loaded says in its place.
        #expect(page.contains("<p class=\"cr-chunk-note\">Turns 257 to 512 were not loaded when this page was printed"))
        #expect(page.contains("data-cr-turns=\"768 1023\""))
    }
}
