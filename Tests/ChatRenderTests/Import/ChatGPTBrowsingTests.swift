import Foundation
import Testing
@testable import ChatModel
@testable import ChatSupport
@testable import ChatLoad
@testable import ChatRender
import TestSupport

/// ChatGPT's web browsing (2023–2025), step by step: each command titled by what it did, a
/// failed one as that step failing (never "Searched the web"), a result with no call titled by
/// the result, and the page opened linked.
@Suite struct ChatGPTBrowsingTests {
    static let fixture = "import/chatgpt-2023"

    /// Each tool call of a turn: title, status, page.
    static func calls(_ turn: ImportedTurn) -> [String] {
        turn.parts.compactMap { part in
            guard case .toolCall(let call) = part else { return nil }
            return "\(call.title ?? "–") | \(call.status.rawValue) | \(call.url ?? "–")"
        }
    }

    static func call(_ turn: ImportedTurn, _ index: Int) -> ToolCallPart? {
        let calls = turn.parts.compactMap { part -> ToolCallPart? in if case .toolCall(let call) = part { return call } else { return nil } }
        return index < calls.count ? calls[index] : nil
    }

    // MARK: The fixture (real shapes of 2023 and 2024 exports)

    @Test func everyCommandOf2023IsTitledByWhatItDid() throws {
        let (chats, warnings) = try ChatGPTContentTests.read(Self.fixture)
        #expect(warnings.isEmpty, "\(warnings)")
        #expect(chats.map(\.title) == ["Tram 28 first departure", "Carris fares page", "Seoul weather in October"])
        let reply = chats[0].turns[1]
        #expect(reply.model == "GPT-4 (Browsing)")
        #expect(
            Self.calls(reply) == [
                "Searched the web for “tram 28 first departure Lisbon” | ok | –",
                "Clicked a link | ok | https://www.carris.pt/en/tram-28/",
                "Quoted carris.pt | ok | https://www.carris.pt/en/tram-28/",
                "Went back | ok | –",
                "Scrolled | ok | –",
                // The model wrote the address without its scheme; the page is named and linked all the same.
                "Opened visitlisboa.example | error | https://www.visitlisboa.example/tram-28",
            ])
        // Titles in the page's language: each carries its interface words.
        let keys: [UIKey] = reply.parts.compactMap { if case .toolCall(let c) = $0 { return c.titlePhrase?.key } else { return nil } }
        #expect(keys == [.toolWebSearch, .toolClickedLink, .toolQuoted, .toolWentBack, .toolScrolled, .toolOpened])
        #expect(Self.call(reply, 5)?.titlePhrase?.values == ["host": "visitlisboa.example"])
        #expect(Self.call(reply, 5)?.result == "Failed to fetch page w/ URL: www.visitlisboa.example/tram-28")
        // The remote image stays Markdown for the renderer to mark.
        #expect(ChatGPTContentTests.texts(reply).last?.hasSuffix("![Tram 28 on Rua da Graça](https://photos.example/tram-28/graca.jpg)") == true)
    }

    @Test func resultsWithNoCallAreTitledByWhatTheySay() throws {
        let reply = try ChatGPTContentTests.read(Self.fixture).0[1].turns[1]
        // The open_url call is hidden: its failure names the page from its metadata, and links it;
        // the quote after it is a step of its own, titled by its page.
        #expect(
            Self.calls(reply) == [
                "Opened carris.pt | error | https://www.carris.pt/en/fares/",
                "Quoted carris.pt | ok | https://www.carris.pt/en/tickets/",
            ])
        #expect(Self.call(reply, 1)?.result == "Tickets – Carris\n\n24-hour ticket: €11.60, valid on buses, trams and the Santa Justa lift.")
    }

    @Test func aBatchOfPagesIsOneStepPerPageAnd2025CommandsRead() throws {
        let chat = try ChatGPTContentTests.read(Self.fixture).0[2]
        // mclick([0, 1]): each page read is its own "Opened …", linked; the batch itself is not shown.
        #expect(
            Self.calls(chat.turns[1]) == [
                "Searched the web for “average temperature in Seoul early October” | ok | –",
                "Opened weatherspark.example | ok | https://weatherspark.example/seoul-october",
                "Opened weather-atlas.example | ok | https://www.weather-atlas.example/seoul-october",
            ])
        // web.run's JSON: open a URL, find on the page.
        #expect(
            Self.calls(chat.turns[3]) == [
                "Opened weatherspark.example | ok | https://weatherspark.example/seoul-october",
                "Looked for “cold season” on the page | ok | –",
            ])
    }

    // MARK: Commands

    @Test func commandsAsWrittenIn2023And2024() {
        let cases: [(String, ChatGPTBrowsing.Action)] = [
            (#"search("tram 28 Lisbon", recency_days=30)"#, .search(query: "tram 28 Lisbon")),
            (#"search('it\'s "quoted"')"#, .search(query: #"it's "quoted""#)),
            (#"msearch(["first query", "second"])"#, .search(query: "first query")),
            ("search()", .search(query: nil)),
            (#"open_url("https://www.carris.pt/en/")"#, .open(url: "https://www.carris.pt/en/")),
            (#"open_url(url="carris.pt/en/fares")"#, .open(url: "https://carris.pt/en/fares")),
            (#"open_url("javascript:alert(1)")"#, .open(url: nil)),
            (#"open_url("turn0search2")"#, .open(url: nil)),
            ("click(3)", .click), (#"click(id="12")"#, .click),
            ("mclick([0, 3, 2, 9, 1])", .openPages(count: 5)),
            (#"quote("Tram 28 runs", "every day.")"#, .quote), ("quote_lines(10, 20)", .quote),
            ("back()", .back), ("scroll(1)", .scroll), ("scroll(-1)", .scroll),
            (#"{"search_query": [{"q": "tram 28"}, {"q": "tram 12"}]}"#, .search(query: "tram 28")),
            (#"{"open": [{"ref_id": "https://www.carris.pt/"}]}"#, .open(url: "https://www.carris.pt/")),
            (#"{"open": [{"ref_id": "turn0search2"}]}"#, .open(url: nil)),
            (#"{"open": [{"ref_id": "turn0search2"}, {"ref_id": "turn0search3"}]}"#, .openPages(count: 2)),
            (#"{"click": [{"ref_id": "turn0fetch0", "id": 17}]}"#, .click),
            (#"{"find": [{"ref_id": "turn0fetch0", "pattern": "07:00"}]}"#, .find(pattern: "07:00")),
            (#"{"image_query": [{"q": "tram 28"}]}"#, .other),
            ("print('hello')", .other), ("open_url(", .other), ("", .other),
        ]
        for (input, expected) in cases { #expect(ChatGPTBrowsing.action(in: input) == expected, "\(input)") }
    }

    @Test func titlesSayTheStepAndTheSite() {
        func title(_ action: ChatGPTBrowsing.Action, page: String? = nil) -> String? { ChatGPTBrowsing.title(action, page: page)?.text }
        #expect(title(.open(url: "https://www.carris.pt/en/")) == "Opened carris.pt")
        #expect(title(.open(url: nil)) == "Opened a page")
        #expect(title(.open(url: nil), page: "https://news.example:8080/a") == "Opened news.example")
        #expect(title(.openPages(count: 1)) == "Opened 1 page" && title(.openPages(count: 3)) == "Opened 3 pages")
        #expect(title(.quote) == "Quoted a page" && title(.quote, page: "https://www.carris.pt/x") == "Quoted carris.pt")
        #expect(title(.click) == "Clicked a link" && title(.back) == "Went back" && title(.scroll) == "Scrolled")
        #expect(title(.find(pattern: "07:00")) == "Looked for “07:00” on the page")
        #expect(title(.search(query: nil)) == "Searched the web")
        #expect(title(.other) == nil)
        #expect(ChatGPTBrowsing.title(.openPages(count: 3), page: nil)?.phrase == UIPhrase(.toolOpenedPages, ["count": "3"]))
    }

    @Test func onlyTheWebBrowserIsReadSo() {
        for tool in ["browser", "web", "web.run", "web.search", "browser.open"] { #expect(ChatGPTBrowsing.isBrowsing(tool), "\(tool)") }
        for tool in ["myfiles_browser", "file_search", "python", "computer.do", "dalle.text2im"] { #expect(!ChatGPTBrowsing.isBrowsing(tool), "\(tool)") }
    }

    // MARK: Failures and results alone

    @Test func aFailedOpenReadsAsThatStepFailing() throws {
        let (turns, warnings) = try ChatGPTContentTests.conversation(
            ChatGPTContentTests.thread([
                ("user", #"{"content_type": "text", "parts": ["Open it"]}"#, ""),
                ("assistant", #"{"content_type": "code", "language": "unknown", "text": "open_url(\"https://tram.example/28\")"}"#, #""recipient": "browser""#),
                ("tool:browser", #"{"content_type": "system_error", "name": "tool_error", "text": "Error: timed out"}"#, ""),
            ]))
        #expect(warnings.isEmpty)
        #expect(Self.calls(turns[1]) == ["Opened tram.example | error | https://tram.example/28"])
    }

    @Test func aFailureWithNoCallNamesTheCommandItQuotesOrNoSearch() throws {
        func titled(_ error: String, metadata: String = "") throws -> [String] {
            let (turns, _) = try ChatGPTContentTests.conversation(
                ChatGPTContentTests.thread([
                    ("user", #"{"content_type": "text", "parts": ["Q"]}"#, ""),
                    ("tool:browser", error, metadata),
                ]))
            return Self.calls(turns[1])
        }
        // The error's text quotes the command.
        #expect(
            try titled(
                #"{"content_type": "system_error", "name": "tool_error", "text": "Error when executing command `open_url(\"https://tram.example/28\")`"}"#)
                == ["Opened tram.example | error | https://tram.example/28"])
        // The metadata names it (2024).
        #expect(
            try titled(
                #"{"content_type": "system_error", "name": "tool_error", "text": "Timed out"}"#,
                metadata: #""metadata": {"command": "click", "args": ["4"], "status": "failed"}"#)
                == ["Clicked a link | error | –"])
        // Nothing says what it was: the tool's name, never a search it was not.
        #expect(try titled(#"{"content_type": "system_error", "name": "tool_error", "text": "Something broke"}"#) == ["– | error | –"])
    }

    @Test func aSearchResultAloneIsASearchAndAPageAloneIsAPage() throws {
        let list = ##"{"content_type": "tether_browsing_display", "result": "# 【0†A†a.example】\nx\n# 【1†B†b.example】\ny", "summary": null}"##
        let (alone, _) = try ChatGPTContentTests.conversation(
            ChatGPTContentTests.thread([
                ("user", #"{"content_type": "text", "parts": ["Q"]}"#, ""),
                ("tool:browser", list, ""),
            ]))
        #expect(Self.calls(alone[1]) == ["Searched the web | ok | –"])
        let (turns, _) = try ChatGPTContentTests.conversation(
            ChatGPTContentTests.thread([
                ("user", #"{"content_type": "text", "parts": ["Q"]}"#, ""),
                ("tool:browser", list, #""metadata": {"command": "search", "args": ["trams"]}"#),
                // More of the same list, no call between: the same step.
                ("tool:browser", list, ""),
                (
                    "tool:browser", #"{"content_type": "tether_browsing_display", "result": "Tram 28\nL0: runs daily", "summary": null}"#,
                    #""metadata": {"_cite_metadata": {"metadata_list": [{"type": "webpage", "title": "Tram 28", "url": "https://tram.example/28"}]}}"#
                ),
                ("tool:browser", #"{"content_type": "tether_quote", "url": "javascript:alert(1)", "domain": "evil.example", "title": "x", "text": "y"}"#, ""),
            ]))
        #expect(
            Self.calls(turns[1]) == [
                "Searched the web for “trams” | ok | –",
                "Opened tram.example | ok | https://tram.example/28",
                // A quote whose address may not be a link: named by its domain, linked there.
                "Quoted evil.example | ok | https://evil.example",
            ])
        #expect(Self.call(turns[1], 0)?.result?.components(separatedBy: "A (a.example)").count == 3)
    }

    @Test func theFileSearchIsNotBrowsing() throws {
        let (turns, _) = try ChatGPTContentTests.conversation(
            ChatGPTContentTests.thread([
                ("user", #"{"content_type": "text", "parts": ["Q"]}"#, ""),
                ("assistant", #"{"content_type": "code", "text": "msearch([\"rates\"])"}"#, #""recipient": "myfiles_browser""#),
                (
                    "tool:myfiles_browser",
                    #"{"content_type": "tether_quote", "url": "file-abc", "domain": "rates.pdf", "title": "rates.pdf", "text": "3.5%"}"#, ""
                ),
            ]))
        #expect(Self.calls(turns[1]) == ["Searched the files | ok | –"])
    }
}

/// The pages `render --from chatgpt` makes of the browsing fixture: each matches its golden
/// (`__Goldens__/chatgpt-2023/`), every page opened is a real link, the remote image is one
/// link marked as not loaded, and nothing on the page loads from the web.
@Suite(.serialized) struct ChatGPTBrowsingPageTests {
    static let slugs = ["tram-28-first-departure", "carris-fares-page", "seoul-weather-in-october"]

    static func site(_ extra: [String] = []) throws -> (pages: [String: String], run: CLIRun) {
        let temp = TestPaths.temporaryFolder("gpt-browse")
        defer { try? FileManager.default.removeItem(atPath: temp) }
        let run = try CLIRun.run(["render", "--from", "chatgpt", TestPaths.fixture(ChatGPTBrowsingTests.fixture), "--out", temp + "/site"] + extra)
        var pages: [String: String] = [:]
        for slug in slugs { pages[slug] = try? String(contentsOfFile: "\(temp)/site/\(slug)/index.html", encoding: .utf8) }
        return (pages, run)
    }

    @Test func pagesMatchTheirGoldens() throws {
        let (pages, run) = try Self.site()
        #expect(run.status == 0, "\(run.stderr)")
        #expect(!run.stderr.contains("warning"), "\(run.stderr)")
        for slug in Self.slugs {
            guard let page = pages[slug] else { Issue.record("no page for \(slug)"); continue }
            Golden.assertMatches(try GoldenPageTests.withoutTemplateBlocks(page), named: "chatgpt-2023/\(slug).html")
        }
    }

    @Test func pagesOpenedAreLinksAndTheImageIsMarkedNotLoaded() throws {
        let (pages, _) = try Self.site()
        let tram = pages["tram-28-first-departure"] ?? ""
        // The failed open names the page it tried and links it; never "Searched the web — failed".
        #expect(tram.contains("<span dir=\"auto\">Opened visitlisboa.example</span> <span class=\"cr-part-status cr-part-status--error\">"))
        #expect(
            tram.contains(
                "<a class=\"cr-page-link\" dir=\"ltr\" href=\"https://www.visitlisboa.example/tram-28\" target=\"_blank\" rel=\"noopener noreferrer\">"))
        #expect(!tram.contains("Searched the web</span> <span class=\"cr-part-status"))
        // The image: one link, its alt text once on screen, named as an image not loaded.
        #expect(
            tram.contains(
                "<a class=\"cr-md-image\" href=\"https://photos.example/tram-28/graca.jpg\" rel=\"noopener noreferrer\" aria-label=\"Image not loaded: Tram 28 on Rua da Graça\">"
            ))
        #expect(tram.components(separatedBy: ">Tram 28 on Rua da Graça<").count == 2)
        for (slug, page) in pages {
            // Nothing fetched: no remote src anywhere, and no private-use character or raw marker.
            #expect(!page.contains("src=\"http"), "\(slug)")
            #expect(!page.unicodeScalars.contains(where: ChatGPTText.isPrivateUse), "\(slug)")
            for raw in ["【", "†"] { #expect(!page.contains(raw), "\(slug) holds \(raw)") }
        }
        let fares = pages["carris-fares-page"] ?? ""
        #expect(fares.contains("<span dir=\"auto\">Opened carris.pt</span> <span class=\"cr-part-status cr-part-status--error\">"))
    }

    @Test func titlesAndTheImageInThePagesLanguage() throws {
        let (pages, run) = try Self.site(["--locale", "de"])
        #expect(run.status == 0, "\(run.stderr)")
        let tram = pages["tram-28-first-departure"] ?? ""
        for title in [
            "Im Web nach „tram 28 first departure Lisbon“ gesucht", "Auf einen Link geklickt", "Aus carris.pt zitiert",
            "Zurückgegangen", "Gescrollt", "visitlisboa.example geöffnet",
        ] {
            #expect(tram.contains("<span dir=\"auto\">\(title)</span>"), "\(title)")
        }
        #expect(tram.contains("aria-label=\"Bild nicht geladen: Tram 28 on Rua da Graça\""))
        #expect(pages["seoul-weather-in-october"]?.contains("Auf der Seite nach „cold season“ gesucht") == true)
    }
}
