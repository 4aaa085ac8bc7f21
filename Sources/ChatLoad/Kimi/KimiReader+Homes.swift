import ChatModel

extension KimiReader {
    /// `~/.kimi/sessions/HASH/ID/` (its `wire.jsonl` and `context.jsonl`, a folder a session),
    /// the folder moved by `KIMI_SHARE_DIR`.
    package var homes: [AgentHome] {
        [
            AgentHome(path: ".kimi", variable: "KIMI_SHARE_DIR", sessions: "sessions") { parts in
                guard parts.count == 3, parts[2] == "wire.jsonl" || parts[2] == "context.jsonl" else { return nil }
                return .session(parts[0] + "/" + parts[1])
            }
        ]
    }
}
