import ChatModel

/// ChatGPT's data export: `conversations.json` (or its numbered shards) and the files beside it,
/// as the zip, its unzipped folder or one conversations file.
package struct ChatGPTReader: ChatExportReader {
    package var name: String { "chatgpt" }
    package var title: String { "ChatGPT" }
    package var inputHelp: String {
        "ChatGPT's data export: the .zip as downloaded (read in place), its unzipped folder, or one of its conversation "
            + "files (conversations.json, or a shard conversations-000.json …)"
    }
    package var inputNoun: String { "ChatGPT export" }
    package var standardInputName: String { "export" }
    package var readsFolders: Bool { true }

    package init() {}

    package func recognise(_ input: InputProbe) -> Recognition? {
        switch input.kind {
        case .file:
            if input.shape.has("[].mapping") || input.shape.has("[].current_node") {
                return .certain("its conversations hold a \"mapping\" of messages")
            }
            if input.shape.root == UInt8(ascii: "["), ChatGPTExport.isExportFile(input.name) {
                return .possible("it is named \(input.name)")
            }
            return nil
        case .folder, .zip:
            // The export at the top, or in one folder (a zip unpacked into a folder of its own).
            let files = input.entries.filter { $0.split(separator: "/").count <= 2 && ChatGPTExport.isExportFile(FilePath.lastComponent($0)) }
            guard !files.isEmpty else { return nil }
            if files.contains(where: { FilePath.lastComponent($0) == ChatGPTExport.manifestName }) {
                return .certain("it holds \(ChatGPTExport.manifestName)")
            }
            for file in files where FilePath.lastComponent(file) != ChatGPTExport.manifestName {
                guard let head = input.head(of: file) else { continue }
                let shape = JSONShape(head)
                if shape.has("[].mapping") || shape.has("[].current_node") { return .certain("\(file) holds conversations with a \"mapping\" of messages") }
                if shape.has("[].chat_messages") { return nil }
            }
            return .possible("it holds \(files[0])")
        case .missing:
            return nil
        }
    }

    package func rendersAlone(_ path: String) -> Bool { false }

    package func read(_ path: String, options: ReadOptions) throws(DiagnosticError) -> ExportRead {
        // Every layout (one conversations.json or numbered shards, folder or zip); a
        // conversation that cannot be read is a warning and the rest is imported.
        let export = try ChatGPTExport.open(path)
        let (chats, warnings) = try ChatGPTImporter.read(export, includeSystem: options.includeSystem)
        return ExportRead(chats: chats, warnings: warnings)
    }
}
