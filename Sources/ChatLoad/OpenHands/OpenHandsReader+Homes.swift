import ChatModel

extension OpenHandsReader {
    /// `~/.openhands/conversations/ID/` (the software agent SDK's layout) and the first
    /// releases' `~/.openhands/sessions/ID/`: a folder a conversation, every file in it (events,
    /// a sub-agent's folder) part of it.
    package var homes: [AgentHome] {
        ["conversations", "sessions"].map { folder in
            AgentHome(path: ".openhands", sessions: folder) { parts in
                parts.count >= 2 ? .session(String(parts[0])) : nil
            }
        }
    }
}
