import ChatRender
import Foundation

/// `chatrender import FORMAT INPUT`: the table and the run; also how `render --from` reads its input.
enum ImportCommand {
    static let out = SharedOptions.out("the output folder; default: out/NAME-import for INPUT NAME (out/chats-import "
                                        + "for -); replaced as a whole, atomically")
    static let includeSystem = Option.flag(
        "--include-system", help: "keep system, developer and tool turns (shown as labelled replies)")
    static let strict = Option.flag(
        "--strict", help: "treat warnings (a conversation left out, a file the export lacks) as errors; nothing is written")
    static let redact = Option.flag(
        "--redact", help: "mask credentials (API keys and tokens, KEY=value secrets, bearer tokens, passwords in "
            + "URLs, private keys) as [REDACTED] and the home folder (/home/NAME, /Users/NAME, C:\\Users\\NAME) as "
            + "~ before anything is written; prints how many of each, and each page says it was redacted")
    static let redactEmails = Option.flag(
        "--redact-emails", help: "with --redact, or alone: also mask email addresses as [email]")

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
                + "path, and nothing is written.",
        ],
        arguments: [
            .init(name: "FORMAT", help: "chatgpt: ChatGPT's data export: the .zip as downloaded (read in place), its "
                    + "unzipped folder, or one of its conversation files (conversations.json, or a shard "
                    + "conversations-000.json …)\nopenai: a Chat Completions messages array (or a "
                    + "request with \"messages\")\nanthropic: a Messages API messages array (or a request with \"messages\")\n"
                    + "claude-ai: claude.ai's data export: the .zip as downloaded, its unzipped folder, or its "
                    + "conversations.json (projects.json beside it groups the index)\n"
                    + "claude-code: a Claude Code session log (.jsonl), a project folder of them, or the projects folder "
                    + "(~/.claude/projects); sub-agents are read from beside each session"),
            .init(name: "INPUT", help: "the export, or - to read it from standard input (a zip or a JSON file; a "
                    + "conversation from standard input is called Conversation)"),
        ],
        checkArguments: { arguments in
            arguments.count == 2 ? nil
                : "import takes a format and an input file; got \(CLI.count(arguments.count, "argument"))"
        },
        groups: [OptionGroup("OPTIONS", [out.option, includeSystem.option, strict.option, redact.option, redactEmails.option,
                                         SharedOptions.quiet.option, SharedOptions.help.option])],
        exitCodes: [.ok, .usage, .dataError, .noInput, .cannotCreate],
        run: run)

    static func run(_ parsed: ParsedArguments, output: CLI.Output) -> CLI.ExitCode {
        let inputs = InputFiles(output: output)
        defer { inputs.removeCopies() }
        let given = parsed.positionals[1]
        do throws(DiagnosticError) {
            let format = try readFormat("FORMAT", parsed.positionals[0]).mapError { DiagnosticError(Diagnostic(file: "chatrender", message: $0.message), kind: .usage) }.get()
            let input = try inputPath(given, format: format, inputs: inputs)
            var name = given == "-" ? "" : FilePath.stem(given)
            if name.isEmpty { name = "chats" }
            var request = ImportRequest(format: format, inputPath: input, outputDirectory: parsed[out] ?? FilePath.join("out", name + "-import"),
                                        includeSystem: parsed.has(includeSystem), strict: parsed.has(strict))
            request.redact = parsed.has(redact)
            request.redactEmails = parsed.has(redactEmails)
            let result = try Importer.run(request)
            if !parsed.has(SharedOptions.quiet) {
                let warnings = inputs.rename(result.warnings)
                for warning in warnings { output.err(warning.description + "\n") }
                if let line = redactionLine(result.redaction) { output.err(line + "\n") }
                let count = result.entries.count
                output.err("wrote \(CLI.count(count, "conversation")) and \(result.outputDirectory)/index.html\(warnings.isEmpty ? "" : ", \(CLI.count(warnings.count, "warning"))")\n")
            }
            return .ok
        } catch {
            return CLI.report(inputs.rename(error), output: output)
        }
    }

    /// "redacted 1 credential, 14 home folder paths and 0 email addresses"; nil without --redact.
    static func redactionLine(_ summary: RedactionSummary?) -> String? {
        guard let summary else { return nil }
        let nouns = [Redactor.credential: "credential", Redactor.homeFolder: "home folder path", Redactor.email: "email address"]
        let pieces = summary.counts.map { item -> String in
            let noun = nouns[item.kind] ?? item.kind
            return item.count == 1 ? "1 \(noun)" : "\(item.count) \(noun)\(noun.hasSuffix("s") ? "es" : "s")"
        }
        let list = pieces.count > 1 ? pieces.dropLast().joined(separator: ", ") + " and " + pieces.last! : pieces.joined()
        return "redacted \(list)"
    }

    /// `chatgpt`, `openai`, `anthropic` or `claude-ai`, in any case.
    static let readFormat: @Sendable (String, String) -> Result<ImportFormat, OptionValueProblem> = { _, raw in
        guard let format = ImportFormat(rawValue: raw.lowercased()) else {
            return .failure(OptionValueProblem("unknown import format \"\(raw)\"; expected \(ImportFormat.spokenList)"))
        }
        return .success(format)
    }

    /// The path the importer reads for `given`. A ChatGPT export may be a folder; from standard
    /// input it is a zip or its conversations.json (the importer tells them apart by their bytes).
    /// An API export from standard input is named `Conversation.json`, its title when it has none.
    static func inputPath(_ given: String, format: ImportFormat, inputs: InputFiles) throws(DiagnosticError) -> String {
        switch format {
        case .chatgpt:
            return try inputs.path(for: given, what: "ChatGPT export", role: "the export", copyName: "export", folderAllowed: true)
        case .claudeAI:
            return try inputs.path(for: given, what: "claude.ai export", role: "the export", copyName: "export", folderAllowed: true)
        case .openai, .anthropic:
            return try inputs.path(for: given, what: "\(format.rawValue) messages", role: "the export", copyName: "Conversation.json")
        case .claudeCode:
            return try inputs.path(for: given, what: "Claude Code session", role: "the session", copyName: "session.jsonl", folderAllowed: true)
        }
    }
}
