import Foundation
import ChatModel
import ChatSupport

/// Qwen Code sessions. Qwen Code is a fork of Gemini CLI: its first releases kept Gemini CLI's
/// recorded session (`~/.qwen/tmp/<hash>/chats/session-….json`, read by Gemini CLI's session
/// code, which names the page Qwen Code); later ones keep a log of their own
/// (`~/.qwen/projects/<cwd>/chats/<id>.jsonl`, see ``QwenSession``). INPUT is either, or a folder
/// of them (`~/.qwen` whole, `projects`, `tmp`, one project's folder or its `chats/`).
package struct QwenReader: ChatExportReader {
    package var name: String { "qwen-code" }
    package var title: String { "Qwen Code" }
    package var inputHelp: String {
        "a Qwen Code session (~/.qwen/projects/PROJECT/chats/ID.jsonl, or the older ~/.qwen/tmp/HASH/chats/session-….json), "
            + "or a folder of them (~/.qwen)"
    }
    package var inputNoun: String { "Qwen Code session" }
    package var standardInputName: String { "session.jsonl" }
    package var readsFolders: Bool { true }

    package init() {}

    /// A record of Qwen Code's log: `{"uuid", "parentUuid", "sessionId", "type": "user" |
    /// "assistant" | "tool_result" | "system", …}` whose message is Gemini's content
    /// (`{"role", "parts"}`), or a system record with its `subtype`.
    static func isRecord(_ record: JSONNode) -> Bool {
        guard record["sessionId"] != nil, record["uuid"] != nil else { return false }
        switch InputProbe.string(record, "type") {
        case "user", "assistant", "tool_result": return record["message"]?["parts"] != nil
        case "system": return record["subtype"] != nil && record["message"]?["content"] == nil
        default: return false
        }
    }

    /// A session of either kind, found in a folder: a log under `chats/`, or an older recorded
    /// session.
    static func isSession(_ relative: String, _ name: String) -> Bool {
        let inChats = FilePath.lastComponent(FilePath.directory(relative)) == "chats"
        return inChats && (name.hasSuffix(".jsonl") || (name.hasPrefix("session-") && name.hasSuffix(".json")))
    }

    package func recognise(_ input: InputProbe) -> Recognition? {
        switch input.kind {
        case .file:
            if input.records.contains(where: Self.isRecord) { return .certain("its lines are Qwen Code chat records") }
            if input.shape.has("messages[].type=qwen") { return .certain("its messages are Qwen Code's") }
            return nil
        case .folder:
            for entry in input.entries.filter({ Self.isSession($0, FilePath.lastComponent($0)) }).prefix(3) {
                if entry.hasSuffix(".jsonl"), input.records(of: entry).contains(where: Self.isRecord) { return .certain("\(entry) is a Qwen Code session") }
                if let head = input.head(of: entry), JSONShape(head).has("messages[].type=qwen") { return .certain("\(entry) is a Qwen Code session") }
            }
            return nil
        case .zip, .missing:
            return nil
        }
    }

    package func rendersAlone(_ path: String) -> Bool { !SessionLog.isFolder(path) }

    package func read(_ path: String, options: ReadOptions) throws(DiagnosticError) -> ExportRead {
        let (files, isFolder) = try SessionLog.inputs(
            path, expected: "a Qwen Code session or a folder of them", sessions: "Qwen Code sessions (chats/ID.jsonl, chats/session-….json)",
            find: Self.sessions)
        return try SessionLog.readAll(files, site: isFolder) { (file) throws(DiagnosticError) in
            file.hasSuffix(".jsonl") ? try Self.readSession(file) : try GeminiReader.readSession(file)
        }
    }

    static func readSession(_ path: String) throws(DiagnosticError) -> (ImportedChat?, [Diagnostic]) {
        var session = QwenSession(file: path)
        try SessionLog.mapped(path, what: "Qwen Code session") { file in
            file.withBytes { session.read($0) }
        }
        session.agents = QwenAgents.beside(path, sessionID: session.sessionID)
        session.graph.showAtTop(session.sessionID ?? path)
        session.log.freesAsTurnsAreMade = true
        let chat = session.chat(fallbackTitle: FilePath.stem(path))
        return (chat, session.log.diagnostics)
    }

    /// Every session under `folder`, by path.
    static func sessions(in folder: String) -> [String] {
        SessionLog.files(in: folder) { relative, name in isSession(relative, name) }
    }
}

extension QwenReader {
    package func liveLog(_ path: String) -> (() -> any LiveSessionLog)? {
        guard !SessionLog.isFolder(path), path.hasSuffix(".jsonl") else { return nil }
        return { QwenLiveLog(path: path) }
    }
}

/// A Qwen Code log read as it is written (`render --watch`): a snapshot makes the conversation
/// from a copy of the session read so far.
struct QwenLiveLog: LiveSessionLog {
    private var session: QwenSession
    private let path: String

    init(path: String) {
        self.path = path
        session = QwenSession(file: path)
    }

    mutating func read(lines: UnsafeBufferPointer<UInt8>) { session.read(lines) }

    func snapshot() -> (ImportedChat?, [Diagnostic]) {
        var copy = session
        let chat = copy.chat(fallbackTitle: FilePath.stem(path))
        return (chat, copy.log.diagnostics)
    }
}
