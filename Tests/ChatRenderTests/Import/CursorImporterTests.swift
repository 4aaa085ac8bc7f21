import Foundation
import Testing
@testable import ChatModel
@testable import ChatSupport
@testable import ChatLoad
@testable import ChatRender
import TestSupport

/// Cursor agent transcripts: a newer build's nested transcript with a sub-agent, and an older
/// build's flat one (Fixtures/import/cursor/make_fixtures.py).
@Suite struct CursorImporterTests {
    static let folder = TestPaths.fixture("import/cursor/projects")
    static let transcripts = folder + "/home-sample-dev-src-invoice-tools/agent-transcripts"
    static let nested = transcripts + "/0cf8e760-3644-45cd-ad39-040d543e9ed8/0cf8e760-3644-45cd-ad39-040d543e9ed8.jsonl"
    static let flat = transcripts + "/a288f05d-df92-447a-9c34-08e45f3c9fdc.jsonl"

    func read(_ path: String) throws -> ([ImportedChat], [String]) {
        let (chats, warnings) = try Importer.read(ImportRequest(format: .cursor, inputPath: path, outputDirectory: "unused"))
        return (chats, warnings.map(\.description))
    }

    func kinds(_ parts: [TurnPart]) -> [String] {
        parts.map { part in
            switch part {
            case .text: return "text"
            case .thinking(let t): return "thinking:\(t.summary ?? "")"
            case .toolCall(let c): return "tool:\(c.name):\(c.status.rawValue)"
            case .terminal(let t): return "terminal:\(t.command ?? ""):\(t.exitCode.map(String.init) ?? "-")"
            case .diff(let d): return "\(d.created ? "created" : "diff"):\(FilePath.lastComponent(d.path ?? ""))"
            case .notice(let n): return "notice:\(n.kind.rawValue)"
            case .transcript(let t): return "transcript:\(t.title)"
            default: return "other"
            }
        }
    }

    @Test func aNestedTranscriptWithItsSubAgent() throws {
        let (chats, warnings) = try read(Self.nested)
        #expect(warnings.isEmpty, "\(warnings)")
        let chat = try #require(chats.first)
        #expect(chats.count == 1)
        #expect(chat.title.hasPrefix("Add a to_csv(invoice, path) function"))
        // The person's words are the inside of <user_query>; the <timestamp> is the turn's date.
        #expect(chat.turns.map(\.role) == [.user, .assistant, .user, .assistant])
        #expect(chat.turns[2].text == "Also make the delimiter configurable.")
        #expect(
            chat.turns[0].date?.iso == "2026-08-14T11:20:00+02:00"
                || chat.turns[0].date?.secondsSinceEpoch == ChatDate(iso: "2026-08-14T09:20:00Z")?.secondsSinceEpoch)
        #expect(chat.turns[2].date?.secondsSinceEpoch == ChatDate(iso: "2026-08-14T09:31:00Z")?.secondsSinceEpoch)
        #expect(
            kinds(chat.turns[1].parts) == [
                "thinking:Reasoning", "text", "tool:Glob:ok", "tool:Read:ok", "transcript:explore agent: Find money formatting", "text",
                "thinking:Reasoning", "tool:Read:ok", "diff:export.py", "diff:__init__.py", "diff:test_export.py", "text", "tool:Shell:ok",
                "tool:Shell:ok", "text",
            ])
        #expect(kinds(chat.turns[3].parts) == ["diff:export.py", "tool:ReadLints:ok", "text"])
        // The reasoning is not in the log: a note says so, the marker is never shown.
        #expect(!"\(chat)".contains("[REDACTED]"))
        if case .text(let text) = chat.turns[1].parts[5] {
            #expect(text == "The sub-agent found two formatting helpers; I'll reuse `format_amount` for consistency.")
        }
        if case .toolCall(let glob) = chat.turns[1].parts[2] { #expect(glob.title == "Found files matching **/*.py" && glob.titlePhrase?.key == .toolGlob) }
        if case .toolCall(let read) = chat.turns[1].parts[3] { #expect(read.title == "Read models.py" && read.titlePhrase?.key == .toolRead) }
        if case .toolCall(let shell) = chat.turns[1].parts[12] {
            #expect(shell.title == "python -m pytest -q tests/test_export.py" && shell.result == nil)
        }
        if case .diff(let written) = chat.turns[1].parts[8] {
            #expect(written.old == "" && written.new?.hasPrefix("\"\"\"CSV export for invoices.\"\"\"") == true)
        }
        if case .diff(let edit) = chat.turns[1].parts[9] {
            #expect(edit.old == "from .totals import average_line_total, grand_total\n")
            #expect(edit.new == "from .export import to_csv\nfrom .totals import average_line_total, grand_total\n")
        }
        // The sub-agent's transcript sits at the Task call whose prompt is its first query.
        if case .transcript(let agent) = chat.turns[1].parts[4] {
            #expect(agent.phrase?.key == .agentOfKindTask)
            #expect(agent.messages.map(\.role) == [.user, .assistant])
            #expect(agent.messages[0].text.hasPrefix("Find every place in the repository"))
            #expect(kinds(agent.messages[1].parts) == ["tool:Grep:ok", "tool:Read:ok", "text"])
        }
        #expect(
            chat.facts.map { "\($0.label): \($0.value)" } == [
                "Workspace: home-sample-dev-src-invoice-tools",
                "Time: \(SessionText.timeFact(ChatDate(iso: "2026-08-14T11:20:00+02:00")!, ChatDate(iso: "2026-08-14T11:31:00+02:00")!).value)",
            ])
    }

    @Test func aFlatTranscriptOfAnOlderBuild() throws {
        let (chats, warnings) = try read(Self.flat)
        let chat = try #require(chats.first)
        #expect(
            chat.turns.filter { $0.role == .user }.map(\.text) == [
                "Why is the PDF footer showing the tax as 0.2 instead of 20%?",
                "Now regenerate all the sample PDFs in examples/.",
                "Skip that. Just tell me how many example files there are.",
            ])
        #expect(chat.turns.map(\.role) == [.user, .assistant, .user, .assistant, .user, .assistant])
        // The one tool_result goes to the call before it: the Shell call becomes a terminal.
        #expect(
            kinds(chat.turns[1].parts) == [
                "text", "tool:Grep:ok", "tool:Read:ok", "text", "diff:pdf.py",
                "terminal:python -m pytest -q tests/test_pdf.py:-", "text",
            ])
        if case .terminal(let run) = chat.turns[1].parts[5] { #expect(run.output == "...\n3 passed in 0.42s" && run.title == "Run PDF tests") }
        // An aborted turn is the person's interruption; the call it stopped at did not finish.
        #expect(kinds(chat.turns[3].parts) == ["text", "tool:Shell:error", "notice:interrupted"])
        if case .notice(let stopped) = chat.turns[3].parts[2] { #expect(stopped.phrase?.key == .interruptedByPerson) }
        #expect(kinds(chat.turns[5].parts) == ["notice:error"])
        if case .notice(let error) = chat.turns[5].parts[0] { #expect(error.text == "Connection to the model provider was lost. Please try again.") }
        // No <timestamp>: no date, no time span; the workspace is the only fact.
        #expect(chat.date == nil)
        #expect(chat.facts.map { "\($0.label): \($0.value)" } == ["Workspace: home-sample-dev-src-invoice-tools"])
        #expect(
            warnings == [
                "\(Self.flat):9: warning: unknown line type \"checkpoint_created\" (1 line here); left out, the rest is read"
            ])
    }

    @Test func theProjectsFolderIsASiteByWorkspace() throws {
        let (chats, warnings) = try read(Self.folder)
        // Three transcripts (one plain text); the sub-agent is inside its parent, not a session of its own.
        #expect(chats.count == 3)
        #expect(chats.map(\.project) == ["home-ana-src-weather-cli", "home-sample-dev-src-invoice-tools", "home-sample-dev-src-invoice-tools"])
        #expect(warnings.count == 3)
        #expect(try read(Self.transcripts).0.count == 2)
        // One transcript's folder is one page.
        let one = try read(Self.transcripts + "/0cf8e760-3644-45cd-ad39-040d543e9ed8")
        #expect(one.0.count == 1 && one.0.first?.project == nil)
        #expect(throws: DiagnosticError.self) { try read(Self.folder + "/nowhere") }
    }

    @Test func brokenLinesAreWarningsAndTheRestReads() {
        let lines = [
            "{\"role\":\"user\",\"message\":{\"content\":[{\"type\":\"text\",\"text\":\"<user_query>Hi</user_query>\"}]}}",
            "{\"role\":\"assistant\",\"message\":{\"content\":[{\"type\":\"text\",\"text\":\"Hel",
            "[1]",
            "{\"role\":\"assistant\",\"message\":{\"content\":[{\"type\":\"text\",\"text\":\"Hello\"}]}}",
            "{\"role\":\"assistant\",\"message\":{\"content\":[{\"type\":\"text\",\"te",
        ]
        let (chat, warnings) = CursorReader.read(bytes: Array(lines.joined(separator: "\n").utf8), file: "b.jsonl")
        #expect(chat?.turns.map(\.role) == [.user, .assistant])
        // A last line still being written is skipped quietly.
        #expect(
            warnings.map(\.description) == [
                "b.jsonl:2:69: warning: unterminated string; expected a closing '\"'; the line is left out",
                "b.jsonl:3:1: warning: expected a JSON object, found an array; the line is left out",
            ])
    }

    @Test func oddShapesAreWarningsNeverATrap() {
        let lines = [
            "{\"role\":\"user\",\"message\":{\"content\":[{\"type\":\"tool_result\",\"content\":\"orphan\"},{\"type\":\"image\",\"source\":{}}]}}",
            "{\"role\":\"user\",\"message\":{\"content\":\"<timestamp>Monday, Feb 2, 2026, 12:05 AM (UTC-5:30)</timestamp>\\n<attached_files>a.py</attached_files>\\nPlain words\"}}",
            "{\"role\":\"assistant\",\"message\":{\"content\":[{\"type\":\"text\",\"text\":\"[REDACTED]\"},{\"type\":\"redacted\"},{\"type\":\"tool_use\",\"name\":\"Delete\",\"input\":{\"path\":\"/w/old.txt\"}},{\"type\":\"tool_use\",\"name\":\"TodoWrite\",\"input\":{\"todos\":[{\"content\":\"a\",\"status\":\"completed\"},{\"content\":\"b\",\"status\":\"pending\"}]}},{\"type\":\"tool_use\",\"name\":\"Task\",\"input\":{\"prompt\":\"nobody\",\"description\":\"Look\"}},{\"type\":\"tool_use\",\"input\":7},{\"type\":\"tool_use\",\"name\":\"StrReplace\",\"input\":\"x\"}]}}",
            "{\"role\":\"system\",\"message\":{\"content\":\"rules\"}}",
            "{\"message\":{}}",
            "{\"type\":\"turn_ended\",\"status\":\"weird\"}",
            "{\"role\":\"user\",\"message\":{\"content\":[{\"type\":\"text\",\"text\":\"<user_query>\\nGo on\\n</user_query>\"}]}}",
            "{\"role\":\"assistant\",\"message\":{\"content\":[{\"type\":\"tool_use\",\"name\":\"Shell\",\"input\":{\"command\":\"make\"}}]}}",
        ]
        let (chat, warnings) = CursorReader.read(bytes: Array(lines.joined(separator: "\n").utf8), file: "odd.jsonl")
        #expect(
            warnings.map(\.message) == [
                "tool result for no call in the log (1 line here); left out, the rest is read",
                "unknown content type \"image\" (1 line here); left out, the rest is read",
                "unknown role \"system\" (1 line here); left out, the rest is read",
                "unknown line type \"(none)\" (1 line here); left out, the rest is read",
            ])
        #expect(chat?.turns.filter { $0.role == .user }.map(\.text) == ["Plain words", "Go on"])
        #expect(chat?.turns.first?.date?.secondsSinceEpoch == ChatDate(iso: "2026-02-02T05:35:00Z")?.secondsSinceEpoch)
        #expect(
            kinds(chat?.turns[1].parts ?? []) == [
                "thinking:Reasoning", "tool:Delete:ok", "tool:TodoWrite:ok", "tool:Task:ok",
                "tool:tool:ok", "tool:StrReplace:error", "notice:error",
            ])
        if case .toolCall(let deleted)? = chat?.turns[1].parts[1] { #expect(deleted.title == "Deleted old.txt" && deleted.titlePhrase?.key == .toolDeleted) }
        if case .toolCall(let todos)? = chat?.turns[1].parts[2] { #expect(todos.title == "Updated the to-do list · 1 of 2 done") }
        if case .toolCall(let task)? = chat?.turns[1].parts[3] { #expect(task.title == "Look" && task.input == "nobody") }
        // The log stopped inside a turn: its last call had not finished.
        #expect(kinds(chat?.turns.last?.parts ?? []) == ["tool:Shell:running"])
    }

    @Test func timestampsAndTags() {
        #expect(CursorTools.date("Friday, Aug 14, 2026, 11:20 AM (UTC+2)")?.secondsSinceEpoch == ChatDate(iso: "2026-08-14T09:20:00Z")?.secondsSinceEpoch)
        #expect(CursorTools.date("Sunday, Dec 6, 2026, 12:40 PM (UTC)")?.secondsSinceEpoch == ChatDate(iso: "2026-12-06T12:40:00Z")?.secondsSinceEpoch)
        #expect(CursorTools.date("not a date") == nil)
        #expect(CursorTools.prompt("<context>x</context>\n<user_query>\n a \n</user_query>").0 == "a")
        #expect(CursorTools.prompt("no tags at all").0 == "no tags at all")
    }
}
