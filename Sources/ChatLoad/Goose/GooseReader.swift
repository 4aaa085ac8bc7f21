import Foundation
import ChatModel
import ChatSupport

/// goose's sessions: its database (`~/.local/share/goose/sessions/sessions.db`), the `sessions`
/// folder holding it, or goose's data folder. Each session is a conversation.
package struct GooseReader: ChatExportReader {
    package var name: String { "goose" }
    package var title: String { "goose" }
    package var inputHelp: String {
        "goose's sessions: its sessions.db (~/.local/share/goose/sessions/sessions.db), the sessions folder holding it, or goose's data folder"
    }
    package var inputNoun: String { "goose sessions" }
    package var standardInputName: String { "sessions.db" }
    package var readsFolders: Bool { true }

    package init() {}

    /// Whether the database at `path` has goose's tables.
    static func isGooseDatabase(_ path: String) -> Bool {
        guard let schema = AgentDatabase.schema(at: path) else { return false }
        return schema["sessions"]?.contains("working_dir") == true && schema["messages"]?.contains("content_json") == true
    }

    package func recognise(_ input: InputProbe) -> Recognition? {
        switch input.kind {
        case .file:
            guard input.head.starts(with: Array("SQLite format 3\0".utf8)), Self.isGooseDatabase(input.path) else { return nil }
            return .certain("it is a database with goose's sessions and messages (content_json) tables")
        case .folder:
            for entry in ["sessions.db", "sessions/sessions.db"] where input.entries.contains(entry) {
                if Self.isGooseDatabase(FilePath.join(input.path, entry)) { return .certain("it holds goose's \(entry)") }
            }
            return nil
        case .zip, .missing:
            return nil
        }
    }

    package func rendersAlone(_ path: String) -> Bool { false }

    package func read(_ path: String, options: ReadOptions) throws(DiagnosticError) -> ExportRead {
        let database = try GooseStore.databasePath(path)
        let store = try GooseStore.read(database)
        var warnings = store.warnings
        var unknown = UnknownKinds()
        unknown.unit = nil
        var tallies = TallyReader(file: path)
        var chats: [ImportedChat] = []
        // `hidden` sessions are goose's own work (naming a session, compacting): not the person's.
        for session in store.sessions where session.type != "hidden" {
            var built = GooseSession(file: path, cwd: session.workingDir)
            if let model = session.model { built.log.useModel(model) }
            built.log.unknown = unknown
            for message in session.messages { built.read(message) }
            unknown = built.log.unknown
            built.log.unknown = UnknownKinds()
            var turns = built.turns()
            warnings += built.log.diagnostics
            // goose keeps the session's tokens (`accumulated_*`), not each reply's: the header's,
            // and the last reply's, so a site's totals count them once.
            func count(_ text: String?, _ key: String) -> Tally {
                tallies.count(text.flatMap { try? JSONParser.parse(Array($0.utf8)) }, path: "sessions[\(session.id)]." + key) ?? 0
            }
            let usage = TokenUsage(input: count(session.inputTokens, "input_tokens"), output: count(session.outputTokens, "output_tokens"))
            if !usage.total.isZero, let last = turns.indices.last(where: { turns[$0].role == .assistant }) {
                built.log.tokens = usage
                turns[last].usage = (turns[last].usage ?? TokenUsage()).adding(usage)
            }
            built.log.title = session.name
            built.log.project = session.workingDir
            if let first = session.created { built.log.widenSpan(first) }
            if let end = session.updated { built.log.widenSpan(end) }
            if let chat = built.log.chat(turns, fallbackTitle: session.id) { chats.append(chat) }
        }
        warnings += unknown.warnings(file: path) + tallies.warnings
        guard !chats.isEmpty else {
            throw DiagnosticError(Diagnostic(file: path, message: "no goose session with a message in it"))
        }
        for k in chats.indices { chats[k].project = chats[k].project.map(FilePath.lastComponent) }
        return ExportRead(chats: chats, warnings: warnings)
    }
}
