import Foundation
import Testing
@testable import ChatModel
@testable import ChatLoad
@testable import ChatRender
import TestSupport

/// `--from auto`: every input chatrender reads is recognised by its own reader, from names and
/// first records only; a conversation file is left to the conversation loader; anything else
/// gets one error saying what it looked like and which formats exist.
@Suite struct AutoDetectTests {
    func fixture(_ relative: String) -> String { TestPaths.fixture("import/" + relative) }

    func detected(_ path: String) -> String? {
        if case .format(let format, _) = ImportFormat.detect(path) { return format.name }
        return nil
    }

    /// The table: an input of every shape each reader takes, and the format it must be read as.
    @Test func everyFormatIsPickedForEveryShapeItTakes() throws {
        let temp = TestPaths.temporaryFolder("auto")
        defer { try? FileManager.default.removeItem(atPath: temp) }
        // claude.ai's zip holds its export in one folder, as downloaded.
        let zip = Process()
        zip.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        zip.arguments = [
            "python3", "-c",
            "import sys, zipfile\nz = zipfile.ZipFile(sys.argv[1], 'w', zipfile.ZIP_DEFLATED)\nfor name in ['conversations.json', 'projects.json']: z.write(sys.argv[2] + '/' + name, 'data-2026-05-01/' + name)\nz.close()",
            temp + "/claude.zip", fixture("claude-ai/export"),
        ]
        try zip.run()
        zip.waitUntilExit()
        // A folder holding the unzipped export in a folder of its own.
        try FileManager.default.createDirectory(atPath: temp + "/download", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: fixture("chatgpt/export"), toPath: temp + "/download/export")

        let table: [(String, String)] = [
            ("chatgpt/export", "chatgpt"),
            ("chatgpt/export/conversations.json", "chatgpt"),
            ("chatgpt/export-zip64.zip", "chatgpt"),
            ("chatgpt/export-deflated.zip", "chatgpt"),
            ("chatgpt-2025", "chatgpt"),
            ("chatgpt-2026/export", "chatgpt"),
            ("chatgpt-2026/export/conversations-000.json", "chatgpt"),
            ("claude-ai/export", "claude-ai"),
            ("claude-ai/export/conversations.json", "claude-ai"),
            ("claude-code/projects", "claude-code"),
            ("claude-code/projects/-home-ana-src-shop", "claude-code"),
            ("claude-code/projects/-home-ana-src-shop/7f3c9a12-5b8e-4d21-9c47-0e6a1b2c3d4e.jsonl", "claude-code"),
            ("openai/trip.json", "openai"),
            ("anthropic/support.json", "anthropic"),
            ("codex/sessions", "codex"),
            ("codex/sessions/2025/12/18", "codex"),
            ("codex/sessions/2026/06/05/rollout-2026-06-05T09-12-00-0197e3a1-5c2b-7d40-9a61-3f0c8e2b1d55.jsonl", "codex"),
            ("codex/first-release/rollout-2025-05-02T08-00-00-5c9e1f2a.jsonl", "codex"),
            ("codex/typescript/sessions", "codex"),
            ("codex/typescript/sessions/rollout-2025-04-18-8f3b2c1d-4e5a-4b6c-9d7e-0a1b2c3d4e5f.json", "codex"),
            ("codex/typescript/sessions/rollout-2025-04-25-3c2d1e0f-9a8b-4c7d-8e6f-5a4b3c2d1e0f.json", "codex"),
            ("codex/every-code/.code", "codex"),
            ("codex/every-code/.code/sessions", "codex"),
            ("codex/every-code/.code/sessions/2026/06/11/rollout-2026-06-11T08-30-00-019e7a20-3b4c-7d10-8e2f-6a7b8c9d0e1f.jsonl", "codex"),
            ("gemini/tmp", "gemini"),
            ("gemini/tmp/garden-site", "gemini"),
            ("gemini/tmp/6f1c3e0b9d2a4c8e7f5b1a3d9c0e2f4a6b8d0c2e4f6a8b0d2c4e6f8a0b2d4c6e/chats/session-2026-05-20T14-02-3f9a1c2e.json", "gemini"),
            ("gemini/tmp/garden-site/chats/session-2026-09-02T08-30-b7e2d4c6.jsonl", "gemini"),
            ("gemini/tmp/6f1c3e0b9d2a4c8e7f5b1a3d9c0e2f4a6b8d0c2e4f6a8b0d2c4e6f8a0b2d4c6e/checkpoint-release.json", "gemini"),
            ("pi/.pi/agent/sessions", "pi-agent"),
            ("pi/.pi/agent/sessions/--home-ana-src-garden--/2026-06-01T09-00-00-000Z_5b0e2c1a-7d3f-4e8b-9a61-0c2d4e6f8a1b.jsonl", "pi-agent"),
            ("pi/.omp/agent/sessions/--home-ana-src-kiln--/2026-06-02T14-10-00-000Z_9c8b7a65.jsonl", "pi-agent"),
            ("pi/.openclaw/agents/main/sessions", "pi-agent"),
            ("pi/.openclaw/agents/main/sessions/3e1d5c7b-2a4f-4b6d-8e0a-1c3e5a7b9d2f.jsonl", "pi-agent"),
            ("qwen/.qwen", "qwen-code"),
            ("qwen/.qwen/projects/-home-ana-src-tidepool/chats/8d2f4a6c-1b3e-4f5a-9c7d-0e2b4d6f8a0c.jsonl", "qwen-code"),
            ("qwen/.qwen/projects/-home-ana-src-tidepool/chats/3c5e7a9b-2d4f-4a6c-8e0b-1d3f5a7c9e2b.jsonl", "qwen-code"),
            ("qwen/.qwen/tmp/9e7c5a3b1d0f2e4a6c8b0d2f4a6c8e0b2d4f6a8c0e2b4d6f8a0c2e4b6d8f0a2c/chats/session-2025-09-12T08-00-2a4c6e80.json", "qwen-code"),
            ("kimi/.kimi/sessions", "kimi"),
            ("kimi/.kimi/sessions/5f0c2e8a9b1d3f4e6a7c8b9d0e1f2a3b/0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d", "kimi"),
            ("kimi/.kimi/sessions/5f0c2e8a9b1d3f4e6a7c8b9d0e1f2a3b/6e7f8a9b-0c1d-4e2f-8a3b-4c5d6e7f8a9b/wire.jsonl", "kimi"),
            ("kimi/.kimi/sessions/5f0c2e8a9b1d3f4e6a7c8b9d0e1f2a3b/1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f/context.jsonl", "kimi"),
            ("opencode/data", "opencode"),
            ("opencode/data/opencode.db", "opencode"),
            ("opencode/data/storage", "opencode"),
            ("opencode/data/storage/session/4f2b9c1d7e3a5b8c0d6e2f4a1b3c5d7e9f0a2b4c/ses_01.json", "opencode"),
            ("opencode/kilo/.local/share/kilo", "opencode"),
            ("opencode/kilo/.local/share/kilo/kilo.db", "opencode"),
            ("opencode/kilo/.local/share/kilo/storage", "opencode"),
            ("opencode/kilo/.local/share/kilo/storage/session/4f2b9c1d7e3a5b8c0d6e2f4a1b3c5d7e9f0a2b4c/ses_k1.json", "opencode"),
            ("crush/ledger", "crush"),
            ("crush/ledger/.crush", "crush"),
            ("crush/ledger/.crush/crush.db", "crush"),
            ("goose/.local/share/goose", "goose"),
            ("goose/.local/share/goose/sessions", "goose"),
            ("goose/.local/share/goose/sessions/sessions.db", "goose"),
            ("goose/.local/share/goose/sessions/20260326_010000.jsonl", "goose"),
            ("continue/.continue", "continue"),
            ("continue/.continue/sessions", "continue"),
            ("continue/.continue/sessions/3f6c1a2b-7d4e-4f80-9a1b-2c3d4e5f6a7b.json", "continue"),
            ("droid/.factory/sessions", "droid"),
            ("droid/.factory/sessions/-home-ana-src-atlas/5e1d2c3b-4a59-4687-9c0d-1e2f3a4b5c6d.jsonl", "droid"),
            ("zed/.local/share/zed", "zed"),
            ("zed/.local/share/zed/threads", "zed"),
            ("zed/.local/share/zed/threads/threads.db", "zed"),
            ("openhands/.openhands", "openhands"),
            ("openhands/.openhands/conversations", "openhands"),
            ("openhands/.openhands/conversations/7d2e4f6a8b0c4d1e9f3a5b7c9d1e3f5a", "openhands"),
            ("openhands/.openhands/conversations/7d2e4f6a8b0c4d1e9f3a5b7c9d1e3f5a/base_state.json", "openhands"),
            ("openhands/.openhands/sessions", "openhands"),
            ("openhands/.openhands/sessions/5c1a9e7b3d2f4a6c8e0b1d3f5a7c9e2b", "openhands"),
            ("copilot/session-state", "copilot"),
            ("copilot/session-state/80575baf-49d5-43f8-924e-8b3440c3f483", "copilot"),
            ("copilot/session-state/80575baf-49d5-43f8-924e-8b3440c3f483/events.jsonl", "copilot"),
            ("copilot/session-state/208a3f51-8c41-4e4b-9a66-3885ddee53fb.jsonl", "copilot"),
            ("copilot/vscode-export", "copilot"),
            ("copilot/vscode-export/chat-export.json", "copilot"),
            ("cursor/projects", "cursor"),
            ("cursor/projects/home-sample-dev-src-invoice-tools/agent-transcripts", "cursor"),
            (
                "cursor/projects/home-sample-dev-src-invoice-tools/agent-transcripts/0cf8e760-3644-45cd-ad39-040d543e9ed8/0cf8e760-3644-45cd-ad39-040d543e9ed8.jsonl",
                "cursor"
            ),
            ("cursor/projects/home-sample-dev-src-invoice-tools/agent-transcripts/a288f05d-df92-447a-9c34-08e45f3c9fdc.jsonl", "cursor"),
            ("cursor/projects/home-ana-src-weather-cli", "cursor"),
            ("cursor/User/globalStorage", "cursor"),
            ("cursor/User/globalStorage/state.vscdb", "cursor"),
            ("cursor/projects/home-ana-src-weather-cli/agent-transcripts", "cursor"),
            ("cursor/projects/home-ana-src-weather-cli/agent-transcripts/5d1e7c3a-8b42-4f6e-9a1d-2c7b0e9f4a61.txt", "cursor"),
            ("cline/Code/User/globalStorage", "cline"),
            ("cline/Code/User/globalStorage/rooveterinaryinc.roo-cline", "cline"),
            ("cline/Code/User/globalStorage/saoudrizwan.claude-dev/tasks", "cline"),
            ("cline/Code/User/globalStorage/saoudrizwan.claude-dev/tasks/1796623200000", "cline"),
            ("cline/Code/User/globalStorage/saoudrizwan.claude-dev/tasks/1796623200000/api_conversation_history.json", "cline"),
            ("cline/Code/User/globalStorage/saoudrizwan.claude-dev/tasks/1796623200000/ui_messages.json", "cline"),
            ("cline/Code/User/globalStorage/kilocode.kilo-code/tasks/9b3e27c4-0a61-4f8d-b5c2-6e1d8a7f3c90/api_conversation_history.json", "cline"),
            ("cline/data/sessions", "cline"),
            ("cline/data/sessions/sess_01k8fixture7d3c", "cline"),
            ("cline/data/sessions/sess_01k8fixture7d3c/sess_01k8fixture7d3c.messages.json", "cline"),
            ("aider/src", "aider"),
            ("aider/src/shop", "aider"),
            ("aider/src/shop/.aider.chat.history.md", "aider"),
            ("aider/src/garden/.aider.chat.history.md", "aider"),
        ]
        for (input, format) in table {
            #expect(detected(fixture(input)) == format, "\(input)")
        }
        #expect(detected(temp + "/claude.zip") == "claude-ai")
        #expect(detected(temp + "/download") == "chatgpt")
        // Every reader of the table is reached by some input above.
        #expect(Set(table.map(\.1)) == Set(ExportReaders.all.map(\.name)))
    }

    @Test func conversationFilesAreNotExports() {
        for path in [TestPaths.repo("examples/garden/conversation.json"), TestPaths.repo("examples/parts/conversation.json")] {
            let probe = InputProbe(path)
            #expect(ExportReaders.looksNative(probe), "\(path)")
            #expect(ExportReaders.candidates(probe).isEmpty, "\(path)")
        }
    }

    @Test func theShapeOfADocumentsBeginningIsReadWithoutParsingIt() {
        let text =
            #"{"title": "T", "messages": [{"role": "user", "content": [{"type": "text", "text": "a \"quoted\" {x}"}]}, {"role": "tool", "tool_call_id": "c1"#
        let shape = JSONShape(Array(text.utf8))
        #expect(shape.root == UInt8(ascii: "{"))
        #expect(shape.has("title") && shape.has("messages") && shape.has("messages[].role") && shape.has("messages[].content[].type=text"))
        #expect(shape.has("messages[].role=tool") && shape.has("messages[].tool_call_id"))
        #expect(!shape.has("messages[].content[].text=a \\\"quoted\\\" {x}"), "only naming members keep their values")
        #expect(JSONShape(Array("not json".utf8)).root == nil)
        #expect(JSONShape([]).paths.isEmpty)
    }

    @Test func unknownInputSaysWhatItLookedLike() throws {
        let temp = TestPaths.temporaryFolder("auto-unknown")
        defer { try? FileManager.default.removeItem(atPath: temp) }
        let cases: [(String, String, String)] = [
            (
                "log.jsonl", "{\"kind\":\"hello\",\"at\":1}\n{\"kind\":\"bye\",\"at\":2}\n",
                "a JSON Lines file whose first record has the members \"kind\", \"at\""
            ),
            ("list.json", "[{\"a\": 1, \"b\": 2}]", "a JSON array of objects with the members \"a\", \"b\""),
            ("notes.txt", "hello\tworld", "not JSON (it begins \"hello·world\")"),
            ("empty.json", "", "an empty file"),
        ]
        for (name, text, description) in cases {
            try text.write(toFile: temp + "/" + name, atomically: true, encoding: .utf8)
            #expect(ImportFormat.detect(temp + "/" + name) == .unknown(description: description), "\(name)")
        }
        try FileManager.default.createDirectory(atPath: temp + "/empty", withIntermediateDirectories: true)
        #expect(ImportFormat.detect(temp + "/empty") == .unknown(description: "a folder with no files"))

        // The command says it once, with every format, and writes nothing.
        let run = try CLIRun.run(["render", temp + "/log.jsonl", "--out", temp + "/out"])
        #expect(run.status == 65)
        #expect(
            run.stderr.hasPrefix(
                "\(temp)/log.jsonl: error: not a format chatrender reads: it looks like a JSON Lines file whose first "
                    + "record has the members \"kind\", \"at\"; expected a conversation file (see docs/conversation-format.md) or an export of "
                    + "chatgpt (ChatGPT), "), "\(run.stderr)")
        #expect(run.stderr.split(separator: "\n").count == 1, "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: temp + "/out"))
        let auto = try CLIRun.run(["import", "auto", temp + "/list.json", "--out", temp + "/out"])
        #expect(auto.status == 65 && auto.stderr.contains("it looks like a JSON array of objects"), "\(auto.stderr)")
    }

    /// Without --from a session log, an export folder and an API file render as if named; a
    /// conversation file renders as before.
    @Test func renderWithoutFromReadsWhatItIsGiven() throws {
        let temp = TestPaths.temporaryFolder("auto-render")
        defer { try? FileManager.default.removeItem(atPath: temp) }
        let session = fixture("claude-code/projects/-home-ana-src-shop/7f3c9a12-5b8e-4d21-9c47-0e6a1b2c3d4e.jsonl")
        for (name, input) in [("session", session), ("chatgpt", fixture("chatgpt/export")), ("openai", fixture("openai/trip.json"))] {
            let run = try CLIRun.run(["render", input, "--out", temp + "/" + name, "-q"])
            #expect(run.status == 0, "\(name): \(run.stderr)")
            let named = try CLIRun.run(["render", "--from", "auto", input, "--out", temp + "/" + name + "-auto", "-q"])
            #expect(named.status == 0, "\(name): \(named.stderr)")
            let page = try String(contentsOfFile: temp + "/" + name + "/index.html", encoding: .utf8)
            let same = try String(contentsOfFile: temp + "/" + name + "-auto/index.html", encoding: .utf8)
            #expect(page == same, "\(name)")
        }
        let fromStandardInput = try CLIRun.run(["render", "-", "--out", temp + "/stdin", "-q"], input: try Data(contentsOf: URL(fileURLWithPath: session)))
        #expect(fromStandardInput.status == 0, "\(fromStandardInput.stderr)")
        let native = try CLIRun.run(["render", TestPaths.repo("examples/garden/conversation.json"), "--out", temp + "/garden", "-q"])
        #expect(native.status == 0, "\(native.stderr)")
        // One session is one file in one step (OneSessionOneFileTests has every format).
        let single = try CLIRun.run(["render", session, "--single-file", "--out", temp + "/s.html", "-q"])
        #expect(single.status == 0, "\(single.stderr)")
        #expect(FileManager.default.fileExists(atPath: temp + "/s.html"))
    }

    /// A folder holding several agents' sessions, a folder each, is one site: each folder read by
    /// its reader, each conversation under its agent and project, one search over all of them.
    @Test func aFolderOfSeveralAgentsIsOneSite() throws {
        let temp = TestPaths.temporaryFolder("mixed")
        defer { try? FileManager.default.removeItem(atPath: temp) }
        let logs = temp + "/logs"
        try FileManager.default.createDirectory(atPath: logs, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: fixture("codex/sessions"), toPath: logs + "/codex")
        try FileManager.default.copyItem(atPath: fixture("gemini/tmp"), toPath: logs + "/gemini")
        try FileManager.default.copyItem(atPath: fixture("claude-code/projects"), toPath: logs + "/claude")
        guard case .format(let format, let evidence) = ImportFormat.detect(logs) else { Issue.record("not recognised"); return }
        #expect(format.reader.name == "mixed")
        #expect(evidence == "its folders hold several agents' sessions: claude (Claude Code), codex (Codex), gemini (Gemini CLI)")
        let read = try format.reader.read(logs, options: ReadOptions())
        // Each conversation knows its agent, and keeps its project as the agent's reader gave it.
        #expect(Set(read.chats.compactMap(\.agent)) == ["Claude Code", "Codex", "Gemini CLI"])
        #expect(read.chats.allSatisfy { $0.agent != nil })
        let codex = Set(read.chats.filter { $0.agent == "Codex" }.compactMap(\.project))
        #expect(codex == ["tides", "garden-api"], "\(codex)")
        #expect(read.chats.contains { $0.agent == "Gemini CLI" && $0.project == "garden-site" })
        let run = try CLIRun.run(["render", logs, "--out", temp + "/site", "-q"])
        #expect(run.status == 0, "\(run.stderr)")
        // The index: agent (h2), then project (h3), then month (h4).
        let index = try String(contentsOfFile: temp + "/site/index.html", encoding: .utf8)
        let headings = index.matches(of: /<h([234]) id="cr-group-\d+"[^>]*>([^<]*)</).map { "h\($0.1) \($0.2)" }
        let codexAt = try #require(headings.firstIndex(of: "h2 Codex"))
        #expect(headings[codexAt + 1].hasPrefix("h3 ") && headings[codexAt + 2].hasPrefix("h4 "), "\(headings)")
        #expect(headings.filter { $0.hasPrefix("h2 ") }.sorted() == ["h2 Claude Code", "h2 Codex", "h2 Gemini CLI"], "\(headings)")
        #expect(headings.contains("h3 tides") && headings.contains("h3 garden-site"), "\(headings)")
        // The conversation files keep the agent, so rendering them again groups the same way.
        let imported = temp + "/imported"
        #expect(try CLIRun.run(["import", "auto", logs, "--out", imported, "-q"]).status == 0)
        let files = try FileManager.default.contentsOfDirectory(atPath: imported).filter { $0.hasSuffix(".json") }
        let one = try String(contentsOfFile: imported + "/" + files[0], encoding: .utf8)
        #expect(one.contains("\"agent\": \""), "\(one.prefix(300))")
        #expect(try CLIRun.run(["render", imported, "--out", temp + "/again", "-q"]).status == 0)
        let again = try String(contentsOfFile: temp + "/again/index.html", encoding: .utf8)
        #expect(again.contains("<h2 id=\"cr-group-") && again.contains(">Gemini CLI</h2>"))
        // One agent's folder alone is still that agent's.
        #expect(detected(logs + "/codex") == "codex")
    }

    /// `--help` and docs/importers.md list the formats from the table.
    @Test func helpAndDocsListTheTable() throws {
        let help = try CLIRun.run(["help", "import"])
        for reader in ExportReaders.all {
            #expect(help.stdout.contains("\(reader.name): "), "\(reader.name)")
        }
        let docs = try String(contentsOfFile: TestPaths.repo("docs/importers.md"), encoding: .utf8)
        #expect(
            docs.contains(ExportReaders.markdownTable + "\n"),
            "docs/importers.md's table of formats is not the table's; expected:\n\(ExportReaders.markdownTable)")
    }
}
