import Foundation
import Testing
@testable import ChatModel
@testable import ChatSupport
@testable import ChatLoad
@testable import ChatRender
import TestSupport

/// The editor's chats in Cursor's global state database (Fixtures/import/cursor/make_state_db.py).
@Suite struct CursorStateDatabaseImporterTests {
    static let storage = TestPaths.fixture("import/cursor/User/globalStorage")
    static let database = storage + "/state.vscdb"

    func read(_ path: String) throws -> ([ImportedChat], [String]) {
        let (chats, warnings) = try Importer.read(ImportRequest(format: .cursor, inputPath: path, outputDirectory: "unused"))
        return (chats, warnings.map(\.description))
    }

    func kinds(_ parts: [TurnPart]) -> [String] {
        parts.map { part in
            switch part {
            case .text: return "text"
            case .thinking: return "thinking"
            case .toolCall(let c): return "tool:\(c.name):\(c.status.rawValue)"
            case .terminal(let t): return "terminal:\(t.command ?? "")"
            case .diff(let d): return "diff:\(FilePath.lastComponent(d.path ?? ""))"
            default: return "other"
            }
        }
    }

    /// The fixture's messages, read here from the database on their own.
    func bubbles() throws -> [JSONNode] {
        let db = try AgentDatabase(path: Self.database, what: "fixture")
        return try db.rows("SELECT value FROM cursorDiskKV WHERE key LIKE 'bubbleId:%'").compactMap { row in
            (row["value"] ?? nil).flatMap { try? JSONParser.parse(Array($0.utf8)) }
        }
    }

    @Test func theEditorsChats() throws {
        let (chats, warnings) = try read(Self.database)
        // The empty chat is left out; the others oldest first.
        #expect(chats.map(\.title) == ["What does almanac --week print?", "Mondays break test_parse_date"])
        let older = chats[0]
        #expect(older.turns.map(\.role) == [.user, .assistant])
        #expect(older.turns[1].text == "The seven days from today, one a line, with sunrise and sunset." || kinds(older.turns[1].parts) == ["text"])
        let chat = chats[1]
        #expect(chat.turns.map(\.role) == [.user, .assistant, .user, .assistant])
        #expect(chat.turns[0].text == "test_parse_date fails on Mondays only. Find out why and fix it.")
        #expect(
            kinds(chat.turns[1].parts) == [
                "thinking", "text", "tool:read_file:ok", "terminal:python -m pytest -q tests/test_dates.py", "text", "diff:dates.py",
            ])
        #expect(kinds(chat.turns[3].parts) == ["tool:run_terminal_cmd:error", "text"])
        if case .thinking(let thought) = chat.turns[1].parts[0] { #expect(thought.text.hasPrefix("A failure on one weekday")) }
        // Each call is kept with its result.
        if case .toolCall(let read) = chat.turns[1].parts[2] {
            #expect(read.title == "Read test_dates.py" && read.result?.contains("def test_parse_date") == true)
        }
        if case .terminal(let run) = chat.turns[1].parts[3] { #expect(run.output.hasSuffix("1 failed in 0.08s\n")) }
        if case .diff(let edit) = chat.turns[1].parts[5] {
            #expect(edit.old == "    days = (target - now.weekday()) % 7\n" && edit.new == "    days = (target - now.weekday()) % 7 or 7\n")
        }
        let calls = try bubbles().filter { $0["toolFormerData"] != nil }.count
        #expect(calls == 4 && chat.turns.flatMap(\.parts).filter { kinds([$0]) != ["text"] && kinds([$0]) != ["thinking"] }.count == calls)
        // The header: model and branch; the times of the first and last message.
        #expect(chat.facts.contains { $0.value == "main" })
        #expect(chat.turns.compactMap(\.model).contains("claude-4-sonnet") || chat.facts.contains { $0.value.contains("claude-4-sonnet") })
        #expect(chat.date?.secondsSinceEpoch == ChatDate(iso: "2026-09-03T08:00:00Z")?.secondsSinceEpoch)
        #expect(
            warnings == [
                "\(Self.database): warning: chat 6b1f0c2e-3d4a-4e5f-8a9b-0c1d2e3f4a5b: message the chat names but the database does not hold (1 time); left out, the rest is read",
                "\(Self.database): warning: chat 6b1f0c2e-3d4a-4e5f-8a9b-0c1d2e3f4a5b: unknown message type \"3\" (1 time); left out, the rest is read",
            ])
    }

    @Test func tokensAddUpToTheMessagesCounts() throws {
        var input = 0, output = 0
        for bubble in try bubbles() {
            guard let count = bubble["tokenCount"] else { continue }
            if case .number(let value, _)? = count["inputTokens"]?.value { input += Int(value) }
            if case .number(let value, _)? = count["outputTokens"]?.value { output += Int(value) }
        }
        #expect(input > 0 && output > 0)
        let chat = try #require(try read(Self.database).0.last)
        let usages = chat.turns.compactMap(\.usage)
        #expect(usages.map(\.input).reduce(0, +) == Tally(input))
        #expect(usages.map(\.output).reduce(0, +) == Tally(output))
    }

    @Test func theFolderHoldingItIsTheSame() throws {
        #expect(try read(Self.storage).0.count == 2)
        #expect(try read(FilePath.directory(Self.storage)).0.count == 2)
        #expect(!CursorReader().rendersAlone(Self.database))
    }

    @Test func aDatabaseWithoutChatsIsAnError() throws {
        let temp = TestPaths.temporaryFolder("cursor-db")
        defer { try? FileManager.default.removeItem(atPath: temp) }
        let path = temp + "/state.vscdb"
        let make = Process()
        make.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        make.arguments = [
            "python3", "-c",
            "import sqlite3, sys\ndb = sqlite3.connect(sys.argv[1])\ndb.execute('CREATE TABLE cursorDiskKV (key TEXT, value BLOB)')\ndb.execute(\"INSERT INTO cursorDiskKV VALUES ('composerData:x', 'not json')\")\ndb.commit()",
            path,
        ]
        try make.run()
        make.waitUntilExit()
        #expect {
            try read(path)
        } throws: { error in
            "\(error)".contains("holds no Cursor chat")
        }
        // Nothing was written beside it.
        #expect(try FileManager.default.contentsOfDirectory(atPath: temp) == ["state.vscdb"])
    }
}
