import Foundation
import Testing
@testable import ChatModel
@testable import ChatSupport
@testable import ChatLoad
@testable import ChatRender
import TestSupport

/// Codex CLI rollouts of 0.13x, 0.77 and the first releases, in the shapes the CLI writes
/// (Fixtures/import/codex/make_fixtures.py).
@Suite struct CodexImporterTests {
    static let folder = TestPaths.fixture("import/codex")
    static let current = folder + "/sessions/2026/06/05/rollout-2026-06-05T09-12-00-0197e3a1-5c2b-7d40-9a61-3f0c8e2b1d55.jsonl"
    static let older = folder + "/sessions/2025/12/18/rollout-2025-12-18T16-04-00-019b3c2e-11aa-7e00-8c1d-5a6b7c8d9e0f.jsonl"

    func read(_ path: String) throws -> ([ImportedChat], [String]) {
        let (chats, warnings) = try Importer.read(ImportRequest(format: ImportFormat(name: "codex")!, inputPath: path, outputDirectory: "unused"))
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
        #expect(chat.title == "The tide table rounds 2.45 m down to 2.4. Find out why and fix it.")
        // The CLI's own context is not a prompt: the instructions are one notice, the environment nothing.
        #expect(
            chat.turns.filter { $0.role == .user }.map(\.text) == [
                "The tide table rounds 2.45 m down to 2.4. Find out why and fix it.",
                "Is ROUND_HALF_UP what tide tables use? Check the official guidance.",
                "Now add the CHANGELOG entry.",
            ])
        #expect(chat.turns.map(\.role) == [.assistant, .user, .assistant, .user, .assistant, .user, .assistant])
        #expect(kinds(chat.turns[0].parts) == ["notice:memory"])
        #expect(
            kinds(chat.turns[2].parts) == [
                "thinking:Looking for the rounding", "terminal:rg -n \"round\\(\" src:0", "thinking:Reasoning", "text",
                "diff:src/tides/format.py", "created:tests/test_format.py", "terminal:pytest -q:1", "diff:src/tides/format.py",
                "terminal:pytest -q:0", "tool:update_plan:ok", "text",
            ])
        #expect(kinds(chat.turns[4].parts) == ["tool:web_search:ok", "text", "notice:compacted"])
        #expect(kinds(chat.turns[6].parts) == ["tool:shell_command:running", "notice:interrupted"])
        // Reasoning: the summary shown, the encrypted content never.
        if case .thinking(let thinking) = chat.turns[2].parts[0] { #expect(thinking.text.contains("search the code")) }
        #expect(!"\(chat)".contains("gAAAA"))
        if case .terminal(let failed) = chat.turns[2].parts[6] {
            #expect(failed.output.hasPrefix("F.\n=== FAILURES ===") && !failed.output.contains("Wall time"))
        }
        if case .diff(let created) = chat.turns[2].parts[5] {
            #expect(
                created.old == "" && created.new == "from tides.format import height\n\n\ndef test_half_rounds_up():\n    assert height(2.45) == \"2.5 m\"\n")
        }
        if case .toolCall(let plan) = chat.turns[2].parts[9] {
            #expect(plan.title == "Updated the to-do list · 2 of 3 done")
            #expect(plan.result?.contains("- [ ] Note the change in CHANGELOG.md (in progress)") == true)
        }
        if case .toolCall(let search) = chat.turns[4].parts[0] { #expect(search.title == "Searched the web for “tide table height rounding convention”") }
        if case .notice(let compacted) = chat.turns[4].parts[2] { #expect(compacted.detail?.hasPrefix("The person asked to fix rounding") == true) }
        #expect(chat.turns[2].model == "gpt-5.3-codex" && chat.turns[4].model == "gpt-5.3-codex-mini")
        // The header: folder, branch, CLI version, both models, time and the last token totals.
        #expect(
            chat.facts.map { "\($0.label): \($0.value)" } == [
                "Project: /home/ana/src/tides", "Branch: fix-rounding", "Codex: 0.134.0", "Models: gpt-5.3-codex, gpt-5.3-codex-mini",
                "Time: 2026-06-05 09:12 – 09:13 UTC (1 min 17 s)", "Tokens: 17.5k in · 2,140 out · 30.7k cache read",
            ])
        // What a newer CLI writes and this reader does not know: one warning per kind, with a count.
        #expect(
            warnings == [
                "\(Self.current):41: warning: unknown event type \"thread_goal_updated\" (2 lines, the first here); left out, the rest is read",
                "\(Self.current):43: warning: unknown line type \"session_note\" (1 line here); left out, the rest is read",
            ])
    }

    @Test func a077SessionWithCommandArraysAndJSONOutputs() throws {
        let (chats, warnings) = try read(Self.older)
        #expect(warnings.isEmpty, "\(warnings)")
        let chat = try #require(chats.first)
        #expect(chat.turns.map(\.role) == [.assistant, .user, .assistant])
        if case .notice(let instructions) = chat.turns[0].parts[0] { #expect(instructions.detail == "Prefer small commits.") }
        #expect(
            kinds(chat.turns[2].parts) == [
                "thinking:Running the tests", "terminal:make test:2", "terminal:ls garden:0",
                "diff:Makefile", "tool:apply_patch:ok", "text",
            ])
        if case .terminal(let make) = chat.turns[2].parts[1] { #expect(make.output.contains("No module named 'garden.settings'")) }
        if case .toolCall(let deleted) = chat.turns[2].parts[4] {
            #expect(deleted.title == "Deleted garden/settings.py.orig" && deleted.titlePhrase?.key == .toolDeleted)
        }
        #expect(chat.facts.map(\.value).contains("20.5k in · 905 out · 12.3k cache read") == false)
        #expect(chat.facts.last?.value == "8,192 in · 905 out · 12.3k cache read")
    }

    @Test func theFirstReleasesBareLines() throws {
        let (chats, warnings) = try read(Self.folder + "/first-release/rollout-2025-05-02T08-00-00-5c9e1f2a.jsonl")
        #expect(warnings.isEmpty, "\(warnings)")
        #expect(kinds(chats.first?.turns.last?.parts ?? []) == ["terminal:ls:0", "text"])
        #expect(chats.first?.title == "List the files.")
    }

    /// A prompt that starts with Markdown (a template's heading) titles the page with its words.
    @Test func aTitleIsThePromptsWordsNotItsMarkdown() {
        let line =
            "{\"timestamp\":\"2026-06-07T10:00:00.000Z\",\"type\":\"response_item\",\"payload\":{\"type\":\"message\",\"role\":\"user\","
            + "\"content\":[{\"type\":\"input_text\",\"text\":\"## User Input\\n\\nFix the **tide** rounding\"}]}}\n"
        let (chat, _) = CodexReader.read(bytes: Array(line.utf8), file: "rollout-2026-06-07T10-00-00-t.jsonl")
        #expect(chat?.title == "User Input")
        // The prompt itself is shown as written.
        #expect(chat?.turns.first?.text == "## User Input\n\nFix the **tide** rounding")
    }

    @Test func brokenLinesAreWarningsAndTheRestReads() throws {
        let path = Self.folder + "/broken/rollout-2026-06-07T10-00-00-b.jsonl"
        let (chats, warnings) = try read(path)
        #expect(chats.first?.turns.map(\.role) == [.user, .assistant])
        #expect(
            warnings == [
                "\(path):3:91: warning: unexpected end of file; expected ',' or '}'; the line is left out",
                "\(path):4:1: warning: expected a JSON object, found an array; the line is left out",
            ])
        // A last line still being written (no line break yet) is not an error.
        let text =
            "{\"timestamp\":\"2026-06-07T10:00:00.000Z\",\"type\":\"response_item\",\"payload\":{\"type\":\"message\",\"role\":\"user\",\"content\":[{\"type\":\"input_text\",\"text\":\"Hi\"}]}}\n{\"timestamp\":\"2026-"
        let (chat, partial) = CodexReader.read(bytes: Array(text.utf8), file: "live.jsonl")
        #expect(chat?.turns.count == 1 && partial.isEmpty)
    }

    /// A rollout read once lets go of what it read as its turns are made (a long one never holds
    /// both): the same turns as a session that reads on, a call logged twice and a command's
    /// exit code told by an event included.
    @Test func turnsMadeWhileLettingGoOfTheReadAreTheSame() {
        func item(_ payload: String) -> String { "{\"timestamp\":\"2026-06-07T10:00:00.000Z\",\"type\":\"response_item\",\"payload\":\(payload)}" }
        let shell = #"{\"command\":[\"bash\",\"-lc\",\"pytest -q\"]}"#
        let lines = [
            item(#"{"type":"message","role":"user","content":[{"type":"input_text","text":"Run the tests"}]}"#),
            item(#"{"type":"function_call","name":"shell","call_id":"c1","arguments":"\#(shell)"}"#),
            item(#"{"type":"function_call_output","call_id":"c1","output":"3 passed"}"#),
            "{\"timestamp\":\"2026-06-07T10:00:01.000Z\",\"type\":\"event_msg\",\"payload\":{\"type\":\"exec_command_end\",\"call_id\":\"c1\",\"exit_code\":1}}",
            item(#"{"type":"function_call","name":"shell","call_id":"c2","arguments":"\#(shell)"}"#),
            item(#"{"type":"function_call","name":"shell","call_id":"c2","arguments":"\#(shell)"}"#),
            item(#"{"type":"function_call_output","call_id":"c2","output":"again"}"#),
            item(#"{"type":"message","role":"assistant","content":[{"type":"output_text","text":"Done."}]}"#),
        ]
        let bytes = Array(lines.joined(separator: "\n").utf8)
        let (kept, keptWarnings) = CodexReader.read(bytes: bytes, file: "r.jsonl")
        let (freed, freedWarnings) = CodexReader.read(bytes: bytes, file: "r.jsonl", freesAsTurnsAreMade: true)
        #expect(freed == kept)
        #expect(freedWarnings == keptWarnings)
        #expect(kinds(freed?.turns.last?.parts ?? []) == ["terminal:pytest -q:1", "terminal:pytest -q:-", "terminal:pytest -q:-", "text"])
    }

    @Test func theSessionsFolderIsASiteByProject() throws {
        let (chats, warnings) = try read(Self.folder + "/sessions")
        // The sub-agent's rollout is inside its parent's page, not a page of its own.
        #expect(chats.map(\.project) == ["garden-api", "tides", "tides"])
        #expect(warnings.count == 2)
        let day = try read(Self.folder + "/sessions/2025/12")
        #expect(day.0.count == 1)
        #expect(throws: DiagnosticError.self) { try read(Self.folder + "/nowhere") }
    }

    static let parent = folder + "/sessions/2026/06/09/rollout-2026-06-09T14-00-00-019e5b10-2c3d-7a40-8e61-4f0a9b8c7d6e.jsonl"
    static let child = folder + "/sessions/2026/06/09/rollout-2026-06-09T14-00-04-019e5b10-7f21-7c00-9a42-0d1e2f3a4b5c.jsonl"

    @Test func aSubAgentIsShownAtTheCallThatSpawnedIt() throws {
        for input in [Self.parent, Self.folder + "/sessions/2026/06/09"] {
            let (chats, warnings) = try read(input)
            #expect(warnings.isEmpty, "\(warnings)")
            #expect(chats.count == 1, "\(input)")
            let chat = try #require(chats.first)
            #expect(chat.title.hasPrefix("Explore how the tide table reads its station file"))
            // The spawn_agent call is the child's transcript, titled by its agent and task; the wait follows.
            #expect(
                kinds(chat.turns[1].parts) == [
                    "transcript:Noether: Read src/tides/stations.py and report where the height units are decided. Do no…",
                    "tool:wait:ok", "text",
                ])
            guard case .transcript(let agent) = chat.turns[1].parts[0] else { continue }
            #expect(agent.messages.map(\.role) == [.user, .assistant])
            #expect(agent.messages.map(\.speaker) == ["Codex", "Noether"])
            #expect(agent.messages[0].text.hasPrefix("Read src/tides/stations.py"))
            #expect(kinds(agent.messages[1].parts ?? []) == ["terminal:rg -n STATION_UNITS src:0", "text"])
            #expect(agent.messages[1].model == "gpt-5.3-codex-mini")
            // The sub-agent's model and tokens count in the session's header.
            let facts = Dictionary(uniqueKeysWithValues: chat.facts.map { ($0.label, $0.value) })
            #expect(facts["Models"] == "gpt-5.3-codex, gpt-5.3-codex-mini")
            #expect(facts["Tokens"] == "7,100 in · 500 out · 5,000 cache read", "\(facts)")
        }
        // The CLI's notification to the parent is its own chatter: shown with --include-system.
        let all = try Importer.read(ImportRequest(format: ImportFormat(name: "codex")!, inputPath: Self.parent, outputDirectory: "unused", includeSystem: true))
        let notices = all.0.first?.turns[1].parts.compactMap { part -> NoticePart? in if case .notice(let n) = part { n } else { nil } } ?? []
        #expect(notices.contains { $0.text == "A sub-agent reported back" && $0.detail?.contains("\"completed\"") == true })
        // Alone, the sub-agent's rollout is its own page, its agent named.
        let (alone, _) = try read(Self.child)
        #expect(alone.first?.facts.contains { $0.label == "Agent" && $0.value == "Noether" } == true)
        #expect(alone.first?.turns.last?.speaker == "Noether")
    }

    /// Every Code (just-every/code) writes Codex's rollouts under its own home, `~/.code`: read
    /// the same, each session named after it, in the header and as the agent a site groups by.
    @Test func aForksRolloutsAreReadAndNamedByWhereTheyLive() throws {
        let home = Self.folder + "/every-code/.code"
        let file = home + "/sessions/2026/06/11/rollout-2026-06-11T08-30-00-019e7a20-3b4c-7d10-8e2f-6a7b8c9d0e1f.jsonl"
        for input in [home, home + "/sessions", file] {
            let (chats, warnings) = try read(input)
            let chat = try #require(chats.first)
            #expect(chats.count == 1 && warnings.isEmpty, "\(warnings)")
            #expect(chat.agent == "Every Code")
            #expect(chat.facts.contains { $0.label == "Every Code" && $0.value == "0.4.7" })
            #expect(!chat.facts.contains { $0.label == "Codex" })
            #expect(kinds(chat.turns[1].parts) == ["thinking:Finding the units", "terminal:rg -n '\"ft\"' src/tides/stations.py:0", "text"])
            if case .terminal(let shell) = chat.turns[1].parts[1] { #expect(shell.output.contains("LA JOLLA")) }
        }
        // Codex's own sessions are Codex's: no agent is set, the header says Codex.
        let (own, _) = try read(Self.older)
        #expect(own.first?.agent == nil && own.first?.facts.contains { $0.label == "Codex" } == true)
        #expect(CodexReader.fork(of: "/home/ana/.code/sessions/2026/06/11/rollout-x.jsonl") == "Every Code")
        #expect(CodexReader.fork(of: "/home/ana/.code") == "Every Code")
        #expect(CodexReader.fork(of: "/home/ana/.codex/sessions/2026/06/11/rollout-x.jsonl") == nil)
        #expect(CodexReader.fork(of: "/home/ana/src/.code/notes/rollout-x.jsonl") == nil)
    }

    @Test func oddShapesAreWarningsNeverATrap() {
        let lines = [
            "{\"type\":\"response_item\",\"timestamp\":\"x\",\"payload\":{\"type\":\"function_call_output\",\"call_id\":\"nope\",\"output\":1}}",
            "{\"type\":\"response_item\",\"timestamp\":\"x\",\"payload\":{\"type\":\"function_call\",\"name\":\"shell\",\"arguments\":\"not json\",\"call_id\":\"c\"}}",
            "{\"type\":\"response_item\",\"timestamp\":\"x\",\"payload\":{\"type\":\"function_call_output\",\"call_id\":\"c\",\"output\":{\"content\":[{\"type\":\"input_text\",\"text\":\"ok\"}]}}}",
            "{\"type\":\"response_item\",\"timestamp\":\"x\",\"payload\":{\"type\":\"message\",\"role\":\"user\",\"content\":[{\"type\":\"input_image\",\"image_url\":\"data:image/png;base64,iVBORw0KGgo=\"}]}}",
            "{\"type\":\"event_msg\",\"timestamp\":\"x\",\"payload\":{\"type\":\"token_count\",\"info\":{\"total_token_usage\":{\"input_tokens\":1e308,\"output_tokens\":-4}}}}",
            "{\"type\":\"event_msg\",\"timestamp\":\"x\",\"payload\":{\"type\":\"exec_command_end\",\"call_id\":\"c\",\"exit_code\":1e300}}",
            "{\"type\":\"compacted\",\"timestamp\":\"x\",\"payload\":{}}",
            "{\"type\":\"session_meta\",\"payload\":{\"source\":{\"subagent\":{\"thread_spawn\":{\"parent_thread_id\":\"p\",\"agent_nickname\":\"Reviewer\"}}}}}",
        ]
        let (chat, warnings) = CodexReader.read(bytes: Array(lines.joined(separator: "\n").utf8), file: "odd.jsonl")
        #expect(chat != nil)
        // Counts out of range are left out, each field's with a warning of its own.
        #expect(
            warnings.map(\.message) == [
                "output for a call not in the log (1 line here); left out, the rest is read",
                "expected a count from 0 to 9007199254740992, found 1e+308; the count is left out",
                "expected a count from 0 to 9007199254740992, found -4; the count is left out",
            ])
        #expect(warnings.last?.location == SourceLocation(line: 5, column: 135, jsonPath: "payload.info.total_token_usage.output_tokens"))
        #expect(chat?.facts.contains { $0.label == "Agent" && $0.value == "Reviewer" } == true)
        #expect(chat?.turns.first { $0.role == .user }?.attachments.first?.contentType == "image/png")
    }

    @Test func applyPatchGrammar() {
        let changes = CodexPatch.changes(
            "*** Begin Patch\n*** Update File: a.py\n*** Move to: b.py\n@@ def f():\n-    x = 1\n+    x = 2\n@@ def g():\n     y = 1\n-    z\n*** Add File: n.txt\n+hello\n*** Delete File: old.txt\n*** End Patch"
        )
        #expect(
            changes == [
                CodexPatch.Change(
                    kind: .update, path: "a.py", movedTo: "b.py", old: ["    x = 1", "⋯", "    y = 1", "    z"], new: ["    x = 2", "⋯", "    y = 1"]),
                CodexPatch.Change(kind: .add, path: "n.txt", new: ["hello"]),
                CodexPatch.Change(kind: .delete, path: "old.txt"),
            ])
        #expect(CodexPatch.changes("just text").isEmpty)
    }
}
