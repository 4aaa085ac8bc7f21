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
import TestSupport

/// `--markup full`: CommonMark and GitHub tables through cmark-gfm, with every byte escaped and
/// links allow-listed by chatrender itself.
@Suite struct FullMarkupTests {
    func html(_ text: String) -> String { FullMarkup.render(text).description }

    @Test func paragraphsEmphasisAndCode() {
        #expect(
            html("Take **tram 28** from `Martim Moniz`, *quickly*.\n\nSecond ~~line~~.")
                == "<p>Take <strong>tram 28</strong> from <code>Martim Moniz</code>, <em>quickly</em>.</p><p>Second <del>line</del>.</p>")
    }

    @Test func headingsStartBelowTheTurnHeading() {
        #expect(
            html("# One\n## Two\n### Three\n###### Six")
                == "<h3 class=\"cr-md-h1\">One</h3><h4 class=\"cr-md-h2\">Two</h4><h5 class=\"cr-md-h3\">Three</h5><h6 class=\"cr-md-h6\">Six</h6>")
    }

    @Test func listsTightAndLooseAndOrderedStart() {
        #expect(html("- a\n- b") == "<ul><li>a</li><li>b</li></ul>")
        #expect(html("3. x\n\n4. y") == "<ol start=\"3\"><li><p>x</p></li><li><p>y</p></li></ol>")
        #expect(html("1. one\n   - nested") == "<ol><li>one<ul><li>nested</li></ul></li></ol>")
    }

    @Test func blockQuoteAndRule() {
        #expect(html("> quoted\n\n---") == "<blockquote><p>quoted</p></blockquote><hr>")
    }

    @Test func codeFenceKeepsWhitespaceAndShowsLanguage() {
        #expect(
            html("```swift title=x\nlet a = 1\n    indented <b>\n```")
                == "<figure class=\"cr-code\"><figcaption class=\"cr-code-lang\">swift</figcaption><pre tabindex=\"0\"><code class=\"language-swift\"><c-kw>let</c-kw> a = <c-nu>1</c-nu>\n    indented &lt;b&gt;\n</code></pre></figure>"
        )
        #expect(html("    plain\n") == "<figure class=\"cr-code\"><pre tabindex=\"0\"><code>plain\n</code></pre></figure>")
        // A language that is not a safe class name is still shown, escaped, but gets no class.
        #expect(
            html("```\"><script>\nx\n```")
                == "<figure class=\"cr-code\"><figcaption class=\"cr-code-lang\">&quot;&gt;&lt;script&gt;</figcaption><pre tabindex=\"0\"><code>x\n</code></pre></figure>"
        )
    }

    @Test func tablesWithAlignment() {
        #expect(
            html("| Stop | Time | Note |\n| :--- | ---: | :-: |\n| Martim Moniz | 09:41 | <i> |")
                == "<div class=\"cr-md-table\" tabindex=\"0\"><table><thead><tr><th scope=\"col\" class=\"cr-align-start\">Stop</th><th scope=\"col\" class=\"cr-align-end\">Time</th><th scope=\"col\" class=\"cr-align-center\">Note</th></tr></thead><tbody><tr><td class=\"cr-align-start\">Martim Moniz</td><td class=\"cr-align-end\">09:41</td><td class=\"cr-align-center\">&lt;i&gt;</td></tr></tbody></table></div>"
        )
    }

    @Test func rawHTMLIsShownAsText() {
        #expect(html("<script>alert(1)</script>") == "<p class=\"cr-md-raw\">&lt;script&gt;alert(1)&lt;/script&gt;</p>")
        #expect(html("a <img src=x onerror=alert(1)> b") == "<p>a &lt;img src=x onerror=alert(1)&gt; b</p>")
        #expect(html("<div onclick=\"x\">\nhi\n</div>") == "<p class=\"cr-md-raw\">&lt;div onclick=&quot;x&quot;&gt;\nhi\n&lt;/div&gt;</p>")
    }

    @Test func safeLinksKeepTheirHref() {
        #expect(
            html("[site](https://example.com/a?b=1&c=2)")
                == "<p><a href=\"https://example.com/a?b=1&amp;c=2\" rel=\"noopener noreferrer\">site</a></p>")
        #expect(
            html("[mail](mailto:a@example.com) [doc](docs/readme.md) [top](#top)")
                == "<p><a href=\"mailto:a@example.com\">mail</a> <a href=\"docs/readme.md\">doc</a> <a href=\"#top\">top</a></p>")
        #expect(
            html("[q](https://example.com/\"onmouseover=\"x)")
                == "<p><a href=\"https://example.com/&quot;onmouseover=&quot;x\" rel=\"noopener noreferrer\">q</a></p>")
    }

    @Test func hostileLinksBecomeText() {
        for url in [
            "javascript:alert(1)", "JaVaScRiPt:alert(1)", "javascript&#58;alert(1)", "java%0ascript:alert(1)",
            "data:text/html;base64,PHNjcmlwdD4=", "vbscript:x", "file:///etc/passwd", "//evil.example/x", "http:evil", "mailto:",
        ] {
            let out = html("[click](\(url))")
            #expect(!out.contains("<a"), "\(url) → \(out)")
            #expect(out.hasPrefix("<p>click"), "\(url) → \(out)")
        }
        #expect(html("<javascript:alert(1)>") == "<p>javascript:alert(1)</p>")
        #expect(!FullMarkup.isAllowedLink("https://"))
        #expect(!FullMarkup.isAllowedLink(" https://example.com"))
        #expect(FullMarkup.isAllowedLink("https://example.com"))
    }

    @Test func autolinks() {
        #expect(
            html("see www.example.com and https://example.org/x.")
                == "<p>see <a class=\"cr-md-autolink\" href=\"http://www.example.com\" rel=\"noopener noreferrer\">www.example.com</a> and <a class=\"cr-md-autolink\" href=\"https://example.org/x\" rel=\"noopener noreferrer\">https://example.org/x</a>.</p>"
        )
        // A link whose text is not its address keeps no class: print adds the address after it.
        #expect(
            html("<https://example.org/x> and [https://a.example](https://b.example)")
                == "<p><a class=\"cr-md-autolink\" href=\"https://example.org/x\" rel=\"noopener noreferrer\">https://example.org/x</a> and <a href=\"https://b.example\" rel=\"noopener noreferrer\">https://a.example</a></p>"
        )
        #expect(
            html("<https://example.com>")
                == "<p><a class=\"cr-md-autolink\" href=\"https://example.com\" rel=\"noopener noreferrer\">https://example.com</a></p>")
    }

    /// The picture-crossed-out icon every image marker starts with.
    static let imageIcon = Icon.photoUnavailable.description

    @Test func imagesAreOneLinkMarkedAsNotLoaded() throws {
        let icon = Self.imageIcon
        // Alt text once on screen, the note beside it, and one name that says both.
        #expect(
            html("![Tram 28](https://example.com/tram.jpg)")
                == "<p><a class=\"cr-md-image\" href=\"https://example.com/tram.jpg\" rel=\"noopener noreferrer\" aria-label=\"Image not loaded: Tram 28\">\(icon)<span class=\"cr-md-image-alt\">Tram 28</span><span class=\"cr-md-image-note\"> image not loaded</span></a></p>"
        )
        // No alt text: the file's name stands in for it.
        #expect(
            html("![](https://example.com/photos/t%2028.png?w=2)")
                == "<p><a class=\"cr-md-image\" href=\"https://example.com/photos/t%2028.png?w=2\" rel=\"noopener noreferrer\" aria-label=\"Image not loaded: t 28.png\">\(icon)<span class=\"cr-md-image-alt\">t 28.png</span><span class=\"cr-md-image-note\"> image not loaded</span></a></p>"
        )
        // Formatting in the alt text stays on screen; the name is its plain text.
        #expect(
            html("![Tram *28*](https://example.com/t.png)").contains(
                "aria-label=\"Image not loaded: Tram 28\">\(icon)<span class=\"cr-md-image-alt\">Tram <em>28</em></span>"))
        // Whatever the alt text holds is escaped, in the name as on screen.
        #expect(html("![<b>\"x\"</b>](https://example.com/t.png)").contains("aria-label=\"Image not loaded: &lt;b&gt;&quot;x&quot;&lt;/b&gt;\""))
        // Never an <img>: nothing is fetched.
        for text in ["![a](https://example.com/t.png)", "![x](data:image/png;base64,AAAA)", "![x](t.png)"] { #expect(!html(text).contains("<img")) }
        // An address that may not be a link leaves the alt text alone, as before.
        #expect(html("![x](javascript:alert(1))") == "<p>x</p>")
        #expect(html("![x](data:image/png;base64,AAAA)") == "<p>x</p>")
        // In the page's language.
        let (german, _) = try UIStrings.load(locale: "de", templates: TestPaths.templates)
        let de = FullMarkup.render("![Tram 28](https://example.com/t.png)", strings: german).description
        #expect(de.contains("aria-label=\"Bild nicht geladen: Tram 28\"") && de.contains("<span class=\"cr-md-image-note\"> Bild nicht geladen</span>"))
    }

    @Test func aLinkNeverHoldsAnotherLink() {
        let icon = Self.imageIcon
        // A badge: the image inside a link is marked, and the one link is the outer one.
        #expect(
            html("[![build](https://ci.example/b.svg)](https://ci.example/)")
                == "<p><a href=\"https://ci.example/\" rel=\"noopener noreferrer\"><span class=\"cr-md-image\">\(icon)<span class=\"cr-md-image-alt\">build</span><span class=\"cr-md-image-note\"> image not loaded</span></span></a></p>"
        )
        // A link in an image's alt text: its words, no second link.
        let inAlt = html("![see [the map](https://m.example) here](https://example.com/t.png)")
        #expect(inAlt.components(separatedBy: "<a ").count == 2 && inAlt.contains("<span class=\"cr-md-image-alt\">see the map here</span>"))
        #expect(inAlt.contains("aria-label=\"Image not loaded: see the map here\""))
    }

    @Test func deterministicAndDeepNestingIsSafe() {
        let text = "# T\n\n| a |\n|---|\n| b |\n\n```js\nx\n```\n- [l](https://e.com)"
        #expect(html(text) == html(text))
        let deep = String(repeating: ">", count: 20_000) + " deep"
        #expect(html(deep).contains("deep"))
        let brackets = String(repeating: "[", count: 20_000) + "x"
        #expect(html(brackets).hasSuffix("x</p>"))
    }

    @Test func headingsNeverSkipALevelUnderTheTurn() {
        // A reply that starts at ## and jumps to ####: h3 then h4 under the turn's h2.
        #expect(html("## Plan\n\n#### Steps") == "<h3 class=\"cr-md-h2\">Plan</h3><h4 class=\"cr-md-h4\">Steps</h4>")
        // Siblings stay siblings; a deeper heading first is pulled up to h3.
        #expect(
            html("### Deep\n\n# Top\n\n### Again\n\n# Top two")
                == "<h3 class=\"cr-md-h3\">Deep</h3><h3 class=\"cr-md-h1\">Top</h3><h4 class=\"cr-md-h3\">Again</h4><h3 class=\"cr-md-h1\">Top two</h3>")
        // A heading inside a quote, at a level no top-level heading uses, sits one below the nearest.
        #expect(html("# A\n\n> ## Quoted") == "<h3 class=\"cr-md-h1\">A</h3><blockquote><h4 class=\"cr-md-h2\">Quoted</h4></blockquote>")
    }

    @Test func turnViewUsesFullMarkupOnlyForAssistantRepliesWhenAsked() {
        let reply = Message(id: "m", role: .assistant, text: "# Hi\n\n- a")
        let user = Message(id: "u", role: .user, text: "# Hi")
        let full = RenderOptions(markup: .full)
        #expect(TurnView.render(reply, index: 0, assets: AssetTable(), options: full).description.contains("<h3 class=\"cr-md-h1\">Hi</h3><ul><li>a</li></ul>"))
        #expect(
            TurnView.render(reply, index: 0, assets: AssetTable(), options: RenderOptions(markup: .inline)).description.contains(
                "<p class=\"cr-text\"># Hi</p>"))
        #expect(TurnView.render(user, index: 0, assets: AssetTable(), options: full).description.contains("<p class=\"cr-text\"># Hi</p>"))
    }
}
