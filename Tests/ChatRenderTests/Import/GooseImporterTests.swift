import CSQLite
import Foundation
import Testing
@testable import ChatModel
@testable import ChatSupport
@testable import ChatLoad
@testable import ChatRender
import TestSupport

/// goose's sessions, kept in `~/.local/share/goose/sessions/sessions.db`, and the older session
/// logs beside it (`<id>.jsonl`): the fixture's database is written from the committed SQL
/// (Fixtures/import/goose/goose.sql, made by make_fixtures.py, which writes the logs too), and
/// the committed database is checked to read the same.
@Suite struct GooseImporterTests {
    static let folder = TestPaths.fixture("import/goose")
    static let data = folder + "/.local/share/goose"
    static let database = data + "/sessions/sessions.db"
    static let log = data + "/sessions/20260326_010000.jsonl"
    static let copiedLog = data + "/sessions/20250601_083000.jsonl"

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
            case .transcript(let t): return "agent:\(t.title):\(t.messages.count):\(t.reference.map { "\($0)" } ?? "")"
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
        #expect(fromData == fromSessions)
        #expect(warnings == ["\(Self.database): warning: unknown content type \"reasoningSummary\" (1 time); left out, the rest is read"])
        // goose's name for the session, else the first prompt's words; the hidden session is not
        // shown, the sub-agent a call started shows there, the one no call names on its own page.
        #expect(
            fromFile.map(\.title) == ["Plant list", "Add a watering schedule", "How often should basil be watered?", "Review the schedule", "Delegated task"])
        #expect(Set(fromFile.map(\.project)) == ["garden"])
        // The sessions folder holds the older logs too: each session once, in the order begun.
        #expect(fromSessions.map(\.title) == ["Plant list", "Fix the frost alert"] + fromFile.map(\.title).dropFirst())
    }

    /// A session copied into the database from its log, the log still beside it, is the
    /// database's: shown once, as the database holds it.
    @Test func aSessionInTheDatabaseAndALogIsTheDatabases() throws {
        let (chats, _) = try read(Self.data)
        let plants = chats.filter { $0.title == "Plant list" }
        #expect(plants.count == 1)
        #expect(plants.first?.turns.last?.parts.first.map { if case .text(let t) = $0 { t } else { "" } } == "Tomato and basil.")
        let (alone, _) = try read(Self.copiedLog)
        #expect(alone.first?.turns.last?.parts.first.map { if case .text(let t) = $0 { t } else { "" } } == "Tomato, basil and mint.")
    }

    @Test func aSessionReadsAsGooseShowedIt() throws {
        let (chats, _) = try read(Self.database)
        let chat = try #require(chats.first { $0.title == "Add a watering schedule" })
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

    /// goose keeps each session's tokens (`accumulated_*`, else the last call's): a page's are its
    /// session's and its sub-agents' (each once), read here from the database apart from the reader.
    @Test func theTokensAreTheDatabases() throws {
        var db: OpaquePointer?
        try #require(sqlite3_open_v2(Self.database, &db, SQLITE_OPEN_READONLY, nil) == SQLITE_OK)
        defer { sqlite3_close(db) }
        func rows(_ sql: String) throws -> [[String]] {
            var statement: OpaquePointer?
            try #require(sqlite3_prepare_v2(db, sql, -1, &statement, nil) == SQLITE_OK)
            defer { sqlite3_finalize(statement) }
            var found: [[String]] = []
            while sqlite3_step(statement) == SQLITE_ROW {
                found.append((0..<sqlite3_column_count(statement)).map { sqlite3_column_text(statement, $0).map { String(cString: $0) } ?? "" })
            }
            return found
        }
        var own: [String: (Int, Int)] = [:]
        var type: [String: String] = [:]
        for row in try rows(
            "SELECT id, session_type, coalesce(accumulated_input_tokens, input_tokens), coalesce(accumulated_output_tokens, output_tokens) FROM sessions")
        {
            own[row[0]] = (Int(row[2]) ?? 0, Int(row[3]) ?? 0)
            type[row[0]] = row[1]
        }
        // The sub-agents each session's calls name in their responses.
        var named: [String: Set<String>] = [:]
        for row in try rows("SELECT session_id, content_json FROM messages") {
            let content = try #require(try JSONSerialization.jsonObject(with: Data(row[1].utf8)) as? [[String: Any]])
            for item in content {
                let value = (item["toolResult"] as? [String: Any])?["value"] as? [String: Any]
                if let agent = (value?["_meta"] as? [String: Any])?["subagent_session_id"] as? String { named[row[0], default: []].insert(agent) }
            }
        }
        let linked = named.values.reduce(into: Set<String>()) { $0.formUnion($1) }
        let pages = own.keys.filter { type[$0] != "hidden" && !linked.contains($0) }
        let expected = pages.map { id in
            (named[id] ?? []).reduce(own[id]!) { total, agent in (total.0 + own[agent]!.0, total.1 + own[agent]!.1) }
        }
        let (chats, _) = try read(Self.database)
        #expect(chats.count == expected.count)
        let totals = chats.map { chat in
            let total = SessionStats(TokenUsageTests.messages(chat)).totalUsage
            #expect(chat.facts.first { $0.key == .factTokens } == SessionText.tokenFact(input: total.input, output: total.output))
            return [total.input.value, total.output.value]
        }
        #expect(totals.sorted { $0.lexicographicallyPrecedes($1) } == expected.map { [$0.0, $0.1] }.sorted { $0.lexicographicallyPrecedes($1) })
    }

    /// A sub-agent's session shows at the delegation that started it, the second call naming it
    /// refers to the first, and it is not a page of its own.
    @Test func aSubAgentShowsOnceAtTheCallThatStartedIt() throws {
        let (chats, _) = try read(Self.database)
        let chat = try #require(chats.first { $0.title == "Review the schedule" })
        #expect(
            kinds(chat.turns[1].parts) == [
                "text", "agent:reviewer agent: Review src/schedule.py for off-by-one errors:2:",
                "agent:reviewer agent: Check the review once more:0:shownElsewhere", "text",
            ])
        guard case .transcript(let review) = chat.turns[1].parts[1] else { return }
        #expect(review.messages.map(\.speaker) == ["goose", "reviewer agent"])
        #expect(kinds(review.messages[1].parts) == ["thinking", "terminal:cat src/schedule.py:-", "text"])
        if case .terminal(let cat) = review.messages[1].parts[1] { #expect(cat.output == "EVERY_DAYS = 2\n") }
        #expect(!chats.contains { $0.turns.first?.text == "Review src/schedule.py for off-by-one errors" })
    }

    /// Two sub-agents that start each other: each is shown once, and the call back into the
    /// one being built is cut.
    @Test func subAgentsThatStartEachOtherAreCut() {
        func delegation(_ id: String, to agent: String) -> [GooseStore.Message] {
            func node(_ text: String) -> JSONNode { try! JSONParser.parse(Array(text.utf8)) }
            return [
                GooseStore.Message(
                    id: id + "a", role: "assistant",
                    content: [
                        node(
                            #"{"type": "toolRequest", "id": "\#(id)", "toolCall": {"status": "success", "value": {"name": "summon__delegate", "arguments": {"instructions": "Go on"}}}}"#
                        )
                    ],
                    created: nil),
                GooseStore.Message(
                    id: id + "u", role: "user",
                    content: [
                        node(
                            #"{"type": "toolResponse", "id": "\#(id)", "toolResult": {"status": "success", "value": {"content": [], "_meta": {"subagent_session_id": "\#(agent)"}}}}"#
                        )
                    ],
                    created: nil),
            ]
        }
        var a = GooseStore.Session(id: "a")
        a.messages = delegation("c1", to: "b")
        var b = GooseStore.Session(id: "b", type: "sub_agent")
        b.messages = delegation("c2", to: "a")
        var session = GooseSession(file: "cycle", cwd: nil)
        session.sessions = ["a": a, "b": b]
        session.graph.showAtTop("a")
        for message in a.messages { session.read(message) }
        let turns = session.finish(a)
        guard case .transcript(let agent)? = turns.last?.parts.first else {
            Issue.record("no transcript: \(turns)")
            return
        }
        guard case .transcript(let back)? = agent.messages.last?.parts.first else {
            Issue.record("no call back: \(agent.messages)")
            return
        }
        #expect(back.reference == .cycle)
    }

    /// A session log of the versions before the database, alone: its metadata line titles it
    /// and says its folder and tokens; its messages read as the database's do.
    @Test func anOlderSessionLogReadsAlone() throws {
        let (chats, warnings) = try read(Self.log)
        let chat = try #require(chats.first)
        #expect(chats.count == 1)
        #expect(chat.title == "Fix the frost alert")
        #expect(chat.turns.map(\.role) == [.user, .assistant])
        #expect(kinds(chat.turns[1].parts) == ["text", "terminal:grep -n frost src/alerts.py:-", "thinking", "diff:src/alerts.py", "text"])
        if case .terminal(let grep) = chat.turns[1].parts[1] { #expect(grep.output == "12:    if temp < 5:  # frost\n") }
        #expect(warnings == ["\(Self.log): warning: unknown content type \"contextLengthExceeded\" (1 time); left out, the rest is read"])
        // The tokens are the metadata's session counts, read here apart from the reader.
        let first = try #require(String(contentsOfFile: Self.log, encoding: .utf8).split(separator: "\n").first)
        let metadata = try #require(try JSONSerialization.jsonObject(with: Data(first.utf8)) as? [String: Any])
        let total = SessionStats(TokenUsageTests.messages(chat)).totalUsage
        #expect(total.input.value == metadata["accumulated_input_tokens"] as? Int)
        #expect(total.output.value == metadata["accumulated_output_tokens"] as? Int)
        // A log of only the last call's counts (the earliest versions) is read by them.
        let (copied, _) = try read(Self.copiedLog)
        #expect(copied.first.map { SessionStats(TokenUsageTests.messages($0)).totalUsage.input.value } == 500)
    }

    /// A folder of logs alone, as goose kept them before its database.
    @Test func aFolderOfLogsReadsEach() throws {
        let temp = TestPaths.temporaryFolder("goose-logs")
        defer { try? FileManager.default.removeItem(atPath: temp) }
        for log in [Self.log, Self.copiedLog] { try FileManager.default.copyItem(atPath: log, toPath: temp + "/" + FilePath.lastComponent(log)) }
        try Data("{\"description\": \"x\", \"message_count\": 0}\nnot json\n".utf8).write(to: URL(fileURLWithPath: temp + "/20260101_000000.jsonl"))
        let (chats, warnings) = try read(temp)
        #expect(chats.map(\.title) == ["Plant list", "Fix the frost alert"])
        #expect(warnings.contains { $0.contains("20260101_000000.jsonl:2:") })
        if case .format(let format, _) = ImportFormat.detect(temp) { #expect(format.name == "goose") } else { Issue.record("not recognised") }
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
