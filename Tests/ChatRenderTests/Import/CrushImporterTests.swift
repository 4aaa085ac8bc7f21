import CSQLite
import Foundation
import Testing
@testable import ChatModel
@testable import ChatSupport
@testable import ChatLoad
@testable import ChatRender
import TestSupport

/// Crush's sessions, kept in each project's `.crush/crush.db`: the fixture's database is written
/// from the committed SQL (Fixtures/import/crush/crush.sql, made by make_fixtures.py), and the
/// committed database is checked to read the same.
@Suite struct CrushImporterTests {
    static let folder = TestPaths.fixture("import/crush")
    static let project = folder + "/ledger"
    static let database = project + "/.crush/crush.db"
    /// Where the fixture's Crush ran; its paths are shown whole here, outside the fixture's folder.
    static let cwd = "/home/ana/src/ledger"

    func read(_ path: String) throws -> ([ImportedChat], [String]) {
        let (chats, warnings) = try Importer.read(ImportRequest(format: ImportFormat(name: "crush")!, inputPath: path, outputDirectory: "unused"))
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

    /// Runs `sql` into a new database at `path` with SQLite itself, as Crush's migrations would.
    static func build(_ sql: String, at path: String) throws {
        var db: OpaquePointer?
        try #require(sqlite3_open(path, &db) == SQLITE_OK)
        defer { sqlite3_close(db) }
        try #require(sqlite3_exec(db, sql, nil, nil, nil) == SQLITE_OK, "\(String(cString: sqlite3_errmsg(db)))")
    }

    /// One number a query of the database at `path` gives, read apart from the reader.
    static func number(_ sql: String, in path: String) throws -> Double {
        var db: OpaquePointer?
        try #require(sqlite3_open_v2(path, &db, SQLITE_OPEN_READONLY, nil) == SQLITE_OK)
        defer { sqlite3_close(db) }
        var statement: OpaquePointer?
        try #require(sqlite3_prepare_v2(db, sql, -1, &statement, nil) == SQLITE_OK)
        defer { sqlite3_finalize(statement) }
        try #require(sqlite3_step(statement) == SQLITE_ROW)
        return sqlite3_column_double(statement, 0)
    }

    /// The database made from crush.sql now, in a project folder of its own.
    static func freshProject() throws -> String {
        let temp = TestPaths.temporaryFolder("crush")
        try FileManager.default.createDirectory(atPath: temp + "/ledger/.crush", withIntermediateDirectories: true)
        try build(try String(contentsOfFile: folder + "/crush.sql", encoding: .utf8), at: temp + "/ledger/.crush/crush.db")
        return temp + "/ledger"
    }

    @Test func theCommittedDatabaseIsTheSQLsAndEveryFormOfInputReadsIt() throws {
        let fresh = try Self.freshProject()
        defer { try? FileManager.default.removeItem(atPath: FilePath.directory(fresh)) }
        let (fromSQL, _) = try read(fresh + "/.crush/crush.db")
        let (fromFile, warnings) = try read(Self.database)
        let (fromDotCrush, _) = try read(Self.project + "/.crush")
        let (fromProject, _) = try read(Self.project)
        #expect(fromFile.map(\.turns) == fromSQL.map(\.turns))
        #expect(fromDotCrush == fromFile && fromProject == fromFile)
        // The unknown part type is said once, for the whole database.
        #expect(warnings == ["\(Self.database): warning: unknown part type \"citation\" (1 time); left out, the rest is read"])
        // Titled by Crush's own title, else the first prompt's words; grouped by the project's name.
        #expect(fromFile.map(\.title) == ["Fix ledger rounding", "What does --strict change in swift format lint?"])
        #expect(fromFile.map(\.project) == ["ledger", "ledger"])
    }

    @Test func aSessionReadsAsCrushShowedIt() throws {
        let (chats, _) = try read(Self.database)
        let chat = try #require(chats.first)
        #expect(chat.turns.map(\.role) == [.user, .assistant, .user, .assistant])
        #expect(chat.turns[0].attachments.map(\.name) == ["rounding.txt"])
        #expect(
            kinds(chat.turns[1].parts) == [
                "thinking", "text", "terminal:swift test --filter LedgerTests:1", "tool:view:ok:Read \(Self.cwd)/Sources/Ledger/Balance.swift",
                "diff:\(Self.cwd)/Sources/Ledger/Balance.swift", "thinking", "transcript:Agent: Find every caller of Balance.rounded and list them",
                "terminal:swift test --filter LedgerTests:-", "text",
            ])
        #expect(kinds(chat.turns[3].parts) == ["created:\(Self.cwd)/CHANGELOG.md", "tool:todos:ok:Updated the to-do list · 1 of 2 done", "text"])
        // Every call is joined to its result: none is left running, each holds its output.
        for part in chat.turns.flatMap(\.parts) {
            if case .toolCall(let call) = part { #expect(call.status != .running && call.result?.isEmpty == false, "\(call.name)") }
            if case .terminal(let terminal) = part { #expect(!terminal.output.isEmpty) }
        }
        if case .terminal(let failed) = chat.turns[1].parts[2] {
            #expect(failed.title == "Run the ledger tests" && failed.output.contains("10.01 is not 10.00"))
        }
        #expect(chat.facts.map { "\($0.label): \($0.value)" }.prefix(2) == ["Project: \(Self.project)", "Models: claude-sonnet-4-5, claude-haiku-4-5"])
        // The interrupted reply says so.
        #expect(kinds(chats[1].turns[1].parts) == ["text", "notice:interrupted"])
    }

    /// An `agent` call runs its sub-agent in a session of its own (`<message>$$<call>`): shown
    /// at the call, not a page of its own; Crush's title session is bookkeeping, not shown.
    @Test func aSubAgentsSessionIsShownAtItsCall() throws {
        let (chats, _) = try read(Self.database)
        #expect(chats.count == 2)
        guard case .transcript(let agent) = try #require(chats.first).turns[1].parts[6] else {
            Issue.record("no transcript at the agent call")
            return
        }
        #expect(agent.messages.map(\.speaker) == ["Crush", "Sub-agent"])
        #expect(kinds(agent.messages[1].parts ?? []) == ["tool:grep:ok:Searched for “rounded(”", "text"])
        #expect(!chats.flatMap(\.turns).contains { $0.text.contains("Generate a title") })
    }

    /// Crush records what a session cost (its sub-agents' included) and its last call's prompt
    /// and reply: the cost is shown as recorded, once, and the context is the last reply's.
    @Test func theRecordedCostIsTheDatabasesOnce() throws {
        let expected = try Self.number("SELECT sum(cost) FROM sessions WHERE parent_session_id IS NULL", in: Self.database)
        let (chats, _) = try read(Self.database)
        let total = chats.map { SessionStats(TokenUsageTests.messages($0)) }.compactMap(\.recordedCost).reduce(0, +)
        #expect(expected > 0 && abs(total - expected) < 1e-12)
        let context = try Self.number(
            "SELECT prompt_tokens + completion_tokens FROM sessions WHERE parent_session_id IS NULL ORDER BY created_at LIMIT 1", in: Self.database)
        #expect(chats[0].turns.last { $0.usage != nil }?.usage?.context?.value == Int(context))
    }

    @Test func whatIsNotCrushIsAClearError() throws {
        let temp = TestPaths.temporaryFolder("crush-bad")
        defer { try? FileManager.default.removeItem(atPath: temp) }
        try Data("SQLite format 3\0 but not a database".utf8).write(to: URL(fileURLWithPath: temp + "/crush.db"))
        #expect(throws: DiagnosticError.self) { try read(temp + "/crush.db") }
        #expect(throws: DiagnosticError.self) { try read(temp + "/missing.db") }
        try FileManager.default.createDirectory(atPath: temp + "/empty", withIntermediateDirectories: true)
        #expect(throws: DiagnosticError.self) { try read(temp + "/empty") }
    }
}
