import ChatRender

/// One command of the command line, as a table: what it is called, what it takes (arguments,
/// option groups, rules between options) and what it does. Parsing, `--help`, `help COMMAND` and
/// the suggestions for mistyped names are all made from this declaration.
///
/// A command with `subcommands` (`theme`) only routes to them; a leaf command has `run`.
struct Command: Sendable {
    /// A positional argument, for the ARGUMENTS section of help. Completions take the n-th of a
    /// command's arguments for the n-th word (the last one for any after it).
    struct Argument: Sendable {
        /// `CONVERSATION.json`, `FIXTURE.json…`
        let name: String
        let help: String
        /// What it is, for completions.
        var kind: ValueKind = .file
        /// Whether it is another thing the argument before it may be, in the same place (render's
        /// FOLDER or INPUT instead of CONVERSATION.json), rather than the next argument.
        var sharesPlace = false
    }

    /// The words that name it after `chatrender`: `["theme", "check"]`.
    let path: [String]
    /// One line for the overview and the head of its help.
    let summary: String
    /// How it is called, each line after `chatrender `.
    let synopsis: [String]
    /// Paragraphs printed under USAGE.
    var about: [String] = []
    var arguments: [Argument] = []
    /// The message when the number of arguments is wrong (nil when it is right). Commands word it
    /// themselves: "render needs a conversation file" says more than "expected 1 argument".
    var checkArguments: @Sendable ([String]) -> String? = { $0.isEmpty ? nil : "unexpected argument \"\($0[0])\"" }
    var groups: [OptionGroup] = []
    var rules: [CommandRule] = []
    /// The exit codes it can end with, for its help.
    var exitCodes: [CLI.ExitCode] = []
    var subcommands: [Command] = []
    /// What it does with a command line that parsed and passed its rules.
    var run: (@Sendable (ParsedArguments, CLI.Output) -> CLI.ExitCode)?

    /// `theme check`
    var name: String { path.joined(separator: " ") }

    /// Every option it takes, in help order.
    var options: [Option] { groups.flatMap(\.options) }

    /// The option with this name (long or short), if the command takes it.
    func option(named name: String) -> Option? { options.first { $0.names.contains(name) } }
}
