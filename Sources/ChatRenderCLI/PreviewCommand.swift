import ChatRender
import Foundation

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
    static let watch = Option.flag(
        "--watch",
        help: "keep running: write the gallery again when a theme or conversation file changes; the open page reloads itself (Ctrl-C stops)")
    static let out = SharedOptions.out("the output folder; default: out/preview")

    static let command = Command(
        path: ["preview"],
        summary: "write a gallery page of the chat block and every composer state, per theme",
        synopsis: ["preview [--theme THEME]… [--conversation FILE]… [options]"],
        about: [
            "Writes one gallery page: the chat block, a sample reply with photos, links, code, a table and maths, "
                + "the conversations given, and each composer in each state, light and dark side by side, a switch "
                + "between the themes and a contrast report per theme (see docs/themes.md)."
        ],
        groups: [
            OptionGroup("THEMES AND TEMPLATES", [themes.option, SharedOptions.templates.option]),
            OptionGroup("CONVERSATIONS", [conversations.option]),
            OptionGroup("TIMES", [SharedOptions.locale.option, SharedOptions.timeZone.option]),
            OptionGroup("OUTPUT", [out.option, watch.option]),
            OptionGroup("MESSAGES", [SharedOptions.quiet.option, SharedOptions.help.option]),
        ],
        rules: [
            CommandRule(message: "--watch reads the files again as they change; it cannot watch standard input (-)") {
                $0.has(watch) && ($0.all(themes) + $0.all(conversations)).contains("-")
            },
            CommandRule(message: "- (standard input) can be read once: give - once, to --theme or --conversation") {
                ($0.all(themes) + $0.all(conversations)).filter { $0 == "-" }.count > 1
            },
        ],
        exitCodes: [.ok, .usage, .dataError, .noInput, .cannotCreate],
        run: run)

    static func run(_ parsed: ParsedArguments, output: CLI.Output) -> CLI.ExitCode {
        let inputs = InputFiles(output: output)
        defer { inputs.removeCopies() }
        var locale = PageLocale.standard
        if let tag = parsed[SharedOptions.locale] { locale.tag = tag }
        if let offset = parsed[SharedOptions.timeZone] { locale.offsetSeconds = offset }
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
            var request = ThemePreview.Request(
                themePaths: themePaths, templatesDirectory: templates,
                outputDirectory: parsed[out] ?? "out/preview", locale: locale,
                conversationPaths: conversationPaths, samplePath: sample)
            request.bundledThemes = DataDirectory.bundledThemes()
            if parsed.has(watch) { return runWatching(request, quiet: parsed.has(SharedOptions.quiet), output: output) }
            let result = try ThemePreview.render(request)
            if !parsed.has(SharedOptions.quiet) {
                let warnings = inputs.rename(result.warnings)
                for warning in warnings { output.err(warning.description + "\n") }
                let counted = warnings.isEmpty ? "" : ", \(CLI.count(warnings.count, "warning"))"
                output.err(
                    "wrote \(result.outputDirectory)/index.html (\(ByteCountFormat.string(Int64(result.pageSize)))), \(CLI.count(result.themeNames.count, "theme"))\(counted)\n"
                )
            }
            return .ok
        } catch {
            return CLI.report(inputs.rename(error), output: output)
        }
    }

    /// `--watch`: render, then again on each change, until Ctrl-C (or SIGTERM), which is taken
    /// between renders so a render in progress finishes and nothing is left half-written.
    static func runWatching(_ request: ThemePreview.Request, quiet: Bool, output: CLI.Output) -> CLI.ExitCode {
        output.err("watching \(CLI.count(PreviewWatch.files(for: request).count, "file")); Ctrl-C stops\n")
        StopSignal.run { shouldStop in
            PreviewWatch.run(request, shouldStop: shouldStop) { event in
                switch event {
                case .wrote(let result, let changed, let milliseconds):
                    if quiet { return }
                    let why = changed.isEmpty ? "" : "\(changed.map(FilePath.lastComponent).joined(separator: ", ")) changed: "
                    let counted = result.warnings.isEmpty ? "" : ", \(CLI.count(result.warnings.count, "warning"))"
                    for warning in result.warnings { output.err(warning.description + "\n") }
                    output.err("\(why)wrote \(result.outputDirectory)/index.html in \(milliseconds) ms\(counted)\n")
                case .failed(let error):
                    // Reported, and the last good page stays; watching goes on.
                    _ = CLI.report(error, output: output)
                    output.err("still watching; the page shows the last good render\n")
                }
            }
        }
        output.err("stopped watching\n")
        return .ok
    }
}
