import ChatModel

extension CrushReader {
    /// Crush keeps a project's sessions in the project (`.crush/crush.db`), a database: found
    /// under the folders a person names, like Aider's.
    package var homes: [AgentHome] {
        [AgentHome(base: .projects, path: ".crush/crush.db") { _ in .database }]
    }
}
