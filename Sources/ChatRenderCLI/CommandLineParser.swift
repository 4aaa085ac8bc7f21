/// Reads a command's arguments against its table.
///
/// - `--name value`, `--name=value`, and short names (`-o DIR`, `-q`).
/// - A value may begin with one dash (`--inline-limit -5MB` is read, then refused by the value's
///   reader with its own message) but not two: `--out --quiet` says `--out needs a value`.
/// - `-` is an argument (standard input), never an option; after `--` everything is an argument.
/// - `-h` or `--help` anywhere before `--` asks for help, whatever else is on the line.
enum CommandLineParser {
    /// What a command line came to.
    enum Outcome {
        case parsed(ParsedArguments)
        case help
        /// A usage error: the sentence after `chatrender: error: `.
        case failed(String)
    }

    /// Parses `arguments` (after the command's words) for `command`. `others` are the rest of the
    /// commands, so an option of another command can be named as such.
    static func parse(_ arguments: [String], for command: Command, others: [Command] = []) -> Outcome {
        let beforeEnd = arguments.prefix { $0 != "--" }
        if beforeEnd.contains(where: { SharedOptions.help.option.names.contains($0) }) { return .help }
        var parsed = ParsedArguments()
        var index = 0
        var onlyArguments = false
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if onlyArguments || argument == "-" || !argument.hasPrefix("-") {
                parsed.positionals.append(argument)
                continue
            }
            if argument == "--" {
                onlyArguments = true
                continue
            }
            var name = argument
            var inline: String?
            if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
                name = String(argument[..<equals])
                inline = String(argument[argument.index(after: equals)...])
            }
            guard let option = command.option(named: name) else {
                return .failed(unknownOption(name, for: command, others: others))
            }
            guard let read = option.read else {
                if inline != nil { return .failed("\(name) takes no value") }
                parsed.record(option, value: true, raw: name)
                continue
            }
            let raw: String
            if let inline {
                raw = inline
            } else {
                guard index < arguments.count, !arguments[index].hasPrefix("--") else {
                    return .failed("\(name) needs a value")
                }
                raw = arguments[index]
                index += 1
            }
            if !option.repeatable, let earlier = parsed.rawValues(option).first {
                return .failed("\(option.name) is given twice (\"\(earlier)\" and \"\(raw)\"); it takes one value")
            }
            switch read(option.name, raw) {
            case .success(let value): parsed.record(option, value: value, raw: raw)
            case .failure(let problem): return .failed(problem.message)
            }
        }
        if let message = command.checkArguments(parsed.positionals) {
            return .failed("\(message) (see chatrender \(command.name) --help)")
        }
        for rule in command.rules where rule.isBroken(parsed) { return .failed(rule.message) }
        return .parsed(parsed)
    }

    /// `unknown option "--qiet" for render; did you mean --quiet? (see chatrender render --help)`
    static func unknownOption(_ name: String, for command: Command, others: [Command]) -> String {
        var message = "unknown option \"\(name)\" for \(command.name)"
        let known = command.options.flatMap(\.names).filter { $0.hasPrefix("--") || !name.hasPrefix("--") }
        if let close = Suggestion.closest(to: name, among: known) {
            message += "; did you mean \(close)?"
        } else if let owner = others.first(where: { $0.option(named: name) != nil }) {
            message += "; it is an option of \(owner.name)"
        }
        return message + " (see chatrender \(command.name) --help)"
    }
}
