import Foundation
import Testing
@testable import ChatModel
@testable import ChatPlan
@testable import ChatLoad
@testable import ChatRenderHTML
import TestSupport

/// Turn parts: a golden for every kind, and the rules each must keep.
@Suite struct PartsTests {
    static let full = RenderOptions(markup: .full)

    func render(_ message: Message, index: Int = 1, assets: AssetTable = AssetTable()) -> String {
        TurnView.render(message, index: index, assets: assets, options: Self.full).description
    }

    static let goldens: [(name: String, part: TurnPart)] = [
        ("thinking", PartsFixture.thinking),
        ("tool-call", PartsFixture.toolCall),
        ("tool-call-web", PartsFixture.webTool),
        ("tool-call-page", PartsFixture.openedPage),
        ("code-execution", PartsFixture.codeExecution),
        ("diff-unified", PartsFixture.diff),
        ("diff-computed", PartsFixture.computedDiff),
        ("terminal", PartsFixture.terminal),
        ("terminal-long", PartsFixture.longTerminal),
        ("document", PartsFixture.document),
        ("document-code", PartsFixture.codeDocument),
        ("notice", PartsFixture.notice),
        ("notice-line", PartsFixture.interrupted),
        ("transcript", PartsFixture.transcript),
        ("text-with-sources", PartsFixture.cited),
    ]

    @Test(arguments: goldens.map(\.name))
    func partMatchesGolden(_ name: String) {
        let part = Self.goldens.first { $0.name == name }!.part
        let named = TurnView.attachmentIDs(in: [part])
        let message = PartsFixture.message(
            "m", .assistant, [part], attachments: [PartsFixture.chart, PartsFixture.shot].filter { named.contains($0.id) },
            sources: name == "text-with-sources" ? PartsFixture.sources : [])
        Golden.assertMatches(render(message), named: "parts/\(name).html")
    }

    @Test func wholeConversationMatchesGolden() {
        let body = PageBody.render(PartsFixture.conversation, assets: AssetTable(), options: Self.full, hasDarkMode: true).description
        Golden.assertMatches(body, named: "parts/conversation.html")
    }

    @Test func everyTurnHasAnIdAndAPermalink() {
        let html = render(PartsFixture.message("m", .assistant, [.text("Hi")]), index: 3)
        #expect(html.hasPrefix("<article class=\"cr-turn cr-turn--assistant\" aria-labelledby=\"cr-t3-h\" id=\"cr-t3\" data-message-id=\"m\">"))
        #expect(html.contains("<a class=\"cr-permalink\" href=\"#cr-t3\" aria-label=\"Link to this turn\">"))
    }

    @Test func speakerAndModelAreShown() {
        let html = render(PartsFixture.message("m", .assistant, [.text("Hi")], speaker: "Claude", model: "claude-sonnet-4-5"))
        #expect(html.contains(">Claude</h2><span class=\"cr-turn-model\" dir=\"auto\">claude-sonnet-4-5</span>"))
        #expect(!html.contains(">Assistant<"))
        let you = render(PartsFixture.message("m", .user, [.text("Hi")], speaker: "Ada"))
        #expect(you.contains("cr-turn-speaker cr-turn-speaker--named"))
    }

    @Test func idsAreUniqueAcrossNestedTranscripts() throws {
        let body = PageBody.render(PartsFixture.conversation, assets: AssetTable(), options: Self.full, hasDarkMode: true).description
        let regex = try Regex(#" id="([^"]+)""#)
        let ids = body.matches(of: regex).map { String($0.output[1].substring!) }
        #expect(Set(ids).count == ids.count, "\(ids)")
        #expect(ids.contains("cr-t1-p14-t1"))
        #expect(ids.contains("cr-t1-p14-t1-h"))
        // Nested turns are one heading level deeper and carry no message id of their own, so
        // the photo viewer finds the top-level message the attachments belong to.
        #expect(body.contains("<h3 class=\"cr-turn-speaker cr-turn-speaker--named\" id=\"cr-t1-p14-t1-h\" dir=\"auto\">Explorer</h3>"))
        #expect(body.components(separatedBy: "data-message-id=").count - 1 == 2)
    }

    @Test func attachmentsNamedByPartsAreShownOnceInsideTheirPart() {
        let message = PartsFixture.conversation.messages![1]
        var table = AssetTable()
        table[1, 0] = AttachmentAssets(image: PhotoAsset(display: ImageAsset(path: "assets/chart.webp", width: 800, height: 600), sizes: [:]))
        let html = render(message, index: 1, assets: table)
        #expect(html.components(separatedBy: "data-attachment-id=\"chart\"").count - 1 == 1)
        #expect(html.components(separatedBy: "aria-label=\"grep.txt, ").count - 1 == 1)
        #expect(html.components(separatedBy: "aria-label=\"report.pdf, ").count - 1 == 1)
        // The chart sits inside the code run, the grep output inside the nested tool call, and
        // the report, which no part names, under the turn.
        let code = html.range(of: "id=\"cr-t1-p3\"")!, diff = html.range(of: "id=\"cr-t1-p4\"")!
        let chart = html.range(of: "data-attachment-id=\"chart\"")!
        #expect(code.upperBound < chart.lowerBound && chart.upperBound < diff.lowerBound)
        let transcript = html.range(of: "id=\"cr-t1-p14\"")!
        #expect(html.range(of: "aria-label=\"grep.txt, ")!.lowerBound > transcript.upperBound)
        #expect(html.range(of: "aria-label=\"report.pdf, ")!.lowerBound > html.range(of: "cr-t1-p14-t1")!.upperBound)
    }

    @Test func summariesSayWhatHappened() {
        func summary(_ part: TurnPart) -> String {
            let html = render(PartsFixture.message("m", .assistant, [part]))
            guard let start = html.range(of: "<span class=\"cr-part-title\">"),
                let end = html.range(of: "<span class=\"cr-part-chevron\">") ?? html.range(of: "</div></div>")
            else { return "" }
            return String(html[start.upperBound..<end.lowerBound]).replacingOccurrences(of: #"<svg.*?</svg>"#, with: "", options: .regularExpression)
                .replacingOccurrences(of: #"<[^>]+>"#, with: "", options: .regularExpression)
        }
        #expect(summary(PartsFixture.thinking) == "Thought for 41 s")
        #expect(summary(.thinking(ThinkingPart(text: "x", duration: 125))) == "Thought for 2 min 5 s")
        #expect(summary(.thinking(ThinkingPart(text: "x"))) == "Thinking")
        #expect(summary(.thinking(ThinkingPart(text: "x", summary: "Checking the tests"))) == "Checking the tests")
        #expect(summary(PartsFixture.toolCall) == "Ran pytest -q — failed")
        #expect(summary(PartsFixture.webTool) == "Used web.search")
        #expect(summary(.toolCall(ToolCallPart(name: "x", status: .rejected))) == "Used x — rejected")
        #expect(summary(.toolCall(ToolCallPart(name: "x", status: .running))) == "Used x — running")
        #expect(summary(.toolCall(ToolCallPart(name: "shell", input: "{\"command\":[\"bash\",\"-lc\",\"ls -la\"]}"))) == "Ran ls -la")
        #expect(summary(PartsFixture.codeExecution) == "Ran Python code")
        // Each app's own wording for its runs; a title that says how the run ended needs no "— failed".
        func run(_ title: CodeRunTitle, _ status: ToolStatus) -> TurnPart {
            .codeExecution(CodeExecutionPart(language: "python", code: "1/0", status: status, title: title))
        }
        #expect(summary(run(.analyzed, .ok)) == "Analyzed")
        #expect(summary(run(.analyzed, .running)) == "Analyzing")
        #expect(summary(run(.analyzed, .error)) == "Analysis errored")
        #expect(summary(run(.analyzed, .rejected)) == "Analyzed — rejected")
        #expect(summary(run(.analyzedData, .ok)) == "Analyzed data")
        #expect(summary(run(.analyzedData, .running)) == "Analyzing data")
        #expect(summary(run(.analyzedData, .error)) == "Analyzed data — failed")
        #expect(summary(run(.ranCode, .error)) == "Ran Python code — failed")
        #expect(summary(PartsFixture.diff) == "Edited src/x.py +3 −1, 3 lines added, 1 removed")
        #expect(summary(PartsFixture.terminal) == "$ make test — exit 2")
        #expect(summary(PartsFixture.transcript) == "Explore the test suite (2 turns)")
    }

    @Test func codeRunTitlesAreInThePagesLanguage() throws {
        let (de, _) = try UIStrings.read(path: TestPaths.repo("templates/strings/de.json"), tag: "de")
        let (ja, _) = try UIStrings.read(path: TestPaths.repo("templates/strings/ja.json"), tag: "ja")
        func title(_ title: CodeRunTitle, _ status: ToolStatus, _ strings: UIStrings) -> String {
            CodeExecutionView.title(CodeExecutionPart(language: "python", code: "x", status: status, title: title), strings).0.description
        }
        #expect(title(.analyzed, .ok, de) == "Analysiert" && title(.analyzed, .error, de) == "Analyse fehlgeschlagen")
        #expect(title(.analyzedData, .ok, de) == "Daten analysiert")
        #expect(title(.analyzed, .ok, ja) == "分析済み" && title(.analyzed, .running, ja) == "分析中")
    }

    @Test func longOutputIsBehindItsOwnDisclosureWithNothingCut() {
        let html = render(PartsFixture.message("m", .assistant, [PartsFixture.longTerminal]))
        #expect(html.contains("Show all 45 lines"))
        for n in 1...45 { #expect(html.contains("\n\(n)\n") || html.contains("\n\(n)</pre>")) }
        let wide = String(repeating: "x", count: 5000)
        let one = render(PartsFixture.message("m", .assistant, [.terminal(TerminalPart(output: wide))]))
        #expect(one.contains("Show all output"))
        #expect(one.contains(wide))
    }

    @Test func sourcesAreNumberedLinkedOnlyWhenSafeAndMatchTheMarkers() {
        let html = render(PartsFixture.message("m", .assistant, [PartsFixture.cited], sources: PartsFixture.sources + [Source(id: "docs", title: "Again")]))
        #expect(
            html.contains(
                "<li class=\"cr-source\" id=\"cr-t1-src-1\" value=\"1\"><a class=\"cr-source-title\" href=\"https://developer.apple.com/documentation/testing\""
            ))
        #expect(html.contains("<span class=\"cr-source-host\">developer.apple.com</span>"))
        #expect(!html.contains("href=\"javascript:"))
        #expect(html.contains("<span class=\"cr-source-title\" dir=\"auto\">Grouping tests</span>"))
        #expect(
            html.contains(
                "id=\"cr-t1-src-3\" value=\"3\"><a class=\"cr-source-title\" href=\"https://www.example.com/post?id=1\" target=\"_blank\" rel=\"noopener noreferrer\" dir=\"auto\">example.com</a>"
            ))
        #expect(!html.contains("Again"), "a repeated id is listed once")
        #expect(html.contains("<h3 class=\"cr-sources-heading\" id=\"cr-t1-src-h\">Sources</h3>"))
    }

    @Test func aCallsPageIsALinkOnlyWhenItIsAWebAddress() throws {
        func html(_ url: String?, status: ToolStatus = .ok, strings: UIStrings = .english) -> String {
            var call = ToolCallPart(name: "browser", title: "Opened carris.pt", input: "open_url(\"x\")", status: status, url: url)
            call.titlePhrase = UIPhrase(.toolOpened, ["host": "carris.pt"])
            var options = RenderOptions(markup: .full)
            options.strings = strings
            return TurnView.render(PartsFixture.message("m", .assistant, [.toolCall(call)]), index: 1, assets: AssetTable(), options: options).description
        }
        // A real link, that tells the site nothing and never loads by itself.
        let page = html("https://www.carris.pt/en/?a=1&b=\"2\"")
        #expect(
            page.contains(
                "<a class=\"cr-page-link\" dir=\"ltr\" href=\"https://www.carris.pt/en/?a=1&amp;b=&quot;2&quot;\" target=\"_blank\" rel=\"noopener noreferrer\">https://www.carris.pt/en/?a=1&amp;b=&quot;2&quot;</a>"
            ))
        #expect(!page.contains("<img") && !page.contains("<iframe"))
        // Anything else is no link at all.
        for url in ["javascript:alert(1)", "pages/a.html", "//evil.example/x", " https://x.example", nil] {
            #expect(!html(url).contains("cr-page-link"), "\(url ?? "nil")")
        }
        // A failed open still names the page it tried, and links it.
        let failed = html("https://www.carris.pt/", status: .error)
        #expect(failed.contains("Opened carris.pt</span> <span class=\"cr-part-status cr-part-status--error\">") && failed.contains("cr-page-link"))
        // The title in the page's language.
        let (german, _) = try UIStrings.load(locale: "de", templates: TestPaths.templates)
        #expect(html("https://www.carris.pt/", strings: german).contains("<span dir=\"auto\">carris.pt geöffnet</span>"))
    }

    @Test func durationsRead() {
        #expect(UIStrings.english.duration(41) == "41 s")
        #expect(UIStrings.english.duration(120) == "2 min")
        #expect(UIStrings.english.duration(3720) == "1 h 2 min")
        #expect(UIStrings.english.duration(0.2) == "less than a second")
        #expect(UIStrings.english.duration(-1) == nil)
        #expect(UIStrings.english.duration(.nan) == nil)
    }

    @Test func toolInputIsIndentedWithoutChangingATokenAndLeftAloneWhenNotJSON() {
        let input = ToolInput("{\"b\":1.50,\"a\":[true,null,{}],\"s\":\"x\\\"y\"}")
        #expect(input.isJSON)
        #expect(input.pretty == "{\n  \"b\": 1.50,\n  \"a\": [\n    true,\n    null,\n    {}\n  ],\n  \"s\": \"x\\\"y\"\n}")
        #expect(ToolInput("{\"a\": [1, 2}").pretty == "{\"a\": [1, 2}")
        #expect(!ToolInput("ls -la").isJSON)
        #expect(ToolInput("{\"command\":\"echo \\u00e9\\n\"}").command == "echo é\n")
        #expect(ToolInput.oneLine("a\nb") == "a …")
    }

    @Test func aCommandsTitleReadInBytesIsTheOneReadByCharacter() {
        // Pieces that meet the grapheme rules at a trim or a cut: a combining mark after a space,
        // a prepended mark before one, CR LF, tabs, flags, ZWJ emoji, long ASCII runs.
        let pieces = [
            "ls", " ", "  ", "\t", "\n", "\r\n", "\r", " \u{301}", "\u{301}", "\u{0600}", "\u{0600} ", "e\u{301}", "🇫🇷",
            "👩‍👩‍👧", "漢字", "x", String(repeating: "y", count: 40), String(repeating: "z ", count: 30), "|", "\u{A0}",
        ]
        var random = SplitMix(seed: 0xC0FFEE)
        var fast = 0
        for _ in 0..<3000 {
            let text = random.text(from: pieces, fewerThan: 14)
            if let line = ToolInput.oneLineInASCII(text) {
                fast += 1
                #expect(line == ToolInput.oneLineByCharacter(text), "\(text.debugDescription)")
            }
        }
        // The byte path took a good share of them (most real commands are ASCII).
        #expect(fast > 300)
        for length in 115...125 {
            let text = String(repeating: "a", count: length)
            #expect(ToolInput.oneLineInASCII(text) == ToolInput.oneLineByCharacter(text))
            #expect(ToolInput.oneLineInASCII(text + "\u{301}") == nil)
            #expect(ToolInput.oneLineInASCII(text + "\nmore") == ToolInput.oneLineByCharacter(text + "\nmore"))
        }
    }

    @Test func userTurnsKeepTheirTextInTheBubble() {
        let html = render(PartsFixture.message("m", .user, [.text("Hello"), PartsFixture.interrupted]))
        #expect(html.contains("<div class=\"cr-bubble\" dir=\"auto\">"))
        #expect(html.contains("cr-part--notice"))
    }
}
