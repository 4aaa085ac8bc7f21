import ChatRender
import Foundation

/// `chatrender render CONVERSATION.json`, or `render --from FORMAT INPUT`: the table and the run.
enum RenderCommand {
    static let out = SharedOptions.out(
        "the output folder; default: out/NAME for NAME.json (out/conversation for -). Replaced as a whole, "
            + "atomically; only an empty folder or an earlier chatrender output is ever replaced. With "
            + "--single-file: the page's file, or a folder to put NAME.html in (default out/NAME.html)")
    static let singleFile = Option.flag(
        "--single-file",
        help: "write one self-contained NAME.html, a file to attach or send: photos, thumbnails and files inlined as "
            + "data URLs; what would go over --inline-limit stays beside it in NAME_files/, with a warning per file. "
            + "For a conversation file, one agent session, or an export holding one chat (an input of many is "
            + "written as a site, and said so)")
    static let inlineLimit = Option.value(
        "--inline-limit", valueName: "SIZE",
        help: "the most the single file may weigh: 25MB (default), 500KB, 2MiB, a byte count, or 0 to inline nothing",
        kind: .text, read: OptionReader.size)
    static let pdf = Option.flag(
        "--pdf",
        help: "also print the page to index.pdf beside index.html, with headless Chromium (CHATRENDER_CHROMIUM, "
            + "or chromium on PATH); light, without controls, every photo; exits 69 when no Chromium is found "
            + "or it will not start (nothing is written then). Like --single-file, for one conversation or session")
    static let paper = Option.choice(
        "--paper", valueName: "a4|letter", help: "the PDF's paper size (default a4)", Paper.self, lowercased: true
    ) { name, raw in
        "\(name) must be a4 or letter, not \"\(raw)\""
    }
    static let from = Option.value(
        "--from", valueName: "FORMAT",
        help: "INPUT is an export or session log of FORMAT (\(ImportFormat.spokenList)), or auto: recognise it (the "
            + "default for any INPUT that is not a conversation file); import it, then render (replies default to "
            + "--markup full; see chatrender help import)",
        kind: .importFormat, read: ImportCommand.readFormat)

    static let watch = Option.flag(
        "--watch",
        help: "follow a session log as the agent writes it (\(SessionWatch.followed); for a folder of sessions, the "
            + "newest one): render it, then again each time lines are appended, reading only the new ones; an open page "
            + "loads each update by itself, from the file system too, and keeps its place. Ctrl-C stops, leaving the "
            + "complete page")

    static let splitOver = Option.value(
        "--split-over", valueName: "SIZE",
        help: "a page whose turns weigh more than SIZE of text (default 32MB, about 10,000 long turns; 0: never) is "
            + "written in chunks (chunks/N.js) that load as the reader scrolls, follows a link or finds a turn with the "
            + "page's own search (search/N.js), so a session of hundreds of megabytes opens at once; "
            + "--single-file and --pdf pages are always whole",
        kind: .text,
        read: { name, raw in
            InlineLimit(parsing: raw).map { .success($0.bytes) }
                ?? .failure(OptionValueProblem("\(name) \"\(raw)\": expected a size such as 32MB, 500KB, 2MiB or a number of bytes (0 never splits)"))
        })

    static let prices = Option.text(
        "--prices", valueName: "FILE",
        help: "the price table for estimated costs: a JSON file shaped like the bundled templates/prices.json "
            + "(its \"date\" and, per model, \"input\", \"output\", \"cacheRead\" and \"cacheWrite\" in US dollars per "
            + "million tokens, and an optional \"cacheWrite1h\" and \"contextWindow\"), or LiteLLM's "
            + "model_prices_and_context_window.json; default: the templates' prices.json. A model with "
            + "tokens and no price gets no estimate, and one warning")

    static let noInsights = Option.flag(
        "--no-insights",
        help: "a site without its insights page (insights/index.html: the archive's activity, tokens, cost and tools in "
            + "charts, with their figures as data.json and CSV files), nor the index's link to it")

    static let shard = Option.value(
        "--shard", valueName: "K/N",
        help: "render only the K-th of N slices of a site's pages (with --from, or a FOLDER), with the whole site's index "
            + "and search; join the N folders with chatrender site merge (see README, \"A site on several machines\")",
        kind: .text,
        read: { name, raw in
            SiteShard(parsing: raw).map { .success($0) }
                ?? .failure(OptionValueProblem("\(name) must be K/N with 1 ≤ K ≤ N ≤ 10000, like 2/4, not \"\(raw)\""))
        })

    static let command = Command(
        path: ["render"],
        summary: "render a conversation into a static, accessible HTML page",
        synopsis: [
            "render CONVERSATION.json [options]", "render FOLDER [options]", "render [--from FORMAT] INPUT [options]",
            "render --agents all|NAMES [--in DIR]… [options]",
        ],
        about: [
            "Writes NAME/index.html and its assets/ (or, with --single-file, one NAME.html; with --pdf, also "
                + "index.pdf). Photos are made into web images with libvips; paths in the conversation are "
                + "relative to its file and may not leave its folder. Warnings (an unreadable photo, or a theme "
                + "colour pair below its WCAG contrast, say) are printed and the page is still written, unless "
                + "--strict."
        ],
        arguments: [
            .init(
                name: "CONVERSATION.json",
                help: "the conversation (see docs/conversation-format.md), or - to read "
                    + "it from standard input; its photos and files are then found in the current folder"),
            .init(
                name: "FOLDER",
                help: "a folder of conversation files (*.json, an import's output say): one site of "
                    + "them, a page per conversation in NAME/, an index and search across them",
                sharesPlace: true),
            .init(
                name: "INPUT",
                help: "an export or session log (see chatrender help import), recognised by itself or named "
                    + "with --from, or - for standard input",
                sharesPlace: true),
        ],
        checkArguments: { arguments in
            if arguments.count > 1 { return "one conversation at a time; got \"\(arguments[0])\" and \"\(arguments[1])\"" }
            return nil
        },
        groups: [
            SharedOptions.themeAndTemplates,
            OptionGroup(SharedOptions.page.title, SharedOptions.page.options + [prices.option]),
            SharedOptions.photos,
            OptionGroup(
                "OUTPUT",
                [out.option, singleFile.option, inlineLimit.option, pdf.option, paper.option, shard.option, noInsights.option, watch.option, splitOver.option]),
            OptionGroup("IMPORT", [from.option, ImportCommand.redact.option, ImportCommand.redactEmails.option, ImportCommand.redactReport.option]),
            OptionGroup("AGENTS", [AgentsCommand.agents.option, AgentsCommand.inFolder.option, AgentsCommand.home.option]),
            CacheOptions.group,
            SharedOptions.messages,
        ],
        rules: [
            CommandRule(message: "render needs a conversation file, an INPUT or --agents") {
                $0.positionals.isEmpty && !$0.has(AgentsCommand.agents.option)
            },
            CommandRule(message: "--agents renders the agents found in their own places; it takes no INPUT") {
                !$0.positionals.isEmpty && $0.has(AgentsCommand.agents.option)
            },
            .needs(AgentsCommand.inFolder.option, AgentsCommand.agents.option, "--in applies only with --agents"),
            .needs(AgentsCommand.home.option, AgentsCommand.agents.option, "--home applies only with --agents"),
            .excludes(AgentsCommand.agents.option, from.option, "--agents chooses each agent's reader; it does not take --from"),
            .excludes(AgentsCommand.agents.option, watch.option, "--watch follows one session; --agents renders every agent's"),
            CommandRule(message: "- (standard input) can be read once: not for both the conversation and --theme") {
                $0.positionals.first == "-" && $0[SharedOptions.theme] == "-"
            },
            .needs(inlineLimit.option, singleFile.option, "--inline-limit applies only with --single-file"),
            .needs(paper.option, pdf.option, "--paper applies only with --pdf"),
            .excludes(
                pdf.option, singleFile.option,
                "--pdf writes index.pdf into the output folder; it does not work "
                    + "with --single-file (render the folder with --pdf, or print the single file from a browser)"),
            .excludes(shard.option, singleFile.option, "--shard slices a site; --single-file writes one conversation's page"),
            .excludes(shard.option, pdf.option, "--shard slices a site; --pdf prints one conversation"),
            CacheOptions.rule,
            CommandRule(message: "--watch follows a session log as it is written; it cannot follow standard input (-)") {
                $0.has(watch) && $0.positionals.first == "-"
            },
            .excludes(watch.option, singleFile.option, "--watch writes an output folder whose page loads its updates; it does not work with --single-file"),
            .excludes(watch.option, pdf.option, "--watch writes an output folder whose page loads its updates; it does not work with --pdf"),
            .excludes(watch.option, shard.option, "--watch follows one session; --shard slices a site"),
            .excludes(
                ImportCommand.redactReport.option, watch.option,
                "--redact-report is written when a render is done, and --watch renders until stopped; use --redact to mask a watched session"),
            .excludes(splitOver.option, singleFile.option, "--split-over splits a page into files beside it; a --single-file page is always whole"),
            .excludes(splitOver.option, watch.option, "--split-over does not apply to --watch: a watched page is written whole"),
        ],
        exitCodes: [.ok, .usage, .dataError, .noInput, .unavailable, .cannotCreate],
        run: run)

    static func run(_ parsed: ParsedArguments, output: CLI.Output) -> CLI.ExitCode {
        let inputs = InputFiles(output: output)
        defer { inputs.removeCopies() }
        let settings = RenderSettings(parsed)
        do throws(DiagnosticError) {
            if let names = parsed[AgentsCommand.agents] {
                return try renderAgents(names, parsed: parsed, settings: settings, inputs: inputs, output: output)
            }
        } catch {
            return CLI.report(inputs.rename(error), output: output)
        }
        let given = parsed.positionals[0]
        do throws(DiagnosticError) {
            // An export or session log is imported first: with --from, by the format it names
            // (or the one auto recognises); without it, when INPUT is not a conversation file
            // and a reader recognises it. A folder no reader knows is a site of conversation files.
            var format: ImportFormat? = nil
            var folder = false
            let conversation: String
            if parsed.has(watch) {
                return try runWatching(given, choice: parsed[from], parsed: parsed, settings: settings, inputs: inputs, output: output)
            }
            if let choice = parsed[from] {
                (conversation, format) = try ImportCommand.resolve(given, choice: choice, inputs: inputs)
            } else if given != "-" && SiteRenderer.isFolder(given) {
                conversation = given
                if case .format(let found, _) = ImportFormat.detect(given) { format = found } else { folder = true }
            } else {
                conversation = try inputs.path(for: given, what: "conversation", role: "the conversation", copyName: "conversation.json")
                let probe = InputProbe(conversation)
                if !ExportReaders.looksNative(probe) {
                    switch ImportFormat.detect(probe) {
                    case .format(let found, _): format = found
                    // A log of JSON lines is no conversation file: say what it is, not where the
                    // conversation parser first stumbled.
                    case .unknown(let description) where probe.records.count > 1:
                        throw ExportReaders.unrecognised(conversation, description: description)
                    case .unknown: break
                    }
                }
            }
            let imported = format != nil
            if redacting(parsed) && !imported {
                throw DiagnosticError(
                    Diagnostic(
                        file: given,
                        message: "is a conversation file; --redact, --redact-emails and --redact-report apply to an export or session log (redact on import)"),
                    kind: .usage)
            }
            if parsed[shard] != nil && !imported && !folder {
                throw DiagnosticError(
                    Diagnostic(file: given, message: "--shard slices a site: it applies to an export or session folder, or to a FOLDER of conversation files"),
                    kind: .usage)
            }
            let (themePath, templatesPath) = try RenderSettings.themeAndTemplates(
                theme: parsed[SharedOptions.theme], templates: parsed[SharedOptions.templates], inputs: inputs)
            var name = given == "-" ? "" : FilePath.stem(given)
            if name.isEmpty { name = "conversation" }
            var request = RenderRequest(
                conversationPath: conversation, themePath: themePath, templatesDirectory: templatesPath,
                outputDirectory: parsed[out] ?? FilePath.join("out", name),
                options: settings.options, strict: settings.strict, images: settings.images)
            // Otherwise the file's own "markup" (imported chats: full) decides.
            request.markupGiven = settings.markupGiven
            if let limit = parsed[splitOver] { request.options.splitOver = limit }
            request.insights = !parsed.has(noInsights)
            request.bundledThemes = DataDirectory.bundledThemes()
            request.cacheDirectory = CacheOptions.folder(parsed)
            request.cacheBuild = ExecutableLocation.buildIdentity()
            if let given = parsed[prices] {
                request.pricesPath = try inputs.path(for: given, what: "price table", role: "the price table", copyName: "prices.json")
            }
            // A conversation read from standard input finds its photos where the person is.
            if given == "-" && !imported { request.attachmentsDirectory = "." }
            if parsed.has(singleFile) {
                request.singleFile = SingleFileOptions(
                    page: CLI.singleFilePage(out: parsed[out], name: name),
                    inlineLimit: parsed[inlineLimit] ?? .standard)
            }
            if parsed.has(pdf) {
                request.pdf = try CLI.pdfOptions(paper: parsed[paper] ?? .a4)
            }
            if folder {
                // A folder of conversation files is a site, even of one: the option is not used, and said so.
                let oneFile = request.singleFile != nil || request.pdf != nil
                request.singleFile = nil
                request.pdf = nil
                var result = try SiteRenderer.renderFolder(conversation, render: request, shard: parsed[shard])
                result.oneFileRefused = oneFile
                return report(
                    result, redaction: nil, shard: parsed[shard], oneFile: oneFileOption(parsed), input: given,
                    quiet: parsed.has(SharedOptions.quiet), inputs: inputs, output: output)
            }
            if let format {
                return try renderImported(
                    format: format, input: conversation, request: request, quiet: parsed.has(SharedOptions.quiet),
                    redact: parsed.has(ImportCommand.redact) || parsed[ImportCommand.redactReport] != nil,
                    redactEmails: parsed.has(ImportCommand.redactEmails), redactReport: parsed[ImportCommand.redactReport],
                    shard: parsed[shard], oneFile: oneFileOption(parsed), given: given, inputs: inputs, output: output)
            }
            return try render(request, quiet: parsed.has(SharedOptions.quiet), inputs: inputs, output: output)
        } catch {
            return CLI.report(inputs.rename(error), output: output)
        }
    }

    static func render(_ request: RenderRequest, quiet: Bool, inputs: InputFiles, output: CLI.Output) throws(DiagnosticError) -> CLI.ExitCode {
        var request = request
        let bar = ProgressBar.forStandardError(enabled: !quiet)
        if let bar {
            request.progress = { @Sendable done, total in bar.update(done: done, total: total) }
        }
        let result: RenderResult
        do {
            result = try ChatRenderer.render(request)
            bar?.finish()
        } catch {
            bar?.finish()
            throw error
        }
        guard !quiet else { return .ok }
        let warnings = inputs.rename(result.warnings)
        for warning in warnings { output.err(warning.description + "\n") }
        let counted = warnings.isEmpty ? "" : ", \(CLI.count(warnings.count, "warning"))"
        if let single = result.singleFile {
            let beside = single.spilledFiles == 0 ? "" : ", \(CLI.count(single.spilledFiles, "file")) beside it in \(single.filesFolder)/"
            output.err("wrote \(single.page) (\(ByteCountFormat.string(Int64(result.pageSize)))\(beside))\(counted)\n")
        } else {
            output.err("wrote \(result.outputDirectory)/index.html (\(ByteCountFormat.string(Int64(result.pageSize))))\(counted)\n")
        }
        if let size = result.pdfSize {
            output.err("wrote \(result.outputDirectory)/\(PDFExport.fileName) (\(ByteCountFormat.string(Int64(size))))\n")
        }
        return .ok
    }

    /// `render --agents NAMES`: the sessions of the agents named (their `--from` names), found
    /// in their own places, into one site (out/agents by default) grouped agent → project → month.
    static func renderAgents(
        _ names: [String], parsed: ParsedArguments, settings: RenderSettings, inputs: InputFiles, output: CLI.Output
    ) throws(DiagnosticError) -> CLI.ExitCode {
        let (environment, all) = AgentsCommand.found(parsed)
        let agents = all.filter { names.contains($0.reader) }
        guard !agents.isEmpty else {
            throw DiagnosticError(
                Diagnostic(
                    file: environment.home,
                    message:
                        "holds no sessions of \(names.count == 1 ? names[0] : "the agents asked for") in their places (chatrender agents lists what is found)"),
                kind: .missingInput)
        }
        let (themePath, templatesPath) = try RenderSettings.themeAndTemplates(
            theme: parsed[SharedOptions.theme], templates: parsed[SharedOptions.templates], inputs: inputs)
        var request = RenderRequest(
            conversationPath: environment.home, themePath: themePath, templatesDirectory: templatesPath,
            outputDirectory: parsed[out] ?? FilePath.join("out", "agents"),
            options: settings.options, strict: settings.strict, images: settings.images)
        request.markupGiven = settings.markupGiven
        if let limit = parsed[splitOver] { request.options.splitOver = limit }
        request.insights = !parsed.has(noInsights)
        request.bundledThemes = DataDirectory.bundledThemes()
        request.cacheDirectory = CacheOptions.folder(parsed)
        request.cacheBuild = ExecutableLocation.buildIdentity()
        if let given = parsed[prices] {
            request.pricesPath = try inputs.path(for: given, what: "price table", role: "the price table", copyName: "prices.json")
        }
        if parsed.has(singleFile) {
            request.singleFile = SingleFileOptions(page: CLI.singleFilePage(out: parsed[out], name: "agents"), inlineLimit: parsed[inlineLimit] ?? .standard)
        }
        if parsed.has(pdf) { request.pdf = try CLI.pdfOptions(paper: parsed[paper] ?? .a4) }
        return try renderImported(
            format: ImportFormat(agents: agents), input: environment.home, request: request, quiet: parsed.has(SharedOptions.quiet),
            redact: parsed.has(ImportCommand.redact) || parsed[ImportCommand.redactReport] != nil,
            redactEmails: parsed.has(ImportCommand.redactEmails), redactReport: parsed[ImportCommand.redactReport],
            shard: parsed[shard], oneFile: oneFileOption(parsed), given: environment.shown(environment.home), inputs: inputs, output: output)
    }

    /// `render --watch SESSION`: the session log (or a project folder's newest), rendered, then
    /// followed until Ctrl-C (see ``SessionWatch``).
    static func runWatching(
        _ given: String, choice: ImportCommand.FormatChoice?, parsed: ParsedArguments, settings: RenderSettings, inputs: InputFiles, output: CLI.Output
    ) throws(DiagnosticError) -> CLI.ExitCode {
        var path = given
        let format: ImportFormat
        if let choice {
            (path, format) = try ImportCommand.resolve(given, choice: choice, inputs: inputs)
        } else {
            guard FileManager.default.fileExists(atPath: given) else {
                throw DiagnosticError(Diagnostic(file: given, message: "no such file or folder; expected a session log to follow"), kind: .missingInput)
            }
            switch ImportFormat.detect(given) {
            case .format(let found, _): format = found
            case .unknown(let description):
                throw DiagnosticError(
                    Diagnostic(file: given, message: "\(description); --watch follows a session log (\(SessionWatch.followed))"), kind: .badData)
            }
        }
        // A project folder of a format that is followed: its newest session.
        if SiteRenderer.isFolder(path), format.reader.liveLog("session.jsonl") != nil {
            guard let newest = LiveSession.newestLog(in: path) else {
                throw DiagnosticError(Diagnostic(file: path, message: "has no session log (*.jsonl) to follow"), kind: .missingInput)
            }
            path = newest
        }
        let (themePath, templatesPath) = try RenderSettings.themeAndTemplates(
            theme: parsed[SharedOptions.theme], templates: parsed[SharedOptions.templates], inputs: inputs)
        var name = FilePath.stem(path)
        if name.isEmpty { name = "session" }
        var request = RenderRequest(
            conversationPath: path, themePath: themePath, templatesDirectory: templatesPath,
            outputDirectory: parsed[out] ?? FilePath.join("out", name),
            options: settings.options, strict: false, images: settings.images)
        request.markupGiven = settings.markupGiven
        request.bundledThemes = DataDirectory.bundledThemes()
        if let given = parsed[prices] {
            request.pricesPath = try inputs.path(for: given, what: "price table", role: "the price table", copyName: "prices.json")
        }
        let watch = try SessionWatch(path: path, reader: format.reader, request: request)
        if redacting(parsed) { watch.redactEmails = parsed.has(ImportCommand.redactEmails) }
        let quiet = parsed.has(SharedOptions.quiet)
        if !quiet { output.err("watching \(path); Ctrl-C stops\n") }
        let failure = StopSignal.run { shouldStop in
            watch.run(shouldStop: shouldStop) { event in
                switch event {
                case .wrote(let update, let turns, let added, let warnings, let milliseconds):
                    guard !quiet else { return }
                    for warning in inputs.rename(warnings) { output.err(warning.description + "\n") }
                    let what = update == 0 ? CLI.count(turns, "turn") : "\(CLI.count(added, "new turn")), \(turns) in all"
                    output.err("wrote \(request.outputDirectory)/index.html (\(what)) in \(milliseconds) ms\n")
                case .waiting:
                    if !quiet { output.err("no conversation in the log yet; waiting for its first turn\n") }
                case .failed(let error):
                    _ = CLI.report(inputs.rename(error), output: output)
                    output.err("still watching; the page shows the last good render\n")
                }
            }
        }
        // The truth about the folder: a watch that could not write its page fails as render does.
        if let failure {
            output.err("stopped watching; \(request.outputDirectory)/index.html was not written in its final form\n")
            return CLI.ExitCode(failure.kind)
        }
        if !quiet { output.err("stopped watching; \(request.outputDirectory)/index.html is complete\n") }
        return .ok
    }

    /// `render --from FORMAT INPUT`: import into a temporary folder, then render every conversation.
    /// Replies use full markup (the imported files ask for it) unless `--markup` said otherwise.
    /// With `--single-file` or `--pdf` (set in `request`), one conversation is that file.
    static func renderImported(
        format: ImportFormat, input: String, request: RenderRequest, quiet: Bool, redact: Bool = false,
        redactEmails: Bool = false, redactReport: String? = nil, shard: SiteShard? = nil, oneFile: String? = nil, given: String? = nil,
        inputs: InputFiles, output: CLI.Output
    ) throws(DiagnosticError) -> CLI.ExitCode {
        try ImportCommand.checkReportPath(redactReport)
        var importRequest = ImportRequest(format: format, inputPath: input, outputDirectory: request.outputDirectory)
        importRequest.shard = shard
        importRequest.redact = redact
        importRequest.redactEmails = redactEmails
        let result = try SiteRenderer.render(importRequest, render: request)
        try ImportCommand.writeReport(result.redaction, to: redactReport)
        return report(
            result, redaction: result.redaction, shard: shard, oneFile: oneFile, input: given ?? input, quiet: quiet, inputs: inputs,
            output: output)
    }

    /// Whether any of the options that redact on import is given.
    static func redacting(_ parsed: ParsedArguments) -> Bool {
        parsed.has(ImportCommand.redact) || parsed.has(ImportCommand.redactEmails) || parsed[ImportCommand.redactReport] != nil
    }

    /// The option that asks for one file, "--single-file" or "--pdf", for messages; nil when neither is given.
    static func oneFileOption(_ parsed: ParsedArguments) -> String? {
        parsed.has(singleFile) ? "--single-file" : parsed.has(pdf) ? "--pdf" : nil
    }

    /// What a site's render says: its warnings, what was masked, where the index is (or the single
    /// page and its PDF, for one conversation asked for as one file).
    static func report(
        _ result: SiteRenderer.Result, redaction: RedactionReport?, shard: SiteShard? = nil, oneFile: String? = nil,
        input: String = "", quiet: Bool, inputs: InputFiles, output: CLI.Output
    ) -> CLI.ExitCode {
        guard !quiet else { return .ok }
        let warnings = inputs.rename(result.warnings)
        for warning in warnings { output.err(warning.description + "\n") }
        if let line = ImportCommand.redactionLine(redaction) { output.err(line + "\n") }
        let counted = warnings.isEmpty ? "" : ", \(CLI.count(warnings.count, "warning"))"
        if let single = result.singleFile {
            let beside = single.spilledFiles == 0 ? "" : ", \(CLI.count(single.spilledFiles, "file")) beside it in \(single.filesFolder)/"
            output.err("wrote \(single.page) (\(ByteCountFormat.string(Int64(result.pageSize)))\(beside))\(counted)\n")
            return .ok
        }
        if let size = result.pdfSize {
            output.err("wrote \(result.outputDirectory)/index.html (\(ByteCountFormat.string(Int64(result.pageSize))))\(counted)\n")
            output.err("wrote \(result.outputDirectory)/\(PDFExport.fileName) (\(ByteCountFormat.string(Int64(size))))\n")
            return .ok
        }
        if result.oneFileRefused, let oneFile {
            // Said before the line naming the site, so the last line is where the output is.
            output.err(
                "\(input == "-" ? "standard input" : input) holds \(CLI.count(result.pages, "conversation")) and is written as a site; "
                    + "\(oneFile) applies to one conversation or session (render one of them with it)\n")
        }
        let cached = result.pagesReused == 0 ? "" : ", \(result.pagesReused) from the cache"
        let said = warnings.isEmpty ? "" : ", \(CLI.count(warnings.count, "warning"))"
        // A site kept current: how much of it was read again, or that nothing changed.
        if let again = result.readAgain {
            let counted = "\(CLI.count(result.pages, "conversation")), \(again == 0 ? "none" : String(again)) read again\(cached)"
            if result.upToDate {
                output.err("\(result.outputDirectory)/index.html is up to date (\(counted)); nothing written\(said)\n")
            } else {
                output.err("updated \(result.outputDirectory)/index.html (\(counted))\(said)\n")
            }
            return .ok
        }
        let pages =
            shard.map { " (shard \($0.index)/\($0.count): \(CLI.count(result.pages, "page"))\(cached))" }
            ?? (result.pages == 1 ? "" : " (\(result.pages) conversations\(cached))")
        output.err("wrote \(result.outputDirectory)/index.html\(pages)\(warnings.isEmpty ? "" : ", \(CLI.count(warnings.count, "warning"))")\n")
        return .ok
    }
}
