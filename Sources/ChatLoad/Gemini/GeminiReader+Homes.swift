import ChatModel

extension GeminiReader {
    /// `~/.gemini/tmp/PROJECT/chats/session-….json(l)` and the chats saved with `/chat save`
    /// (`tmp/PROJECT/checkpoint-TAG.json`); `GEMINI_CLI_HOME` stands for the home folder.
    package var homes: [AgentHome] {
        [
            AgentHome(path: ".gemini", homeVariable: "GEMINI_CLI_HOME", sessions: "tmp") { parts in
                guard let name = parts.last, name.hasSuffix(".json") || name.hasSuffix(".jsonl") else { return nil }
                if parts.count == 3, parts[1] == "chats", name.hasPrefix("session-") { return AgentHome.whole(parts) }
                if parts.count == 2, name.hasPrefix("checkpoint-") { return AgentHome.whole(parts) }
                return nil
            }
        ]
    }
}
