import ChatModel

extension ZedReader {
    /// `$XDG_DATA_HOME/zed/threads/threads.db` (`~/.local/share/zed/threads`): the agent panel's
    /// threads, all in one database.
    package var homes: [AgentHome] {
        [
            AgentHome(base: .dataHome, path: "zed", sessions: "threads") { parts in
                parts == ["threads.db"] ? .database : nil
            }
        ]
    }
}
