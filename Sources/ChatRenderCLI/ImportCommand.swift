import ChatRender
import Foundation

/// `chatrender import FORMAT INPUT`: the table and the run; also how `render --from` reads its input.
enum ImportCommand {
    static let out = SharedOptions.out("the output folder; default: out/NAME-import for INPUT NAME (out/chats-import "
                                        + "for -); replaced as a whole, atomically")
    static let includeSystem = Option.flag(
        "--include-system", help: "keep system, developer and tool turns (shown as labelled replies)")

    static let command = Command(
        path: ["import"],
        summary: "turn a ChatGPT, OpenAI, Anthropic or Claude Code export into conversation files",
        synopsis: ["import FORMAT INPUT [options]"],
        about: [
            "Writes NAME.json per conversation (marked \"markup\": \"full\"), its files under files/NAME/, and an "
                + "index.html listing them newest first. Render one with: chatrender render DIR/NAME.json. Files "
                + "the export lacks show as \"File unavailable\" or \"Photo unavailable\", with a warning. Bad input "
                + "names the file, line:column and JSON path, and nothing is written.",
        ],
        arguments: [
            .init(name: "FORMAT", help: "chatgpt: ChatGPT's data export: the .zip as downloaded (read in place), its "
                    + "unzipped folder, or its conversations.json\nopenai: a Chat Completions messages array (or a "
                    + "request with \"messages\")\nanthropic: a Messages API messages array (or a request with \"messages\")\n"
                    + "claude-code: a Claude Code session log (.jsonl), a project folder of them, or the projects folder "
                    + "(~/.claude/projects); sub-agents are read from beside each session"),
            .init(name: "INPUT", help: "the export, or - to read it from standard input (a zip or a JSON file; a "
                    + "conversation from standard input is called Conversation)"),
        ],
        checkArguments: { arguments in
            arguments.count == 2 ? nil
                : "import takes a format and an input file; got \(CLI.count(arguments.count, "argument"))"
        },
        groups: [OptionGroup("OPTIONS", [out.option, includeSystem.option, SharedOptions.quiet.option, SharedOptions.help.option])],
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
            let request = ImportRequest(format: format, inputPath: input, outputDirectory: parsed[out] ?? FilePath.join("out", name + "-import"),
                                        includeSystem: parsed.has(includeSystem))
            let result = try Importer.run(request)
            if !parsed.has(SharedOptions.quiet) {
                let warnings = inputs.rename(result.warnings)
                for warning in warnings { output.err(warning.description + "\n") }
                let count = result.entries.count
                output.err("wrote \(CLI.count(count, "conversation")) and \(result.outputDirectory)/index.html\(warnings.isEmpty ? "" : ", \(CLI.count(warnings.count, "warning"))")\n")
            }
            return .ok
        } catch {
            return CLI.report(inputs.rename(error), output: output)
        }
    }

    /// `chatgpt`, `openai` or `anthropic`, in any case.
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
        case .openai, .anthropic:
            return try inputs.path(for: given, what: "\(format.rawValue) messages", role: "the export", copyName: "Conversation.json")
        case .claudeCode:
            return try inputs.path(for: given, what: "Claude Code session", role: "the session", copyName: "session.jsonl", folderAllowed: true)
        }
    }
}
