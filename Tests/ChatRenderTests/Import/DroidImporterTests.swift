import Foundation
import Testing
@testable import ChatModel
@testable import ChatSupport
@testable import ChatLoad
@testable import ChatRender
import TestSupport

/// Factory Droid's sessions: a JSON-lines log a session under `~/.factory/sessions/<slug>/`, its
/// settings (model, tokens) beside it.
@Suite struct DroidImporterTests {
    static let sessions = TestPaths.fixture("import/droid/.factory/sessions")
    static let log = sessions + "/-home-ana-src-atlas/5e1d2c3b-4a59-4687-9c0d-1e2f3a4b5c6d.jsonl"

    func read(_ path: String) throws -> ([ImportedChat], [String]) {
        let (chats, warnings) = try Importer.read(ImportRequest(format: ImportFormat(name: "droid")!, inputPath: path, outputDirectory: "unused"))
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

    @Test func aSessionReadsAsDroidShowedIt() throws {
        let (chats, warnings) = try read(Self.log)
        #expect(warnings == ["\(Self.log):12: warning: unknown line type \"checkpoint\" (1 line here); left out, the rest is read"])
        let chat = try #require(chats.first)
        #expect(chat.title == "Make the map tiles load lazily")
        #expect(chat.turns.map(\.role) == [.user, .assistant])
        #expect(
            kinds(chat.turns[1].parts) == [
                "thinking", "text", "tool:Grep:ok:Searched for “fetchTile”", "tool:Read:ok:Read src/tiles.ts", "diff:src/tiles.ts",
                "terminal:npm test:1", "created:src/observer.ts", "text",
            ])
        for part in chat.turns[1].parts {
            if case .toolCall(let call) = part { #expect(call.result?.contains("fetchTile") == true) }
        }
        #expect(chat.facts.contains { $0.value == "claude-sonnet-4-5-20250929" })
        let (site, _) = try read(Self.sessions)
        #expect(site.map(\.turns) == chats.map(\.turns) && site[0].project == "atlas")
    }

    /// The settings' `tokenUsage` is the session's: the header and the turns add up to it, read
    /// here from the file apart from the reader.
    @Test func theTokensAreTheSettings() throws {
        let settings = Self.log.replacingOccurrences(of: ".jsonl", with: ".settings.json")
        let root = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: settings))) as! [String: Any]
        let usage = root["tokenUsage"] as! [String: Int]
        let (chats, _) = try read(Self.log)
        let total = SessionStats(TokenUsageTests.messages(chats[0])).totalUsage
        #expect(total.input.value == usage["inputTokens"]! && total.cacheRead.value == usage["cacheReadTokens"]!)
        #expect(total.output.value == usage["outputTokens"]! + usage["thinkingTokens"]! && total.cacheWrite.value == usage["cacheCreationTokens"]!)
    }

    @Test func whatIsNotDroidIsAClearError() throws {
        let temp = TestPaths.temporaryFolder("droid-bad")
        defer { try? FileManager.default.removeItem(atPath: temp) }
        #expect(throws: DiagnosticError.self) { try read(temp + "/missing.jsonl") }
        #expect(throws: DiagnosticError.self) { try read(temp) }
    }
}
