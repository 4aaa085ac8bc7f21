import Foundation
import ChatModel
import ChatSupport

/// Factory's Droid sessions: one JSON-lines log a session (`~/.factory/sessions/<slug>/<id>.jsonl`,
/// the slug the working folder with `/` written `-`), with `<id>.settings.json` beside it (the
/// model and the session's tokens), or a folder of them.
package struct DroidReader: ChatExportReader {
    package var name: String { "droid" }
    package var title: String { "Factory Droid" }
    package var inputHelp: String {
        "a Factory Droid session (~/.factory/sessions/PROJECT/ID.jsonl, its ID.settings.json beside it), or a folder of them (~/.factory/sessions)"
    }
    package var inputNoun: String { "Factory Droid session" }
    package var standardInputName: String { "session.jsonl" }
    package var readsFolders: Bool { true }

    package init() {}

    package func recognise(_ input: InputProbe) -> Recognition? {
        switch input.kind {
        case .file:
            guard let first = input.records.first, InputProbe.string(first, "type") == "session_start" else { return nil }
            if first["cwd"] != nil || first["owner"] != nil { return .certain("its first line is a session_start record with cwd") }
            return .likely("its first line is a session_start record")
        case .folder:
            let logs = input.entries.filter { $0.hasSuffix(".jsonl") }
            guard logs.contains(where: { input.entries.contains(String($0.dropLast(6)) + ".settings.json") }) else { return nil }
            return .certain("it holds session logs with their .settings.json beside them")
        case .zip, .missing:
            return nil
        }
    }

    package func rendersAlone(_ path: String) -> Bool { !SessionLog.isFolder(path) }

    package func read(_ path: String, options: ReadOptions) throws(DiagnosticError) -> ExportRead {
        let (files, isFolder) = try SessionLog.inputs(
            path, expected: "a Factory Droid session (~/.factory/sessions/PROJECT/ID.jsonl) or a folder of them", sessions: "Factory Droid sessions (ID.jsonl)"
        ) { folder in SessionLog.files(in: folder) { _, name in name.hasSuffix(".jsonl") } }
        return try SessionLog.readAll(files, site: isFolder) { (file) throws(DiagnosticError) in
            var session = DroidSession(file: file)
            try SessionLog.mapped(file, what: "Factory Droid session") { mapped in mapped.withBytes { session.read($0) } }
            session.readSettings(String(file.dropLast(6)) + ".settings.json")
            return (session.chat(fallbackTitle: FilePath.stem(file)), session.log.diagnostics)
        }
    }
}
