import Testing
@testable import ChatRenderHTML

/// Shell, console, markup, CSS, JSON, YAML and diffs: the scanners that are not the code scanner.
@Suite struct OtherScannerTests {
    typealias T = Highlighted.Token
    func tokens(_ code: String, _ language: String) -> [T] { Highlighted.tokens(code, language) }

    @Test func shell() {
        let t = tokens("#!/bin/bash\nFOO=bar make -j4 # build\nif [ -f \"$HOME/x\" ]; then echo \"hi ${USER} $(date +%s)\" | grep -v '#'; fi\n", "bash")
        #expect(t.first == T("meta", "#!/bin/bash"))
        #expect(t.contains(T("attribute", "FOO")) && t.contains(T("function", "make")) && t.contains(T("comment", "# build")))
        #expect(t.contains(T("attribute", "$HOME")) && t.contains(T("attribute", "${USER}")) && t.contains(T("function", "date")))
        #expect(t.contains(T("string", "'#'")) && t.contains(T("keyword", "fi")) && t.contains(T("function", "grep")))
        // `#` inside a word is not a comment.
        #expect(!tokens("echo a#b", "sh").contains { $0.kind == "comment" })
    }

    @Test func heredocs() {
        let t = tokens("cat <<-'EOF' > out.txt\n\tbody $x # not a comment\n\tEOF\necho done\n", "zsh")
        #expect(t.contains(T("meta", "<<-'EOF'")) && t.contains(T("string", "\tbody $x # not a comment")) && t.contains(T("meta", "EOF")))
        #expect(t.contains(T("function", "echo")))
        // Unterminated: the body runs to the end.
        let open = Highlighted.parse(Highlighted.html("cat <<EOF\nnever ends\n", "bash"))
        #expect(open.tokens.contains(T("string", "never ends")) && open.wellFormed)
    }

    @Test func console() {
        let t = tokens("$ ls -la \\\n  /tmp\ntotal 0\nuser@host:~$ echo hi\n", "console")
        #expect(t == [T("meta", "$"), T("function", "ls"), T("meta", "user@host:~$"), T("function", "echo")])
    }

    @Test func markup() {
        let t = tokens(
            "<!DOCTYPE html>\n<div class=\"a\" data-x='y' hidden @click=\"go\">&amp; <!-- c --></div>\n<script>const a = \"<b>\";</script><style>p { color: red; }</style>",
            "html")
        #expect(t.first == T("meta", "<!DOCTYPE html>"))
        #expect(t.contains(T("tag", "<div")) && t.contains(T("attribute", "class")) && t.contains(T("string", "\"a\"")) && t.contains(T("attribute", "@click")))
        #expect(t.contains(T("constant", "&amp;")) && t.contains(T("comment", "<!-- c -->")))
        #expect(t.contains(T("keyword", "const")) && t.contains(T("string", "\"<b>\"")) && t.contains(T("attribute", "color")))
        let xml = tokens("<?xml version=\"1.0\"?>\n<svg viewBox=\"0 0 1 1\"><![CDATA[ x < y ]]></svg>", "SVG")
        #expect(xml.first == T("meta", "<?xml version=\"1.0\"?>") && xml.contains(T("meta", "<![CDATA[")) && xml.contains(T("attribute", "viewBox")))
    }

    @Test func css() {
        let t = tokens(
            "@media (max-width: 600px) {\n  .card:hover > a, #id { color: #fff !important; margin: -1.5rem 0; background: url(//x.png); }\n}\n// scss note\n.a { &:hover { b: 1 } }",
            "scss")
        #expect(t.contains(T("keyword", "@media")) && t.contains(T("number", "600px")) && t.contains(T("type", ".card")) && t.contains(T("meta", ":hover")))
        #expect(t.contains(T("tag", "a")) && t.contains(T("attribute", "color")) && t.contains(T("number", "#fff")) && t.contains(T("keyword", "!important")))
        #expect(
            t.contains(T("number", "-1.5rem")) && t.contains(T("function", "url")) && t.contains(T("string", "//x.png"))
                && t.contains(T("comment", "// scss note")))
        #expect(t.contains(T("attribute", "b")))
    }

    @Test func json() {
        let t = tokens("{\"key\": \"value\", \"n\": -1.5e3, \"ok\": true, \"x\": null, // c\n \"arr\": [1, 0x1F], \"esc\": \"a\\\"b\"}", "JSON")
        #expect(t.contains(T("attribute", "\"key\"")) && t.contains(T("string", "\"value\"")) && t.contains(T("number", "-1.5e3")))
        #expect(
            t.contains(T("constant", "true")) && t.contains(T("constant", "null")) && t.contains(T("comment", "// c")) && t.contains(T("string", "\"a\\\"b\"")))
    }

    @Test func yaml() {
        let t = tokens(
            "---\n# config\nname: \"app\"\nversion: 1.2\nenabled: yes\nlist:\n  - a\n  - key: value # c\nscript: |\n  echo one\n\n  echo two\nafter: &anchor [1, \"two\"]\nurl: http://x:80/y\n",
            "yml")
        #expect(t.first == T("meta", "---"))
        #expect(t.contains(T("attribute", "name")) && t.contains(T("string", "\"app\"")) && t.contains(T("number", "1.2")) && t.contains(T("constant", "yes")))
        #expect(t.contains(T("attribute", "key")) && t.contains(T("string", "value")) && t.contains(T("comment", "# c")))
        #expect(t.contains(T("meta", "|")) && t.contains(T("string", "echo one")) && t.contains(T("string", "echo two")))
        #expect(t.contains(T("meta", "&anchor")) && t.contains(T("string", "\"two\"")) && t.contains(T("string", "http://x:80/y")))
    }

    @Test func diff() {
        let t = tokens("diff --git a/x b/x\n--- a/x\n+++ b/x\n@@ -1,2 +1,2 @@\n same\n-old\n+new\n\\ No newline at end of file\n", "patch")
        #expect(
            t == [
                T("meta", "diff --git a/x b/x"), T("meta", "--- a/x"), T("meta", "+++ b/x"), T("meta", "@@ -1,2 +1,2 @@"),
                T("deleted", "-old"), T("inserted", "+new"), T("comment", "\\ No newline at end of file"),
            ])
    }
}
