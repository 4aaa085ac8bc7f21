import Foundation
import ChatModel
import ChatSupport

/// goose's sessions: its database (`~/.local/share/goose/sessions/sessions.db`), a session log
/// of the versions before it (`<id>.jsonl`, see ``GooseLog``), the `sessions` folder holding
/// either or both, or goose's data folder. Each session is a conversation, read once: one in
/// both the database and a log is the database's.
package struct GooseReader: ChatExportReader {
    package var name: String { "goose" }
    package var title: String { "goose" }
    package var inputHelp: String {
        "goose's sessions: its sessions.db (~/.local/share/goose/sessions/sessions.db), an older session log (ID.jsonl), "
            + "the sessions folder holding them, or goose's data folder"
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

    /// Whether a log's first records are goose's: its metadata line, then its messages.
    static func isLog(_ records: [JSONNode]) -> Bool {
        guard let first = records.first, GooseLog.isMetadata(first) else { return false }
        return records.dropFirst().first.map(GooseLog.isMessage) ?? (first["working_dir"] != nil)
    }

    package func recognise(_ input: InputProbe) -> Recognition? {
        switch input.kind {
        case .file:
            if Self.isLog(input.records) { return .certain("its first line is goose's session metadata, and its messages goose's") }
            guard input.head.starts(with: Array("SQLite format 3\0".utf8)), Self.isGooseDatabase(input.path) else { return nil }
            return .certain("it is a database with goose's sessions and messages (content_json) tables")
        case .folder:
            for entry in ["sessions.db", "sessions/sessions.db"] where input.entries.contains(entry) {
                if Self.isGooseDatabase(FilePath.join(input.path, entry)) { return .certain("it holds goose's \(entry)") }
            }
            let logs = input.entries.filter { $0.hasSuffix(".jsonl") && ($0.split(separator: "/").count == 1 || $0.hasPrefix("sessions/")) }
            for entry in logs.prefix(3) where Self.isLog(input.records(of: entry)) { return .certain("\(entry) is a goose session log") }
            return nil
        case .zip, .missing:
            return nil
        }
    }

    package func rendersAlone(_ path: String) -> Bool { false }

    package func read(_ path: String, options: ReadOptions) throws(DiagnosticError) -> ExportRead {
        let input = try GooseInput(path)
        var store = GooseStore()
        if let database = input.database { store = try GooseStore.read(database) }
        var warnings = store.warnings
        var errors: [Diagnostic] = []
        // A session in both is the database's: goose copied each log into it when it made it,
        // and went on writing there.
        var known = Set(store.sessions.map(\.id))
        for log in input.logs {
            do throws(DiagnosticError) {
                let (session, found) = try GooseLog.read(log)
                warnings += found
                guard known.insert(session.id).inserted else { continue }
                store.sessions.append(session)
            } catch {
                errors += error.diagnostics
            }
        }
        // In the order goose began them, whichever kept them.
        func start(_ session: GooseStore.Session) -> Int64 { session.created?.secondsSinceEpoch ?? .max }
        let order = store.sessions.indices.sorted { a, b in
            start(store.sessions[a]) != start(store.sessions[b]) ? start(store.sessions[a]) < start(store.sessions[b]) : a < b
        }
        store.sessions = order.map { store.sessions[$0] }
        let sessions = Dictionary(store.sessions.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        var unknown = UnknownKinds()
        unknown.unit = nil
        var graph = SubAgentGraph()
        var chats: [ImportedChat] = []
        func chat(_ session: GooseStore.Session) {
            graph.showAtTop(session.id)
            defer { graph.leave() }
            var built = GooseSession(file: path, cwd: session.workingDir)
            built.sessions = sessions
            built.graph = graph
            if let model = session.model { built.log.useModel(model) }
            built.log.unknown = unknown
            for message in session.messages { built.read(message) }
            unknown = built.log.unknown
            built.log.unknown = UnknownKinds()
            graph = built.graph
            let turns = built.finish(session)
            warnings += built.log.diagnostics
            if let chat = built.log.chat(turns, fallbackTitle: session.id) { chats.append(chat) }
        }
        // `hidden` sessions are goose's own work (naming a session, compacting): not the person's.
        // A sub-agent's shows where a call started it; one no call names is a page of its own, after.
        for session in store.sessions where session.type != "hidden" && session.type != "sub_agent" { chat(session) }
        for session in store.sessions where session.type == "sub_agent" && !graph.wasShown(session.id) { chat(session) }
        warnings +=
            unknown.warnings(file: path)
            + errors.map { error in
                var warning = error
                warning.severity = .warning
                warning.message += "; the session is left out"
                return warning
            }
        guard !chats.isEmpty else {
            throw DiagnosticError(errors.isEmpty ? [Diagnostic(file: path, message: "no goose session with a message in it")] : errors)
        }
        for k in chats.indices { chats[k].project = chats[k].project.map(FilePath.lastComponent) }
        return ExportRead(chats: chats, warnings: warnings)
    }
}
