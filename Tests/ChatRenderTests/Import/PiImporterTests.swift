import Foundation
import Testing
@testable import ChatModel
@testable import ChatSupport
@testable import ChatLoad
@testable import ChatRender
import TestSupport

/// The Pi family's sessions: Pi's own (a tree with a branch the person went back to start), Oh My
/// Pi's (its own folder and records) and OpenClaw's (an agent's sessions; a reply that stopped on
/// the provider's error) (Fixtures/import/pi/make_fixtures.py).
@Suite struct PiImporterTests {
    static let home = TestPaths.fixture("import/pi")
    static let piFolder = home + "/.pi/agent/sessions"
    static let pi = piFolder + "/--home-ana-src-garden--/2026-06-01T09-00-00-000Z_5b0e2c1a-7d3f-4e8b-9a61-0c2d4e6f8a1b.jsonl"
    static let ohMyPi = home + "/.omp/agent/sessions/--home-ana-src-kiln--/2026-06-02T14-10-00-000Z_9c8b7a65.jsonl"
    static let openClawFolder = home + "/.openclaw/agents/main/sessions"
    static let openClaw = openClawFolder + "/3e1d5c7b-2a4f-4b6d-8e0a-1c3e5a7b9d2f.jsonl"

    func read(_ path: String) throws -> ([ImportedChat], [String]) {
        let (chats, warnings) = try Importer.read(ImportRequest(format: ImportFormat(name: "pi-agent")!, inputPath: path, outputDirectory: "unused"))
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

    /// The fixture's lines as JSON objects, read here without the reader.
    func lines(_ path: String) throws -> [[String: Any]] {
        try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").map {
            try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
    }

    /// The tokens of every assistant message in the fixture, added up here.
    func fixtureTokens(_ path: String) throws -> (input: Int, output: Int, cacheRead: Int, cacheWrite: Int) {
        var sum = (input: 0, output: 0, cacheRead: 0, cacheWrite: 0)
        for line in try lines(path) {
            guard let message = line["message"] as? [String: Any], message["role"] as? String == "assistant",
                let usage = message["usage"] as? [String: Any]
            else { continue }
            sum.input += usage["input"] as? Int ?? 0
            sum.output += usage["output"] as? Int ?? 0
            sum.cacheRead += usage["cacheRead"] as? Int ?? 0
            sum.cacheWrite += usage["cacheWrite"] as? Int ?? 0
        }
        return sum
    }

    /// The session the person went back on: the path to the last entry is the page, and the first
    /// attempt (a prompt and its reply) is a branch where it parts from that path.
    @Test func aPiSessionShowsItsBranchWhereItParts() throws {
        let (chats, warnings) = try read(Self.pi)
        let chat = try #require(chats.first)
        #expect(chat.title == "Why does make test fail on the sundial module?")
        #expect(chat.turns.map(\.role) == [.user, .assistant, .assistant, .user, .assistant])
        #expect(chat.turns.map(\.branch) == [[2], [2], [], [], []])
        #expect(chat.turns.map(\.text)[3] == "Explain the shadow formula before changing anything.")
        #expect(
            kinds(chat.turns[1].parts) == [
                "thinking:Running the tests", "text", "terminal:make test:2", "tool:read:ok:Read sundial/shadow.py", "thinking:", "diff:sundial/shadow.py",
                "text",
            ])
        #expect(kinds(chat.turns[2].parts) == ["notice:info"])
        #expect(kinds(chat.turns[4].parts) == ["thinking:", "tool:grep:ok:Searched for “def elevation”", "text", "notice:command"])
        // Every call is joined to its result.
        if case .terminal(let run) = chat.turns[1].parts[2] {
            #expect(run.output == "pytest -q\nF.\nFAILED tests/test_sundial.py::test_noon_shadow\n1 failed, 1 passed")
        }
        if case .toolCall(let read) = chat.turns[1].parts[3] { #expect(read.result?.hasPrefix("def length(height, elevation):") == true) }
        if case .diff(let edit) = chat.turns[1].parts[5] { #expect(edit.new == "return height / tan(elevation)") }
        if case .toolCall(let grep) = chat.turns[4].parts[1] { #expect(grep.result == "sundial/sun.py:14:def elevation(lat, decl, hour):") }
        if case .notice(let summary) = chat.turns[2].parts[0] { #expect(summary.detail?.hasPrefix("Ran make test") == true) }
        #expect(chat.turns[1].model == "claude-sonnet-4-5")
        #expect(warnings == ["\(Self.pi):18: warning: unknown entry type \"checkpoint_snapshot\" (1 line here); left out, the rest is read"])
    }

    /// The header's tokens and the turns' are what the fixture's assistant messages add up to.
    @Test func tokensAreTheMessagesAddedUp() throws {
        for path in [Self.pi, Self.ohMyPi, Self.openClaw] {
            let (chats, _) = try read(path)
            let chat = try #require(chats.first)
            let sum = try fixtureTokens(path)
            let turns = chat.turns.compactMap(\.usage).reduce(TokenUsage()) { $0 + $1 }
            #expect(turns.input == Tally(sum.input) && turns.output == Tally(sum.output), "\(path)")
            #expect(turns.cacheRead == Tally(sum.cacheRead) && turns.cacheWrite == Tally(sum.cacheWrite), "\(path)")
            let fact = try #require(chat.facts.first { $0.label == "Tokens" })
            #expect(fact.value.hasPrefix("\(SessionText.tokens(Tally(sum.input))) in · \(SessionText.tokens(Tally(sum.output))) out"))
        }
        let (chats, _) = try read(Self.pi)
        #expect(chats[0].facts.last?.value == "59 in · 198 out · 16.5k cache read · 812 cache written")
    }

    @Test func anOhMyPiSessionHasItsTitleAndItsOwnRecords() throws {
        let (chats, warnings) = try read(Self.ohMyPi)
        #expect(warnings.isEmpty)
        let chat = try #require(chats.first)
        #expect(chat.title == "Kiln controller PID tuning")
        #expect(chat.turns.map(\.role) == [.user, .assistant])
        #expect(kinds(chat.turns[1].parts) == ["thinking:", "diff:config/pid.toml", "notice:compacted", "text"])
        #expect(chat.facts.map { "\($0.label): \($0.value)" }.prefix(3) == ["App: Oh My Pi", "Project: /home/ana/src/kiln", "Model: gpt-5"])
    }

    /// An assistant turn that ended with `stopReason: "error"` shows its `errorMessage`.
    @Test func anOpenClawReplyThatStoppedOnAnErrorSaysWhy() throws {
        let (chats, warnings) = try read(Self.openClawFolder)
        #expect(warnings.isEmpty)
        #expect(chats.count == 1)
        let chat = try #require(chats.first)
        #expect(chat.title == "What is on my calendar this morning?")
        #expect(chat.turns.map(\.role) == [.user, .assistant, .user, .assistant])
        #expect(kinds(chat.turns[1].parts) == ["tool:calendar_list:ok:", "notice:error"])
        if case .toolCall(let list) = chat.turns[1].parts[0] { #expect(list.result == "09:30 Standup\n11:00 Dentist") }
        if case .notice(let error) = chat.turns[1].parts[1] {
            #expect(error.text == "429 rate_limit_error: Number of request tokens has exceeded your per-minute rate limit")
        }
        #expect(chat.facts.first.map { "\($0.label): \($0.value)" } == "App: OpenClaw (agent main)")
        #expect(chat.project == "workspace")
    }

    /// A prompt a harness opened with its reminder titles the page with the person's words after it.
    @Test func aTitleIsNeverAHarnessTag() throws {
        func title(_ prompt: String) -> String? {
            var session = PiSession(file: "2026-06-01_a.jsonl", app: ("Pi", nil))
            let content = String(decoding: try! JSONSerialization.data(withJSONObject: [prompt]), as: UTF8.self).dropFirst().dropLast()
            let text =
                "{\"type\": \"session\", \"id\": \"a\", \"timestamp\": \"2026-06-01T09:00:00Z\", \"cwd\": \"/home/ana\"}\n"
                + "{\"type\": \"message\", \"id\": \"u\", \"parentId\": null, \"message\": {\"role\": \"user\", \"content\": \(content)}}\n"
            Array(text.utf8).withUnsafeBufferPointer { session.read($0) }
            return session.chat(fallbackTitle: "session-a")?.title
        }
        #expect(title("<system-reminder>\nPlan mode.\n</system-reminder>\nRefactor the `parser`") == "Refactor the parser")
        #expect(title("<system-reminder>Only context.</system-reminder>") == "session-a")
    }

    @Test func oddShapesAreWarningsNeverATrap() {
        for text in [
            "{\"type\": \"session\"}\n{\"type\": \"message\", \"id\": 3, \"message\": 4}\n",
            "{\"type\": \"message\", \"id\": \"a\", \"parentId\": \"a\", \"message\": {\"role\": \"assistant\", \"content\": [{\"type\": \"toolCall\"}], \"usage\": {\"input\": -1e300}}}\n",
            "{\"type\": \"message\", \"id\": \"b\", \"parentId\": \"c\", \"message\": {\"role\": \"toolResult\", \"toolCallId\": \"x\"}}\n{\"type\": \"message\", \"id\": \"c\", \"parentId\": \"b\", \"message\": {\"role\": \"user\", \"content\": [{\"type\": \"image\", \"data\": \"!!\"}]}}\n",
        ] {
            var session = PiSession(file: "odd.jsonl", app: ("Pi", nil))
            Array(text.utf8).withUnsafeBufferPointer { session.read($0) }
            _ = session.chat(fallbackTitle: "odd")
        }
    }

    /// `source` copied into a scratch folder (as `name`) a few bytes at a time and followed as
    /// `render --watch` follows it: the conversation followed, and the one the copy reads as whole.
    static func followed(_ source: String, reader: any ChatExportReader, name: String) throws -> (live: ImportedChat?, whole: ImportedChat?) {
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: source)))
        let folder = TestPaths.temporaryFolder("live")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/" + name
        FileManager.default.createFile(atPath: path, contents: Data())
        var live = try #require(LiveSession(path: path, reader: reader))
        var offset = 0
        while offset < bytes.count {
            let end = min(bytes.count, offset + 97)
            let handle = try #require(FileHandle(forWritingAtPath: path))
            handle.seekToEndOfFile()
            handle.write(Data(bytes[offset..<end]))
            try handle.close()
            offset = end
            _ = try live.poll()
        }
        // A page alone has no group: the project groups a site only.
        var followed = live.snapshot().0
        followed?.project = nil
        return (followed, try reader.read(path, options: ReadOptions()).chats.first)
    }

    @Test func aSessionFollowedAsItIsWrittenIsTheWholeRead() throws {
        let (live, whole) = try Self.followed(Self.pi, reader: PiReader(), name: FilePath.lastComponent(Self.pi))
        #expect(live != nil && live == whole)
    }

    @Test func theSessionsFolderIsASiteByProject() throws {
        let (chats, warnings) = try read(Self.piFolder)
        #expect(warnings.count == 1)
        #expect(chats.map(\.project) == ["garden"])
    }
}
