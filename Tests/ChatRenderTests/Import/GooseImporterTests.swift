import CSQLite
import Foundation
import Testing
@testable import ChatModel
@testable import ChatSupport
@testable import ChatLoad
@testable import ChatRender
import TestSupport

/// goose's sessions, kept in `~/.local/share/goose/sessions/sessions.db`: the fixture's database
/// is written from the committed SQL (Fixtures/import/goose/goose.sql, made by make_fixtures.py),
/// and the committed database is checked to read the same.
@Suite struct GooseImporterTests {
    static let folder = TestPaths.fixture("import/goose")
    static let data = folder + "/.local/share/goose"
    static let database = data + "/sessions/sessions.db"

    func read(_ path: String) throws -> ([ImportedChat], [String]) {
        let (chats, warnings) = try Importer.read(ImportRequest(format: ImportFormat(name: "goose")!, inputPath: path, outputDirectory: "unused"))
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
            default: return "other"
            }
        }
    }

    @Test func theCommittedDatabaseIsTheSQLsAndEveryFormOfInputReadsIt() throws {
        let temp = TestPaths.temporaryFolder("goose")
        defer { try? FileManager.default.removeItem(atPath: temp) }
        try CrushImporterTests.build(try String(contentsOfFile: Self.folder + "/goose.sql", encoding: .utf8), at: temp + "/sessions.db")
        let (fromSQL, _) = try read(temp + "/sessions.db")
        let (fromFile, warnings) = try read(Self.database)
        let (fromSessions, _) = try read(Self.data + "/sessions")
        let (fromData, _) = try read(Self.data)
        #expect(fromFile.map(\.turns) == fromSQL.map(\.turns))
        #expect(fromSessions == fromFile && fromData == fromFile)
        #expect(warnings == ["\(Self.database): warning: unknown content type \"reasoningSummary\" (1 time); left out, the rest is read"])
        // goose's name for the session, else the first prompt's words; the hidden session is not shown.
        #expect(fromFile.map(\.title) == ["Add a watering schedule", "How often should basil be watered?"])
        #expect(fromFile.map(\.project) == ["garden", "garden"])
    }

    @Test func aSessionReadsAsGooseShowedIt() throws {
        let (chats, _) = try read(Self.database)
        let chat = try #require(chats.first)
        #expect(chat.turns.map(\.role) == [.user, .assistant])
        #expect(chat.turns[0].attachments.count == 1 && chat.turns[0].attachments[0].contentType == "image/png")
        #expect(
            kinds(chat.turns[1].parts) == [
                "text", "terminal:ls src:-", "thinking", "thinking", "created:src/schedule.py", "tool:developer__text_editor:error:",
                "tool:developer__text_editor:ok:Read src/beds.py", "text",
            ])
        // Every request is joined to its response; the shell shows the text meant for the person.
        for part in chat.turns[1].parts {
            if case .toolCall(let call) = part { #expect(call.result?.isEmpty == false) }
            if case .terminal(let terminal) = part { #expect(terminal.output == "beds.py\nplanner.py") }
        }
        if case .thinking(let thinking) = chat.turns[1].parts[2] { #expect(thinking.text.contains("A schedule module")) }
        #expect(chat.facts.contains { $0.value == "claude-sonnet-4-5" })
    }

    /// goose keeps each session's tokens (`accumulated_*`, else the last call's): the header says
    /// them, and the turns add up to them, counted once.
    @Test func theTokensAreTheDatabases() throws {
        var db: OpaquePointer?
        try #require(sqlite3_open_v2(Self.database, &db, SQLITE_OPEN_READONLY, nil) == SQLITE_OK)
        defer { sqlite3_close(db) }
        var statement: OpaquePointer?
        let sql =
            "SELECT coalesce(accumulated_input_tokens, input_tokens), coalesce(accumulated_output_tokens, output_tokens) FROM sessions "
            + "WHERE session_type != 'hidden' ORDER BY created_at"
        try #require(sqlite3_prepare_v2(db, sql, -1, &statement, nil) == SQLITE_OK)
        defer { sqlite3_finalize(statement) }
        var expected: [(Int, Int)] = []
        while sqlite3_step(statement) == SQLITE_ROW { expected.append((Int(sqlite3_column_int64(statement, 0)), Int(sqlite3_column_int64(statement, 1)))) }
        let (chats, _) = try read(Self.database)
        #expect(chats.count == expected.count)
        for (chat, (input, output)) in zip(chats, expected) {
            let total = SessionStats(TokenUsageTests.messages(chat)).totalUsage
            #expect(total.input.value == input && total.output.value == output)
            #expect(chat.facts.first { $0.key == .factTokens } == SessionText.tokenFact(input: Tally(input), output: Tally(output)))
        }
    }

    @Test func whatIsNotGooseIsAClearError() throws {
        let temp = TestPaths.temporaryFolder("goose-bad")
        defer { try? FileManager.default.removeItem(atPath: temp) }
        try Data("SQLite format 3\0 but not a database".utf8).write(to: URL(fileURLWithPath: temp + "/sessions.db"))
        #expect(throws: DiagnosticError.self) { try read(temp + "/sessions.db") }
        #expect(throws: DiagnosticError.self) { try read(temp + "/missing.db") }
        try FileManager.default.createDirectory(atPath: temp + "/empty", withIntermediateDirectories: true)
        #expect(throws: DiagnosticError.self) { try read(temp + "/empty") }
    }
}
