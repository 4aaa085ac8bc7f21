import Foundation
import Testing
@testable import ChatModel
@testable import ChatSupport
@testable import ChatLoad
@testable import ChatRender
import TestSupport

/// opencode's sessions in both of its storages: the SQLite database of 1.2 and later and the JSON
/// files before it, holding the same two sessions (Fixtures/import/opencode/make_fixtures.py).
@Suite struct OpenCodeImporterTests {
    static let data = TestPaths.fixture("import/opencode/data")

    func read(_ path: String) throws -> ([ImportedChat], [String]) {
        let (chats, warnings) = try Importer.read(ImportRequest(format: ImportFormat(name: "opencode")!, inputPath: path, outputDirectory: "unused"))
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
            case .notice(let n): return "notice:\(n.kind.rawValue)"
            case .transcript(let t): return "transcript:\(t.title)"
            default: return "other"
            }
        }
    }

    @Test func theDatabaseAndTheStorageGiveTheSameSessions() throws {
        let (fromDatabase, warnings) = try read(Self.data + "/opencode.db")
        let (fromStorage, storageWarnings) = try read(Self.data + "/storage")
        let (fromFolder, _) = try read(Self.data)
        #expect(fromDatabase == fromStorage)
        #expect(fromFolder == fromDatabase)
        #expect(warnings == ["\(Self.data)/opencode.db: warning: unknown part type \"timeline-note\" (1 time); left out, the rest is read"])
        #expect(storageWarnings.count == 1)
        #expect(fromDatabase.map(\.title) == ["Fix monthly total rounding", "What does ledger import read?"])
        #expect(fromDatabase.map(\.project) == ["ledger", "ledger"])
    }

    /// Kilo Code's CLI, a descendant of opencode, keeps the same store in `~/.local/share/kilo`
    /// (`kilo.db`, and `storage/` before): read the same, each session named after it, in the
    /// header and as the agent a site groups by; the tokens are its steps' own.
    @Test func kiloCodesStoreIsReadAndNamedByWhereItLives() throws {
        let home = TestPaths.fixture("import/opencode/kilo/.local/share/kilo")
        let (fromDatabase, warnings) = try read(home + "/kilo.db")
        #expect(warnings.isEmpty, "\(warnings)")
        for input in [home, home + "/storage", home + "/storage/session/4f2b9c1d7e3a5b8c0d6e2f4a1b3c5d7e9f0a2b4c/ses_k1.json"] {
            let (chats, _) = try read(input)
            #expect(chats.map(\.turns) == fromDatabase.map(\.turns), "\(input)")
            #expect(chats.first?.agent == "Kilo Code", "\(input)")
        }
        let chat = try #require(fromDatabase.first)
        #expect(chat.title == "Which Python the CI uses" && chat.agent == "Kilo Code")
        #expect(chat.facts.contains { $0.label == "Kilo Code" && $0.value == "1.0.9" })
        #expect(!chat.facts.contains { $0.label == "opencode" })
        #expect(kinds(chat.turns[1].parts) == ["thinking", "terminal:grep -n python-version .github/workflows/ci.yml:0", "text"])
        if case .terminal(let grep) = chat.turns[1].parts[1] { #expect(grep.output.contains("3.12")) }
        // The step's tokens as recorded: input, output with its reasoning, the cache read.
        #expect(chat.turns[1].usage?.input.value == 2100 && chat.turns[1].usage?.output.value == 125 && chat.turns[1].usage?.cacheRead.value == 1024)
        // opencode's own store stays opencode's.
        let (own, _) = try read(Self.data)
        #expect(own.allSatisfy { $0.agent == nil })
        #expect(OpenCodeReader.fork(of: "/home/ana/.local/share/kilo/kilo.db") == "Kilo Code")
        #expect(OpenCodeReader.fork(of: "/home/ana/.local/share/opencode/opencode.db") == nil)
        #expect(OpenCodeReader.fork(of: "/home/ana/src/kilo/notes") == nil)
    }

    @Test func aSessionReadsAsOpencodeShowedIt() throws {
        let (chats, _) = try read(Self.data + "/opencode.db")
        let chat = try #require(chats.first)
        #expect(chat.turns.map(\.role) == [.user, .assistant, .user, .assistant])
        #expect(
            kinds(chat.turns[1].parts) == [
                "thinking", "terminal:pytest -q tests/test_totals.py:1", "tool:read:ok:Read ledger/totals.py", "diff:ledger/totals.py",
                "created:NOTES.md", "tool:grep:ok:Searched for “monthly_total”", "terminal:pytest -q:0",
                "tool:todowrite:ok:Updated the to-do list · 2 of 3 done", "text",
            ])
        // The reply the person stopped: its command declined, not failed, and the stop said.
        #expect(kinds(chat.turns[3].parts) == ["tool:bash:rejected:", "notice:interrupted"])
        if case .diff(let edit) = chat.turns[1].parts[3] {
            #expect(edit.unified?.contains("+    return round(sum(Decimal(str(i.amount)) for i in items), 2)") == true)
        }
        if case .terminal(let failed) = chat.turns[1].parts[1] {
            #expect(failed.title == "Run the totals tests" && failed.output.contains("assert 10.009999999999998 == 10.01"))
        }
        #expect(
            chat.facts.map { "\($0.label): \($0.value)" } == [
                "Project: /home/ana/src/ledger", "opencode: 1.2.4", "Model: claude-sonnet-4-5", "Time: 2026-06-01 08:00 UTC",
                "Tokens: 5,100 in · 510 out · 38k cache read · 2,400 cache written",
            ])
    }

    /// A `task` call runs its sub-agent in a session of its own (`parentID`): shown at the call,
    /// from the database and the storage alike, and not a page of its own.
    @Test func aSubAgentsSessionIsShownAtItsTaskCall() throws {
        for input in [Self.data + "/opencode.db", Self.data + "/storage"] {
            let (chats, _) = try read(input)
            #expect(chats.count == 2, "\(input)")
            let plan = try #require(chats.last)
            #expect(kinds(plan.turns[1].parts) == ["transcript:explore agent: Find the importer", "text"])
            guard case .transcript(let agent) = plan.turns[1].parts[0] else { continue }
            #expect(agent.messages.map(\.speaker) == ["opencode", "explore agent"])
            #expect(agent.messages[0].text == "Find where `ledger import` parses statements and which formats it accepts.")
            #expect(kinds(agent.messages[1].parts ?? []) == ["tool:read:ok:Read ledger/importer.py", "text"])
            // The sub-agent's model and tokens are the session's too.
            #expect(plan.facts.contains { $0.value == "gpt-5.1, claude-haiku-4-5" }, "\(plan.facts.map(\.value))")
            #expect(plan.facts.contains { $0.value == "2,300 in · 130 out" })
        }
    }

    @Test func oneSessionsFileIsOnePage() throws {
        let file = Self.data + "/storage/session/4f2b9c1d7e3a5b8c0d6e2f4a1b3c5d7e9f0a2b4c/ses_01.json"
        let (chats, _) = try read(file)
        #expect(chats.count == 1 && chats[0].project == nil)
        #expect(ImportFormat(name: "opencode")!.reader.rendersAlone(file))
    }

    @Test func whatIsNotOpencodeIsAClearError() throws {
        let temp = TestPaths.temporaryFolder("opencode")
        defer { try? FileManager.default.removeItem(atPath: temp) }
        try Data("SQLite format 3\0 but not a database".utf8).write(to: URL(fileURLWithPath: temp + "/broken.db"))
        #expect(throws: DiagnosticError.self) { try read(temp + "/broken.db") }
        #expect(throws: DiagnosticError.self) { try read(temp) }
        #expect(throws: DiagnosticError.self) { try read(temp + "/missing.db") }
    }
}
