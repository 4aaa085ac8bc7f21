import Foundation
import ChatModel
import ChatSupport

/// GitHub Copilot: the CLI's sessions — one session's log (`~/.copilot/session-state/<id>/events.jsonl`,
/// or an older CLI's flat `session-state/<id>.jsonl`), one session's folder, or the whole
/// `session-state` folder — and VS Code's Copilot Chat exports ("Chat: Export Chat…", one JSON
/// file each), or a folder of them; each session or export one conversation.
package struct CopilotReader: ChatExportReader {
    package var name: String { "copilot" }
    package var title: String { "GitHub Copilot" }
    package var inputHelp: String {
        "a GitHub Copilot CLI session (~/.copilot/session-state/ID/events.jsonl, or an older ID.jsonl), a VS Code Copilot Chat export (.json), or a folder of them (~/.copilot/session-state)"
    }
    package var inputNoun: String { "Copilot session" }
    package var standardInputName: String { "events.jsonl" }
    package var readsFolders: Bool { true }

    package init() {}

    /// The first event of every session: `session.start` from the `copilot-agent` producer.
    static func isStart(_ record: JSONNode) -> Bool {
        guard InputProbe.string(record, "type") == "session.start", let data = record["data"] else { return false }
        return InputProbe.string(data, "producer") == "copilot-agent" || InputProbe.string(data, "copilotVersion") != nil
    }

    /// The event envelope: a dotted `type`, `data`, `id` and `parentId` (null on the first line).
    static func isEvent(_ record: JSONNode) -> Bool {
        guard let type = InputProbe.string(record, "type"), type.contains("."), record["data"] != nil,
            record["id"] != nil, record["parentId"] != nil
        else { return false }
        return true
    }

    /// A session log's name: `events.jsonl` in a session's folder, or `<uuid>.jsonl` (older CLIs).
    static func isSessionName(_ name: String) -> Bool {
        if name == "events.jsonl" { return true }
        guard name.hasSuffix(".jsonl") else { return false }
        let stem = name.dropLast(6)
        return stem.count == 36 && stem.allSatisfy { $0.isHexDigit || $0 == "-" }
    }

    static func recognise(records: [JSONNode]) -> Recognition? {
        if let first = records.first, isStart(first) { return .certain("its first line is a Copilot CLI session.start event") }
        if records.count >= 2, records.prefix(5).allSatisfy(isEvent) { return .likely("its lines are events with a dotted type, data, id and parentId") }
        return nil
    }

    package func recognise(_ input: InputProbe) -> Recognition? {
        switch input.kind {
        case .file:
            return Self.recognise(records: input.records) ?? CopilotChatExport.recognise(input.shape)
        case .folder:
            for log in input.entries.filter({ Self.isSessionName(FilePath.lastComponent($0)) }).prefix(3) {
                if let first = input.records(of: log).first, Self.isStart(first) { return .certain("\(log) is a Copilot CLI session") }
            }
            for file in input.entries.filter({ $0.hasSuffix(".json") }).prefix(8) {
                guard let head = input.head(of: file), let found = CopilotChatExport.recognise(JSONShape(head)), found.confidence == 100 else { continue }
                return .certain("\(file) is a VS Code Copilot Chat export")
            }
            return nil
        case .zip, .missing:
            return nil
        }
    }

    package func rendersAlone(_ path: String) -> Bool {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue else { return true }
        // One session's folder is one page.
        return FileManager.default.fileExists(atPath: FilePath.join(path, "events.jsonl"))
    }

    package func read(_ path: String, options: ReadOptions) throws(DiagnosticError) -> ExportRead {
        let (files, isFolder) = try SessionLog.inputs(
            path, expected: "a Copilot CLI session (events.jsonl), a VS Code Copilot Chat export (.json) or a folder of them",
            sessions: "Copilot CLI sessions (ID/events.jsonl or ID.jsonl) or VS Code Copilot Chat exports (.json)", find: Self.sessions)
        let site = isFolder && files.count > 1
        return try SessionLog.readAll(files, site: site) { (file) throws(DiagnosticError) in
            try Self.readSession(file, includeSystem: options.includeSystem)
        }
    }

    static func readSession(_ path: String, includeSystem: Bool) throws(DiagnosticError) -> (ImportedChat?, [Diagnostic]) {
        if isChatExport(path) { return try readChatExport(path, includeSystem: includeSystem) }
        var session = CopilotSession(file: path, includeSystem: includeSystem)
        try SessionLog.mapped(path, what: "Copilot CLI session") { file in file.withBytes { session.read($0) } }
        let isEvents = FilePath.lastComponent(path) == "events.jsonl"
        let fallback = isEvents ? FilePath.lastComponent(FilePath.directory(path)) : FilePath.stem(path)
        let chat = session.chat(title: isEvents ? workspaceTitle(FilePath.directory(path)) : nil, fallbackTitle: fallback)
        return (chat, session.log.diagnostics)
    }

    /// Whether the file at `path` is VS Code's export (one JSON document) rather than a CLI log.
    static func isChatExport(_ path: String) -> Bool {
        guard let (head, _) = FileInput.head(path: path, count: 64 * 1024) else { return false }
        return CopilotChatExport.recognise(JSONShape(head)) != nil
    }

    static func readChatExport(_ path: String, includeSystem: Bool) throws(DiagnosticError) -> (ImportedChat?, [Diagnostic]) {
        try readChatExport(ImportSource.parse(path: path, displayPath: path, what: "VS Code Copilot Chat export"), file: path, includeSystem: includeSystem)
    }

    static func readChatExport(_ root: JSONNode, file: String, includeSystem: Bool) throws(DiagnosticError) -> (ImportedChat?, [Diagnostic]) {
        var export = CopilotChatExport(file: file, includeSystem: includeSystem)
        let chat = export.read(root, fallbackTitle: FilePath.stem(file))
        if chat == nil, export.reader.hasErrors { throw DiagnosticError(export.reader.diagnostics) }
        return (chat, export.reader.diagnostics)
    }

    /// Reads VS Code's export from bytes in memory (tests).
    static func readChatExport(bytes: [UInt8], file: String, includeSystem: Bool = false) throws(DiagnosticError) -> (ImportedChat?, [Diagnostic]) {
        try readChatExport(ImportSource.parse(bytes: bytes, displayPath: file), file: file, includeSystem: includeSystem)
    }

    /// Reads a session log from bytes in memory (tests).
    static func read(bytes: [UInt8], file: String, includeSystem: Bool = false) -> (ImportedChat?, [Diagnostic]) {
        var session = CopilotSession(file: file, includeSystem: includeSystem)
        bytes.withUnsafeBufferPointer { session.read($0) }
        return (session.chat(title: nil, fallbackTitle: FilePath.stem(file)), session.log.diagnostics)
    }

    /// The session's name in `workspace.yaml` beside its log (`name: …`, else `summary: …`).
    static func workspaceTitle(_ folder: String) -> String? {
        guard let bytes = try? FileInput.read(path: FilePath.join(folder, "workspace.yaml"), displayPath: "workspace.yaml", limit: 64 * 1024, what: "workspace")
        else { return nil }
        var values: [String: String] = [:]
        for line in String(decoding: bytes, as: UTF8.self).split(separator: "\n") {
            guard !line.hasPrefix(" "), let colon = line.firstIndex(of: ":") else { continue }
            var value = String(line[line.index(after: colon)...]).trimmingASCIIWhitespace()
            if value.count >= 2, (value.hasPrefix("\"") && value.hasSuffix("\"")) || (value.hasPrefix("'") && value.hasSuffix("'")) {
                value = String(value.dropFirst().dropLast())
            }
            values[String(line[..<colon])] = value
        }
        for key in ["name", "summary"] {
            if let value = values[key], !value.isEmpty, value != "|", value != ">" { return SessionText.titleLine(value) }
        }
        return nil
    }

    /// Every session log under `folder`: `<id>/events.jsonl` and `<id>.jsonl`, not the
    /// `checkpoints/` and `files/` kept beside them; and every VS Code export (`.json`).
    static func sessions(in folder: String) -> [String] {
        SessionLog.files(in: folder, skipping: ["checkpoints", "files"]) { relative, name in
            isSessionName(name) || (name.hasSuffix(".json") && isChatExport(FilePath.join(folder, relative)))
        }
    }
}
