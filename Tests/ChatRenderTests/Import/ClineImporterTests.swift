import Foundation
import Testing
@testable import ChatModel
@testable import ChatSupport
@testable import ChatLoad
@testable import ChatRender
import TestSupport

/// The Cline family's tasks: Cline's with native tool calls and a panel, Roo Code's with calls
/// written as tags, Kilo Code's without a panel, and a Cline CLI session
/// (Fixtures/import/cline/make_fixtures.py).
@Suite struct ClineImporterTests {
    static let storage = TestPaths.fixture("import/cline/Code/User/globalStorage")
    static let clineTask = storage + "/saoudrizwan.claude-dev/tasks/1796623200000"
    static let rooTask = storage + "/rooveterinaryinc.roo-cline/tasks/5d0f1e3a-7c42-4b6e-9a18-2f7c0d9e4b61"
    static let kiloTask = storage + "/kilocode.kilo-code/tasks/9b3e27c4-0a61-4f8d-b5c2-6e1d8a7f3c90"
    static let sessions = TestPaths.fixture("import/cline/data/sessions")
    static let cliSession = sessions + "/sess_01k8fixture7d3c/sess_01k8fixture7d3c.messages.json"

    func read(_ path: String) throws -> ([ImportedChat], [String]) {
        let (chats, warnings) = try Importer.read(ImportRequest(format: ImportFormat(name: "cline")!, inputPath: path, outputDirectory: "unused"))
        return (chats, warnings.map(\.description))
    }

    func kinds(_ parts: [TurnPart]) -> [String] {
        parts.map { part in
            switch part {
            case .text: return "text"
            case .thinking: return "thinking"
            case .toolCall(let c): return "tool:\(c.name):\(c.status.rawValue)"
            case .terminal(let t): return "terminal:\(t.command ?? ""):\(t.exitCode.map(String.init) ?? "-")"
            case .diff(let d): return "\(d.created ? "created" : "diff"):\(d.path ?? "")"
            case .notice(let n): return "notice:\(n.kind.rawValue):\(n.text)"
            default: return "other"
            }
        }
    }

    /// A JSON file of the fixture, parsed by Foundation (not by the reader under test).
    func json(_ path: String) throws -> Any {
        try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path)))
    }

    @Test func aClineTaskWithNativeToolCallsAndItsPanel() throws {
        let (chats, warnings) = try read(Self.clineTask)
        #expect(warnings.isEmpty, "\(warnings)")
        let chat = try #require(chats.first)
        #expect(chats.count == 1 && chat.agent == nil)
        #expect(chat.title == "Add a --dry-run flag to the invoice exporter so it prints what it would write.")
        // The person's words only: the task, then the feedback given when a write was declined.
        #expect(chat.turns.map(\.role) == [.user, .assistant, .user, .assistant])
        #expect(chat.turns[2].text == "No new docs file; add a line to the README instead.")
        #expect(
            kinds(chat.turns[1].parts) == [
                "thinking", "text", "tool:read_file:ok", "text", "diff:src/export.ts", "notice:info:Checkpoint", "thinking",
                "terminal:npm test:-", "tool:write_to_file:rejected",
            ])
        #expect(kinds(chat.turns[3].parts) == ["text", "diff:README.md", "notice:info:Checkpoint", "text"])
        // Every call is joined to its result.
        if case .toolCall(let read) = chat.turns[1].parts[2] {
            #expect(read.title == "Read src/export.ts" && read.result?.hasPrefix("export function exportInvoices(out: string) {") == true)
        }
        if case .diff(let edit) = chat.turns[1].parts[4] {
            #expect(edit.old == "export function exportInvoices(out: string) {\n  writeFileSync(out, render())\n")
            #expect(edit.new?.contains("if (dryRun) { console.log(render()); return }") == true)
        }
        // The terminal shows what the panel showed of the command.
        if case .terminal(let run) = chat.turns[1].parts[7] { #expect(run.output == "> shop@1.0.0 test\n> vitest run\n✓ 12 tests passed (340ms)") }
        if case .notice(let checkpoint) = chat.turns[1].parts[5] { #expect(checkpoint.detail == "4b2c9e1f") }
        // attempt_completion's result is the answer the panel showed.
        if case .text(let answer) = chat.turns[3].parts[3] { #expect(answer == "Added `--dry-run` to the exporter and described it in the README.") }
        // The environment details the agent adds to each message are never shown.
        #expect(!"\(chat)".contains("environment_details"))
        #expect(chat.project == nil)
        #expect(chat.facts.first { $0.label == "Cline" }?.value == "3.38.2")
        #expect(chat.facts.first { $0.label == "Project" }?.value == "/home/ana/src/shop")
        #expect(chat.turns[1].model == "claude-sonnet-4-5")
    }

    @Test func theTokensAndCostsAreThePanelsRequestsAddedUp() throws {
        let (chats, _) = try read(Self.clineTask)
        let chat = try #require(chats.first)
        // The sum, from the fixture's panel, read here without the reader.
        let panel = try #require(try json(Self.clineTask + "/ui_messages.json") as? [[String: Any]])
        var sums = [String: Double]()
        for message in panel where message["say"] as? String == "api_req_started" {
            let info = try #require(
                try JSONSerialization.jsonObject(with: Data((message["text"] as? String ?? "").utf8)) as? [String: Any])
            for key in ["tokensIn", "tokensOut", "cacheReads", "cacheWrites", "cost"] { sums[key, default: 0] += info[key] as? Double ?? 0 }
        }
        let usage = chat.turns.compactMap(\.usage).reduce(TokenUsage()) { $0 + $1 }
        #expect(Double(usage.input.value) == sums["tokensIn"])
        #expect(Double(usage.output.value) == sums["tokensOut"])
        #expect(Double(usage.cacheRead.value) == sums["cacheReads"])
        #expect(Double(usage.cacheWrite.value) == sums["cacheWrites"])
        #expect(abs((usage.recordedCost ?? 0) - (sums["cost"] ?? -1)) < 1e-9)
        // And the task's own totals (history_item.json) agree.
        let item = try #require(try json(Self.clineTask + "/history_item.json") as? [String: Any])
        #expect(Double(usage.input.value) == item["tokensIn"] as? Double && Double(usage.output.value) == item["tokensOut"] as? Double)
        #expect(abs((usage.recordedCost ?? 0) - (item["totalCost"] as? Double ?? -1)) < 1e-9)
        // Each request's tokens are on the reply it made: the feedback splits them 4 and 2.
        #expect(chat.turns[1].usage?.recordedCost.map { abs($0 - (0.0599 + 0.0104 + 0.0073 + 0.0084)) < 1e-9 } == true)
    }

    @Test func aRooCodeTaskWithCallsWrittenAsTags() throws {
        let (chats, warnings) = try read(Self.rooTask)
        let chat = try #require(chats.first)
        #expect(chat.title == "Why does npm run build fail with \"Cannot find module './config'\"?")
        #expect(chat.facts.first?.value == "Roo Code")
        #expect(
            chat.turns.filter { $0.role == .user }.map(\.text) == [
                "Why does `npm run build` fail with \"Cannot find module './config'\"?",
                "Better to copy the example to config.ts than to change the import.", "Ignore it",
            ])
        #expect(
            kinds(chat.turns[1].parts) == [
                "thinking", "tool:list_files:ok", "text", "tool:read_file:ok", "diff:src/index.ts", "notice:info:Checkpoint",
                "terminal:npm run build:0", "text",
            ])
        #expect(kinds(chat.turns[3].parts) == ["thinking", "tool:ask_followup_question:ok"])
        #expect(kinds(chat.turns[5].parts) == ["text"])
        // A result in the blocks after its `[tool] Result:` line.
        if case .toolCall(let list) = chat.turns[1].parts[1] { #expect(list.result == "config.example.ts\nindex.ts") }
        if case .diff(let edit) = chat.turns[1].parts[4] {
            // `:start_line:` says where, and is not a line of the file.
            #expect(edit.old == "import { config } from './config'\n" && edit.new == "import { config } from './config.example'\n")
        }
        if case .terminal(let build) = chat.turns[1].parts[6] { #expect(build.output == "built in 1.2s") }
        if case .toolCall(let question) = chat.turns[3].parts[1] {
            #expect(question.title == "Should src/config.ts be committed, or ignored by git?" && question.result == "Ignore it")
        }
        // Reasoning in <thinking> is thinking, never text.
        if case .thinking(let thought) = chat.turns[1].parts[0] {
            #expect(thought.text == "The error names ./config: check whether src/config.ts exists at all.")
        }
        #expect(!"\(chat.turns[1].parts)".contains("<thinking>"))
        // The panel's kind of a later version is said once, with a count, naming the panel's file.
        #expect(
            warnings == [
                "\(Self.rooTask)/ui_messages.json:26: warning: unknown panel message \"api_req_retry_delayed\" (2 messages, the first here); left out, the rest is read"
            ])
        let panel = try #require(try json(Self.rooTask + "/ui_messages.json") as? [[String: Any]])
        let cost = try panel.filter { $0["say"] as? String == "api_req_started" }.map { message -> Double in
            let info = try JSONSerialization.jsonObject(with: Data((message["text"] as? String ?? "").utf8)) as? [String: Any]
            return info?["cost"] as? Double ?? 0
        }.reduce(0, +)
        let usage = chat.turns.compactMap(\.usage).reduce(TokenUsage()) { $0 + $1 }
        #expect(abs((usage.recordedCost ?? 0) - cost) < 1e-9)
    }

    @Test func theCLIsSessionsCountTheirMessagesMetrics() throws {
        let (chats, warnings) = try read(Self.cliSession)
        #expect(warnings.isEmpty, "\(warnings)")
        let chat = try #require(chats.first)
        #expect(chat.title == "Rename the total helper to grandTotal everywhere.")
        #expect(kinds(chat.turns[1].parts) == ["thinking", "tool:search_files:ok", "terminal:npm run lint:1", "text"])
        let document = try #require(try json(Self.cliSession) as? [String: Any])
        var sums = [String: Double]()
        for message in document["messages"] as? [[String: Any]] ?? [] {
            for (key, value) in message["metrics"] as? [String: Double] ?? [:] { sums[key, default: 0] += value }
        }
        let usage = try #require(chat.turns[1].usage)
        #expect(Double(usage.input.value) == sums["inputTokens"] && Double(usage.output.value) == sums["outputTokens"])
        #expect(Double(usage.cacheRead.value) == sums["cacheReadTokens"] && Double(usage.cacheWrite.value) == sums["cacheWriteTokens"])
        #expect(abs((usage.recordedCost ?? 0) - (sums["cost"] ?? -1)) < 1e-9)
        #expect(chat.facts.first { $0.label == "Project" }?.value == "/home/ana/src/shop")
        // The sessions folder, and one session's folder, read the same session.
        #expect(try read(Self.sessions).0.count == 1)
        #expect(try read(FilePath.directory(Self.cliSession)).0.first?.title == chat.title)
    }

    @Test func theGlobalStorageIsASiteGroupedByAgent() throws {
        let (chats, warnings) = try read(Self.storage)
        #expect(chats.count == 3)
        #expect(Set(chats.compactMap(\.agent)) == ["Cline", "Roo Code", "Kilo Code"])
        #expect(Set(chats.compactMap(\.project)) == ["shop", "garden", "notes"])
        #expect(warnings.count == 1)
        // One extension's tasks are of one agent: not grouped by it.
        #expect(try read(Self.storage + "/rooveterinaryinc.roo-cline").0.allSatisfy { $0.agent == nil })
        // A task's files read alone stand for the task.
        #expect(try read(Self.kiloTask + "/api_conversation_history.json").0.first?.title == "What does the sync script do?")
        #expect(try read(Self.clineTask + "/ui_messages.json").0.first?.turns.count == 4)
        #expect(throws: DiagnosticError.self) { try read(Self.storage + "/nowhere") }
    }

    @Test func aPictureThePersonGaveIsAnAttachment() throws {
        let temp = TestPaths.temporaryFolder("cline-picture")
        defer { try? FileManager.default.removeItem(atPath: temp) }
        let task = temp + "/tasks/2"
        try FileManager.default.createDirectory(atPath: task, withIntermediateDirectories: true)
        // A PNG's signature and a little more, as base64.
        let png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 0x0D]).base64EncodedString()
        let history = #"""
            [{"role": "user", "content": [{"type": "text", "text": "<task>\nWhy is this button grey?\n</task>"},
              {"type": "image", "source": {"type": "base64", "media_type": "image/png", "data": "\#(png)"}}]},
             {"role": "assistant", "content": [{"type": "text", "text": "It is disabled until the form is valid."}]}]
            """#
        try history.write(toFile: task + "/api_conversation_history.json", atomically: true, encoding: .utf8)
        let (chats, warnings) = try read(task)
        #expect(warnings.isEmpty, "\(warnings)")
        let prompt = try #require(chats.first?.turns.first)
        #expect(prompt.text == "Why is this button grey?")
        #expect(prompt.attachments.map(\.contentType) == ["image/png"] && prompt.attachments.first?.byteCount == 12)
    }

    @Test func oddShapesAreWarningsNeverATrap() throws {
        let temp = TestPaths.temporaryFolder("cline-odd")
        defer { try? FileManager.default.removeItem(atPath: temp) }
        let task = temp + "/tasks/1"
        try FileManager.default.createDirectory(atPath: task, withIntermediateDirectories: true)
        let history = #"""
            [{"role": "user", "content": "<task>\nHi\n</task>"},
             {"role": "assistant", "content": [{"type": "text", "text": "<read_file>\n<path>a.txt"}, {"type": "server_tool_use", "id": "s1"}]},
             {"role": "system", "content": "x"}, 7]
            """#
        try history.write(toFile: task + "/api_conversation_history.json", atomically: true, encoding: .utf8)
        try #"[{"ts": 1, "type": "say", "say": "api_req_started", "text": "{\"tokensIn\": -5, \"tokensOut\": 1e300}"}, 3]"#
            .write(toFile: task + "/ui_messages.json", atomically: true, encoding: .utf8)
        let (chats, warnings) = try read(task)
        let chat = try #require(chats.first)
        // A call cut off by the end of the reply is still running.
        #expect(kinds(chat.turns[1].parts) == ["tool:read_file:running"])
        #expect(warnings.contains { $0.contains("unknown content block type \"server_tool_use\"") })
        #expect(warnings.contains { $0.contains("unknown role \"system\"") })
        #expect(warnings.contains { $0.contains("tokensIn") })
        // Not JSON at all: an error naming the file, line and column.
        try "[{\"role\": ".write(toFile: task + "/api_conversation_history.json", atomically: true, encoding: .utf8)
        #expect(throws: DiagnosticError.self) { try read(task) }
    }
}
