/// The manual pages, made from the command tables as `--help` is, so the two cannot drift apart:
/// `chatrender(1)`, the overview, and one page per command, groups included
/// (`chatrender-render(1)`, `chatrender-theme(1)`, `chatrender-theme-check(1)`, …).
///
/// The pages are man(7) source. Text from the tables is escaped (``roff(_:)``): a backslash, a
/// leading dot or quote, and a dash, which is written `\-` so an option copied from the page is
/// still `--out` and not a typographic hyphen.
enum ManualPage {
    /// One page: its name (`chatrender-theme-check`) and its source.
    struct Page: Sendable, Equatable {
        var name: String
        var text: String
        /// `chatrender-theme-check.1`
        var fileName: String { name + ".1" }
    }

    /// Every page: the overview, then a page per command in the order help lists them.
    static func pages(_ commands: [Command], version: String) -> [Page] {
        var pages = [Page(name: "chatrender", text: overview(commands, version: version))]
        func add(_ command: Command) {
            pages.append(Page(name: pageName(command.path), text: page(for: command, version: version)))
            command.subcommands.forEach(add)
        }
        commands.forEach(add)
        return pages
    }

    /// `chatrender-theme-check`; `chatrender` for the top level.
    static func pageName(_ path: [String]) -> String {
        (["chatrender"] + path).joined(separator: "-")
    }

    /// Where the data comes from and what the environment changes, for the overview page.
    static let environment: [(name: String, text: String)] = [
        (
            "CHATRENDER_DATA",
            "the folder that holds the bundled themes/ and templates/; by default they are found beside the executable: "
                + "the repository of a build in .build/, or PREFIX/share/chatrender for PREFIX/bin/chatrender"
        ),
        (
            "CHATRENDER_CHROMIUM",
            "the Chromium (or Chrome) that render --pdf and check --png run; by default chromium, chromium-browser, "
                + "google-chrome or google-chrome-stable on PATH"
        ),
        ("CHATRENDER_CHROMIUM_FLAGS", "extra flags for that browser, separated by spaces (--no-sandbox in a container, say)"),
        ("XDG_CACHE_HOME", "where the cache folder chatrender/ is made (see --cache); by default ~/.cache"),
    ]

    /// `chatrender(1)`: every command's synopsis and summary, the environment, the files, the exit codes.
    static func overview(_ commands: [Command], version: String) -> String {
        let leaves = commands.flatMap(HelpText.leafCommands)
        var lines = header(name: "chatrender", summary: CLI.description, version: version)
        lines += [".SH SYNOPSIS", ".nf"]
        for command in leaves {
            lines += command.synopsis.map { synopsisLine($0, words: command.path.count) }
        }
        lines += [synopsisLine("help COMMAND", words: 1), synopsisLine("--version", words: 0), ".fi"]
        lines += [".SH DESCRIPTION"] + paragraph("chatrender turns " + CLI.description + ".")
        lines += paragraph("Each command has its own page, listed below; chatrender COMMAND --help prints the same text.")
        lines += paragraph(HelpText.dataNote)
        lines += [".SH COMMANDS"]
        for command in leaves {
            lines += [".TP", ".BR \(roff(pageName(command.path))) (1)", roff(command.summary)]
        }
        lines += [".TP", ".B help \\fICOMMAND\\fR", roff(CLI.helpSummary)]
        lines += [".SH OPTIONS"] + optionEntries(CLI.topLevelOptions)
        lines += [".SH ENVIRONMENT"]
        for variable in environment {
            lines += [".TP", ".B " + roff(variable.name), roff(variable.text)]
        }
        lines += [
            ".SH FILES",
            ".TP",
            ".I PREFIX/share/chatrender/themes/",
            roff("the bundled themes (sp, the default, among them), for PREFIX/bin/chatrender"),
            ".TP",
            ".I PREFIX/share/chatrender/templates/",
            roff("the page template, its stylesheets and scripts, the string tables (strings/) and the price table"),
        ]
        lines += exitStatus(CLI.ExitCode.allCases)
        lines += seeAlso(commands.flatMap(allCommands).map(\.path))
        return lines.joined(separator: "\n") + "\n"
    }

    /// A command's page: its synopsis, what it does, its arguments, options by group, rules and exit codes.
    static func page(for command: Command, version: String) -> String {
        var lines = header(name: pageName(command.path), summary: command.summary, version: version)
        lines += [".SH SYNOPSIS", ".nf"] + command.synopsis.map { synopsisLine($0, words: command.path.count) } + [".fi"]
        lines += [".SH DESCRIPTION"] + paragraph(command.summary.prefix(1).uppercased() + command.summary.dropFirst() + ".")
        for text in command.about { lines += paragraph(text) }
        if !command.subcommands.isEmpty {
            lines += [".SH COMMANDS"]
            for sub in command.subcommands {
                lines += [".TP", ".BR \(roff(pageName(sub.path))) (1)", roff(sub.summary)]
            }
        }
        if !command.arguments.isEmpty {
            lines += [".SH ARGUMENTS"]
            for argument in command.arguments {
                lines += [".TP", ".I " + quotedArgument(argument.name)] + textLines(argument.help)
            }
        }
        let groups = command.groups.filter { !$0.options.isEmpty }
        if !groups.isEmpty {
            lines += [".SH OPTIONS"]
            for group in groups {
                // A single group is the whole section; several are subsections, titled as in help.
                if groups.count > 1 || group.title != "OPTIONS" {
                    lines += [".SS " + quotedArgument(group.title.prefix(1) + group.title.dropFirst().lowercased())]
                }
                lines += optionEntries(group.options)
            }
        }
        if !command.rules.isEmpty {
            lines += [".SH RULES"]
            for rule in command.rules { lines += [".IP \\(bu 2", roff(rule.message)] }
        }
        if !command.exitCodes.isEmpty { lines += exitStatus(command.exitCodes) }
        let related = [[]] + (command.path.count > 1 ? [Array(command.path.dropLast())] : []) + command.subcommands.map(\.path)
        lines += seeAlso(related)
        return lines.joined(separator: "\n") + "\n"
    }

    /// Every command, groups and their subcommands included, in help's order.
    static func allCommands(_ command: Command) -> [Command] {
        [command] + command.subcommands.flatMap(allCommands)
    }

    // MARK: Parts

    static func header(name: String, summary: String, version: String) -> [String] {
        [
            #".\" Generated by chatrender man from its command tables; edit those, not this page."#,
            ".TH \(quotedArgument(name.uppercased())) 1 \"\" \(quotedArgument("chatrender " + version)) \"chatrender manual\"",
            // No hyphenation: a path or an option broken across lines could not be copied; lines
            // ragged on the right, as long paths stretch the spaces of justified ones.
            ".nh",
            ".ad l",
            ".SH NAME",
            "\(roff(name)) \\- \(roff(summary))",
        ]
    }

    /// `\fBchatrender render\fR CONVERSATION.json [options]`: the command's `words` bold.
    static func synopsisLine(_ synopsis: String, words count: Int) -> String {
        let words = synopsis.split(separator: " ", omittingEmptySubsequences: false).map(String.init)
        let commandWords = words.prefix(count)
        let rest = words.dropFirst(count).joined(separator: " ")
        let head = "\\fBchatrender" + (commandWords.isEmpty ? "" : " " + roff(commandWords.joined(separator: " "))) + "\\fR"
        return head + (rest.isEmpty ? "" : " " + roff(rest))
    }

    /// `.TP` entries: `\fB\-o\fR, \fB\-\-out\fR \fIDIR\fR`, then the help (and "Repeatable.").
    static func optionEntries(_ options: [Option]) -> [String] {
        options.flatMap { option -> [String] in
            let shortFirst = option.names.filter { !$0.hasPrefix("--") } + option.names.filter { $0.hasPrefix("--") }
            var head = shortFirst.map { "\\fB" + roff($0) + "\\fR" }.joined(separator: ", ")
            if let value = option.valueName { head += " \\fI" + roff(value) + "\\fR" }
            return [".TP", head] + textLines(option.help + (option.repeatable ? " Repeatable." : ""))
        }
    }

    static func exitStatus(_ codes: [CLI.ExitCode]) -> [String] {
        [".SH EXIT STATUS"] + codes.flatMap { [".TP", ".B \($0.rawValue)", roff($0.meaning)] }
    }

    static func seeAlso(_ paths: [[String]]) -> [String] {
        let references = paths.map { "\\fB" + roff(pageName($0)) + "\\fR(1)" }
        return [".SH SEE ALSO", references.joined(separator: ",\n")]
    }

    /// A paragraph of text.
    static func paragraph(_ text: String) -> [String] {
        [".PP"] + textLines(text)
    }

    /// Text whose `\n`s start new lines on the page (the formats listed under import's FORMAT).
    static func textLines(_ text: String) -> [String] {
        text.split(separator: "\n", omittingEmptySubsequences: false).enumerated().flatMap { index, line in
            (index == 0 ? [] : [".br"]) + [roff(String(line))]
        }
    }

    /// A macro's argument in double quotes, escaped (`"` as `\(dq`).
    static func quotedArgument<S: StringProtocol>(_ text: S) -> String {
        "\"" + roff(String(text)).replacingOccurrences(of: "\"", with: "\\(dq") + "\""
    }

    /// Characters roff would read as its own, written so they print as typed; typographic ones as
    /// roff's named glyphs, which every output device has.
    static let glyphs: [Character: String] = [
        "\\": "\\e", "-": "\\-", "—": "\\(em", "–": "\\(en", "≥": "\\(>=", "≤": "\\(<=", "×": "\\(mu",
        "≈": "\\(~~", "→": "\\(->", "←": "\\(<-", "“": "\\(lq", "”": "\\(rq", "‘": "\\(oq", "’": "\\(cq",
        "…": "\\&.\\|.\\|.", "•": "\\(bu", "·": "\\(pc",
    ]

    /// A line of text from the tables as roff: escaped, and never read as a request.
    static func roff(_ text: String) -> String {
        var out = ""
        for character in text { out += glyphs[character] ?? String(character) }
        if out.hasPrefix(".") || out.hasPrefix("'") { out = "\\&" + out }
        return out
    }
}
