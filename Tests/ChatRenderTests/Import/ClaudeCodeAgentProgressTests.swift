import Foundation
import Testing
@testable import ChatModel
@testable import ChatLoad
@testable import ChatRender

/// Sub-agents known only from the session's `agent_progress` lines (Claude Code 2.0 wrote no log
/// of their own): the fixture session, then each kind of drift on its own.
@Suite struct ClaudeCodeAgentProgressTests {
    static let session = ClaudeCodeImporterTests.folder + "/agent-progress/3c5e7a90-1d2f-4b68-8e19-5a7b3c9d0e2f.jsonl"
    let base = ClaudeCodeImporterTests()

    func read(_ path: String) throws -> (ImportedChat, [String]) {
        let (chats, warnings) = try Importer.read(ImportRequest(format: .claudeCode, inputPath: path, outputDirectory: "unused"))
        return (try #require(chats.first), warnings.map { $0.description.replacingOccurrences(of: ClaudeCodeImporterTests.folder + "/", with: "") })
    }

    func transcripts(_ chat: ImportedChat?) -> [TranscriptPart] {
        (chat?.turns ?? []).flatMap(\.parts).compactMap { part -> TranscriptPart? in if case .transcript(let t) = part { return t } else { return nil } }
    }

    /// A progress line of tool call `call`, forwarding `message` (a line as the session would have
    /// it) and, when given, the messages so far.
    static func progress(_ call: String, _ message: String?, soFar: [String]? = nil, prompt: String = "") -> String {
        var data = "\"type\":\"agent_progress\",\"prompt\":\"\(prompt)\",\"agentId\":\"a1\""
        if let message { data += ",\"message\":\(message)" }
        if let soFar { data += ",\"normalizedMessages\":[\(soFar.joined(separator: ","))]" }
        return "{\"type\":\"progress\",\"uuid\":\"\(UUID().uuidString)\",\"toolUseID\":\"agent_msg_t\",\"parentToolUseID\":\"\(call)\",\"data\":{\(data)}}"
    }

    static let task = ClaudeCodeImporterTests.call(
        "t", "Task", "{\"description\":\"Look around\",\"prompt\":\"Find the config\",\"subagent_type\":\"Explore\"}")

    // MARK: The fixture session

    @Test func aSubAgentWithoutALogIsRebuiltFromItsProgressLines() throws {
        let (chat, _) = try read(Self.session)
        #expect(chat.turns.map(\.role) == [.user, .assistant])
        #expect(base.kinds(chat.turns[1].parts) == ["text", "transcript", "text"], "progress lines are no turns of the session")
        let agent = try #require(transcripts(chat).first)
        #expect(agent.title == "Plan agent: Plan gift card support")
        #expect(agent.messages.map(\.role) == [.user, .assistant])
        #expect(agent.messages[0].text.hasPrefix("Study the checkout code"), "the prompt, forwarded first")
        #expect(agent.messages[0].speaker == "Claude")
        let reply = agent.messages[1]
        #expect(reply.speaker == "Plan agent")
        #expect(reply.model == "claude-sonnet-4-5-20250929")
        // Thinking and text were only in normalizedMessages; the report only in the call's result.
        #expect(
            base.kinds(reply.parts) == [
                "thinking", "text", "tool:Glob:ok", "tool:Read:ok", "tool:Read:ok", "tool:Grep:ok", "tool:Grep:ok",
                "terminal:0", "tool:Read:ok", "tool:Glob:ok", "tool:Read:ok", "text",
            ])
        #expect(reply.parts[1] == .text("I'll start with the checkout flow."))
        // All nine calls, each with its result; the one forwarded twice is there once.
        var titles: [String] = []
        for part in reply.parts {
            switch part {
            case .toolCall(let call):
                #expect(call.result?.isEmpty == false, "\(call.name) has its result")
                titles.append(call.title ?? call.name)
            case .terminal(let terminal):
                #expect(terminal.output.hasPrefix("9f1c2ab Split payments out of flow"))
                titles.append(terminal.command ?? "")
            default: continue
            }
        }
        #expect(
            titles == [
                "Found files matching checkout/**/*.py", "Read checkout/flow.py", "Read cart/totals.py", "Searched for “def charge” in checkout",
                "Searched for “payment_method”", "git log --oneline -3 -- checkout", "Read checkout/payments.py",
                "Found files matching checkout/tests/test_*.py", "Read checkout/tests/test_flow.py",
            ], "paths as written from the session's folder")
        guard case .text(let report)? = reply.parts.last else { Issue.record("no report"); return }
        #expect(report.hasPrefix("Plan: add `GiftCard` beside `Card`"))
    }

    @Test func theSubAgentsModelAndTokensCountOnceInTheHeader() throws {
        let (chat, _) = try read(Self.session)
        let facts = Dictionary(uniqueKeysWithValues: chat.facts.map { ($0.label, $0.value) })
        #expect(facts["Claude Code"] == "2.0.64")
        #expect(facts["Models"] == "claude-opus-4-5-20251101, claude-sonnet-4-5-20250929")
        // Two replies of the session (6 in, 240 out, 18,000 read, 1,200 written each) and the
        // agent's eight API messages (5, 120, 12,000, 800): msg_P3's two calls count once, and
        // the stray agent's message (its call is not in the log) not at all.
        #expect(facts["Tokens"] == "52 in · 1,440 out · 132k cache read · 8,800 cache written")
    }

    @Test func oddProgressLinesAreOneWarningPerKind() throws {
        let (_, warnings) = try read(Self.session)
        #expect(
            warnings == [
                "agent-progress/3c5e7a90-1d2f-4b68-8e19-5a7b3c9d0e2f.jsonl:22:256: warning: data.type: unknown progress type \"sparkle_progress\" (2 lines, the first here); left out, the rest is read",
                "agent-progress/3c5e7a90-1d2f-4b68-8e19-5a7b3c9d0e2f.jsonl:26:798: warning: parentToolUseID: agent_progress for tool call \"toolu_00Gone\", which is not in the log (2 lines, the first here); left out",
            ])
    }

    /// The 2.1 fixture forwards its sub-agent's first steps too, and has the sub-agent's own log:
    /// the log is read, the progress lines add nothing (no second Read, no tokens twice).
    @Test func aLogOfItsOwnIsPreferredToProgressLines() throws {
        let text = try String(contentsOfFile: ClaudeCodeImporterTests.session, encoding: .utf8)
        #expect(text.contains("\"parentToolUseID\":\"toolu_08Task\""), "the fixture has progress lines for the call")
        let (chat, warnings) = try read(ClaudeCodeImporterTests.session)
        #expect(warnings == [])
        let agent = try #require(transcripts(chat).first)
        #expect(agent.messages.map(\.role) == [.user, .assistant])
        #expect(base.kinds(agent.messages[1].parts) == ["tool:Read:ok", "tool:Grep:ok", "text"])
    }

    // MARK: Drift, line by line

    @Test func aMessageForwardedAgainCountsOnceWithOrWithoutItsUUID() {
        let ask = ClaudeCodeImporterTests.user("\"Find the config\"", uuid: "p1")
        let read = ClaudeCodeImporterTests.call("r", "Read", "{\"file_path\":\"config.toml\"}")
        // Without a uuid, a message is known by what it says.
        let bare =
            "{\"type\":\"assistant\",\"message\":{\"id\":\"msg_g\",\"role\":\"assistant\",\"content\":[{\"type\":\"tool_use\",\"id\":\"g\",\"name\":\"Glob\",\"input\":{\"pattern\":\"*.toml\"}}],\"usage\":{\"input_tokens\":7,\"output_tokens\":3}}}"
        let (chat, warnings) = base.lines([
            ClaudeCodeImporterTests.user("\"Where is the config?\""), Self.task,
            Self.progress("t", ask, soFar: [ask], prompt: "Find the config"),
            Self.progress("t", read, soFar: [ask, read]), Self.progress("t", read, soFar: [ask, read]),
            Self.progress("t", ClaudeCodeImporterTests.result("r", "\"name = 1\""), soFar: [ask, read]),
            Self.progress("t", bare), Self.progress("t", bare),
            Self.progress("t", ClaudeCodeImporterTests.result("g", "\"config.toml\"")),
            ClaudeCodeImporterTests.result("t", "[{\"type\":\"text\",\"text\":\"It is config.toml.\"}]"),
        ])
        #expect(warnings == [])
        let agent = transcripts(chat).first
        #expect(agent?.messages.map(\.role) == [.user, .assistant])
        #expect(base.kinds(agent?.messages[1].parts ?? []) == ["tool:Read:ok", "tool:Glob:ok", "text"])
        #expect(agent?.messages[1].parts.last == .text("It is config.toml."))
        // The session's Task call (10 in, 5 out), Read's message (10, 5) and Glob's (7, 3), each once.
        #expect(chat?.facts.last?.value == "27 in · 13 out")
    }

    /// Versions that forward the reply's text as well: the report is not said twice. A sub-agent
    /// whose prompt was not forwarded gets it from the call.
    @Test func theReportAndThePromptAreAddedOnlyWhenMissing() {
        let said = ClaudeCodeImporterTests.assistant("msg_s", "{\"type\":\"text\",\"text\":\"It is config.toml.\"}")
        let (chat, _) = base.lines([
            ClaudeCodeImporterTests.user("\"Where is the config?\""), Self.task,
            Self.progress("t", ClaudeCodeImporterTests.call("r", "Read", "{\"file_path\":\"config.toml\"}")),
            Self.progress("t", ClaudeCodeImporterTests.result("r", "\"name = 1\"")),
            Self.progress("t", said),
            ClaudeCodeImporterTests.result(
                "t", "[{\"type\":\"text\",\"text\":\"It is config.toml.\"},{\"type\":\"text\",\"text\":\"agentId: a1 (for resuming)\"}]"),
        ])
        let agent = transcripts(chat).first
        #expect(agent?.messages.map(\.text) == ["Find the config", ""])
        #expect(base.kinds(agent?.messages[1].parts ?? []) == ["tool:Read:ok", "text"])
    }

    /// A sub-agent still at work when the log ends shows what it did so far, with no report.
    @Test func aRunningSubAgentShowsItsStepsSoFar() {
        let (chat, _) = base.lines([
            ClaudeCodeImporterTests.user("\"Where is the config?\""), Self.task,
            Self.progress("t", ClaudeCodeImporterTests.user("\"Find the config\"")),
            Self.progress("t", ClaudeCodeImporterTests.call("r", "Read", "{\"file_path\":\"config.toml\"}")),
        ])
        let agent = transcripts(chat).first
        #expect(agent?.messages.map(\.role) == [.user, .assistant])
        #expect(base.kinds(agent?.messages[1].parts ?? []) == ["tool:Read:running"])
    }

    @Test func progressLinesOfOtherKindsAreQuietOrOneWarningEach() {
        let (chat, warnings) = base.lines([
            ClaudeCodeImporterTests.user("\"Go\""), ClaudeCodeImporterTests.call("b", "Bash", "{\"command\":\"make\"}"),
            "{\"type\":\"progress\",\"parentToolUseID\":\"b\",\"data\":{\"type\":\"bash_progress\",\"output\":\"cc -c a.c\",\"elapsedTimeSeconds\":3}}",
            "{\"type\":\"progress\",\"parentToolUseID\":\"b\",\"data\":{\"type\":\"hook_progress\"}}",
            "{\"type\":\"progress\",\"parentToolUseID\":\"b\",\"data\":{\"type\":\"glitter_progress\"}}",
            "{\"type\":\"progress\",\"parentToolUseID\":\"b\"}",
            "{\"type\":\"progress\",\"parentToolUseID\":\"b\",\"data\":{\"type\":\"glitter_progress\"}}",
            "{\"type\":\"progress\",\"parentToolUseID\":\"b\",\"data\":[1]}",
            "{\"type\":\"progress\",\"data\":{\"type\":\"agent_progress\",\"message\":{\"type\":\"user\",\"message\":{\"role\":\"user\",\"content\":\"x\"}}}}",
            "{\"type\":\"progress\",\"parentToolUseID\":\"b\",\"data\":{\"type\":\"agent_progress\",\"message\":{\"type\":\"system\",\"subtype\":\"x\"}}}",
            ClaudeCodeImporterTests.result("b", "\"ok\""),
        ])
        #expect(base.kinds(chat?.turns[1].parts ?? []) == ["terminal:0"], "a call that is not a sub-agent's ignores forwarded messages")
        #expect(
            warnings == [
                "s.jsonl:5:57: warning: data.type: unknown progress type \"glitter_progress\" (2 lines, the first here); left out, the rest is read",
                "s.jsonl:6:1: warning: data: a progress line without a \"data\" object (2 lines, the first here); left out, the rest is read",
                "s.jsonl:9:1: warning: parentToolUseID: an agent_progress line without \"parentToolUseID\" (1 line here); left out, the rest is read",
            ])
    }

    /// A forwarded message's warnings name where it is in its progress line.
    @Test func aForwardedMessagesWarningsNameItsPlace() {
        let odd = ClaudeCodeImporterTests.assistant("msg_o", "{\"type\":\"sparkle\"}")
        let (_, warnings) = base.lines([
            ClaudeCodeImporterTests.user("\"Go\""), Self.task,
            Self.progress("t", ClaudeCodeImporterTests.user("\"Find the config\"")),
            Self.progress("t", odd),
            ClaudeCodeImporterTests.result("t", "[{\"type\":\"text\",\"text\":\"Done.\"}]"),
        ])
        #expect(warnings.count == 1)
        #expect(warnings.first?.contains("s.jsonl:4:") == true)
        #expect(warnings.first?.contains("warning: data.message.message.content[0].type: unknown content block type \"sparkle\"") == true, "\(warnings)")
    }
}
