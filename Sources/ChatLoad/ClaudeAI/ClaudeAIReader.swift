import ChatModel

/// claude.ai's data export: `conversations.json` (and `projects.json`) in the zip or its folder.
package struct ClaudeAIReader: ChatExportReader {
    package var name: String { "claude-ai" }
    package var title: String { "Claude" }
    package var inputHelp: String {
        "claude.ai's data export: the .zip as downloaded, its unzipped folder, or its conversations.json (projects.json "
            + "beside it groups the index)"
    }
    package var inputNoun: String { "claude.ai export" }
    package var standardInputName: String { "export" }
    package var readsFolders: Bool { true }

    package init() {}

    package func recognise(_ input: InputProbe) -> Recognition? {
        switch input.kind {
        case .file:
            return input.shape.has("[].chat_messages") ? .certain("its conversations hold \"chat_messages\"") : nil
        case .folder, .zip:
            let files = input.entries.filter { $0.split(separator: "/").count <= 2 && FilePath.lastComponent($0) == "conversations.json" }
            for file in files {
                guard let head = input.head(of: file) else { continue }
                if JSONShape(head).has("[].chat_messages") { return .certain("\(file) holds conversations with \"chat_messages\"") }
            }
            if !files.isEmpty, input.entries.contains(where: { FilePath.lastComponent($0) == "users.json" }) {
                return .likely("it holds conversations.json and users.json")
            }
            return nil
        case .missing:
            return nil
        }
    }

    package func rendersAlone(_ path: String) -> Bool { false }

    package func read(_ path: String, options: ReadOptions) throws(DiagnosticError) -> ExportRead {
        let export = try ClaudeAIExport.open(path)
        let root = try export.conversations()
        let (projects, projectWarnings) = export.projects()
        let (chats, diagnostics) = ClaudeAIImporter.read(
            root, projects: projects, file: export.displayPath,
            projectsFile: export.projectsDisplayPath ?? "projects.json")
        guard let chats else { throw DiagnosticError(diagnostics + projectWarnings) }
        return ExportRead(chats: chats, warnings: diagnostics + projectWarnings)
    }
}
