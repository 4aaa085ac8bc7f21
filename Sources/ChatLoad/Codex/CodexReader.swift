import Foundation
import ChatModel
import ChatSupport

/// OpenAI Codex CLI sessions: one rollout (`rollout-<time>-<id>.jsonl`, or the one JSON document
/// `rollout-<date>-<id>.json` of the first TypeScript releases and their forks), or a folder of
/// them (`~/.codex/sessions`, a year, a month or a day of it), each rollout one conversation. A
/// sub-agent's rollout (its `session_meta.source.subagent` names the thread that spawned it) is
/// shown inside its parent, at the `spawn_agent` call that started it, when the parent is read
/// too; alone, it is a page of its own. Forks that keep Codex's rollouts under a home of their
/// own (``forks``) are read the same, each session named after the fork that wrote it.
package struct CodexReader: ChatExportReader {
    package var name: String { "codex" }
    package var title: String { "Codex" }
    package var inputHelp: String {
        "an OpenAI Codex CLI session (rollout-….jsonl, or rollout-….json of the first releases), or a folder of them (~/.codex/sessions, or a year, month or day in it); "
            + "Every Code's the same (~/.code/sessions)"
    }
    package var inputNoun: String { "Codex session" }
    package var standardInputName: String { "rollout.jsonl" }
    package var readsFolders: Bool { true }

    package init() {}

    /// Codex's forks that write its rollouts, each under a home folder of its own (its
    /// `sessions/YYYY/MM/DD/` as Codex's): the folder's name, and the agent as people call it.
    /// A session is told to be a fork's only by where it lives (its records are Codex's).
    static let forks: [(home: String, title: String)] = [
        // just-every/code: `~/.code` (or `$CODE_HOME`, which a path cannot tell).
        (".code", "Every Code")
    ]

    /// The fork whose home `path` lies in (a folder of that name that is the path's end or holds
    /// its `sessions`); nil for Codex's own.
    static func fork(of path: String) -> String? {
        let parts = path.split(separator: "/")
        for (index, part) in parts.enumerated() {
            guard let fork = forks.first(where: { $0.home == part }) else { continue }
            if index == parts.count - 1 || parts[index + 1] == "sessions" { return fork.title }
        }
        return nil
    }

    /// `chat` of the rollout at `path`, named after the fork that wrote it when a fork did: in the
    /// header beside its version (or as its agent), and as the agent a site groups it under.
    static func named(_ chat: ImportedChat?, path: String) -> ImportedChat? {
        guard var chat, let fork = fork(of: path) else { return chat }
        if let at = chat.facts.firstIndex(where: { $0.label == "Codex" }) {
            chat.facts[at] = ConversationFact(label: fork, value: chat.facts[at].value)
        } else {
            chat.facts.insert(ConversationFact(label: "Agent", value: fork), at: 0)
        }
        chat.agent = fork
        return chat
    }

    /// A line only Codex writes: `session_meta`, or a `response_item`/`event_msg`/`turn_context`
    /// wrapper with its payload; in the first releases, a bare meta line with `instructions`.
    static func isRolloutRecord(_ record: JSONNode) -> Bool {
        switch InputProbe.string(record, "type") {
        case "session_meta": return record["payload"] != nil
        case "response_item", "event_msg", "turn_context", "compacted": return record["payload"] != nil && record["timestamp"] != nil
        case nil: return record["id"] != nil && record["timestamp"] != nil && record["instructions"] != nil
        default: return false
        }
    }

    /// A rollout's name: `rollout-….jsonl`, or `rollout-….json` (one document, first releases).
    static func isRolloutName(_ name: String) -> Bool {
        name.hasPrefix("rollout-") && (name.hasSuffix(".jsonl") || name.hasSuffix(".json"))
    }

    /// Whether a document's beginning is a rollout of the first TypeScript releases (or a fork's):
    /// an object with a `session` that has an `id`, and an `items` list.
    static func isDocument(_ shape: JSONShape) -> Bool {
        shape.root == UInt8(ascii: "{") && shape.has("session.id") && shape.has("items")
            && (shape.has("session.timestamp") || shape.has("session.instructions")) && !shape.has("messages")
    }

    package func recognise(_ input: InputProbe) -> Recognition? {
        switch input.kind {
        case .file:
            if Self.isDocument(input.shape) { return .certain("it is a session and its items, as the first Codex releases saved them") }
            guard let first = input.records.first, Self.isRolloutRecord(first) else { return nil }
            return .certain(
                InputProbe.string(first, "type") == "session_meta" ? "its first line is a session_meta record" : "its lines are Codex rollout records")
        case .folder:
            for log in input.entries.filter({ Self.isRolloutName(FilePath.lastComponent($0)) }).prefix(3) {
                if log.hasSuffix(".json") {
                    if let head = input.head(of: log), Self.isDocument(JSONShape(head)) { return .certain("\(log) is a Codex rollout") }
                    continue
                }
                if let first = input.records(of: log).first, Self.isRolloutRecord(first) { return .certain("\(log) is a Codex rollout") }
            }
            return nil
        case .zip, .missing:
            return nil
        }
    }

    package func rendersAlone(_ path: String) -> Bool { !SessionLog.isFolder(path) }

    package func read(_ path: String, options: ReadOptions) throws(DiagnosticError) -> ExportRead {
        let (files, isFolder) = try SessionLog.inputs(
            path, expected: "a Codex session (rollout-….jsonl or .json) or a folder of them", sessions: "Codex sessions (rollout-….jsonl or .json)",
            find: Self.rollouts)
        guard isFolder else {
            return try SessionLog.readAll(files, site: false) { (file) throws(DiagnosticError) in
                try Self.readSession(file, includeSystem: options.includeSystem)
            }
        }
        return try readFolder(files, options: options)
    }

    /// The rollouts `files` of a folder, each a page of its own or nested in the one that spawned it.
    func readFolder(_ files: [String], options: ReadOptions) throws(DiagnosticError) -> ExportRead {
        // Every rollout first, so a sub-agent's is shown in its parent's page rather than its own.
        var parsed: [String: Result<CodexSession, DiagnosticError>] = [:]
        var byThread: [String: String] = [:]
        for file in files {
            do throws(DiagnosticError) {
                let session = try Self.parse(file, includeSystem: options.includeSystem)
                parsed[file] = .success(session)
                if let id = session.sessionID { byThread[id] = file }
            } catch {
                parsed[file] = .failure(error)
            }
        }
        // Each rollout is placed once: nested at the first call that spawned it, or a page of its
        // own; any other call that names it refers to it (see ``SubAgentGraph``). Rollouts that
        // spawn each other are a cycle, cut where it closes, and each still shows.
        var nested: Set<String> = []
        var placed: Set<String> = []
        var building: [String] = []
        func assemble(_ file: String) -> CodexSession? {
            guard case .success(var session)? = parsed[file] else { return nil }
            building.append(file)
            defer { building.removeLast() }
            for agent in session.spawnedAgents() {
                guard let childFile = byThread[agent], case .success(let child)? = parsed[childFile] else { continue }
                if building.contains(childFile) {
                    session.references[agent] = .cycle
                    continue
                }
                guard !placed.contains(childFile), child.parentID == nil || child.parentID == session.sessionID else {
                    session.references[agent] = .shownElsewhere
                    continue
                }
                placed.insert(childFile)
                nested.insert(childFile)
                session.children[agent] = assemble(childFile) ?? child
            }
            return session
        }
        // The sessions no other spawned first, then any left (a cycle has no such one).
        let spawned = Set(
            files.compactMap { file -> String? in
                guard case .success(let session)? = parsed[file], let parent = session.parentID, byThread[parent] != nil else { return nil }
                return file
            })
        var assembled: [String: CodexSession] = [:]
        for file in files.filter({ !spawned.contains($0) }) + files.filter(spawned.contains) where !placed.contains(file) {
            placed.insert(file)
            if let session = assemble(file) { assembled[file] = session }
        }
        return try SessionLog.readAll(files.filter { !nested.contains($0) }, site: true) { (file) throws(DiagnosticError) in
            if case .failure(let error)? = parsed[file] { throw error }
            guard var session = assembled[file] else { return (nil, []) }
            return (Self.named(session.chat(fallbackTitle: FilePath.stem(file)), path: file), session.log.diagnostics)
        }
    }

    /// One rollout: its conversation (nil when it holds none) and warnings; the rollouts of the
    /// sub-agents it spawned, found beside it (`rollout-…-<thread id>.jsonl`), are nested in it.
    static func readSession(_ path: String, includeSystem: Bool) throws(DiagnosticError) -> (ImportedChat?, [Diagnostic]) {
        var session = try parse(path, includeSystem: includeSystem)
        var graph = SubAgentGraph()
        graph.showAtTop(session.sessionID ?? path)
        session.children = children(of: &session, beside: path, includeSystem: includeSystem, graph: &graph)
        // Read once: its turns are made from what it read, which is let go as they are.
        session.log.freesAsTurnsAreMade = true
        let chat = named(session.chat(fallbackTitle: FilePath.stem(path)), path: path)
        return (chat, session.log.diagnostics)
    }

    /// From this size a rollout is read in runs (see ``parse(_:includeSystem:)``).
    static let longRollout = 64 << 20

    static func parse(_ path: String, includeSystem: Bool) throws(DiagnosticError) -> CodexSession {
        var session = CodexSession(file: path, includeSystem: includeSystem)
        try SessionLog.mapped(path, what: "Codex session") { (file) throws(DiagnosticError) in
            // The first releases' rollout: one document.
            if path.hasSuffix(".json") {
                try session.read(document: try ImportSource.parse(bytes: file.withBytes { Array($0) }, displayPath: path))
                return
            }
            file.withBytes { bytes in
                // A long rollout is read in runs of whole lines, each run's pages given back once
                // read: it is never resident whole beside what is made of it.
                guard bytes.count >= longRollout else { return session.read(bytes) }
                var start = 0
                while start < bytes.count {
                    var end = min(bytes.count, start + longRollout / 4)
                    while end < bytes.count && bytes[end - 1] != 0x0A { end += 1 }
                    session.read(UnsafeBufferPointer(rebasing: bytes[start..<end]))
                    file.doneWith(start..<end)
                    start = end
                }
            }
        }
        return session
    }

    /// The sub-agents' rollouts in the folder of `path`: those named by the thread ids its
    /// `spawn_agent` calls returned. One that cannot be read is left out (the call shows instead).
    /// Each sub-agent is read and nested once (`graph`): a later call that names it, or one
    /// back into a caller, refers to it instead (`session.references`), so agents that spawn each
    /// other cost what they are, not what the paths through them are.
    static func children(of session: inout CodexSession, beside path: String, includeSystem: Bool, graph: inout SubAgentGraph) -> [String: CodexSession] {
        let agents = session.spawnedAgents()
        guard !agents.isEmpty else { return [:] }
        let folder = FilePath.directory(path)
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter(isRolloutName)
        var found: [String: CodexSession] = [:]
        for agent in agents {
            guard let name = names.first(where: { $0.hasSuffix("-\(agent).jsonl") }), FilePath.join(folder, name) != path else { continue }
            if let reference = graph.claim(agent) {
                session.references[agent] = reference
                continue
            }
            guard var child = try? parse(FilePath.join(folder, name), includeSystem: includeSystem),
                child.parentID == nil || child.parentID == session.sessionID
            else { continue }
            graph.enter(agent)
            child.children = children(of: &child, beside: FilePath.join(folder, name), includeSystem: includeSystem, graph: &graph)
            graph.leave()
            found[agent] = child
        }
        return found
    }

    /// Reads a rollout from bytes in memory (tests); `freesAsTurnsAreMade` as a rollout file is read.
    static func read(bytes: [UInt8], file: String, includeSystem: Bool = false, freesAsTurnsAreMade: Bool = false) -> (ImportedChat?, [Diagnostic]) {
        var session = CodexSession(file: file, includeSystem: includeSystem)
        session.log.freesAsTurnsAreMade = freesAsTurnsAreMade
        bytes.withUnsafeBufferPointer { session.read($0) }
        return (session.chat(fallbackTitle: FilePath.stem(file)), session.log.diagnostics)
    }

    /// Every rollout under `folder`, oldest first by path (`YYYY/MM/DD/rollout-<time>-…`).
    static func rollouts(in folder: String) -> [String] {
        SessionLog.files(in: folder) { _, name in isRolloutName(name) }
    }
}

extension CodexReader {
    package func liveLog(_ path: String) -> (() -> any LiveSessionLog)? {
        // A folder, or a first release's rollout (a document written whole again, not appended to).
        guard !SessionLog.isFolder(path), !path.hasSuffix(".json") else { return nil }
        return { CodexLiveLog(path: path) }
    }
}

/// A Codex rollout read as it is written (see ``LiveSession``): the session keeps its state
/// between pieces; a snapshot makes the conversation from a copy, with the sub-agents' rollouts
/// beside it read afresh (they grow too).
struct CodexLiveLog: LiveSessionLog {
    private var session: CodexSession
    private let path: String

    init(path: String) {
        self.path = path
        session = CodexSession(file: path, includeSystem: false)
    }

    mutating func read(lines: UnsafeBufferPointer<UInt8>) {
        session.read(lines)
    }

    func snapshot() -> (ImportedChat?, [Diagnostic]) {
        var copy = session
        var graph = SubAgentGraph()
        graph.showAtTop(copy.sessionID ?? path)
        copy.children = CodexReader.children(of: &copy, beside: path, includeSystem: false, graph: &graph)
        let chat = CodexReader.named(copy.chat(fallbackTitle: FilePath.stem(path)), path: path)
        return (chat, copy.log.diagnostics)
    }
}

extension CodexReader {
    /// A site reads each folder of rollouts apart (a day of `~/.codex/sessions/YYYY/MM/DD`): a
    /// sub-agent's rollout is written beside its parent's, and whose it is may be known only from
    /// the parent's calls, so the rollouts of a folder are read together, as ``read(_:options:)``
    /// places each once. A day that changed is read again; its pages that did not change are
    /// kept as they were.
    package func sources(_ path: String) -> [InputSource] {
        guard SessionLog.isFolder(path) else { return [InputSource(path: path, files: [path])] }
        var byFolder: [String: [String]] = [:]
        for file in Self.rollouts(in: path) { byFolder[FilePath.directory(file), default: []].append(file) }
        return byFolder.keys.sorted().map { InputSource(path: $0, files: byFolder[$0]!) }
    }

    /// One folder's rollouts (a rollout given alone: it and its sub-agents' rollouts), its
    /// projects the folders they were run in, by their last names (the site names them across
    /// every session; see ``ProjectNames``).
    package func read(source: InputSource, options: ReadOptions) throws(DiagnosticError) -> ExportRead {
        if SessionLog.isFolder(source.path) {
            // Only the rollouts directly in it: a folder's own folders are sources of their own.
            let files = source.files
            guard !files.isEmpty else { return ExportRead(chats: [], warnings: []) }
            return try readFolder(files, options: options)
        }
        let (chat, warnings) = try Self.readSession(source.path, includeSystem: options.includeSystem)
        return ExportRead(chats: chat.map { [$0] } ?? [], warnings: warnings)
    }
}
