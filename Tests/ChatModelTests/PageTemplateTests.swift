import Testing
@testable import ChatModel

/// Templates are the team's own files, but a stylesheet or script that would end its element
/// early must be refused, in any letter case.
@Suite struct PageTemplateTests {
    static let page = "<html><head>{{csp}}{{color_scheme}}{{version}}{{title}}{{styles}}</head><body>{{body}}{{scripts}}</body></html>"

    func problems(css: String = "", js: String = "") -> [String] {
        let template = PageTemplate(page: Self.page, stylesheet: css, script: js)
        do {
            try template.validate()
            return []
        } catch {
            return error.diagnostics.map(\.message)
        }
    }

    @Test func cleanTemplatesPass() {
        #expect(problems(css: "a { color: red } /* </styl */", js: "const s = '<' + '/script>'; // <!- -") == [])
    }

    @Test(arguments: ["</style>", "</STYLE>", "x</StYlE >", "</style"])
    func styleBreakoutIsRefused(_ css: String) {
        #expect(problems(css: "a{}" + css).contains { $0.contains("</style") })
    }

    @Test(arguments: ["</script>", "</SCRIPT>", "<!--", "a</sCrIpT"])
    func scriptBreakoutIsRefused(_ js: String) {
        #expect(problems(js: "let a = 1;" + js).contains { $0.contains("</script") })
    }

    /// A template written before `{{styles}}` and `{{scripts}}` is told what replaced its slots.
    @Test func oldPlaceholdersNameTheirReplacement() {
        let old = "<html><head>{{csp}}<style>{{theme_css}}</style>\n<style>{{page_css}}</style></head><body>{{body}}<script>{{page_js}}</script></body></html>"
        do {
            try PageTemplate(page: old, stylesheet: "", script: "").validate()
            Issue.record("an old template passed")
        } catch {
            let messages = error.diagnostics.map { "\($0.location.line ?? 0):\($0.location.column ?? 0) \($0.message)" }
            #expect(messages.contains { $0.hasPrefix("1:27 {{theme_css}} was replaced by {{styles}}") })
            #expect(messages.contains { $0.hasPrefix("2:8 {{page_css}} was replaced by {{styles}}") })
            #expect(messages.contains { $0.hasPrefix("2:57 {{page_js}} was replaced by {{scripts}}") })
            #expect(messages.contains("0:0 the page template has no {{styles}}; expected it exactly once"))
            #expect(messages.contains("0:0 the page template has no {{scripts}}; expected it exactly once"))
        }
    }

    @Test func containsIgnoresCaseOnlyForLetters() {
        #expect(PageTemplate.contains("AB</SCRIPT", "</script"))
        #expect(!PageTemplate.contains("</scrip", "</script"))
        #expect(!PageTemplate.contains("", "</style"))
        #expect(PageTemplate.contains("é</style", "</style"))
        #expect(!PageTemplate.contains("<\u{0}/style", "</style"))
    }
}
