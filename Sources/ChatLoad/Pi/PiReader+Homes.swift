import ChatModel

extension PiReader {
    /// Pi's sessions (`~/.pi/agent/sessions/--CWD--/TIME_ID.jsonl`, the folder moved by
    /// `PI_CODING_AGENT_DIR`), Oh My Pi's (`~/.omp/agent/sessions/…`) and OpenClaw's
    /// (`~/.openclaw/agents/AGENT/sessions/ID.jsonl`, moved by `OPENCLAW_STATE_DIR`).
    package var homes: [AgentHome] {
        let session = AgentHome.files([".jsonl"], depth: 1)
        return [
            AgentHome(path: ".pi/agent", variable: "PI_CODING_AGENT_DIR", sessions: "sessions", session: session),
            AgentHome(title: "Oh My Pi", path: ".omp/agent", sessions: "sessions", session: session),
            AgentHome(title: "OpenClaw", path: ".openclaw", variable: "OPENCLAW_STATE_DIR", sessions: "agents") { parts in
                guard parts.count == 3, parts[1] == "sessions", parts[2].hasSuffix(".jsonl") else { return nil }
                return AgentHome.whole(parts)
            },
        ]
    }
}
