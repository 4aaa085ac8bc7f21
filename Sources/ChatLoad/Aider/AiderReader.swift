import Foundation
import ChatModel
import ChatSupport

/// Aider's chat history: the `.aider.chat.history.md` it writes in the folder it works in (the
/// git repository's root), each `# aider chat started at …` a session and each session a
/// conversation, with `.aider.input.history` beside it saying what the person typed and when.
/// INPUT is the history file, the folder holding it, or a folder of such folders.
package struct AiderReader: ChatExportReader {
    package var name: String { "aider" }
    package var title: String { "Aider" }
    package var inputHelp: String {
        "Aider's chat history (.aider.chat.history.md, with .aider.input.history beside it), the project folder holding it, "
            + "or a folder of such folders; each session in it is a conversation"
    }
    package var inputNoun: String { "Aider chat history" }
    package var standardInputName: String { Self.history }
    package var readsFolders: Bool { true }

    package init() {}

    static let history = ".aider.chat.history.md"
    static let input = ".aider.input.history"
    static let started = "# aider chat started at "

    package func recognise(_ input: InputProbe) -> Recognition? {
        switch input.kind {
        case .file:
            let begins = input.head.drop { $0 == 0x0A || $0 == 0x0D }.starts(with: Array(Self.started.utf8))
            if begins { return .certain("it begins with \"\(Self.started.trimmingASCIIWhitespace())\"") }
            if input.name == Self.history, input.headContains("\n" + Self.started) { return .certain("it is Aider's chat history") }
            return nil
        case .folder:
            if FileManager.default.fileExists(atPath: FilePath.join(input.path, Self.history)) { return .certain("it holds \(Self.history)") }
            // The folders in it, each asked: a history is a hidden file, never among the probe's names.
            let names = ((try? FileManager.default.contentsOfDirectory(atPath: input.path)) ?? []).filter { !$0.hasPrefix(".") }.sorted()
            for folder in names.prefix(256) where FileManager.default.fileExists(atPath: FilePath.join(input.path, folder + "/" + Self.history)) {
                return .certain("\(folder)/\(Self.history) is Aider's chat history")
            }
            return nil
        case .zip, .missing:
            return nil
        }
    }

    /// A history of one session is a page; one of several, or a folder, a site.
    package func rendersAlone(_ path: String) -> Bool {
        guard !SessionLog.isFolder(path), let bytes = try? FileInput.read(path: path, displayPath: path, limit: SessionLog.maxLogSize, what: "history")
        else { return false }
        return AiderHistory.sessions(in: String(decoding: bytes, as: UTF8.self)).filter(\.hasMessages).count == 1
    }

    package func read(_ path: String, options: ReadOptions) throws(DiagnosticError) -> ExportRead {
        let (files, isFolder) = try SessionLog.inputs(
            path, expected: "Aider's chat history (\(Self.history)) or a folder holding it", sessions: "Aider chat histories (\(Self.history))",
            find: Self.histories)
        var chats: [ImportedChat] = []
        var warnings: [Diagnostic] = []
        for file in files {
            do throws(DiagnosticError) {
                let (found, said) = try Self.readHistory(file)
                chats += found
                warnings += said
            } catch {
                if !isFolder { throw error }
                warnings += error.diagnostics.map {
                    var d = $0; d.severity = .warning; d.message += "; its sessions are left out"; return d
                }
            }
        }
        guard !chats.isEmpty else {
            throw DiagnosticError(Diagnostic(file: path, message: "no Aider session with a message in it"))
        }
        let site = !(chats.count == 1 && !isFolder)
        for k in chats.indices { chats[k].project = site ? chats[k].project.map(FilePath.lastComponent) : nil }
        return ExportRead(chats: chats, warnings: warnings)
    }

    /// Every chat history under `folder`: its own, and its folders' (hidden folders, and
    /// dependencies' folders, are passed over).
    static func histories(in folder: String) -> [String] {
        guard let walker = FileManager.default.enumerator(atPath: folder) else { return [] }
        var found: [String] = []
        while let relative = walker.nextObject() as? String {
            let name = FilePath.lastComponent(relative)
            if name == history { found.append(FilePath.join(folder, relative)); continue }
            if name.hasPrefix(".") || name == "node_modules" || relative.split(separator: "/").count > 6 { walker.skipDescendants() }
        }
        return found.sorted()
    }

    /// Each session of one history with a message in it, and the warnings.
    static func readHistory(_ path: String) throws(DiagnosticError) -> ([ImportedChat], [Diagnostic]) {
        let bytes = try FileInput.read(path: path, displayPath: path, limit: SessionLog.maxLogSize, what: "Aider chat history")
        let text = String(decoding: bytes, as: UTF8.self)
        var diagnostics: [Diagnostic] = []
        let folder = FilePath.directory(path)
        var typed = AiderHistory.Typed(entries: [], unknown: UnknownKinds())
        let inputPath = FilePath.join(folder, input)
        if FileManager.default.fileExists(atPath: inputPath) {
            do throws(DiagnosticError) {
                let bytes = try FileInput.read(path: inputPath, displayPath: inputPath, limit: SessionLog.maxLogSize, what: "Aider input history")
                typed = AiderHistory.typed(String(decoding: bytes, as: UTF8.self))
            } catch {
                diagnostics += error.diagnostics.map {
                    var d = $0; d.severity = .warning; d.message += "; the prompts have no dates"; return d
                }
            }
        }
        var chats: [ImportedChat] = []
        var cursor = 0
        let sessions = AiderHistory.sessions(in: text)
        if let first = sessions.first, first.header == nil, first.lines.contains(where: { !$0.trimmingASCIIWhitespace().isEmpty }) {
            diagnostics.append(
                Diagnostic(.warning, file: path, location: SourceLocation(line: 1), message: "text before the first \"# aider chat started at\"; left out"))
        }
        for session in sessions where session.header != nil && session.hasMessages {
            var reading = AiderSession(file: path, typed: typed.hasEntries ? typed.entries : nil, cursor: cursor)
            reading.log.project = folder
            reading.read(session)
            cursor = reading.cursor
            let fallback = "Aider chat " + (session.header ?? "")
            if let chat = reading.chat(fallbackTitle: fallback) { chats.append(chat) }
            diagnostics += reading.log.diagnostics
        }
        diagnostics += typed.unknown.warnings(file: inputPath)
        return (chats, diagnostics)
    }
}
