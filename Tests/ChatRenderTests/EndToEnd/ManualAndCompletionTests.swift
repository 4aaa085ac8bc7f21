import Foundation
import Testing
@testable import ChatModel
@testable import ChatTheme
@testable import ChatLoad
@testable import ChatRender
@testable import ChatRenderCLI
import TestSupport

/// The manual pages and the shell completions are made from the command tables, as `--help` is.
/// These tests walk the tables, so an option or command added to one that a page or a shell does
/// not offer fails here: each page is checked for every option of its command, and each shell
/// (bash, zsh and fish, running the scripts the built binary prints) is asked to complete every
/// command's options and every value chosen from a list.
@Suite struct ManualAndCompletionTests {
    /// The commands as the completions see them, with this repository's themes and locales.
    let source = CompletionSource.current(data: TestPaths.repository)

    // MARK: Manual pages

    @Test func everyCommandHasAPageListingEveryOptionArgumentAndExitCode() throws {
        let folder = TestPaths.temporaryFolder("man")
        let run = try CLIRun.run(["man", "--out", folder])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr == "wrote \(CLI.commandPaths.count + 1) manual pages to \(folder)/\n")
        let names = ["chatrender.1"] + CLI.commandPaths.map { ManualPage.pageName($0) + ".1" }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).sorted() == names.sorted())
        for path in CLI.commandPaths {
            let command = try #require(CLI.command(at: path))
            let page = try String(contentsOfFile: folder + "/" + ManualPage.pageName(path) + ".1", encoding: .utf8)
            #expect(page.contains(".TH \"\(ManualPage.roff(ManualPage.pageName(path).uppercased()))\" 1 "), "\(path)")
            #expect(page.contains("\n.SH NAME\n\(ManualPage.roff(ManualPage.pageName(path))) \\- "), "\(path)")
            for option in command.options {
                for name in option.names { #expect(page.contains("\\fB" + ManualPage.roff(name) + "\\fR"), "\(path): \(name)") }
                if let value = option.valueName { #expect(page.contains("\\fI" + ManualPage.roff(value) + "\\fR"), "\(path): \(option.name)") }
            }
            for argument in command.arguments { #expect(page.contains(".I \"" + ManualPage.roff(argument.name) + "\""), "\(path): \(argument.name)") }
            for code in command.exitCodes { #expect(page.contains("\n.B \(code.rawValue)\n"), "\(path): \(code)") }
            for sub in command.subcommands { #expect(page.contains(".BR " + ManualPage.roff(ManualPage.pageName(sub.path)) + " (1)"), "\(sub.path)") }
            // `chatrender man WORDS` prints the same page.
            let printed = try CLIRun.run(["man"] + path)
            #expect(printed.status == 0)
            #expect(printed.stdout == page, "\(path)")
        }
        let overview = try String(contentsOfFile: folder + "/chatrender.1", encoding: .utf8)
        #expect(try CLIRun.run(["man"]).stdout == overview)
        for path in CLI.commandPaths where CLI.command(at: path)!.subcommands.isEmpty {
            #expect(overview.contains(".BR " + ManualPage.roff(ManualPage.pageName(path)) + " (1)"), "\(path)")
        }
        for option in CLI.topLevelOptions { #expect(overview.contains("\\fB" + ManualPage.roff(option.name) + "\\fR")) }
    }

    /// man formats every page without a warning (as lintian checks them), and an option on the
    /// formatted page is typed with ASCII hyphens, so it can be copied.
    @Test func everyPageFormatsWithoutWarnings() throws {
        let folder = TestPaths.temporaryFolder("man")
        #expect(try CLIRun.run(["man", "--out", folder, "--quiet"]).status == 0)
        for name in try FileManager.default.contentsOfDirectory(atPath: folder) {
            let check = try CLIRun.run(
                ["--warnings", "-E", "UTF-8", "-l", "-Tutf8", "-Z", folder + "/" + name], environment: ["LC_ALL": "C.UTF-8"],
                executable: "/usr/bin/man")
            #expect(check.status == 0, "\(name): \(check.stderr)")
            #expect(check.stderr.isEmpty, "\(name): \(check.stderr)")
        }
        let render = try CLIRun.run(
            ["-l", folder + "/chatrender-render.1"], environment: ["LC_ALL": "C.UTF-8", "MANWIDTH": "100", "MAN_KEEP_FORMATTING": ""],
            executable: "/usr/bin/man")
        // Printed to a pipe, man leaves out bold and underlining: the text as a reader sees it.
        let text = render.stdout
        #expect(text.contains("chatrender-render - render a conversation"), "\(render.status): \(render.stderr)")
        #expect(text.contains("--allow-outside PATH"))
        #expect(text.contains("-o, --out DIR"))
    }

    @Test func roffReadsTextFromTheTablesAsTyped() {
        #expect(ManualPage.roff("--out") == #"\-\-out"#)
        #expect(ManualPage.roff(#"C:\Users\NAME"#) == #"C:\eUsers\eNAME"#)
        #expect(ManualPage.roff(".hidden starts a request") == #"\&.hidden starts a request"#)
        #expect(ManualPage.roff("'quoted") == #"\&'quoted"#)
        #expect(ManualPage.roff("0–255 — ≥ 0") == #"0\(en255 \(em \(>= 0"#)
        #expect(ManualPage.quotedArgument("a \"b\"") == #""a \(dqb\(dq""#)
        // One text line per line of the table's text, so a \n in help cannot start a request.
        #expect(ManualPage.textLines("a\n.b") == ["a", ".br", #"\&.b"#])
    }

    @Test func aPageOfAnUnknownCommandIsAUsageError() throws {
        let unknown = try CLIRun.run(["man", "rendr"])
        #expect(unknown.status == 64)
        #expect(unknown.stderr.contains("unknown command \"rendr\"; did you mean render?"))
        let both = try CLIRun.run(["man", "render", "--out", TestPaths.temporaryFolder("man")])
        #expect(both.status == 64)
        #expect(both.stderr == "chatrender: error: --out writes every page; name no command with it\n")
    }

    // MARK: Completions

    /// A line typed, and what the shell must offer for its last word (an empty last word: after a space).
    struct Query: CustomStringConvertible {
        var words: [String]
        var expected: Set<String>
        var description: String { words.joined(separator: " ") }
    }

    /// Everything the tables say a shell must offer: each command's options after `-`, each
    /// group's subcommands, every value chosen from a list, and arguments chosen from one.
    var queries: [Query] {
        var queries: [Query] = []
        for node in source.nodes where node.path.first != "help" {
            let line = ["chatrender"] + node.path
            if !node.options.isEmpty { queries.append(Query(words: line + ["-"], expected: Set(node.options.flatMap(\.names)))) }
            if !node.subcommands.isEmpty { queries.append(Query(words: line + [""], expected: Set(node.subcommands.map(\.name)))) }
            for option in node.options {
                guard let words = source.words(for: option.valueKind) else { continue }
                queries.append(Query(words: line + [option.name, ""], expected: Set(words)))
            }
            if let first = node.arguments.first, let words = source.words(for: first.kind) {
                queries.append(Query(words: line + [""], expected: Set(words)))
            }
        }
        queries.append(Query(words: ["chatrender", "help", ""], expected: Set(CLI.commands.compactMap(\.path.last))))
        queries.append(Query(words: ["chatrender", "help", "theme", ""], expected: ["check", "init"]))
        // The words in the middle of a line: options and their values skipped, an earlier argument counted.
        queries.append(Query(words: ["chatrender", "render", "--fr"], expected: ["--from"]))
        queries.append(Query(words: ["chatrender", "render", "--from", "cl"], expected: ["claude-ai", "claude-code", "cline"]))
        queries.append(Query(words: ["chatrender", "render", "-o", "out", "--locale", "de", "--markup", ""], expected: ["inline", "full", "auto"]))
        queries.append(Query(words: ["chatrender", "theme", "init", "mine", "--from", ""], expected: Set(source.themes)))
        queries.append(Query(words: ["chatrender", "import", "--out", "x", "cla"], expected: ["claude-ai", "claude-code"]))
        return queries
    }

    @Test func theTablesAskForEveryCommandOptionAndValue() {
        // The queries themselves hold what the issue asks completions to offer.
        let lines = Set(queries.map(\.description))
        #expect(lines.contains("chatrender render -"))
        #expect(lines.contains("chatrender render --from "))
        #expect(lines.contains("chatrender render --locale "))
        #expect(lines.contains("chatrender theme init --from "))
        #expect(source.formats.first == "auto" && source.formats.contains("claude-code"))
        // The themes theme init can start from: sp and paper, not mono (a single token file).
        #expect(source.themes == ThemeScaffold.startingPoints(in: TestPaths.repo("themes")))
        #expect(source.themes.contains("sp") && source.themes.contains("paper") && !source.themes.contains("mono"))
        #expect(source.locales.contains("de") && source.locales.contains("zh-Hans") && source.locales.contains("en"))
        for path in CLI.commandPaths where CLI.command(at: path)!.subcommands.isEmpty {
            #expect(lines.contains((["chatrender"] + path + ["-"]).joined(separator: " ")), "\(path)")
        }
    }

    /// Every word offered is one the command takes: each theme name starts a theme, each format
    /// is one --from reads, each locale has its table.
    @Test func everyWordOfferedIsTaken() throws {
        for theme in source.themes {
            let folder = TestPaths.temporaryFolder("theme-init") + "/" + theme
            let made = try CLIRun.run(["theme", "init", folder, "--from", theme, "--quiet"])
            #expect(made.status == 0, "theme init --from \(theme): \(made.stderr)")
        }
        for format in source.formats {
            #expect((try? ImportCommand.readFormat("--from", format).get()) != nil, "--from \(format)")
        }
        for locale in source.locales {
            #expect(UIStrings.resolve(locale, available: source.locales).tag == locale, "--locale \(locale)")
        }
    }

    @Test func completionsNeedAShellTheyKnowAndTheData() throws {
        let unknown = try CLIRun.run(["completions", "tcsh"])
        #expect(unknown.status == 64)
        #expect(unknown.stderr == "chatrender: error: no completions for \"tcsh\"; expected bash, zsh or fish (see chatrender completions --help)\n")
        // The themes and locales offered are the data folder's: without one, it says so.
        let lost = try CLIRun.run(["completions", "bash"], environment: ["CHATRENDER_DATA": "/nonexistent"])
        #expect(lost.status == 66)
        #expect(lost.stdout.isEmpty)
        #expect(lost.stderr.hasPrefix("chatrender: error: CHATRENDER_DATA is \"/nonexistent\""))
    }

    /// The script the built binary prints for `shell`, in a file.
    func script(_ shell: String) throws -> String {
        let run = try CLIRun.run(["completions", shell])
        #expect(run.status == 0, "\(run.stderr)")
        let folder = TestPaths.temporaryFolder("completions")
        let path = folder + "/" + (shell == "zsh" ? "_chatrender" : "chatrender." + shell)
        try run.stdout.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// `executable` exists, or the test says what to install.
    func require(_ executable: String, from package: String) throws {
        try #require(
            FileManager.default.isExecutableFile(atPath: executable),
            "\(executable) is missing; install \(package) (scripts/test does)")
    }

    /// Each query's answer from one run of the shell: the words offered, separated by a marker line.
    func answers(_ output: String, count: Int) -> [Set<String>] {
        let blocks = output.components(separatedBy: "<<end>>\n").dropLast()
        #expect(blocks.count == count, "the shell answered \(blocks.count) of \(count) queries:\n\(output)")
        return blocks.map { Set($0.split(separator: "\n").map(String.init).filter { !$0.isEmpty }) }
    }

    func check(_ shell: String, _ answers: [Set<String>]) {
        for (query, answer) in zip(queries, answers) {
            #expect(answer == query.expected, "\(shell): \(query) offered \(answer.sorted()), expected \(query.expected.sorted())")
        }
    }

    @Test(arguments: [false, true]) func bashCompletesFromTheTables(withBashCompletion: Bool) throws {
        try require("/bin/bash", from: "bash")
        if withBashCompletion {
            try #require(
                FileManager.default.fileExists(atPath: "/usr/share/bash-completion/bash_completion"),
                "bash-completion is missing; install it (scripts/test does)")
        }
        var lines = [
            withBashCompletion ? "source /usr/share/bash-completion/bash_completion" : "",
            "source \(BashCompletion.quoted(try script("bash")))",
            #"q() { COMP_WORDS=("$@"); COMP_CWORD=$((${#COMP_WORDS[@]} - 1)); COMP_LINE="$*"; COMP_POINT=${#COMP_LINE}"#,
            #"  COMPREPLY=(); _chatrender chatrender "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD - 1]}""#,
            #"  printf '%s\n' "${COMPREPLY[@]}" '<<end>>'; }"#,
        ]
        lines += queries.map { "q " + $0.words.map(BashCompletion.quoted).joined(separator: " ") }
        let run = try CLIRun.run(["-c", lines.joined(separator: "\n")], in: TestPaths.temporaryFolder("empty"), executable: "/bin/bash")
        #expect(run.stderr.isEmpty, "\(run.stderr)")
        check("bash", answers(run.stdout, count: queries.count))
    }

    @Test func fishCompletesFromTheTables() throws {
        try require("/usr/bin/fish", from: "fish")
        var lines = ["source " + FishCompletion.quoted(try script("fish"))]
        for query in queries {
            // fish completes the line as typed: an empty last word is a trailing space.
            let line = query.words.joined(separator: " ")
            lines.append("complete -C \(FishCompletion.quoted(line)) | string replace -r '\\t.*' ''; echo '<<end>>'")
        }
        let run = try CLIRun.run(
            ["--no-config", "-c", lines.joined(separator: "\n")], in: TestPaths.temporaryFolder("empty"), executable: "/usr/bin/fish")
        #expect(run.stderr.isEmpty, "\(run.stderr)")
        check("fish", answers(run.stdout, count: queries.count))
    }

    @Test func zshCompletesFromTheTables() throws {
        try require("/usr/bin/zsh", from: "zsh")
        let functions = FilePath.directory(try script("zsh"))
        let capture = TestPaths.temporaryFolder("zsh") + "/capture.zsh"
        try Self.zshCapture.write(toFile: capture, atomically: true, encoding: .utf8)
        let empty = TestPaths.temporaryFolder("empty")
        // compinit's dump of every completion function, made once, so each query starts at once.
        let dump = FilePath.join(FilePath.directory(capture), "zcompdump")
        let made = try CLIRun.run(
            ["-f", "-c", "fpath=(\(functions) $fpath); autoload -Uz compinit; compinit -u -d \(dump)"], executable: "/usr/bin/zsh")
        #expect(made.status == 0, "\(made.stderr)")
        // zsh completes inside its line editor: each query is typed into a pseudo-terminal.
        var answers: [Set<String>] = []
        for query in queries {
            // A capture that goes wrong must fail the test, not hang it.
            let run = try CLIRun.run(
                ["30", "/usr/bin/zsh", "-f", capture, functions, dump, query.words.joined(separator: " ")], in: empty,
                executable: "/usr/bin/timeout")
            #expect(run.status == 0, "\(query): \(run.stderr)")
            answers.append(Set(run.stdout.split(separator: "\n").map(String.init).filter { !$0.isEmpty }))
        }
        check("zsh", answers)
    }

    /// Prints what zsh offers for the line `$3` followed by a tab, with `$1` on `$fpath` and the
    /// completion functions' dump in `$2`: an interactive zsh in a pseudo-terminal whose `compadd`
    /// prints each match (after the technique of zsh-capture-completion).
    static let zshCapture = #"""
        zmodload zsh/zpty || exit 1
        zpty z zsh -f -i
        local line
        setopt rcquotes
        () {
            zpty -w z source $1
            repeat 4; do
                zpty -r z line
                [[ $line == ok* ]] && return
            done
            echo 'the capturing zsh did not start' >&2
            exit 2
        } =( <<< "
        PROMPT=
        fpath=($1 \$fpath)
        autoload -Uz compinit
        compinit -u -C -d $2
        bindkey '^M' undefined
        bindkey '^J' undefined
        bindkey '^I' complete-word
        null-line () { echo -E - \$'\0' }
        compprefuncs=( null-line )
        comppostfuncs=( null-line exit )
        zstyle ':completion:*' list-grouped false
        zstyle ':completion:*' insert-tab false
        zstyle ':completion:*' list-separator ''
        compadd () {
            if [[ \${@[1,(i)(-|--)]} == *-(O|A|D)\ * ]]; then
                builtin compadd \"\$@\"
                return \$?
            fi
            typeset -a __hits
            builtin compadd -A __hits \"\$@\"
            [[ -n \$__hits ]] || return
            print -rl -- \$__hits
        }
        echo ok")
        zpty -w z "$3"$'\t'
        integer tog=0
        while zpty -r z; do :; done | while IFS= read -r line; do
            if [[ $line == *$'\0\r' ]]; then
                (( tog++ )) && return 0 || continue
            fi
            (( tog )) && print -r -- "${line%$'\r'}"
        done
        """#
}
