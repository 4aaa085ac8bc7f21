import ChatRender

/// `chatrender completions bash|zsh|fish`: prints the shell's completion script, made from the
/// command tables, with the bundled themes and locales of the data folder this command finds.
enum CompletionsCommand {
    /// The shells a script is made for.
    enum Shell: String, CaseIterable, Sendable {
        case bash, zsh, fish
    }

    static let command = Command(
        path: ["completions"],
        summary: "print the completion script for bash, zsh or fish",
        synopsis: ["completions bash|zsh|fish"],
        about: [
            "Prints a script that completes chatrender's commands, options, import formats, bundled theme names "
                + "and locales in the shell named, made from the same tables as --help. The Debian package installs "
                + "them where each shell looks; to try one: source <(chatrender completions bash) in bash, "
                + "chatrender completions fish | source in fish, or save the zsh script as _chatrender in a folder "
                + "on $fpath."
        ],
        arguments: [
            .init(name: "SHELL", help: "bash, zsh or fish", kind: .oneOf(Shell.allCases.map(\.rawValue)))
        ],
        checkArguments: { arguments in
            guard arguments.count == 1 else { return "completions takes one shell: bash, zsh or fish" }
            return Shell(rawValue: arguments[0]) == nil ? "no completions for \"\(arguments[0])\"; expected bash, zsh or fish" : nil
        },
        groups: [OptionGroup("OPTIONS", [SharedOptions.help.option])],
        exitCodes: [.ok, .usage, .noInput],
        run: run)

    static func run(_ parsed: ParsedArguments, output: CLI.Output) -> CLI.ExitCode {
        // The themes and locales offered are the ones this command would find.
        let data: String
        switch DataDirectory.locate() {
        case .success(let folder): data = folder
        case .failure(let error): return CLI.report(error, output: output)
        }
        output.out(script(for: Shell(rawValue: parsed.positionals[0])!, source: .current(data: data)))
        return .ok
    }

    /// The script for `shell`.
    static func script(for shell: Shell, source: CompletionSource) -> String {
        switch shell {
        case .bash: return BashCompletion.script(source, version: ChatRenderVersion.string)
        case .zsh: return ZshCompletion.script(source, version: ChatRenderVersion.string)
        case .fish: return FishCompletion.script(source, version: ChatRenderVersion.string)
        }
    }
}
