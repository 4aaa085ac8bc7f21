/// Help, generated from the command tables: the overview for `chatrender --help` and one page per
/// command for `chatrender COMMAND --help` (the same text as `chatrender help COMMAND`). Lines are
/// wrapped at a fixed width, never the terminal's, so the README can quote the text exactly.
enum HelpText {
    /// The widest a help line gets.
    static let width = 100
    /// Where option and argument descriptions begin.
    static let column = 25

    /// Standard input, and where the bundled data comes from: the overview's closing note, in
    /// help and in the manual.
    static let dataNote =
        "A file argument may be - to read standard input. The bundled themes/ and templates/ come from "
        + "CHATRENDER_DATA, else from beside the executable: the repository of a build in .build/, or "
        + "PREFIX/share/chatrender for PREFIX/bin/chatrender (see scripts/install)."

    /// `chatrender --help`: what each command is for and how it is called.
    static func overview(_ commands: [Command]) -> String {
        var lines = [
            "chatrender: \(CLI.description).",
            "",
            "USAGE",
        ]
        let leaves = commands.flatMap(leafCommands)
        for command in leaves {
            for synopsis in command.synopsis { lines.append("  chatrender " + synopsis) }
        }
        lines += ["  chatrender help COMMAND    (the same as chatrender COMMAND --help)", "  chatrender --version", "", "COMMANDS"]
        for command in leaves { lines += entry(command.name, command.summary) }
        lines += [""]
        lines += wrap(dataNote, indent: "")
        lines += ["", "EXIT CODES"] + exitCodes(CLI.ExitCode.allCases)
        return lines.joined(separator: "\n") + "\n"
    }

    /// `chatrender COMMAND --help`.
    static func help(for command: Command) -> String {
        var lines = ["chatrender \(command.name): \(command.summary)", "", "USAGE"]
        lines += command.synopsis.map { "  chatrender " + $0 }
        for paragraph in command.about { lines += [""] + wrap(paragraph, indent: "  ") }
        if !command.subcommands.isEmpty {
            lines += ["", "COMMANDS"]
            for sub in command.subcommands { lines += entry(sub.path.last ?? sub.name, sub.summary) }
            lines += ["", "  See chatrender help \(command.name) COMMAND for a command's options."]
        }
        if !command.arguments.isEmpty {
            lines += ["", "ARGUMENTS"]
            for argument in command.arguments { lines += entry(argument.name, argument.help) }
        }
        for group in command.groups where !group.options.isEmpty {
            lines += ["", group.title]
            for option in group.options {
                let repeatable = option.repeatable ? " Repeatable." : ""
                lines += entry(option.synopsis, option.help + repeatable)
            }
        }
        if !command.rules.isEmpty {
            lines += ["", "RULES"]
            for rule in command.rules { lines += wrap(rule.message, indent: "  ", hanging: "    ") }
        }
        if !command.exitCodes.isEmpty {
            lines += ["", "EXIT CODES"] + exitCodes(command.exitCodes)
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The commands that run (not `theme`, but `theme check`), in table order.
    static func leafCommands(_ command: Command) -> [Command] {
        command.subcommands.isEmpty ? [command] : command.subcommands.flatMap(leafCommands)
    }

    /// `  --out DIR              the output folder…`, the description wrapped under itself; a name
    /// too long for its column puts the description on the next line.
    static func entry(_ name: String, _ text: String) -> [String] {
        let head = "  " + name
        let pad = String(repeating: " ", count: column)
        if head.count <= column - 2 {
            var lines = wrap(text, indent: pad)
            lines[0] = head + String(repeating: " ", count: column - head.count) + lines[0].dropFirst(column)
            return lines
        }
        return [head] + wrap(text, indent: pad)
    }

    /// One line per exit code: `  64  usage`.
    static func exitCodes(_ codes: [CLI.ExitCode]) -> [String] {
        codes.map { code in
            let number = String(code.rawValue)
            return "  " + number + String(repeating: " ", count: 4 - number.count) + code.meaning
        }
    }

    /// Words of `text` in lines of at most ``width`` characters, each starting with `indent`
    /// (later lines with `hanging` when given). A `\n` in `text` starts a new line.
    static func wrap(_ text: String, indent: String, hanging: String? = nil) -> [String] {
        var lines: [String] = []
        for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
            var line = lines.isEmpty ? indent : (hanging ?? indent)
            var empty = true
            for word in paragraph.split(separator: " ") {
                if !empty && line.count + 1 + word.count > width {
                    lines.append(line)
                    line = (hanging ?? indent) + word
                } else {
                    line += (empty ? "" : " ") + word
                }
                empty = false
            }
            lines.append(line)
        }
        return lines
    }
}
