import ChatModel

extension ClaudeCodeReader {
    /// `~/.claude/projects/PROJECT/ID.jsonl`, the folder moved by `CLAUDE_CONFIG_DIR`. A
    /// sub-agent's log (`ID/subagents/agent-….jsonl`, or an older `agent-….jsonl` beside the
    /// sessions) is part of its parent, not a session of its own.
    package var homes: [AgentHome] {
        [
            AgentHome(path: ".claude", variable: "CLAUDE_CONFIG_DIR", sessions: "projects") { parts in
                guard parts.count == 2, parts[1].hasSuffix(".jsonl"), !parts[1].hasPrefix("agent-") else { return nil }
                return AgentHome.whole(parts)
            }
        ]
    }
}
