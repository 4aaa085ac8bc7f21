import Foundation
import Testing
@testable import ChatModel
@testable import ChatLoad
@testable import ChatRenderHTML
@testable import ChatRender
import TestSupport

/// `claude-code`: the 2.1 session fixture read whole, then each line and block type on its own.
@Suite struct ClaudeCodeImporterTests {
    static let folder = TestPaths.fixture("import/claude-code")
    static let project = folder + "/projects/-home-ana-src-shop"
    static let session = project + "/7f3c9a12-5b8e-4d21-9c47-0e6a1b2c3d4e.jsonl"

    func read(_ path: String) throws -> ([ImportedChat], [String]) {
        let (chats, warnings) = try Importer.read(ImportRequest(format: .claudeCode, inputPath: path, outputDirectory: "unused"))
        return (chats, warnings.map { $0.description.replacingOccurrences(of: Self.folder + "/", with: "") })
    }

    /// One session from lines given here.
    func lines(_ lines: [String]) -> (ImportedChat?, [String]) {
        let (chat, warnings) = ClaudeCodeImporter.read(bytes: Array(lines.joined(separator: "\n").utf8), file: "s.jsonl")
        return (chat, warnings.map(\.description))
    }

    static func user(_ content: String, _ extra: String = "", uuid: String = UUID().uuidString) -> String {
        "{\"type\":\"user\",\"uuid\":\"\(uuid)\"\(extra),\"message\":{\"role\":\"user\",\"content\":\(content)}}"
    }

    static func assistant(_ id: String, _ block: String, usage: String = "{\"input_tokens\":10,\"output_tokens\":5}", model: String = "claude-opus-4-5")
        -> String
    {
        "{\"type\":\"assistant\",\"uuid\":\"\(UUID().uuidString)\",\"message\":{\"id\":\"\(id)\",\"model\":\"\(model)\",\"role\":\"assistant\",\"content\":[\(block)],\"usage\":\(usage)}}"
    }

    static func call(_ id: String, _ name: String, _ input: String) -> String {
        assistant("msg_\(id)", "{\"type\":\"tool_use\",\"id\":\"\(id)\",\"name\":\"\(name)\",\"input\":\(input)}")
    }

    static func result(_ id: String, _ content: String, error: Bool = false, record: String? = nil) -> String {
        user(
            "[{\"type\":\"tool_result\",\"tool_use_id\":\"\(id)\",\"content\":\(content)\(error ? ",\"is_error\":true" : "")}]",
            record.map { ",\"toolUseResult\":\($0)" } ?? "")
    }

    func kinds(_ parts: [TurnPart]) -> [String] {
        parts.map { part in
            switch part {
            case .text: return "text"
            case .thinking: return "thinking"
            case .toolCall(let call): return "tool:\(call.name):\(call.status.rawValue)"
            case .codeExecution: return "code"
            case .diff(let diff): return "diff:\(diff.path ?? "")"
            case .terminal(let terminal): return "terminal:\(terminal.exitCode.map(String.init) ?? "nil")"
            case .document: return "document"
            case .notice(let notice): return "notice:\(notice.kind.rawValue)"
            case .transcript: return "transcript"
            }
        }
    }

    // MARK: The fixture session

    @Test func theSessionReadsAsTheAppShowsIt() throws {
        let (chats, warnings) = try read(Self.session)
        #expect(warnings == [])
        let chat = try #require(chats.first)
        #expect(chats.count == 1)
        // The last ai-title wins over the earlier one and the summary.
        #expect(chat.title == "Fix the cart total when a coupon and a bulk discount both apply")
        #expect(chat.turns.map(\.role) == [.user, .user, .assistant, .user, .assistant])
        #expect(kinds(chat.turns[0].parts) == ["notice:command"])
        #expect(chat.turns[1].text.hasPrefix("The cart total is wrong"))
        #expect(!chat.turns[1].text.contains("system-reminder"), "reminders for the model are hidden")
        #expect(chat.turns[1].attachments.map(\.contentType) == ["image/png"], "the pasted screenshot, once")
        #expect(
            kinds(chat.turns[2].parts) == [
                "thinking", "text", "tool:Grep:ok", "tool:Read:ok", "tool:Glob:ok", "tool:TodoWrite:ok", "terminal:1",
                "text", "diff:cart/totals.py", "tool:Bash:rejected", "notice:interrupted", "notice:info",
            ])
        #expect(
            kinds(chat.turns[4].parts) == [
                "transcript", "notice:error", "notice:compacted", "diff:cart/tests/test_coupons.py", "terminal:0",
                "tool:mcp__playwright__browser_take_screenshot:ok", "tool:WebFetch:ok", "text", "notice:info",
            ])
        #expect(chat.turns[2].model == "claude-opus-4-5-20251101")
    }

    @Test func theHeaderHasProjectBranchVersionModelsTimeAndTokens() throws {
        let chat = try #require(try read(Self.session).0.first)
        let facts = Dictionary(uniqueKeysWithValues: chat.facts.map { ($0.label, $0.value) })
        #expect(chat.facts.map(\.label) == ["Project", "Branch", "Claude Code", "Models", "Time", "Tokens"])
        #expect(facts["Project"] == "/home/ana/src/shop")
        #expect(facts["Branch"] == "fix/cart-totals")
        #expect(facts["Claude Code"] == "2.1.12")
        #expect(facts["Models"] == "claude-opus-4-5-20251101, claude-haiku-4-5-20251001")
        #expect(facts["Time"]?.hasPrefix("2026-03-02 09:14 – ") == true)
        // Three lines of msg_01A carry its usage: counted once. The sub-agent's three replies and
        // the compaction's reply (from its own log) count too.
        #expect(facts["Tokens"] == "99 in · 4,280 out · 395k cache read · 28.8k cache written")
    }

    @Test func eachToolBecomesItsPart() throws {
        let chat = try #require(try read(Self.session).0.first)
        let first = chat.turns[2].parts, second = chat.turns[4].parts
        guard case .toolCall(let grep) = first[2], case .toolCall(let read) = first[3], case .toolCall(let todo) = first[5],
            case .terminal(let failing) = first[6], case .diff(let edit) = first[8], case .toolCall(let push) = first[9]
        else {
            Issue.record("unexpected parts \(kinds(first))"); return
        }
        #expect(grep.title == "Searched for “def total” in /home/ana/src/shop")
        #expect(read.title == "Read cart/totals.py")
        #expect(read.result?.hasPrefix("     1\u{2192}from decimal import Decimal") == true)
        #expect(todo.title == "Updated the to-do list · 1 of 3 done")
        #expect(failing.command == "python -m pytest -q cart/tests")
        #expect(failing.title == "Run the cart tests")
        #expect(failing.output.hasPrefix("\u{1B}[31mF"), "ANSI colours kept for the page, the status line taken off")
        #expect(edit.unified?.hasPrefix("--- a/cart/totals.py\n+++ b/cart/totals.py\n@@ -6,5 +6,6 @@\n") == true)
        #expect(push.title == "Force-push the branch")
        #expect(push.result == nil, "a refusal is a state, not text the tool said")
        guard case .transcript(let agent) = second[0], case .notice(let compaction) = second[2],
            case .terminal(let passing) = second[4], case .toolCall(let shot) = second[5], case .toolCall(let fetch) = second[6]
        else {
            Issue.record("unexpected parts \(kinds(second))"); return
        }
        #expect(agent.title == "Explore agent: Review coupon test coverage")
        #expect(agent.messages.map(\.role) == [.user, .assistant])
        #expect(kinds(agent.messages[1].parts) == ["tool:Read:ok", "tool:Grep:ok", "text"])
        #expect(agent.messages[1].speaker == "Explore agent")
        #expect(agent.messages[1].model == "claude-haiku-4-5-20251001")
        #expect(compaction.text == "Conversation compacted automatically at 167k tokens")
        #expect(compaction.detail?.contains("Next: add the two cases") == true)
        #expect(passing.output == "\u{1B}[32m............\u{1B}[0m\n\u{1B}[32m12 passed\u{1B}[0m in 0.40s\n", "stdout from the tool's record")
        #expect(shot.title == "Browser take screenshot · playwright (MCP)")
        #expect(shot.attachmentIDs.count == 1)
        let returned = chat.turns[4].attachments
        #expect(returned.map(\.id) == shot.attachmentIDs, "the returned screenshot, once, in its call")
        #expect(fetch.title == "Fetched docs.python.org")
    }

    @Test func signaturesAndHiddenLinesNeverReachTheFile() throws {
        let chat = try #require(try read(Self.session).0.first)
        var conversation = Conversation(
            title: chat.title,
            messages: chat.turns.map { turn in
                var message = Message(
                    id: turn.id, role: turn.role, text: turn.parts.isEmpty ? turn.text : "",
                    attachments: turn.attachments.map {
                        Attachment(id: $0.id!, name: $0.name, byteCount: $0.byteCount, contentType: $0.contentType)
                    })
                message.parts = turn.parts
                return message
            })
        conversation.facts = chat.facts
        let native = String(decoding: NativeJSON.encode(conversation), as: UTF8.self)
        for hidden in ["EqQBCkgI", "local-command-caveat", "system-reminder", "file-history-snapshot", "also check the page", "<command-name>"] {
            #expect(!native.contains(hidden), "\(hidden) leaked")
        }
        #expect(native.contains("\"facts\": [\n    {\"label\": \"Project\", \"value\": \"/home/ana/src/shop\", \"phrase\": {\"key\": \"factProject\"}}"))
        let (back, _) = try ConversationLoader.decode(bytes: Array(native.utf8), file: "back.json")
        #expect(back.facts == chat.facts)
    }

    // MARK: Folders

    @Test func aProjectFolderIsOneConversationPerSession() throws {
        let (chats, warnings) = try read(Self.project)
        #expect(warnings == [])
        #expect(chats.map(\.title).sorted() == ["Fix the cart total when a coupon and a bulk discount both apply", "Payment client imports"])
    }

    @Test func theProjectsFolderGroupsByProject() throws {
        let (chats, _) = try read(Self.folder + "/projects")
        #expect(chats.count == 2)
        #expect(chats.allSatisfy { $0.project == "shop" })
    }

    /// Projects are named by their folder's last name; two of one name in different places keep
    /// their whole paths, so the index does not merge them.
    @Test func projectsOfOneNameInTwoPlacesStayApart() throws {
        let root = TestPaths.temporaryFolder("cc-projects")
        defer { try? FileManager.default.removeItem(atPath: root) }
        for (folder, cwd) in [("-home-a-work-app", "/home/a/work/app"), ("-home-a-play-app", "/home/a/play/app"), ("-home-a-src-shop", "/home/a/src/shop")] {
            try FileManager.default.createDirectory(atPath: root + "/" + folder, withIntermediateDirectories: true)
            let line = Self.user("\"Hello from \(folder)\"", ",\"cwd\":\"\(cwd)\"")
            _ = FileManager.default.createFile(atPath: root + "/" + folder + "/s.jsonl", contents: Data((line + "\n").utf8))
        }
        let (chats, _) = try read(root)
        #expect(Set(chats.compactMap(\.project)) == ["/home/a/work/app", "/home/a/play/app", "shop"])
    }

    @Test func olderSubAgentsComeFromSidechainLinesAndFromBesideTheSession() throws {
        let (chats, _) = try read(Self.project + "/2b1d0c9e-8f7a-4e65-b432-10fedcba9876.jsonl")
        let chat = try #require(chats.first)
        #expect(chat.title == "Payment client imports", "a custom title wins")
        #expect(chat.turns.map(\.role) == [.user, .assistant], "sidechain lines are not turns of the session")
        guard case .transcript(let inFile) = chat.turns[1].parts[0], case .transcript(let beside) = chat.turns[1].parts[1] else {
            Issue.record("unexpected parts \(kinds(chat.turns[1].parts))"); return
        }
        #expect(inFile.title == "general-purpose agent: Find payment client imports")
        #expect(kinds(inFile.messages[1].parts) == ["tool:Grep:ok", "text"])
        #expect(beside.messages.count == 2)
        #expect(beside.messages[1].parts == [.text("Yes: test_refund_full and test_refund_partial.")])
    }

    @Test func badLinesAreWarningsWithLineAndPathAndTheRestRenders() throws {
        let (chats, warnings) = try read(Self.folder + "/bad.jsonl")
        #expect(
            warnings == [
                "bad.jsonl:2:59: warning: unexpected end of file; expected ',' or '}'; the line is left out",
                "bad.jsonl:3:1: warning: expected a JSON object with \"type\", found an array; the line is left out",
                "bad.jsonl:4:9: warning: type: unknown line type \"telemetry-blip\"; expected \"user\", \"assistant\", \"system\", \"summary\", \"ai-title\" or \"custom-title\"; the line is left out",
                "bad.jsonl:5:88: warning: message.content[0].tool_use_id: a result for tool call \"toolu_nowhere\", which is not in the log; the result is left out",
                "bad.jsonl:6:84: warning: message.content[0].type: unknown content block type \"hologram\"; expected \"text\", \"thinking\" or \"tool_use\"; the block is left out",
            ])
        #expect(chats.first?.turns.map(\.text) == ["Hello", ""])
    }

    @Test func aMissingInputIsNamed() {
        #expect(throws: DiagnosticError.self) { try read(Self.folder + "/nowhere.jsonl") }
    }

    // MARK: Line types

    @Test func titlePrecedenceIsCustomThenLastAITitleThenSummaryThenFirstPrompt() {
        let prompt = Self.user("\"Make the build faster\\nand smaller\"")
        let reply = Self.assistant("m1", "{\"type\":\"text\",\"text\":\"Done.\"}")
        let ai1 = "{\"type\":\"ai-title\",\"aiTitle\":\"First\"}", ai2 = "{\"type\":\"ai-title\",\"aiTitle\":\"Second\"}"
        let summary = "{\"type\":\"summary\",\"summary\":\"Summed up\",\"leafUuid\":\"x\"}"
        let custom = "{\"type\":\"custom-title\",\"customTitle\":\"Mine\"}"
        #expect(lines([prompt, reply]).0?.title == "Make the build faster")
        #expect(lines([summary, prompt, reply]).0?.title == "Summed up")
        #expect(lines([prompt, ai1, reply, ai2, summary]).0?.title == "Second")
        #expect(lines([custom, prompt, ai1, reply]).0?.title == "Mine")
    }

    @Test func linesOfOneMessageAreOneReplyWithItsTokensCountedOnce() {
        let usage = "{\"input_tokens\":100,\"output_tokens\":40,\"cache_read_input_tokens\":2000}"
        let (chat, warnings) = lines([
            Self.user("\"Hi\""),
            Self.assistant("m1", "{\"type\":\"thinking\",\"thinking\":\"Greet.\",\"signature\":\"sig\"}", usage: usage),
            Self.assistant("m1", "{\"type\":\"text\",\"text\":\"Hello!\"}", usage: usage),
        ])
        #expect(warnings == [])
        #expect(chat?.turns.count == 2)
        #expect(kinds(chat?.turns[1].parts ?? []) == ["thinking", "text"])
        #expect(chat?.facts.last?.label == "Tokens")
        #expect(chat?.facts.last?.value == "100 in · 40 out · 2,000 cache read")
        #expect(
            chat?.facts.last?.valuePhrases == [
                UIPhrase(.tokensIn, ["count": "100"]), UIPhrase(.tokensOut, ["count": "40"]),
                UIPhrase(.tokensCacheRead, ["count": "2,000"]),
            ])
    }

    @Test func aLineWrittenTwiceCountsOnce() {
        let line = Self.user("\"Hi\"", uuid: "u1")
        #expect(lines([line, line, Self.assistant("m1", "{\"type\":\"text\",\"text\":\"Hello\"}")]).0?.turns.count == 2)
    }

    @Test func emptyThinkingAndRedactedThinkingAreLeftOut() {
        let (chat, _) = lines([
            Self.user("\"Hi\""),
            Self.assistant("m1", "{\"type\":\"thinking\",\"thinking\":\"\",\"signature\":\"sig\"}"),
            Self.assistant("m1", "{\"type\":\"redacted_thinking\",\"data\":\"xyz\"}"),
            Self.assistant("m1", "{\"type\":\"text\",\"text\":\"Hello\"}"),
        ])
        #expect(kinds(chat?.turns[1].parts ?? []) == ["text"])
    }

    @Test func resultsAttachToTheirCallByIDNotByPosition() {
        let (chat, _) = lines([
            Self.user("\"Look\""), Self.call("a", "Glob", "{\"pattern\":\"*.py\"}"), Self.call("b", "Glob", "{\"pattern\":\"*.md\"}"),
            Self.result("b", "\"README.md\""), Self.result("a", "\"main.py\""),
        ])
        let results = chat?.turns[1].parts.compactMap { part -> String? in
            if case .toolCall(let call) = part { return call.result }; return nil
        }
        #expect(results == ["main.py", "README.md"])
    }

    @Test func aCallWithoutAResultIsStillRunning() {
        let (chat, _) = lines([Self.user("\"Look\""), Self.call("a", "Glob", "{\"pattern\":\"*.py\"}")])
        #expect(kinds(chat?.turns[1].parts ?? []) == ["tool:Glob:running"])
    }

    @Test func metaLinesAreHiddenAndRemindersStripped() {
        let (chat, _) = lines([
            Self.user("\"Skill text for the model\"", ",\"isMeta\":true"),
            Self.user("\"<system-reminder>Only for the model</system-reminder>\""),
            Self.user("\"Fix it<system-reminder>note</system-reminder> please\""),
            Self.assistant("m1", "{\"type\":\"text\",\"text\":\"On it.\"}"),
        ])
        #expect(chat?.turns.map(\.text) == ["Fix it please", ""])
    }

    @Test func slashCommandsAreChipsWithTheirOutput() {
        let (chat, _) = lines([
            Self.user(
                "\"<command-name>/compact</command-name>\\n<command-message>compact</command-message>\\n<command-args>keep the test plan</command-args>\""),
            Self.user("\"<local-command-stdout>\\u001b[2mCompacted\\u001b[22m</local-command-stdout>\""),
            "{\"type\":\"system\",\"subtype\":\"local_command\",\"content\":\"<command-name>/cost</command-name>\\n<command-args></command-args>\",\"uuid\":\"s1\"}",
        ])
        let notices = chat?.turns.flatMap(\.parts).compactMap { part -> NoticePart? in
            if case .notice(let n) = part { return n }; return nil
        }
        #expect(notices == [NoticePart(kind: .command, text: "/compact keep the test plan", detail: "Compacted"), NoticePart(kind: .command, text: "/cost")])
        #expect(chat?.turns.map(\.role) == [.user, .user])
    }

    @Test func shellEscapesAreTerminals() {
        let (chat, _) = lines([
            Self.user("\"<bash-input>ls</bash-input>\""),
            Self.user("\"<bash-stdout>a.txt\\nb.txt</bash-stdout><bash-stderr></bash-stderr>\""),
        ])
        #expect(chat?.turns.first?.parts == [.terminal(TerminalPart(command: "ls", output: "a.txt\nb.txt"))])
    }

    @Test func systemLinesBecomeNotices() {
        let (chat, warnings) = lines([
            Self.user("\"Go\""), Self.assistant("m1", "{\"type\":\"text\",\"text\":\"Going.\"}"),
            "{\"type\":\"system\",\"subtype\":\"api_error\",\"uuid\":\"e1\",\"error\":{\"status\":500,\"error\":{\"error\":{\"message\":\"Internal server error\"}}},\"retryAttempt\":2,\"maxRetries\":10}",
            "{\"type\":\"system\",\"subtype\":\"turn_duration\",\"uuid\":\"d1\",\"durationMs\":125000}",
            "{\"type\":\"system\",\"subtype\":\"compact_boundary\",\"uuid\":\"c1\",\"content\":\"Conversation compacted\",\"compactMetadata\":{\"trigger\":\"manual\",\"preTokens\":52000},\"logicalParentUuid\":\"x\",\"parentUuid\":null}",
            Self.user("\"Summary of before\"", ",\"isCompactSummary\":true"),
            "{\"type\":\"system\",\"subtype\":\"stop_hook_summary\",\"uuid\":\"h1\"}",
            "{\"type\":\"file-history-snapshot\",\"messageId\":\"x\",\"snapshot\":{}}",
            "{\"type\":\"queue-operation\",\"operation\":\"enqueue\"}",
        ])
        #expect(warnings == [])
        let notices = chat?.turns.flatMap(\.parts).compactMap { part -> NoticePart? in
            if case .notice(let n) = part { return n }; return nil
        }
        // The importer's own words carry their string-table key, for pages in other languages.
        var worked = NoticePart(kind: .info, text: "Worked for 2 min 5 s")
        worked.phrase = UIPhrase(.workedFor, seconds: 125)
        var compacted = NoticePart(kind: .compacted, text: "Conversation compacted at 52k tokens", detail: "Summary of before")
        compacted.phrase = UIPhrase(.compactedAt, ["tokens": "52k"])
        #expect(notices == [NoticePart(kind: .error, text: "API error: Internal server error (retry 2 of 10)"), worked, compacted])
    }

    @Test func interruptionsAndRefusalsAreStates() {
        let (chat, _) = lines([
            Self.user("\"Edit it\""),
            Self.call("e", "Edit", "{\"file_path\":\"a.py\",\"old_string\":\"x\",\"new_string\":\"y\"}"),
            Self.result(
                "e",
                "\"The user doesn't want to proceed with this tool use. The tool use was rejected (eg. if it was a file edit, the new_string was NOT written to the file). To tell you how to proceed, the user said:\\nuse z instead\"",
                error: true),
            Self.user("\"[Request interrupted by user]\""),
        ])
        let parts = chat?.turns[1].parts ?? []
        #expect(kinds(parts) == ["tool:Edit:rejected", "notice:interrupted"])
        if case .toolCall(let edit) = parts.first { #expect(edit.result == "The person said: use z instead") }
        #expect(chat?.turns.count == 2, "an interruption is not speech")
    }

    @Test func failuresKeepTheirMessage() {
        let (chat, _) = lines([
            Self.user("\"Go\""),
            Self.call("e", "Edit", "{\"file_path\":\"a.py\",\"old_string\":\"x\",\"new_string\":\"y\"}"),
            Self.result("e", "\"<tool_use_error>String to replace not found in file.</tool_use_error>\"", error: true),
            Self.call("b", "Bash", "{\"command\":\"sleep 900\",\"description\":\"Wait\"}"),
            Self.result("b", "\"Command timed out after 2m 0.0s\"", error: true),
        ])
        let parts = chat?.turns[1].parts ?? []
        #expect(kinds(parts) == ["tool:Edit:error", "tool:Bash:error"])
        if case .toolCall(let edit) = parts.first { #expect(edit.result == "String to replace not found in file.") }
    }

    @Test func editsFallBackToTheirOldAndNewText() {
        let (chat, _) = lines([
            Self.user("\"Go\""),
            Self.call("e", "Edit", "{\"file_path\":\"a.py\",\"old_string\":\"x = 1\",\"new_string\":\"x = 2\"}"),
            Self.result("e", "\"The file a.py has been updated.\""),
            Self.call(
                "m", "MultiEdit", "{\"file_path\":\"b.py\",\"edits\":[{\"old_string\":\"a\",\"new_string\":\"b\"},{\"old_string\":\"c\",\"new_string\":\"d\"}]}"
            ),
            Self.result("m", "\"Applied 2 edits to b.py\""),
            Self.call("w", "Write", "{\"file_path\":\"c.py\",\"content\":\"print(1)\\n\"}"),
            Self.result(
                "w", "\"File created successfully at: c.py\"",
                record: "{\"type\":\"create\",\"filePath\":\"c.py\",\"content\":\"print(1)\\n\",\"structuredPatch\":[]}"),
        ])
        #expect(
            chat?.turns[1].parts == [
                .diff(DiffPart(path: "a.py", old: "x = 1", new: "x = 2")),
                .diff(DiffPart(path: "b.py", old: "a", new: "b")), .diff(DiffPart(path: "b.py", old: "c", new: "d")),
                .diff(DiffPart(path: "c.py", old: "", new: "print(1)\n", created: true)),
            ])
    }

    @Test func otherToolsAreNamedInWords() {
        let (chat, _) = lines([
            Self.user("\"Go\""),
            Self.call("s", "WebSearch", "{\"query\":\"decimal rounding\"}"), Self.result("s", "\"Web search results\""),
            Self.call("p", "ExitPlanMode", "{\"plan\":\"1. Fix\\n2. Test\"}"), Self.result("p", "\"User has approved your plan.\""),
            Self.call("n", "NotebookEdit", "{\"notebook_path\":\"a.ipynb\"}"), Self.result("n", "\"Updated cell\""),
            Self.call("t", "Task", "{\"description\":\"Look around\",\"prompt\":\"Find it\",\"subagent_type\":\"Explore\"}"),
            Self.result("t", "[{\"type\":\"text\",\"text\":\"Found it.\"}]"),
        ])
        let parts = chat?.turns[1].parts ?? []
        #expect(kinds(parts) == ["tool:WebSearch:ok", "document", "tool:NotebookEdit:ok", "transcript"])
        if case .toolCall(let search) = parts[0] { #expect(search.title == "Searched the web for “decimal rounding”") }
        if case .transcript(let agent) = parts[3] {
            // No log of its own: the prompt and the report.
            #expect(agent.messages.map(\.text) == ["Find it", ""])
            #expect(agent.messages[1].parts == [.text("Found it.")])
        }
    }

    /// A search whose result text lost its links (older logs keep them only in the record) gets
    /// them back from `toolUseResult.results`.
    @Test func aWebSearchGetsItsLinksFromTheRecord() {
        let record =
            #"{"query":"q","results":[{"tool_use_id":"srv","content":[{"title":"A \"quoted\" page","url":"https://a.example/"},{"title":"B","url":"https://b.example/"}]},"The summary."],"durationSeconds":1.5}"#
        let (chat, _) = lines([
            Self.user("\"Go\""),
            Self.call("s", "WebSearch", "{\"query\":\"q\"}"), Self.result("s", "\"The summary.\"", record: record),
        ])
        guard case .toolCall(let search)? = chat?.turns[1].parts.first else { Issue.record("no search"); return }
        #expect(
            search.result == #"Links: [{"title":"A \"quoted\" page","url":"https://a.example/"},{"title":"B","url":"https://b.example/"}]"# + "\n\nThe summary."
        )
        #expect(WebSearchResults.read(search.result ?? "").links.map(\.title) == ["A \"quoted\" page", "B"])
    }

    @Test func unknownLineAndBlockTypesAreWarnings() {
        let (chat, warnings) = lines([
            Self.user("\"Hi\""), "{\"type\":\"hologram\"}", "not json",
            Self.assistant("m1", "{\"type\":\"text\",\"text\":\"Hello\"},{\"type\":\"sparkle\"}"),
        ])
        #expect(chat?.turns.count == 2)
        #expect(warnings.count == 3)
        #expect(warnings[0].hasPrefix("s.jsonl:2:9: warning: type: unknown line type \"hologram\""))
        #expect(warnings[1].hasPrefix("s.jsonl:3:1: warning: "))
        #expect(warnings[2].hasPrefix("s.jsonl:4:"))
        #expect(warnings[2].contains("message.content[1].type: unknown content block type \"sparkle\""))
    }

    @Test func aLogOfBookkeepingOnlyIsNoConversation() {
        #expect(lines(["{\"type\":\"file-history-snapshot\",\"snapshot\":{}}", "{\"type\":\"summary\",\"summary\":\"x\"}"]).0 == nil)
    }

    @Test func anAgentIDNeverLeavesTheSessionFolder() {
        #expect(ClaudeCodeSource.agentLog("../../etc/passwd", sessionPath: Self.session) == nil)
        #expect(ClaudeCodeSource.agentLog("a3f9c21/../x", sessionPath: Self.session) == nil)
        #expect(ClaudeCodeSource.agentLog("", sessionPath: Self.session) == nil)
        #expect(ClaudeCodeSource.agentLog("a3f9c21", sessionPath: Self.session)?.meta?.hasSuffix("agent-a3f9c21.meta.json") == true)
    }

    /// Messages Claude Code writes in the person's turn are notices or nothing, by one table of
    /// tags; a person's own text with a tag in it stays theirs.
    @Test func harnessMessagesAreNeverThePersonsWords() {
        let (chat, warnings) = lines([
            Self.user("\"Run the tests in the background\""),
            Self.user(
                "\"<task-notification><task-id>b1f2</task-id><status>completed</status><summary>Background command \\\"Run tests\\\" completed (exit code 0)</summary></task-notification>\""
            ),
            Self.user("\"<local-command-caveat>Caveat: The messages below were generated by the user while running local commands.</local-command-caveat>\""),
            Self.user("\"<system-reminder>The TodoWrite tool hasn't been used recently.</system-reminder>\""),
            Self.user("\"<new-harness-thing><detail>Something the agent noted</detail></new-harness-thing>\""),
            Self.user("\"Why does <b>bold</b> not work in <my-widget>?\""),
        ])
        #expect(warnings.isEmpty, "\(warnings)")
        let turns = chat?.turns ?? []
        let spoken = turns.filter { $0.role == .user }.map(\.shownText)
        #expect(spoken == ["Run the tests in the background", "Why does <b>bold</b> not work in <my-widget>?"], "\(spoken)")
        let notices = turns.flatMap(\.parts).compactMap { part -> String? in
            if case .notice(let notice) = part { return notice.text } else { return nil }
        }
        #expect(notices == ["Background command \"Run tests\" completed (exit code 0)", "Something the agent noted"], "\(notices)")
        #expect(
            ClaudeCodeText.harness("<task-notification><summary>x</summary></task-notification>\nRead the output file") == nil,
            "text outside the tags is the person's")
    }

    /// A Write that made its file is a created file; one that replaced a file is an edit.
    @Test func aWriteThatMadeItsFileIsCreated() {
        let record = "{\"type\":\"create\",\"filePath\":\"/home/ana/src/shop/plan.md\",\"content\":\"# Plan\\n\",\"structuredPatch\":[],\"originalFile\":null}"
        let (chat, warnings) = lines([
            Self.user("\"Write the plan\""),
            Self.call("w1", "Write", "{\"file_path\":\"/home/ana/src/shop/plan.md\",\"content\":\"# Plan\\n\"}"),
            Self.result("w1", "\"File created successfully at: /home/ana/src/shop/plan.md\"", record: record),
            Self.call("w2", "Write", "{\"file_path\":\"/home/ana/src/shop/notes.md\",\"content\":\"new\\n\"}"),
            Self.result("w2", "\"File created successfully at: /home/ana/src/shop/notes.md\""),
            Self.call("w3", "Write", "{\"file_path\":\"/home/ana/src/shop/old.md\",\"content\":\"b\\n\"}"),
            Self.result(
                "w3", "\"The file /home/ana/src/shop/old.md has been updated.\"",
                record: "{\"type\":\"update\",\"content\":\"b\\n\",\"originalFile\":\"a\\n\",\"structuredPatch\":[]}"),
        ])
        #expect(warnings.isEmpty, "\(warnings)")
        let diffs = (chat?.turns ?? []).flatMap(\.parts).compactMap { part -> DiffPart? in
            if case .diff(let diff) = part { return diff } else { return nil }
        }
        #expect(diffs.map(\.created) == [true, true, false], "\(diffs)")
    }

    /// A session opened with a command that does work is titled by it; a setting is skipped.
    @Test func aSessionOpenedWithACommandIsTitledByIt() {
        let command =
            "\"<command-message>init is analyzing your codebase…</command-message>\\n<command-name>/init</command-name>\\n<command-args></command-args>\""
        let (chat, _) = lines([Self.user(command), Self.user("\"Now add a README\"")])
        #expect(chat?.title == "/init")
        let model = "\"<command-name>/model</command-name><command-args>opus</command-args>\""
        let (later, _) = lines([Self.user(model), Self.user("\"Fix the login bug\"")])
        #expect(later?.title == "Fix the login bug")
    }

    @Test func oddShapesAreWarningsOrIgnoredNeverATrap() {
        let (chat, _) = lines([
            "{\"type\":\"user\",\"message\":{\"content\":[{\"type\":\"tool_result\",\"tool_use_id\":7}]}}",
            "{\"type\":\"user\",\"message\":\"flat\"}",
            "{\"type\":\"assistant\",\"message\":{\"content\":[{\"type\":\"tool_use\",\"id\":\"x\",\"name\":\"Bash\",\"input\":[1,2]}],\"usage\":{\"input_tokens\":1e308,\"output_tokens\":-5}}}",
            "{\"type\":\"user\",\"message\":{\"content\":[{\"type\":\"tool_result\",\"tool_use_id\":\"x\",\"content\":\"Exit code 99999999999999999999999\\nboom\",\"is_error\":true}]}}",
            "{\"type\":\"user\",\"isCompactSummary\":true,\"message\":{\"content\":\"orphan summary\"}}",
            "{\"type\":\"system\",\"subtype\":\"compact_boundary\",\"compactMetadata\":\"auto\"}",
            "{\"type\":\"user\",\"message\":{\"content\":\"<command-name></command-name><system-reminder>unclosed\"}}",
        ])
        #expect(chat != nil)
    }

    @Test func theFormatIsNamedInMessages() {
        #expect(ImportFormat(name: "Claude-Code") == .claudeCode)
        #expect(ImportFormat.spokenList.hasPrefix("chatgpt, openai, anthropic"))
        #expect(ImportFormat.spokenList.contains("claude-code"))
    }

    @Test func figuresReadShort() {
        #expect(SessionText.tokens(999) == "999")
        #expect(SessionText.tokens(1_005) == "1,005")
        #expect(SessionText.tokens(45_600) == "45.6k")
        #expect(SessionText.tokens(167_392) == "167k")
        #expect(SessionText.tokens(2_340_000) == "2.3M")
        #expect(SessionText.duration(9) == "9 s")
        #expect(SessionText.duration(3720) == "1 h 2 min")
        let a = ChatDate(iso: "2026-03-02T23:50:00Z")!, b = ChatDate(iso: "2026-03-03T00:20:00Z")!
        #expect(SessionText.span(a, b) == "2026-03-02 23:50 – 2026-03-03 00:20 UTC (30 min)")
    }
}
