import Foundation
import Testing
@testable import ChatLoad
@testable import ChatModel
@testable import ChatOutput
@testable import ChatBrowser
import TestSupport

/// `render SESSION --single-file` and `--pdf`: one agent session, or an export holding one chat,
/// becomes one file (or a page and its PDF) in one step, for every format; an input of many is a
/// site, and the command says so.
@Suite struct OneSessionOneFileTests {
    func fixture(_ relative: String) -> String { TestPaths.fixture("import/" + relative) }

    /// One session (or one conversation) of each format chatrender reads.
    var sessions: [(name: String, path: String)] {
        [
            ("claude-code", fixture("claude-code/projects/-home-ana-src-shop/7f3c9a12-5b8e-4d21-9c47-0e6a1b2c3d4e.jsonl")),
            ("codex", fixture("codex/sessions/2026/06/09/rollout-2026-06-09T14-00-04-019e5b10-7f21-7c00-9a42-0d1e2f3a4b5c.jsonl")),
            ("gemini", fixture("gemini/tmp/garden-site/chats/session-2026-09-02T08-30-b7e2d4c6.jsonl")),
            (
                "gemini-json",
                fixture("gemini/tmp/6f1c3e0b9d2a4c8e7f5b1a3d9c0e2f4a6b8d0c2e4f6a8b0d2c4e6f8a0b2d4c6e/chats/session-2026-05-20T14-02-3f9a1c2e.json")
            ),
            ("copilot", fixture("copilot/session-state/80575baf-49d5-43f8-924e-8b3440c3f483")),
            ("copilot-log", fixture("copilot/session-state/208a3f51-8c41-4e4b-9a66-3885ddee53fb.jsonl")),
            ("vscode-copilot", fixture("copilot/vscode-export/chat-export.json")),
            (
                "cursor",
                fixture(
                    "cursor/projects/home-sample-dev-src-invoice-tools/agent-transcripts/0cf8e760-3644-45cd-ad39-040d543e9ed8/0cf8e760-3644-45cd-ad39-040d543e9ed8.jsonl"
                )
            ),
            ("opencode", fixture("opencode/data/storage/session/4f2b9c1d7e3a5b8c0d6e2f4a1b3c5d7e9f0a2b4c/ses_01.json")),
            ("cursor-text", fixture("cursor/projects/home-ana-src-weather-cli/agent-transcripts/5d1e7c3a-8b42-4f6e-9a1d-2c7b0e9f4a61.txt")),
            ("codex-typescript", fixture("codex/typescript/sessions/rollout-2025-04-18-8f3b2c1d-4e5a-4b6c-9d7e-0a1b2c3d4e5f.json")),
            ("cline", fixture("cline/Code/User/globalStorage/saoudrizwan.claude-dev/tasks/1796623200000")),
            ("cline-cli", fixture("cline/data/sessions/sess_01k8fixture7d3c")),
            ("aider", fixture("aider/src/garden/.aider.chat.history.md")),
            ("pi-agent", fixture("pi/.pi/agent/sessions/--home-ana-src-garden--/2026-06-01T09-00-00-000Z_5b0e2c1a-7d3f-4e8b-9a61-0c2d4e6f8a1b.jsonl")),
            ("pi-agent-openclaw", fixture("pi/.openclaw/agents/main/sessions/3e1d5c7b-2a4f-4b6d-8e0a-1c3e5a7b9d2f.jsonl")),
            ("qwen-code", fixture("qwen/.qwen/projects/-home-ana-src-tidepool/chats/8d2f4a6c-1b3e-4f5a-9c7d-0e2b4d6f8a0c.jsonl")),
            ("kimi", fixture("kimi/.kimi/sessions/5f0c2e8a9b1d3f4e6a7c8b9d0e1f2a3b/6e7f8a9b-0c1d-4e2f-8a3b-4c5d6e7f8a9b")),
            ("continue", fixture("continue/.continue/sessions/3f6c1a2b-7d4e-4f80-9a1b-2c3d4e5f6a7b.json")),
            ("droid", fixture("droid/.factory/sessions/-home-ana-src-atlas/5e1d2c3b-4a59-4687-9c0d-1e2f3a4b5c6d.jsonl")),
            ("openhands", fixture("openhands/.openhands/conversations/7d2e4f6a8b0c4d1e9f3a5b7c9d1e3f5a")),
            ("openai", fixture("openai/trip.json")),
            ("anthropic", fixture("anthropic/support.json")),
        ]
    }

    /// Readers whose sessions all live in one database (Crush's `crush.db`, goose's `sessions.db`, Zed's `threads.db`):
    /// their input is every session at once, a site; there is no file of one session to name.
    static let storesOfMany: Set<String> = ["crush", "goose", "zed"]

    /// Every reader in the table has a session above (or an export of one below), so a reader
    /// added to the table is shared as one file like every other.
    @Test func everyReaderHasASessionHere() {
        let names = sessions.map(\.name) + ["chatgpt-one", "claude-ai-one"]
        for reader in ExportReaders.all where !Self.storesOfMany.contains(reader.name) {
            #expect(names.contains { $0 == reader.name || $0.hasPrefix(reader.name + "-") }, "no session of \(reader.name) is rendered as one file")
        }
    }

    /// An export cut down to its `index`-th conversation, in a folder of its own.
    func exportOfOne(_ export: String, keeping index: Int, into folder: String) throws -> String {
        try FileManager.default.copyItem(atPath: fixture(export), toPath: folder)
        let file = folder + "/conversations.json"
        let all = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: file))) as! [Any]
        try JSONSerialization.data(withJSONObject: [all[index]]).write(to: URL(fileURLWithPath: file))
        return folder
    }

    /// A Claude Code session of `prompts` prompts, each answered with a command and its output.
    static func session(prompts: Int) -> String {
        var lines: [String] = []
        var parent = "null"
        func add(_ n: Int, _ kind: String, _ message: String) {
            let id = "\"9a0b1c2d-\(String(format: "%04d", n))-4000-8000-000000000000\""
            lines.append(
                "{\"parentUuid\":\(parent),\"isSidechain\":false,\"userType\":\"external\",\"cwd\":\"/home/ana/src/garden\",\"sessionId\":\"9a0b1c2d-0000-4000-8000-000000000000\",\"version\":\"2.1.12\",\"type\":\"\(kind)\",\"message\":\(message),\"timestamp\":\"2026-03-02T11:00:\(String(format: "%02d", n % 60)).000Z\",\"uuid\":\(id)}"
            )
            parent = id
        }
        for p in 0..<prompts {
            add(p * 3, "user", "{\"role\":\"user\",\"content\":\"Question \(p): what is in the bed?\"}")
            add(
                p * 3 + 1, "assistant",
                "{\"model\":\"claude-opus-4-5-20251101\",\"id\":\"msg_\(p)\",\"type\":\"message\",\"role\":\"assistant\",\"content\":[{\"type\":\"tool_use\",\"id\":\"toolu_\(p)\",\"name\":\"Bash\",\"input\":{\"command\":\"ls bed\(p)\"}}]}"
            )
            add(
                p * 3 + 2, "user",
                "{\"role\":\"user\",\"content\":[{\"tool_use_id\":\"toolu_\(p)\",\"type\":\"tool_result\",\"content\":\"tomatoes\\nbasil\"}]}")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    func names(_ folder: String) -> [String] { ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted() }

    @Test func everyAgentsSessionIsOneFileInOneStep() throws {
        let temp = TestPaths.temporaryFolder("one-session")
        defer { try? FileManager.default.removeItem(atPath: temp) }
        var inputs = sessions
        inputs.append(("chatgpt-one", try exportOfOne("chatgpt/export", keeping: 1, into: temp + "/chatgpt-one")))
        inputs.append(("claude-ai-one", try exportOfOne("claude-ai/export", keeping: 0, into: temp + "/claude-ai-one")))
        for (name, input) in inputs {
            let folder = temp + "/out-" + name
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            let run = try CLIRun.run(["render", input, "--single-file", "--out", folder + "/shared.html"])
            #expect(run.status == 0, "\(name): \(run.stderr)")
            #expect(run.stderr.contains("wrote \(folder)/shared.html ("), "\(name): \(run.stderr)")
            // One file and nothing beside it: no assets folder, nothing it links to on disk.
            #expect(names(folder) == ["shared.html"], "\(name): \(names(folder))")
            let page = try String(contentsOfFile: folder + "/shared.html", encoding: .utf8)
            #expect(page.hasSuffix(SingleFileWriter.marker), "\(name)")
            #expect(!page.contains("src=\"assets/") && !page.contains("href=\"assets/") && !page.contains("<script src="), "\(name)")
            // Light and dark, the page's own script (tool calls fold, the photo viewer opens).
            #expect(page.contains("prefers-color-scheme: dark") && page.contains("<script"), "\(name)")
        }
        // What makes an agent's page good is all there: folded tool calls, the list of prompts.
        let long = temp + "/long.jsonl"
        try Self.session(prompts: 12).write(toFile: long, atomically: true, encoding: .utf8)
        let made = try CLIRun.run(["render", long, "--single-file", "--out", temp + "/long.html", "-q"])
        #expect(made.status == 0, "\(made.stderr)")
        let page = try String(contentsOfFile: temp + "/long.html", encoding: .utf8)
        #expect(page.contains("<nav class=\"cr-toc\"") && page.contains("<details class=\"cr-part"), "\(page.prefix(300))")
        // The default place: out/NAME.html, as for a conversation file.
        let named = try CLIRun.run(["render", sessions[1].path, "--single-file", "-q"], in: temp)
        #expect(named.status == 0, "\(named.stderr)")
        #expect(FileManager.default.fileExists(atPath: temp + "/out/" + FilePath.stem(sessions[1].path) + ".html"))
    }

    @Test func everyAgentsSessionPrintsToAPDF() throws {
        guard HeadlessChromium.locate(environment: ProcessInfo.processInfo.environment) != nil else { return }
        let temp = TestPaths.temporaryFolder("one-session-pdf")
        defer { try? FileManager.default.removeItem(atPath: temp) }
        var inputs = sessions
        inputs.append(("chatgpt-one", try exportOfOne("chatgpt/export", keeping: 1, into: temp + "/chatgpt-one")))
        for (name, input) in inputs {
            let out = temp + "/out-" + name
            let run = try CLIRun.run(["render", input, "--pdf", "--out", out])
            #expect(run.status == 0, "\(name): \(run.stderr)")
            #expect(run.stderr.contains("wrote \(out)/index.pdf ("), "\(name): \(run.stderr)")
            let pdf = try Data(contentsOf: URL(fileURLWithPath: out + "/index.pdf"))
            #expect(pdf.starts(with: Array("%PDF-".utf8)), "\(name)")
            #expect(FileManager.default.fileExists(atPath: out + "/index.html"), "\(name)")
        }
    }

    /// A folder or an export of many is still a site, and the command says the option made none.
    @Test func anInputOfManyIsASiteAndSaysSo() throws {
        let temp = TestPaths.temporaryFolder("many-one-file")
        defer { try? FileManager.default.removeItem(atPath: temp) }
        let export = try CLIRun.run(["render", fixture("chatgpt/export"), "--single-file", "--out", temp + "/site"])
        #expect(export.status == 0, "\(export.stderr)")
        #expect(
            export.stderr.contains(
                "\(fixture("chatgpt/export")) holds 3 conversations and is written as a site; --single-file applies to one conversation or session (render one of them with it)\n"
            ), "\(export.stderr)")
        #expect(export.stderr.contains("wrote \(temp)/site/index.html (3 conversations), 2 warnings\n"), "\(export.stderr)")
        #expect(FileManager.default.fileExists(atPath: temp + "/site/index.html"))
        let sessions = try CLIRun.run(["render", fixture("codex/sessions"), "--pdf", "--out", temp + "/codex"])
        #expect(sessions.status == 0, "\(sessions.stderr)")
        #expect(sessions.stderr.contains("holds 3 conversations and is written as a site; --pdf applies to one conversation or session"), "\(sessions.stderr)")
        #expect(!FileManager.default.fileExists(atPath: temp + "/codex/index.pdf"))
        // A folder of conversation files too, even of one.
        try FileManager.default.createDirectory(atPath: temp + "/files", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: TestPaths.repo("examples/garden/conversation.json"), toPath: temp + "/files/garden.json")
        let folder = try CLIRun.run(["render", temp + "/files", "--single-file", "--out", temp + "/files-site"])
        #expect(folder.status == 0, "\(folder.stderr)")
        #expect(folder.stderr.contains("holds 1 conversation and is written as a site; --single-file applies"), "\(folder.stderr)")
        #expect(FileManager.default.fileExists(atPath: temp + "/files-site/index.html"))
        // Slicing a site and one file are not asked for together.
        let shard = try CLIRun.run(["render", fixture("codex/sessions"), "--single-file", "--shard", "1/2"])
        #expect(shard.status == 64 && shard.stderr == "chatrender: error: --shard slices a site; --single-file writes one conversation's page\n")
    }

    /// `--redact` reaches the single file and the PDF's page the same as a site's pages.
    @Test func aRedactedSessionIsOneRedactedFile() throws {
        let temp = TestPaths.temporaryFolder("one-session-redact")
        defer { try? FileManager.default.removeItem(atPath: temp) }
        let run = try CLIRun.run(["render", sessions[0].path, "--single-file", "--redact", "--out", temp + "/s.html"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.contains("redacted "), "\(run.stderr)")
        let page = try String(contentsOfFile: temp + "/s.html", encoding: .utf8)
        #expect(!page.contains("/home/ana") && page.contains("Redacted on import"))
    }
}
