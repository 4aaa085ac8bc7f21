import Foundation
import ChatModel
import ChatLoad
import ChatTheme
import ChatPlan
import ChatRenderHTML
import ChatOutput
import ChatAssets
import ChatBrowser

/// One import: which format, what to read, where to write.
public struct ImportRequest: Sendable {
    public var format: ImportFormat
    /// The input: an API messages file, or ChatGPT's data export (the zip, its unzipped folder or its `conversations.json`).
    public var inputPath: String
    public var outputDirectory: String
    /// Keep system, developer and tool turns (shown as labelled assistant turns).
    public var includeSystem: Bool
    /// Treat warnings (a conversation left out, a file the export lacks) as errors: nothing is written.
    public var strict: Bool
    /// Mask credentials and home folders before anything is written (`--redact`).
    public var redact: Bool = false
    /// Mask email addresses too (`--redact-emails`; implies ``redact``).
    public var redactEmails: Bool = false
    /// `--shard K/N`: render only this slice of the site's pages (see ``SiteShard``).
    package var shard: SiteShard?

    public init(format: ImportFormat, inputPath: String, outputDirectory: String, includeSystem: Bool = false, strict: Bool = false) {
        self.format = format
        self.inputPath = inputPath
        self.outputDirectory = outputDirectory
        self.includeSystem = includeSystem
        self.strict = strict
    }
}

/// What a finished import reports.
public struct ImportResult: Sendable {
    public var outputDirectory: String
    /// The conversations written, newest first (the order of `index.html`).
    public var entries: [ImportedEntry]
    public var warnings: [Diagnostic]
    /// What `--redact` masked in all conversations together; nil without it.
    package var redaction: RedactionSummary? = nil
}

/// `chatrender import`: reads an export, writes native conversation files (`SLUG.json`), their
/// photos and files (`files/SLUG/…`) and an `index.html` listing them, all through
/// a ``StagingFolder``, so bad input leaves nothing half-written.
public enum Importer {
    public static func run(_ request: ImportRequest) throws(DiagnosticError) -> ImportResult {
        let (chats, warnings, redaction) = try prepare(request)
        let output = try StagingFolder(replacing: request.outputDirectory)
        do throws(DiagnosticError) {
            let entries = ImportWriter.newestFirst(try ImportWriter.write(chats, into: output))
            try output.write(ImportIndexPage.render(entries, link: { $0.file }), to: "index.html")
            try output.commit()
            return ImportResult(outputDirectory: output.destination, entries: entries, warnings: warnings, redaction: redaction)
        } catch {
            output.discard()
            throw error
        }
    }

    /// The conversations to write: read, refused under `strict` when anything was wrong, and
    /// masked under `--redact` before anything is written, so no unmasked byte reaches the output.
    static func prepare(_ request: ImportRequest) throws(DiagnosticError) -> (chats: [ImportedChat], warnings: [Diagnostic], redaction: RedactionSummary?) {
        var (chats, warnings) = try read(request)
        if request.strict && !warnings.isEmpty {
            throw DiagnosticError(warnings.map { var d = $0; d.severity = .error; return d }, kind: .badData)
        }
        var redaction: RedactionSummary?
        if request.redact || request.redactEmails {
            var unscanned: [Redactor.Unscanned] = []
            (chats, redaction) = Redactor.redact(chats, emails: request.redactEmails, unscanned: &unscanned)
            // Not a fault of the input (so not refused by --strict), but the person sharing the
            // page must know which files were not masked.
            warnings += unscanned.map { Diagnostic(.warning, file: request.inputPath, message: $0.message) }
        }
        return (chats, warnings, redaction)
    }

    /// Reads and checks the input with its format's reader; throws every error in it at once
    /// (warnings included).
    static func read(_ request: ImportRequest) throws(DiagnosticError) -> ([ImportedChat], [Diagnostic]) {
        let read = try request.format.reader.read(request.inputPath, options: ReadOptions(includeSystem: request.includeSystem))
        return (read.chats, read.warnings)
    }
}

/// `render --from FORMAT`: imports into a temporary folder, then renders. A single API
/// conversation becomes one page in the output folder; a ChatGPT export becomes one page per
/// conversation (`SLUG/index.html`) and an `index.html` listing them. Replaced as a whole, atomically.
public enum ImportedSite {
    public struct Result: Sendable {
        public var outputDirectory: String
        public var pages: Int
        public var warnings: [Diagnostic]
        /// Bytes of the top `index.html`.
        public var pageSize: Int
        /// What `--redact` masked; nil without it.
        package var redaction: RedactionSummary? = nil
        /// Pages taken whole from the cache (see ``RenderRequest/cacheDirectory``).
        package var pagesReused = 0
        /// Web images made with libvips, and reused (from the cache or the output replaced).
        package var imagesMade = 0
        package var imagesReused = 0
    }

    /// `render` carries how to render (theme, templates, options, strictness, image settings);
    /// its conversation and output paths are replaced per conversation.
    public static func render(_ request: ImportRequest, render: RenderRequest) throws(DiagnosticError) -> Result {
        try self.render(request, render: render, inspector: nil)
    }

    /// ``render(_:render:)`` with the image engine given (tests pass a fake one).
    package static func render(_ request: ImportRequest, render: RenderRequest, inspector: ImageInspector?) throws(DiagnosticError) -> Result {
        let alone = request.format.reader.rendersAlone(request.inputPath)
        // A page alone takes its style from the theme and the templates only (not a site's, which
        // links shared files): it is made on another thread from the start, while the import
        // reads. Errors keep their order: the import's are thrown first.
        let style = alone && request.shard == nil
            ? InBackground { () throws(DiagnosticError) -> PreparedPage in try PreparedPage(render) } : nil
        let (chats, warnings, redaction) = try Importer.prepare(request)
        try render.refuseIfStrict(warnings)
        // The conversations go to the renderer in memory; only their photos and files are put
        // on disk, in a scratch folder, for the asset stage (and libvips) to read by path.
        let scratch = try ScratchOutput("import")
        defer { scratch.remove() }
        // A shard writes the files of its own pages only: the chats at its positions of the index.
        var held: Set<Int>? = nil
        if let shard = request.shard {
            let order = ImportWriter.newestFirst(Array(chats.indices), date: { chats[$0].date })
            held = Set(order.enumerated().filter { shard.holds($0.offset) }.map(\.element))
        }
        // A page alone has no site search, so its conversation's search text is not made.
        let searched = !(alone && request.shard == nil && chats.count == 1)
        let all = try ImportWriter.write(chats, into: scratch, native: false, files: { held?.contains($0) ?? true }, summaries: searched)
        let written = ImportWriter.newestFirst(all, date: \.entry.date)
        // Named in messages as if it were the import's native file.
        let pages = written.map { Page(entry: $0.entry, conversation: $0.conversation, path: FilePath.join(scratch.path, $0.entry.file), shownAs: $0.entry.file) }
        var result = try site(pages, alone: alone && request.shard == nil, outputDirectory: request.outputDirectory, render: render,
                              shard: request.shard, warnings: warnings, style: style, inspector: inspector)
        result.redaction = redaction
        // Every conversation the import made (turns, parts, tool output) is freed later, on
        // another thread (see ``LaterRelease``): the pages are written, and the command need not
        // wait for it (a long session's model took a twentieth of its run to free here).
        let made = Discarded(chats: consume chats, written: [consume all, consume written], pages: consume pages)
        LaterRelease.run { made.drop() }
        return result
    }

    /// What an import made, handed to another thread to be freed there. Nothing else refers to
    /// it then; what it shares with the result (strings) is reference counted, atomically.
    private final class Discarded: @unchecked Sendable {
        private var held: ([ImportedChat], [[(entry: ImportedEntry, conversation: Conversation)]], [Page])?
        init(chats: consuming [ImportedChat], written: consuming [[(entry: ImportedEntry, conversation: Conversation)]], pages: consuming [Page]) {
            held = (chats, written, pages)
        }
        func drop() { held = nil }
    }

    /// One conversation of a site: its entry in the index, the conversation, the path its photos
    /// and files are found beside (and that names it in messages), and how warnings name it.
    struct Page {
        var entry: ImportedEntry
        var conversation: Conversation
        var path: String
        var shownAs: String
    }

    /// Renders `pages`, newest first, as a site in `outputDirectory`: a page per conversation in
    /// `SLUG/`, the shared files, the search shards and the index, replaced as a whole. With
    /// `alone` and one page, that page alone (an API conversation, one Claude Code session).
    /// With `shard`, only the pages of its slice, and `shard.json` naming them (see ``SiteShard``).
    /// `style`, when given, is that page's ``PreparedPage`` under way.
    static func site(_ pages: [Page], alone: Bool, outputDirectory: String, render: RenderRequest, shard: SiteShard? = nil,
                     warnings given: [Diagnostic], style: InBackground<PreparedPage>? = nil, inspector: ImageInspector?) throws(DiagnosticError) -> Result {
        var warnings = given
        let entries = pages.map(\.entry)
        var site: SiteWriter? = nil
        // One cache for every page, kept within its size once the site is done.
        var render = render
        if render.cache == nil, let folder = render.cacheDirectory {
            do throws(DiagnosticError) { render.cache = try RenderCache(folder: folder, build: render.cacheBuild) } catch { warnings += error.diagnostics }
        }
        defer { render.cache?.prune() }
        var counts = (pages: 0, made: 0, reused: 0)
        func renderOne(_ page: Page, into folder: String, site output: SubfolderOutput? = nil) throws(DiagnosticError) -> RenderResult {
            var one = render
            one.options.site = site?.link  // the site's index and search (SiteWriter)
            one.conversationPath = page.path
            one.outputDirectory = folder
            // The sources are this run's temporary copies, or a site's pages have no earlier
            // output to reuse images from: an index of them would serve nothing.
            one.images.remembersSources = false
            let result = try ChatRenderer.render(one, loaded: (page.conversation, []), prepared: site?.page,
                                                preparing: site == nil ? style : nil, into: output, inspector: inspector)
            if result.pageReused { counts.pages += 1 }
            counts.made += result.images.imagesMade
            counts.reused += result.images.imagesReused
            for warning in result.warnings {
                if warning.file == page.path {
                    // Name the conversation the way the person would find it.
                    var named = warning
                    named.file = page.shownAs
                    warnings.append(named)
                } else if !warnings.contains(warning) {
                    // The theme's and the string table's warnings keep their names and are told
                    // once, not once per page.
                    warnings.append(warning)
                }
            }
            return result
        }
        if alone, pages.count == 1 {
            let result = try renderOne(pages[0], into: outputDirectory)
            return Result(outputDirectory: result.outputDirectory, pages: 1, warnings: warnings, pageSize: result.pageSize,
                          imagesMade: counts.made, imagesReused: counts.reused)
        }
        // Thousands of files: flushed to disk once, before the swap, not one by one.
        let output = try StagingFolder(replacing: outputDirectory, durability: .atCommit)
        do throws(DiagnosticError) {
            // The site: the theme, templates and words once, its search shards (each page names
            // how many), then the pages, then the shared files, the shards and the themed index (SiteWriter).
            let writer = try SiteWriter(entries, render: render)
            site = writer
            // The models with tokens and no price: said once for the site, not once a page.
            let priceWarnings = PriceWarnings.diagnostics(for: entries.map(\.summary.usage), prices: writer.page.prices, file: render.pricesDisplayPath)
            try render.refuseIfStrict(priceWarnings)
            warnings += priceWarnings
            // Each page is made in its folder of this output's staging and appears with the site.
            let held = pages.enumerated().filter { shard?.holds($0.offset) ?? true }.map(\.element)
            for page in held {
                let folder = try SubfolderOutput(page.entry.slug, in: output)
                _ = try renderOne(page, into: folder.destination, site: folder)
            }
            let indexSize = try writer.write(entries, render: render, into: output)
            if let shard {
                try output.write(shard.manifest(pages: held.map(\.entry.slug), total: pages.count), to: SiteShard.fileName)
            }
            try output.commit()
            return Result(outputDirectory: output.destination, pages: held.count, warnings: warnings, pageSize: indexSize,
                          pagesReused: counts.pages, imagesMade: counts.made, imagesReused: counts.reused)
        } catch {
            output.discard()
            throw error
        }
    }

    /// `render FOLDER`: every native conversation file (`*.json`) at the top of a folder, as one
    /// site (an `import`'s output, say: its `SLUG.json` files find their photos in `files/`).
    /// A file that cannot be read as a conversation is a warning naming it, and the rest are
    /// rendered (under `--strict`, an error, and nothing is written); no conversation at all is an error.
    package static func renderFolder(_ folder: String, render: RenderRequest, shard: SiteShard? = nil,
                                     inspector: ImageInspector? = nil) throws(DiagnosticError) -> Result {
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
                warnings += error.diagnostics.map { var d = $0; d.severity = .warning; return d }
                warnings.append(Diagnostic(.warning, file: path, message: "not a conversation file; left out of the site"))
            }
        }
        try render.refuseIfStrict(warnings)
        guard !loaded.isEmpty else {
            throw DiagnosticError(warnings + [Diagnostic(file: folder, message: names.isEmpty
                ? "is a folder with no conversation files; expected a conversation file, or a folder of them (*.json)"
                : "holds no conversation file that could be read; expected conversation files (*.json)")], kind: .missingInput)
        }
        let titles = loaded.map { item in item.conversation.title.flatMap { $0.isEmpty ? nil : $0 } ?? FilePath.stem(item.name) }
        let slugs = ImportWriter.slugs(for: titles)
        var pages: [Page] = []
        for ((item, title), slug) in zip(zip(loaded, titles), slugs) {
            let messages = item.conversation.messages ?? []
            var entry = ImportedEntry(title: title, file: item.name, slug: slug,
                                      date: item.conversation.date ?? messages.lazy.compactMap(\.date).first,
                                      messageCount: messages.count, project: item.conversation.project,
                                      agent: item.conversation.agent)
            entry.summary = ConversationSummary(messages)
            pages.append(Page(entry: entry, conversation: item.conversation, path: item.path, shownAs: item.path))
        }
        pages = ImportWriter.newestFirst(pages, date: \.entry.date)
        return try site(pages, alone: false, outputDirectory: render.outputDirectory, render: render, shard: shard,
                        warnings: warnings, inspector: inspector)
    }

    /// A folder of sessions makes an index even when it holds one: the next run may hold more.
    package static func isFolder(_ path: String) -> Bool {
        var folder: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &folder) && folder.boolValue
    }
}
