import Foundation
import Testing
@testable import ChatModel
@testable import ChatLoad
@testable import ChatRender
import TestSupport

/// A compaction is an API call the session paid for: its tokens are in the header's total, read
/// from its own log (`<session>/subagents/agent-acompact-*.jsonl`), the messages it was given
/// counted once.
@Suite struct ClaudeCodeCompactionTokensTests {
    func tokens(_ chat: ImportedChat?) -> String? { chat?.facts.first { $0.label == "Tokens" }?.value }

    static func line(_ type: String, id: String, usage: String, model: String = "claude-opus-4-5", extra: String = "") -> String {
        "{\"type\":\"\(type)\",\"uuid\":\"\(UUID().uuidString)\"\(extra),\"message\":{\"id\":\"\(id)\",\"model\":\"\(model)\",\"role\":\"assistant\",\"content\":[{\"type\":\"text\",\"text\":\"x\"}],\"usage\":\(usage)}}"
    }

    /// A session file with `compactions` logs under its subagents folder; its chat.
    func session(_ lines: [String], compactions: [[String]]) throws -> ImportedChat? {
        let root = TestPaths.temporaryFolder("cc-compaction")
        defer { try? FileManager.default.removeItem(atPath: root) }
        let subagents = root + "/s/subagents"
        try FileManager.default.createDirectory(atPath: subagents, withIntermediateDirectories: true)
        try (lines.joined(separator: "\n") + "\n").write(toFile: root + "/s.jsonl", atomically: true, encoding: .utf8)
        for (index, log) in compactions.enumerated() {
            try (log.joined(separator: "\n") + "\n").write(toFile: subagents + "/agent-acompact-\(index)f0e.jsonl", atomically: true, encoding: .utf8)
        }
        return try Importer.read(ImportRequest(format: .claudeCode, inputPath: root + "/s.jsonl", outputDirectory: "unused")).0.first
    }

    @Test func theFixturesCompactionCountsInTheHeader() throws {
        let (chats, _) = try Importer.read(ImportRequest(format: .claudeCode, inputPath: ClaudeCodeImporterTests.session, outputDirectory: "unused"))
        // Without it: 96 in · 3,640 out · 235k cache read · 27.3k cache written. Its log copies
        // msg_06F, msg_07G and msg_08H (counted already), then its own reply msg_C1: 3 in,
        // 640 out, 160,000 read, 1,500 written.
        #expect(tokens(chats.first) == "99 in · 4,280 out · 395k cache read · 28.8k cache written")
    }

    @Test func onlyTheCompactionsOwnRepliesCount() throws {
        let usage = "{\"input_tokens\":100,\"output_tokens\":10}"
        let chat = try session(
            [
                ClaudeCodeImporterTests.user("\"Go\""), Self.line("assistant", id: "m1", usage: usage), Self.line("assistant", id: "m2", usage: usage),
            ],
            compactions: [
                // The session's messages it was given, then the request and its reply over two
                // lines (the last with the final counts), by a model the session did not use.
                [
                    Self.line("assistant", id: "m1", usage: usage), Self.line("assistant", id: "m2", usage: usage),
                    ClaudeCodeImporterTests.user("\"Sum it up\""),
                    Self.line("assistant", id: "c1", usage: "{\"input_tokens\":1,\"output_tokens\":1}", model: "claude-haiku-4-5"),
                    Self.line("assistant", id: "c1", usage: "{\"input_tokens\":5,\"output_tokens\":70}", model: "claude-haiku-4-5"), "",
                ],
                // A log with nothing copied, and a line that is not JSON.
                [
                    ClaudeCodeImporterTests.user("\"Sum it up\""), "{not json",
                    Self.line("assistant", id: "c2", usage: "{\"input_tokens\":2,\"output_tokens\":30}"),
                ],
            ])
        #expect(tokens(chat) == "207 in · 120 out")
        #expect(chat?.facts.first { $0.label == "Models" }?.value == "claude-opus-4-5, claude-haiku-4-5")
    }

    /// A compaction's reply written in the session's own log, as a sidechain line.
    @Test func aCompactionReplyInTheSessionsLogCountsOnce() {
        let usage = "{\"input_tokens\":100,\"output_tokens\":10}"
        let side = ",\"isSidechain\":true,\"agentId\":\"acompact-9e1\""
        let (chat, _) = ClaudeCodeImporterTests().lines([
            ClaudeCodeImporterTests.user("\"Go\""), Self.line("assistant", id: "m1", usage: usage),
            Self.line("assistant", id: "m1", usage: usage, extra: side),
            Self.line("assistant", id: "c1", usage: "{\"input_tokens\":1,\"output_tokens\":2}", extra: side),
            Self.line("assistant", id: "c1", usage: "{\"input_tokens\":3,\"output_tokens\":40}", extra: side),
            // Another sub-agent's sidechain line is no compaction.
            Self.line("assistant", id: "x1", usage: usage, extra: ",\"isSidechain\":true,\"agentId\":\"a77\""),
        ])
        #expect(tokens(chat) == "103 in · 50 out")
    }
}
