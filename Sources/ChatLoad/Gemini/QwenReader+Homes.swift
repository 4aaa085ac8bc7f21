import ChatModel

extension QwenReader {
    /// `~/.qwen/projects/PROJECT/chats/ID.jsonl`, and the older `~/.qwen/tmp/HASH/chats/session-….json`.
    package var homes: [AgentHome] {
        [
            AgentHome(path: ".qwen") { parts in
                guard parts.count == 4, parts[2] == "chats", let name = parts.last else { return nil }
                if parts[0] == "projects", name.hasSuffix(".jsonl") { return AgentHome.whole(parts) }
                if parts[0] == "tmp", name.hasPrefix("session-"), name.hasSuffix(".json") { return AgentHome.whole(parts) }
                return nil
            }
        ]
    }
}
