import ChatModel

extension GooseReader {
    /// `$XDG_DATA_HOME/goose/sessions` (`~/.local/share/goose/sessions`): `sessions.db`, a
    /// database, and the `.jsonl` sessions of earlier versions.
    package var homes: [AgentHome] {
        [
            AgentHome(base: .dataHome, path: "goose", sessions: "sessions") { parts in
                guard parts.count == 1 else { return nil }
                if parts[0] == "sessions.db" { return .database }
                return parts[0].hasSuffix(".jsonl") ? AgentHome.whole(parts) : nil
            }
        ]
    }
}
