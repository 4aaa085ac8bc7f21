import Foundation
import ChatModel
import ChatSupport

/// Cursor agent transcripts: one transcript (`~/.cursor/projects/<workspace>/agent-transcripts/
/// <id>/<id>.jsonl`, a flat `agent-transcripts/<id>.jsonl`, or the plain-text
/// `agent-transcripts/<id>.txt` of other builds), or a folder of them (the
/// `agent-transcripts` folder, one workspace's folder, or the whole `projects` folder), each
/// transcript one conversation grouped by its workspace. A sub-agent's transcript
/// (`<id>/subagents/<child>.jsonl` or `.txt`) is not a session of its own: it is shown inside its parent,
/// at the call that started it. The editor's own chats are in its state database
/// (`globalStorage/state.vscdb`, see ``CursorComposers``): that file, or the folder holding it,
/// is a site of them.
package struct CursorReader: ChatExportReader {
    package var name: String { "cursor" }
    package var title: String { "Cursor" }
    package var inputHelp: String {
        "a Cursor agent transcript (~/.cursor/projects/WORKSPACE/agent-transcripts/ID/ID.jsonl, ID.jsonl or ID.txt), or a folder of them (agent-transcripts, a workspace's folder, or ~/.cursor/projects); or the editor's chats in its globalStorage/state.vscdb"
    }
    package var inputNoun: String { "Cursor agent transcript" }
    package var standardInputName: String { "transcript.jsonl" }
    package var readsFolders: Bool { true }

    package init() {}

    /// A transcript line: `{"role", "message": {"content": [...] | "..."}}` with no `type`, or the
    /// `{"type": "turn_ended", "status"}` that closes a turn.
    static func isLine(_ record: JSONNode) -> Bool {
        if InputProbe.string(record, "type") == "turn_ended" { return record["status"] != nil }
        guard record["type"] == nil, let role = InputProbe.string(record, "role"), !role.isEmpty, let message = record["message"],
            let content = message["content"]
        else { return false }
        switch content.value {
        case .array, .string: return true
        default: return false
        }
    }

    static func recognise(records: [JSONNode], path: String) -> Recognition? {
        guard let first = records.first, isLine(first), records.prefix(8).allSatisfy(isLine) else { return nil }
        if path.contains("/agent-transcripts/") { return .certain("it is a transcript in a Cursor agent-transcripts folder") }
        if records.contains(where: { InputProbe.string($0, "type") == "turn_ended" }) {
            return .certain("its lines are role/message lines and turn_ended records")
        }
        if records.prefix(8).contains(where: hasQuery) { return .certain("its user lines wrap the prompt in <user_query>") }
        return .likely("its lines are role/message lines with no type, id or timestamp")
    }

    /// Whether a user line's text holds Cursor's `<user_query>` wrapper.
    static func hasQuery(_ record: JSONNode) -> Bool {
        guard let content = record["message"]?["content"] else { return false }
        switch content.value {
        case .string(let text): return text.contains("<user_query>")
        case .array(let blocks): return blocks.contains { (InputProbe.string($0, "text") ?? "").contains("<user_query>") }
        default: return false
        }
    }

    /// Whether `head`, the beginning of a file, is a plain-text transcript: its first line is
    /// `user:` or `assistant:`, and Cursor's wrapper or markers follow.
    static func isPlainText(_ head: [UInt8]) -> Bool {
        var start = head.startIndex
        if head.starts(with: [0xEF, 0xBB, 0xBF]) { start += 3 }
        while start < head.endIndex, [0x20, 0x09, 0x0D, 0x0A].contains(head[start]) { start += 1 }
        let rest = head[start...]
        guard rest.starts(with: Array("user:".utf8)) || rest.starts(with: Array("assistant:".utf8)) else { return false }
        return ["<user_query>", "[Tool call]", "[Thinking]", "[Tool result]"].contains { InputProbe.contains(head, $0) }
    }

    package func recognise(_ input: InputProbe) -> Recognition? {
        switch input.kind {
        case .file:
            if input.head.starts(with: CursorComposers.sqliteMagic) {
                return CursorComposers.isStateDatabase(input.path) ? .certain("it is a database with Cursor's cursorDiskKV table of chats") : nil
            }
            if Self.isPlainText(input.head) { return .certain("it is a plain-text transcript of user: and assistant: messages with Cursor's markers") }
            return Self.recognise(records: input.records, path: input.path)
        case .folder:
            if let database = Self.stateDatabase(in: input.path) { return .certain("it holds Cursor's state database (\(FilePath.lastComponent(database)))") }
            let base = FilePath.lastComponent(input.path)
            for log in input.entries.filter({ Self.isTranscript($0, base: base) }).prefix(3) {
                if log.hasSuffix(".txt") {
                    if let head = input.head(of: log), Self.isPlainText(head) { return .certain("\(log) is a Cursor agent transcript") }
                    continue
                }
                let records = input.records(of: log)
                if let first = records.first, Self.isLine(first) { return .certain("\(log) is a Cursor agent transcript") }
            }
            return nil
        case .zip, .missing:
            return nil
        }
    }

    /// The kinds of file a transcript is: JSON Lines, or plain text.
    static let extensions = [".jsonl", ".txt"]

    /// Whether `name` is a transcript's file name.
    static func isTranscriptName(_ name: String) -> Bool {
        !name.hasPrefix(".") && extensions.contains { name.hasSuffix($0) }
    }

    /// Whether `relative` (inside a folder named `base`) is a transcript: a `.jsonl` or `.txt`
    /// directly in `agent-transcripts`, or `<id>/<id>.jsonl` (`.txt`); never one in `subagents`.
    static func isTranscript(_ relative: String, base: String) -> Bool {
        guard isTranscriptName(FilePath.lastComponent(relative)) else { return false }
        var parts = relative.split(separator: "/").map(String.init)
        parts.insert(base, at: 0)
        guard parts.count >= 2, !parts.dropLast().contains("subagents") else { return false }
        let stem = FilePath.stem(parts[parts.count - 1])
        let parent = parts[parts.count - 2]
        return parent == "agent-transcripts" || parent == stem
    }

    /// The state database in `folder` (`state.vscdb`, or `globalStorage/state.vscdb`) when it
    /// has Cursor's table of chats.
    static func stateDatabase(in folder: String) -> String? {
        [FilePath.join(folder, "state.vscdb"), FilePath.join(folder, "globalStorage/state.vscdb")].first {
            !SessionLog.isFolder($0) && FileManager.default.fileExists(atPath: $0) && CursorComposers.isStateDatabase($0)
        }
    }

    /// Whether `path` is a state database (not a transcript).
    static func isDatabase(_ path: String) -> Bool {
        !SessionLog.isFolder(path) && (FileInput.head(path: path, count: 16)?.bytes ?? []).starts(with: CursorComposers.sqliteMagic)
    }

    package func rendersAlone(_ path: String) -> Bool {
        // A state database holds every chat of the editor.
        if Self.isDatabase(path) || (SessionLog.isFolder(path) && Self.stateDatabase(in: path) != nil) { return false }
        guard SessionLog.isFolder(path) else { return true }
        // One transcript's folder (`<id>/<id>.jsonl` and its sub-agents) is one page.
        return Self.extensions.contains { FileManager.default.fileExists(atPath: FilePath.join(path, FilePath.lastComponent(path) + $0)) }
    }

    package func read(_ path: String, options: ReadOptions) throws(DiagnosticError) -> ExportRead {
        if Self.isDatabase(path) { return try CursorComposers.read(path, includeSystem: options.includeSystem) }
        if SessionLog.isFolder(path), let database = Self.stateDatabase(in: path) {
            return try CursorComposers.read(database, includeSystem: options.includeSystem)
        }
        let (files, isFolder) = try SessionLog.inputs(
            path, expected: "a Cursor agent transcript (agent-transcripts/ID/ID.jsonl, ID.jsonl or ID.txt) or a folder of them",
            sessions: "Cursor agent transcripts (agent-transcripts/ID/ID.jsonl, ID.jsonl or ID.txt)", find: Self.transcripts)
        let site = isFolder && !rendersAlone(path)
        return try SessionLog.readAll(files, site: site) { (file) throws(DiagnosticError) in
            try Self.readSession(file, includeSystem: options.includeSystem)
        }
    }

    /// One transcript, with its sub-agents' transcripts beside it.
    static func readSession(_ path: String, includeSystem: Bool) throws(DiagnosticError) -> (ImportedChat?, [Diagnostic]) {
        var session = try parse(path, includeSystem: includeSystem)
        session.children = children(of: path, includeSystem: includeSystem)
        session.log.project = workspace(of: path)
        let chat = session.chat(fallbackTitle: FilePath.stem(path))
        return (chat, session.log.diagnostics)
    }

    static func parse(_ path: String, includeSystem: Bool) throws(DiagnosticError) -> CursorSession {
        var session = CursorSession(file: path, includeSystem: includeSystem)
        try SessionLog.mapped(path, what: "Cursor agent transcript", cut: "expected a transcript that is only ever appended to (render it again)") { file in
            file.withBytes { bytes in
                if path.hasSuffix(".txt") { session.readPlainText(bytes) } else { session.read(bytes) }
            }
        }
        return session
    }

    /// The sub-agents' transcripts of the transcript at `path` (`<id>/subagents/*.jsonl` or
    /// `.txt` beside `<id>/<id>.jsonl`), read; one that cannot be read is left out.
    static func children(of path: String, includeSystem: Bool) -> [CursorSession] {
        let folder = FilePath.join(FilePath.directory(path), "subagents")
        guard FilePath.directory(path).hasSuffix(FilePath.stem(path)),
            let names = try? FileManager.default.contentsOfDirectory(atPath: folder)
        else { return [] }
        return names.filter(isTranscriptName).sorted().compactMap { name in
            try? parse(FilePath.join(folder, name), includeSystem: includeSystem)
        }
    }

    /// The workspace's slug: the folder that holds `agent-transcripts`.
    static func workspace(of path: String) -> String? {
        let parts = path.split(separator: "/").map(String.init)
        guard let index = parts.lastIndex(of: "agent-transcripts"), index > 0 else { return nil }
        return parts[index - 1]
    }

    /// Reads a transcript from bytes in memory (tests).
    static func read(bytes: [UInt8], file: String, children: [(String, [UInt8])] = [], includeSystem: Bool = false) -> (ImportedChat?, [Diagnostic]) {
        func parse(_ name: String, _ bytes: [UInt8]) -> CursorSession {
            var session = CursorSession(file: name, includeSystem: includeSystem)
            bytes.withUnsafeBufferPointer { name.hasSuffix(".txt") ? session.readPlainText($0) : session.read($0) }
            return session
        }
        var session = parse(file, bytes)
        session.children = children.map(parse)
        session.log.project = workspace(of: file)
        return (session.chat(fallbackTitle: FilePath.stem(file)), session.log.diagnostics)
    }

    /// Every transcript under `folder`, not the sub-agents' (their parents show them). A
    /// conversation kept both as `.jsonl` and `.txt` is read once, from its JSON Lines.
    static func transcripts(in folder: String) -> [String] {
        let base = FilePath.lastComponent(folder)
        let found = SessionLog.files(in: folder, skipping: ["subagents"]) { relative, _ in isTranscript(relative, base: base) }
        let lines = Set(found.filter { $0.hasSuffix(".jsonl") }.map { String($0.dropLast(6)) })
        return found.filter { !$0.hasSuffix(".txt") || !lines.contains(String($0.dropLast(4))) }
    }
}
