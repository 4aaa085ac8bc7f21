import Foundation

/// One render: what to read, where to write, and how.
public struct RenderRequest: Sendable {
    public var conversationPath: String
    public var themePath: String
    public var templatesDirectory: String
    public var outputDirectory: String
    public var options: RenderOptions
    /// Treat warnings as errors: nothing is written when there are any.
    public var strict: Bool
    /// How photos become web images.
    public var images: ImageSettings
    /// Called as photos finish (done, total), from worker threads.
    public var progress: (@Sendable (Int, Int) -> Void)?

    public init(conversationPath: String, themePath: String, templatesDirectory: String, outputDirectory: String,
                options: RenderOptions = .init(), strict: Bool = false, images: ImageSettings = .init()) {
        self.conversationPath = conversationPath
        self.themePath = themePath
        self.templatesDirectory = templatesDirectory
        self.outputDirectory = outputDirectory
        self.options = options
        self.strict = strict
        self.images = images
    }
}

/// What a finished render reports.
public struct RenderResult: Sendable {
    public var outputDirectory: String
    public var warnings: [Diagnostic]
    /// Bytes of `index.html`.
    public var pageSize: Int
    /// Photos handled, images made with libvips, images reused from the previous output.
    public var images: AssetProducer.Statistics
}

/// Load → plan → render → produce assets → write, for the CLI and for library users.
public enum ChatRenderer {
    /// Releases libvips at the end of a process (and reports leaks under `VIPS_LEAK=1`).
    public static func shutdown() { VipsRuntime.shutdown() }

    /// Renders a conversation into `request.outputDirectory`. On any error nothing changes there.
    public static func render(_ request: RenderRequest, inspector: ImageInspector? = nil) throws(DiagnosticError) -> RenderResult {
        let (conversation, loadWarnings) = try ConversationLoader.load(path: request.conversationPath)
        let theme = try ThemeLoader.load(path: request.themePath, displayPath: request.themePath)
        let template = try PageTemplate.load(directory: request.templatesDirectory)

        let writer = OutputWriter(destination: request.outputDirectory)
        let staging = try writer.makeStaging()
        do throws(DiagnosticError) {
            let base = FilePath.directory(request.conversationPath)
            var producer = AssetProducer(inspector: inspector ?? VipsImageInspector(maxPixels: request.images.maxPixels,
                                                                                     allowUntrustedLoaders: request.images.allowUntrustedLoaders),
                                         baseDirectory: base.isEmpty ? "." : base,
                                         displayPath: request.conversationPath,
                                         settings: request.images,
                                         previousAssets: writer.previousAssets)
            producer.progress = request.progress
            let (assets, assetWarnings, statistics) = try producer.produceWithStatistics(conversation, staging: staging)
            let warnings = loadWarnings + assetWarnings
            if request.strict && !warnings.isEmpty {
                throw DiagnosticError(warnings.map { var d = $0; d.severity = .error; return d }, kind: .badData)
            }
            let page = PageAssembler.assemble(conversation: conversation, theme: theme, assets: assets,
                                              template: template, options: request.options)
            try writer.write(page, to: "index.html", in: staging)
            try writer.commit(staging: staging)
            return RenderResult(outputDirectory: writer.destination, warnings: warnings, pageSize: page.count, images: statistics)
        } catch {
            writer.discard(staging: staging)
            throw error
        }
    }
}
