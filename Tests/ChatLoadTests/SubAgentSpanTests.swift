import Testing
@testable import ChatModel
@testable import ChatSupport
@testable import ChatLoad
import TestSupport

extension LoadTests {
    /// A sub-agent's transcript carries the time it ran, from its own lines as each agent's log
    /// records them, so a turn that ran several at once can draw them on a timeline; and the time
    /// survives the conversation file an import writes.
    @Suite("Sub-agents' time spans")
    struct SubAgentSpanTests {
        static let parallel = "import/claude-code/parallel/9a4c2e71-3b5d-4f86-a1c7-2d8e6f0b4a93.jsonl"
        static let interleaved = "import/claude-code/parallel/4e8b1f60-7c2a-4d95-b813-6a0f2c9e5d17.jsonl"

        /// The one conversation `reader` reads from the fixture at `path`.
        static func chat(_ reader: String, _ path: String) throws -> ImportedChat {
            let read = try #require(ExportReaders.named(reader)).read(TestPaths.fixture(path), options: ReadOptions())
            return try #require(read.chats.first)
        }

        /// The transcripts of `parts`, in order.
        static func transcripts(_ parts: [TurnPart]) -> [TranscriptPart] {
            parts.compactMap { if case .transcript(let transcript) = $0 { transcript } else { nil } }
        }

        /// Each transcript's title, start and end as written in the log.
        static func spans(_ parts: [TurnPart]) -> [String] {
            transcripts(parts).map { "\($0.title) \($0.started?.iso ?? "-") \($0.ended?.iso ?? "-")" }
        }

        @Test func parallelTaskCallsCarryTheirAgentsOwnTimes() throws {
            let chat = try Self.chat("claude-code", Self.parallel)
            let replies = chat.turns.filter { $0.role == .assistant }
            // Two Task calls in one message: each agent's log runs from its prompt to its report,
            // and the two overlap.
            #expect(
                Self.spans(replies[0].parts) == [
                    "Explore agent: Find callers of total() 2026-03-04T10:02:06.220Z 2026-03-04T10:03:12.640Z",
                    "general-purpose agent: Review discount tests 2026-03-04T10:02:07.905Z 2026-03-04T10:04:17.480Z",
                ])
            // One after the other: the second starts after the first has ended.
            #expect(
                Self.spans(replies[1].parts) == [
                    "general-purpose agent: Write the two tests 2026-03-04T10:05:04.100Z 2026-03-04T10:05:40.900Z",
                    "Explore agent: Check zero totals 2026-03-04T10:05:44.600Z 2026-03-04T10:06:19.800Z",
                ])
        }

        /// A 1.0 session's agents, whose sidechain lines interleave: each from its own first line
        /// to its own last.
        @Test func interleavedSidechainAgentsRunFromTheirFirstLineToTheirLast() throws {
            let chat = try Self.chat("claude-code", Self.interleaved)
            let reply = try #require(chat.turns.first { $0.role == .assistant })
            #expect(
                Self.spans(reply.parts) == [
                    "general-purpose agent: Find payment client imports 2026-03-04T14:20:04.000Z 2026-03-04T14:20:52.000Z",
                    "general-purpose agent: Find payment tests 2026-03-04T14:20:04.050Z 2026-03-04T14:20:31.000Z",
                ])
        }

        @Test func aCodexSubAgentRunsFromItsRolloutsFirstLineToItsLast() throws {
            let chat = try Self.chat("codex", "import/codex/sessions/2026/06/09/rollout-2026-06-09T14-00-00-019e5b10-2c3d-7a40-8e61-4f0a9b8c7d6e.jsonl")
            let agent = try #require(chat.turns.lazy.flatMap { Self.transcripts($0.parts) }.first)
            #expect(agent.started?.iso == "2026-06-09T14:00:04.212Z")
            #expect(agent.ended?.iso == "2026-06-09T14:00:30.590Z")
        }

        /// Copilot announces a sub-agent's start and end in the parent's log; between them, the
        /// agent's own events.
        @Test func copilotSubAgentsRunFromStartedToCompleted() throws {
            func event(_ type: String, _ data: String, agent: String? = nil, at time: String) -> String {
                "{\"type\":\"\(type)\",\"data\":\(data),\"id\":\"e\(time)\",\"timestamp\":\"2026-08-01T10:\(time)Z\",\"parentId\":null\(agent.map { ",\"agentId\":\"\($0)\"" } ?? "")}"
            }
            let lines = [
                event("user.message", #"{"content":"Review both modules"}"#, at: "00:01.000"),
                event(
                    "assistant.message",
                    #"{"messageId":"m1","content":"","toolRequests":[{"toolCallId":"t1","name":"task","arguments":{"agent_type":"code-review","description":"Review a.py","prompt":"Review a.py"}},{"toolCallId":"t2","name":"task","arguments":{"agent_type":"code-review","description":"Review b.py","prompt":"Review b.py"}}]}"#,
                    at: "00:02.000"),
                event("subagent.started", #"{"toolCallId":"t1","agentName":"code-review"}"#, at: "00:03.000"),
                event("subagent.started", #"{"toolCallId":"t2","agentName":"code-review"}"#, at: "00:03.500"),
                event("assistant.message", #"{"messageId":"s1","content":"a.py looks fine."}"#, agent: "agent-a", at: "00:40.000"),
                event("assistant.message", #"{"messageId":"s2","content":"b.py leaks a file handle."}"#, agent: "agent-b", at: "01:05.000"),
                event("subagent.completed", #"{"toolCallId":"t1","agentName":"code-review"}"#, at: "00:41.000"),
                event("tool.execution_complete", #"{"toolCallId":"t1","success":true,"result":{"content":"a.py looks fine."}}"#, at: "00:41.100"),
                event("subagent.completed", #"{"toolCallId":"t2","agentName":"code-review"}"#, at: "01:06.000"),
                event("tool.execution_complete", #"{"toolCallId":"t2","success":true,"result":{"content":"b.py leaks a file handle."}}"#, at: "01:06.100"),
                event("assistant.message", #"{"messageId":"m2","content":"One finding, in b.py."}"#, at: "01:10.000"),
            ]
            let (chat, warnings) = CopilotReader.read(bytes: Array(lines.joined(separator: "\n").utf8), file: "s.jsonl")
            #expect(warnings.isEmpty, "\(warnings)")
            #expect(
                Self.spans(chat?.turns.last?.parts ?? []) == [
                    "code-review agent: Review a.py 2026-08-01T10:00:03.000Z 2026-08-01T10:00:41.000Z",
                    "code-review agent: Review b.py 2026-08-01T10:00:03.500Z 2026-08-01T10:01:06.000Z",
                ])
        }

        /// Cursor's only times are its prompts': a sub-agent's start is known, its end is not.
        @Test func aCursorSubAgentHasItsStartOnly() throws {
            let chat = try Self.chat(
                "cursor",
                "import/cursor/projects/home-sample-dev-src-invoice-tools/agent-transcripts/0cf8e760-3644-45cd-ad39-040d543e9ed8/0cf8e760-3644-45cd-ad39-040d543e9ed8.jsonl"
            )
            let agent = try #require(chat.turns.lazy.flatMap { Self.transcripts($0.parts) }.first)
            #expect(agent.started != nil)
            #expect(agent.ended == nil)
            #expect(agent.span == nil)
        }

        @Test func anOpencodeSubAgentRunsFromItsSessionsStartToItsLastMessage() throws {
            let read = try #require(ExportReaders.named("opencode")).read(TestPaths.fixture("import/opencode/data"), options: ReadOptions())
            let agents = read.chats.flatMap { $0.turns.flatMap { Self.transcripts($0.parts) } }
            let agent = try #require(agents.first)
            let span = try #require(agent.span)
            #expect(span.start.secondsSinceEpoch < span.end.secondsSinceEpoch)
            // Its own messages fall inside it.
            for date in agent.messages.compactMap(\.date) {
                #expect(date.secondsSinceEpoch >= span.start.secondsSinceEpoch && date.secondsSinceEpoch <= span.end.secondsSinceEpoch)
            }
        }

        @Test func aLogWithoutTimesGivesNoSpan() throws {
            var part = TranscriptPart(title: "Agent", messages: [])
            part.setSpan(first: nil, last: ChatDate(iso: "2026-03-04T10:00:00Z"))
            #expect(part.started == nil && part.ended == nil)
            // A bare day is no time of day; an end before the start (a clock set back) is no end.
            part.setSpan(first: ChatDate(iso: "2026-03-04"), last: ChatDate(iso: "2026-03-05"))
            #expect(part.started == nil && part.ended == nil)
            part.setSpan(first: ChatDate(iso: "2026-03-04T10:00:05Z"), last: ChatDate(iso: "2026-03-04T10:00:01Z"))
            #expect(part.started?.iso == "2026-03-04T10:00:05Z" && part.ended == nil)
        }

        /// What an import writes, `render` reads back: the span goes through the conversation file.
        @Test func theSpanSurvivesTheConversationFile() throws {
            let chat = try Self.chat("claude-code", Self.parallel)
            let messages = chat.turns.map { turn in
                var message = Message(id: turn.id, role: turn.role, text: turn.text, date: turn.date)
                message.parts = turn.parts
                return message
            }
            let (loaded, warnings) = try ConversationLoader.decode(
                bytes: NativeJSON.encode(Conversation(title: chat.title, messages: messages)), file: "x.json")
            #expect(warnings.isEmpty, "\(warnings)")
            let reply = try #require(loaded.messages?.first { $0.role == .assistant })
            #expect(Self.spans(reply.parts) == Self.spans(chat.turns.first { $0.role == .assistant }!.parts))
        }

        @Test func anEndBeforeTheStartIsLeftOutWithAWarning() throws {
            let json = #"""
                {"messages": [{"id": "m1", "role": "assistant", "parts": [
                  {"type": "transcript", "title": "T", "started": "2026-03-04T10:00:05Z", "ended": "2026-03-04T09:59:00Z", "messages": []}]}]}
                """#
            let (conversation, warnings) = try ConversationLoader.decode(bytes: Array(json.utf8), file: "c.json")
            guard case .transcript(let part)? = conversation.messages?.first?.parts.first else {
                Issue.record("no transcript")
                return
            }
            #expect(part.started?.iso == "2026-03-04T10:00:05Z")
            #expect(part.ended == nil)
            #expect(
                warnings.map(\.description) == [
                    "c.json:2:84: warning: messages[0].parts[0].ended: \"ended\" (2026-03-04T09:59:00Z) is before \"started\" (2026-03-04T10:00:05Z); expected the transcript to end when or after it started; its end is left out"
                ])
        }
    }
}
