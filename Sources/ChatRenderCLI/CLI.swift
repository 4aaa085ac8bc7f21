import ChatRender
import Foundation

/// The command line: finds the command, parses its arguments against its table, calls the
/// library, prints diagnostics and returns an exit code (sysexits). No rendering logic lives here.
public enum CLI {
    /// Where output goes; tests pass buffers.
    public struct Output: Sendable {
        /// Standard output: help, reports meant to be read or piped.
        public var out: @Sendable (String) -> Void
        /// Standard error: diagnostics, warnings and what was written.
        public var err: @Sendable (String) -> Void
        /// Output to the two given functions.
        public init(out: @escaping @Sendable (String) -> Void, err: @escaping @Sendable (String) -> Void) {
            self.out = out
            self.err = err
        }
        /// The process's own standard output and standard error.
        public static let standard = Output(
            out: { FileHandle.standardOutput.write(Data($0.utf8)) },
            err: { FileHandle.standardError.write(Data($0.utf8)) })
    }

    /// Every command, in the order the overview lists them.
    static let commands: [Command] = [
        RenderCommand.command, AgentsCommand.command, ImportCommand.command, PreviewCommand.command, CheckCommand.command, ThemeCommand.command,
        SiteCommand.command, CompletionsCommand.command, ManualCommand.command,
    ]

    /// What chatrender does, in a line: the head of the overview and of its manual page.
    static let description = "a chat conversation (JSON) and a design-token theme into a static, accessible HTML page"

    /// `help COMMAND`, in the overview's words.
    static let helpSummary = "print a command's help (the same as chatrender COMMAND --help)"

    /// `chatrender --version`: the version, and the commit it was built from when known.
    static var version: String {
        ChatRenderVersion.string + (BuildCommit.hash.map { " (commit \($0))" } ?? "")
    }

    /// The options before any command: `--help` and `--version`, for the manual and completions
    /// (the overview shows them as usage lines).
    static let topLevelOptions: [Option] = [
        Option.flag("--help", "-h", help: "print the overview of the commands").option,
        Option.flag("--version", help: "print the version and the commit it was built from").option,
    ]

    /// `chatrender --help`: the short overview of the commands.
    public static var overview: String { HelpText.overview(commands) }

    /// `chatrender help WORDS…` (`["theme", "check"]`); nil for no such command.
    public static func help(for words: [String]) -> String? {
        guard !words.isEmpty else { return overview }
        return command(at: words).map(HelpText.help(for:))
    }

    /// Every command's words, groups (`theme`) included: `[["render"], …, ["theme"], ["theme", "check"]]`.
    public static var commandPaths: [[String]] {
        func paths(_ command: Command) -> [[String]] { [command.path] + command.subcommands.flatMap(paths) }
        return commands.flatMap(paths)
    }

    /// Every option name of every command, long and short.
    public static var optionNames: Set<String> {
        Set(commands.flatMap(HelpText.leafCommands).flatMap(\.options).flatMap(\.names))
    }

    /// Runs one command line (without the program name).
    public static func run(_ arguments: [String], output: Output = .standard) -> ExitCode {
        guard let first = arguments.first else {
            output.err(overview)
            return .usage
        }
        switch first {
        case "-h", "--help":
            output.out(overview)
            return .ok
        case "--version":
            output.out("chatrender \(version)\n")
            return .ok
        case "help":
            let words = arguments.dropFirst().filter { $0 != "-h" && $0 != "--help" }
            guard let text = help(for: Array(words)) else {
                return usageError(unknownCommand(Array(words)), output: output)
            }
            output.out(text)
            return .ok
        default:
            return dispatch(arguments[...], among: commands, output: output)
        }
    }

    /// Finds the command named by the first of `arguments` among `commands` and runs it, or the
    /// subcommand after it.
    static func dispatch(_ arguments: ArraySlice<String>, among commands: [Command], output: Output) -> ExitCode {
        let word = arguments.first!
        guard let command = commands.first(where: { $0.path.last == word }) else {
            let parent = commands.first.map { Array($0.path.dropLast()) } ?? []
            if word.hasPrefix("-") {
                let name = parent.joined(separator: " ")
                let close = Suggestion.closest(to: word, among: parent.isEmpty ? ["--help", "--version"] : ["--help"])
                return usageError(
                    "unknown option \"\(word)\"\(parent.isEmpty ? "" : " for " + name)"
                        + "\(close.map { "; did you mean \($0)?" } ?? "") (see chatrender \(parent.isEmpty ? "" : name + " ")--help)",
                    output: output)
            }
            return usageError(unknownCommand(parent + [word]), output: output)
        }
        let rest = arguments.dropFirst()
        if !command.subcommands.isEmpty {
            let names = command.subcommands.compactMap(\.path.last)
            guard let next = rest.first else {
                return usageError("\(command.name) needs a command: \(names.joined(separator: ", ")) (see chatrender \(command.name) --help)", output: output)
            }
            if next == "-h" || next == "--help" {
                output.out(HelpText.help(for: command))
                return .ok
            }
            return dispatch(rest, among: command.subcommands, output: output)
        }
        let others = self.commands.flatMap(HelpText.leafCommands).filter { $0.name != command.name }
        switch CommandLineParser.parse(Array(rest), for: command, others: others) {
        case .help:
            output.out(HelpText.help(for: command))
            return .ok
        case .failed(let message):
            return usageError(message, output: output)
        case .parsed(let parsed):
            return command.run!(parsed, output)
        }
    }

    /// The command at `words`, or nil.
    static func command(at words: [String]) -> Command? {
        var level = commands
        var found: Command?
        for word in words {
            guard let next = level.first(where: { $0.path.last == word }) else { return nil }
            found = next
            level = next.subcommands
        }
        return found
    }

    /// `unknown command "theme chek"; did you mean theme check? (see chatrender --help)`
    static func unknownCommand(_ words: [String]) -> String {
        let typed = words.joined(separator: " ")
        let known = commandPaths.map { $0.joined(separator: " ") }.filter { $0.split(separator: " ").count == words.count }
        var message = "unknown command \"\(typed)\""
        if let close = Suggestion.closest(to: typed, among: known) {
            message += "; did you mean \(close)?"
        } else {
            let leaves = commands.flatMap(HelpText.leafCommands).map(\.name)
            message += "; expected " + leaves.dropLast().joined(separator: ", ") + " or " + leaves.last!
        }
        return message + " (see chatrender --help)"
    }

    static func usageError(_ message: String, output: Output) -> ExitCode {
        output.err("chatrender: error: \(message)\n")
        return .usage
    }

    /// Prints every diagnostic and returns the exit code for the kind of failure.
    static func report(_ error: DiagnosticError, output: Output) -> ExitCode {
        for diagnostic in error.diagnostics { output.err(diagnostic.description + "\n") }
        return ExitCode(error.kind)
    }

    /// `1 warning`, `2 warnings`.
    static func count(_ number: Int, _ noun: String) -> String {
        "\(number) \(noun)\(number == 1 ? "" : "s")"
    }
}
