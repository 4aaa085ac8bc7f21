import Foundation
import ChatModel
import ChatSupport

/// Crush's sessions: the database it keeps in each project (`.crush/crush.db`), the `.crush`
/// folder, or the project folder holding it. Each session is a conversation; a sub-agent's
/// session (one with a `parent_session_id`) is shown at the call that started it.
package struct CrushReader: ChatExportReader {
    package var name: String { "crush" }
    package var title: String { "Crush" }
    package var inputHelp: String {
        "Crush's sessions: a project's .crush/crush.db, the .crush folder, or the project folder holding it"
    }
    package var inputNoun: String { "Crush sessions" }
    package var standardInputName: String { "crush.db" }
    package var readsFolders: Bool { true }

    package init() {}

    package func recognise(_ input: InputProbe) -> Recognition? {
        switch input.kind {
        case .file:
            guard input.head.starts(with: Array("SQLite format 3\0".utf8)), let schema = AgentDatabase.schema(at: input.path),
                schema["sessions"]?.contains("parent_session_id") == true, schema["messages"]?.contains("parts") == true
            else { return nil }
            return .certain("it is a database with Crush's sessions and messages tables")
        case .folder:
            if input.entries.contains("crush.db") { return .certain("it holds crush.db") }
            // A project folder: `.crush` is hidden, so not among the entries.
            if FileInput.isRegularFile(FilePath.join(FilePath.join(input.path, ".crush"), "crush.db")) { return .certain("it holds .crush/crush.db") }
            return nil
        case .zip, .missing:
            return nil
        }
    }

    package func rendersAlone(_ path: String) -> Bool { false }

    package func read(_ path: String, options: ReadOptions) throws(DiagnosticError) -> ExportRead {
        let database = try CrushStore.databasePath(path)
        let store = try CrushStore.read(database)
        let cwd = CrushStore.project(ofDatabase: database)
        let ids = Set(store.sessions.map(\.id))
        var children: [String: CrushStore.Session] = [:]
        // `title-<id>` sessions are Crush asking a model for a title: bookkeeping, not shown.
        let shown = store.sessions.filter { !($0.parentID != nil && $0.id.hasPrefix("title-")) }
        for session in shown { if let parent = session.parentID, ids.contains(parent) { children[session.id] = session } }
        var graph = SubAgentGraph()
        var unknown = UnknownKinds()
        unknown.unit = nil
        var tallies = TallyReader(file: path)
        var chats: [ImportedChat] = []
        var warnings = store.warnings
        func chat(_ session: CrushStore.Session) {
            graph.showAtTop(session.id)
            defer { graph.leave() }
            var built = CrushSession(file: path, cwd: cwd)
            built.log.unknown = unknown
            built.read(session, children: children, graph: &graph, depth: 0)
            unknown = built.log.unknown
            built.log.unknown = UnknownKinds()
            var turns = built.turns()
            warnings += built.log.diagnostics
            // Crush records the session's cost (its sub-agents' included) and its last call's
            // prompt and reply, the context after it: both on the last reply.
            if let last = turns.indices.last(where: { turns[$0].role == .assistant }) {
                func count(_ text: String?, _ key: String) -> Tally? {
                    tallies.count(text.flatMap { try? JSONParser.parse(Array($0.utf8)) }, path: "sessions[\(session.id)]." + key)
                }
                var usage = turns[last].usage ?? TokenUsage()
                let prompt = count(session.promptTokens, "prompt_tokens"), completion = count(session.completionTokens, "completion_tokens")
                if prompt != nil || completion != nil, (prompt ?? 0) + (completion ?? 0) > 0 { usage.context = (prompt ?? 0) + (completion ?? 0) }
                if let cost = session.cost, cost > 0, cost <= 1e9 { usage.recordedCost = cost }
                if usage != TokenUsage() { turns[last].usage = usage }
            }
            built.log.title = session.title.flatMap { $0.isEmpty || $0 == "New Session" ? nil : $0 }
            built.log.project = cwd
            if let first = CrushSession.date(session.created) { built.log.widenSpan(first) }
            if let end = CrushSession.date(session.updated) { built.log.widenSpan(end) }
            if let made = built.log.chat(turns, fallbackTitle: session.id) { chats.append(made) }
        }
        for session in shown where children[session.id] == nil { chat(session) }
        // A sub-agent no call names is a page of its own, after the others.
        for session in shown where children[session.id] != nil && !graph.wasShown(session.id) { chat(session) }
        warnings += unknown.warnings(file: path) + tallies.warnings
        guard !chats.isEmpty else {
            throw DiagnosticError(Diagnostic(file: path, message: "no Crush session with a message in it"))
        }
        for k in chats.indices { chats[k].project = chats[k].project.map(FilePath.lastComponent) }
        return ExportRead(chats: chats, warnings: warnings)
    }
}
