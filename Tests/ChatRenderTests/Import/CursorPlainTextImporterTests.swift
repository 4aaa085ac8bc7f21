import Foundation
import Testing
@testable import ChatModel
@testable import ChatSupport
@testable import ChatLoad
@testable import ChatRender
import TestSupport

/// Cursor's plain-text agent transcripts (`agent-transcripts/<id>.txt`): the hand-written
/// fixture in the workspace `home-ana-src-weather-cli`, and the grammar's edges.
@Suite struct CursorPlainTextImporterTests {
    static let transcript = TestPaths.fixture(
        "import/cursor/projects/home-ana-src-weather-cli/agent-transcripts/5d1e7c3a-8b42-4f6e-9a1d-2c7b0e9f4a61.txt")

    func read(_ path: String) throws -> ([ImportedChat], [Diagnostic]) {
        try Importer.read(ImportRequest(format: .cursor, inputPath: path, outputDirectory: "unused"))
    }

    func kinds(_ parts: [TurnPart]) -> [String] {
        parts.map { part in
            switch part {
            case .text: return "text"
            case .thinking(let t): return "thinking:\(t.summary ?? "")"
            case .toolCall(let c): return "tool:\(c.name):\(c.status.rawValue)"
            case .terminal(let t): return "terminal:\(t.command ?? "")"
            case .diff(let d): return "diff:\(FilePath.lastComponent(d.path ?? ""))"
            case .notice(let n): return "notice:\(n.kind.rawValue)"
            default: return "other"
            }
        }
    }

    @Test func aPlainTextTranscriptReadsWhole() throws {
        let (chats, warnings) = try read(Self.transcript)
        let chat = try #require(chats.first)
        #expect(chats.count == 1)
        // The person's words are the inside of <user_query>; the editor's <user_info> is left out.
        #expect(chat.title.hasPrefix("The forecast command prints temperatures in Kelvin"))
        #expect(chat.turns.map(\.role) == [.user, .assistant, .user, .assistant])
        #expect(chat.turns[0].text == "The forecast command prints temperatures in Kelvin. Make it print Celsius, rounded to one decimal.")
        #expect(chat.turns[2].text == "Thanks. What about the README?")
        #expect(!"\(chat)".contains("OS Version") && !"\(chat)".contains("[REDACTED]"))
        // The assistant's messages between two prompts are one reply.
        let reply = chat.turns[1].parts
        #expect(
            kinds(reply) == [
                "thinking:", "text", "tool:Grep:ok", "tool:Read:ok", "thinking:", "text", "diff:format.py", "diff:cli.py",
                "terminal:python -m pytest -q", "thinking:Reasoning", "tool:TodoWrite:ok", "text",
            ])
        // [Thinking] runs to the blank line; <think> inside a reply is thinking too.
        if case .thinking(let first) = reply[0] {
            #expect(first.text.hasPrefix("The person wants Celsius") && first.text.hasSuffix("the formatting helpers."))
        }
        if case .text(let text) = reply[1] { #expect(text == "Let me find where the temperature is formatted.") }
        if case .thinking(let inline) = reply[4] { #expect(inline.text.hasPrefix("The helper only appends the unit. A celsius helper")) }
        // Each result joins its call by the tool's name: `key=value` and `key: value` inputs.
        if case .toolCall(let grep) = reply[2] {
            #expect(grep.title == "Searched for “kelvin”")
            #expect(grep.result == "weather/format.py:3:def kelvin(value):\nweather/cli.py:12:    print(kelvin(reading.temp))")
        }
        if case .toolCall(let read) = reply[3] {
            #expect(read.title == "Read format.py" && read.result?.hasSuffix("return f\"{value} K\"") == true)
        }
        // A value goes on over the lines that name no key.
        if case .diff(let edit) = reply[6] {
            #expect(edit.old == "def kelvin(value):\n    return f\"{value} K\"")
            #expect(edit.new == "def celsius(value):\n    return f\"{value - 273.15:.1f} °C\"")
        }
        // A JSON input; the output makes the shell call a terminal.
        if case .terminal(let run) = reply[8] { #expect(run.output == "....\n4 passed in 0.21s" && run.title == "Run the tests") }
        // A value that is JSON is read as JSON.
        if case .toolCall(let todos) = reply[10] { #expect(todos.title == "Updated the to-do list · 1 of 2 done") }
        #expect(kinds(chat.turns[3].parts) == ["text"])
        #expect(chat.facts.map { "\($0.label): \($0.value)" } == ["Workspace: home-ana-src-weather-cli"])
        // Markers not known: one warning a kind, with a count.
        #expect(
            warnings.map(\.description) == [
                "\(Self.transcript):54: warning: unknown marker \"[Image]\" (2 lines, the first here); left out, the rest is read",
                "\(Self.transcript):80: warning: unknown marker \"[Checkpoint]\" (1 line here); left out, the rest is read",
            ])
    }

    @Test func everyCallInTheFixtureHasItsResult() throws {
        let bytes = try #require(FileManager.default.contents(atPath: Self.transcript))
        let text = String(decoding: bytes, as: UTF8.self)
        let calls = text.components(separatedBy: "\n[Tool call] ").count - 1
        let results = text.components(separatedBy: "\n[Tool result] ").count - 1
        #expect(calls == 6 && results == calls)
        let chat = try #require(try read(Self.transcript).0.first)
        let parts = chat.turns.flatMap(\.parts)
        let shown = parts.filter {
            switch $0 {
            case .toolCall, .terminal, .diff: return true
            default: return false
            }
        }
        #expect(shown.count == calls)
        for case .toolCall(let call) in parts { #expect(call.result != nil, "\(call.name)") }
    }

    @Test func theGrammarsEdges() {
        let text = """
            Stray words before any role.
            user:
            Plain words, no wrapper.
            [1] is a footnote, not a marker.

            assistant:
            [Tool call] Read
              path: /home/ana/a.py
            [Tool call] Grep
              pattern: x
            [Tool result] Grep
            a.py:1:x
            [Tool result] Read
            print(x)
            [Tool call] StrReplace
              path: /home/ana/a.py
              old_string: x
              new_string: y
            [Tool result] StrReplace
            Error: old_string not found
            [Tool result] Shell
            nothing ran
            [Thinking]
            [Widget] a
            Done.
            """
        let (chat, warnings) = CursorReader.read(bytes: Array(text.utf8), file: "edge.txt")
        #expect(
            warnings.map(\.message) == [
                "text before the first user: or assistant: line (1 line here); left out, the rest is read",
                "tool result for no call in the log (1 line here); left out, the rest is read",
                "unknown marker \"[Widget]\" (1 line here); left out, the rest is read",
            ])
        #expect(chat?.turns.first?.text == "Plain words, no wrapper.\n[1] is a footnote, not a marker.")
        let parts = chat?.turns.last?.parts ?? []
        // Results come back out of order: each finds its call by name. A failed edit is no diff.
        #expect(kinds(parts) == ["tool:Read:ok", "tool:Grep:ok", "tool:StrReplace:error", "thinking:Reasoning", "text"])
        if case .toolCall(let read)? = parts.first { #expect(read.result == "print(x)") }
        if case .toolCall(let grep)? = parts.dropFirst().first { #expect(grep.result == "a.py:1:x") }
    }

    @Test func toolInputs() {
        #expect(CursorPlainText.input("  a: 1\n  b=two\n  c: {\"k\": [1]}").map(JSONText.compact) == #"{"a": "1", "b": "two", "c": {"k": [1]}}"#)
        #expect(CursorPlainText.input("  {\"command\": \"ls\"}").flatMap { InputProbe.string($0, "command") } == "ls")
        #expect(CursorPlainText.input("just words").flatMap { InputProbe.string($0, "input") } == "just words")
        #expect(CursorPlainText.input("") == nil)
        #expect(CursorPlainText.marker("[Tool call] Read")?.0 == "Tool call")
        #expect(CursorPlainText.marker("[REDACTED]") == nil && CursorPlainText.marker("[docs](x)") == nil && CursorPlainText.marker("[x] done") == nil)
    }

    @Test func aFolderHoldingBothKindsOfOneTranscriptReadsItOnce() throws {
        let temp = TestPaths.temporaryFolder("cursor-both") + "/agent-transcripts"
        defer { try? FileManager.default.removeItem(atPath: FilePath.directory(temp)) }
        try FileManager.default.createDirectory(atPath: temp, withIntermediateDirectories: true)
        try "user:\n<user_query>\nHi\n</user_query>\n\nassistant:\nHello.\n".write(toFile: temp + "/a.txt", atomically: true, encoding: .utf8)
        try #"{"role":"user","message":{"content":"<user_query>Hi</user_query>"}}"#.write(toFile: temp + "/a.jsonl", atomically: true, encoding: .utf8)
        try "user:\n<user_query>\nOther\n</user_query>\n".write(toFile: temp + "/b.txt", atomically: true, encoding: .utf8)
        #expect(CursorReader.transcripts(in: temp).map(FilePath.lastComponent) == ["a.jsonl", "b.txt"])
    }
}
