import ChatRender
import Foundation

/// `chatrender import FORMAT INPUT`: the table and the run; also how `render --from` reads its input.
enum ImportCommand {
    static let out = SharedOptions.out(
        "the output folder; default: out/NAME-import for INPUT NAME (out/chats-import "
            + "for -); replaced as a whole, atomically")
    static let includeSystem = Option.flag(
        "--include-system", help: "keep system, developer and tool turns (shown as labelled replies)")
    static let strict = Option.flag(
        "--strict", help: "treat warnings (a conversation left out, a file the export lacks) as errors; nothing is written")
    static let redact = Option.flag(
        "--redact",
        help: "mask credentials as [REDACTED] before anything is written: 150 published formats of some 70 services' "
            + "tokens and keys (GitHub, GitLab, Slack, AWS, Google, OpenAI, Anthropic, Stripe, npm, PyPI, Hugging Face, "
            + "SendGrid, age …) wherever they stand, private key blocks (PEM, OpenSSH, PGP, PuTTY), passwords and keys "
            + "in URLs (a Sentry DSN's too), headers and connection strings, and the values of keys named like secrets "
            + "(*_TOKEN, *_KEY, *_SECRET, PASSWORD …); and the home folder (/home/NAME, /Users/NAME, C:\\Users\\NAME) "
            + "as ~. Prints how many of each kind, and each page says it was redacted. A password with no telling "
            + "name or shape cannot be known")
    static let redactEmails = Option.flag(
        "--redact-emails", help: "with --redact, or alone: also mask email addresses as [email]")
    static let redactReport = Option.text(
        "--redact-report", valueName: "FILE",
        help: "with --redact (or alone, which implies it): also write FILE, JSON saying where each masked value was "
            + "(conversation, turn, part, kind, format; never the value), to check before sharing")

    static let command = Command(
        path: ["import"],
        summary: "turn a chat app's export or an API messages file into conversation files",
        synopsis: ["import FORMAT INPUT [options]"],
        about: [
            "Writes NAME.json per conversation (marked \"markup\": \"full\"), its files under files/NAME/, and an "
                + "index.html listing them newest first. Render one with: chatrender render DIR/NAME.json. Files "
                + "the export lacks show as \"File unavailable\" or \"Photo unavailable\", with a warning. A ChatGPT "
                + "conversation that cannot be read is left out with a warning naming it and the JSON path, and an empty "
                + "\"New chat\" is skipped; the rest is imported. Other bad input names the file, line:column and JSON "
                + "path, and nothing is written."
        ],
        arguments: [
            .init(
                name: "FORMAT",
                help: "auto: recognise the format from INPUT's names and first records (one of the \(ExportReaders.all.count) formats below)\n"
                    + ExportReaders.helpLines, kind: .importFormat),
            .init(
                name: "INPUT",
                help: "the export, or - to read it from standard input (a zip or a JSON file; a "
                    + "conversation from standard input is called Conversation)"),
        ],
        checkArguments: { arguments in
            arguments.count == 2
                ? nil
                : "import takes a format and an input file; got \(CLI.count(arguments.count, "argument"))"
        },
        groups: [
            OptionGroup(
                "OPTIONS",
                [
                    out.option, includeSystem.option, strict.option, redact.option, redactEmails.option, redactReport.option,
                    SharedOptions.quiet.option, SharedOptions.help.option,
                ])
        ],
        exitCodes: [.ok, .usage, .dataError, .noInput, .cannotCreate],
        run: run)

    static func run(_ parsed: ParsedArguments, output: CLI.Output) -> CLI.ExitCode {
        let inputs = InputFiles(output: output)
        defer { inputs.removeCopies() }
        let given = parsed.positionals[1]
        do throws(DiagnosticError) {
            let choice = try readFormat("FORMAT", parsed.positionals[0]).mapError {
                DiagnosticError(Diagnostic(file: "chatrender", message: $0.message), kind: .usage)
            }.get()
            let (input, format) = try resolve(given, choice: choice, inputs: inputs)
            var name = given == "-" ? "" : FilePath.stem(given)
            if name.isEmpty { name = "chats" }
            var request = ImportRequest(
                format: format, inputPath: input, outputDirectory: parsed[out] ?? FilePath.join("out", name + "-import"),
                includeSystem: parsed.has(includeSystem), strict: parsed.has(strict))
            try checkReportPath(parsed[redactReport])
            request.redact = parsed.has(redact) || parsed[redactReport] != nil
            request.redactEmails = parsed.has(redactEmails)
            let result = try Importer.run(request)
            try writeReport(result.redaction, to: parsed[redactReport])
            if !parsed.has(SharedOptions.quiet) {
                let warnings = inputs.rename(result.warnings)
                for warning in warnings { output.err(warning.description + "\n") }
                if let line = redactionLine(result.redaction) { output.err(line + "\n") }
                let count = result.entries.count
                output.err(
                    "wrote \(CLI.count(count, "conversation")) and \(result.outputDirectory)/index.html\(warnings.isEmpty ? "" : ", \(CLI.count(warnings.count, "warning"))")\n"
                )
            }
            return .ok
        } catch {
            return CLI.report(inputs.rename(error), output: output)
        }
    }

    /// "redacted 7 API keys, 2 private keys, 1 database password and 16 home folder paths", or
    /// "redacted nothing: no credentials or home folder paths were found"; nil without --redact.
    static func redactionLine(_ report: RedactionReport?) -> String? {
        guard let report else { return nil }
        let found = report.counts.byKind.sorted { $0.key < $1.key }
        guard !found.isEmpty else {
            return "redacted nothing: no credentials\(report.emails ? ", home folder paths or email addresses" : " or home folder paths") were found"
        }
        let pieces = found.map { $0.key.counted($0.value) }
        let list = pieces.count > 1 ? pieces.dropLast().joined(separator: ", ") + " and " + pieces.last! : pieces.joined()
        return "redacted \(list)"
    }

    /// `--redact-report FILE`: where each masked value was, written whole or not at all.
    static func writeReport(_ report: RedactionReport?, to path: String?) throws(DiagnosticError) {
        guard let path, let report else { return }
        try FileReplacement.write(report.json(), to: path, what: "the redaction report")
    }

    /// Refuses, before any work, a report path that names a folder or another kind of file: the
    /// output would be written and then the report not.
    static func checkReportPath(_ path: String?) throws(DiagnosticError) {
        guard let path else { return }
        var info = stat()
        if lstat(path, &info) == 0 && info.st_mode & S_IFMT != S_IFREG {
            throw DiagnosticError(
                Diagnostic(file: path, message: "exists and is not a file; --redact-report writes a file (choose another path)"), kind: .cannotWrite)
        }
    }

    /// What `--from` (and `import FORMAT`) names: a format, or `auto`.
    enum FormatChoice: Sendable, Equatable {
        case auto
        case named(ImportFormat)
    }

    /// `auto` or a format's name, in any case.
    static let readFormat: @Sendable (String, String) -> Result<FormatChoice, OptionValueProblem> = { _, raw in
        if raw.lowercased() == "auto" { return .success(.auto) }
        guard let format = ImportFormat(name: raw) else {
            return .failure(OptionValueProblem("unknown import format \"\(raw)\"; expected auto, \(ImportFormat.spokenList)"))
        }
        return .success(.named(format))
    }

    /// The path the reader reads for `given`, and the format: the one named, or with `auto` the
    /// one that recognises the input. Standard input is copied to a file first (named as the
    /// format's reader expects; `input` for `auto`), so a zip and a JSON file are told apart by
    /// their bytes. Input no reader recognises is an error saying what it looked like.
    static func resolve(_ given: String, choice: FormatChoice, inputs: InputFiles) throws(DiagnosticError) -> (path: String, format: ImportFormat) {
        switch choice {
        case .named(let format):
            let reader = format.reader
            let path = try inputs.path(
                for: given, what: reader.inputNoun, role: "the export", copyName: reader.standardInputName,
                folderAllowed: reader.readsFolders)
            return (path, format)
        case .auto:
            let path = try inputs.path(for: given, what: "export or session", role: "the export", copyName: "input", folderAllowed: true)
            switch ImportFormat.detect(path) {
            case .format(let format, _):
                if !format.reader.readsFolders, InputFiles.isFolder(path) {
                    throw DiagnosticError(Diagnostic(file: given, message: "is a folder; expected the \(format.reader.inputNoun) file"), kind: .missingInput)
                }
                return (path, format)
            case .unknown(let description):
                guard FileManager.default.fileExists(atPath: path) else {
                    throw DiagnosticError(Diagnostic(file: given, message: "no such file or folder; expected an export or session log"), kind: .missingInput)
                }
                throw ExportReaders.unrecognised(path, description: description)
            }
        }
    }
}
