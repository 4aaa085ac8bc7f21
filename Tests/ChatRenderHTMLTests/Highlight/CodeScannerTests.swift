import Testing
@testable import ChatRenderHTML

/// The languages read by the shared code scanner, each with code shaped like what replies hold.
@Suite struct CodeScannerTests {
    typealias T = Highlighted.Token
    func tokens(_ code: String, _ language: String) -> [T] { Highlighted.tokens(code, language) }

    @Test func python() {
        let code = """
            #!/usr/bin/env python3
            @dataclass(frozen=True)
            class Point(Base):
                def area(self, r: int = 0x1F) -> float:
                    s = f"r={r!r:>10} {{kept}}" + rb'\\d+' + "esc \\" quote"
                    '''doc
                    string'''
                    return 3.14e-10 * 1_000 if r is None else print(s)  # done
                format_value = importer
            """
        let t = tokens(code, "py")
        #expect(t.first == T("meta", "#!/usr/bin/env python3"))
        #expect(t.contains(T("meta", "@dataclass")))
        #expect(t.contains(T("type", "Point")) && t.contains(T("function", "area")))
        #expect(t.contains(T("number", "0x1F")) && t.contains(T("number", "3.14e-10")) && t.contains(T("number", "1_000")))
        // The f-string's field is code; doubled braces stay in the string.
        #expect(t.contains(T("string", "f\"r=")) && t.contains(T("number", "10")) && t.contains(T("string", " {{kept}}\"")))
        #expect(t.contains(T("string", "rb'\\d+'")) && t.contains(T("string", "\"esc \\\" quote\"")))
        // A triple-quoted string is split at its line end.
        #expect(t.contains(T("string", "'''doc")) && t.contains(T("string", "        string'''")))
        #expect(t.contains(T("constant", "None")) && t.contains(T("comment", "# done")))
        // Names that contain keywords are names.
        #expect(!t.contains { $0.text == "format_value" || $0.text == "importer" })
    }

    @Test func javaScriptTemplatesRegexAndJSX() {
        let t = tokens(
            "const re = /a[/]b+/gi, half = total / 2 / n;\nconst s = `a ${b + `c ${d}`} e`;\nreturn <Card title=\"x\" on={() => go(1)}>Don't {name}</Card>;",
            "jsx")
        #expect(t.contains(T("string", "/a[/]b+/gi")))
        #expect(!t.contains { $0.kind == "string" && $0.text.hasPrefix("/ 2") })
        #expect(t.contains(T("string", "`a ")) && t.contains(T("string", "`c ")) && t.contains(T("string", " e`")))
        #expect(t.contains(T("tag", "<Card")) && t.contains(T("attribute", "title")) && t.contains(T("function", "go")) && t.contains(T("tag", "</Card>")))
        // The apostrophe in JSX text does not open a string.
        #expect(t.last == T("tag", "</Card>"))
    }

    @Test func typeScriptGenericsAreNotTags() {
        let t = tokens("const id = <T,>(x: T): T => x;\ninterface Box<T> { value: T | null }", "ts")
        #expect(!t.contains { $0.kind == "tag" })
        #expect(t.contains(T("keyword", "interface")) && t.contains(T("type", "Box")) && t.contains(T("constant", "null")))
    }

    @Test func swiftInterpolationAndRawStrings() {
        let t = tokens("@MainActor func go() { let s = \"a \\(x + \"y\") b\"; let r = #\"raw \\#(z) \"q\"\"#\n/* outer /* inner */ still */ }", "swift")
        #expect(t.contains(T("meta", "@MainActor")) && t.contains(T("function", "go")))
        #expect(t.contains(T("string", "\"a ")) && t.contains(T("string", "\"y\"")) && t.contains(T("string", " b\"")))
        #expect(t.contains(T("string", "#\"raw ")) && t.contains(T("string", " \"q\"\"#")))
        #expect(t.contains(T("comment", "/* outer /* inner */ still */")))
    }

    @Test func rustLifetimesRawStringsMacrosAttributes() {
        let t = tokens(
            "#[derive(Debug)]\nfn f<'a>(x: &'a str) -> u8 { let c = '\\n'; let r = r#\"a \"q\" b\"#; println!(\"{}\", 1_u8); /* a /* b */ c */ }", "rs")
        #expect(t.first == T("meta", "#[derive(Debug)]"))
        #expect(t.contains(T("type", "'a")) && t.contains(T("string", "'\\n'")))
        #expect(t.contains(T("string", "r#\"a \"q\" b\"#")) && t.contains(T("function", "println!")) && t.contains(T("number", "1_u8")))
        #expect(t.contains(T("comment", "/* a /* b */ c */")))
    }

    @Test func cAndCpp() {
        let c = tokens("#include <stdio.h>\n#define MAX 10\nint main(void) { char *s = \"x\\n\"; return 'a' + 0xFFu + 1e3f; }", "c")
        #expect(c.contains(T("meta", "#include")) && c.contains(T("string", "<stdio.h>")) && c.contains(T("meta", "#define")))
        #expect(c.contains(T("type", "int")) && c.contains(T("function", "main")) && c.contains(T("string", "'a'")) && c.contains(T("number", "0xFFu")))
        let cpp = tokens("auto s = R\"xy(raw )\" still)xy\"; int n = 1'000'000; auto p = nullptr; u8\"text\";", "C++")
        #expect(cpp.contains(T("string", "R\"xy(raw )\" still)xy\"")) && cpp.contains(T("number", "1'000'000")))
        #expect(cpp.contains(T("constant", "nullptr")) && cpp.contains(T("string", "u8\"text\"")))
    }

    @Test func goJavaKotlin() {
        let go = tokens("func (s *Server) Handle() error { x := `raw\nline`; return nil }", "golang")
        #expect(go.contains(T("string", "`raw")) && go.contains(T("string", "line`")) && go.contains(T("constant", "nil")) && go.contains(T("type", "error")))
        let java = tokens("@Override public String name() { var t = \"\"\"\n  block\n  \"\"\"; return null; }", "java")
        #expect(java.contains(T("meta", "@Override")) && java.contains(T("type", "String")) && java.contains(T("string", "  block")))
        let kotlin = tokens("fun main() { val s = \"x $y ${z.w}\"; println(s) }", "kt")
        #expect(kotlin.contains(T("keyword", "fun")) && kotlin.contains(T("string", "\"x ")) && kotlin.contains(T("function", "println")))
    }

    @Test func rubyAndPHP() {
        let ruby = tokens("def ok?(name) = puts \"Hi #{name.upcase}\" if name.empty? && :sym\n=begin\nblock\n=end\n", "rb")
        #expect(ruby.contains(T("function", "ok?")) && ruby.contains(T("string", "\"Hi ")) && ruby.contains(T("constant", ":sym")))
        #expect(ruby.contains(T("comment", "=begin")) && ruby.contains(T("comment", "=end")))
        let php = tokens("<?php $x = \"hi $name\"; echo strlen($x); # note\n?>", "php")
        #expect(
            php.first == T("meta", "<?php") && php.contains(T("keyword", "echo")) && php.contains(T("function", "strlen"))
                && php.contains(T("comment", "# note")) && php.last == T("meta", "?>"))
    }

    @Test func sqlIgnoresCase() {
        let t = tokens("select id, COUNT(*) from Users where name = 'O''Brien' -- who\nAND n > 1.5e2;", "SQL")
        #expect(t.contains(T("keyword", "select")) && t.contains(T("keyword", "AND")) && t.contains(T("function", "COUNT")))
        #expect(t.contains(T("string", "'O''Brien'")) && t.contains(T("comment", "-- who")) && t.contains(T("number", "1.5e2")))
    }

    @Test func unterminatedStringsAndCommentsEndCleanly() {
        for (code, language) in [
            ("x = \"open", "python"), ("/* open\nstill", "c"), ("s = `a ${b", "js"), ("'''a\nb", "python"),
            ("r##\"x", "rust"), ("R\"d(x", "cpp"), ("\"\\(", "swift"), ("#\"", "swift"), ("f\"{", "python"),
        ] {
            let markup = Highlighted.html(code, language)
            let parsed = Highlighted.parse(markup)
            #expect(parsed.text == code, "\(language): \(code)")
            #expect(parsed.wellFormed, "\(language): \(markup)")
        }
        // A string that cannot span lines ends at its line: the next line is code again.
        #expect(tokens("x = 'open\nif y: pass", "python").contains(T("keyword", "if")))
    }
}
