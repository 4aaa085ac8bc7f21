import Foundation
import Testing
@testable import ChatModel
@testable import ChatSupport
@testable import ChatLoad
@testable import ChatRender
import TestSupport

/// GitHub Copilot: CLI session logs (a 1.0.8x session folder, `events.jsonl` with
/// `workspace.yaml`, and an older CLI's flat `<id>.jsonl`) and VS Code's Copilot Chat export, in
/// the shapes the CLI and the editor write (Fixtures/import/copilot/make_fixtures.py).
@Suite struct CopilotImporterTests {
    static let folder = TestPaths.fixture("import/copilot")
    static let current = folder + "/session-state/80575baf-49d5-43f8-924e-8b3440c3f483/events.jsonl"
    static let flat = folder + "/session-state/208a3f51-8c41-4e4b-9a66-3885ddee53fb.jsonl"
    static let cwd = "/home/sample-dev/src/invoice-tools"

    func read(_ path: String) throws -> ([ImportedChat], [String]) {
        let (chats, warnings) = try Importer.read(ImportRequest(format: .copilot, inputPath: path, outputDirectory: "unused"))
        return (chats, warnings.map(\.description))
    }

    func kinds(_ parts: [TurnPart]) -> [String] {
        parts.map { part in
            switch part {
            case .text: return "text"
            case .thinking(let t): return "thinking:\(t.summary ?? "")"
            case .toolCall(let c): return "tool:\(c.name):\(c.status.rawValue)"
            case .terminal(let t): return "terminal:\(t.command ?? ""):\(t.exitCode.map(String.init) ?? "-")"
            case .diff(let d): return "\(d.created ? "created" : "diff"):\(d.path ?? "")"
            case .notice(let n): return "notice:\(n.kind.rawValue)"
            case .transcript(let t): return "transcript:\(t.title)"
            default: return "other"
            }
        }
    }

    @Test func aCurrentSessionReadsAsTheCLIShowedIt() throws {
        let (chats, warnings) = try read(Self.current)
        let chat = try #require(chats.first)
        // The title is the session's name in workspace.yaml.
        #expect(chat.title == "Fix ZeroDivisionError for empty invoices")
        // The prompts as typed: never the transformedContent the model saw.
        #expect(chat.turns.map(\.role) == [.user, .assistant, .user, .assistant])
        #expect(
            chat.turns.filter { $0.role == .user }.map(\.text) == [
                "The test for empty invoices fails with ZeroDivisionError. Find the cause and fix it, then rerun the tests.",
                "Commit it and push the branch.",
            ])
        #expect(!"\(chat)".contains("current_datetime") && !"\(chat)".contains("system_reminder"))
        #expect(chat.turns[0].attachments.map(\.name) == ["test_totals.py"])
        // One reply per prompt: the same reasoning (event and reasoningText) once, report_intent hidden.
        #expect(
            kinds(chat.turns[1].parts) == [
                "thinking:", "terminal:python -m pytest -q:1", "thinking:", "text", "tool:view:ok",
                "diff:\(Self.cwd)/invoice_tools/totals.py", "terminal:python -m pytest -q:0", "text",
            ])
        #expect(kinds(chat.turns[3].parts) == ["text", "tool:bash:rejected", "text"])
        // A failing test run is `success: true` with exit code 1; the marker line is not output.
        if case .terminal(let failed) = chat.turns[1].parts[1] {
            #expect(failed.output.hasSuffix("1 failed, 5 passed in 0.21s") && failed.title == "Run the test suite")
            #expect(!failed.output.contains("<exited"))
        }
        if case .toolCall(let view) = chat.turns[1].parts[4] {
            #expect(view.title == "Read totals.py" && view.titlePhrase?.key == .toolRead)
            #expect(view.result?.hasPrefix("1. \"\"\"Totals for invoices.\"\"\"") == true)
        }
        if case .diff(let diff) = chat.turns[1].parts[5] {
            #expect(diff.unified?.hasPrefix("diff --git a\(Self.cwd)/invoice_tools/totals.py") == true)
            #expect(diff.unified?.contains("+    if not lines:\n") == true && !diff.created)
        }
        if case .toolCall(let push) = chat.turns[3].parts[1] {
            #expect(push.title == "Commit and push" && push.result == "The user rejected this tool call.")
        }
        #expect(chat.turns[1].model == "claude-sonnet-4.5")
        // The header: folder, branch, CLI version, model, time and the shutdown's token totals.
        #expect(
            chat.facts.map { "\($0.label): \($0.value)" } == [
                "Project: \(Self.cwd)", "Branch: fix/empty-invoice", "Copilot CLI: 1.0.81", "Model: claude-sonnet-4.5",
                "Time: 2026-08-14 09:12 – 09:13 UTC (1 min 13 s)", "Tokens: 21.8k in · 620 out · 96.4k cache read · 15.1k cache written",
            ])
        // Event types a newer CLI writes and this reader does not know: one warning per kind.
        #expect(
            warnings == [
                "\(Self.current):26: warning: unknown event type \"session.workspace_indexed\" (1 line here); left out, the rest is read",
                "\(Self.current):46: warning: unknown event type \"session.memory_suggested\" (1 line here); left out, the rest is read",
            ])
    }

    @Test func anOlderFlatLogWithExitMarkersAndAnAbort() throws {
        let (chats, warnings) = try read(Self.flat)
        #expect(warnings.isEmpty, "\(warnings)")
        let chat = try #require(chats.first)
        #expect(chat.title == "Why does make lint fail?")
        #expect(chat.turns.map(\.role) == [.user, .assistant, .user, .assistant])
        // Exit codes from the trailing marker alone, and from a deprecated `terminal` block.
        // The sub-agent's own events (parentToolCallId) are its transcript, at the task call.
        #expect(
            kinds(chat.turns[1].parts) == [
                "terminal:make lint:2", "terminal:ls garden:0", "transcript:explore agent: Find the flake8 config", "thinking:", "text",
            ])
        if case .transcript(let agent) = chat.turns[1].parts[2] {
            #expect(agent.messages.map(\.role) == [.user, .assistant])
            #expect(agent.messages[0].text == "Find where flake8 is configured for this repo and which rules it selects.")
            #expect(kinds(agent.messages[1].parts ?? []) == ["tool:grep:ok", "text"] && agent.messages[1].model == "claude-haiku-4.5")
        }
        if case .terminal(let ls) = chat.turns[1].parts[1] { #expect(ls.output == "__init__.py\nviews.py") }
        // An edit that never completed, then Ctrl+C.
        #expect(kinds(chat.turns[3].parts) == ["text", "tool:str_replace_editor:running", "notice:interrupted"])
        if case .toolCall(let edit) = chat.turns[3].parts[1] { #expect(edit.title == "Edit views.py" && edit.titlePhrase?.key == .toolEdit) }
        #expect(
            chat.facts.map { "\($0.label): \($0.value)" } == [
                "Project: /home/sample-dev/src/garden", "Copilot CLI: 0.0.401", "Models: gpt-5, claude-haiku-4.5", "Time: 2026-07-15 09:12 UTC",
            ])
    }

    @Test func theSessionStateFolderIsASiteByProject() throws {
        let (chats, warnings) = try read(Self.folder + "/session-state")
        #expect(chats.map(\.project) == ["garden", "invoice-tools"])
        #expect(warnings.count == 2)
        // One session's folder is one page.
        let one = try read(Self.folder + "/session-state/80575baf-49d5-43f8-924e-8b3440c3f483")
        #expect(one.0.count == 1 && one.0.first?.project == nil)
        #expect(CopilotReader().rendersAlone(Self.folder + "/session-state/80575baf-49d5-43f8-924e-8b3440c3f483"))
        #expect(!CopilotReader().rendersAlone(Self.folder + "/session-state"))
        #expect(throws: DiagnosticError.self) { try read(Self.folder + "/nowhere") }
        // A folder of VS Code exports is read like a folder of sessions.
        #expect(try read(Self.folder + "/vscode-export").0.map(\.title) == ["What does grand_total do with the tax rate?"])
        #expect(throws: DiagnosticError.self) { try read(Self.folder + "/session-state/80575baf-49d5-43f8-924e-8b3440c3f483/workspace.yaml") }
    }

    // MARK: - VS Code's Copilot Chat export

    static let export = folder + "/vscode-export/chat-export.json"

    @Test func aVSCodeExportReadsAsTheEditorShowedIt() throws {
        let (chats, warnings) = try read(Self.export)
        let chat = try #require(chats.first)
        #expect(chat.title == "What does grand_total do with the tax rate?")
        #expect(chat.turns.map(\.role) == [.user, .assistant, .user, .assistant, .user, .assistant])
        #expect(chat.turns[2].text == "Run the tests and tell me which ones fail.")
        // Attached files are chips by name (the editor's active file among them); their content is not in the export.
        #expect(chat.turns[0].attachments.map(\.name) == ["totals.py"] && chat.turns[0].attachments[0].content == .unavailable)
        #expect(chat.turns[2].attachments.isEmpty && chat.turns[4].attachments.map(\.name) == ["totals.py"])
        // Markdown chunks are one text, with the inline reference in its place.
        #expect(kinds(chat.turns[1].parts) == ["text"])
        if case .text(let text) = chat.turns[1].parts[0] {
            #expect(text.contains("so the rate is a fraction (0.2 means 20%). See `grand_total`.\n\nIt does not round"))
        }
        // Reasoning, a terminal command with its output and exit code, a file read, in order.
        #expect(kinds(chat.turns[3].parts) == ["thinking:Planning test run", "text", "terminal:python -m pytest -q:0", "tool:read_file:ok", "text"])
        if case .terminal(let run) = chat.turns[3].parts[2] { #expect(run.output == "......\n6 passed in 0.19s" && run.title == "Run tests") }
        if case .toolCall(let readFile) = chat.turns[3].parts[3] {
            #expect(readFile.title == "Read totals.py" && readFile.titlePhrase?.key == .toolRead)
            #expect(readFile.input?.contains("\"startLine\": 1") == true)
        }
        if case .thinking(let thought) = chat.turns[3].parts[0] { #expect(thought.duration == 1.4) }
        // The edit is a diff from the call's own arguments, where the fenced pill stood; no empty code block is left.
        #expect(kinds(chat.turns[5].parts) == ["text", "diff:\(Self.cwd)/invoice_tools/totals.py", "text"])
        if case .diff(let diff) = chat.turns[5].parts[1] {
            #expect(diff.old?.contains("return subtotal * (1 + tax_rate)") == true && diff.new?.contains(".quantize(Decimal(\"0.01\"))") == true)
        }
        #expect(!"\(chat.turns[5].parts)".contains("````"))
        // The model by the name the editor showed, its id kept; the header says what ran it.
        #expect(chat.turns.compactMap(\.model) == ["gpt-4.1", "Claude Sonnet 4.6", "Claude Sonnet 4.6"])
        #expect(chat.turns[3].modelID == "claude-sonnet-4.6" && chat.turns[1].modelID == nil)
        #expect(
            chat.facts.map(\.value) == [
                Self.cwd, "VS Code · GitHub Copilot", "gpt-4.1, Claude Sonnet 4.6", "2026-08-14 09:00 – 09:04 UTC (4 min 2 s)", "37.7k in · 464 out",
            ])
        #expect(chat.date?.iso == "2026-08-14T09:00:00Z")
        // The part kind this build does not know is one warning with its JSON path.
        #expect(
            warnings == [
                "\(Self.export):266:9: warning: requests[1].response[5].kind: unknown response part kind \"hostDiagnosticSnapshot\" (1 part here); left out, the rest is read"
            ])
    }

    func export(_ json: String, file: String = "chat.json") throws(DiagnosticError) -> (ImportedChat?, [String]) {
        let (chat, warnings) = try CopilotReader.readChatExport(bytes: Array(json.utf8), file: file)
        return (chat, warnings.map(\.description))
    }

    @Test func olderAndNewerExportShapesRead() throws {
        let json = #"""
            {"responderUsername": "GitHub Copilot", "customTitle": "Rounding", "creationDate": 1786698000000, "requests": [
              {"requestId": "r1", "message": "old plain prompt", "response": [
                {"kind": "thinking", "value": ["Look at ", "the file."], "id": "t"},
                {"kind": "thinking", "value": ""},
                {"value": "Answer with `code`"},
                {"label": "src", "uri": {"path": "/w/src"}, "children": []},
                {"kind": "toolInvocationSerialized", "toolId": "run_in_terminal", "toolCallId": "c1", "isConfirmed": false, "isComplete": true,
                 "invocationMessage": "Running `rm -rf build`", "toolSpecificData": {"kind": "terminal", "command": "rm -rf build", "language": "sh"}},
                {"kind": "toolInvocationSerialized", "toolId": "copilot_findTextInFiles", "toolCallId": "c2", "isConfirmed": true, "isComplete": false,
                 "invocationMessage": {"value": "Searching for [total](file:///w/a.py)"}},
                {"kind": "futurePart", "x": 1}, {"kind": "futurePart"}, {"kind": "futurePart"},
                {"kind": "warning", "content": {"value": "Rate limited, retrying"}}
              ], "isCanceled": true, "modelId": "copilot/gpt-4o"},
              7,
              {"requestId": "r2", "message": {"text": "Edit it", "parts": []}, "variableData": {"variables": [
                  {"id": "t", "name": "tool", "kind": "tool"}, {"id": "i", "name": "photo.png", "kind": "image", "value": {"0": 137}}]},
               "response": [
                {"kind": "textEditGroup", "uri": {"$mid": 1, "path": "/w/a.py", "scheme": "file"}, "edits": [[{"text": "x = 1\n", "range": {}}]], "done": true}
              ], "result": {"errorDetails": {"message": "Sorry, your request failed."}}, "modelState": {"value": 3}}
            ]}
            """#
        let (chat, warnings) = try export(json)
        let turns = try #require(chat?.turns)
        #expect(chat?.title == "Rounding")
        #expect(turns.map(\.role) == [.user, .assistant, .user, .assistant])
        #expect(turns[0].text == "old plain prompt")
        // Thinking pieces joined; an empty thinking separator left out; the editor's file tree is not text.
        #expect(
            kinds(turns[1].parts) == [
                "thinking:", "text", "tool:run_in_terminal:rejected", "tool:copilot_findTextInFiles:running", "notice:error", "notice:interrupted",
            ])
        if case .thinking(let thought) = turns[1].parts[0] { #expect(thought.text == "Look at the file.") }
        if case .toolCall(let search) = turns[1].parts[3] { #expect(search.title == "Searching for total") }
        // An image and a file attached; tools given to the model are not attachments.
        #expect(turns[2].attachments.map(\.name) == ["photo.png"] && turns[2].attachments[0].contentType == "image/png")
        // An edit with no call arguments is what it wrote, by file; a failed reply ends with its error.
        #expect(kinds(turns[3].parts) == ["tool:edit:ok", "notice:error"])
        if case .toolCall(let edit) = turns[3].parts[0] { #expect(edit.title == "Edit a.py" && edit.result == "x = 1\n") }
        if case .notice(let failed) = turns[3].parts[1] { #expect(failed.text == "Sorry, your request failed.") }
        #expect(
            warnings == [
                "chat.json:14:3: warning: requests[1]: expected a request (an object), found a number; left out, the rest is read",
                "chat.json:11:5: warning: requests[0].response[6].kind: unknown response part kind \"futurePart\" (3 parts, the first here); left out, the rest is read",
            ])
    }

    @Test func whatIsNotAnExportIsOneClearError() throws {
        #expect(throws: DiagnosticError.self) { try export("[1, 2]") }
        do {
            _ = try export(#"{"responderUsername": "GitHub Copilot", "requests": 5}"#)
            Issue.record("expected an error")
        } catch {
            #expect(error.diagnostics.map(\.description) == ["chat.json:1:53: error: requests: expected \"requests\", the chat's requests (an array)"])
        }
        #expect(throws: DiagnosticError.self) { try export(#"{"requests": [{"requestId": "r", "message": {"text": "unterminated"#) }
        let (empty, warnings) = try export(#"{"responderUsername": "GitHub Copilot", "requests": []}"#)
        #expect(empty == nil && warnings.count == 1)
    }

    @Test func brokenLinesAreWarningsAndTheRestReads() {
        let lines = [
            "{\"type\":\"session.start\",\"data\":{\"sessionId\":\"s\",\"version\":1,\"producer\":\"copilot-agent\",\"copilotVersion\":\"1.0.9\",\"startTime\":\"2026-08-01T10:00:00.000Z\",\"context\":{\"cwd\":\"/w\"}},\"id\":\"e1\",\"timestamp\":\"2026-08-01T10:00:00.000Z\",\"parentId\":null}",
            "{\"type\":\"user.message\",\"data\":{\"content\":\"Hi\"},\"id\":\"e2\",\"timestamp\":\"2026-08-01T10:00:01.000Z\",\"parentId\":\"e1\"}",
            "{\"type\":\"assistant.message\",\"data\":{\"messageId\":\"m\",\"content\":\"Hello\"",
            "[1, 2]",
            "{\"type\":\"assistant.message_delta\",\"data\":{\"deltaContent\":\"x\"},\"id\":\"e3\",\"timestamp\":\"x\",\"parentId\":\"e2\",\"ephemeral\":true}",
            "{\"type\":\"assistant.message\",\"data\":{\"messageId\":\"m\",\"content\":\"Hello\"},\"id\":\"e4\",\"timestamp\":\"2026-08-01T10:00:02.000Z\",\"parentId\":\"e2\"}",
            "{\"type\":\"session.future_thing\",\"data\":{},\"id\":\"e5\",\"timestamp\":\"x\",\"parentId\":\"e4\"}",
            "{\"type\":\"session.future_thing\",\"data\":{},\"id\":\"e6\",\"timestamp\":\"x\",\"parentId\":\"e5\"}",
        ]
        // A last line still being written (no line break yet) is skipped silently.
        let text = lines.joined(separator: "\n") + "\n{\"type\":\"assistant.mess"
        let (chat, warnings) = CopilotReader.read(bytes: Array(text.utf8), file: "live.jsonl")
        #expect(chat?.turns.map(\.role) == [.user, .assistant])
        #expect(
            warnings.map(\.description) == [
                "live.jsonl:3:70: warning: unexpected end of file; expected ',' or '}'; the line is left out",
                "live.jsonl:4:1: warning: expected a JSON object, found an array; the line is left out",
                "live.jsonl:7: warning: unknown event type \"session.future_thing\" (2 lines, the first here); left out, the rest is read",
            ])
    }

    @Test func injectedPromptsAreNotThePersonsWords() {
        let lines = [
            "{\"type\":\"user.message\",\"data\":{\"content\":\"Fix it\",\"transformedContent\":\"<current_datetime>now</current_datetime> Fix it\"},\"id\":\"a\",\"timestamp\":\"x\",\"parentId\":null}",
            "{\"type\":\"user.message\",\"data\":{\"content\":\"Use the pdf skill\",\"source\":\"skill-pdf\"},\"id\":\"b\",\"timestamp\":\"x\",\"parentId\":\"a\"}",
            "{\"type\":\"user.message\",\"data\":{\"content\":\"Continue\",\"isAutopilotContinuation\":true},\"id\":\"c\",\"timestamp\":\"x\",\"parentId\":\"b\"}",
            "{\"type\":\"assistant.message\",\"data\":{\"messageId\":\"m\",\"content\":\"Done\"},\"id\":\"d\",\"timestamp\":\"x\",\"parentId\":\"c\"}",
            "{\"type\":\"assistant.message\",\"data\":{\"messageId\":\"s\",\"content\":\"sub-agent text\",\"parentToolCallId\":\"t\"},\"id\":\"e\",\"timestamp\":\"x\",\"parentId\":\"d\"}",
            "{\"type\":\"session.error\",\"data\":{\"errorType\":\"quota\",\"message\":\"Out of premium requests\"},\"id\":\"f\",\"timestamp\":\"x\",\"parentId\":\"e\"}",
        ]
        let (chat, warnings) = CopilotReader.read(bytes: Array(lines.joined(separator: "\n").utf8), file: "s.jsonl")
        // The sub-agent's message answers a task call the log does not hold: left out, said once.
        #expect(warnings.map(\.message) == ["holds the events of 1 sub-agent whose task call is not in the log; it is left out"])
        #expect(chat?.turns.filter { $0.role == .user }.map(\.text) == ["Fix it"])
        #expect(kinds(chat?.turns.last?.parts ?? []) == ["notice:info", "notice:info", "text", "notice:error"])
        if case .notice(let error)? = chat?.turns.last?.parts.last { #expect(error.text == "Error (quota): Out of premium requests") }
        #expect(!"\(String(describing: chat))".contains("sub-agent text"))
    }

    /// Newer CLIs mark a sub-agent's events with the envelope's `agentId`, not the call's id:
    /// agents are matched to the task calls in the order `subagent.started` named them.
    @Test func subAgentsOfNewerCLIsAreNestedByAgentId() {
        func event(_ type: String, _ data: String, agent: String? = nil, id: Int) -> String {
            "{\"type\":\"\(type)\",\"data\":\(data),\"id\":\"e\(id)\",\"timestamp\":\"2026-08-01T10:00:\(10 + id).000Z\",\"parentId\":null\(agent.map { ",\"agentId\":\"\($0)\"" } ?? "")}"
        }
        let lines = [
            event("user.message", #"{"content":"Review both modules"}"#, id: 1),
            event(
                "assistant.message",
                #"{"messageId":"m1","content":"","toolRequests":[{"toolCallId":"t1","name":"task","arguments":{"agent_type":"code-review","description":"Review a.py","prompt":"Review a.py"}},{"toolCallId":"t2","name":"task","arguments":{"agent_type":"code-review","description":"Review b.py","prompt":"Review b.py"}}]}"#,
                id: 2),
            event("subagent.started", #"{"toolCallId":"t1","agentName":"code-review","agentDisplayName":"Code review"}"#, id: 3),
            event("subagent.started", #"{"toolCallId":"t2","agentName":"code-review","agentDisplayName":"Code review"}"#, id: 4),
            event("assistant.message", #"{"messageId":"s1","content":"a.py looks fine."}"#, agent: "agent-a", id: 5),
            event("assistant.message", #"{"messageId":"s2","content":"b.py leaks a file handle."}"#, agent: "agent-b", id: 6),
            event("tool.execution_complete", #"{"toolCallId":"t1","success":true,"result":{"content":"a.py looks fine."}}"#, id: 7),
            event("tool.execution_complete", #"{"toolCallId":"t2","success":true,"result":{"content":"b.py leaks a file handle."}}"#, id: 8),
            event("assistant.message", #"{"messageId":"m2","content":"One finding, in b.py."}"#, id: 9),
        ]
        let (chat, warnings) = CopilotReader.read(bytes: Array(lines.joined(separator: "\n").utf8), file: "s.jsonl")
        #expect(warnings.isEmpty, "\(warnings)")
        let parts = chat?.turns.last?.parts ?? []
        #expect(kinds(parts) == ["transcript:code-review agent: Review a.py", "transcript:code-review agent: Review b.py", "text"])
        if case .transcript(let b) = parts[1] {
            #expect(b.messages.map(\.text) == ["Review b.py", ""])
            #expect(b.messages[1].parts == [.text("b.py leaks a file handle.")])
        }
    }

    @Test func oddShapesAreWarningsNeverATrap() {
        let lines = [
            "{}",
            "{\"type\":\"tool.execution_complete\",\"data\":{\"toolCallId\":\"nope\",\"success\":\"yes\",\"result\":7,\"error\":\"bad\"},\"id\":\"a\",\"timestamp\":1,\"parentId\":null}",
            "{\"type\":\"tool.execution_start\",\"data\":{\"toolCallId\":\"b\",\"toolName\":\"bash\",\"arguments\":[1]},\"id\":\"b\",\"timestamp\":\"x\",\"parentId\":\"a\"}",
            "{\"type\":\"tool.execution_complete\",\"data\":{\"toolCallId\":\"b\",\"success\":true,\"result\":{\"content\":\"<exited with exit code 99999999999999999999>\",\"contents\":[{\"type\":\"shell_exit\",\"exitCode\":1e300}]}},\"id\":\"c\",\"timestamp\":\"x\",\"parentId\":\"b\"}",
            "{\"type\":\"assistant.message\",\"data\":{\"toolRequests\":[{\"name\":\"edit\"},{\"toolCallId\":\"e\",\"name\":\"edit\",\"arguments\":\"not an object\"},7]},\"id\":\"d\",\"timestamp\":\"x\",\"parentId\":\"c\"}",
            "{\"type\":\"tool.execution_complete\",\"data\":{\"toolCallId\":\"e\",\"success\":true,\"result\":{\"detailedContent\":\"diff --git\"}},\"id\":\"e\",\"timestamp\":\"x\",\"parentId\":\"d\"}",
            "{\"type\":\"session.shutdown\",\"data\":{\"modelMetrics\":{\"m\":{\"usage\":{\"inputTokens\":-5,\"outputTokens\":1e308}}}},\"id\":\"f\",\"timestamp\":\"x\",\"parentId\":\"e\"}",
            "{\"type\":\"user.message\",\"data\":{\"content\":7,\"attachments\":[{\"type\":\"blob\",\"data\":\"!!\"},{\"type\":\"file\"},5]},\"id\":\"g\",\"timestamp\":\"x\",\"parentId\":\"f\"}",
            "{\"type\":\"update_todo\",\"data\":[]}",
            "{\"type\":\"tool.execution_start\",\"data\":{\"toolCallId\":\"t\",\"toolName\":\"update_todo\",\"arguments\":{\"todos\":\"- [x] a\\n- [ ] b\"}},\"id\":\"h\",\"timestamp\":\"x\",\"parentId\":\"g\"}",
            "{\"type\":\"tool.execution_complete\",\"data\":{\"toolCallId\":\"t\",\"success\":true},\"id\":\"i\",\"timestamp\":\"x\",\"parentId\":\"h\"}",
        ]
        let (chat, warnings) = CopilotReader.read(bytes: Array(lines.joined(separator: "\n").utf8), file: "odd.jsonl")
        #expect(chat != nil)
        #expect(
            warnings.map(\.message) == [
                "unknown event type \"(none)\" (1 line here); left out, the rest is read",
                "event without data \"update_todo\" (1 line here); left out, the rest is read",
                "expected a count from 0 to 9007199254740992, found -5; the count is left out",
                "expected a count from 0 to 9007199254740992, found 1e+308; the count is left out",
            ])
        #expect(warnings[2].location.line == 7 && warnings[2].location.jsonPath == "data.modelMetrics.m.usage.inputTokens")
        if case .toolCall(let todo)? = chat?.turns.last?.parts.last { #expect(todo.title == "Updated the to-do list · 1 of 2 done") }
    }

    /// The CLI records tokens only at each run's end (`session.shutdown`, by model); they reach
    /// the site's totals and insights as the session's, by model, counted here from the log's own
    /// lines: `inputTokens` holds the cache reads too, and a resumed run whose counters are below
    /// the last one's started again, so its counts are added to the runs before it.
    @Test func theCLIsTotalsAreTheSessionsTokensByModel() throws {
        func expected(_ text: String) -> [String: [Int]] {
            var before: [String: [Int]] = [:], now: [String: [Int]] = [:], last: [Int]? = nil
            for line in text.split(separator: "\n") {
                guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                    object["type"] as? String == "session.shutdown",
                    let metrics = (object["data"] as? [String: Any])?["modelMetrics"] as? [String: [String: Any]]
                else { continue }
                var run: [String: [Int]] = [:]
                for (model, entry) in metrics {
                    let usage = entry["usage"] as? [String: Int] ?? [:]
                    run[model] = ["inputTokens", "outputTokens", "cacheReadTokens", "cacheWriteTokens"].map { usage[$0] ?? 0 }
                }
                let total = run.values.reduce([0, 0]) { [$0[0] + $1[0], $0[1] + $1[1]] }
                if let last, total[0] < last[0] || total[1] < last[1] {
                    for (model, counts) in now { before[model] = zip(before[model] ?? [0, 0, 0, 0], counts).map { $0 + $1 } }
                }
                now = run
                last = total
            }
            var out = before
            for (model, counts) in now { out[model] = zip(out[model] ?? [0, 0, 0, 0], counts).map { $0 + $1 } }
            // As a turn's usage counts them: input without the cache reads.
            return out.mapValues { [$0[0] - $0[2], $0[1], $0[2], $0[3]] }
        }
        func actual(_ chat: ImportedChat) -> [String: [Int]] {
            var out: [String: [Int]] = [:]
            for entry in chat.sessionUsage {
                let u = entry.usage
                out[entry.model ?? ""] = [u.input, u.output, u.cacheRead, u.cacheWrite].map { Int($0.value) }
            }
            return out
        }
        let text = try String(contentsOfFile: Self.current, encoding: .utf8)
        let one = try #require(try read(Self.current).0.first)
        #expect(actual(one) == expected(text))
        #expect(actual(one) == ["claude-sonnet-4.5": [21_830, 620, 96_400, 15_100]])

        // Resumed twice: once carrying its counters on, once starting them again with a second model.
        let folder = TestPaths.temporaryFolder("copilot-runs")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let shutdown = text.split(separator: "\n").first { $0.contains("\"session.shutdown\"") }.map(String.init)!
        let carried = shutdown.replacingOccurrences(of: "\"inputTokens\":118230", with: "\"inputTokens\":150000")
            .replacingOccurrences(of: "\"outputTokens\":620", with: "\"outputTokens\":900")
            .replacingOccurrences(of: "90e189e9-cd03-430b-ae50-3f6e9745f2ff", with: "9e1f0000-0000-4000-8000-000000000001")
        let restarted =
            "{\"type\":\"session.shutdown\",\"data\":{\"shutdownType\":\"routine\",\"modelMetrics\":{"
            + "\"claude-sonnet-4.5\":{\"usage\":{\"inputTokens\":4000,\"outputTokens\":80,\"cacheReadTokens\":1000,\"cacheWriteTokens\":0}},"
            + "\"gpt-5-mini\":{\"usage\":{\"inputTokens\":2500,\"outputTokens\":40,\"cacheReadTokens\":0,\"cacheWriteTokens\":300}}}},"
            + "\"id\":\"9e1f0000-0000-4000-8000-000000000002\",\"timestamp\":\"2026-08-14T10:20:00.000Z\",\"parentId\":null}"
        let resumed = (text.hasSuffix("\n") ? text : text + "\n") + carried + "\n" + restarted + "\n"
        let session = folder + "/80575baf-49d5-43f8-924e-8b3440c3f483"
        try FileManager.default.createDirectory(atPath: session, withIntermediateDirectories: true)
        try resumed.write(toFile: session + "/events.jsonl", atomically: true, encoding: .utf8)
        let runs = try #require(try read(session + "/events.jsonl").0.first)
        #expect(actual(runs) == expected(resumed))
        #expect(actual(runs) == ["claude-sonnet-4.5": [150_000 + 4_000 - 96_400 - 1_000, 980, 97_400, 15_100], "gpt-5-mini": [2_500, 40, 0, 300]])

        // In the file `import` writes, and back.
        var conversation = Conversation(title: "runs", messages: [])
        conversation.sessionUsage = runs.sessionUsage
        let (decoded, _) = try ConversationLoader.decode(bytes: NativeJSON.encode(conversation), file: "runs.json")
        #expect(decoded.sessionUsage == runs.sessionUsage)
        // And in the site's summary, which the index's totals and the insights add up.
        #expect(ConversationSummary([], sessionUsage: runs.sessionUsage).usage == runs.sessionUsage)
    }
}
