import Foundation
import Testing
@testable import ChatModel
@testable import ChatLoad
@testable import ChatRender
import TestSupport

/// Branches: a Claude Code session rewound once and edited once, a ChatGPT tree, and how the
/// turns of other branches are placed, written and read back. The shown branch comes first and
/// whole; nothing of the others is left out.
@Suite struct BranchTests {
    static let rewound = TestPaths.fixture("import/claude-code/rewind/5d2e8f41-6a3b-4c7d-9e10-2f4a6b8c0d1e.jsonl")

    static func chat() throws -> ImportedChat {
        let (chats, _) = try Importer.read(ImportRequest(format: .claudeCode, inputPath: rewound, outputDirectory: "unused"))
        return try #require(chats.first)
    }

    static func words(_ turn: ImportedTurn) -> String {
        if !turn.text.isEmpty { return turn.text }
        for case .text(let text) in turn.parts { return text }
        return ""
    }

    @Test func aRewoundAndEditedSessionKeepsEveryBranchTheLastWrittenShown() throws {
        let chat = try Self.chat()
        // Five prompts in the log, five replies: all ten turns are there.
        #expect(chat.turns.count == 10)
        #expect(
            chat.turns.filter { $0.role == .user }.map(Self.words) == [
                "Add a --dry-run flag to scripts/import.py that prints what it would change.",
                "Now make dry-run the default, with --apply to write.",
                "Now add a test for --dry-run.",
                "Run it.",
                "Run the whole suite, quietly.",
            ])
        // The branch leading to the last line written is shown, whole; each other branch sits
        // where it parts from it, before the shown one goes on.
        #expect(chat.turns.map(\.branch) == [[], [], [2], [2], [], [], [2], [2], [], []])
        let shown = chat.turns.filter(\.branch.isEmpty).map(Self.words)
        #expect(
            shown == [
                "Add a --dry-run flag to scripts/import.py that prints what it would change.", "I'll read the script first.",
                "Now add a test for --dry-run.", "Added `tests/test_import.py::test_dry_run_changes_nothing`.",
                "Run the whole suite, quietly.", "All 14 tests pass.",
            ])
        // Two calls in one message whose results hang from different lines are no branch: both
        // results are on their calls.
        let reads = chat.turns[1].parts.compactMap { part -> String? in if case .toolCall(let call) = part { return call.result } else { return nil } }
        #expect(reads.count == 2 && reads.allSatisfy { !$0.isEmpty })
        // The old branches' work is kept with them: the first test run is in the second branch.
        #expect(
            chat.turns[7].parts.contains {
                if case .terminal(let run) = $0 { return run.command == "python -m pytest -q tests/test_import.py" } else { return false }
            })
    }

    @Test func theMainFixtureWithItsCompactionHasNoBranch() throws {
        let (chats, _) = try Importer.read(ImportRequest(format: .claudeCode, inputPath: ClaudeCodeImporterTests.session, outputDirectory: "unused"))
        #expect(chats.first?.turns.allSatisfy(\.branch.isEmpty) == true)
    }

    @Test func theRewoundPageMatchesItsGolden() throws {
        let temp = TestPaths.temporaryFolder("rewind")
        defer { try? FileManager.default.removeItem(atPath: temp) }
        let run = try CLIRun.run(["render", "--from", "claude-code", Self.rewound, "--out", temp + "/page"])
        #expect(run.status == 0, "\(run.stderr)")
        let page = try String(contentsOfFile: temp + "/page/index.html", encoding: .utf8)
        // Two forks, each a named group with its other branch folded.
        #expect(page.components(separatedBy: "<div class=\"cr-fork\" role=\"group\"").count == 3)
        #expect(page.components(separatedBy: "<details class=\"cr-branch\"").count == 3)
        #expect(page.contains("Branch 2 of 2"))
        Golden.assertMatches(try GoldenPageTests.withoutTemplateBlocks(page), named: "claude-code/rewind.html")
    }

    // MARK: Placing the turns

    static func turn(_ id: String, _ role: Message.Role = .user) -> ConversationBranches.Item {
        ConversationBranches.Item(turn: ImportedTurn(id: id, role: role, text: id), node: id)
    }

    @Test func aBranchInsideABranchIsNested() {
        // a → b → c (shown); a → x → y, x → z (z newest): x's branch shows x, z, with y its branch.
        var tree = ConversationBranches()
        for (rank, (node, parent)) in [("a", nil), ("b", "a"), ("c", "b"), ("x", "a"), ("y", "x"), ("z", "x")].enumerated() {
            tree.add(node, parent: parent, rank: rank)
        }
        let items = ["a", "b", "c", "x", "y", "z"].map { Self.turn($0) }
        let turns = tree.arrange(items, leaf: "c") { _ in true }
        #expect(turns.map(\.id) == ["a", "x", "y", "z", "b", "c"])
        #expect(turns.map(\.branch) == [[], [2], [2, 2], [2], [], []])
    }

    @Test func aTurnWhoseParentIsMissingOrLoopsKeepsItsPlace() {
        var tree = ConversationBranches()
        tree.add("a", parent: nil, rank: 0)
        tree.add("b", parent: "a", rank: 1)
        tree.add("lost", parent: "gone", rank: 2)
        tree.add("p", parent: "q", rank: 3)
        tree.add("q", parent: "p", rank: 4)
        tree.add("c", parent: "b", rank: 5)
        let items = ["a", "b", "lost", "p", "q", "c"].map { Self.turn($0) }
        let turns = tree.arrange(items, leaf: "c") { _ in true }
        #expect(turns.map(\.id) == ["a", "b", "lost", "p", "q", "c"])
        #expect(turns.allSatisfy { $0.branch.isEmpty })
    }

    @Test func turnsOffThePathWithoutAPromptStayInPlace() {
        var tree = ConversationBranches()
        for (rank, (node, parent)) in [("a", nil), ("b", "a"), ("r", "a"), ("c", "b")].enumerated() { tree.add(node, parent: parent, rank: rank) }
        let items = [Self.turn("a"), Self.turn("b", .assistant), Self.turn("r", .assistant), Self.turn("c")]
        let turns = tree.arrange(items, leaf: "c") { $0.contains { $0.role == .user } }
        #expect(turns.map(\.id) == ["a", "b", "r", "c"])
        #expect(turns.allSatisfy { $0.branch.isEmpty })
    }

    /// A long session's turns are kept where they are: the order comes back as indexes, nil
    /// when nothing moves, and the turns are only copied when a branch is there.
    @Test func theOrderIsNilForOneThreadAndIndexesWhenABranchIsThere() {
        var line = ConversationBranches()
        for (rank, (node, parent)) in [("a", nil), ("b", "a"), ("c", "b"), ("d", "c")].enumerated() { line.add(node, parent: parent, rank: rank) }
        #expect(line.order(["a", "b", "c", "d"], leaf: "d") { _ in true } == nil)
        // The leaf is not the last line: the line after it is a branch of its own.
        #expect(line.order(["a", "b", "c", "d"], leaf: "c") { _ in true }?.map { $0.branch } == [[], [], [], [2]])

        // A parent met after its child (a log out of order) is found by its name when placed.
        var late = ConversationBranches()
        for (rank, (node, parent)) in [("a", nil), ("x", "w"), ("w", "a"), ("b", "a"), ("c", "b")].enumerated() {
            late.add(node, parent: parent, rank: rank)
        }
        let items = ["a", "x", "w", "b", "c"].map { Self.turn($0) }
        let order = late.order(items.map(\.node), leaf: "c") { _ in true }
        #expect(order?.map { $0.index } == [0, 2, 1, 3, 4])
        #expect(order?.map { $0.branch } == [[], [2], [2, 2], [], []])
        #expect(ConversationBranches.apply(order ?? [], to: items.map(\.turn)) == late.arrange(items, leaf: "c") { _ in true })
        #expect(late.arrange(items, leaf: "c") { _ in true }.map(\.id) == ["a", "w", "x", "b", "c"])
    }

    // MARK: The conversation file

    @Test func branchesGoThroughTheConversationFile() throws {
        var shown = Message(id: "m2", role: .assistant, text: "new")
        shown.branch = []
        var other = Message(id: "m1", role: .assistant, text: "old")
        other.branch = [2, 3]
        let conversation = Conversation(title: "T", messages: [Message(id: "m0", role: .user, text: "q"), other, shown])
        let bytes = NativeJSON.encode(conversation)
        #expect(String(decoding: bytes, as: UTF8.self).contains("\"branch\": [2, 3]"))
        let (read, _) = try ConversationLoader.decode(bytes: bytes, file: "c.json")
        #expect(read.messages?.map(\.branch) == [[], [2, 3], []])
    }

    @Test func aBranchNumberBelowTwoIsAnError() {
        let json = #"{"title": null, "messages": [{"id": "a", "role": "user", "text": "q", "branch": [1]}]}"#
        #expect(throws: DiagnosticError.self) { _ = try ConversationLoader.decode(bytes: Array(json.utf8), file: "c.json") }
    }
}
