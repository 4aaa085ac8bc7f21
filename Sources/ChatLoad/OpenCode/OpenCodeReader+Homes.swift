import ChatModel

extension OpenCodeReader {
    /// `$XDG_DATA_HOME/opencode` (`~/.local/share/opencode`, on macOS too): `opencode.db` from
    /// 1.2 on, and the JSON storage before it (`storage/session/PROJECT/ses_….json`).
    /// Kilo Code's CLI keeps the same store in `$XDG_DATA_HOME/kilo` (`kilo.db`).
    package var homes: [AgentHome] {
        [(nil, "opencode", "opencode.db"), ("Kilo Code", "kilo", "kilo.db")].map { title, folder, database in
            AgentHome(title: title, base: .dataHome, path: folder) { parts in
                if parts.count == 1, parts[0] == database { return .database }
                guard parts.count == 4, parts[0] == "storage", parts[1] == "session", parts[3].hasSuffix(".json") else { return nil }
                return AgentHome.whole(parts)
            }
        }
    }
}
