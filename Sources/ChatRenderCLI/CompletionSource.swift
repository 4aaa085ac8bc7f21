import ChatRender

/// What the shell completions are made from: the command tables, walked as a tree, and the words
/// some values are chosen from (import formats from the readers' table; bundled themes and
/// locales from the data folder, as the installed command finds them). Every script is generated
/// from this one value, so a command or option added to a table is completed in every shell.
struct CompletionSource: Sendable {
    /// A command the scripts know: a leaf that runs, a group (`theme`) or `help`, with what it takes.
    struct Node: Sendable {
        /// The words after `chatrender`: `["theme", "check"]`; `["help", "theme"]` for help's levels.
        var path: [String]
        var summary: String
        /// The words that go one level down (`check`, `init` under `theme`), with their summaries.
        var subcommands: [(name: String, summary: String)]
        var options: [Option]
        /// Its arguments: the n-th word is the n-th (the last one for any after it); empty when it
        /// takes none.
        var arguments: [Command.Argument]

        /// `theme check`; empty for the top level.
        var name: String { path.joined(separator: " ") }
    }

    /// `auto` and every import format, in the table's order.
    var formats: [String]
    /// The bundled themes `theme init --from` takes (`paper`, `sp`).
    var themes: [String]
    /// The locales with a string table (`en`, `de`, `zh-Hans`, …).
    var locales: [String]
    /// Every command, the top level (path `[]`) first, then depth first in table order; `help`
    /// and its levels (`help theme`) after the commands.
    var nodes: [Node]

    /// The source for `commands`, with the words for formats, themes and locales given.
    init(commands: [Command], formats: [String], themes: [String], locales: [String]) {
        self.formats = formats
        self.themes = themes
        self.locales = locales
        let summaries = commands.map { (name: $0.path.last ?? $0.name, summary: $0.summary) }
        var nodes = [
            Node(
                path: [], summary: "chatrender", subcommands: summaries + [(name: "help", summary: CLI.helpSummary)],
                options: CLI.topLevelOptions, arguments: [])
        ]
        var helpLevels = [Node(path: ["help"], summary: CLI.helpSummary, subcommands: summaries, options: [], arguments: [])]
        func add(_ command: Command) {
            let subs = command.subcommands.map { (name: $0.path.last ?? $0.name, summary: $0.summary) }
            let arguments = command.subcommands.isEmpty ? command.arguments.filter { !$0.sharesPlace } : []
            nodes.append(Node(path: command.path, summary: command.summary, subcommands: subs, options: command.options, arguments: arguments))
            helpLevels.append(Node(path: ["help"] + command.path, summary: command.summary, subcommands: subs, options: [], arguments: []))
            command.subcommands.forEach(add)
        }
        commands.forEach(add)
        self.nodes = nodes + helpLevels
    }

    /// The source for the command line's own tables, with the themes and locales in `data` (the
    /// data folder: `themes/`, `templates/strings/`).
    static func current(data: String) -> CompletionSource {
        CompletionSource(
            commands: CLI.commands,
            formats: ["auto"] + ImportFormat.all.map(\.name),
            themes: ThemeScaffold.startingPoints(in: FilePath.join(data, "themes")),
            locales: UIStrings.available(templates: FilePath.join(data, "templates")))
    }

    /// The words a value of `kind` is one of; nil when it is a path (the shell lists files) or
    /// free text (nothing is offered).
    func words(for kind: ValueKind) -> [String]? {
        switch kind {
        case .oneOf(let words): return words
        case .importFormat: return formats
        case .bundledTheme: return themes
        case .locale: return locales
        case .command: return nodes[0].subcommands.map(\.name).filter { $0 != "help" }
        case .file, .folder, .text: return nil
        }
    }

    /// Each step from a command to one below it, as (the path before, the word, the path after):
    /// what a script follows to learn which command the words typed so far name.
    var steps: [(from: String, word: String, to: String)] {
        nodes.flatMap { node in
            node.subcommands.map { (from: node.name, word: $0.name, to: (node.path + [$0.name]).joined(separator: " ")) }
        }
    }

    /// Help shortened for a completion menu: its first clause, at most `limit` characters.
    static func short(_ help: String, limit: Int = 72) -> String {
        var text = help.split(separator: "\n").first.map(String.init) ?? ""
        for stop in ["; ", ". ", ": "] {
            if let range = text.range(of: stop) { text = String(text[..<range.lowerBound]) }
        }
        if text.count <= limit { return text }
        var cut = String(text.prefix(limit - 1))
        if let space = cut.lastIndex(of: " ") { cut = String(cut[..<space]) }
        return cut + "…"
    }
}
