import ChatModel

extension DroidReader {
    /// `~/.factory/sessions/PROJECT/ID.jsonl` (its `ID.settings.json` beside it).
    package var homes: [AgentHome] {
        [AgentHome(path: ".factory", sessions: "sessions", session: AgentHome.files([".jsonl"], depth: 1))]
    }
}
