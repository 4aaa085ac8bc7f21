import ChatRender

/// `chatrender man [COMMAND…]`: prints a manual page, made from the command tables, or with
/// `--out DIR` writes them all (what the package installs in /usr/share/man/man1).
enum ManualCommand {
    static let out = Option.value(
        "--out", "-o", valueName: "DIR",
        help: "write every page into DIR as NAME.1 (chatrender.1, chatrender-render.1, …), each replaced whole, "
            + "instead of printing one",
        kind: .folder, read: OptionReader.outputPath)

    static let command = Command(
        path: ["man"],
        summary: "print the manual page of chatrender or of a command, or write them all",
        synopsis: ["man [COMMAND…]", "man --out DIR"],
        about: [
            "Prints the man(7) source of chatrender(1), or of the command named (chatrender-render(1) for render, "
                + "chatrender-theme-check(1) for theme check), made from the same tables as --help. Read one without "
                + "installing it: chatrender man render | man -l -"
        ],
        arguments: [.init(name: "COMMAND", help: "the command whose page to print, such as render or theme check", kind: .command)],
        checkArguments: { arguments in
            guard !arguments.isEmpty, CLI.command(at: arguments) == nil else { return nil }
            return CLI.unknownCommand(arguments)
        },
        groups: [OptionGroup("OPTIONS", [out.option, SharedOptions.quiet.option, SharedOptions.help.option])],
        rules: [CommandRule(message: "--out writes every page; name no command with it") { $0.has(out.option) && !$0.positionals.isEmpty }],
        exitCodes: [.ok, .usage, .cannotCreate],
        run: run)

    static func run(_ parsed: ParsedArguments, output: CLI.Output) -> CLI.ExitCode {
        let pages = ManualPage.pages(CLI.commands, version: ChatRenderVersion.string)
        guard let folder = parsed[out] else {
            let name = ManualPage.pageName(parsed.positionals)
            output.out(pages.first { $0.name == name }!.text)
            return .ok
        }
        do throws(DiagnosticError) {
            for page in pages {
                try FileReplacement.write(Array(page.text.utf8), to: FilePath.join(folder, page.fileName), what: "a manual page")
            }
        } catch {
            return CLI.report(error, output: output)
        }
        if !parsed.has(SharedOptions.quiet) {
            output.err("wrote \(CLI.count(pages.count, "manual page")) to \(folder)/\n")
        }
        return .ok
    }
}
