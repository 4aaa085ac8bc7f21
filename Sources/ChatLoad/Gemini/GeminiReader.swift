import Foundation
import ChatModel
import ChatSupport

/// Gemini CLI sessions: a recorded session (`~/.gemini/tmp/<project>/chats/session-….json` or
/// `.jsonl`), a chat saved with `/chat save` (`checkpoint-TAG.json`), or a folder of them (the
/// whole `~/.gemini/tmp`, one project's folder, or its `chats/`).
package struct GeminiReader: ChatExportReader {
    package var name: String { "gemini" }
    package var title: String { "Gemini CLI" }
    package var inputHelp: String {
        "a Gemini CLI session (~/.gemini/tmp/PROJECT/chats/session-….json or .jsonl), a chat saved with /chat save "
            + "(checkpoint-TAG.json), or a folder of them (~/.gemini/tmp)"
    }
    package var inputNoun: String { "Gemini CLI session" }
    package var standardInputName: String { "session.json" }
    package var readsFolders: Bool { true }

    package init() {}

    /// A session file's name, or a saved chat's.
    static func isSessionName(_ name: String) -> Bool {
        (name.hasPrefix("session-") && (name.hasSuffix(".json") || name.hasSuffix(".jsonl")))
            || (name.hasPrefix("checkpoint-") && name.hasSuffix(".json"))
    }

    /// Recognised from the shape of a file's beginning.
    static func recognise(shape: JSONShape, records: [JSONNode]) -> Recognition? {
        // Qwen Code's first releases wrote this shape: read here too, but Qwen Code's reader is surer.
        if shape.has("messages[].type=qwen") { return .likely("it is a recorded session of Gemini CLI's shape") }
        if shape.has("sessionId") && shape.has("messages") && (shape.has("projectHash") || shape.has("startTime")) {
            return .certain("it has a sessionId, a projectHash and messages")
        }
        if let first = records.first, first["sessionId"] != nil, first["projectHash"] != nil {
            return .certain("its first line has a sessionId and a projectHash")
        }
        if records.contains(where: { InputProbe.string($0, "type") == "gemini" }) {
            return .certain("its lines hold gemini messages")
        }
        if shape.root == UInt8(ascii: "["), shape.has("[].parts"), shape.has("[].role=model") {
            return .likely("it is a list of user and model contents with parts")
        }
        // A saved chat since v0.16: {"history": [...], "authType": …}.
        if shape.root == UInt8(ascii: "{"), shape.has("history[].parts"), shape.has("history[].role=model") {
            return .certain("it is a saved chat: a history of user and model contents")
        }
        return nil
    }

    package func recognise(_ input: InputProbe) -> Recognition? {
        switch input.kind {
        case .file:
            return Self.recognise(shape: input.shape, records: input.records)
        case .folder:
            for entry in input.entries.filter({ Self.isSessionName(FilePath.lastComponent($0)) }).prefix(3) {
                guard let head = input.head(of: entry) else { continue }
                let records = entry.hasSuffix(".jsonl") ? input.records(of: entry) : []
                if let found = Self.recognise(shape: JSONShape(head), records: records) {
                    return Recognition(found.confidence, "\(entry) is a Gemini CLI session")
                }
            }
            return nil
        case .zip, .missing:
            return nil
        }
    }

    package func rendersAlone(_ path: String) -> Bool { !SessionLog.isFolder(path) }

    package func read(_ path: String, options: ReadOptions) throws(DiagnosticError) -> ExportRead {
        let (files, isFolder) = try SessionLog.inputs(
            path, expected: "a Gemini CLI session or a folder of them", sessions: "Gemini CLI sessions (chats/session-….json or .jsonl, checkpoint-….json)",
            find: Self.sessions)
        return try SessionLog.readAll(files, site: isFolder) { (file) throws(DiagnosticError) in try Self.readSession(file) }
    }

    /// The project a session belongs to: the folder `.project_root` beside `chats/` names (newer
    /// releases write it), else nothing (older ones keep only a hash of it).
    static func project(of session: String) -> String? {
        var folder = FilePath.directory(session)
        if FilePath.lastComponent(folder) == "chats" { folder = FilePath.directory(folder) }
        guard let bytes = try? FileInput.read(path: FilePath.join(folder, ".project_root"), displayPath: ".project_root", limit: 4096, what: "project root")
        else { return nil }
        let text = String(decoding: bytes, as: UTF8.self).trimmingASCIIWhitespace()
        return text.isEmpty || text.contains("\n") ? nil : text
    }

    static func readSession(_ path: String) throws(DiagnosticError) -> (ImportedChat?, [Diagnostic]) {
        var session = GeminiSession(file: path)
        try SessionLog.mapped(path, what: "Gemini CLI session", cut: "render it again") { (file) throws(DiagnosticError) in
            if path.hasSuffix(".jsonl") {
                file.withBytes { session.read(lines: $0) }
            } else {
                session.read(document: try ImportSource.parse(bytes: file.withBytes { Array($0) }, displayPath: path))
            }
        }
        let chat = session.chat(fallbackTitle: FilePath.stem(path), project: project(of: path))
        return (chat, session.log.diagnostics)
    }

    /// Every session and saved chat under `folder`.
    static func sessions(in folder: String) -> [String] {
        SessionLog.files(in: folder) { _, name in isSessionName(name) }
    }
}
