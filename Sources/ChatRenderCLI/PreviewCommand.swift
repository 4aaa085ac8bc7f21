import ChatRender

/// `chatrender preview`: the table and the run.
enum PreviewCommand {
    /// Unlike render's `--theme`, repeatable: the gallery shows each theme given.
    static let themes = Option.text(
        "--theme", valueName: "THEME",
        help: "a theme to show (a .resolver.json or .tokens.json, or - for standard input); default: the bundled SP theme",
        repeatable: true)
    static let conversations = Option.text(
        "--conversation", valueName: "FILE",
        help: "a conversation file to show in every theme, light and dark, beside the composers (repeatable)",
        repeatable: true)
    static let out = SharedOptions.out("the output folder; default: out/preview")

    static let command = Command(
        path: ["preview"],
        summary: "write a gallery page of the chat block and every composer state, per theme",
        synopsis: ["preview [--theme THEME]… [--conversation FILE]… [options]"],
        about: [
            "Writes one gallery page: the chat block, a sample reply with photos, links, code, a table and maths, "
                + "the conversations given, and each composer in each state, light and dark side by side, a switch "
                + "between the themes and a contrast report per theme (see docs/themes.md).",
        ],
        groups: [
            OptionGroup("THEMES AND TEMPLATES", [themes.option, SharedOptions.templates.option]),
            OptionGroup("CONVERSATIONS", [conversations.option]),
            OptionGroup("TIMES", [SharedOptions.locale.option, SharedOptions.timeZone.option]),
            OptionGroup("OUTPUT", [out.option]),
            OptionGroup("MESSAGES", [SharedOptions.quiet.option, SharedOptions.help.option]),
        ],
        rules: [
            CommandRule(message: "- (standard input) can be read once: give - once, to --theme or --conversation") {
                ($0.all(themes) + $0.all(conversations)).filter { $0 == "-" }.count > 1
            },
        ],
        exitCodes: [.ok, .usage, .dataError, .noInput, .cannotCreate],
        run: run)

    static func run(_ parsed: ParsedArguments, output: CLI.Output) -> CLI.ExitCode {
        let inputs = InputFiles(output: output)
        defer { inputs.removeCopies() }
        var clock = ComposerClock.standard
        if let locale = parsed[SharedOptions.locale] { clock.locale = locale }
        if let offset = parsed[SharedOptions.timeZone] { clock.offsetSeconds = offset }
        do throws(DiagnosticError) {
            var themePaths: [String] = []
            for given in parsed.all(themes) {
                themePaths.append(try inputs.path(for: given, what: "theme", role: "--theme", copyName: "theme.json"))
            }
            // The bundled theme is the default; it is looked for only when no theme is given.
            let (bundledTheme, templates) = try RenderSettings.themeAndTemplates(
                theme: themePaths.first, templates: parsed[SharedOptions.templates], inputs: inputs)
            if themePaths.isEmpty { themePaths = [bundledTheme] }
            var conversationPaths: [String] = []
            for given in parsed.all(conversations) {
                conversationPaths.append(try inputs.path(for: given, what: "conversation", role: "--conversation", copyName: "conversation.json"))
            }
            // The sample ships with the bundled themes; a preview from given themes and templates
            // alone, without the bundled folder, goes without it.
            let sample = (try? DataDirectory.locate().get()).map { FilePath.join($0, "themes/preview/sample.json") }
            let request = ThemePreview.Request(themePaths: themePaths, templatesDirectory: templates,
                                               outputDirectory: parsed[out] ?? "out/preview", clock: clock,
                                               conversationPaths: conversationPaths, samplePath: sample)
            let result = try ThemePreview.render(request)
            if !parsed.has(SharedOptions.quiet) {
                let warnings = inputs.rename(result.warnings)
                for warning in warnings { output.err(warning.description + "\n") }
                let counted = warnings.isEmpty ? "" : ", \(CLI.count(warnings.count, "warning"))"
                output.err("wrote \(result.outputDirectory)/index.html (\(ByteCountFormat.string(Int64(result.pageSize)))), \(CLI.count(result.themeNames.count, "theme"))\(counted)\n")
            }
            return .ok
        } catch {
            return CLI.report(inputs.rename(error), output: output)
        }
    }
}
