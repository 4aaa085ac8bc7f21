@testable import ChatModel
@testable import ChatPlan

/// A conversation with every kind of turn part, built in Swift: the goldens of `PartsTests` and
/// the page the parts are looked at in.
enum PartsFixture {
    static func message(
        _ id: String, _ role: Message.Role, _ parts: [TurnPart], attachments: [Attachment] = [],
        sources: [Source] = [], speaker: String? = nil, model: String? = nil
    ) -> Message {
        var message = Message(id: id, role: role, text: "", attachments: attachments)
        message.parts = parts
        message.sources = sources
        message.speaker = speaker
        message.model = model
        return message
    }

    static let thinking = TurnPart.thinking(
        ThinkingPart(text: "The user wants the failing test fixed.\n\nFirst **read** the test, then the code.", duration: 41))
    static let toolCall = TurnPart.toolCall(
        ToolCallPart(
            name: "Bash", title: "Run the tests", input: "{\"command\":\"pytest -q\",\"timeout\":120}",
            status: .error, result: "\u{1B}[31mF\u{1B}[0m.\n\u{1B}[1mFAILED\u{1B}[0m tests/test_x.py::test_add - assert 3 == 4\n1 failed, 1 passed in 0.12s"))
    static let webTool = TurnPart.toolCall(ToolCallPart(name: "web.search", input: "{\"query\":\"swift testing\"}", status: .ok, result: "3 results"))
    /// A browsing call that opened a page: titled by the page's site, the page linked inside.
    static let openedPage: TurnPart = {
        var call = ToolCallPart(
            name: "browser", title: "Opened carris.pt", input: "open_url(\"https://www.carris.pt/en/tram-28/\")",
            result: "Tram 28 – Carris\n\nRuns from Martim Moniz to Campo Ourique.", url: "https://www.carris.pt/en/tram-28/")
        call.titlePhrase = UIPhrase(.toolOpened, ["host": "carris.pt"])
        return .toolCall(call)
    }()
    static let codeExecution = TurnPart.codeExecution(
        CodeExecutionPart(
            language: "python", code: "import math\nprint(math.pi)",
            output: "3.141592653589793\n", status: .ok, attachmentIDs: ["chart"]))
    static let diff = TurnPart.diff(
        DiffPart(
            path: "src/x.py",
            unified: """
                --- a/src/x.py
                +++ b/src/x.py
                @@ -1,4 +1,6 @@
                 def add(a, b):
                -    return a - b
                +    \"\"\"Add two numbers.\"\"\"
                +    return a + b
                +
                 
                 def sub(a, b):
                \\ No newline at end of file
                """))
    static let computedDiff = TurnPart.diff(DiffPart(path: "notes.txt", old: "one\ntwo\nthree\n", new: "one\n2\nthree\nfour\n"))
    static let terminal = TurnPart.terminal(
        TerminalPart(
            command: "make test",
            output: "\u{1B}[32m✓\u{1B}[0m builds\nDownloading 10%\rDownloading 100%\n\u{1B}[1;31merror:\u{1B}[0m 2 tests failed\n\u{1B}]0;title\u{07}done",
            exitCode: 2))
    static let longTerminal = TurnPart.terminal(
        TerminalPart(command: "seq 1 45", output: (1...45).map(String.init).joined(separator: "\n") + "\n", exitCode: 0))
    static let document = TurnPart.document(
        DocumentPart(
            title: "Release notes", kind: .markdown, content: "## 2.0\n\n- Parts render\n- Sources list",
            versions: ["## 2.0\n\n- Parts render", "## 2.0 draft"]))
    static let codeDocument = TurnPart.document(DocumentPart(title: "add.py", kind: .code, language: "python", content: "def add(a, b):\n    return a + b\n"))
    static let notice = TurnPart.notice(
        NoticePart(kind: .compacted, text: "Conversation compacted", detail: "Earlier turns were summarised: the user is fixing `add`."))
    static let interrupted = TurnPart.notice(NoticePart(kind: .interrupted, text: "Interrupted by the user"))
    static let transcript = TurnPart.transcript(
        TranscriptPart(
            title: "Explore the test suite",
            messages: [
                message("sub-0", .user, [.text("Find the tests for `add`.")]),
                message(
                    "sub-1", .assistant,
                    [
                        .toolCall(
                            ToolCallPart(
                                name: "Grep", input: "{\"pattern\":\"def test_add\"}", status: .ok, result: "tests/test_x.py:3", attachmentIDs: ["shot"])),
                        .text("They are in `tests/test_x.py`."),
                    ], speaker: "Explorer"),
            ]))
    static let cited = TurnPart.text("Swift Testing runs tests in parallel [^docs], and `@Suite` groups them [^blog].")
    static let sources = [
        Source(id: "docs", title: "Swift Testing", url: "https://developer.apple.com/documentation/testing", snippet: "Tests run in parallel by default."),
        Source(id: "blog", title: "Grouping tests", url: "javascript:alert(1)"),
        Source(id: "bare", url: "https://www.example.com/post?id=1"),
    ]

    static let chart = Attachment(id: "chart", name: "chart.png", byteCount: 20_000, contentType: "image/png", preview: "chart.png")
    static let shot = Attachment(id: "shot", name: "grep.txt", byteCount: 120, contentType: "text/plain")
    static let loose = Attachment(id: "loose", name: "report.pdf", byteCount: 2_000, contentType: "application/pdf")

    /// Every part in one conversation.
    static var conversation: Conversation {
        Conversation(
            title: "Parts",
            messages: [
                message("m0", .user, [.text("Why does `test_add` fail?")], speaker: "Ada"),
                message(
                    "m1", .assistant,
                    [
                        thinking, toolCall, webTool, codeExecution, diff, computedDiff, terminal, longTerminal,
                        .text("Fixed: `add` now adds."), cited, document, codeDocument, notice, interrupted, transcript,
                    ],
                    attachments: [chart, shot, loose], sources: sources, model: "claude-sonnet-4-5"),
            ], markup: .full)
    }
}
