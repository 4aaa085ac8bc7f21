import Foundation
import ChatModel

/// A folder holding several agents' sessions (`logs/claude/`, `logs/codex/`, `logs/gemini/`):
/// each of its folders is read by the reader that recognises it, and the whole is one site. Not a
/// format of its own (it has no `--from` name): `--from auto` and `render DIR` choose it when
/// the folders of one input are recognised by more than one reader.
package struct MixedFolderReader: ChatExportReader {
    package var name: String { "mixed" }
    package var title: String { "Several agents" }
    package var inputHelp: String { "a folder holding the sessions or exports of several agents, a folder each" }
    package var inputNoun: String { "folder of sessions" }
    package var standardInputName: String { "input" }
    package var readsFolders: Bool { true }

    package init() {}

    /// The folders of `path` and the reader of each, when they are more than one reader's.
    package static func parts(of path: String) -> [(folder: String, reader: any ChatExportReader)]? {
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).filter { !$0.hasPrefix(".") }.sorted()
        var found: [(String, any ChatExportReader)] = []
        for name in names {
            let folder = FilePath.join(path, name)
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder), isFolder.boolValue,
                let best = ExportReaders.candidates(InputProbe(folder)).first, best.recognition.confidence >= 60
            else { continue }
            found.append((folder, best.reader))
        }
        return Set(found.map { $0.1.name }).count > 1 ? found : nil
    }

    package func recognise(_ input: InputProbe) -> Recognition? {
        guard input.kind == .folder, let parts = Self.parts(of: input.path) else { return nil }
        let names = parts.map { "\(FilePath.lastComponent($0.folder)) (\($0.reader.title))" }
        return .certain("its folders hold several agents' sessions: " + names.joined(separator: ", "))
    }

    package func rendersAlone(_ path: String) -> Bool { false }

    /// Every folder read by its reader; in the site's index each conversation is grouped under its
    /// agent ("Codex"), then its project ("tides"), then its month.
    package func read(_ path: String, options: ReadOptions) throws(DiagnosticError) -> ExportRead {
        guard let parts = Self.parts(of: path) else {
            throw DiagnosticError(Diagnostic(file: path, message: "no folders of sessions of more than one agent here"))
        }
        var chats: [ImportedChat] = []
        var warnings: [Diagnostic] = []
        for (folder, reader) in parts {
            do throws(DiagnosticError) {
                let read = try reader.read(folder, options: options)
                warnings += read.warnings
                for var chat in read.chats {
                    // A fork the reader tells by where it lives (Kilo Code's opencode store) keeps its name.
                    chat.agent = chat.agent ?? reader.title
                    chats.append(chat)
                }
            } catch {
                // One agent's folder that cannot be read costs only its sessions.
                warnings += error.diagnostics.map {
                    var d = $0; d.severity = .warning; d.message += "; its sessions are left out"; return d
                }
            }
        }
        guard !chats.isEmpty else {
            throw DiagnosticError(
                warnings.map {
                    var d = $0; d.severity = .error; return d
                })
        }
        return ExportRead(chats: chats, warnings: warnings)
    }

    /// Each agent's folder split as its reader splits it, each source naming its reader.
    package func sources(_ path: String) -> [InputSource] {
        (Self.parts(of: path) ?? []).flatMap { folder, reader in
            reader.sources(folder).map {
                var source = $0; source.reader = reader.name; return source
            }
        }
    }

    /// One source, read by the reader of its agent's folder, its chats filed under that agent.
    package func read(source: InputSource, options: ReadOptions) throws(DiagnosticError) -> ExportRead {
        guard let reader = source.reader.flatMap(ExportReaders.named) else {
            throw DiagnosticError(Diagnostic(file: source.path, message: "no reader named for this part of a folder of several agents"))
        }
        var read = try reader.read(source: source, options: options)
        for k in read.chats.indices { read.chats[k].agent = reader.title }
        return read
    }
}
