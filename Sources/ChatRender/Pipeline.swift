import Foundation
import CPlatform
import ChatModel
import ChatLoad
import ChatTheme
import ChatPlan
import ChatRenderHTML
import ChatOutput
import ChatAssets
import ChatBrowser

/// One render: what to read, where to write, and how.
public struct RenderRequest: Sendable {
    public var conversationPath: String
    public var themePath: String
    /// Where a partial theme (`"$extends": "sp"`) finds the bundled themes it builds on; the
    /// command line passes the folder it found. Unknown by default: a complete theme needs none.
    public var bundledThemes = BundledThemes.unknown
    public var templatesDirectory: String
    public var outputDirectory: String
    public var options: RenderOptions
    /// Treat warnings as errors: nothing is written when there are any.
    public var strict: Bool
    /// How photos become web images.
    public var images: ImageSettings
    /// Called as photos finish (done, total), from worker threads.
    public var progress: (@Sendable (Int, Int) -> Void)?
    /// True when `options.markup` was chosen by the person (`--markup`); otherwise a conversation
    /// file's own `"markup"` (imported chats say `full`) decides. See ``options(for:)``.
    public var markupGiven = false
    /// Set for `--single-file`: one `.html` with everything inlined; `outputDirectory` is then unused.
    public var singleFile: SingleFileOptions?
    /// Set for `--pdf`: `index.pdf` is printed from the page before the output is committed.
    public var pdf: PDFOptions?
    /// The folder the conversation's photos and files are found in, and may not leave; nil for
    /// the conversation file's own folder. Set when the file is a copy (of standard input, say).
    public var attachmentsDirectory: String?
    /// The price table for estimated costs (`--prices`); nil for the templates' `prices.json`.
    public var pricesPath: String?
    /// A folder kept between renders (see ``RenderCache``): web images made by any earlier
    /// render, and a site's pages, are reused from it, and what this render makes is put there.
    /// nil renders without one (the command line's default is the user's cache folder).
    public var cacheDirectory: String?
    /// Whether a site gets its insights page (`insights/index.html` and its data files), linked
    /// from the index; `--no-insights` leaves them out.
    package var insights = true
    /// The cache of `cacheDirectory`, opened once for every page of a site.
    package var cache: RenderCache?
    /// What tells this build of chatrender from another of the same version (the command line
    /// passes its executable's identity), so a rebuilt binary never takes an older one's pages.
    package var cacheBuild = ""

    public init(
        conversationPath: String, themePath: String, templatesDirectory: String, outputDirectory: String,
        options: RenderOptions = .init(), strict: Bool = false, images: ImageSettings = .init()
    ) {
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
    /// What a `--single-file` render wrote (then `pageSize` is the single page's size).
    public var singleFile: SingleFileSummary? = nil
    /// Bytes of `index.pdf`, when one was asked for.
    public var pdfSize: Int? = nil
    /// Whether the page came from the cache whole (a site's page made before from the same input).
    package var pageReused = false
}

/// Load → plan → render → produce assets → write, for the CLI and for library users.
public enum ChatRenderer {
    /// Releases libvips at the end of a process (and reports leaks under `VIPS_LEAK=1`).
    public static func shutdown() { VipsRuntime.shutdown() }

    /// For a command-line process that renders and exits: freed memory stays in the process for
    /// reuse instead of going back to the system (fewer page faults). Not for long-lived hosts.
    public static func prepareOneShotProcess() { cplatform_keep_freed_memory() }

    /// The asset stage for `request`: photos and files are found beside the conversation file
    /// (or in `attachmentsDirectory`).
    static func assetProducer(for request: RenderRequest, inspector: ImageInspector?, previousAssets: String?) -> AssetProducer {
        let base = request.attachmentsDirectory ?? FilePath.directory(request.conversationPath)
        var producer = AssetProducer(
            inspector: inspector
                ?? VipsImageInspector(
                    maxPixels: request.images.maxPixels,
                    allowUntrustedLoaders: request.images.allowUntrustedLoaders),
            baseDirectory: base.isEmpty ? "." : base,
            displayPath: request.conversationPath,
            settings: request.images,
            previousAssets: previousAssets)
        producer.progress = request.progress
        producer.cache = request.cache
        return producer
    }

    /// Renders a conversation into `request.outputDirectory` (or, with `request.singleFile`, into
    /// one page). On any error nothing changes there; warnings come back in the result.
    public static func render(_ request: RenderRequest) throws(DiagnosticError) -> RenderResult {
        try render(request, inspector: nil)
    }

    /// Reads a conversation file: the model and the warnings (unknown members, say). Errors name
    /// the file, the line and column, and the JSON path.
    public static func loadConversation(path: String) throws(DiagnosticError) -> (conversation: Conversation, warnings: [Diagnostic]) {
        try ConversationLoader.load(path: path)
    }

    /// ``render(_:)`` with the image engine given (tests pass a fake one).
    ///
    /// The one render driver: load → plan → produce assets → render → write, into an output
    /// folder (`index.html` and its assets) or, with `request.singleFile`, one page.
    package static func render(_ request: RenderRequest, inspector: ImageInspector?) throws(DiagnosticError) -> RenderResult {
        try render(request, loaded: nil, inspector: inspector)
    }

    /// ``render(_:inspector:)`` of a conversation already in memory (`loaded`, with its load
    /// warnings) instead of the file at `request.conversationPath`, which then only names the
    /// conversation in messages; its photos and files are still found beside that path (or in
    /// `attachmentsDirectory`). `render --from` hands each imported conversation over this way.
    package static func render(_ request: RenderRequest, loaded: (Conversation, [Diagnostic])?, inspector: ImageInspector?) throws(DiagnosticError)
        -> RenderResult
    {
        try render(request, loaded: loaded, prepared: nil, into: nil, inspector: inspector)
    }

    /// ``render(_:loaded:inspector:)`` with what the page takes from the theme and templates
    /// already made (`prepared`, shared by every page of a site) and into `given` (a page's folder
    /// inside a site) instead of an output of its own.
    /// `preparing`, when given, is that page's style under way (started before the conversation
    /// was imported).
    static func render(
        _ request: RenderRequest, loaded: (Conversation, [Diagnostic])?, prepared: PreparedPage?,
        preparing: InBackground<PreparedPage>? = nil,
        into given: RenderOutput?, inspector: ImageInspector?
    ) throws(DiagnosticError) -> RenderResult {
        if request.singleFile != nil && request.pdf != nil {
            throw DiagnosticError(
                [
                    Diagnostic(
                        file: request.conversationPath,
                        message:
                            "a PDF is printed from an output folder's index.html; a single-file render has none (render the folder with a PDF, or print the single page from a browser)"
                    )
                ], kind: .usage)
        }
        // The theme, the templates and what the page takes from them alone (stylesheets and their
        // Content-Security-Policy hashes) do not depend on the conversation: they are made on
        // another thread while this one reads the conversation. Errors are reported in the same
        // order as before, the conversation's first.
        let style = prepared == nil ? preparing ?? InBackground { () throws(DiagnosticError) -> PreparedPage in try PreparedPage(request) } : nil
        let (conversation, loadWarnings): (Conversation, [Diagnostic])
        if let loaded {
            (conversation, loadWarnings) = loaded
        } else {
            (conversation, loadWarnings) = try ConversationLoader.load(path: request.conversationPath)
        }
        // The style is waited for only once the photos and files are made: they do not depend on
        // it, and a small conversation's are made while the theme is still read. A theme's error
        // still comes before theirs and before the output's.
        func preparedPage() throws(DiagnosticError) -> PreparedPage {
            if let prepared { return prepared }
            return try style!.value()
        }
        var options = request.options(for: conversation)
        // A PDF is printed from the page as it opens: it must hold every turn.
        if request.pdf != nil { options.splitOver = 0 }

        // A render of its own opens its cache, and keeps it within its size once the render is done.
        var request = request
        var cacheWarnings: [Diagnostic] = []
        if given == nil, request.cache == nil, let folder = request.cacheDirectory {
            do throws(DiagnosticError) { request.cache = try RenderCache(folder: folder, build: request.cacheBuild) } catch {
                cacheWarnings = error.diagnostics
            }
        }
        defer { if given == nil { request.cache?.prune() } }

        let output: RenderOutput
        do throws(DiagnosticError) {
            if let given {
                output = given
            } else if let singleFile = request.singleFile {
                output = try SingleFileOutput(request: request, options: singleFile)
            } else {
                output = try StagingFolder(replacing: request.outputDirectory)
            }
        } catch {
            _ = try preparedPage()
            throw error
        }
        do throws(DiagnosticError) {
            let producer = assetProducer(for: request, inspector: inspector, previousAssets: output.previousAssets)
            let produced = Result { () throws(DiagnosticError) in try producer.produceWithStatistics(conversation, into: output) }
            let page = try preparedPage()
            options.strings = page.strings
            options.prices = page.prices
            let (assets, assetWarnings, statistics) = try produced.get()
            // A site says which models it has no price for once, for all its pages (see `SiteWriter`).
            // The models with no price are found while the page is written: the stats of a long
            // session's every turn took one core alone before the page was started.
            let prices = options.prices, pricesDisplayPath = request.pricesDisplayPath
            let priceWarnings =
                given == nil
                ? InBackground { PriceWarnings.diagnostics(for: [SessionStats(conversation.messages ?? []).usage], prices: prices, file: pricesDisplayPath) }
                : nil
            let mathWarnings = MathWarnings.diagnostics(for: conversation, options: options, file: request.conversationPath)
            // A site's page made before from the same conversation, assets, style and options is
            // taken whole from the cache (see `pageKey`).
            let key =
                given != nil && request.cache != nil && conversation.composer == nil
                ? pageKey(conversation, assets: assets, options: options, page: page, cache: request.cache!) : nil
            var reused = false
            let written: WrittenPage
            if let cache = request.cache, let key, let bytes = cache.page(key) {
                try output.write(bytes, to: "index.html")
                written = WrittenPage(size: bytes.count)
                reused = true
            } else {
                // The page carries the template files of the features it uses, and no others.
                written = try output.writePage(conversation, style: page.style.using(.used(by: conversation)), assets: assets, options: options)
                if let cache = request.cache, let key { cache.keepPage(at: FilePath.join(output.path, "index.html"), key: key) }
            }
            var warnings = loadWarnings + mathWarnings + (try priceWarnings?.value() ?? []) + page.warnings + assetWarnings + written.warnings
            // Nothing is in place until the commit: a refusal leaves the output as it was.
            try request.refuseIfStrict(warnings)
            // Not the input's fault: told, but never refused under --strict.
            warnings += cacheWarnings
            let pdfSize = try request.pdf.map { options throws(DiagnosticError) in
                try PDFExport.write(into: output, options: options)
            }
            try output.commit()
            // A long session's model is taken apart later (``LaterRelease``): a render that ends
            // the process leaves it to the system instead of freeing it block by block, alone on
            // one core, after the page is done (a twentieth of a 100,000-turn render).
            if given == nil {
                let done = conversation
                LaterRelease.run { _ = done }
            }
            return RenderResult(
                outputDirectory: written.singleFile.map { FilePath.directory($0.page) } ?? output.destination,
                warnings: warnings, pageSize: written.size, images: statistics,
                singleFile: written.singleFile, pdfSize: pdfSize, pageReused: reused)
        } catch {
            output.discard()
            throw error
        }
    }
}

extension ChatRenderer {
    /// The key of a site's page in the cache: everything the page is made from. The page is a
    /// function of these alone (rendering is pure: no clock, file or environment), so a page
    /// cached under the same key is the page this render would make. (A conversation with a
    /// composer, a preview's fixture, is never cached: its page is rendered each time.)
    static func pageKey(_ conversation: Conversation, assets: AssetTable, options: RenderOptions, page: PreparedPage, cache: RenderCache) -> String {
        var print = Fingerprint("chatrender page 1")
        print.add(page.fingerprint)
        print.add(cache.build)
        print.add(options.showRetry)
        print.add(options.markup.rawValue)
        print.add(options.locale.tag)
        print.add(options.locale.offsetSeconds)
        // The words: the page's own (`page.strings`, in its fingerprint) unless a caller's differ.
        if options.strings != page.strings { options.strings.addFingerprint(to: &print) }
        if let site = options.site { print.add(site.root); print.add(site.shards) } else { print.add("alone") }
        assets.addFingerprint(to: &print)
        // The conversation as its native file: every member the loader reads (a composer aside).
        print.add(NativeJSON.encode(conversation))
        return print.finish()
    }
}

/// What a page takes from the theme and the templates alone: its style (stylesheets, script and
/// their Content-Security-Policy), its words, and the warnings of both (the string table's, the
/// theme's contrast). Made once per page, or once for all the pages of a site.
struct PreparedPage: Sendable {
    var style: PageStyle
    var strings: UIStrings
    /// What models cost, for the estimates (`--prices`, else the templates' table).
    var prices: PriceTable
    var warnings: [Diagnostic]
    /// The version and the style, for cached pages' keys (see ``ChatRenderer/pageKey``).
    var fingerprint: String

    /// For a page alone: its stylesheets and script inline; with `live`, a watched session's page
    /// (see ``PageStyle/init(theme:template:live:)``).
    init(_ request: RenderRequest, live: Bool = false) throws(DiagnosticError) {
        // The templates and the words are read on another thread while the theme is read and
        // made into its stylesheet. Errors keep their order: the theme's, the templates', then
        // the words'.
        let other = InBackground {
            () -> (Result<PageTemplate, DiagnosticError>, Result<(UIStrings, [Diagnostic]), DiagnosticError>, Result<PriceTable, DiagnosticError>) in
            (
                Result { () throws(DiagnosticError) in try PageTemplate.load(directory: request.templatesDirectory) },
                Result { () throws(DiagnosticError) in try request.strings() },
                Result { () throws(DiagnosticError) in try request.prices() }
            )
        }
        let theme = try ThemeLoader.load(path: request.themePath, displayPath: request.themePath, bundledThemes: request.bundledThemes)
        let (template, words, prices) = try other.value()
        let made = try template.get()
        if live && made.live.isEmpty {
            throw DiagnosticError(
                Diagnostic(
                    file: request.templatesDirectory,
                    message: "has no live/ folder (live.css and live.js); a watched session's page is made from them"),
                kind: .missingInput)
        }
        self.init(request, style: PageStyle(theme: theme, template: made, live: live), words: try words.get(), prices: try prices.get())
    }

    init(_ request: RenderRequest, style: PageStyle) throws(DiagnosticError) {
        self.init(request, style: style, words: try request.strings(), prices: try request.prices())
    }

    init(_ request: RenderRequest, style: PageStyle, words: (UIStrings, [Diagnostic]), prices: PriceTable) {
        self.style = style
        let (strings, stringWarnings) = words
        self.strings = strings
        self.prices = prices
        warnings = stringWarnings + ThemeContrast.diagnostics(for: style.theme, displayPath: request.themePath)
        var print = Fingerprint("chatrender style 1")
        print.add(ChatRenderVersion.string)
        style.addFingerprint(to: &print)
        strings.addFingerprint(to: &print)
        print.add(prices.date)
        for name in prices.models.keys.sorted() {
            let price = prices.models[name]!
            print.add(name);
            print.add("\(price.input) \(price.output) \(price.cacheRead) \(price.cacheWrite) \(price.oneHourWrite) \(price.contextWindow ?? 0)")
        }
        fingerprint = print.finish()
    }
}

/// Where a render puts its page and assets, made whole at the end or thrown away: an output
/// folder, or a single-file page (see `SingleFileOutput`).
protocol RenderOutput: FolderOutput {
    /// The assets folder of the output this one replaces, for reusing images made before.
    var previousAssets: String? { get }
    /// Renders the page into the output.
    func writePage(
        _ conversation: Conversation, style: PageStyle, assets: AssetTable,
        options: RenderOptions
    ) throws(DiagnosticError) -> WrittenPage
    func commit() throws(DiagnosticError)
    func discard()
}

/// What writing the page reports.
struct WrittenPage {
    /// Bytes of the page as written.
    var size: Int
    var warnings: [Diagnostic] = []
    var singleFile: SingleFileSummary?
}

extension RenderOutput {
    /// `index.html`, written as it is rendered: each chunk of turns as soon as it and those before
    /// it are done, so writing overlaps rendering and each buffer is reused.
    func writePage(
        _ conversation: Conversation, style: PageStyle, assets: AssetTable,
        options: RenderOptions
    ) throws(DiagnosticError) -> WrittenPage {
        // A page alone too long to open whole is written in chunks (not a site's page, whose
        // policy allows no script of its folder, nor one printed to PDF, which must be whole).
        if options.site == nil, !style.template.chunks.isEmpty,
            let chunks = ChunkedPage.chunks(conversation.messages ?? [], over: options.splitOver)
        {
            let file = try create("index.html")
            var failure: DiagnosticError?
            // Its own search, the site's script and stylesheet searching the page's shards.
            let search = FeatureTemplate(stylesheet: style.template.site.searchStylesheet, script: style.template.site.searchScript + "\n")
            // A page too tall for a browser to lay out has its placeholders scaled down.
            let scaled = ChunkedPage.stylesheet(chunks).map { FeatureTemplate(stylesheet: $0) }
            let chunked = PageStyle(
                theme: style.theme, template: style.template, adding: [search, style.template.chunks] + (scaled.map { [$0] } ?? []),
                using: style.features)
            ChunkedPage.write(conversation, chunks: chunks, style: chunked, assets: assets, options: options, into: file.sink) { path, bytes in
                guard failure == nil else { return }
                do throws(DiagnosticError) {
                    try write(bytes, to: path)
                } catch { failure = error }
            }
            let size = try file.finish()
            if let failure { throw failure }
            return WrittenPage(size: size)
        }
        let file = try create("index.html")
        PageAssembler.assemble(conversation: conversation, style: style, assets: assets, options: options, into: file.sink)
        return WrittenPage(size: try file.finish())
    }
}

extension StagingFolder: RenderOutput {}

/// A page's folder inside a site's staging folder: it becomes visible with the site.
extension SubfolderOutput: RenderOutput {
    var previousAssets: String? { nil }
    func commit() throws(DiagnosticError) {}
}

extension RenderRequest {
    /// Under `strict`, warnings are errors: they are thrown (as errors, exit 65) and nothing is written.
    func refuseIfStrict(_ warnings: [Diagnostic]) throws(DiagnosticError) {
        if strict && !warnings.isEmpty {
            throw DiagnosticError(
                warnings.map {
                    var d = $0; d.severity = .error; return d
                }, kind: .badData)
        }
    }

    /// The page's words: the string table for `options.locale.tag` from the templates'
    /// `strings/` folder, unless the options already carry a table other than English.
    func strings() throws(DiagnosticError) -> (UIStrings, [Diagnostic]) {
        if options.strings != .english { return (options.strings, []) }
        return try UIStrings.load(locale: options.locale.tag, templates: templatesDirectory)
    }

    /// The price table as messages name it.
    var pricesDisplayPath: String { pricesPath ?? FilePath.join(templatesDirectory, PriceTable.fileName) }

    /// The price table: the file `pricesPath` names, else the templates' `prices.json`.
    func prices() throws(DiagnosticError) -> PriceTable {
        if let path = pricesPath { return try PriceTable.load(path: path, displayPath: path) }
        return try PriceTable.load(templates: templatesDirectory)
    }

    /// The options for this conversation: its own `"markup"` unless `markupGiven`.
    package func options(for conversation: Conversation) -> RenderOptions {
        var options = self.options
        if !markupGiven, let markup = conversation.markup { options.markup = markup }
        return options
    }
}
