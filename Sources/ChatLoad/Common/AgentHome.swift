import ChatModel

/// Where one agent keeps its sessions on a machine, as the agent itself decides it: a folder
/// under a base (the home folder, an XDG folder, an editor's settings folder), moved whole when
/// the agent's own variable is set (`CODEX_HOME`), and the part of it a reader reads
/// (`sessions`). A reader lists its agent's in ``ChatExportReader/homes``; `chatrender agents`
/// and `render --agents` resolve them against an ``AgentEnvironment``, so nothing here reads the
/// process's environment or home folder (tests point them at a fake home).
package struct AgentHome: Sendable {
    /// The folder a home is found under before its own path is added.
    package enum Base: Sendable, Equatable {
        /// The home folder (`~/.codex`).
        case home
        /// `$XDG_DATA_HOME`, by default `~/.local/share` (opencode, goose).
        case dataHome
        /// `$XDG_CONFIG_HOME`, by default `~/.config`.
        case configHome
        /// `$XDG_STATE_HOME`, by default `~/.local/state`.
        case stateHome
        /// Where VS Code and its forks keep their settings: `$XDG_CONFIG_HOME` (`~/.config`) on
        /// Linux, `~/Library/Application Support` on macOS.
        case editorSettings
        /// Each project folder under the folders the person names (`agents --in ~/src`): for an
        /// agent that keeps its history in the repository (`.aider.chat.history.md`,
        /// `.crush/crush.db`), where walking the whole home folder would be slow and surprising.
        case projects
    }

    /// The name people call the agent by, when it is not the reader's title ("Roo Code", read
    /// by the Cline reader).
    package var title: String?
    /// The folder's base.
    package var base: Base
    /// The agent's folder under the base (`.codex`), or under each of ``editors``
    /// (`User/globalStorage/saoudrizwan.claude-dev`).
    package var path: String
    /// For an editor's extension: the editors (VS Code and its forks) whose settings folders may
    /// hold it (`Code`, `VSCodium`), each under the base; empty for an agent of its own.
    package var editors: [String]
    /// The agent's variable naming its folder, used instead of base and path when set
    /// (`CODEX_HOME`, `CLAUDE_CONFIG_DIR`).
    package var variable: String?
    /// The agent's variable naming the home folder it uses instead of the person's
    /// (`GEMINI_CLI_HOME`): base and path are then taken under it.
    package var homeVariable: String?
    /// What the reader reads, under the agent's folder (`sessions`, `projects`); empty for the
    /// folder itself.
    package var sessions: String
    /// Which session a file belongs to, from its path relative to ``sessions`` split at `/`;
    /// nil for a file that is no session's (settings, indexes). Files of one session (a
    /// sub-agent's log beside its parent's) answer the same key, so the session counts once.
    package var session: @Sendable ([Substring]) -> SessionFile?

    package init(
        title: String? = nil, base: Base = .home, editors: [String] = [], path: String, variable: String? = nil, homeVariable: String? = nil,
        sessions: String = "",
        session: @escaping @Sendable ([Substring]) -> SessionFile?
    ) {
        self.title = title
        self.base = base
        self.editors = editors
        self.path = path
        self.variable = variable
        self.homeVariable = homeVariable
        self.sessions = sessions
        self.session = session
    }

    /// The agent's folder under the base, once per editor for an extension.
    package var paths: [String] { editors.isEmpty ? [path] : editors.map { FilePath.join($0, path) } }

    /// The folders the reader reads on a machine described by `environment` (one, or one per editor).
    package func folders(in environment: AgentEnvironment) -> [String] {
        if let variable, let moved = environment.value(variable) {
            return [sessions.isEmpty ? moved : FilePath.join(moved, sessions)]
        }
        var copy = environment
        if let homeVariable, let home = environment.value(homeVariable) { copy.home = home }
        return paths.map { path in
            let agent = FilePath.join(copy.folder(for: base), path)
            return sessions.isEmpty ? agent : FilePath.join(agent, sessions)
        }
    }

    /// What a file under ``sessions`` is to the count.
    package enum SessionFile: Sendable, Equatable {
        /// A file of the session with this key (its relative path, or its folder's).
        case session(String)
        /// A database holding many sessions (opencode.db, sessions.db): counting them would mean
        /// reading it, so the count is left unknown.
        case database
    }

    /// The key of a file that is a session by itself: its whole relative path.
    package static func whole(_ parts: [Substring]) -> SessionFile { .session(parts.joined(separator: "/")) }

    /// A file whose name ends with one of `suffixes`, at `depth` folders below the sessions
    /// folder (0: in it), is a session of its own.
    package static func files(_ suffixes: [String], depth: Int, prefix: String = "") -> @Sendable ([Substring]) -> SessionFile? {
        { parts in
            guard parts.count == depth + 1, let name = parts.last, name.hasPrefix(prefix),
                suffixes.contains(where: { name.hasSuffix($0) })
            else { return nil }
            return whole(parts)
        }
    }
}

/// The machine `chatrender agents` looks at: the home folder and the variables that move an
/// agent's folder. Made once, where the program starts (``current``); a test makes its own.
package struct AgentEnvironment: Sendable {
    /// The operating systems whose folders differ.
    package enum System: Sendable, Equatable { case linux, macOS }

    /// The home folder (`~`).
    package var home: String
    /// The variables that matter (`CODEX_HOME`, `XDG_DATA_HOME`, …); others are not looked at.
    package var variables: [String: String]
    package var system: System

    package init(home: String, variables: [String: String] = [:], system: System = .current) {
        self.home = home
        self.variables = variables
        self.system = system
    }

    /// A variable's value, when set and not empty; `~/` at its start is the home folder.
    package func value(_ name: String) -> String? {
        guard let raw = variables[name], !raw.isEmpty else { return nil }
        if raw == "~" { return home }
        if raw.hasPrefix("~/") { return FilePath.join(home, String(raw.dropFirst(2))) }
        return raw
    }

    /// The folder a base stands for here.
    package func folder(for base: AgentHome.Base) -> String {
        switch base {
        case .home: return home
        case .dataHome: return value("XDG_DATA_HOME") ?? FilePath.join(home, ".local/share")
        case .configHome: return value("XDG_CONFIG_HOME") ?? FilePath.join(home, ".config")
        case .stateHome: return value("XDG_STATE_HOME") ?? FilePath.join(home, ".local/state")
        case .editorSettings:
            return system == .macOS ? FilePath.join(home, "Library/Application Support") : folder(for: .configHome)
        case .projects: return home
        }
    }

    /// `path` with the home folder shown as `~`, for people.
    package func shown(_ path: String) -> String {
        guard !home.isEmpty, home != "/" else { return path }
        let base = home.hasSuffix("/") ? String(home.dropLast()) : home
        if path == base { return "~" }
        if path.hasPrefix(base + "/") { return "~" + path.dropFirst(base.count) }
        return path
    }

    /// A home folder copied elsewhere (a backup): the agents' default places under `folder`,
    /// none of the variables followed (they name this machine's folders, not the copy's).
    package func copy(at folder: String) -> AgentEnvironment {
        AgentEnvironment(home: folder, variables: [:], system: system)
    }
}

extension AgentEnvironment.System {
    /// The system this program was built for.
    package static var current: AgentEnvironment.System {
        #if os(macOS)
        return .macOS
        #else
        return .linux
        #endif
    }
}
