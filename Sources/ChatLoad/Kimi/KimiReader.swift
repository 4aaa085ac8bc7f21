import Foundation
import ChatModel
import ChatSupport

/// Kimi Code CLI sessions: a session's folder (`~/.kimi/sessions/<work dir hash>/<session id>/`,
/// holding `wire.jsonl`, `context.jsonl` and `state.json`), its `wire.jsonl`, or a folder of
/// sessions (`~/.kimi/sessions`, or one work folder's). The wire is what the CLI showed, event by
/// event (see ``KimiSession``); a session whose wire is gone or empty is read from its
/// `context.jsonl`, the messages the model saw.
package struct KimiReader: ChatExportReader {
    package var name: String { "kimi" }
    package var title: String { "Kimi CLI" }
    package var inputHelp: String {
        "a Kimi CLI session (~/.kimi/sessions/HASH/ID/, its wire.jsonl or context.jsonl), or a folder of them (~/.kimi/sessions)"
    }
    package var inputNoun: String { "Kimi CLI session" }
    package var standardInputName: String { "wire.jsonl" }
    package var readsFolders: Bool { true }

    package init() {}

    /// The wire's first line, `{"type": "metadata", "protocol_version"}`, or one of its records,
    /// `{"timestamp", "message": {"type": "TurnBegin", "payload": {…}}}`.
    static func isWireRecord(_ record: JSONNode) -> Bool {
        if InputProbe.string(record, "type") == "metadata", record["protocol_version"] != nil { return true }
        guard record["timestamp"] != nil, let message = record["message"], let type = InputProbe.string(message, "type") else { return false }
        return message["payload"] != nil && type.first?.isUppercase == true
    }

    /// A line of the context: a message, or the CLI's own `_checkpoint`, `_usage`, `_system_prompt`.
    static func isContextRecord(_ record: JSONNode) -> Bool {
        guard let role = InputProbe.string(record, "role") else { return false }
        return ["_checkpoint", "_usage", "_system_prompt"].contains(role)
    }

    package func recognise(_ input: InputProbe) -> Recognition? {
        switch input.kind {
        case .file:
            if let first = input.records.first, Self.isWireRecord(first) { return .certain("its lines are Kimi CLI wire records") }
            if input.name == "context.jsonl", input.records.contains(where: Self.isContextRecord) { return .certain("it is a Kimi CLI context") }
            return nil
        case .folder:
            for wire in input.entries.filter({ FilePath.lastComponent($0) == "wire.jsonl" }).prefix(3) {
                if let first = input.records(of: wire).first, Self.isWireRecord(first) { return .certain("\(wire) is a Kimi CLI wire") }
            }
            return nil
        case .zip, .missing:
            return nil
        }
    }

    package func rendersAlone(_ path: String) -> Bool {
        !SessionLog.isFolder(path) || Self.isSessionFolder(path)
    }

    /// A session's own folder: it holds its wire or its context.
    static func isSessionFolder(_ path: String) -> Bool {
        FileManager.default.fileExists(atPath: FilePath.join(path, "wire.jsonl"))
            || FileManager.default.fileExists(atPath: FilePath.join(path, "context.jsonl"))
    }

    package func read(_ path: String, options: ReadOptions) throws(DiagnosticError) -> ExportRead {
        if SessionLog.isFolder(path), Self.isSessionFolder(path) {
            return try SessionLog.readAll([path], site: false) { (folder) throws(DiagnosticError) in try Self.readSession(folder: folder) }
        }
        let (files, isFolder) = try SessionLog.inputs(
            path, expected: "a Kimi CLI session or a folder of them", sessions: "Kimi CLI sessions (HASH/ID/wire.jsonl)", find: Self.sessions)
        return try SessionLog.readAll(files, site: isFolder) { (file) throws(DiagnosticError) in
            try Self.readSession(folder: FilePath.directory(file), only: isFolder ? nil : file)
        }
    }

    /// One session: its wire, else its context (`only`: that file alone).
    static func readSession(folder: String, only: String? = nil) throws(DiagnosticError) -> (ImportedChat?, [Diagnostic]) {
        let wire = only ?? FilePath.join(folder, "wire.jsonl")
        let context = FilePath.join(folder, "context.jsonl")
        let readsWire = only.map { FilePath.lastComponent($0) != "context.jsonl" } ?? FileManager.default.fileExists(atPath: wire)
        var session = KimiSession(file: readsWire ? wire : context)
        try SessionLog.mapped(session.log.file, what: "Kimi CLI session") { file in
            file.withBytes { bytes in
                if readsWire { session.read(bytes) } else { session.readContext(bytes) }
            }
        }
        if readsWire, session.log.drafts.isEmpty, only == nil, FileManager.default.fileExists(atPath: context) {
            // A wire with no turns: the context holds the conversation.
            session = KimiSession(file: context)
            try SessionLog.mapped(context, what: "Kimi CLI session") { file in file.withBytes { session.readContext($0) } }
        }
        session.log.title = customTitle(in: folder)
        session.log.freesAsTurnsAreMade = true
        let chat = session.chat(fallbackTitle: FilePath.lastComponent(folder))
        return (chat, session.log.diagnostics)
    }

    /// The title the person gave the session (`state.json`'s `custom_title`), if any.
    static func customTitle(in folder: String) -> String? {
        let path = FilePath.join(folder, "state.json")
        guard let bytes = try? FileInput.read(path: path, displayPath: path, limit: 1 << 20, what: "session state"),
            let state = try? JSONParser.parse(bytes), let title = InputProbe.string(state, "custom_title"), !title.isEmpty
        else { return nil }
        return title
    }

    /// Every session under `folder`: its wire, or its context when it has no wire.
    static func sessions(in folder: String) -> [String] {
        SessionLog.files(in: folder) { relative, name in
            if name == "wire.jsonl" { return true }
            guard name == "context.jsonl" else { return false }
            let wire = FilePath.join(FilePath.directory(FilePath.join(folder, relative)), "wire.jsonl")
            return !FileManager.default.fileExists(atPath: wire)
        }
    }
}

extension KimiReader {
    package func liveLog(_ path: String) -> (() -> any LiveSessionLog)? {
        // The wire is the log that grows; the context is rewritten on compaction.
        guard !SessionLog.isFolder(path), path.hasSuffix(".jsonl"), FilePath.lastComponent(path) != "context.jsonl" else { return nil }
        return { KimiLiveLog(path: path) }
    }
}

/// A Kimi CLI wire read as it is written (`render --watch`): a snapshot makes the conversation
/// from a copy of the session read so far, titled as the session's state says.
struct KimiLiveLog: LiveSessionLog {
    private var session: KimiSession
    private let path: String

    init(path: String) {
        self.path = path
        session = KimiSession(file: path)
    }

    mutating func read(lines: UnsafeBufferPointer<UInt8>) { session.read(lines) }

    func snapshot() -> (ImportedChat?, [Diagnostic]) {
        var copy = session
        copy.log.title = KimiReader.customTitle(in: FilePath.directory(path))
        let chat = copy.chat(fallbackTitle: FilePath.lastComponent(FilePath.directory(path)))
        return (chat, copy.log.diagnostics)
    }
}
