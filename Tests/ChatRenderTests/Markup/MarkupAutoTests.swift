import Testing
@testable import ChatModel
@testable import ChatLoad
@testable import ChatTheme
@testable import ChatPlan
@testable import ChatRenderHTML
@testable import ChatOutput
@testable import ChatAssets
@testable import ChatBrowser
@testable import ChatRender

/// `--markup auto`, the default: a reply written in Markdown is read as Markdown; one in the
/// spec's inline format keeps the spec's reading; every space of plain text is kept.
@Suite struct MarkupAutoTests {
    @Test(arguments: [
        "```python\nprint(1)\n```",
        "Intro\n~~~\ncode\n~~~",
        "# Title",
        "Text\n\n### Steps\n1. one",
        "   ## indented heading",
        "- milk\n- eggs",
        "* milk",
        "+ milk",
        "1. first\n2. second",
        "3) third",
        "> quoted",
        "Above\n---",
        "***",
        "Title\n===",
        "| a | b |\n|---|:-:|\n| 1 | 2 |",
        "a | b\n--- | ---",
        "See [the docs](https://example.com).",
        "Energy: $$E = mc^2$$",
        "Display \\[ x^2 \\] and",
        "Inline \\( a + b \\)",
        "Line\r\n- item on a CRLF line",
    ])
    func markdownIsFound(_ text: String) {
        #expect(MarkdownDetector.isMarkdown(text), "\(text.debugDescription)")
        #expect(TurnText.isFull(text, .auto))
    }

    @Test(arguments: [
        "",
        "Plain words.",
        "Take **tram 28** from `Martim Moniz`.",
        "It costs $5 and $10.",
        "#hashtag and #2",
        "-5 degrees, 3.14 and 2024.",
        "a - b * c + d",
        "1.5 litres",
        "    indented four spaces stays text",
        "x > y and a | b",
        "--",
        "[brackets] (parens)",
        "path\\to\\file and \\n",
        "Price: 10 $",
        "####### seven hashes",
        "#",
    ])
    func plainStaysInline(_ text: String) {
        #expect(!MarkdownDetector.isMarkdown(text), "\(text.debugDescription)")
    }

    @Test func autoPicksTheReaderPerReply() {
        let options = RenderOptions()  // auto by default
        #expect(options.markup == .auto)
        let markdown = TurnText.render("## Plan\n\n- **one**\n- two", role: .assistant, options: options).description
        #expect(markdown == "<h3 class=\"cr-md-h2\">Plan</h3><ul><li><strong>one</strong></li><li>two</li></ul>")
        let inline = TurnText.render("Take **tram 28**.", role: .assistant, options: options).description
        #expect(inline == "<p class=\"cr-text\">Take <strong>tram 28</strong>.</p>")
    }

    @Test func mathOrACitationAloneMakesAReplyFull() {
        let options = RenderOptions()
        #expect(TurnText.isFull("The area is $\\pi r^2$.", .auto))
        #expect(TurnText.render("The area is $\\pi r^2$.", role: .assistant, options: options).description.contains("<math>"))
        // Prices are not maths: the reply keeps the inline reading.
        #expect(!TurnText.isFull("A ticket costs $5 and a day pass $10.", .auto))
        let citations = CitationLinks(sources: [Source(id: "docs", title: "Docs", url: "https://example.com")], turnIDPrefix: "cr-t1")
        #expect(TurnText.isFull("As documented[^docs].", .auto, citations: citations))
        #expect(!TurnText.isFull("As documented[^other].", .auto, citations: citations))
        #expect(!TurnText.isFull("As documented[^docs].", .auto))
        let cited = TurnText.render("As documented[^docs].", role: .assistant, options: options, citations: citations).description
        #expect(cited == "<p>As documented<sup class=\"cr-cite\"><a href=\"#cr-t1-src-1\" aria-label=\"Source 1\">1</a></sup>.</p>")
    }

    @Test func explicitModesWin() {
        var options = RenderOptions(markup: .inline)
        #expect(TurnText.render("# Title", role: .assistant, options: options).description == "<p class=\"cr-text\"># Title</p>")
        options.markup = .full
        #expect(TurnText.render("Plain", role: .assistant, options: options).description == "<p>Plain</p>")
    }

    @Test func thePersonsWordsAreShownAsWritten() {
        // Markdown from the person is not read: their turn shows what they typed.
        let html = TurnText.render("# not a heading\n  two spaces **kept**", role: .user, options: RenderOptions()).description
        #expect(html == "<p class=\"cr-text\"># not a heading<br>  two spaces **kept**</p>")
    }

    @Test func theFileMayAskForAuto() throws {
        let json = #"{"markup": "auto", "messages": []}"#
        let (conversation, _) = try ConversationLoader.decode(bytes: Array(json.utf8), file: "c.json")
        #expect(conversation.markup == .auto)
        let bad = #"{"markup": "rich", "messages": []}"#
        #expect(throws: DiagnosticError.self) { try ConversationLoader.decode(bytes: Array(bad.utf8), file: "c.json") }
        do {
            _ = try ConversationLoader.decode(bytes: Array(bad.utf8), file: "c.json")
        } catch {
            #expect(error.diagnostics.first?.message == "expected \"inline\", \"full\" or \"auto\", found \"rich\"")
        }
    }
}
