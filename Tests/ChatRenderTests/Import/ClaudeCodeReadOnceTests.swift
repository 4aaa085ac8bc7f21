import Foundation
import Testing
@testable import ChatModel
@testable import ChatSupport
@testable import ChatLoad
@testable import ChatRenderHTML
@testable import ChatRender
import TestSupport

/// The faster paths of reading and drawing Claude Code sessions give what the plain ones gave:
/// a sub-agent log read once for many calls, inputs pretty-printed into one buffer, lines cut in
/// UTF-8 bytes where Characters would cut them.
@Suite struct ClaudeCodeReadOnceTests {
    typealias T = ClaudeCodeImporterTests
    static let png = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=="

    /// A session of two Task calls that both name sub-agent `x1`, whose log is `agentLines`.
    func session(agentLines: [String]) throws -> (ImportedChat, [String]) {
        let root = TestPaths.temporaryFolder("cc-agent-once")
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileManager.default.createDirectory(atPath: root + "/s/subagents", withIntermediateDirectories: true)
        let task = "{\"description\":\"Look around\",\"prompt\":\"Find it\",\"subagent_type\":\"Explore\"}"
        let lines = [
            T.user("\"Go\""),
            T.call("toolu_1", "Task", task), T.result("toolu_1", "\"Found it\"", record: "{\"agentId\":\"x1\"}"),
            T.call("toolu_2", "Task", task), T.result("toolu_2", "\"Found it again\"", record: "{\"agentId\":\"x1\"}"),
        ]
        _ = FileManager.default.createFile(atPath: root + "/s.jsonl", contents: Data(lines.joined(separator: "\n").utf8))
        _ = FileManager.default.createFile(atPath: root + "/s/subagents/agent-x1.jsonl", contents: Data(agentLines.joined(separator: "\n").utf8))
        _ = FileManager.default.createFile(atPath: root + "/s/subagents/agent-x1.meta.json", contents: Data("{\"agentType\":\"Explore\"}".utf8))
        let (chats, warnings) = try Importer.read(ImportRequest(format: .claudeCode, inputPath: root + "/s.jsonl", outputDirectory: "unused"))
        return (try #require(chats.first), warnings.map { $0.description.replacingOccurrences(of: root + "/", with: "") })
    }

    func transcripts(_ chat: ImportedChat) -> [TranscriptPart] {
        chat.turns.flatMap(\.parts).compactMap {
            if case .transcript(let t) = $0 { return t }; return nil
        }
    }

    /// A sub-agent's log named by two calls is shown at the first; the second links there (it
    /// was copied whole into each, and agents that call each other grew without end).
    @Test func aSubAgentLogNamedByTwoCallsIsShownAtTheFirstAndLinkedFromTheSecond() throws {
        let (chat, warnings) = try session(agentLines: [
            T.user("\"Find it\""), "not json", T.assistant("msg_a", "{\"type\":\"text\",\"text\":\"It is in cart.py\"}"),
        ])
        let found = transcripts(chat)
        #expect(found.count == 2)
        #expect(found[0].title == "Explore agent: Look around")
        #expect(found[0].messages.map(\.role) == [.user, .assistant])
        #expect(found[0].reference == nil && found[0].agent != nil)
        #expect(found[1].reference == .shownElsewhere && found[1].agent == found[0].agent && found[1].messages.isEmpty)
        let bad = warnings.filter { $0.hasPrefix("s/subagents/agent-x1.jsonl:2:") }
        #expect(bad.count == 1, "the log's warning, once, as it is read once: \(warnings)")
    }

    /// A sub-agent that starts its own sub-agent: the inner log's warnings are said too.
    @Test func theWarningsOfASubAgentsOwnSubAgentAreNotLost() throws {
        let root = TestPaths.temporaryFolder("cc-agent-nested")
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileManager.default.createDirectory(atPath: root + "/s/subagents", withIntermediateDirectories: true)
        let outer = "{\"description\":\"Look around\",\"prompt\":\"Find it\",\"subagent_type\":\"Explore\"}"
        let inner = "{\"description\":\"Look deeper\",\"prompt\":\"Find more\",\"subagent_type\":\"Explore\"}"
        let lines = [T.user("\"Go\""), T.call("toolu_1", "Task", outer), T.result("toolu_1", "\"Found it\"", record: "{\"agentId\":\"x1\"}")]
        let x1 = [
            T.user("\"Find it\""), T.call("toolu_2", "Task", inner), T.result("toolu_2", "\"More\"", record: "{\"agentId\":\"y2\"}"),
            T.assistant("msg_x", "{\"type\":\"text\",\"text\":\"Found it\"}"),
        ]
        let y2 = [T.user("\"Find more\""), "not json", T.assistant("msg_y", "{\"type\":\"text\",\"text\":\"More\"}")]
        for (path, content) in [("/s.jsonl", lines), ("/s/subagents/agent-x1.jsonl", x1), ("/s/subagents/agent-y2.jsonl", y2)] {
            _ = FileManager.default.createFile(atPath: root + path, contents: Data(content.joined(separator: "\n").utf8))
        }
        let (chats, warnings) = try Importer.read(ImportRequest(format: .claudeCode, inputPath: root + "/s.jsonl", outputDirectory: "unused"))
        let chat = try #require(chats.first)
        let outerAgent = try #require(transcripts(chat).first)
        let nested = outerAgent.messages.flatMap { $0.parts ?? [] }.compactMap {
            if case .transcript(let t) = $0 { return t }; return nil
        }
        #expect(nested.count == 1, "the inner agent is nested in the outer one")
        #expect(warnings.contains { $0.description.hasPrefix(root + "/s/subagents/agent-y2.jsonl:2:") }, "\(warnings)")
    }

    @Test func aSubAgentLogWithImagesShownOnceHasItsImagesOnce() throws {
        let picture =
            "[{\"type\":\"text\",\"text\":\"Find it\"},{\"type\":\"image\",\"source\":{\"type\":\"base64\",\"media_type\":\"image/png\",\"data\":\"\(Self.png)\"}}]"
        let (chat, _) = try session(agentLines: [T.user(picture), T.assistant("msg_a", "{\"type\":\"text\",\"text\":\"Done\"}")])
        #expect(transcripts(chat).count == 2)
        let ids = chat.turns.flatMap(\.attachments).compactMap(\.id)
        #expect(ids == ["i1"])
        #expect(chat.turns.flatMap(\.attachments).map(\.name) == ["image-1.png"])
    }

    @Test func inputsPrettyPrintAsNativeJSONDoes() throws {
        let samples = [
            "{}", "[]", "{\"a\":[],\"b\":{},\"c\":[1,2.5,-3e2,true,false,null]}",
            "{\"q\":\"say \\\"hi\\\"\\\\ \\n\\r\\t \\u0001 \\u007f \\u2028 \\u2029 é 😀\",\"nested\":[{\"x\":[[{}]]}]}",
            "[\"\\u00e2\\u0080\", \"\\u00e2\", 1.0, 12345678901234567890, 0.1]",
        ]
        for sample in samples {
            let node = try JSONParser.parse(Array(sample.utf8))
            #expect(ClaudeCodeTools.pretty(node) == NativeJSON.pretty(node), "\(sample)")
        }
    }

    @Test func linesAreCutWhereCharactersWouldCutThem() {
        let samples = ["", "\n", "a", "a\n", "\na", "a\r\nb\nc", "a\rb\n\n\nc\r", "e\u{301}\nx\u{301}\n", "\r\n\r\n", "😀\n👍🏽\r\n"]
        for sample in samples {
            #expect(
                sample.splitLines(omittingEmptySubsequences: false) == sample.split(separator: "\n", omittingEmptySubsequences: false),
                "\(sample.debugDescription)")
            #expect(sample.splitLines() == sample.split(separator: "\n"), "\(sample.debugDescription)")
        }
    }

    @Test func numberedListingsReadInBytesAsInCharacters() {
        let samples = [
            "     1\u{2192}import os\n     2\u{2192}\n     3\u{2192}print(1)",
            "1\tone\r\n2\ttwo\n3\tthree\n<system-reminder>x</system-reminder>",
            "  12\u{2192}\u{301}accent on the arrow\n  13\u{2192}b",
            " \u{301}1\u{2192}x", "12\u{301}\u{2192}x", "1\u{2192}a\n\n", "no numbers", "",
            "1234567890\u{2192}too long", "1\u{2192}é\n2\u{2192}😀\n3→x",
        ]
        for sample in samples {
            let bytes = ToolResultView.numberedLines(sample), characters = ToolResultView.numberedLinesByCharacter(sample)
            #expect(bytes?.numbers == characters?.numbers && bytes?.code == characters?.code, "\(sample.debugDescription)")
        }
    }

    @Test func searchTextSpacesAreUnicodeWhiteSpace() {
        // Every scalar: past ASCII the spaces are named, not looked up.
        var differing: [String] = []
        for value in UInt32(0)..<0x11_0000 {
            guard let scalar = Unicode.Scalar(value) else { continue }
            if ConversationSummary.isSpace(scalar) != scalar.properties.isWhitespace { differing.append("U+\(String(value, radix: 16))") }
        }
        #expect(differing == [])
        #expect(ConversationSummary.collapsed("  **tram\u{a0}28**\n\n- [^s1]`x`\u{2003}y ") == "tram 28 x y")
    }

    @Test func searchTextReadInBytesAsScalarByScalar() {
        let long = String(repeating: "é", count: 38)
        let samples = [
            "", " ", "\u{a0}", "a\u{85}b", "# Title\n## Sub\n- item\n* star\n+ plus\n> quote\n#no", "**bold** __under__ *one* _one_",
            "cite[^s1] and [^é2] and [^a b] and [^\u{2003}x] [^]", "[^\(long)] [^\(long)é] [^\(String(repeating: "x", count: 39))]",
            "[^\(String(repeating: "x", count: 38))]", "tab\there\u{7}bell\u{7f}del", "  \u{3000}全角\u{3000}空白 😀👍🏽 e\u{301}",
            "line\r\n- after crlf\n\u{a0}- after nbsp", "`code` ``two`` ***", "\u{2028}sep\u{2029}par",
        ]
        for sample in samples {
            #expect(ConversationSummary.collapsed(sample) == collapsedByScalar(sample), "\(sample.debugDescription)")
            // Appended to bytes already there (a search shard's), with no String between: the same bytes.
            var bytes: [UInt8] = [1, 2, 3]
            var text = sample
            let written = text.withUTF8 { ConversationSummary.collapsed(utf8: $0, appendingTo: &bytes) }
            #expect(bytes == [1, 2, 3] + Array(collapsedByScalar(sample).utf8), "\(sample.debugDescription)")
            #expect(written == bytes.count - 3)
        }
    }

    /// The search text as it was made scalar by scalar, to hold the byte reading to.
    private func collapsedByScalar(_ text: String) -> String {
        var out = ""
        var space = false
        var lineStart = true
        let scalars = Array(text.unicodeScalars)
        var i = 0
        while i < scalars.count {
            let scalar = scalars[i]
            i += 1
            if scalar == "`" { continue }
            if scalar == "[", i < scalars.count, scalars[i] == "^" {
                var j = i + 1
                while j < scalars.count, j - i < 40, scalars[j] != "]", !scalars[j].properties.isWhitespace { j += 1 }
                if j < scalars.count, scalars[j] == "]" { i = j + 1; continue }
            }
            if scalar == "*" || scalar == "_", i < scalars.count, scalars[i] == scalar {
                while i < scalars.count, scalars[i] == scalar { i += 1 }
                continue
            }
            if lineStart, "#-*+>".unicodeScalars.contains(scalar) {
                var j = i
                if scalar == "#" { while j < scalars.count, scalars[j] == "#" { j += 1 } }
                if j < scalars.count, scalars[j] == " " { i = j; continue }
            }
            if scalar.properties.isWhitespace || scalar.value < 0x20 {
                space = !out.isEmpty
                if scalar == "\n" { lineStart = true }
            } else {
                if space { out.unicodeScalars.append(" ") }
                space = false
                lineStart = false
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    @Test func phrasesFillTheSameInBytesAsInCharacters() {
        #expect(UIStrings.fill("Read {path} · {first}–{last}", [("path", "a/b"), ("first", "1"), ("last", "9")]) == "Read a/b · 1–9")
        #expect(UIStrings.fill("Read {path} {unknown} {", [("path", "x")]) == "Read x {unknown} {")
        #expect(UIStrings.fill("{n}{n}", [("n", "1"), ("n", "2")]) == "22")
        // A brace with a combining mark on it is not a placeholder's, Character by Character.
        #expect(UIStrings.fill("{\u{301}n} {n}", [("n", "x")]) == "{\u{301}n} x")
        #expect(UIStrings.fill("Lu {n} fois", [("n", "3")]) == "Lu 3 fois")
        #expect(UIStrings.fill("Zeilen {first}–{last} · é{n}é", [("first", "1"), ("last", "2"), ("n", "x")]) == "Zeilen 1–2 · éxé")
        // A prepended sign makes one Character of itself and the brace; a mark on a closing brace too.
        #expect(UIStrings.fill("\u{600}{n} {n}", [("n", "x")]) == "\u{600}{n} x")
        #expect(UIStrings.fill("{n}\u{301} {n}", [("n", "x")]) == "{n}\u{301} {n}")
        #expect(UIStrings.firstBrace("{", in: "a\u{600}{b{") == "a\u{600}{b{".utf8.index("a\u{600}{b{".utf8.startIndex, offsetBy: 5))
        #expect(UIStrings.html("Ran {command} <now> {none}", ["command": "<code>ls</code>"]).description == "Ran <code>ls</code> &lt;now&gt; {none}")
    }
}
