import ChatModel

extension CodexReader {
    /// `~/.codex/sessions/YYYY/MM/DD/rollout-….jsonl` and the rollouts `/archive` moved to
    /// `archived_sessions/`, the folder moved by `CODEX_HOME`.
    package var homes: [AgentHome] {
        ["sessions", "archived_sessions"].map { folder in
            AgentHome(path: ".codex", variable: "CODEX_HOME", sessions: folder) { parts in
                guard let name = parts.last, Self.isRolloutName(String(name)) else { return nil }
                return AgentHome.whole(parts)
            }
        }
    }
}
