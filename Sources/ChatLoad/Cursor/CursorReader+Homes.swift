import ChatModel

extension CursorReader {
    /// The agent's transcripts (`~/.cursor/projects/WORKSPACE/agent-transcripts/ID.jsonl`, `ID.txt`
    /// or `ID/ID.jsonl`; a sub-agent's under `ID/subagents/` is part of its parent), and the
    /// editor's chats in its `globalStorage/state.vscdb`, a database.
    package var homes: [AgentHome] {
        [
            AgentHome(path: ".cursor", sessions: "projects") { parts in
                guard parts.count >= 3, parts[1] == "agent-transcripts", let name = parts.last else { return nil }
                if parts.count == 3, name.hasSuffix(".jsonl") || name.hasSuffix(".txt") {
                    return .session(parts[0] + "/" + FilePath.stem(String(name)))
                }
                if parts.count == 4, name == parts[2] + ".jsonl" { return .session(parts[0] + "/" + parts[2]) }
                return nil
            },
            AgentHome(base: .editorSettings, editors: ["Cursor"], path: "User/globalStorage/state.vscdb") { parts in
                parts.last == "state.vscdb" ? .database : nil
            },
        ]
    }
}
