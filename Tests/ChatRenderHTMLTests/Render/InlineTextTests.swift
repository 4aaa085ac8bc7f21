import Testing
@testable import ChatModel
@testable import ChatTheme
@testable import ChatPlan
@testable import ChatRenderHTML

@Suite struct InlineTextTests {
    func render(_ text: String) -> String { InlineText.render(text, formatted: true).description }

    @Test func boldAndCode() {
        #expect(render("a **b** `c`") == "<p class=\"cr-text\">a <strong>b</strong> <code>c</code></p>")
    }

    @Test func codeContentIsLiteral() {
        #expect(render("`**not bold** <b>`") == "<p class=\"cr-text\"><code>**not bold** &lt;b&gt;</code></p>")
    }

    @Test func boldMayHoldCode() {
        #expect(render("**see `x`**") == "<p class=\"cr-text\"><strong>see <code>x</code></strong></p>")
    }

    @Test func unmatchedMarkersStayLiteral() {
        #expect(render("a ** b") == "<p class=\"cr-text\">a ** b</p>")
        #expect(render("**a** and ** b") == "<p class=\"cr-text\"><strong>a</strong> and ** b</p>")
        #expect(render("a ` b") == "<p class=\"cr-text\">a ` b</p>")
        #expect(render("``") == "<p class=\"cr-text\">``</p>")
        #expect(render("****") == "<p class=\"cr-text\">****</p>")
        #expect(render("*single* _under_ [link](x) # h") == "<p class=\"cr-text\">*single* _under_ [link](x) # h</p>")
    }

    @Test func lineBreaksAndParagraphs() {
        #expect(render("one\ntwo\n\nthree\r\n\r\nfour") == "<p class=\"cr-text\">one<br>two</p><p class=\"cr-text\">three</p><p class=\"cr-text\">four</p>")
        #expect(render("\n\n  \nonly\n\n\n") == "<p class=\"cr-text\">only</p>")
        #expect(render("") == "")
    }

    @Test func boldDoesNotCrossParagraphs() {
        #expect(render("**a\n\nb**") == "<p class=\"cr-text\">**a</p><p class=\"cr-text\">b**</p>")
    }

    /// Markup is escaped; quotes, inert between tags, stay as they are (never in an attribute).
    @Test func everythingIsEscaped() {
        #expect(render("<img src=x onerror=alert(1)> & \"'") == "<p class=\"cr-text\">&lt;img src=x onerror=alert(1)&gt; &amp; \"'</p>")
        #expect(render("**</strong><script>**") == "<p class=\"cr-text\"><strong>&lt;/strong&gt;&lt;script&gt;</strong></p>")
    }

    @Test func userTextIsNotFormatted() {
        #expect(InlineText.render("**a** `b`\nc", formatted: false).description == "<p class=\"cr-text\">**a** `b`<br>c</p>")
    }

    /// Tags stay balanced whatever the input: a property over many generated strings.
    @Test func tagsAlwaysBalance() {
        let alphabet: [Character] = ["*", "*", "`", "a", " ", "\n", "<", "&"]
        var state: UInt64 = 0x9E3779B97F4A7C15
        for _ in 0..<3000 {
            var text = ""
            state = state &* 6364136223846793005 &+ 1442695040888963407
            let length = Int(state >> 59) + 1
            for _ in 0..<length {
                state = state &* 6364136223846793005 &+ 1442695040888963407
                text.append(alphabet[Int(state >> 61)])
            }
            let html = render(text)
            for (open, tag) in [("p class=\"cr-text\"", "p"), ("strong", "strong"), ("code", "code")] {
                #expect(
                    html.components(separatedBy: "<\(open)>").count == html.components(separatedBy: "</\(tag)>").count,
                    "unbalanced <\(tag)> for \(text.debugDescription): \(html)")
            }
            #expect(!html.contains("<<") && !html.contains("&<"), "raw < from \(text.debugDescription)")
        }
    }
}
