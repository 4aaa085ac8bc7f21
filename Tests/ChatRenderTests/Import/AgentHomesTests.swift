import Foundation
import Testing
@testable import ChatModel
@testable import ChatLoad
@testable import ChatRender
@testable import ChatRenderCLI
import TestSupport

/// `chatrender agents` and `render --agents all` on a home folder laid out as the agents lay
/// theirs out, built from the importers' fixtures: every agent found with its sessions counted,
/// one site grouped by agent, and not one file of the home folder changed or added.
@Suite struct AgentHomesTests {
    /// Where each fixture tree goes in the fake home (fixture path → path under the home).
    static let layout: [(String, String)] = [
        ("claude-code/projects", ".claude/projects"),
        ("codex/sessions", ".codex/sessions"),
        ("gemini/tmp", ".gemini/tmp"),
        ("qwen/.qwen", ".qwen"),
        ("opencode/data", ".local/share/opencode"),
        ("copilot/session-state", ".copilot/session-state"),
        ("cursor/projects", ".cursor/projects"),
        ("cursor/User", ".config/Cursor/User"),
        ("cline/Code", ".config/Code"),
        ("cline/data", ".cline/data"),
        ("aider/src/garden", "src/garden"),
        ("aider/src/shop", "src/shop"),
        ("crush/ledger", "src/ledger"),
        ("pi/.pi", ".pi"),
        ("pi/.omp", ".omp"),
        ("pi/.openclaw", ".openclaw"),
        ("kimi/.kimi", ".kimi"),
        ("goose/.local/share/goose", ".local/share/goose"),
        ("continue/.continue", ".continue"),
        ("droid/.factory", ".factory"),
        ("zed/.local/share/zed", ".local/share/zed"),
        ("opencode/kilo/.local/share/kilo", ".local/share/kilo"),
        ("codex/every-code/.code", ".code"),
        ("openhands/.openhands", ".openhands"),
    ]

    /// Each agent the list must show, its folder under the home, and its sessions as the
    /// fixtures hold them (nil: a database, not opened to count).
    static let expected: [(title: String, folder: String, sessions: Int?)] = [
        ("Claude Code", ".claude/projects", 2),  // two sessions; agent-b77e01.jsonl is a sub-agent's
        ("Codex", ".codex/sessions", 4),
        ("Gemini CLI", ".gemini/tmp", 3),  // two sessions and a chat saved with /chat save
        ("opencode", ".local/share/opencode", nil),
        ("GitHub Copilot", ".copilot/session-state", 2),
        ("Cursor", ".cursor/projects", 3),  // a sub-agent's transcript is part of its parent
        ("Cursor", ".config/Cursor/User/globalStorage/state.vscdb", nil),
        ("Cline", ".config/Code/User/globalStorage/saoudrizwan.claude-dev/tasks", 1),
        ("Roo Code", ".config/Code/User/globalStorage/rooveterinaryinc.roo-cline/tasks", 1),
        ("Kilo Code", ".config/Code/User/globalStorage/kilocode.kilo-code/tasks", 1),
        ("Cline", ".cline/data/sessions", 1),
        ("Aider", "src", 2),  // two history files
        ("Pi", ".pi/agent/sessions", 1),
        ("Oh My Pi", ".omp/agent/sessions", 1),
        ("OpenClaw", ".openclaw/agents", 1),
        ("Qwen Code", ".qwen", 3),  // three sessions; one with two sub-agents, whose logs are part of it
        ("Kimi CLI", ".kimi/sessions", 3),
        ("Crush", "src", nil),
        ("goose", ".local/share/goose/sessions", nil),
        ("Continue", ".continue/sessions", 2),
        ("Factory Droid", ".factory/sessions", 1),
        ("Zed", ".local/share/zed/threads", nil),
        ("Kilo Code", ".local/share/kilo", nil),
        ("Every Code", ".code/sessions", 1),
        ("OpenHands", ".openhands/conversations", 2),
        ("OpenHands", ".openhands/sessions", 2),
    ]

    /// A fresh fake home with every agent's fixture in its place, and a file of settings beside
    /// Claude Code's sessions, as in a real `~/.claude`.
    static func makeHome() throws -> String {
        let home = TestPaths.temporaryFolder("home")
        let fm = FileManager.default
        for (from, to) in layout {
            let target = FilePath.join(home, to)
            try fm.createDirectory(atPath: FilePath.directory(target), withIntermediateDirectories: true)
            try fm.copyItem(atPath: TestPaths.fixture("import/" + from), toPath: target)
        }
        try Data("{\"theme\": \"dark\"}\n".utf8).write(to: URL(fileURLWithPath: FilePath.join(home, ".claude/settings.json")))
        try fm.createDirectory(atPath: FilePath.join(home, ".claude/todos"), withIntermediateDirectories: true)
        return home
    }

    /// Every path under `folder` with its type, size, modification time and content hash.
    static func snapshot(_ folder: String) -> [String: String] {
        var result: [String: String] = [:]
        let walker = FileManager.default.enumerator(atPath: folder)
        while let relative = walker?.nextObject() as? String {
            let path = FilePath.join(folder, relative)
            var info = stat()
            guard lstat(path, &info) == 0 else { continue }
            var entry = "mode \(info.st_mode) size \(info.st_size) mtime \(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec)"
            if info.st_mode & S_IFMT == S_IFREG, let data = FileManager.default.contents(atPath: path) {
                entry += " sha256 " + SHA256.hash(Array(data)).map { String(format: "%02x", $0) }.joined()
            }
            result[relative] = entry
        }
        return result
    }

    func run(_ arguments: [String]) -> (code: CLI.ExitCode, out: String, err: String) {
        let out = Locked(""), err = Locked("")
        let code = CLI.run(arguments, output: CLI.Output(out: { text in out.withLock { $0 += text } }, err: { text in err.withLock { $0 += text } }))
        return (code, out.withLock { $0 }, err.withLock { $0 })
    }

    /// The agent groups of a site's index and the conversations each counts.
    static func groups(_ index: String) -> [(name: String, count: Int)] {
        let pattern = #/<section class="cr-site-agent"[^>]*><h2[^>]*>([^<]*)</h2><p class="cr-site-count">(\d+) conversations?/#
        return index.matches(of: pattern).map { (String($0.output.1), Int($0.output.2)!) }
    }

    @Test func agentsListsEveryAgentOfAHomeAndChangesNothing() throws {
        let home = try Self.makeHome()
        defer { try? FileManager.default.removeItem(atPath: home) }
        // A FIFO named like a session is never opened (it would block) nor counted.
        #expect(mkfifo(FilePath.join(home, ".codex/sessions/2026/06/09/rollout-2026-06-09T15-00-00-fifo.jsonl"), 0o600) == 0)
        let before = Self.snapshot(home)

        let json = run(["agents", "--home", home, "--in", FilePath.join(home, "src"), "--json"])
        #expect(json.code == .ok, "\(json.err)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.out.utf8)) as? [String: Any])
        #expect(object["home"] as? String == home)
        let agents = try #require(object["agents"] as? [[String: Any]])
        let listed = agents.map { agent in
            (agent["name"] as? String ?? "", (agent["folder"] as? String ?? "").replacingOccurrences(of: home + "/", with: ""), agent["sessions"] as? Int)
        }
        #expect(listed.count == Self.expected.count, "\(listed)")
        for want in Self.expected {
            #expect(
                listed.contains { $0.0 == want.title && $0.1 == want.folder && $0.2 == want.sessions },
                "\(want.title) in \(want.folder): \(listed.filter { $0.0 == want.title })")
        }
        for agent in agents {
            #expect((agent["bytes"] as? Int ?? 0) > 0)
            #expect(agent["newest"] is String)
            #expect(ExportReaders.named(agent["from"] as? String ?? "") != nil)
        }
        // Every reader that says where its agent keeps sessions is found in this home.
        let found = Set(agents.compactMap { $0["from"] as? String })
        #expect(found == Set(ExportReaders.all.filter { !$0.homes.isEmpty }.map(\.name)))

        let table = run(["agents", "--home", home, "--in", FilePath.join(home, "src")])
        #expect(table.code == .ok)
        let lines = table.out.split(separator: "\n")
        #expect(lines.first?.hasPrefix("AGENT") == true)
        #expect(table.out.contains("~/.claude/projects"))
        #expect(!table.out.contains(home))
        for want in Self.expected {
            #expect(lines.contains { $0.hasPrefix(want.title + " ") && $0.hasSuffix("~/" + want.folder) }, "\(want.title)")
        }
        // Without --in, the agents that keep their history in projects are not looked for.
        let plain = run(["agents", "--home", home, "--json"])
        #expect(!plain.out.contains("\"Aider\"") && !plain.out.contains("\"Crush\""))

        #expect(Self.snapshot(home) == before)
    }

    @Test func renderAgentsAllMakesOneSiteGroupedByAgentAndWritesNothingAmongTheirFiles() throws {
        let home = try Self.makeHome()
        let out = TestPaths.temporaryFolder("agents-site")
        defer {
            try? FileManager.default.removeItem(atPath: home)
            try? FileManager.default.removeItem(atPath: out)
        }
        let before = Self.snapshot(home)
        let site = FilePath.join(out, "site")
        let result = run(["render", "--agents", "all", "--home", home, "--in", FilePath.join(home, "src"), "--out", site, "--no-cache"])
        #expect(result.code == .ok, "\(result.err)")
        let index = try String(contentsOfFile: FilePath.join(site, "index.html"), encoding: .utf8)
        let groups = Self.groups(index)
        #expect(Set(groups.map(\.name)) == Set(Self.expected.map(\.title)), "\(groups)")
        #expect(groups.allSatisfy { $0.count >= 1 })
        // Every conversation is in one agent's group, and each has its page.
        let pages = try FileManager.default.contentsOfDirectory(atPath: site).filter {
            $0 != "insights" && FileManager.default.fileExists(atPath: FilePath.join(site, $0 + "/index.html"))
        }
        #expect(groups.map(\.count).reduce(0, +) == pages.count)
        #expect(result.err.contains("(\(pages.count) conversations"))
        // The sessions counted in their files are all in the site (Codex's sub-agent is inside its parent's page).
        let count = { (name: String) in groups.first { $0.name == name }?.count ?? 0 }
        #expect(count("Claude Code") == 2)
        #expect(count("Gemini CLI") == 3)
        #expect(count("Continue") == 2)
        #expect(count("Kimi CLI") == 3)
        #expect(count("Codex") == 3)
        #expect(FileManager.default.fileExists(atPath: FilePath.join(site, "search")) || index.contains("search"))
        // Nothing was written among the agents' files: no -wal, -shm or lock beside a database.
        #expect(Self.snapshot(home) == before)

        // Named agents only, by --from's names.
        let some = FilePath.join(out, "some")
        let two = run(["render", "--agents", "codex,claude-code", "--home", home, "--out", some, "--no-cache"])
        #expect(two.code == .ok, "\(two.err)")
        let named = Self.groups(try String(contentsOfFile: FilePath.join(some, "index.html"), encoding: .utf8))
        #expect(Set(named.map(\.name)) == ["Codex", "Every Code", "Claude Code"])  // Every Code is read as Codex
        #expect(Self.snapshot(home) == before)
    }

    @Test func anAgentsOwnFolderAndACopyOfAHomeAreReadAsInput() throws {
        let home = try Self.makeHome()
        let out = TestPaths.temporaryFolder("agents-input")
        defer {
            try? FileManager.default.removeItem(atPath: home)
            try? FileManager.default.removeItem(atPath: out)
        }
        let before = Self.snapshot(home)
        // ~/.claude: its sessions are in projects/, beside settings.json and todos/.
        let claude = run(["render", FilePath.join(home, ".claude"), "--out", FilePath.join(out, "claude"), "--no-cache"])
        #expect(claude.code == .ok, "\(claude.err)")
        #expect(claude.err.contains("(2 conversations"), "\(claude.err)")
        for folder in [".codex", ".gemini"] {
            let one = run(["render", FilePath.join(home, folder), "--out", FilePath.join(out, folder), "--no-cache"])
            #expect(one.code == .ok, "\(folder): \(one.err)")
            #expect(one.err.contains("(3 conversations"), "\(folder): \(one.err)")
        }
        // The home folder as a whole (a backup of one): every agent in its places, Aider and Crush
        // aside (they are looked for only under folders named with --in).
        let whole = run(["render", home, "--out", FilePath.join(out, "home"), "--no-cache"])
        #expect(whole.code == .ok, "\(whole.err)")
        let groups = Self.groups(try String(contentsOfFile: FilePath.join(out, "home/index.html"), encoding: .utf8))
        #expect(Set(groups.map(\.name)) == Set(Self.expected.map(\.title)).subtracting(["Aider", "Crush"]), "\(groups)")
        #expect(Self.snapshot(home) == before)
    }

    @Test func theAgentsOwnVariablesMoveTheirFolders() throws {
        let home = TestPaths.temporaryFolder("moved")
        let elsewhere = TestPaths.temporaryFolder("elsewhere")
        defer {
            try? FileManager.default.removeItem(atPath: home)
            try? FileManager.default.removeItem(atPath: elsewhere)
        }
        let fm = FileManager.default
        try fm.copyItem(atPath: TestPaths.fixture("import/codex/sessions"), toPath: FilePath.join(elsewhere, "codex/sessions"))
        try fm.createDirectory(atPath: FilePath.join(elsewhere, "data"), withIntermediateDirectories: true)
        try fm.copyItem(atPath: TestPaths.fixture("import/opencode/data"), toPath: FilePath.join(elsewhere, "data/opencode"))
        try fm.copyItem(atPath: TestPaths.fixture("import/gemini/tmp"), toPath: FilePath.join(elsewhere, "gemini-home/.gemini/tmp"))
        try fm.copyItem(atPath: TestPaths.fixture("import/claude-code/projects"), toPath: FilePath.join(home, "claude/projects"))
        let environment = AgentEnvironment(
            home: home,
            variables: [
                "CODEX_HOME": FilePath.join(elsewhere, "codex"), "XDG_DATA_HOME": FilePath.join(elsewhere, "data"),
                "GEMINI_CLI_HOME": FilePath.join(elsewhere, "gemini-home"), "CLAUDE_CONFIG_DIR": "~/claude",
            ], system: .linux)
        let found = AgentSurvey.find(in: environment)
        #expect(
            found.map { $0.folder } == [
                FilePath.join(home, "claude/projects"), FilePath.join(elsewhere, "codex/sessions"), FilePath.join(elsewhere, "gemini-home/.gemini/tmp"),
                FilePath.join(elsewhere, "data/opencode"),
            ])
        #expect(environment.shown(FilePath.join(home, "claude/projects")) == "~/claude/projects")
        // Where a variable is unset, the defaults: VS Code's settings differ by system.
        let mac = AgentEnvironment(home: "/Users/ana", system: .macOS)
        let cline = ClineReader().homes[0]
        #expect(cline.folders(in: mac).first == "/Users/ana/Library/Application Support/Code/User/globalStorage/saoudrizwan.claude-dev/tasks")
        #expect(
            cline.folders(in: AgentEnvironment(home: "/home/ana", system: .linux)).first
                == "/home/ana/.config/Code/User/globalStorage/saoudrizwan.claude-dev/tasks")
    }

    @Test func theOptionsOfAgentsAreChecked() {
        let wrong = run(["render", "--agents", "codx"])
        #expect(wrong.code == .usage)
        #expect(wrong.err.contains("\"codx\"") && wrong.err.contains("claude-code"))
        #expect(!wrong.err.contains("chatgpt"))
        let both = run(["render", "x.json", "--agents", "all"])
        #expect(both.code == .usage)
        let none = run(["render"])
        #expect(none.code == .usage && none.err.contains("--agents"))
        let stray = run(["render", "x.json", "--in", "."])
        #expect(stray.code == .usage && stray.err.contains("--in applies only with --agents"))
    }

    /// docs/importers.md says where each agent is looked for, from the readers themselves.
    @Test func theDocsListEveryAgentsPlaces() throws {
        let docs = try String(contentsOfFile: TestPaths.repo("docs/importers.md"), encoding: .utf8)
        #expect(
            docs.contains(AgentSurvey.markdownTable + "\n"),
            "docs/importers.md's table of agents' places is not the readers'; expected:\n\(AgentSurvey.markdownTable)")
    }
}
