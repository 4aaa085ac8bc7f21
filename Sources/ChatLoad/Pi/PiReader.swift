import Foundation
import ChatModel
import ChatSupport

/// The Pi family's sessions: Pi (`~/.pi/agent/sessions/--<cwd>--/<time>_<id>.jsonl`), its fork
/// Oh My Pi (the same under `~/.omp/agent/sessions`) and OpenClaw, which runs Pi's agent and keeps
/// each agent's sessions in `~/.openclaw/agents/<agent>/sessions/<id>.jsonl`. One log is one
/// session; a folder of them is a site. All three write the same log (see ``PiSession``), so
/// one reader reads them, and the page names the app that wrote it.
package struct PiReader: ChatExportReader {
    package var name: String { "pi-agent" }
    package var title: String { "Pi" }
    package var inputHelp: String {
        "a Pi, Oh My Pi or OpenClaw session (~/.pi/agent/sessions/--CWD--/TIME_ID.jsonl, ~/.omp/agent/sessions/…, "
            + "~/.openclaw/agents/AGENT/sessions/ID.jsonl), or a folder of them"
    }
    package var inputNoun: String { "Pi session" }
    package var standardInputName: String { "session.jsonl" }
    package var readsFolders: Bool { true }

    package init() {}

    /// A session log's first line: `{"type": "session", "id", "timestamp", "cwd", "version"?}`.
    static func isHeader(_ record: JSONNode) -> Bool {
        InputProbe.string(record, "type") == "session" && InputProbe.string(record, "id") != nil
            && record["timestamp"] != nil && (record["cwd"] != nil || record["version"] != nil)
    }

    /// An entry of the tree: `{"type": "message", "id", "parentId", "message": {"role", …}}`.
    static func isEntry(_ record: JSONNode) -> Bool {
        InputProbe.string(record, "type") == "message" && record["parentId"] != nil && record["message"]?["role"] != nil
    }

    package func recognise(_ input: InputProbe) -> Recognition? {
        switch input.kind {
        case .file:
            guard let first = input.records.first else { return nil }
            if Self.isHeader(first) { return .certain("its first line is a Pi session header") }
            if Self.isEntry(first) { return .likely("its lines are Pi session entries") }
            return nil
        case .folder:
            for log in input.entries.filter({ $0.hasSuffix(".jsonl") }).prefix(3) {
                if let first = input.records(of: log).first, Self.isHeader(first) { return .certain("\(log) is a Pi session") }
            }
            return nil
        case .zip, .missing:
            return nil
        }
    }

    package func rendersAlone(_ path: String) -> Bool { !SessionLog.isFolder(path) }

    package func read(_ path: String, options: ReadOptions) throws(DiagnosticError) -> ExportRead {
        let (files, isFolder) = try SessionLog.inputs(
            path, expected: "a Pi session (TIME_ID.jsonl) or a folder of them", sessions: "Pi sessions (….jsonl)", find: Self.sessions)
        return try SessionLog.readAll(files, site: isFolder) { (file) throws(DiagnosticError) in try Self.readSession(file) }
    }

    /// The app that wrote the log at `path`, told by the folder it is kept in; and, for OpenClaw,
    /// the agent whose session it is (`agents/<agent>/sessions`).
    static func app(of path: String) -> (name: String, agent: String?) {
        let parts = path.split(separator: "/").map(String.init)
        if parts.contains(".omp") { return ("Oh My Pi", nil) }
        if let at = parts.firstIndex(of: ".openclaw") {
            let agent = parts.count > at + 3 && parts[at + 1] == "agents" && parts[at + 3] == "sessions" ? parts[at + 2] : nil
            return ("OpenClaw", agent)
        }
        return ("Pi", nil)
    }

    static func readSession(_ path: String) throws(DiagnosticError) -> (ImportedChat?, [Diagnostic]) {
        var session = PiSession(file: path, app: app(of: path))
        try SessionLog.mapped(path, what: "Pi session") { file in
            file.withBytes { session.read($0) }
        }
        if !session.sawHeader && !session.sawEntry {
            throw DiagnosticError(
                Diagnostic(file: path, location: SourceLocation(line: 1), message: "expected a Pi session: a first line {\"type\": \"session\", …} and entries")
            )
        }
        session.log.freesAsTurnsAreMade = true
        let chat = session.chat(fallbackTitle: FilePath.stem(path))
        return (chat, session.log.diagnostics)
    }

    /// Every session log under `folder` (the `sessions.json` index OpenClaw keeps beside them is
    /// not one).
    static func sessions(in folder: String) -> [String] {
        SessionLog.files(in: folder, skipping: ["subagent-artifacts"]) { _, name in name.hasSuffix(".jsonl") }
    }
}

extension PiReader {
    package func liveLog(_ path: String) -> (() -> any LiveSessionLog)? {
        guard !SessionLog.isFolder(path) else { return nil }
        return { PiLiveLog(path: path) }
    }
}

/// A Pi session read as it is written (`render --watch`): the session keeps its state between
/// pieces; a snapshot makes the conversation from a copy.
struct PiLiveLog: LiveSessionLog {
    private var session: PiSession
    private let path: String

    init(path: String) {
        self.path = path
        session = PiSession(file: path, app: PiReader.app(of: path))
    }

    mutating func read(lines: UnsafeBufferPointer<UInt8>) { session.read(lines) }

    func snapshot() -> (ImportedChat?, [Diagnostic]) {
        var copy = session
        let chat = copy.chat(fallbackTitle: FilePath.stem(path))
        return (chat, copy.log.diagnostics)
    }
}
