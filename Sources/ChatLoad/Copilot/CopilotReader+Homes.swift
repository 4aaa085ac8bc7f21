import ChatModel

extension CopilotReader {
    /// `~/.copilot/session-state/ID/events.jsonl`, or an older `ID.jsonl`; `COPILOT_HOME` moves
    /// the folder.
    package var homes: [AgentHome] {
        [
            AgentHome(path: ".copilot", variable: "COPILOT_HOME", sessions: "session-state") { parts in
                if parts.count == 2, parts[1] == "events.jsonl" { return .session(String(parts[0])) }
                if parts.count == 1, parts[0].hasSuffix(".jsonl") { return .session(String(parts[0].dropLast(".jsonl".count))) }
                return nil
            }
        ]
    }
}
