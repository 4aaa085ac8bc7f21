import Foundation
import Testing
@testable import ChatModel
@testable import ChatSupport
@testable import ChatLoad
@testable import ChatRender
import TestSupport

/// Kimi CLI's sessions: a wire of streamed messages, a wire that begins with the result of a call
/// made before it, and an older session with only its context (Fixtures/import/kimi/make_fixtures.py).
@Suite struct KimiImporterTests {
    static let sessions = TestPaths.fixture("import/kimi/.kimi/sessions")
    static let work = sessions + "/5f0c2e8a9b1d3f4e6a7c8b9d0e1f2a3b"
    static let one = work + "/0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d"
    static let two = work + "/6e7f8a9b-0c1d-4e2f-8a3b-4c5d6e7f8a9b"
    static let three = work + "/1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f"

    func read(_ path: String) throws -> ([ImportedChat], [String]) {
        let (chats, warnings) = try Importer.read(ImportRequest(format: ImportFormat(name: "kimi")!, inputPath: path, outputDirectory: "unused"))
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

    @Test func aWireReadsAsTheCLIShowedIt() throws {
        let (chats, warnings) = try read(Self.one)
        let chat = try #require(chats.first)
        #expect(chat.title == "Add a --dry-run flag to backup.sh")
        #expect(chat.turns.map(\.role) == [.user, .assistant])
        #expect(
            kinds(chat.turns[1].parts) == [
                "thinking", "text", "tool:ReadFile:ok:Read backup.sh", "diff:/home/ana/src/harbor/backup.sh", "terminal:shellcheck backup.sh:1", "text",
            ])
        // Streamed pieces are one text, one thinking; each call has its result.
        if case .thinking(let thought) = chat.turns[1].parts[0] { #expect(thought.text == "The script calls rsync; -n makes it a dry run.") }
        if case .text(let text) = chat.turns[1].parts[1] { #expect(text == "Let me read the script first.") }
        if case .toolCall(let read) = chat.turns[1].parts[2] { #expect(read.result?.hasPrefix("1\t#!/bin/sh") == true) }
        if case .diff(let edit) = chat.turns[1].parts[3] { #expect(edit.new == "#!/bin/sh\nrsync -a ${DRY_RUN:+-n} src/ /mnt/backup/\n") }
        if case .terminal(let check) = chat.turns[1].parts[4] { #expect(check.output.contains("SC2086")) }
        let relative = "/0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d/wire.jsonl"
        #expect(warnings == ["\(Self.work + relative):22: warning: unknown wire message type \"ReplayMarker\" (1 line here); left out, the rest is read"])
    }

    /// The header's and the turns' tokens are the wire's `token_usage` added up here.
    @Test func tokensAreTheStatusUpdatesAddedUp() throws {
        var sum = (input: 0, output: 0, read: 0, made: 0)
        for line in try String(contentsOfFile: Self.one + "/wire.jsonl", encoding: .utf8).split(separator: "\n") {
            let record = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            guard let message = record["message"] as? [String: Any], let payload = message["payload"] as? [String: Any],
                let usage = payload["token_usage"] as? [String: Int]
            else { continue }
            sum.input += usage["input_other"] ?? 0
            sum.output += usage["output"] ?? 0
            sum.read += usage["input_cache_read"] ?? 0
            sum.made += usage["input_cache_creation"] ?? 0
        }
        let (chats, _) = try read(Self.one)
        let chat = try #require(chats.first)
        let turns = chat.turns.compactMap(\.usage).reduce(TokenUsage()) { $0 + $1 }
        #expect(turns.input == Tally(sum.input) && turns.output == Tally(sum.output))
        #expect(turns.cacheRead == Tally(sum.read) && turns.cacheWrite == Tally(sum.made))
        let fact = try #require(chat.facts.first { $0.label == "Tokens" })
        #expect(
            fact.value == "\(SessionText.tokens(Tally(sum.input))) in · \(SessionText.tokens(Tally(sum.output))) out · "
                + "\(SessionText.tokens(Tally(sum.read))) cache read · \(SessionText.tokens(Tally(sum.made))) cache written")
    }

    /// A wire that begins with the result of a call made before it: the result is shown by itself.
    @Test func aResultWhoseCallIsNotInTheFile() throws {
        let (chats, warnings) = try read(Self.two + "/wire.jsonl")
        let chat = try #require(chats.first)
        #expect(chat.title == "Nightly backups")
        #expect(chat.turns.map(\.role) == [.assistant, .user, .assistant])
        #expect(kinds(chat.turns[0].parts) == ["tool:tool:ok:Result of a call made before this file began", "text"])
        if case .toolCall(let earlier) = chat.turns[0].parts[0] { #expect(earlier.result == "sent 12 files\n") }
        #expect(warnings == ["\(Self.two)/wire.jsonl: warning: begins with the result of 1 call made before it; shown without the call"])
    }

    @Test func aSessionWithOnlyItsContext() throws {
        let (chats, warnings) = try read(Self.three)
        #expect(warnings.isEmpty)
        let chat = try #require(chats.first)
        #expect(chat.title == "What does harbor back up?")
        #expect(chat.turns.map(\.role) == [.user, .assistant])
        #expect(kinds(chat.turns[1].parts) == ["text", "tool:Glob:ok:Found files matching *.sh", "text"])
        if case .toolCall(let glob) = chat.turns[1].parts[1] { #expect(glob.result == "backup.sh") }
    }

    @Test func aWireFollowedAsItIsWrittenIsTheWholeRead() throws {
        let (live, whole) = try PiImporterTests.followed(Self.one + "/wire.jsonl", reader: KimiReader(), name: "wire.jsonl")
        #expect(live != nil && live == whole)
    }

    @Test func theSessionsFolderIsASite() throws {
        let (chats, warnings) = try read(Self.sessions)
        #expect(chats.count == 3)
        #expect(warnings.count == 2)
    }

    @Test func aTitleIsNeverAHarnessTag() {
        var session = KimiSession(file: "wire.jsonl")
        let text =
            "{\"timestamp\": 1, \"message\": {\"type\": \"TurnBegin\", \"payload\": {\"user_input\": \"<system-reminder>x</system-reminder>\\nTidy the `Makefile`\"}}}\n"
        Array(text.utf8).withUnsafeBufferPointer { session.read($0) }
        #expect(session.chat(fallbackTitle: "s")?.title == "Tidy the Makefile")
    }

    @Test func oddShapesAreWarningsNeverATrap() {
        for text in [
            "{\"timestamp\": -1e300, \"message\": {\"type\": \"ToolResult\", \"payload\": {\"tool_call_id\": 3}}}\n{\"message\": 4}\n",
            "{\"timestamp\": 1, \"message\": {\"type\": \"StatusUpdate\", \"payload\": {\"token_usage\": {\"output\": 1e300}}}}\n"
                + "{\"timestamp\": 1, \"message\": {\"type\": \"ToolCallPart\", \"payload\": {\"arguments_part\": \"x\"}}}\n",
        ] {
            var session = KimiSession(file: "odd.jsonl")
            Array(text.utf8).withUnsafeBufferPointer { session.read($0) }
            _ = session.chat(fallbackTitle: "odd")
        }
    }
}
