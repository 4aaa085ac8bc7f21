import ChatRender

/// `chatrender theme`, and its one command, `theme check THEME`.
enum ThemeCommand {
    static let check = Command(
        path: ["theme", "check"],
        summary: "validate a theme and print the contrast of the pairs the blocks use",
        synopsis: ["theme check THEME"],
        about: [
            "Validates every token and reports the WCAG contrast of each text/background pair the blocks use, per "
                + "mode (see docs/themes.md). Exits 0 when every pair passes, 65 when one fails.",
        ],
        arguments: [
            .init(name: "THEME", help: "a DTCG .resolver.json (light and dark) or .tokens.json (one mode), or - to read "
                    + "it from standard input"),
        ],
        checkArguments: { $0.count == 1 ? nil : "theme check takes one theme file" },
        groups: [OptionGroup("OPTIONS", [SharedOptions.help.option])],
        exitCodes: [.ok, .usage, .dataError, .noInput],
        run: runCheck)

    static let command = Command(
        path: ["theme"],
        summary: "work with design-token themes",
        synopsis: ["theme check THEME"],
        groups: [OptionGroup("OPTIONS", [SharedOptions.help.option])],
        subcommands: [check])

    static func runCheck(_ parsed: ParsedArguments, output: CLI.Output) -> CLI.ExitCode {
        let inputs = InputFiles(output: output)
        defer { inputs.removeCopies() }
        let given = parsed.positionals[0]
        let shown = given == "-" ? StandardInputCopy.displayName : given
        do throws(DiagnosticError) {
            let path = try inputs.path(for: given, what: "theme", role: "the theme", copyName: "theme.json")
            let theme = try ThemeLoader.load(path: path, displayPath: shown)
            let report = ThemeContrast.report(for: theme, displayPath: shown)
            output.out(report.text)
            if !report.text.hasSuffix("\n") { output.out("\n") }
            return report.passed ? .ok : .dataError
        } catch {
            return CLI.report(inputs.rename(error), output: output)
        }
    }
}
