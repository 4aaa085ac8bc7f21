import Testing
@testable import ChatModel
@testable import ChatRenderHTML
import TestSupport

/// The highlighter as a whole: which names it knows, that unknown languages look as before, and
/// that for any input it keeps the text exactly and its spans well formed.
@Suite struct SyntaxHighlighterTests {
    @Test func aliasesInAnyCase() {
        let expected: [String: SyntaxHighlighter.Language] = [
            "py": .code(.python), "Python3": .code(.python), "js": .code(.javaScript), "JSX": .code(.javaScript), "mjs": .code(.javaScript),
            "ts": .code(.typeScript), "tsx": .code(.typeScript), "swift": .code(.swift), "rs": .code(.rust), "golang": .code(.go),
            "c": .code(.c), "h": .code(.c), "c++": .code(.cpp), "cpp": .code(.cpp), "cc": .code(.cpp), "hpp": .code(.cpp),
            "java": .code(.java), "kt": .code(.kotlin), "rb": .code(.ruby), "php": .code(.php), "SQL": .code(.sql),
            "sh": .shell, "bash": .shell, "shell": .shell, "zsh": .shell, "console": .console,
            "html": .markup, "xml": .markup, "svg": .markup, "vue": .markup, "css": .style, "scss": .style, "less": .style,
            "json": .data, "yml": .yaml, "yaml": .yaml, "diff": .diff, "patch": .diff,
        ]
        for (name, language) in expected {
            #expect(SyntaxHighlighter.language(named: name) == language, "\(name)")
        }
        for unknown in ["", "brainfuck", "text", "plaintext", "python 3", String(repeating: "py", count: 20)] {
            #expect(SyntaxHighlighter.language(named: unknown) == nil)
            #expect(SyntaxHighlighter.highlight("x", language: unknown) == nil)
        }
    }

    @Test func unknownLanguagesRenderAsBefore() {
        let code = "if x < 1 {\n  \"quoted\" & 'single'\n}\n"
        #expect(
            CodeBlock.render(code, language: "brainfuck").description
                == "<figure class=\"cr-code\"><figcaption class=\"cr-code-lang\">brainfuck</figcaption><pre tabindex=\"0\"><code class=\"language-brainfuck\">if x &lt; 1 {\n  \"quoted\" &amp; 'single'\n}\n</code></pre></figure>"
        )
        #expect(
            CodeBlock.render(code, language: nil).description
                == "<figure class=\"cr-code\"><pre tabindex=\"0\"><code>if x &lt; 1 {\n  \"quoted\" &amp; 'single'\n}\n</code></pre></figure>")
    }

    @Test func knownLanguagesKeepTheirClass() {
        #expect(
            CodeBlock.render("let a = 1", language: "Swift").description
                == "<figure class=\"cr-code\"><figcaption class=\"cr-code-lang\">Swift</figcaption><pre tabindex=\"0\"><code class=\"language-swift\"><c-kw>let</c-kw> a = <c-nu>1</c-nu></code></pre></figure>"
        )
    }

    @Test func multilineTokensCloseAtEachLineEnd() {
        #expect(Highlighted.html("/* a\n\nb */", "c") == "<c-cm>/* a</c-cm>\n\n<c-cm>b */</c-cm>")
    }

    static let languages = [
        "python", "js", "ts", "swift", "rust", "go", "c", "cpp", "java", "kotlin", "ruby", "php", "sql",
        "bash", "console", "html", "css", "json", "yaml", "diff",
    ]

    /// Pieces that open and close things in some language, to make hostile input from.
    static let pieces = [
        "\"", "'", "`", "\"\"\"", "'''", "${", "}", "{", "\\(", ")", "(", "#{", "/*", "*/", "//", "#", "--", "<", ">",
        "</", "<!--", "-->", "<script>", "</script>", "<style>", "<<EOF", "EOF", "\n", "\n\t", " ", "\\", "$", "@", "r#\"", "\"#",
        "R\"x(", ")x\"", "f\"", "'a", "0x", "1e", "1.5", "=begin", "=end", "<?php", "?>", ":", "|", "- ", "+", "@@", "&amp;",
        "<a ", "=", "é", "日本", "😀", "\u{0}", "\r\n", "if", "class", "def", "<T>", "/a/", "[", "]", "&",
    ]

    @Test func textIsKeptAndSpansAreWellFormedForAnyInput() {
        var random = SplitMix(seed: 0x5EED)
        for round in 0..<3000 {
            var code = ""
            for _ in 0..<Int(random.next() % 40) {
                code += Self.pieces[Int(random.next() % UInt64(Self.pieces.count))]
            }
            let language = Self.languages[round % Self.languages.count]
            let markup = Highlighted.html(code, language)
            let parsed = Highlighted.parse(markup)
            #expect(parsed.text == code.replacingOccurrences(of: "\u{0}", with: "\u{FFFD}"), "\(language): \(code.debugDescription)")
            #expect(parsed.wellFormed, "\(language): \(code.debugDescription) → \(markup)")
            if parsed.text != code.replacingOccurrences(of: "\u{0}", with: "\u{FFFD}") || !parsed.wellFormed { return }
        }
    }

    @Test func randomBytesAndDeepNestingEndQuickly() {
        var random = SplitMix(seed: 42)
        let scalars = Array(" \n\t\"'`{}()[]<>/*#$\\@!?:;=-+.,0123456789abcxyzEOF_é".unicodeScalars)
        for round in 0..<400 {
            var code = String.UnicodeScalarView()
            for _ in 0..<Int(random.next() % 300) { code.append(scalars[Int(random.next() % UInt64(scalars.count))]) }
            let text = String(code)
            let language = Self.languages[round % Self.languages.count]
            let parsed = Highlighted.parse(Highlighted.html(text, language))
            #expect(parsed.text == text && parsed.wellFormed, "\(language): \(text.debugDescription)")
        }
        // Nesting that a recursive scanner would follow down the stack.
        let deep = [
            ("js", String(repeating: "`${", count: 50_000)), ("jsx", String(repeating: "<a>{", count: 50_000)),
            ("swift", String(repeating: "\"\\(", count: 50_000)), ("rust", String(repeating: "/*", count: 50_000)),
            ("bash", String(repeating: "\"$(", count: 50_000)), ("html", String(repeating: "<div a=", count: 50_000)),
        ]
        for (language, code) in deep {
            let parsed = Highlighted.parse(Highlighted.html(code, language))
            #expect(parsed.text == code && parsed.wellFormed, "\(language)")
        }
    }
}
