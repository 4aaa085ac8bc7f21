import Testing
@testable import ChatModel

@Suite struct HTMLTests {
    @Test func interpolatedStringsAreEscaped() {
        let name = "<script>alert('x')</script> & \"q\""
        let html: HTML = "<span title=\"\(name)\">\(name)</span>"
        #expect(
            html.description
                == "<span title=\"&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; &amp; &quot;q&quot;\">&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; &amp; &quot;q&quot;</span>"
        )
    }

    @Test func literalsAndNestedHTMLAreNotEscapedTwice() {
        let inner: HTML = "<b>\("a<b")</b>"
        let outer: HTML = "<p>\(inner)</p>"
        #expect(outer.description == "<p><b>a&lt;b</b></p>")
    }

    @Test func nulBecomesReplacementCharacter() {
        #expect(HTML.text("a\u{0}b").description == "a\u{FFFD}b")
    }

    @Test func multiByteTextIsCopiedIntact() {
        let text = "𝕏 é \u{202E}evil 🌱"
        #expect(HTML.text(text).description == text)
    }

    @Test func numbersAreLocaleFree() {
        #expect(NumberFormat.decimal(0.45 * 100) == "45")
        #expect(NumberFormat.decimal(12.3456789) == "12.3457")
        #expect(NumberFormat.decimal(-0.00001) == "0")
        #expect(NumberFormat.decimal(2) == "2")
        #expect(NumberFormat.decimal(.nan) == "0")
    }
}
