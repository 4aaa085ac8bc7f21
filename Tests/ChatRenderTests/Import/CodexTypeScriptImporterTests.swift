import Foundation
import Testing
@testable import ChatModel
@testable import ChatSupport
@testable import ChatLoad
@testable import ChatRender
import TestSupport

/// The one-document rollouts of Codex's first TypeScript releases (Responses API items) and of
/// the open-codex fork (Chat Completions messages), in the shapes they wrote
/// (Fixtures/import/codex/make_fixtures.py).
@Suite struct CodexTypeScriptImporterTests {
    static let folder = TestPaths.fixture("import/codex/typescript/sessions")
    static let codex = folder + "/rollout-2025-04-18-8f3b2c1d-4e5a-4b6c-9d7e-0a1b2c3d4e5f.json"
    static let fork = folder + "/rollout-2025-04-25-3c2d1e0f-9a8b-4c7d-8e6f-5a4b3c2d1e0f.json"

    func read(_ path: String) throws -> ([ImportedChat], [String]) {
        let (chats, warnings) = try Importer.read(ImportRequest(format: ImportFormat(name: "codex")!, inputPath: path, outputDirectory: "unused"))
        return (chats, warnings.map(\.description))
    }

    func kinds(_ parts: [TurnPart]) -> [String] {
        parts.map { part in
            switch part {
            case .text: return "text"
            case .thinking(let t): return "thinking:\(t.summary ?? "")"
            case .toolCall(let c): return "tool:\(c.name):\(c.status.rawValue)"
            case .terminal(let t): return "terminal:\(t.command ?? ""):\(t.exitCode.map(String.init) ?? "-")"
            case .diff(let d): return "diff:\(d.path ?? "")"
            case .notice(let n): return "notice:\(n.kind.rawValue)"
            default: return "other"
            }
        }
    }

    /// The fixture's items, parsed here on their own: what the page must hold.
    func items(_ path: String) throws -> [JSONNode] {
        let root = try JSONParser.parse(Array(try #require(FileManager.default.contents(atPath: path))))
        guard case .array(let items)? = root["items"]?.value else { throw DiagnosticError(Diagnostic(file: path, message: "no items")) }
        return items
    }

    @Test func theFirstTypeScriptReleasesResponsesItems() throws {
        let (chats, warnings) = try read(Self.codex)
        let chat = try #require(chats.first)
        #expect(chats.count == 1)
        #expect(chat.title == "The tide table rounds heights to whole metres. Keep one decimal.")
        #expect(chat.date?.secondsSinceEpoch == ChatDate(iso: "2025-04-18T09:41:27.512Z")?.secondsSinceEpoch)
        // The person's instructions are one collapsed notice before the prompt.
        #expect(chat.turns.map(\.role) == [.assistant, .user, .assistant])
        #expect(kinds(chat.turns[0].parts) == ["notice:memory"])
        if case .notice(let notice) = chat.turns[0].parts[0] { #expect(notice.detail == "Prefer small commits. Run the tests before you say you are done.") }
        // Every call joined to its output; the patch run as a command is a diff.
        #expect(
            kinds(chat.turns[2].parts) == [
                "thinking:Finding the rounding", "terminal:rg -n 'round(' tides:0", "diff:tides/table.py", "terminal:python -m pytest -q:1", "text",
            ])
        if case .terminal(let grep) = chat.turns[2].parts[1] { #expect(grep.output == "tides/table.py:18:        height = round(reading.height)\n") }
        if case .terminal(let test) = chat.turns[2].parts[3] { #expect(test.output.contains("1 failed, 2 passed")) }
        let calls = try items(Self.codex).filter { InputProbe.string($0, "type") == "function_call" }.count
        let outputs = try items(Self.codex).filter { InputProbe.string($0, "type") == "function_call_output" }.count
        #expect(calls == 3 && outputs == calls)
        #expect(
            warnings == [
                "\(Self.codex):55: warning: unknown response item type \"mcp_list_tools\" (1 line here); left out, the rest is read"
            ])
    }

    @Test func anOpenCodexForksChatCompletionsMessages() throws {
        let (chats, warnings) = try read(Self.fork)
        let chat = try #require(chats.first)
        #expect(chat.title == "What does the station file look like? Here is the error I get.")
        #expect(chat.turns.map(\.role) == [.user, .assistant])
        // The picture the person gave is the prompt's.
        #expect(chat.turns[0].attachments.map(\.name) == ["station-error.png"])
        // Reasoning, both calls with their outputs (joined by tool_call_id), and the answer.
        #expect(
            kinds(chat.turns[1].parts) == ["thinking:", "terminal:cat data/stations.csv:0", "terminal:wc -l data/stations.csv:0", "text"])
        if case .thinking(let thought) = chat.turns[1].parts[0] { #expect(thought.text == "I should read the station file before guessing at the format.") }
        if case .terminal(let cat) = chat.turns[1].parts[1] { #expect(cat.output == "id,name,units\nBRS,Bristol,m\nPLY,Plymouth,ft\n") }
        if case .terminal(let count) = chat.turns[1].parts[2] { #expect(count.output == "3 data/stations.csv\n") }
        let items = try items(Self.fork)
        let calls = items.compactMap { item -> Int? in
            guard case .array(let list)? = item["tool_calls"]?.value else { return nil }
            return list.count
        }.reduce(0, +)
        #expect(calls == 2 && items.filter { InputProbe.string($0, "role") == "tool" }.count == calls)
        // The model the session names.
        #expect(chat.facts.contains { $0.value.contains("gemini-2.5-pro-preview-03-25") })
        #expect(
            warnings == [
                "\(Self.fork):58: warning: unknown message role \"function\" (1 line here); left out, the rest is read"
            ])
    }

    @Test func theFolderIsASite() throws {
        let (chats, warnings) = try read(Self.folder)
        #expect(chats.count == 2 && warnings.count == 2)
        #expect(CodexReader.rollouts(in: Self.folder).count == 2)
    }

    @Test func neitherAConversationFileNorAMessagesFile() {
        for path in [Self.codex, Self.fork] {
            let probe = InputProbe(path)
            #expect(!ExportReaders.looksNative(probe))
            #expect(ExportReaders.candidates(probe).map(\.reader.name) == ["codex"])
        }
    }

    @Test func aBrokenDocumentIsOneErrorSayingWhere() throws {
        let temp = TestPaths.temporaryFolder("codex-ts")
        defer { try? FileManager.default.removeItem(atPath: temp) }
        let notJSON = temp + "/rollout-2025-04-18-x.json"
        try "{\"session\": {\"id\": \"x\", \"timestamp\": \"2025-04-18T09:41:27Z\"},\n  \"items\": [\n    {\"type\": \"message\",}\n  ]\n}"
            .write(toFile: notJSON, atomically: true, encoding: .utf8)
        #expect {
            try read(notJSON)
        } throws: { error in
            "\(error)".contains("rollout-2025-04-18-x.json:3:") && "\(error)".contains("expected")
        }
        let noItems = temp + "/rollout-2025-04-18-y.json"
        try "{\"session\": {\"id\": \"y\", \"timestamp\": \"2025-04-18T09:41:27Z\"}, \"items\": {}}".write(toFile: noItems, atomically: true, encoding: .utf8)
        #expect {
            try read(noItems)
        } throws: { error in
            "\(error)".contains("\"items\" array")
        }
    }
}
