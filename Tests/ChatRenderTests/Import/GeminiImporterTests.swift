import Foundation
import Testing
@testable import ChatModel
@testable import ChatSupport
@testable import ChatLoad
@testable import ChatRender
import TestSupport

/// Gemini CLI sessions as its chat recorder writes them: one JSON document (older releases),
/// JSON lines with `$set` updates (newer), and a chat saved with /chat save
/// (Fixtures/import/gemini/make_fixtures.py).
@Suite struct GeminiImporterTests {
    static let folder = TestPaths.fixture("import/gemini/tmp")
    static let hash = "6f1c3e0b9d2a4c8e7f5b1a3d9c0e2f4a6b8d0c2e4f6a8b0d2c4e6f8a0b2d4c6e"
    static let document = folder + "/\(hash)/chats/session-2026-05-20T14-02-3f9a1c2e.json"
    static let lines = folder + "/garden-site/chats/session-2026-09-02T08-30-b7e2d4c6.jsonl"
    static let checkpoint = folder + "/\(hash)/checkpoint-release.json"

    func read(_ path: String) throws -> ([ImportedChat], [String]) {
        let (chats, warnings) = try Importer.read(ImportRequest(format: ImportFormat(name: "gemini")!, inputPath: path, outputDirectory: "unused"))
        return (chats, warnings.map(\.description))
    }

    func kinds(_ parts: [TurnPart]) -> [String] {
        parts.map { part in
            switch part {
            case .text: return "text"
            case .thinking(let t): return "thinking:\(t.summary ?? "")"
            case .toolCall(let c): return "tool:\(c.name):\(c.status.rawValue):\(c.title ?? "")"
            case .terminal(let t): return "terminal:\(t.command ?? ""):\(t.exitCode.map(String.init) ?? "-")"
            case .diff(let d): return "\(d.created ? "created" : "diff"):\(d.path ?? "")"
            case .notice(let n): return "notice:\(n.kind.rawValue)"
            default: return "other"
            }
        }
    }

    @Test func aRecordedSessionReadsAsTheCLIShowedIt() throws {
        let (chats, warnings) = try read(Self.document)
        let chat = try #require(chats.first)
        #expect(chat.title == "The weather widget shows 23.4°F for 23.4°C. Fix the unit conversion.")
        #expect(chat.turns.map(\.role) == [.user, .assistant, .user, .assistant])
        // The replies between two prompts are one turn, as the CLI shows them.
        #expect(
            kinds(chat.turns[1].parts) == [
                "thinking:Locating the conversion", "text", "tool:read_file:ok:Read format.py", "terminal:pytest -q tests/test_format.py:1",
                "text", "diff:/home/ana/src/weather/widget/format.py", "created:/home/ana/src/weather/CHANGES.md", "terminal:pytest -q:0",
                "text", "notice:info",
            ])
        #expect(
            kinds(chat.turns[3].parts) == ["text", "tool:google_web_search:ok:Searched the web for “degree Celsius sign U+2103 compatibility”", "notice:error"])
        if case .terminal(let failed) = chat.turns[1].parts[3] {
            #expect(failed.output == "F\nFAILED tests/test_format.py::test_celsius - AssertionError: '23.4°F' != '23.4°C'\n1 failed in 0.12s")
            #expect(failed.title == "Run the formatting tests")
        }
        if case .diff(let edit) = chat.turns[1].parts[5] { #expect(edit.unified?.contains("+    return f\"{value}°{unit}\"") == true) }
        #expect(chat.turns[3].model == "gemini-2.5-flash")
        #expect(
            chat.facts.map { "\($0.label): \($0.value)" } == [
                "Models: gemini-2.5-pro, gemini-2.5-flash", "Time: 2026-05-20 14:02 UTC", "Tokens: 6,726 in · 430 out · 21.5k cache read",
            ])
        #expect(warnings == ["\(Self.document):278: warning: unknown message type \"compression\" (1 message here); left out, the rest is read"])
    }

    /// Newer releases: a header line, messages replaced in place by a later copy with the same id,
    /// a rewind that drops the messages after it, a history rewritten by /compress (the page keeps
    /// what the person saw, marked), the tools' answers written again as a user record, and a last
    /// line still being written.
    @Test func aSessionOfLinesWithUpdatesRewindsAndAHalfWrittenLastLine() throws {
        let (chats, warnings) = try read(Self.lines)
        let chat = try #require(chats.first)
        #expect(chat.turns.map(\.role) == [.user, .assistant, .user, .assistant])
        #expect(chat.turns.filter { $0.role == .user }.map(\.text) == ["Add a todo list for the garden page refresh.", "Now the intro."])
        #expect(
            kinds(chat.turns[1].parts) == [
                "thinking:Planning the refresh", "text", "tool:write_todos:ok:Updated the to-do list · 1 of 3 done",
                "tool:github__list_issues:error:", "tool:run_shell_command:rejected:", "notice:compacted",
            ])
        #expect(!"\(chat)".contains("delete the old photos") && !"\(chat)".contains("state_snapshot"))
        if case .toolCall(let todos) = chat.turns[1].parts[2] {
            #expect(todos.result == "- [x] Resize the photos\n- [ ] Rewrite the intro (in progress)\n- [ ] Deploy")
        }
        if case .toolCall(let failed) = chat.turns[1].parts[3] { #expect(failed.result == "MCP server 'github' is not connected.") }
        // .project_root beside chats/ names the project; the replaced copy's tokens are counted once.
        #expect(chat.facts.first?.value == "/home/ana/src/garden-site")
        #expect(chat.facts.last?.value == "2,876 in · 125 out · 1,024 cache read")
        #expect(warnings == ["\(Self.lines):8: warning: unknown message type \"tool_group_summary\" (1 message here); left out, the rest is read"])
    }

    @Test func aSavedChat() throws {
        let (chats, warnings) = try read(Self.checkpoint)
        #expect(warnings.isEmpty)
        let chat = try #require(chats.first)
        // The title is the prompt's words, its Markdown taken away.
        #expect(chat.title == "What does make release do?")
        #expect(chat.turns.map(\.role) == [.user, .assistant])
        #expect(kinds(chat.turns[1].parts) == ["thinking:Reading the Makefile", "tool:read_file:ok:", "text"])
        if case .toolCall(let read) = chat.turns[1].parts[1] { #expect(read.result?.hasPrefix("release:") == true) }
    }

    @Test func theTmpFolderIsASiteByProject() throws {
        let (chats, warnings) = try read(Self.folder)
        #expect(chats.count == 3)
        #expect(chats.compactMap(\.project) == ["garden-site"])
        #expect(warnings.count == 2)
    }

    /// A prompt a harness opened with its reminder for the model titles the page with the
    /// person's words after it; with no words at all, the session's file names it.
    @Test func aTitleIsNeverAHarnessTag() throws {
        func title(_ prompt: String) throws -> String? {
            var session = GeminiSession(file: "session-2026-05-20T14-02-a.json")
            let content = String(decoding: try JSONSerialization.data(withJSONObject: [prompt]), as: UTF8.self).dropFirst().dropLast()
            let message = "{\"id\": \"m1\", \"type\": \"user\", \"content\": \(content)}"
            session.read(document: try JSONParser.parse(Array("{\"sessionId\": \"a\", \"messages\": [\(message)]}".utf8)))
            return session.chat(fallbackTitle: "session-a", project: nil)?.title
        }
        #expect(try title("<system-reminder>\nThe user's files are in /src.\n</system-reminder>\nRefactor the `parser`") == "Refactor the parser")
        #expect(try title("<system-reminder>Only context.</system-reminder>") == "session-a")
    }

    @Test func oddShapesAreWarningsNeverATrap() {
        for text in [
            "{\"sessionId\": \"x\", \"projectHash\": \"y\", \"messages\": 4}", "[1, {\"role\": \"model\", \"parts\": 3}]",
            "{\"sessionId\": \"x\", \"messages\": [{\"type\": \"gemini\", \"toolCalls\": [{\"name\": 3, \"args\": [1], \"result\": [{}]}], \"tokens\": {\"input\": -1e300}}]}",
        ] {
            var session = GeminiSession(file: "odd.json")
            session.read(document: try! JSONParser.parse(Array(text.utf8)))
            _ = session.chat(fallbackTitle: "odd", project: nil)
        }
    }
}
