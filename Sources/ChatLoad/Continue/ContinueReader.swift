import Foundation
import ChatModel
import ChatSupport

/// Continue's chat sessions: one JSON file a session (`~/.continue/sessions/<id>.json`:
/// `sessionId`, `title`, `workspaceDirectory`, `history`), the `sessions` folder of them with its
/// index `sessions.json` (which holds each session's `dateCreated`), or `~/.continue`.
package struct ContinueReader: ChatExportReader {
    package var name: String { "continue" }
    package var title: String { "Continue" }
    package var inputHelp: String {
        "Continue's sessions: one session's file (~/.continue/sessions/ID.json), the sessions folder, or ~/.continue"
    }
    package var inputNoun: String { "Continue sessions" }
    package var standardInputName: String { "session.json" }
    package var readsFolders: Bool { true }

    package init() {}

    /// The largest session file read.
    static let maxFileSize = 512 << 20

    package func recognise(_ input: InputProbe) -> Recognition? {
        switch input.kind {
        case .file:
            let shape = input.shape
            guard shape.root == UInt8(ascii: "{"), shape.has("sessionId"), shape.has("history") else { return nil }
            if shape.has("workspaceDirectory") || shape.has("history[].contextItems") {
                return .certain("it is a Continue session (sessionId, history, workspaceDirectory)")
            }
            return .likely("it has a sessionId and a history")
        case .folder:
            for index in ["sessions.json", "sessions/sessions.json"] where input.entries.contains(index) {
                let probe = InputProbe(FilePath.join(input.path, index))
                if probe.shape.has("[].sessionId") && probe.shape.has("[].workspaceDirectory") {
                    return .certain("it holds Continue's session index (\(index))")
                }
            }
            return nil
        case .zip, .missing:
            return nil
        }
    }

    package func rendersAlone(_ path: String) -> Bool { path.hasSuffix(".json") && FilePath.lastComponent(path) != "sessions.json" }

    package func read(_ path: String, options: ReadOptions) throws(DiagnosticError) -> ExportRead {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
            throw DiagnosticError(
                Diagnostic(file: path, message: "no such file or folder; expected a Continue session (~/.continue/sessions/ID.json) or its folder"),
                kind: .missingInput)
        }
        var files: [String] = []
        var folder = FilePath.directory(path)
        if isFolder.boolValue {
            folder = FileInput.isRegularFile(FilePath.join(FilePath.join(path, "sessions"), "sessions.json")) ? FilePath.join(path, "sessions") : path
            files = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter {
                $0.hasSuffix(".json") && $0 != "sessions.json" && !$0.hasPrefix(".")
            }.sorted().map { FilePath.join(folder, $0) }
        } else {
            files = [path]
        }
        let index = Self.index(FilePath.join(folder, "sessions.json"))
        var warnings: [Diagnostic] = []
        var chats: [(chat: ImportedChat, created: Double)] = []
        var unknown = UnknownKinds()
        unknown.unit = nil
        for file in files {
            let bytes: [UInt8]
            do { bytes = try FileInput.read(path: file, displayPath: file, limit: Self.maxFileSize, what: "Continue session") } catch {
                if files.count == 1 { throw error }
                warnings += error.diagnostics.map(Self.leftOut)
                continue
            }
            let root: JSONNode
            do throws(JSONParser.SyntaxError) {
                root = try JSONParser.parse(bytes)
            } catch {
                let diagnostic = Diagnostic(file: file, location: SourceLocation(line: error.line, column: error.column), message: error.message)
                if files.count == 1 { throw DiagnosticError(diagnostic) }
                warnings.append(Self.leftOut(diagnostic))
                continue
            }
            guard case .array(let history)? = root["history"]?.value else {
                let diagnostic = Diagnostic(file: file, message: "no history array; expected a Continue session (sessionId, title, history)")
                if files.count == 1 { throw DiagnosticError(diagnostic) }
                warnings.append(Self.leftOut(diagnostic))
                continue
            }
            let id = InputProbe.string(root, "sessionId") ?? FilePath.stem(file)
            var session = ContinueSession(file: file, cwd: InputProbe.string(root, "workspaceDirectory").map(ContinueTools.path))
            session.log.unknown = unknown
            for (position, item) in history.enumerated() { session.read(item, at: position) }
            unknown = session.log.unknown
            session.log.unknown = UnknownKinds()
            var turns = session.turns()
            warnings += session.log.diagnostics
            // The session's tokens, when no message carries its own: on the last reply.
            if !session.sawUsage, let usage = root["usage"], let last = turns.indices.last(where: { turns[$0].role == .assistant }) {
                let spent = session.usage(usage, path: "usage")
                turns[last].usage = (turns[last].usage ?? TokenUsage()).adding(spent)
                session.log.tokens = session.log.tokens + spent
            }
            let title = InputProbe.string(root, "title")
            session.log.title = title == "New Session" ? nil : title
            session.log.project = session.cwd
            // Without prompt logs, the model the session was set to (as Continue's settings name it).
            if let model = InputProbe.string(root, "chatModelTitle"), session.log.models.isEmpty {
                session.log.useModel(model)
                for k in turns.indices where turns[k].role == .assistant && turns[k].model == nil { turns[k].model = model }
            }
            let created = index[id] ?? 0
            if created > 0, let date = ImportDate.fromEpoch(created / 1000) { session.log.widenSpan(date) }
            for turn in turns { if let date = turn.date { session.log.widenSpan(date) } }
            if let chat = session.log.chat(turns, fallbackTitle: id) { chats.append((chat, created)) }
        }
        warnings += unknown.warnings(file: path)
        guard !chats.isEmpty else { throw DiagnosticError(Diagnostic(file: path, message: "no Continue session with a message in it")) }
        var ordered = chats.sorted { $0.created < $1.created }.map(\.chat)
        if files.count == 1 {
            ordered[0].project = nil
        } else {
            for k in ordered.indices { ordered[k].project = ordered[k].project.map(FilePath.lastComponent) }
        }
        return ExportRead(chats: ordered, warnings: warnings)
    }

    /// A session that cannot be read, among others that can: a warning, and the rest is read.
    static func leftOut(_ diagnostic: Diagnostic) -> Diagnostic {
        var warning = diagnostic
        warning.severity = .warning
        warning.message += "; this session is left out"
        return warning
    }

    /// Each session's `dateCreated` (milliseconds since 1970, written as a string or a number)
    /// from the index beside the sessions; empty when there is none.
    static func index(_ path: String) -> [String: Double] {
        guard FileInput.isRegularFile(path), let bytes = try? FileInput.read(path: path, displayPath: path, limit: 64 << 20, what: "Continue's session index"),
            let root = try? JSONParser.parse(bytes), case .array(let entries) = root.value
        else { return [:] }
        var found: [String: Double] = [:]
        for entry in entries {
            guard let id = InputProbe.string(entry, "sessionId") else { continue }
            let created = entry["dateCreated"]
            if case .string(let text)? = created?.value, let value = Double(text), value.isFinite { found[id] = value }
            if case .number(let value, _)? = created?.value, value.isFinite { found[id] = value }
        }
        return found
    }
}
