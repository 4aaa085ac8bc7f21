import ChatModel

extension AiderReader {
    /// Aider writes its history into the repository it works in, so it is found only in the
    /// project folders under the folders a person names (`agents --in ~/src`); a history file,
    /// which may hold several sessions, counts as one.
    package var homes: [AgentHome] {
        [AgentHome(base: .projects, path: Self.history, session: AgentHome.files([Self.history], depth: 0))]
    }
}
