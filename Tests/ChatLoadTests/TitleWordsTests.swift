import Testing
@testable import ChatLoad

/// A page's title is words: never a prompt's Markdown, a harness's tags or a slash command's
/// expansion.
struct TitleWordsTests {
    @Test(arguments: [
        // Markdown: block markers and inline syntax go, the words stay.
        ("## User Input\n\nFix the parser", "User Input"),
        ("Why does `make test` fail on a clean checkout?", "Why does make test fail on a clean checkout?"),
        ("**Fix** the _flaky_ test in ~~old~~ `cart.py`", "Fix the flaky test in old cart.py"),
        ("> - 1. Read [the guide](https://example.com/guide) and ![the chart](c.png)", "Read the guide and the chart"),
        ("- [ ] ship the release", "ship the release"),
        ("Escaped \\*stars\\* stay", "Escaped *stars* stay"),
        // What only looks like Markdown is words.
        ("Rename my_var_name in snake_case files", "Rename my_var_name in snake_case files"),
        ("Is 2 * 3 * 4 = 24?", "Is 2 * 3 * 4 = 24?"),
        ("Lint **/*.py again", "Lint **/*.py again"),
        ("#hashtag trends", "#hashtag trends"),
        // Rules, fences and code inside them are not a title's words.
        ("---\n```swift\nlet x = 1\n```\nWhy does this crash?", "Why does this crash?"),
        // Harness tags: context for the model goes with what it holds; a wrapper keeps its words.
        ("<system-reminder>\nThe date is 2026-05-01.\n</system-reminder>\nRefactor the parser", "Refactor the parser"),
        ("<timestamp>Friday</timestamp>\n<user_query>\nAdd a **CSV** export\n</user_query>", "Add a CSV export"),
        ("<environment_context><cwd>/src</cwd></environment_context>Explain the build", "Explain the build"),
        // A slash command is titled as typed, not by what it expands to.
        ("<command-message>review is running…</command-message>\n<command-name>/review</command-name>\n<command-args>12</command-args>", "/review 12"),
        ("<command-name>init</command-name>", "/init"),
        // HTML in a question, and a lone `<`, are the question's words.
        ("Why does <div>hello</div> render twice?", "Why does <div>hello</div> render twice?"),
        ("Is a < b here?", "Is a < b here?"),
    ])
    func aTitleIsWords(_ text: String, _ title: String) {
        #expect(TitleWords.of(text) == title)
    }

    @Test(arguments: ["", "   \n\n", "```\ncode\n```", "---", "<system-reminder>only context</system-reminder>", "<system-reminder>never closed"])
    func textWithoutWordsGivesNoTitle(_ text: String) {
        #expect(TitleWords.of(text) == nil)
    }

    @Test func aLongLineIsCutToATitle() {
        let title = TitleWords.of("# " + String(repeating: "word ", count: 100_000))
        #expect(title?.count == 80 && title?.hasSuffix("…") == true)
    }

    @Test func manyUnclosedTagsEndQuickly() {
        // Hostile input: tags that look like a harness's and never close, and code spans that never close.
        let text = String(repeating: "<a_b> `x ", count: 20_000) + "\nwords"
        #expect(TitleWords.of(text) == nil)
        #expect(TitleWords.of(String(repeating: "`a ", count: 50_000)) != nil)
    }

    /// The builder titles a session by the agent's own title in words, else its first prompt's,
    /// else the log's name.
    @Test func theBuilderTitlesInWords() {
        var log = SessionBuilder<Never>(file: "s.jsonl")
        #expect(log.title(fallback: "s") == "s")
        log.prompt("<system-reminder>ctx</system-reminder>\n## Plan the `v2` migration", date: nil)
        #expect(log.title(fallback: "s") == "Plan the v2 migration")
        log.title = "<system-reminder>x</system-reminder>"
        #expect(log.title(fallback: "s") == "Plan the v2 migration")
        log.title = "**Migration** plan"
        #expect(log.title(fallback: "s") == "Migration plan")
    }
}
