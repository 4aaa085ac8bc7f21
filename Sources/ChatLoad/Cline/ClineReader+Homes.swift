import ChatModel

extension ClineReader {
    /// The editors whose settings folder may hold the extensions' tasks.
    static let editors = ["Code", "Code - Insiders", "VSCodium", "Cursor", "Windsurf"]
    /// The extensions read, by their folder in `globalStorage`, and what people call them.
    static let extensions = [
        ("saoudrizwan.claude-dev", "Cline"), ("rooveterinaryinc.roo-cline", "Roo Code"), ("kilocode.kilo-code", "Kilo Code"),
    ]

    /// Each extension's tasks in each editor's `globalStorage` (`EXTENSION/tasks/ID/`, a folder a
    /// task), and the Cline CLI's sessions (`~/.cline/data/sessions/ID/`).
    package var homes: [AgentHome] {
        let task: @Sendable ([Substring]) -> AgentHome.SessionFile? = { parts in
            guard parts.count == 2, parts[1] == "api_conversation_history.json" || parts[1] == "ui_messages.json" else { return nil }
            return .session(String(parts[0]))
        }
        var homes = Self.extensions.map { folder, title in
            AgentHome(title: title, base: .editorSettings, editors: Self.editors, path: "User/globalStorage/\(folder)", sessions: "tasks", session: task)
        }
        homes.append(
            AgentHome(path: ".cline/data", sessions: "sessions") { parts in
                guard parts.count == 2, parts[1].hasSuffix(".json") else { return nil }
                return .session(String(parts[0]))
            })
        return homes
    }
}
