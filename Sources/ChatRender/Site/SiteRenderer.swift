import Foundation
import ChatModel
import ChatLoad
import ChatOutput
import ChatAssets

/// A site: one page per conversation (`SLUG/index.html`), the shared stylesheet and script, the
/// search shards and a themed `index.html`, replaced as a whole, atomically. The product's main
/// path, from an export (`render --from FORMAT EXPORT`) or a folder of conversation files
/// (`render FOLDER`). It reads as its phases:
///
/// 1. **read**: the export's conversations are imported (``render(_:render:)``), or the folder's
///    files loaded (``renderFolder(_:render:shard:inspector:)``), newest first, each a ``Page``;
/// 2. **plan**: ``SiteWriter`` loads the theme, templates and words once for every page and
///    makes the search shards, so each page knows how many there are;
/// 3. **render pages**: each conversation is rendered into its folder of the one staging folder;
/// 4. **index and search**: the shared files, the shards and `index.html` are written;
/// 5. **commit**: the staging folder is flushed once and swapped in (nothing half-written stays).
///
/// One conversation of an export that renders alone (an API conversation, one session file) is
/// a page alone, not a site; so is an export holding one conversation when one file or a PDF is
/// asked for (``RenderRequest/singleFile``, ``RenderRequest/pdf``). An export of many asked for
/// one file is still a site: ``Result/oneFileRefused`` says so.
public enum SiteRenderer {
    public struct Result: Sendable {
        public var outputDirectory: String
        public var pages: Int
        public var warnings: [Diagnostic]
        /// Bytes of the top `index.html`.
        public var pageSize: Int
        /// What `--redact` masked, and where; nil without it.
        package var redaction: RedactionReport? = nil
        /// What a `--single-file` page alone wrote (then `outputDirectory` is its folder).
        package var singleFile: SingleFileSummary? = nil
        /// Bytes of the page alone's `index.pdf`, when one was asked for.
        package var pdfSize: Int? = nil
        /// Set when one file or a PDF was asked for and the input held more conversations than
        /// one: they were rendered as a site, without it.
        package var oneFileRefused = false
        /// Pages taken whole from the cache (see ``RenderRequest/cacheDirectory``).
        package var pagesReused = 0
        /// A site updated in place (see `SiteUpdate`): how many of its conversations were read
        /// again; nil for a site made whole.
        package var readAgain: Int? = nil
        /// A site updated in place that nothing changed: nothing was written.
        package var upToDate = false
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
        let oneFile = render.singleFile != nil || render.pdf != nil
        var alone = request.format.reader.rendersAlone(request.inputPath) && request.shard == nil
        // A folder of sessions rendered as a site is kept up to date in place (see ``SiteUpdate``).
        if !alone, !oneFile, request.shard == nil, !request.redact, !request.redactEmails, isFolder(request.inputPath) {
            return try SiteUpdate.render(request, render: render, inspector: inspector)
        }
        // A page alone takes its style from the theme and the templates only (not a site's, which
        // links shared files): it is made on another thread from the start, while the import
        // reads. Errors keep their order: the import's are thrown first.
        let style = alone ? InBackground { () throws(DiagnosticError) -> PreparedPage in try PreparedPage(render) } : nil
        var chats: [ImportedChat]
        let warnings: [Diagnostic], redaction: RedactionReport?
        (chats, warnings, redaction) = try Importer.prepare(request)
        try render.refuseIfStrict(warnings)
        // One file or a PDF is one conversation's page: an export holding one is that page alone,
        // whatever its format; one holding more is the site it would be without the option.
        var pageRequest = render
        var oneFileRefused = false
        if oneFile {
            if chats.count == 1 && request.shard == nil {
                alone = true
            } else {
                pageRequest.singleFile = nil
                pageRequest.pdf = nil
                oneFileRefused = true
            }
        }
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
        let searched = !(alone && chats.count == 1)
        let all = try ImportWriter.write(chats, into: scratch, native: false, files: { held?.contains($0) ?? true }, summaries: searched)
        // The imported chats are let go at once, before the pages are made: their conversations
        // share every string and part with them, so this frees only the turns' own records (a
        // long session's hundreds of thousands) and takes a moment.
        chats = []
        let written = ImportWriter.newestFirst(all, date: \.entry.date)
        // Named in messages as if it were the import's native file.
        let pages = written.map {
            Page(entry: $0.entry, conversation: $0.conversation, path: FilePath.join(scratch.path, $0.entry.file), shownAs: $0.entry.file)
        }
        var result = try site(
            pages, alone: alone, outputDirectory: request.outputDirectory, render: pageRequest,
            shard: request.shard, warnings: warnings, style: style, inspector: inspector)
        result.redaction = redaction
        result.oneFileRefused = oneFileRefused
        // Every conversation the import made (turns, parts, tool output) is freed later, on
        // another thread (see ``LaterRelease``): the pages are written, and the command need not
        // wait for it (a long session's model took a twentieth of its run to free here).
        let made = Discarded(written: [consume all, consume written], pages: consume pages)
        LaterRelease.run { made.drop() }
        return result
    }

    /// What an import made, handed to another thread to be freed there. Nothing else refers to
    /// it then; what it shares with the result (strings) is reference counted, atomically.
    private final class Discarded: @unchecked Sendable {
        private var held: ([[(entry: ImportedEntry, conversation: Conversation)]], [Page])?
        init(written: consuming [[(entry: ImportedEntry, conversation: Conversation)]], pages: consuming [Page]) {
            held = (written, pages)
        }
        func drop() { held = nil }
    }
}
