import Foundation
import Testing
@testable import ChatModel
@testable import ChatSupport
@testable import ChatLoad
@testable import ChatRender
import TestSupport

/// Every importer's fixtures, each in the shape its app really writes: rendered as a user would,
/// each gives exactly the warnings it was written to give (a record type from a later version, a
/// file the export lacks, a broken conversation) and no other. One that should give none renders
/// under `--strict`; one that gives some is refused whole under `--strict`, leaving nothing
/// behind. A warning nobody expected (a reader that stopped understanding a real shape) fails
/// here, naming the fixture.
@Suite struct RealShapedCorpusTests {
    /// The fixture, its reader, and the warnings it is meant to give (each a part of one message).
    static let corpus: [(path: String, format: String, expected: [String])] = [
        ("chatgpt/export", "chatgpt", ["no file for \"file-Gone999\"", "no file for \"file-Missing7\""]),
        ("chatgpt/export-deflated.zip", "chatgpt", ["no file for \"file-Gone999\"", "no file for \"file-Missing7\""]),
        ("chatgpt/export-zip64.zip", "chatgpt", ["no file for \"file-Gone999\"", "no file for \"file-Missing7\""]),
        ("chatgpt-2025", "chatgpt", ["no file for \"file-Chart02Gone\"", "no file for \"file-Shot02Gone\""]),
        (
            "chatgpt-2026/export", "chatgpt",
            [
                "is empty (no \"mapping\")", "no message node \"gone\"",
                "no file for \"file_00000000bad0000000000000000000aa\"", "is empty (no message in \"mapping\")",
            ]
        ),
        ("claude-ai/export", "claude-ai", ["unknown content block type \"widget_v9\"", "expected an array of messages, found a string"]),
        ("claude-code/projects", "claude-code", []),
        ("claude-code/agent-progress", "claude-code", ["unknown progress type \"sparkle_progress\"", "tool call \"toolu_00Gone\", which is not in the log"]),
        // The bundled price table has no price for these models: their tokens get no estimate, said once each.
        (
            "codex/sessions", "codex",
            [
                "unknown event type \"thread_goal_updated\"", "unknown line type \"session_note\"",
                "no price for model \"gpt-5.3-codex-mini\"",
            ]
        ),
        ("codex/first-release", "codex", []),
        ("codex/typescript/sessions", "codex", ["unknown response item type \"mcp_list_tools\"", "unknown message role \"function\""]),
        ("copilot/session-state", "copilot", ["unknown event type \"session.workspace_indexed\"", "unknown event type \"session.memory_suggested\""]),
        ("copilot/vscode-export", "copilot", ["unknown response part kind \"hostDiagnosticSnapshot\""]),
        ("cursor/projects", "cursor", ["unknown line type \"checkpoint_created\"", "unknown marker \"[Image]\"", "unknown marker \"[Checkpoint]\""]),
        (
            "cursor/User/globalStorage/state.vscdb", "cursor",
            ["the database does not hold", "unknown message type \"3\"", "no price for model \"claude-4-sonnet\""]
        ),
        ("gemini/tmp", "gemini", ["unknown message type \"compression\"", "unknown message type \"tool_group_summary\""]),
        ("opencode/data", "opencode", ["unknown part type \"timeline-note\""]),
        ("crush/ledger", "crush", ["unknown part type \"citation\""]),
        (
            "goose/.local/share/goose", "goose",
            [
                "unknown content type \"reasoningSummary\"", "unknown content type \"contextLengthExceeded\"",
                // goose's older logs do not name the model.
                "tokens recorded on turns that name no model",
            ]
        ),
        ("continue/.continue", "continue", ["unknown message role \"summary\""]),
        ("droid/.factory/sessions", "droid", ["unknown line type \"checkpoint\""]),
        ("openai/trip.json", "openai", ["\"file-abc123\" was uploaded through the Files API"]),
        ("anthropic/support.json", "anthropic", []),
    ]

    static func fixture(_ path: String) -> String { TestPaths.fixture("import/" + path) }

    @Test(arguments: corpus.map(\.path))
    func eachFixtureGivesExactlyItsWarnings(_ path: String) throws {
        let entry = Self.corpus.first { $0.path == path }!
        let temp = TestPaths.temporaryFolder("corpus")
        defer { try? FileManager.default.removeItem(atPath: temp) }
        // As a user renders it: the reader found by itself, then by name.
        for from in ["auto", entry.format] {
            let run = try CLIRun.run(["render", "--from", from, Self.fixture(path), "--out", temp + "/\(from)"])
            #expect(run.status == 0, "\(path) --from \(from): \(run.stderr)")
            let warnings = run.stderr.split(separator: "\n").filter { $0.contains(": warning: ") }.map(String.init)
            for line in warnings {
                #expect(entry.expected.contains { line.contains($0) }, "\(path): a warning nobody expected: \(line)")
            }
            for expected in entry.expected {
                #expect(warnings.filter { $0.contains(expected) }.count == 1, "\(path): expected one warning with \(expected); got \(warnings)")
            }
            #expect(warnings.count == entry.expected.count, "\(path): \(warnings)")
        }
        // Under --strict: whole, or refused whole.
        let strict = try CLIRun.run(["render", Self.fixture(path), "--out", temp + "/strict", "--strict"])
        if entry.expected.isEmpty {
            #expect(strict.status == 0, "\(path) --strict: \(strict.stderr)")
            #expect(FileManager.default.fileExists(atPath: temp + "/strict/index.html"))
        } else {
            #expect(strict.status == 65, "\(path) --strict: \(strict.status) \(strict.stderr)")
            let left = (try? FileManager.default.contentsOfDirectory(atPath: temp + "/strict")) ?? []
            #expect(left.isEmpty, "\(path) --strict left \(left)")
        }
    }

    /// A 2026 export as ChatGPT sends it (a manifest of `export_files` with sizes, sharded
    /// conversations, uploads as `.dat` files) with nothing wrong in it renders under --strict.
    @Test func a2026ExportWithNothingWrongRendersUnderStrict() throws {
        let temp = TestPaths.temporaryFolder("corpus2026")
        defer { try? FileManager.default.removeItem(atPath: temp) }
        let source = Self.fixture("chatgpt-2026/export")
        let export = temp + "/export"
        try FileManager.default.copyItem(atPath: source, toPath: export)
        // Only the two whole conversations, and the upload the fixture leaves out on purpose.
        for (shard, keep) in [("conversations-000.json", "Packing for Kyoto"), ("conversations-001.json", "Receipt totals")] {
            let data = try Data(contentsOf: URL(fileURLWithPath: export + "/" + shard))
            let all = try #require(try JSONSerialization.jsonObject(with: data) as? [[String: Any]])
            let kept = all.filter { ($0["title"] as? String) == keep }
            #expect(kept.count == 1)
            try JSONSerialization.data(withJSONObject: kept).write(to: URL(fileURLWithPath: export + "/" + shard))
        }
        let png = try #require(
            try FileManager.default.contentsOfDirectory(atPath: export).filter { $0.hasSuffix(".dat") }.first { name in
                (try? Data(contentsOf: URL(fileURLWithPath: export + "/" + name)))?.starts(with: [0x89, 0x50, 0x4E, 0x47]) == true
            })
        try FileManager.default.copyItem(atPath: export + "/" + png, toPath: export + "/file_00000000bad0000000000000000000aa.dat")
        // The manifest as real exports have it: only `export_files`, with sizes.
        let files = try FileManager.default.contentsOfDirectory(atPath: export).filter { $0 != "export_manifest.json" }.sorted()
        let listed = try files.map { name -> [String: Any] in
            let size = try FileManager.default.attributesOfItem(atPath: export + "/" + name)[.size] as? Int ?? 0
            return ["path": name, "size_bytes": size]
        }
        try JSONSerialization.data(withJSONObject: ["export_files": listed]).write(to: URL(fileURLWithPath: export + "/export_manifest.json"))
        let run = try CLIRun.run(["render", export, "--out", temp + "/site", "--strict"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(!run.stderr.contains("warning"), "\(run.stderr)")
        let index = try String(contentsOfFile: temp + "/site/index.html", encoding: .utf8)
        #expect(index.contains("Packing for Kyoto") && index.contains("Receipt totals"))
    }
}
