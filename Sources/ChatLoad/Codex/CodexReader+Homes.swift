import ChatModel

extension CodexReader {
    /// `~/.codex/sessions/YYYY/MM/DD/rollout-….jsonl` and the rollouts `/archive` moved to
    /// `archived_sessions/`, the folder moved by `CODEX_HOME`.
    /// Every Code, a fork, writes the same rollouts under `~/.code` (moved by `CODE_HOME`).
    package var homes: [AgentHome] {
        [(nil, ".codex", "CODEX_HOME"), ("Every Code", ".code", "CODE_HOME")].flatMap { title, home, variable in
            ["sessions", "archived_sessions"].map { folder in
                AgentHome(title: title, path: home, variable: variable, sessions: folder) { parts in
                    guard let name = parts.last, Self.isRolloutName(String(name)) else { return nil }
                    return AgentHome.whole(parts)
                }
            }
        }
    }
}
