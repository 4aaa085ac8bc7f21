import Foundation
import Testing
@testable import ChatModel
@testable import ChatSupport
@testable import ChatLoad
@testable import ChatRender
import TestSupport

/// Continue's sessions: one JSON file a session in `~/.continue/sessions/`, with the index
/// `sessions.json` beside them (Fixtures/import/continue/make_fixtures.py).
@Suite struct ContinueImporterTests {
    static let home = TestPaths.fixture("import/continue/.continue")
    static let sessions = home + "/sessions"
    static let first = sessions + "/3f6c1a2b-7d4e-4f80-9a1b-2c3d4e5f6a7b.json"

    func read(_ path: String) throws -> ([ImportedChat], [String]) {
        let (chats, warnings) = try Importer.read(ImportRequest(format: ImportFormat(name: "continue")!, inputPath: path, outputDirectory: "unused"))
        return (chats, warnings.map(\.description))
    }

    func kinds(_ parts: [TurnPart]) -> [String] {
        parts.map { part in
            switch part {
            case .text: return "text"
            case .thinking: return "thinking"
            case .toolCall(let c): return "tool:\(c.name):\(c.status.rawValue):\(c.title ?? "")"
            case .terminal(let t): return "terminal:\(t.command ?? ""):\(t.exitCode.map(String.init) ?? "-")"
            case .diff(let d): return "\(d.created ? "created" : "diff"):\(d.path ?? "")"
            default: return "other"
            }
        }
    }

    @Test func theFolderAndTheHomeReadTheSameSessions() throws {
        let (fromHome, warnings) = try read(Self.home)
        let (fromFolder, _) = try read(Self.sessions)
        #expect(fromHome == fromFolder)
        #expect(warnings == ["\(Self.home): warning: unknown message role \"summary\" (1 time); left out, the rest is read"])
        // Continue's title, a default "New Session" giving way to the first prompt; ordered by the index's dates.
        #expect(fromHome.map(\.title) == ["Scale recipes by servings", "What does functools.cache do?"])
        #expect(fromHome.map(\.project) == ["recipes", "recipes"])
        #expect(fromHome[0].date?.iso.hasPrefix("2026-06-03T09:00") == true)
    }

    @Test func aSessionReadsAsContinueShowedIt() throws {
        let (chats, _) = try read(Self.first)
        #expect(chats.count == 1 && ImportFormat(name: "continue")!.reader.rendersAlone(Self.first))
        let chat = try #require(chats.first)
        #expect(chat.turns.map(\.role) == [.user, .assistant])
        #expect(chat.turns[0].attachments.count == 1)
        #expect(
            kinds(chat.turns[1].parts) == [
                "thinking", "tool:read_file:ok:Read src/recipe.py", "thinking", "text", "diff:src/recipe.py", "terminal:pytest -q:1",
                "created:tests/test_servings.py", "text",
            ])
        // Every call joined to its output.
        for part in chat.turns[1].parts {
            if case .toolCall(let call) = part { #expect(call.result?.contains("def scale") == true) }
            if case .terminal(let terminal) = part { #expect(terminal.output == "1 failed: test_scale_half") }
        }
        #expect(chat.facts.contains { $0.value == "claude-sonnet-4-5" })
    }

    /// Each reply's `usage`, or the session's when no reply has its own: the header's total is
    /// their sum, computed here from the files apart from the reader.
    @Test func theTokensAddUpToTheFiles() throws {
        var expected: [(input: Int, output: Int, cached: Int)] = []
        for file in [Self.first, Self.sessions + "/8a9b0c1d-2e3f-4a5b-8c6d-7e8f9a0b1c2d.json"] {
            let root = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: file))) as! [String: Any]
            var usages = (root["history"] as! [[String: Any]]).compactMap { ($0["message"] as? [String: Any])?["usage"] as? [String: Any] }
            if usages.isEmpty, let usage = root["usage"] as? [String: Any] { usages = [usage] }
            var sum = (input: 0, output: 0, cached: 0)
            for usage in usages {
                let cached = ((usage["promptTokensDetails"] as? [String: Any])?["cachedTokens"] as? Int) ?? 0
                sum.input += (usage["promptTokens"] as? Int ?? 0) - cached
                sum.output += usage["completionTokens"] as? Int ?? 0
                sum.cached += cached
            }
            expected.append(sum)
        }
        let (chats, _) = try read(Self.sessions)
        for (chat, sum) in zip(chats, expected) {
            let total = SessionStats(TokenUsageTests.messages(chat)).totalUsage
            #expect(total.input.value == sum.input && total.output.value == sum.output && total.cacheRead.value == sum.cached)
            #expect(chat.facts.first { $0.key == .factTokens } == SessionText.tokenFact(input: total.input, output: total.output, cacheRead: total.cacheRead))
        }
    }

    @Test func whatIsNotContinueIsAClearError() throws {
        let temp = TestPaths.temporaryFolder("continue-bad")
        defer { try? FileManager.default.removeItem(atPath: temp) }
        try Data("{\"sessionId\": \"x\", \"history\": 3}".utf8).write(to: URL(fileURLWithPath: temp + "/x.json"))
        try Data("{\"sessionId\": \"y\", \"history\": [".utf8).write(to: URL(fileURLWithPath: temp + "/y.json"))
        #expect(throws: DiagnosticError.self) { try read(temp + "/x.json") }
        #expect(throws: DiagnosticError.self) { try read(temp + "/y.json") }
        #expect(throws: DiagnosticError.self) { try read(temp + "/missing.json") }
        #expect(throws: DiagnosticError.self) { try read(temp) }
    }
}
