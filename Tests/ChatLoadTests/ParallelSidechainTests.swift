import Testing
@testable import ChatModel
@testable import ChatLoad
import TestSupport

extension LoadTests {
    /// Sub-agents that ran at once in a 1.0 Claude Code session wrote their sidechain lines into
    /// it in turn, one agent's between the other's: each transcript takes the lines that hang
    /// from its own prompt, not the next lines in the file.
    @Suite("Claude Code: interleaved sidechain lines")
    struct ParallelSidechainTests {
        static let session = "import/claude-code/parallel/4e8b1f60-7c2a-4d95-b813-6a0f2c9e5d17.jsonl"

        @Test func eachAgentKeepsItsOwnLines() throws {
            let read = try #require(ExportReaders.named("claude-code")).read(TestPaths.fixture(Self.session), options: ReadOptions())
            #expect(read.warnings.isEmpty, "\(read.warnings)")
            let reply = try #require(read.chats.first?.turns.first { $0.role == .assistant })
            let agents = reply.parts.compactMap { if case .transcript(let transcript) = $0 { transcript } else { nil } }
            try #require(agents.count == 2)
            /// Each turn as its text, or its tool calls' names and its text.
            func said(_ transcript: TranscriptPart) -> [String] {
                transcript.messages.map { message in
                    guard message.text.isEmpty else { return message.text }
                    return message.parts.map { part in
                        switch part {
                        case .text(let text): text
                        case .toolCall(let call): call.name
                        default: "?"
                        }
                    }.joined(separator: " | ")
                }
            }
            #expect(agents.map(\.title) == ["general-purpose agent: Find payment client imports", "general-purpose agent: Find payment tests"])
            #expect(said(agents[0]) == ["List every module that imports payments.client.", "Grep | web/checkout.py and api/refunds.py."])
            #expect(said(agents[1]) == ["List the test files under tests/ that exercise payments.", "Glob | Only tests/test_payments.py."])
        }
    }
}
