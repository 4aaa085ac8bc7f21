import Foundation
import ChatModel
import ChatLoad
import ChatRenderHTML
import ChatOutput

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
    /// What `--redact` masked in all conversations together, and where; nil without it.
    package var redaction: RedactionReport? = nil
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
    static func prepare(_ request: ImportRequest) throws(DiagnosticError) -> (chats: [ImportedChat], warnings: [Diagnostic], redaction: RedactionReport?) {
        var (chats, warnings) = try read(request)
        if request.strict && !warnings.isEmpty {
            throw DiagnosticError(
                warnings.map {
                    var d = $0; d.severity = .error; return d
                }, kind: .badData)
        }
        var redaction: RedactionReport?
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
