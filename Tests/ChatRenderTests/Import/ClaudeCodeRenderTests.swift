import Foundation
import Testing
@testable import ChatModel
@testable import ChatLoad
@testable import ChatPlan
@testable import ChatRenderHTML
@testable import ChatRender
import TestSupport

/// How the Claude Code fixture draws: a golden for each tool's part, the header's facts, and
/// the native format's `facts` read and checked.
@Suite struct ClaudeCodeRenderTests {
    static let options = RenderOptions(markup: .full)

    static func chat() throws -> ImportedChat {
        let (chats, _) = try Importer.read(ImportRequest(format: .claudeCode, inputPath: ClaudeCodeImporterTests.session, outputDirectory: "unused"))
        return try #require(chats.first)
    }

    /// The part of the fixture each golden shows: (turn, part).
    static let goldens: [(name: String, turn: Int, part: Int)] = [
        ("command-chip", 0, 0), ("thinking", 2, 0), ("grep", 2, 2), ("read", 2, 3), ("glob", 2, 4), ("todo-write", 2, 5),
        ("bash-failed", 2, 6), ("edit", 2, 8), ("bash-rejected", 2, 9), ("interrupted", 2, 10), ("turn-duration", 2, 11),
        ("agent", 4, 0), ("api-error", 4, 1), ("compaction", 4, 2), ("edit-second", 4, 3), ("bash-ok", 4, 4),
        ("mcp-screenshot", 4, 5), ("web-fetch", 4, 6),
    ]

    @Test(arguments: goldens.map(\.name))
    func toolPartMatchesGolden(_ name: String) throws {
        let chat = try Self.chat()
        let spot = Self.goldens.first { $0.name == name }!
        let turn = chat.turns[spot.turn]
        let part = turn.parts[spot.part]
        let named = TurnView.attachmentIDs(in: [part])
        var message = Message(
            id: turn.id, role: turn.role, text: "",
            attachments: turn.attachments.filter { named.contains($0.id ?? "") }.map {
                Attachment(id: $0.id!, name: $0.name, byteCount: $0.byteCount, contentType: $0.contentType)
            })
        message.parts = [part]
        Golden.assertMatches(TurnView.render(message, index: 1, assets: AssetTable(), options: Self.options).description, named: "claude-code/\(name).html")
    }

    /// A sub-agent rebuilt from the session's agent_progress lines draws as one read from its
    /// own log: nested, collapsed, each of its nine calls with its result.
    @Test func aSubAgentFromProgressLinesMatchesGolden() throws {
        let (chats, _) = try Importer.read(ImportRequest(format: .claudeCode, inputPath: ClaudeCodeAgentProgressTests.session, outputDirectory: "unused"))
        let turn = try #require(chats.first?.turns.last)
        var message = Message(id: turn.id, role: turn.role, text: "")
        message.parts = turn.parts.filter { if case .transcript = $0 { return true } else { return false } }
        #expect(message.parts.count == 1)
        Golden.assertMatches(
            TurnView.render(message, index: 1, assets: AssetTable(), options: Self.options).description, named: "claude-code/agent-progress.html")
    }

    /// Two sub-agents started at once: their timeline where the reply started them, then their
    /// transcripts, each row a link to one. The next reply's agents ran one after the other: no
    /// timeline.
    @Test func parallelSubAgentsOnTheirTimelineMatchGolden() throws {
        let path = TestPaths.fixture("import/claude-code/parallel/9a4c2e71-3b5d-4f86-a1c7-2d8e6f0b4a93.jsonl")
        let (chats, _) = try Importer.read(ImportRequest(format: .claudeCode, inputPath: path, outputDirectory: "unused"))
        let replies = try #require(chats.first?.turns.filter { $0.role == .assistant })
        try #require(replies.count == 2)
        func html(_ turn: ImportedTurn) -> String {
            var message = Message(id: turn.id, role: turn.role, text: "", date: turn.date)
            message.parts = turn.parts
            message.model = turn.model
            return TurnView.render(message, index: 1, assets: AssetTable(), options: Self.options).description
        }
        let parallel = html(replies[0])
        Golden.assertMatches(parallel, named: "claude-code/parallel-agents.html")
        #expect(parallel.components(separatedBy: "<div class=\"cr-rail\"").count == 2)
        #expect(!html(replies[1]).contains("cr-rail"))
    }

    static func render(_ part: ToolCallPart) -> String {
        var message = Message(id: "m", role: .assistant, text: "")
        message.parts = [.toolCall(part)]
        return TurnView.render(message, index: 1, assets: AssetTable(), options: Self.options).description
    }

    /// A web search shows the pages it found as links and its summary as text; the query line
    /// and the note to the model are left out.
    @Test func aWebSearchShowsItsPagesAsLinksAsItsGoldenHolds() {
        let result = """
            Web search results for query: "decimal rounding python"

            Links: [{"title":"decimal — Decimal fixed point","url":"https://docs.python.org/3/library/decimal.html"},{"title":"Rounding <b>half</b> even","url":"https://www.example.com/round?x=1&y=2"},{"title":"bad","url":"javascript:alert(1)"}]

            Python's **decimal** module rounds with `ROUND_HALF_EVEN` by default.

            REMINDER: You MUST include the sources above in your response to the user using markdown hyperlinks.
            """
        let html = Self.render(
            ToolCallPart(
                name: "WebSearch", title: "Searched the web for “decimal rounding python”", input: "{\"query\":\"decimal rounding python\"}", result: result))
        Golden.assertMatches(html, named: "claude-code/web-search.html")
        #expect(
            html.contains(
                "<ol class=\"cr-source-list\" aria-label=\"Sources\"><li class=\"cr-source\"><a class=\"cr-source-title\" href=\"https://docs.python.org/3/library/decimal.html\" target=\"_blank\" rel=\"noopener noreferrer\" dir=\"auto\">decimal — Decimal fixed point</a><span class=\"cr-source-host\">docs.python.org</span></li>"
            ))
        #expect(html.contains("href=\"https://www.example.com/round?x=1&amp;y=2\""))
        #expect(html.contains(">Rounding &lt;b&gt;half&lt;/b&gt; even</a>"))
        // Not a web address: its title as text, never a link.
        #expect(!html.contains("href=\"javascript:"))
        #expect(html.contains("<span class=\"cr-source-title\" dir=\"auto\">bad</span>"))
        #expect(html.contains("<strong>decimal</strong>"))
        #expect(!html.contains("REMINDER") && !html.contains("Web search results for query"))
    }

    @Test func claudeAIsNumberedResultsAreLinksToo() {
        let (links, summary) = WebSearchResults.read("1. First page\n   https://a.example/x\n2. Second\n   https://b.example/\n3. Not a link\n   ftp://c")
        #expect(links.map(\.url) == ["https://a.example/x", "https://b.example/"])
        #expect(links.map(\.title) == ["First page", "Second"])
        #expect(summary == "3. Not a link\n   ftp://c")
    }

    @Test func aSearchThatFoundNothingOrFailedIsPlainOutput() {
        #expect(WebSearchResults.read("Web search results for query: \"x\"\n\nNo results.").links.isEmpty)
        let failed = Self.render(ToolCallPart(name: "WebSearch", status: .error, result: "Links: [{\"title\":\"a\",\"url\":\"https://a.example\"}]"))
        #expect(!failed.contains("cr-search-results"))
        let other = Self.render(ToolCallPart(name: "Bash", result: "Links: [{\"title\":\"a\",\"url\":\"https://a.example\"}]"))
        #expect(!other.contains("cr-search-results"))
    }

    @Test func factsAreADescriptionListUnderTheTitleAsItsGoldenHolds() throws {
        var conversation = Conversation(title: "Session", messages: [])
        conversation.facts = try Self.chat().facts
        let body = PageBody.render(conversation, assets: AssetTable(), options: Self.options, hasDarkMode: true).description
        Golden.assertMatches(body, named: "claude-code/facts.html")
        #expect(
            body.contains(
                "</fieldset><dl class=\"cr-facts\" aria-label=\"About this conversation\"><div class=\"cr-fact\"><dt>Project</dt><dd dir=\"auto\">/home/ana/src/shop</dd></div>"
            ))
        let none = PageBody.render(Conversation(title: "Plain", messages: []), assets: AssetTable(), options: Self.options, hasDarkMode: true).description
        #expect(!none.contains("cr-facts"))
    }

    @Test func factsAreEscaped() {
        var conversation = Conversation(title: "x", messages: [])
        conversation.facts = [ConversationFact(label: "<b>", value: "\"><script>")]
        let body = PageBody.render(conversation, assets: AssetTable(), options: Self.options, hasDarkMode: false).description
        #expect(body.contains("<dt>&lt;b&gt;</dt><dd dir=\"auto\">&quot;&gt;&lt;script&gt;</dd>"))
    }

    @Test func factsLoadAndBadFactsAreNamed() throws {
        let good = #"{"facts": [{"label": "Branch", "value": "main"}, {"label": "Model", "value": ""}], "messages": []}"#
        let (conversation, _) = try ConversationLoader.decode(bytes: Array(good.utf8), file: "c.json")
        #expect(conversation.facts == [ConversationFact(label: "Branch", value: "main"), ConversationFact(label: "Model", value: "")])
        let bad = """
            {"facts": [{"label": "", "value": "x"}, {"label": "Branch"}, 3], "messages": []}
            """
        do {
            _ = try ConversationLoader.decode(bytes: Array(bad.utf8), file: "c.json")
            Issue.record("bad facts loaded")
        } catch {
            #expect(
                error.diagnostics.map(\.description) == [
                    "c.json:1:22: error: facts[0].label: expected a non-empty string",
                    "c.json:1:41: error: facts[1].value: missing required field \"value\"; expected a string",
                    "c.json:1:62: error: facts[2]: expected a fact object with \"label\" and \"value\", found a number",
                ])
        }
        let many = "{\"facts\": [" + Array(repeating: "{\"label\": \"a\", \"value\": \"b\"}", count: 33).joined(separator: ",") + "], \"messages\": []}"
        #expect(throws: DiagnosticError.self) { try ConversationLoader.decode(bytes: Array(many.utf8), file: "c.json") }
        #expect(try ConversationLoader.decode(bytes: Array(#"{"facts": null, "messages": []}"#.utf8), file: "c.json").0.facts == [])
    }

    @Test func aTerminalTitleRoundTrips() throws {
        var message = Message(id: "m", role: .assistant, text: "")
        message.parts = [.terminal(TerminalPart(command: "make", output: "ok\n", exitCode: 0, title: "Build it"))]
        let native = NativeJSON.encode(Conversation(title: nil, messages: [message]))
        let (back, _) = try ConversationLoader.decode(bytes: native, file: "t.json")
        #expect(back.messages?.first?.parts == message.parts)
        let html = TurnView.render(message, index: 1, assets: AssetTable(), options: Self.options).description
        #expect(html.contains("<p class=\"cr-part-meta-line\" dir=\"auto\">Build it</p>"))
    }

    @Test func readResultsNotInTheNumberedShapeStayPlain() {
        #expect(ToolResultView.numbered("just text", path: "a.py") == nil)
        #expect(ToolResultView.numbered("  1\tone\n  2\ttwo", path: "a.py") != nil, "older logs number with a tab")
        #expect(ToolResultView.language(forPath: "src/App.swift") == "swift")
        #expect(ToolResultView.language(forPath: "notes.unknownext") == nil)
    }
}
