import Foundation
import Testing
@testable import ChatModel
@testable import ChatSupport
@testable import ChatLoad
@testable import ChatRender
import TestSupport

/// Aider's chat history with its input history beside it, and one without
/// (Fixtures/import/aider/make_fixtures.py).
@Suite struct AiderImporterTests {
    static let projects = TestPaths.fixture("import/aider/src")
    static let shop = projects + "/shop/.aider.chat.history.md"
    static let garden = projects + "/garden/.aider.chat.history.md"

    func read(_ path: String) throws -> ([ImportedChat], [String]) {
        let (chats, warnings) = try Importer.read(ImportRequest(format: ImportFormat(name: "aider")!, inputPath: path, outputDirectory: "unused"))
        return (chats, warnings.map(\.description))
    }

    func kinds(_ parts: [TurnPart]) -> [String] {
        parts.map { part in
            switch part {
            case .text: return "text"
            case .thinking: return "thinking"
            case .diff(let d): return "\(d.created ? "created" : "diff"):\(d.path ?? "")"
            case .notice(let n): return "notice:\(n.text)"
            default: return "other"
            }
        }
    }

    @Test func eachSessionIsAConversationAndTheEmptyOneIsLeftOut() throws {
        let (chats, warnings) = try read(Self.shop)
        #expect(chats.map(\.title) == ["Add a --dry-run flag to export.py that prints instead of writing.", "What does lines() return?"])
        #expect(chats.map { $0.project } == ["shop", "shop"])
        #expect(
            warnings == [
                "\(Self.shop):1: warning: text before the first \"# aider chat started at\"; left out",
                "\(FilePath.directory(Self.shop))/.aider.input.history:14: warning: unknown input history line (not \"# date\" or \"+text\") (1 line here); left out, the rest is read",
            ])
        // The banner gives the version and the model; the session starts at its header.
        let first = chats[0]
        #expect(first.facts.first { $0.label == "Aider" }?.value == "v0.86.1")
        #expect(first.facts.first { $0.label == "Model" }?.value == "anthropic/claude-sonnet-4-5")
        #expect(first.date?.secondsSinceEpoch == ChatDate(iso: "2026-12-07T10:00:00Z")?.secondsSinceEpoch)
        #expect(chats[1].facts.first { $0.label == "Model" }?.value == "ollama_chat/qwen2.5-coder:14b")
    }

    @Test func whatThePersonTypedIsShownOnceAndTheHandOffsAsWhatTheyAre() throws {
        let chat = try #require(try read(Self.shop).0.first)
        // `/ask X` and `/architect X` as typed; Aider's sending X again is not a turn of its own.
        #expect(
            chat.turns.filter { $0.role == .user }.map(\.text) == [
                "Add a --dry-run flag to export.py that prints instead of writing.",
                "/ask does anything else call export() with two arguments?", "/architect move the rendering into its own module",
            ])
        #expect(chat.turns.map(\.role) == [.user, .assistant, .user, .assistant, .user, .assistant])
        // The input history dates each prompt.
        #expect(chat.turns[2].date?.secondsSinceEpoch == ChatDate(iso: "2026-12-07T10:03:02Z")?.secondsSinceEpoch)
        // The architect's answer handed to the editor is a line in the reply, not the person's turn.
        #expect(
            kinds(chat.turns[5].parts) == [
                "text", "notice:Edit the files? (Y)es/(N)o [Yes]: y", "notice:Handed to the editor", "created:render.py", "diff:export.py",
                "notice:Commit 8d1f0a3 refactor: Move render into render.py",
            ])
        #expect(kinds(chat.turns[3].parts) == ["thinking", "text"])
        if case .thinking(let thought) = chat.turns[3].parts[0] { #expect(thought.text == "Look for export( in the repo map: cli.py is the only caller.") }
        #expect(!"\(chat)".contains("thinking-content-"))
    }

    @Test func editBlocksAreDiffsAndTheOneNotAppliedSaysSo() throws {
        let chat = try #require(try read(Self.shop).0.first)
        #expect(
            kinds(chat.turns[1].parts) == [
                "notice:Add export.py to the chat? (Y)es/(N)o/(D)on't ask again [Yes]: y", "text", "diff:export.py", "diff:cli.py",
                "notice:The LLM did not conform to the edit format.", "notice:Not applied: cli.py", "text", "diff:cli.py",
                "notice:Commit 3f9a1c2 feat: Add --dry-run flag to the exporter",
            ])
        if case .diff(let edit) = chat.turns[1].parts[2] {
            #expect(edit.old == "def export(out):\n    write(out, render())\n")
            #expect(edit.new == "def export(out, dry_run=False):\n    if dry_run:\n        print(render())\n        return\n    write(out, render())\n")
        }
        // No marker or fence of an edit block is left in the text.
        #expect(!"\(chat.turns[1].parts)".contains("<<<<<<<") && !"\(chat.turns[1].parts)".contains(">>>>>>>"))
    }

    @Test func theTokensAndCostsAreTheReportsAddedUp() throws {
        let (chats, _) = try read(Self.shop)
        // The reports, read here from the file without the reader: "Tokens: 4.2k sent, …" and "Cost: $0.02 message, …".
        let text = try String(contentsOfFile: Self.shop, encoding: .utf8)
        let session = text.components(separatedBy: "# aider chat started at ")[1]
        func number(_ word: String) -> Double {
            word.hasSuffix("k") ? Double(word.dropLast())! * 1000 : Double(word)!
        }
        var sent = 0.0, received = 0.0, hit = 0.0, write = 0.0, cost = 0.0
        for line in session.split(separator: "\n") {
            if let start = line.range(of: "Tokens: ") {
                let report = line[start.upperBound...].components(separatedBy: " Cost:")[0]
                for piece in report.split(separator: ",") {
                    let words = piece.trimmingCharacters(in: .whitespaces.union(CharacterSet(charactersIn: "."))).split(separator: " ", maxSplits: 1)
                    switch words[1] {
                    case "sent": sent += number(String(words[0]))
                    case "received": received += number(String(words[0]))
                    case "cache hit": hit += number(String(words[0]))
                    case "cache write": write += number(String(words[0]))
                    default: Issue.record("unknown \(words[1])")
                    }
                }
            }
            if let start = line.range(of: "Cost: $") { cost += Double(line[start.upperBound...].prefix { $0.isNumber || $0 == "." })! }
        }
        let usage = chats[0].turns.compactMap(\.usage).reduce(TokenUsage()) { $0 + $1 }
        // `sent` counts the cache's tokens too.
        #expect(Double(usage.input.value) == sent - hit - write)
        #expect(Double(usage.output.value) == received)
        #expect(Double(usage.cacheRead.value) == hit && Double(usage.cacheWrite.value) == write)
        #expect(abs((usage.recordedCost ?? 0) - cost) < 1e-9)
        // A report with no cost (a model with no price) records none.
        #expect(chats[1].turns[1].usage?.recordedCost == nil && chats[1].turns[1].usage?.output == 60)
    }

    @Test func withoutTheInputHistoryAndAsAFolder() throws {
        let (chats, warnings) = try read(Self.garden)
        #expect(warnings.isEmpty, "\(warnings)")
        let chat = try #require(chats.first)
        #expect(chats.count == 1 && chat.project == nil)
        #expect(chat.turns[0].text == "Fix the typo in README.md: \"recieve\".")
        #expect(kinds(chat.turns[1].parts) == ["diff:README.md"])
        // A project folder, and a folder of them (a site by project).
        #expect(try read(FilePath.directory(Self.garden)).0.count == 1)
        #expect(try read(Self.projects).0.compactMap(\.project).sorted() == ["garden", "shop", "shop"])
        #expect(AiderReader().rendersAlone(Self.garden) && !AiderReader().rendersAlone(Self.shop))
        #expect(throws: DiagnosticError.self) { try read(Self.projects + "/nowhere") }
    }

    @Test func aHistoryOfNothingIsAnErrorNamingIt() throws {
        let temp = TestPaths.temporaryFolder("aider-empty")
        defer { try? FileManager.default.removeItem(atPath: temp) }
        let path = temp + "/.aider.chat.history.md"
        try "\n# aider chat started at 2026-12-07 10:00:00\n\n> Aider v0.86.1  \n".write(toFile: path, atomically: true, encoding: .utf8)
        #expect(throws: DiagnosticError.self) { try read(path) }
        // A message and an odd report are read; nothing traps.
        try "\n# aider chat started at 2026-13-45 99:00:00\n\n#### hi  \n\nhello\n\n> Tokens: -3k sent, 1e400 received.  \n"
            .write(toFile: path, atomically: true, encoding: .utf8)
        let chat = try #require(try read(path).0.first)
        #expect(chat.turns.map(\.role) == [.user, .assistant] && chat.date == nil)
    }
}
