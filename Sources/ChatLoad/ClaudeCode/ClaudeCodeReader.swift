import Foundation
import ChatModel
import ChatSupport

/// Claude Code session logs: one session's `.jsonl`, a project folder of them, or the projects folder.
package struct ClaudeCodeReader: ChatExportReader {
    package var name: String { "claude-code" }
    package var title: String { "Claude Code" }
    package var inputHelp: String {
        "a Claude Code session log (.jsonl), a project folder of them, or the projects folder (~/.claude/projects); "
            + "sub-agents are read from beside each session"
    }
    package var inputNoun: String { "Claude Code session" }
    package var standardInputName: String { "session.jsonl" }
    package var readsFolders: Bool { true }

    package init() {}

    /// A line only Claude Code writes: a message line with its session and place in the thread,
    /// a title `summary` with the message it names, or a file-history snapshot.
    static func isSessionRecord(_ record: JSONNode) -> Bool {
        let type = InputProbe.string(record, "type")
        if record["sessionId"] != nil && (record["uuid"] != nil || record["parentUuid"] != nil) { return true }
        if type == "summary" && record["leafUuid"] != nil { return true }
        return type == "file-history-snapshot" && record["messageId"] != nil
    }

    /// Whether the lines carry Claude Code's records, and none whose message is Gemini's content
    /// (`parts`, not `content`): a fork of Gemini CLI keeps records of the same frame.
    static func holdsSession(_ records: [JSONNode]) -> Bool {
        records.contains(where: isSessionRecord) && !records.contains { $0["message"]?["parts"] != nil }
    }

    package func recognise(_ input: InputProbe) -> Recognition? {
        switch input.kind {
        case .file:
            return Self.holdsSession(input.records) ? .certain("its lines carry a sessionId and message uuids") : nil
        case .folder:
            // A project folder (sessions at its top) or the projects folder (one level down).
            let logs = input.entries.filter {
                $0.hasSuffix(".jsonl") && $0.split(separator: "/").count <= 2 && !FilePath.lastComponent($0).hasPrefix("agent-")
            }
            for log in logs.prefix(3) where Self.holdsSession(input.records(of: log)) {
                return .certain("\(log) is a Claude Code session log")
            }
            return nil
        case .zip, .missing:
            return nil
        }
    }

    package func rendersAlone(_ path: String) -> Bool { !SessionLog.isFolder(path) }

    package func read(_ path: String, options: ReadOptions) throws(DiagnosticError) -> ExportRead {
        let (chats, diagnostics) = ClaudeCodeImporter.read(try ClaudeCodeSource.open(path))
        guard diagnostics.allSatisfy({ $0.severity == .warning }), !chats.isEmpty else {
            throw DiagnosticError(
                diagnostics.isEmpty ? [Diagnostic(file: path, message: "no conversation in this session log; expected user and assistant lines")] : diagnostics)
        }
        return ExportRead(chats: chats, warnings: diagnostics)
    }
}

extension ClaudeCodeReader {
    package func liveLog(_ path: String) -> (() -> any LiveSessionLog)? {
        guard !SessionLog.isFolder(path) else { return nil }
        return { ClaudeCodeLiveLog(path: path) }
    }
}

/// A Claude Code session read as it is written (see ``LiveSession``): the reader keeps its state
/// between pieces, and a snapshot makes the conversation from a copy of it, with image ids going
/// on from the same place and sub-agent logs read afresh (they grow too).
struct ClaudeCodeLiveLog: LiveSessionLog {
    private var session: ClaudeCodeSession
    private let path: String

    init(path: String) {
        self.path = path
        session = ClaudeCodeSession(file: path, sessionPath: path, images: ImageCounter(), agents: AgentLogCache(), depth: 0)
    }

    mutating func read(lines: UnsafeBufferPointer<UInt8>) {
        session.read(buffer: lines)
    }

    func snapshot() -> (ImportedChat?, [Diagnostic]) {
        var copy = session
        copy.images = session.images.copy()
        copy.agents = AgentLogCache()
        let chat = copy.chat(fallbackTitle: FilePath.stem(path))
        return (chat, copy.log.diagnostics)
    }
}

extension ClaudeCodeReader {
    /// A site reads each session apart: its log, with its sub-agents' and compactions' logs
    /// (`<session>/…`) and the older sub-agent logs beside it (`agent-*.jsonl`), any of which
    /// changes its page.
    package func sources(_ path: String) -> [InputSource] {
        guard SessionLog.isFolder(path), let source = try? ClaudeCodeSource.open(path) else {
            return [InputSource(path: path, files: [path])]
        }
        var besides: [String: [String]] = [:]
        return source.sessions.map { session in
            let folder = FilePath.directory(session.path)
            let beside =
                besides[folder]
                ?? {
                    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
                    let found = names.filter { $0.hasPrefix("agent-") && $0.hasSuffix(".jsonl") }.sorted().map { FilePath.join(folder, $0) }
                    besides[folder] = found
                    return found
                }()
            let own = InputSource.files(under: FilePath.join(folder, FilePath.stem(session.path)))
            let under = own.count == 1 && own[0] == FilePath.join(folder, FilePath.stem(session.path)) ? [] : own
            return InputSource(path: session.path, files: [session.path] + under + beside)
        }
    }

    /// One session, its project the folder it was run in (the site names and groups projects
    /// across every session; see ``ProjectNames``).
    package func read(source: InputSource, options: ReadOptions) throws(DiagnosticError) -> ExportRead {
        let session = ClaudeCodeSource.Session(
            path: source.path, displayPath: source.path, projectFolder: FilePath.lastComponent(FilePath.directory(source.path)))
        let (chat, diagnostics) = ClaudeCodeImporter.readSession(session)
        guard diagnostics.allSatisfy({ $0.severity == .warning }) else { throw DiagnosticError(diagnostics) }
        return ExportRead(chats: chat.map { [$0] } ?? [], warnings: diagnostics)
    }
}
