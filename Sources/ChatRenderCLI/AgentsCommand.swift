import ChatRender
import Foundation

/// `chatrender agents`: what this machine holds, agent by agent, found in each agent's own
/// places; and the options `render --agents` shares with it.
enum AgentsCommand {
    static let json = Option.flag(
        "--json",
        help: "print the list as JSON for scripts: {\"home\", \"agents\": [{\"name\", \"from\", \"folder\", \"sessions\", \"bytes\", "
            + "\"newest\"}]}; sessions is null for a database (not opened to count), newest is an ISO 8601 time in UTC or null")
    static let inFolder = Option.value(
        "--in", valueName: "DIR",
        help: "also look in the projects under DIR (at most 6 folders deep, hidden folders and node_modules passed over) for the "
            + "agents that keep their history in the repository: Aider (.aider.chat.history.md) and Crush (.crush/crush.db)",
        repeatable: true, kind: .folder, read: OptionReader.folder)
    static let home = Option.value(
        "--home", valueName: "DIR",
        help: "look in DIR as the home folder (a copy of one, a backup) instead of this machine's; the agents' variables "
            + "(CODEX_HOME, XDG_DATA_HOME, …) are then not followed",
        kind: .folder, read: OptionReader.folder)

    static let command = Command(
        path: ["agents"],
        summary: "list the agents' sessions on this machine, found in their own places",
        synopsis: ["agents [--in DIR]… [--home DIR] [--json]"],
        about: [
            "Looks where each agent keeps its sessions (following the agent's own variables: CLAUDE_CONFIG_DIR, CODEX_HOME, "
                + "COPILOT_HOME, GEMINI_CLI_HOME, KIMI_SHARE_DIR, PI_CODING_AGENT_DIR, CONTINUE_GLOBAL_DIR, "
                + "OPENCLAW_STATE_DIR, XDG_DATA_HOME, XDG_CONFIG_HOME) and prints, per agent found, its name, its folder, "
                + "the number of sessions, their size and the newest one's date. Only names and file sizes and dates are "
                + "read: no session is opened and nothing is written. Render them all into one site with "
                + "chatrender render --agents all."
        ],
        groups: [OptionGroup("OPTIONS", [json.option, inFolder.option, home.option, SharedOptions.help.option])],
        exitCodes: [.ok, .usage],
        run: run)

    /// The machine to look at: `--home`, or this process's home folder and variables.
    static func environment(_ parsed: ParsedArguments) -> AgentEnvironment {
        if let folder = parsed[home] { return AgentEnvironment(home: absolute(folder)) }
        let variables = ProcessInfo.processInfo.environment
        return AgentEnvironment(home: variables["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory(), variables: variables)
    }

    /// `path` made absolute against the current folder, so the list names folders that can be found.
    static func absolute(_ path: String) -> String {
        let trimmed = path.count > 1 && path.hasSuffix("/") ? String(path.dropLast()) : path
        return trimmed.hasPrefix("/") ? trimmed : FilePath.join(FileManager.default.currentDirectoryPath, trimmed)
    }

    /// Every agent found for the command line's `--home` and `--in`.
    static func found(_ parsed: ParsedArguments) -> (AgentEnvironment, [FoundAgent]) {
        let environment = environment(parsed)
        return (environment, AgentSurvey.find(in: environment, projects: parsed.all(inFolder).map(absolute)))
    }

    static func run(_ parsed: ParsedArguments, output: CLI.Output) -> CLI.ExitCode {
        let (environment, agents) = found(parsed)
        if parsed.has(json) {
            output.out(jsonText(agents, home: environment.home))
            return .ok
        }
        guard !agents.isEmpty else {
            output.err(
                "no agent's sessions found in their places under \(environment.home)\(parsed.has(inFolder.option) ? " or the folders given with --in" : "")\n")
            return .ok
        }
        output.out(table(agents, environment: environment))
        return .ok
    }

    /// The list as a table, columns aligned, a line of totals under it.
    static func table(_ agents: [FoundAgent], environment: AgentEnvironment) -> String {
        let dates = DateFormatter()
        dates.locale = Locale(identifier: "en_US_POSIX")
        dates.dateFormat = "yyyy-MM-dd"
        var rows = [["AGENT", "SESSIONS", "SIZE", "NEWEST", "FOLDER"]]
        for agent in agents {
            rows.append([
                agent.title, agent.sessions.map(String.init) ?? "—", ByteCountFormat.string(agent.bytes),
                agent.newest.map { dates.string(from: Date(timeIntervalSince1970: TimeInterval($0))) } ?? "—", environment.shown(agent.folder),
            ])
        }
        let widths = (0..<5).map { column in rows.map { $0[column].count }.max() ?? 0 }
        var text = ""
        for row in rows {
            var cells: [String] = []
            for (column, cell) in row.enumerated() {
                let pad = String(repeating: " ", count: widths[column] - cell.count)
                // Numbers are right-aligned, so their digits line up; the last column is not padded.
                cells.append(column == 1 || column == 2 ? pad + cell : column == 4 ? cell : cell + pad)
            }
            text += cells.joined(separator: "  ") + "\n"
        }
        let counted = agents.compactMap(\.sessions).reduce(0, +)
        let bytes = agents.map(\.bytes).reduce(0, +)
        text +=
            "\n\(CLI.count(agents.count, "folder")) of \(CLI.count(Set(agents.map(\.title)).count, "agent")), "
            + "\(CLI.count(counted, "session")), \(ByteCountFormat.string(bytes))"
        if agents.contains(where: { $0.sessions == nil }) { text += " (— : sessions in a database, counted when rendered)" }
        return text + "\n"
    }

    /// The list as JSON (see ``json``'s help for its fields).
    static func jsonText(_ agents: [FoundAgent], home: String) -> String {
        let times = ISO8601DateFormatter()
        times.timeZone = TimeZone(identifier: "UTC")
        let list: [[String: Any]] = agents.map { agent in
            [
                "name": agent.title, "from": agent.reader, "folder": agent.folder,
                "sessions": agent.sessions.map { $0 as Any } ?? NSNull(), "bytes": agent.bytes,
                "newest": agent.newest.map { times.string(from: Date(timeIntervalSince1970: TimeInterval($0))) as Any } ?? NSNull(),
            ]
        }
        let object: [String: Any] = ["home": home, "agents": list]
        guard let data = try? JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
        else { return "{}\n" }
        return String(decoding: data, as: UTF8.self) + "\n"
    }

    // MARK: - render --agents

    /// `--agents all`, or `--agents codex,cursor`: the `--from` names of the agents to render.
    static let agents = Option.value(
        "--agents", valueName: "NAMES",
        help: "render the sessions of every agent found in its own places (all), or of those named, with --from's names "
            + "joined by commas (codex,cursor,claude-code), into one site grouped agent → project → month; takes no INPUT "
            + "(see chatrender help agents; with --in and --home as there)",
        kind: .oneOf(["all"] + ExportReaders.all.filter { !$0.homes.isEmpty }.map(\.name)),
        read: { name, raw in
            let names = raw.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces).lowercased() }.filter { !$0.isEmpty }
            let known = ExportReaders.all.filter { !$0.homes.isEmpty }.map(\.name)
            if names == ["all"] { return .success(known) }
            if let wrong = names.isEmpty ? raw : names.first(where: { !known.contains($0) }) {
                return .failure(OptionValueProblem("\(name) takes all or agents' names joined by commas (\(known.joined(separator: ", "))), not \"\(wrong)\""))
            }
            return .success(names)
        })
}
