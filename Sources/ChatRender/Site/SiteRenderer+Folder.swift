import Foundation
import ChatModel
import ChatLoad
import ChatAssets

extension SiteRenderer {
    /// `render FOLDER`: every native conversation file (`*.json`) at the top of a folder, as one
    /// site (an `import`'s output, say: its `SLUG.json` files find their photos in `files/`).
    /// A file that cannot be read as a conversation is a warning naming it, and the rest are
    /// rendered (under `--strict`, an error, and nothing is written); no conversation at all is an error.
    package static func renderFolder(
        _ folder: String, render: RenderRequest, shard: SiteShard? = nil,
        inspector: ImageInspector? = nil
    ) throws(DiagnosticError) -> Result {
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [])
            .filter { $0.lowercased().hasSuffix(".json") && !$0.hasPrefix(".") }
            .sorted()
        var loaded: [(name: String, path: String, conversation: Conversation)] = []
        var warnings: [Diagnostic] = []
        for name in names {
            let path = FilePath.join(folder, name)
            do throws(DiagnosticError) {
                let (conversation, loadWarnings) = try ConversationLoader.load(path: path)
                loaded.append((name, path, conversation))
                warnings += loadWarnings
            } catch {
                // Told as a warning: the other conversations of the folder are still rendered.
                warnings += error.diagnostics.map {
                    var d = $0; d.severity = .warning; return d
                }
                warnings.append(Diagnostic(.warning, file: path, message: "not a conversation file; left out of the site"))
            }
        }
        try render.refuseIfStrict(warnings)
        guard !loaded.isEmpty else {
            throw DiagnosticError(
                warnings + [
                    Diagnostic(
                        file: folder,
                        message: names.isEmpty
                            ? "is a folder with no conversation files; expected a conversation file, or a folder of them (*.json)"
                            : "holds no conversation file that could be read; expected conversation files (*.json)")
                ], kind: .missingInput)
        }
        let titles = loaded.map { item in item.conversation.title.flatMap { $0.isEmpty ? nil : $0 } ?? FilePath.stem(item.name) }
        let slugs = ImportWriter.slugs(for: titles)
        var pages: [Page] = []
        for ((item, title), slug) in zip(zip(loaded, titles), slugs) {
            let messages = item.conversation.messages ?? []
            var entry = ImportedEntry(
                title: title, file: item.name, slug: slug,
                date: item.conversation.date ?? messages.lazy.compactMap(\.date).first,
                messageCount: messages.count, project: item.conversation.project,
                agent: item.conversation.agent)
            entry.summary = ConversationSummary(messages, sessionUsage: item.conversation.sessionUsage)
            pages.append(Page(entry: entry, conversation: item.conversation, path: item.path, shownAs: item.path))
        }
        pages = ImportWriter.newestFirst(pages, date: \.entry.date)
        return try site(
            pages, alone: false, outputDirectory: render.outputDirectory, render: render, shard: shard,
            warnings: warnings, inspector: inspector)
    }

    /// A folder of sessions makes an index even when it holds one: the next run may hold more.
    package static func isFolder(_ path: String) -> Bool {
        var folder: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &folder) && folder.boolValue
    }
}
