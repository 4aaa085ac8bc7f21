import Testing
@testable import ChatModel
@testable import ChatPlan
@testable import ChatRenderHTML

/// Math and citation markers in full markup: where the delimiter scan finds formulas, what it
/// leaves alone (prices, code, escaped dollars), and what reaches the page.
@Suite struct MathMarkupTests {
    func html(_ text: String, citations: CitationLinks? = nil) -> String { FullMarkup.render(text, citations: citations).description }

    /// The TeX of each formula in `html`, in order, from the annotations.
    func formulas(_ html: String) -> [String] {
        html.components(separatedBy: "<annotation encoding=\"application/x-tex\">").dropFirst().map {
            String($0.prefix(while: { $0 != "<" }))
        }
    }

    func mathCount(_ html: String) -> Int { html.components(separatedBy: "<math").count - 1 }

    @Test func allFourDelimiterStyles() {
        #expect(formulas(html("a $x^2$ b")) == ["x^2"])
        #expect(formulas(html("a \\(x_1\\) b")) == ["x_1"])
        #expect(formulas(html("$$\\frac{a}{b}$$")) == ["\\frac{a}{b}"])
        #expect(formulas(html("\\[ \\frac{a}{b} \\]")) == ["\\frac{a}{b}"])
        #expect(html("\\[ \\frac{a}{b} \\]").hasPrefix("<math display=\"block\" tabindex=\"0\">"))
        #expect(html("a \\(x\\) b").hasPrefix("<p>a <math><semantics>"))
    }

    @Test func displayFormulaAloneIsNotWrappedInAParagraph() {
        let out = html("Before.\n\n$$\nE = mc^2\n$$\n\nAfter.")
        #expect(out.hasPrefix("<p>Before.</p><math display=\"block\" tabindex=\"0\">"))
        #expect(out.hasSuffix("</math><p>After.</p>"))
        // Inside a paragraph of prose it stays there: <math> is phrasing content.
        let inProse = html("The formula\n$$x$$\nholds.")
        #expect(inProse.hasPrefix("<p>The formula\n<math display=\"block\" tabindex=\"0\">"))
        #expect(inProse.hasSuffix("</math>\nholds.</p>"))
    }

    @Test func pricesAndShellVariablesStayText() {
        for text in [
            "$5 and $10", "costs $3.50, or $4", "$HOME and $PATH", "It was $5, then $6.", "from $1,000 to $2,000",
            "Pay $5 now", "a $ b $ c", "2$ or 3$", "$", "$$", "$$$$", "US$30,000 and $40,000",
        ] {
            let out = html(text)
            #expect(!out.contains("<math"), "\(text) → \(out)")
            #expect(out.contains("$"), "\(text) → \(out)")
        }
        #expect(html("costs $5 and $x^2$ is a formula").contains("costs $5 and <math>"))
        #expect(formulas(html("$2^{10}$ is 1024")) == ["2^{10}"])
        #expect(formulas(html("$n$-th term")) == ["n"])
    }

    @Test func escapedDollarsAreText() {
        #expect(html("\\$5 and \\$x\\$") == "<p>$5 and $x$</p>")
        #expect(formulas(html("\\\\$x$")) == ["x"])  // an escaped backslash, then math
    }

    @Test func codeStaysLiteral() {
        #expect(html("`$x$` and ``a $b$ c``") == "<p><code>$x$</code> and <code>a $b$ c</code></p>")
        #expect(html("```\necho $HOME $x$\n```").contains("echo $HOME $x$\n"))
        // Highlighted code keeps its dollars as text too.
        #expect(!html("```sh\necho $HOME $x$\n```").contains("<math"))
        #expect(html("~~~\n\\[ x \\]\n~~~").contains("\\[ x \\]"))
        // Indented code the scan does not track: the placeholder goes back to the text.
        #expect(html("para\n\n    code $x$ here\n").contains("<code>code $x$ here\n</code>"))
        // A fence inside a list item.
        #expect(html("- item\n  ```\n  $a$ \\(b\\)\n  ```").contains("$a$ \\(b\\)"))
    }

    @Test func formulasSpanLinesButNotParagraphs() {
        #expect(formulas(html("$$\na + b\n= c\n$$")) == ["a + b\n= c"])
        #expect(formulas(html("$a +\nb$")) == ["a +\nb"])
        #expect(mathCount(html("$a +\n\nb$")) == 0)
        #expect(mathCount(html("\\[ a\n\n b \\]")) == 0)
    }

    @Test func displayMathInListsAndQuotes() {
        let list = html("1. First:\n   $$\n   x^2\n   $$\n2. Second $y$")
        #expect(mathCount(list) == 2)
        #expect(list.hasPrefix("<ol><li>First:\n<math display=\"block\" tabindex=\"0\">"))
        let quote = html("> $$\n> a\n> + b\n> $$")
        #expect(formulas(quote) == ["a\n+ b"])
    }

    @Test func unbalancedDelimitersStayText() {
        #expect(html("a \\[ b") == "<p>a [ b</p>")
        #expect(html("a \\( b") == "<p>a ( b</p>")
        #expect(html("$$ a") == "<p>$$ a</p>")
        #expect(html("$a") == "<p>$a</p>")
        #expect(html("\\] and \\)") == "<p>] and )</p>")
    }

    @Test func markdownAroundFormulasStillWorks() {
        #expect(html("*$x$* and **\\(y\\)**").hasPrefix("<p><em><math>"))
        #expect(html("# Area $\\pi r^2$").hasPrefix("<h3 class=\"cr-md-h1\">Area <math>"))
        let table = html("| f | value |\n|---|---|\n| $|x|$ | 1 |")
        #expect(
            table.contains(
                "<td><math><semantics><mrow><mo stretchy=\"false\" lspace=\"0\" rspace=\"0\">|</mo><mi>x</mi><mo stretchy=\"false\" lspace=\"0\" rspace=\"0\">|</mo>"
            ))
        // TeX that cmark would have eaten: underscores, asterisks and backslash escapes.
        let tex = html("$a_1 * b_2 \\{c\\}$")
        #expect(formulas(tex) == ["a_1 * b_2 \\{c\\}"])
        #expect(!tex.contains("<em>"))
    }

    @Test func unsupportedFormulasFallBackToTheirSourceAndAreReported() {
        let (out, failures) = FullMarkup.renderReporting("See $\\foo{x}$ and \\[\\bar{x}\\] and $$\\begin{tikzpicture}$$")
        #expect(out.description.contains("<code class=\"cr-math-source\">$\\foo{x}$</code>"))
        #expect(out.description.contains("<code class=\"cr-math-source cr-math-source-display\">$$\\begin{tikzpicture}$$</code>"))
        #expect(
            failures == [
                MarkupSpans.MathFailure(source: "$\\foo{x}$", reason: "unsupported command \\foo"),
                MarkupSpans.MathFailure(source: "$$\\begin{tikzpicture}$$", reason: "unsupported environment tikzpicture"),
            ])
    }

    @Test func forgedPlaceholdersAreNeutralised() {
        let forged = "\u{E000}0\u{E001} and $x$ and \u{E000}1\u{E001}"
        let out = html(forged)
        #expect(mathCount(out) == 1)
        #expect(!out.contains("\u{E000}") && !out.contains("\u{E001}"))
        #expect(out.contains("\u{FFFD}0\u{FFFD}"))
        // Without any math the text is not scanned at all, and the characters pass through as text.
        #expect(html("\u{E000}0\u{E001}") == "<p>\u{E000}0\u{E001}</p>")
    }

    @Test func placeholdersInLinksAndRawHTMLGoBackToText() {
        #expect(html("[a]($x$)").contains("$x$"))
        #expect(!html("[a]($x$)").contains("\u{E000}"))
        #expect(html("<div>\n$x$\n</div>") == "<p class=\"cr-md-raw\">&lt;div&gt;\n$x$\n&lt;/div&gt;</p>")
    }

    @Test func hostileMarkup() {
        let dollars = String(repeating: "$a ", count: 100_000)
        #expect(mathCount(html(dollars)) == 0)
        let digits = String(repeating: "$1$1", count: 50_000)
        _ = html(digits)
        let brackets = String(repeating: "\\[", count: 100_000)
        #expect(mathCount(html(brackets)) == 0)
        let ticks = (1...400).map { String(repeating: "`", count: $0) }.joined(separator: " $x ")
        _ = html(ticks)
        let braces = "$" + String(repeating: "{", count: 1 << 20) + "$"
        let out = FullMarkup.renderReporting(braces)
        #expect(out.mathFailures.count == 1)
        let many = String(repeating: "$x$ ", count: 20_000)
        #expect(mathCount(html(many)) == 20_000)
    }

    @Test func aReplyWithSeventeenFormulasLeavesNoTeXInTheText() {
        let reply = """
            ## Quadratic formula

            For $ax^2 + bx + c = 0$ with $a \\neq 0$, the roots are
            $$x = \\frac{-b \\pm \\sqrt{b^2 - 4ac}}{2a}.$$

            The discriminant \\(\\Delta = b^2 - 4ac\\) decides:

            - if \\(\\Delta > 0\\), two real roots;
            - if $\\Delta = 0$, one root $x = -\\frac{b}{2a}$;
            - otherwise two complex ones, $x = \\frac{-b \\pm i\\sqrt{|\\Delta|}}{2a}$.

            \\[
            \\sum_{k=1}^{n} k = \\frac{n(n+1)}{2}, \\qquad \\int_0^1 x^2\\,dx = \\frac{1}{3}
            \\]

            A matrix and its determinant:
            $$
            A = \\begin{pmatrix} a & b \\\\ c & d \\end{pmatrix}, \\quad \\det A = ad - bc
            $$

            Limits: $\\lim_{x\\to 0} \\frac{\\sin x}{x} = 1$ and $\\lim_{n\\to\\infty} (1 + \\frac{1}{n})^n = e$.
            Sets: $\\mathbb{N} \\subset \\mathbb{Z} \\subset \\mathbb{Q}$, \\(A \\cup B\\), and \\(x \\in A \\cap B\\), with $|A| = n$.

            \\[ f(x) = \\begin{cases} x^2 & x \\ge 0 \\\\ -x & x < 0 \\end{cases} \\]

            Costs stay prices: $5 and $10.
            """
        let out = html(reply)
        #expect(mathCount(out) == 17)
        #expect(!out.contains("cr-math-source"))
        // Strip the annotations and the MathML: no TeX may be left in what the page shows.
        var shown = out
        while let start = shown.range(of: "<annotation"), let end = shown.range(of: "</annotation>", range: start.upperBound..<shown.endIndex) {
            shown.removeSubrange(start.lowerBound..<end.upperBound)
        }
        for leftover in ["\\frac", "\\[", "\\(", "$$", "\\sum", "\\begin", "^{", "_{", "\\\\"] {
            #expect(!shown.contains(leftover), "\(leftover) left in the page")
        }
        #expect(shown.contains("$5 and $10"))
    }

    // MARK: citations

    let sources = CitationLinks(numbers: ["a": 1, "web-2": 2], idPrefix: "cr-t3-src-")

    @Test func citationMarkersBecomeLinks() {
        let out = html("Lisbon has trams[^a] and hills[^web-2].", citations: sources)
        #expect(
            out
                == "<p>Lisbon has trams<sup class=\"cr-cite\"><a href=\"#cr-t3-src-1\" aria-label=\"Source 1\">1</a></sup> and hills<sup class=\"cr-cite\"><a href=\"#cr-t3-src-2\" aria-label=\"Source 2\">2</a></sup>.</p>"
        )
    }

    @Test func unknownIDsCodeAndDefinitionsStayAsWritten() {
        #expect(html("x[^zzz] y", citations: sources) == "<p>x[^zzz] y</p>")
        #expect(html("`x[^a]`", citations: sources) == "<p><code>x[^a]</code></p>")
        #expect(html("```\n[^a]\n```", citations: sources).contains("[^a]\n"))
        #expect(html("x[^a]", citations: nil) == "<p>x[^a]</p>")
        #expect(html("[^a]: a definition", citations: sources) == "<p>[^a]: a definition</p>")
    }

    @Test func turnTextThreadsCitationsIntoFullMarkup() {
        let out = TurnText.render("see[^a]", role: .assistant, options: RenderOptions(markup: .full), citations: sources).description
        #expect(out.contains("<sup class=\"cr-cite\">"))
    }
}
