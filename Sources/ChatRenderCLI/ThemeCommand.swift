import ChatRender

/// `chatrender theme`, and its commands, `theme check THEME` and `theme init DIR`.
enum ThemeCommand {
    static let check = Command(
        path: ["theme", "check"],
        summary: "validate a theme and print the contrast of the pairs the blocks use",
        synopsis: ["theme check THEME"],
        about: [
            "Validates every token and reports the WCAG contrast of each text/background pair the blocks use, per "
                + "mode (see docs/themes.md). Exits 0 when every pair passes, 65 when one fails."
        ],
        arguments: [
            .init(
                name: "THEME",
                help: "a DTCG .resolver.json (light and dark) or .tokens.json (one mode), or - to read "
                    + "it from standard input")
        ],
        checkArguments: { $0.count == 1 ? nil : "theme check takes one theme file" },
        groups: [OptionGroup("OPTIONS", [SharedOptions.help.option])],
        exitCodes: [.ok, .usage, .dataError, .noInput],
        run: runCheck)

    static let from = Option.text(
        "--from", valueName: "NAME",
        help: "the bundled theme to start from: sp (default) or paper", kind: .bundledTheme)

    static let initialize = Command(
        path: ["theme", "init"],
        summary: "write a complete, commented theme to edit, made from a bundled one",
        synopsis: ["theme init DIR [--from NAME]"],
        about: [
            "Writes DIR/theme.resolver.json and its base, light and dark token files, each token described "
                + "($description), ready to edit and to pass to --theme (see docs/themes.md). The theme passes "
                + "theme check as written. DIR must be new, empty, or an earlier theme init; nothing is half-written."
        ],
        arguments: [
            .init(name: "DIR", help: "the folder to make; its name becomes the theme's name", kind: .folder)
        ],
        checkArguments: { $0.count == 1 ? nil : "theme init takes one folder" },
        groups: [OptionGroup("OPTIONS", [from.option, SharedOptions.quiet.option, SharedOptions.help.option])],
        exitCodes: [.ok, .usage, .dataError, .noInput, .cannotCreate],
        run: runInit)

    static let command = Command(
        path: ["theme"],
        summary: "work with design-token themes",
        synopsis: ["theme check THEME", "theme init DIR [--from NAME]"],
        groups: [OptionGroup("OPTIONS", [SharedOptions.help.option])],
        subcommands: [check, initialize])

    static func runInit(_ parsed: ParsedArguments, output: CLI.Output) -> CLI.ExitCode {
        do throws(DiagnosticError) {
            let result = try ThemeInit.write(folder: parsed.positionals[0], from: parsed[from] ?? "sp", bundledThemes: DataDirectory.bundledThemes())
            if !parsed.has(SharedOptions.quiet) {
                output.err("wrote theme \"\(result.name)\" to \(result.folder)/; check it with chatrender theme check \(result.resolver)\n")
            }
            return .ok
        } catch {
            return CLI.report(error, output: output)
        }
    }

    static func runCheck(_ parsed: ParsedArguments, output: CLI.Output) -> CLI.ExitCode {
        let inputs = InputFiles(output: output)
        defer { inputs.removeCopies() }
        let given = parsed.positionals[0]
        let shown = given == "-" ? StandardInputCopy.displayName : given
        do throws(DiagnosticError) {
            let path = try inputs.path(for: given, what: "theme", role: "the theme", copyName: "theme.json")
            let theme = try ThemeLoader.load(path: path, displayPath: shown, bundledThemes: DataDirectory.bundledThemes())
            let report = ThemeContrast.report(for: theme, displayPath: shown)
            output.out(report.text)
            if !report.text.hasSuffix("\n") { output.out("\n") }
            return report.passed ? .ok : .dataError
        } catch {
            return CLI.report(inputs.rename(error), output: output)
        }
    }
}
