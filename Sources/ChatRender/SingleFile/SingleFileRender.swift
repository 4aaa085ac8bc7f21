import Foundation
import ChatModel
import ChatPlan
import ChatRenderHTML
import ChatOutput
import ChatAssets

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

/// The single-file page of a render: assets are made in the writer's staging folder, the page is
/// drawn once from the plan with its asset places open, packed within the limit, and swapped in
/// with whatever stays beside it.
final class SingleFileOutput: RenderOutput, @unchecked Sendable {
    private let writer: SingleFileWriter
    private let options: SingleFileOptions
    private let displayPath: String
    /// The packed page and what stays beside it, once the page is written.
    private var packed: (page: [UInt8], spilled: [String])?

    init(request: RenderRequest, options: SingleFileOptions) throws(DiagnosticError) {
        writer = try SingleFileWriter(page: options.page)
        self.options = options
        self.displayPath = request.conversationPath
    }

    /// The page carries its images inside it: no earlier assets folder to reuse.
    var previousAssets: String? { nil }
    var path: String { writer.path }
    var destination: String { writer.destination }
    func write(_ bytes: [UInt8], to relative: String) throws(DiagnosticError) { try writer.write(bytes, to: relative) }
    func create(_ relative: String) throws(DiagnosticError) -> OutputFile { try writer.create(relative) }
    func folder(_ relative: String) throws(DiagnosticError) -> String { try writer.folder(relative) }
    func copy(_ source: String, to relative: String) throws(DiagnosticError) { try writer.copy(source, to: relative) }

    /// Draws the page once and packs it; reports its size, what it holds and a warning for each
    /// asset that stays beside it. The page is written at the commit.
    func writePage(
        _ conversation: Conversation, style: PageStyle, assets: AssetTable,
        options renderOptions: RenderOptions
    ) throws(DiagnosticError) -> WrittenPage {
        let packer = SingleFilePacker(
            conversation: conversation, displayPath: displayPath,
            limit: options.inlineLimit, spillHref: writer.filesFolderHref,
            spillName: writer.filesFolderName)
        let (table, items) = packer.represent(assets)
        let slotted = PageAssembler.assembleSlotted(
            conversation: conversation, style: style,
            assets: packer.deferred(table), options: renderOptions)
        let (page, plan) = try packer.pack(slotted, items: items, assetsFolder: FilePath.join(writer.path, AssetProducer.assetsFolder))
        packed = (page, plan.spilled.map(\.name))
        let summary = SingleFileSummary(
            page: writer.page, filesFolder: writer.filesFolder,
            inlinedFiles: plan.inlined.count, spilledFiles: plan.spilled.count)
        return WrittenPage(size: page.count + SingleFileWriter.marker.utf8.count, warnings: plan.warnings, singleFile: summary)
    }

    func commit() throws(DiagnosticError) {
        guard let packed else { preconditionFailure("a single-file page is written before it is committed") }
        try writer.commit(page: packed.page, spilled: packed.spilled)
    }

    func discard() { writer.discard() }
}
