import Foundation
import ChatModel
import ChatSupport

/// The Cline family's tasks: Cline, and its forks Roo Code and Kilo Code, which keep the same
/// files in VS Code's `globalStorage/<extension>/tasks/<taskId>/`, told apart by the extension's
/// folder (`saoudrizwan.claude-dev`, `rooveterinaryinc.roo-cline`, `kilocode.kilo-code`); and the
/// Cline CLI's sessions (`~/.cline/data/sessions/<id>/<id>.messages.json`). INPUT is one task's
/// folder or file, or a folder of them; each task is a conversation.
package struct ClineReader: ChatExportReader {
    package var name: String { "cline" }
    package var title: String { "Cline" }
    package var inputHelp: String {
        "a Cline, Roo Code or Kilo Code task (globalStorage/EXTENSION/tasks/ID, or its api_conversation_history.json or ui_messages.json), "
            + "a Cline CLI session (~/.cline/data/sessions/ID), or a folder of them (tasks, the extension's folder, globalStorage)"
    }
    package var inputNoun: String { "Cline task" }
    package var standardInputName: String { "api_conversation_history.json" }
    package var readsFolders: Bool { true }

    package init() {}

    static let history = "api_conversation_history.json"
    static let panel = "ui_messages.json"

    /// The agent whose task `path` is, by the extension's folder it lies in.
    static func family(of path: String) -> String {
        if path.contains("rooveterinaryinc.roo-cline") { return "Roo Code" }
        if path.contains("kilocode.kilo-code") { return "Kilo Code" }
        return "Cline"
    }

    /// Whether `relative` is a CLI session's messages: `<id>/<id>.messages.json` (a sub-agent's
    /// file beside it has another name, and its parent's messages name it).
    static func isCLISession(_ relative: String, base: String) -> Bool {
        guard relative.hasSuffix(".messages.json") else { return false }
        let parts = ([base] + relative.split(separator: "/").map(String.init))
        return parts.count >= 2 && parts[parts.count - 1] == parts[parts.count - 2] + ".messages.json"
    }

    package func recognise(_ input: InputProbe) -> Recognition? {
        switch input.kind {
        case .file:
            let shape = input.shape
            if input.name == Self.history, shape.root == UInt8(ascii: "["), shape.has("[].role") {
                return .certain("it is a task's api_conversation_history.json")
            }
            if input.name == Self.panel, shape.has("[].ts"), shape.has("[].type"), shape.has("[].say") || shape.has("[].ask") {
                return .certain("it is a task's ui_messages.json")
            }
            if input.name.hasSuffix(".messages.json"), shape.has("sessionId"), shape.has("messages"), shape.has("version") {
                return .certain("it is a Cline CLI session's messages")
            }
            return nil
        case .folder:
            let base = FilePath.lastComponent(input.path)
            if input.entries.contains(where: { $0 == Self.history || $0.hasSuffix("/" + Self.history) }) {
                return .certain("it holds a task's \(Self.history)")
            }
            if input.entries.contains(where: { Self.isCLISession($0, base: base) }) {
                return .certain("it holds a Cline CLI session (ID/ID.messages.json)")
            }
            return nil
        case .zip, .missing:
            return nil
        }
    }

    package func rendersAlone(_ path: String) -> Bool {
        guard SessionLog.isFolder(path) else { return true }
        let name = FilePath.lastComponent(path)
        return FileManager.default.fileExists(atPath: FilePath.join(path, Self.history))
            || FileManager.default.fileExists(atPath: FilePath.join(path, name + ".messages.json"))
    }

    package func read(_ path: String, options: ReadOptions) throws(DiagnosticError) -> ExportRead {
        var (files, isFolder) = try SessionLog.inputs(
            path, expected: "a Cline task (its folder or \(Self.history)) or a folder of them",
            sessions: "Cline tasks (tasks/ID/\(Self.history)) or CLI sessions (ID/ID.messages.json)", find: Self.tasks)
        // The panel's file read alone stands for its task.
        if !isFolder, FilePath.lastComponent(path) == Self.panel {
            let beside = FilePath.join(FilePath.directory(path), Self.history)
            guard FileManager.default.fileExists(atPath: beside) else {
                throw DiagnosticError(Diagnostic(file: path, message: "no \(Self.history) beside it: the panel alone holds no conversation"))
            }
            files = [beside]
        }
        var read = try SessionLog.readAll(files, site: isFolder && !rendersAlone(path)) { (file) throws(DiagnosticError) in
            try Self.readTask(file)
        }
        // Only a folder of several agents' tasks (the whole globalStorage) is grouped by agent.
        if Set(files.map(Self.family)).count < 2 {
            for k in read.chats.indices { read.chats[k].agent = nil }
        }
        return read
    }

    /// Every task and CLI session under `folder`.
    static func tasks(in folder: String) -> [String] {
        let base = FilePath.lastComponent(folder)
        return SessionLog.files(in: folder, skipping: ["checkpoints"]) { relative, name in
            name == history || isCLISession(relative, base: base)
        }
    }

    /// One task: its history, the panel beside it and the task's metadata, or a CLI session
    /// with its manifest.
    static func readTask(_ path: String) throws(DiagnosticError) -> (ImportedChat?, [Diagnostic]) {
        var session = ClineSession(file: path)
        let folder = FilePath.directory(path)
        let family = family(of: path)
        let what = "\(family) task"
        var panelFile: String?
        func json(_ name: String) -> JSONNode? {
            let file = FilePath.join(folder, name)
            guard FileManager.default.fileExists(atPath: file) else { return nil }
            do throws(DiagnosticError) {
                return try ImportSource.parse(path: file, displayPath: file, what: what)
            } catch {
                session.log.diagnostics += error.diagnostics.map {
                    var d = $0; d.severity = .warning; d.message += "; what it holds is left out"; return d
                }
                return nil
            }
        }
        if FilePath.lastComponent(path) == history {
            if let panel = json(panel) { session.read(panel: panel) }
            panelFile = FilePath.join(folder, panel)
            if let item = json("history_item.json"), let cwd = InputProbe.string(item, "cwdOnTaskInitialization"), !cwd.isEmpty {
                session.log.project = cwd
            }
            if let metadata = json("task_metadata.json") { readMetadata(metadata, into: &session.log) }
        } else if let manifest = json(String(FilePath.lastComponent(path).dropLast(".messages.json".count)) + ".json") {
            session.log.project = InputProbe.string(manifest, "cwd") ?? InputProbe.string(manifest, "workspace_root")
            if let model = InputProbe.string(manifest, "model") { session.log.useModel(model) }
            if let start = InputProbe.string(manifest, "started_at").flatMap({ ChatDate(iso: $0) }) { session.log.widenSpan(start) }
            if let end = InputProbe.string(manifest, "ended_at").flatMap({ ChatDate(iso: $0) }) { session.log.widenSpan(end) }
        }
        session.read(history: try ImportSource.parse(path: path, displayPath: path, what: what))
        session.log.versionLabel = family
        var chat = session.chat(fallbackTitle: FilePath.lastComponent(folder))
        if let panelFile { session.log.diagnostics += session.panelUnknown.warnings(file: panelFile) }
        if session.log.version == nil { chat?.facts.insert(ConversationFact(label: "Agent", value: family), at: 0) }
        chat?.agent = family
        return (chat, session.log.diagnostics)
    }

    /// `task_metadata.json`: the models the task used and the agent's version.
    static func readMetadata(_ metadata: JSONNode, into log: inout SessionBuilder<ClineSession.Call>) {
        if case .array(let uses)? = metadata["model_usage"]?.value {
            for use in uses { if let model = InputProbe.string(use, "model_id"), !model.isEmpty, !log.models.contains(model) { log.models.append(model) } }
        }
        if case .array(let environments)? = metadata["environment_history"]?.value,
            let version = environments.last.flatMap({ InputProbe.string($0, "cline_version") }), !version.isEmpty
        {
            log.version = version
        }
    }
}
