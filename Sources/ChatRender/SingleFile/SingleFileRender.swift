import Foundation
import ChatModel
import ChatLoad
import ChatTheme
import ChatPlan
import ChatRenderHTML
import ChatOutput
import ChatAssets
import ChatBrowser

/// `render --single-file`: one `.html` with every image and file inside it as a `data:` URL.
public struct SingleFileOptions: Sendable, Equatable {
    /// The page to write, e.g. `out/garden.html`; what stays out goes into `out/garden_files/`.
    public var page: String
    /// The most the page may weigh with everything inlined (`--inline-limit`).
    public var inlineLimit: InlineLimit

    public init(page: String, inlineLimit: InlineLimit = .standard) {
        self.page = page
        self.inlineLimit = inlineLimit
    }
}

/// What a single-file render wrote.
public struct SingleFileSummary: Sendable, Equatable {
    /// The page's path.
    public var page: String
    /// The folder beside it; it exists only when ``spilledFiles`` is not zero.
    public var filesFolder: String
    /// Assets inlined as data URLs.
    public var inlinedFiles: Int
    /// Assets left in ``filesFolder``, each with a warning.
    public var spilledFiles: Int
}

package extension ChatRenderer {
    /// Load → plan → render → produce assets (in a staging folder) → pack into one page → write.
    static func renderSingleFile(_ request: RenderRequest, _ options: SingleFileOptions,
                                 inspector: ImageInspector?) throws(DiagnosticError) -> RenderResult {
        let (conversation, loadWarnings) = try ConversationLoader.load(path: request.conversationPath)
        let theme = try ThemeLoader.load(path: request.themePath, displayPath: request.themePath)
        let template = try PageTemplate.load(directory: request.templatesDirectory)
        let themeWarnings = ThemeContrast.diagnostics(for: theme, displayPath: request.themePath)

        let writer = try SingleFileWriter(page: options.page)
        do throws(DiagnosticError) {
            // No previous assets folder to reuse images from: the page carries them inside.
            let producer = assetProducer(for: request, inspector: inspector, previousAssets: nil)
            let (assets, assetWarnings, statistics) = try producer.produceWithStatistics(conversation, into: writer)

            let packer = SingleFilePacker(conversation: conversation, displayPath: request.conversationPath,
                                          limit: options.inlineLimit, spillHref: writer.filesFolderHref,
                                          spillName: writer.filesFolderName)
            let assetsFolder = FilePath.join(writer.path, AssetProducer.assetsFolder)
            let (table, items) = packer.represent(assets)
            let renderOptions = request.options(for: conversation)
            let (page, plan) = try packer.pack(table, items: items, assetsFolder: assetsFolder) { table in
                PageAssembler.assemble(conversation: conversation, theme: theme, assets: table,
                                       template: template, options: renderOptions)
            }
            let mathWarnings = MathWarnings.diagnostics(for: conversation, options: renderOptions, file: request.conversationPath)
            let warnings = loadWarnings + mathWarnings + themeWarnings + assetWarnings + plan.warnings
            try request.refuseIfStrict(warnings)
            try writer.commit(page: page, spilled: plan.spilled.map(\.name))
            let summary = SingleFileSummary(page: writer.page, filesFolder: writer.filesFolder,
                                            inlinedFiles: plan.inlined.count, spilledFiles: plan.spilled.count)
            return RenderResult(outputDirectory: FilePath.directory(writer.page), warnings: warnings,
                                pageSize: page.count + SingleFileWriter.marker.utf8.count, images: statistics, singleFile: summary)
        } catch {
            writer.discard()
            throw error
        }
    }
}
