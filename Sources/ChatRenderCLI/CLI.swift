import ChatRender
import Foundation

/// The command line: parses arguments, calls the library, prints diagnostics, returns an exit
/// code (sysexits). No rendering logic lives here.
public enum CLI {
    /// Exit codes from sysexits(3).
    public enum ExitCode: Int32 {
        case ok = 0
        /// `check`: a fixture differs from its snapshot or has none.
        case differs = 1
        case usage = 64
        case dataError = 65
        case noInput = 66
        case unavailable = 69
        case software = 70
        case cannotCreate = 73
    }

    /// Where output goes; tests pass buffers.
    public struct Output: Sendable {
        public var out: @Sendable (String) -> Void
        public var err: @Sendable (String) -> Void
        public init(out: @escaping @Sendable (String) -> Void, err: @escaping @Sendable (String) -> Void) {
            self.out = out
            self.err = err
        }
        public static let standard = Output(
            out: { FileHandle.standardOutput.write(Data($0.utf8)) },
            err: { FileHandle.standardError.write(Data($0.utf8)) })
    }

    public static let usage = """
    chatrender \(ChatRenderVersion.string): render a chat conversation into a static, accessible HTML page.

    USAGE
      chatrender render CONVERSATION.json [--theme THEME] [--out DIR] [options]
      chatrender theme check THEME
      chatrender check FIXTURE.json… --snapshots DIR [--record] [--png]
      chatrender preview --theme THEME [--theme OTHER …] [--out DIR]
      chatrender import FORMAT INPUT [--out DIR] [--include-system]
      chatrender render --from FORMAT INPUT [--out DIR] [options]
      chatrender --help | --version

    RENDER
      CONVERSATION.json      the conversation (see docs/conversation-format.md)
      --theme THEME          a DTCG .resolver.json (light and dark) or .tokens.json (one mode);
                             default: the bundled SP theme (themes/sp.resolver.json)
      --out DIR              output folder; default: out/NAME for CONVERSATION NAME.json.
                             Replaced as a whole, atomically; only an empty folder or an earlier
                             chatrender output is ever replaced
      --templates DIR        page.html, chatrender.css and chatrender.js to build the page from;
                             default: the bundled templates/
      --no-retry             hide Retry on failed uploads
      --markup inline|full   replies: bold and code only, or CommonMark with tables; default:
                             the file's "markup" (imported chats: full), else inline
      --from FORMAT          INPUT is a chatgpt, openai or anthropic export: import, then render
                             (replies default to --markup full; see IMPORT)
      --image-format FORMAT  webp (default), jpeg or avif for thumbnails and viewer images
      --quality N            1–100; default 80 for webp, 82 for jpeg, 55 for avif
      --keep-metadata        keep EXIF/XMP/IPTC (GPS position, camera serial); stripped by default
      --originals            give the viewer full-size images instead of a 2560 px long edge
      --max-pixels N         photos with more pixels become "Photo unavailable" (default 100000000)
      --allow-untrusted-loaders  let libvips read SVG, PDF and other untrusted formats as photos
      --allow-outside PATH   let photo and file paths point into PATH (repeatable); by default
                             they must stay inside the conversation file's folder
      --locale LOCALE        how dates and times read: en-US (default, "May 2, 2026 at 9:12 AM")
                             or another locale ("2 May 2026, 09:12")
      --time-zone ZONE       UTC (default) or a fixed offset such as +02:00
      --single-file          write one self-contained NAME.html (default out/NAME.html; --out
                             names the file, or a folder to put it in): photos, thumbnails and
                             files inlined as data URLs; what would go over --inline-limit stays
                             beside it in NAME_files/, with a warning per file
      --inline-limit SIZE    the most the single file may weigh: 25MB (default), 500KB, 2MiB,
                             a byte count, or 0 to inline nothing
      --pdf                  also print the page to index.pdf beside index.html, with headless
                             Chromium (CHATRENDER_CHROMIUM, or chromium on PATH); light, without
                             controls, every photo; exits 69 when no Chromium is found or
                             it will not start (nothing is written then)
      --paper a4|letter      the PDF's paper size (default a4)
      --strict               treat warnings (an unreadable image, say) as errors
      -q, --quiet            print nothing but errors

    \(importUsage)

    \(previewUsage)

    \(checkUsage)

    THEME CHECK
      Validates a theme and reports WCAG contrast for the text and background pairs the blocks
      use, per mode. Exits 0 when every pair passes, 65 when one fails.

    EXIT CODES
      0 done · 1 check: a fixture differs from its snapshot · 64 usage · 65 bad input data
      66 input missing · 69 Chromium missing (--pdf, check --png)
      70 internal · 73 cannot write output
    """

    /// Runs one command line (without the program name).
    public static func run(_ arguments: [String], output: Output = .standard) -> ExitCode {
        guard let command = arguments.first else {
            output.err(usage + "\n")
            return .usage
        }
        switch command {
        case "-h", "--help", "help":
            output.out(usage + "\n")
            return .ok
        case "--version":
            output.out("chatrender \(ChatRenderVersion.string)\n")
            return .ok
        case "render":
            return render(Array(arguments.dropFirst()), output: output)
        case "theme":
            return theme(Array(arguments.dropFirst()), output: output)
        case "import": return importCommand(Array(arguments.dropFirst()), output: output)
        case "preview": return preview(Array(arguments.dropFirst()), output: output)
        case "check": return check(Array(arguments.dropFirst()), output: output)
        default:
            output.err("chatrender: error: unknown command \"\(command)\"; expected render, import, preview, check or theme check (see chatrender --help)\n")
            return .usage
        }
    }

    static func render(_ arguments: [String], output: Output) -> ExitCode {
        var conversation: String?
        var out: String?
        var shared = RenderFlags()  // --theme, --templates, --markup, photo and date options, --strict
        var from: String?  // --from FORMAT (see ImportCommand.swift)
        var quiet = false
        var singleFile = false, inlineLimit: InlineLimit?  // --single-file (see SingleFileRender.swift)
        var pdf = false, paper: String?  // --pdf, --paper (see PDFCommand.swift)
        var index = 0
        func value(for flag: String) -> String? {
            index += 1
            guard index < arguments.count, !arguments[index].hasPrefix("--") || arguments[index] == "-" else {
                output.err("chatrender: error: \(flag) needs a value\n")
                return nil
            }
            return arguments[index]
        }
        while index < arguments.count {
            let argument = arguments[index]
            var inline: String?
            var flag = argument
            if argument.hasPrefix("--"), let eq = argument.firstIndex(of: "=") {
                flag = String(argument[..<eq])
                inline = String(argument[argument.index(after: eq)...])
            }
            if let taken = shared.take(flag, value: { inline ?? value(for: flag) }, output: output) {
                guard taken else { return .usage }
                index += 1
                continue
            }
            switch flag {
            case "--out", "-o": guard let v = inline ?? value(for: flag) else { return .usage }; out = v
            case "--from": guard let v = inline ?? value(for: flag) else { return .usage }; from = v
            case "--quiet", "-q": quiet = true
            case "--single-file": singleFile = true
            case "--pdf": pdf = true
            case "--paper": guard let v = inline ?? value(for: flag) else { return .usage }; paper = v
            case "--inline-limit":
                guard let v = inline ?? value(for: flag) else { return .usage }
                guard let limit = InlineLimit(parsing: v) else {
                    output.err("chatrender: error: --inline-limit \"\(v)\": expected a size such as 25MB, 500KB, 2MiB or a number of bytes (0 inlines nothing)\n")
                    return .usage
                }
                inlineLimit = limit
            case "-h", "--help": output.out(usage + "\n"); return .ok
            default:
                if argument.hasPrefix("-") && argument != "-" {
                    output.err("chatrender: error: unknown option \"\(argument)\" for render (see chatrender --help)\n")
                    return .usage
                }
                guard conversation == nil else {
                    output.err("chatrender: error: one conversation at a time; got \"\(conversation!)\" and \"\(argument)\"\n")
                    return .usage
                }
                conversation = argument
            }
            index += 1
        }
        guard let conversation else {
            output.err("chatrender: error: render needs a conversation file\n\n" + usage + "\n")
            return .usage
        }
        guard let (themePath, templatesPath) = shared.paths(output: output) else { return .noInput }
        let name = FilePath.stem(conversation)
        let outPath = out ?? FilePath.join("out", name.isEmpty ? "conversation" : name)
        var request = RenderRequest(conversationPath: conversation, themePath: themePath, templatesDirectory: templatesPath,
                                    outputDirectory: outPath, options: shared.options, strict: shared.strict, images: shared.images)
        request.markupGiven = shared.markupGiven  // otherwise the file's own "markup" (imported chats: full) decides
        if singleFile || inlineLimit != nil {
            guard singleFile else {
                output.err("chatrender: error: --inline-limit applies only with --single-file\n")
                return .usage
            }
            guard from == nil else {
                output.err("chatrender: error: --single-file writes one conversation's page; it does not work with --from (import first, then render each file)\n")
                return .usage
            }
            request.singleFile = SingleFileOptions(page: singleFilePage(out: out, name: name.isEmpty ? "conversation" : name),
                                                   inlineLimit: inlineLimit ?? .standard)
        }
        switch pdfChoice(pdf: pdf, paper: paper, singleFile: singleFile, from: from, output: output) {
        case .none: break
        case .print(let options): request.pdf = options
        case .stop(let code): return code
        }
        if let from { return renderImported(format: from, input: conversation, request: request, markupGiven: shared.markupGiven, quiet: quiet, output: output) }
        let bar = ProgressBar.forStandardError(enabled: !quiet)
        if let bar {
            request.progress = { @Sendable done, total in bar.update(done: done, total: total) }
        }
        do {
            let result = try ChatRenderer.render(request)
            bar?.finish()
            if !quiet {
                for warning in result.warnings { output.err(warning.description + "\n") }
                if let single = result.singleFile {
                    let beside = single.spilledFiles == 0 ? "" : ", \(single.spilledFiles) file\(single.spilledFiles == 1 ? "" : "s") beside it in \(single.filesFolder)/"
                    output.err("wrote \(single.page) (\(ByteCountFormat.string(Int64(result.pageSize)))\(beside))\(result.warnings.isEmpty ? "" : ", \(result.warnings.count) warning\(result.warnings.count == 1 ? "" : "s")")\n")
                } else {
                output.err("wrote \(result.outputDirectory)/index.html (\(ByteCountFormat.string(Int64(result.pageSize))))\(result.warnings.isEmpty ? "" : ", \(result.warnings.count) warning\(result.warnings.count == 1 ? "" : "s")")\n")
                }
                if let size = result.pdfSize {
                    output.err("wrote \(result.outputDirectory)/\(PDFExport.fileName) (\(ByteCountFormat.string(Int64(size))))\n")
                }
            }
            return .ok
        } catch {
            bar?.finish()
            return report(error, output: output)
        }
    }

    static func theme(_ arguments: [String], output: Output) -> ExitCode {
        guard arguments.first == "check" else {
            output.err("chatrender: error: expected \"theme check THEME\"\n")
            return .usage
        }
        let rest = Array(arguments.dropFirst())
        guard rest.count == 1, let path = rest.first, !path.hasPrefix("-") else {
            output.err("chatrender: error: theme check takes one theme file\n")
            return .usage
        }
        do {
            let theme = try ThemeLoader.load(path: path, displayPath: path)
            let report = ThemeContrast.report(for: theme, displayPath: path)
            output.out(report.text)
            if !report.text.hasSuffix("\n") { output.out("\n") }
            return report.passed ? .ok : .dataError
        } catch {
            return report(error, output: output)
        }
    }

    static func report(_ error: DiagnosticError, output: Output) -> ExitCode {
        for diagnostic in error.diagnostics { output.err(diagnostic.description + "\n") }
        switch error.kind {
        case .badData: return .dataError
        case .missingInput: return .noInput
        case .cannotWrite: return .cannotCreate
        case .usage: return .usage
        case .unavailable: return .unavailable
        }
    }
}
