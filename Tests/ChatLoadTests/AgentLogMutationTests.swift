import Foundation
import Testing
@testable import ChatModel
@testable import ChatSupport
@testable import ChatLoad
import TestSupport

/// The agents' logs chatrender reads change shape every few weeks and are cut off while written.
/// Each line-based reader gets its fixture cut at random places, lines dropped, swapped and
/// duplicated, and bytes flipped: it may warn or refuse with an error, never trap, and a cut or
/// log still gives its conversation. (Reordered lines may rightly give none: a rewind record
/// that names no message before it clears the session, as the agent does.)
@Suite struct AgentLogMutationTests {
    static let fixtures: [(reader: String, path: String)] = [
        ("codex", "import/codex/sessions/2026/06/05/rollout-2026-06-05T09-12-00-0197e3a1-5c2b-7d40-9a61-3f0c8e2b1d55.jsonl"),
        ("gemini", "import/gemini/tmp/garden-site/chats/session-2026-09-02T08-30-b7e2d4c6.jsonl"),
        ("copilot", "import/copilot/session-state/80575baf-49d5-43f8-924e-8b3440c3f483/events.jsonl"),
        ("claude-code", "import/claude-code/projects/-home-ana-src-shop/7f3c9a12-5b8e-4d21-9c47-0e6a1b2c3d4e.jsonl"),
    ]

    @Test(arguments: fixtures.map(\.reader))
    func mutatedLogsNeverTrap(_ name: String) throws {
        let entry = Self.fixtures.first { $0.reader == name }!
        let reader = try #require(ExportReaders.named(name))
        let original = try String(contentsOfFile: TestPaths.fixture(entry.path), encoding: .utf8)
        let lines = original.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let temp = TestPaths.temporaryFolder("mutate-\(name)")
        defer { try? FileManager.default.removeItem(atPath: temp) }
        var random = SplitMix(seed: 0xC0DE_5EED ^ UInt64(name.utf8.count))
        var cutStillReads = 0
        for round in 0..<40 {
            var mutated = lines
            switch round % 5 {
            case 0:  // cut short anywhere, as a log being written is
                let text = original
                let cut = Int.random(in: 0...text.utf8.count, using: &random)
                mutated = [String(decoding: Array(text.utf8.prefix(cut)), as: UTF8.self)]
            case 1:  // lines dropped
                mutated = lines.filter { _ in Int.random(in: 0..<4, using: &random) != 0 }
            case 2:  // lines out of order and repeated
                mutated.shuffle(using: &random)
                if let any = mutated.randomElement(using: &random) { mutated.append(any) }
            case 3:  // a byte flipped in a few lines
                for _ in 0..<3 where !mutated.isEmpty {
                    let at = Int.random(in: 0..<mutated.count, using: &random)
                    var bytes = Array(mutated[at].utf8)
                    if !bytes.isEmpty { bytes[Int.random(in: 0..<bytes.count, using: &random)] = UInt8.random(in: 0...255, using: &random) }
                    mutated[at] = String(decoding: bytes, as: UTF8.self)
                }
            default:  // values of the wrong kind where strings and objects were
                mutated = lines.map { line in
                    Int.random(in: 0..<3, using: &random) == 0
                        ? line.replacingOccurrences(of: "\":\"", with: "\":[1,{},null,").replacingOccurrences(of: "\":{", with: "\":7,\"x\":{") : line
                }
            }
            let path = temp + "/\(round)-" + FilePath.lastComponent(entry.path)
            try mutated.joined(separator: "\n").write(toFile: path, atomically: false, encoding: .utf8)
            do {
                let read = try reader.read(path, options: ReadOptions())
                #expect(!read.chats.isEmpty, "\(name) round \(round): read without error but no conversation")
                if round % 5 == 0 { cutStillReads += 1 }
            } catch {
                // Refusing is allowed, with a message that names the file.
                #expect(error.diagnostics.allSatisfy { $0.file.hasPrefix(temp) && !$0.message.isEmpty }, "\(name) round \(round): \(error)")
            }
        }
        // Most cuts leave a prompt and a reply before them.
        #expect(cutStillReads >= 4, "\(name): \(cutStillReads) of 8 cut logs read")
    }

    /// VS Code's Copilot Chat export is one document, not lines: every value in it in turn (a
    /// sample spread over the whole tree) is swapped for a value of each other kind, and the
    /// reader warns or refuses, naming the file, and never traps.
    @Test func anExportWithAnyValueOfTheWrongKindNeverTraps() throws {
        let path = TestPaths.fixture("import/copilot/vscode-export/chat-export.json")
        let root = try JSONParser.parse(Array(try String(contentsOfFile: path, encoding: .utf8).utf8))
        let temp = TestPaths.temporaryFolder("mutate-vscode")
        defer { try? FileManager.default.removeItem(atPath: temp) }
        let count = Self.count(root)
        let swaps: [JSONNode.Value] = [
            .null, .bool(true), .number(-1e300, integer: nil), .string("\u{0}<x>"), .array([JSONNode(.number(7, integer: 7))]), .object([]),
        ]
        var random = SplitMix(seed: 0x5EED_F00D)
        var read = 0
        for round in 0..<120 {
            var index = round < 60 ? round * count / 60 : Int.random(in: 0..<count, using: &random)
            let mutated = Self.replacing(root, at: &index, with: swaps[round % swaps.count])
            let file = temp + "/\(round).json"
            try JSONText.compact(mutated).write(toFile: file, atomically: false, encoding: .utf8)
            do {
                let result = try CopilotReader().read(file, options: ReadOptions())
                read += result.chats.isEmpty ? 0 : 1
            } catch {
                #expect(error.diagnostics.allSatisfy { $0.file.hasPrefix(temp) && !$0.message.isEmpty }, "round \(round): \(error)")
            }
        }
        // Most single swaps leave a conversation to show.
        #expect(read >= 100, "\(read) of 120 mutated exports read")
    }

    static func count(_ node: JSONNode) -> Int {
        switch node.value {
        case .array(let items): return 1 + items.reduce(0) { $0 + count($1) }
        case .object(let members): return 1 + members.reduce(0) { $0 + count($1.node) }
        default: return 1
        }
    }

    /// The tree with its `index`-th value (depth first, from 0) replaced by `value`.
    static func replacing(_ node: JSONNode, at index: inout Int, with value: JSONNode.Value) -> JSONNode {
        if index == 0 { index = -1; return JSONNode(value, line: node.line, column: node.column) }
        index -= 1
        guard index >= 0 else { return node }
        switch node.value {
        case .array(let items):
            return JSONNode(.array(items.map { replacing($0, at: &index, with: value) }), line: node.line, column: node.column)
        case .object(let members):
            return JSONNode(.object(members.map { ($0.key, replacing($0.node, at: &index, with: value)) }), line: node.line, column: node.column)
        default:
            return node
        }
    }
}
