import ChatModel

extension ContinueReader {
    /// `~/.continue/sessions/ID.json` (`sessions.json` is their index), the folder moved by
    /// `CONTINUE_GLOBAL_DIR`.
    package var homes: [AgentHome] {
        [
            AgentHome(path: ".continue", variable: "CONTINUE_GLOBAL_DIR", sessions: "sessions") { parts in
                guard parts.count == 1, parts[0].hasSuffix(".json"), parts[0] != "sessions.json" else { return nil }
                return AgentHome.whole(parts)
            }
        ]
    }
}
