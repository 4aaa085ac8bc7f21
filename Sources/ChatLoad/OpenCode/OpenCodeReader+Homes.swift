import ChatModel

extension OpenCodeReader {
    /// `$XDG_DATA_HOME/opencode` (`~/.local/share/opencode`, on macOS too): `opencode.db` from
    /// 1.2 on, and the JSON storage before it (`storage/session/PROJECT/ses_….json`).
    package var homes: [AgentHome] {
        [
            AgentHome(base: .dataHome, path: "opencode") { parts in
                if parts == ["opencode.db"] { return .database }
                guard parts.count == 4, parts[0] == "storage", parts[1] == "session", parts[3].hasSuffix(".json") else { return nil }
                return AgentHome.whole(parts)
            }
        ]
    }
}
