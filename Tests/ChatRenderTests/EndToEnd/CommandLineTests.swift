import Foundation
import Testing
@testable import ChatModel
@testable import ChatLoad
@testable import ChatTheme
@testable import ChatPlan
@testable import ChatRenderHTML
@testable import ChatOutput
@testable import ChatAssets
@testable import ChatBrowser
@testable import ChatRender
@testable import ChatRenderCLI
import TestSupport

/// The command line as tables: help made from them, suggestions for mistyped names, the rules
/// between options, `-` for standard input, and one exit code per kind of problem.
@Suite struct CommandLineTests {
    let garden = TestPaths.repo("examples/garden/conversation.json")

    /// `CLI.run` in this process, with its output captured.
    struct InProcess {
        var code: CLI.ExitCode
        var out: String
        var err: String
    }

    func run(_ arguments: [String]) -> InProcess {
        let out = Locked(""), err = Locked("")
        let code = CLI.run(arguments, output: CLI.Output(out: { text in out.withLock { $0 += text } }, err: { text in err.withLock { $0 += text } }))
        return InProcess(code: code, out: out.withLock { $0 }, err: err.withLock { $0 })
    }

    // MARK: Help

    @Test func everyCommandAnswersHelpTheSameThreeWays() throws {
        #expect(CLI.commandPaths.contains(["theme"]) && CLI.commandPaths.contains(["theme", "check"]))
        for path in CLI.commandPaths {
            let long = run(path + ["--help"])
            let short = run(path + ["-h"])
            let spelled = run(["help"] + path)
            for answer in [long, short, spelled] {
                #expect(answer.code == .ok, "\(path)")
                #expect(answer.err.isEmpty, "\(path): \(answer.err)")
            }
            #expect(long.out.hasPrefix("chatrender \(path.joined(separator: " ")): "))
            #expect(short.out == long.out, "\(path)")
            #expect(spelled.out == long.out, "\(path)")
            #expect(long.out == CLI.help(for: path))
        }
        // The real binary says the same, with exit 0, for the deepest one.
        let binary = try CLIRun.run(["help", "theme", "check"])
        #expect(binary.status == 0)
        #expect(binary.stdout == CLI.help(for: ["theme", "check"]))
    }

    @Test func theOverviewIsShortAndListsEveryCommand() throws {
        let overview = CLI.overview
        for answer in [run(["--help"]), run(["-h"]), run(["help"])] {
            #expect(answer.code == .ok)
            #expect(answer.out == overview)
        }
        #expect(overview.split(separator: "\n", omittingEmptySubsequences: false).count < 47)
        for command in ["render", "import", "preview", "check", "theme check"] {
            #expect(overview.contains("\n  \(command) "), "\(command)")
        }
        // No command: the overview on stderr, and a usage error.
        let bare = try CLIRun.run([])
        #expect(bare.status == 64)
        #expect(bare.stderr == overview)
    }

    @Test func helpIsMadeFromTheTables() {
        let render = CLI.help(for: ["render"])!
        // Every option of every command is listed, with its value name.
        for path in CLI.commandPaths {
            guard let command = CLI.command(at: path), command.subcommands.isEmpty else { continue }
            let help = CLI.help(for: path)!
            for option in command.options { #expect(help.contains("\n  \(option.synopsis)"), "\(path): \(option.name)") }
            for rule in command.rules { #expect(help.contains(String(rule.message.prefix(40))), "\(path): \(rule.message)") }
        }
        #expect(render.contains("\n  -o, --out DIR "))
        #expect(render.contains("\n  --allow-outside PATH "))
        #expect(render.contains("Repeatable."))
        #expect(render.contains("\n  --inline-limit applies only with --single-file\n"))
        // Lines stay within the width, so the text reads the same in any terminal and in the README.
        for path in CLI.commandPaths + [[]] {
            for line in CLI.help(for: path)!.split(separator: "\n") { #expect(line.count <= 100, "\(path): \(line)") }
        }
    }

    // MARK: Mistakes

    @Test func didYouMeanForAFlagAndACommand() throws {
        let flag = try CLIRun.run(["render", garden, "--qiet"])
        #expect(flag.status == 64)
        #expect(flag.stderr == "chatrender: error: unknown option \"--qiet\" for render; did you mean --quiet? (see chatrender render --help)\n")
        let command = try CLIRun.run(["rendr", garden])
        #expect(command.status == 64)
        #expect(command.stderr == "chatrender: error: unknown command \"rendr\"; did you mean render? (see chatrender --help)\n")
        let sub = run(["theme", "chek", "x.tokens.json"])
        #expect(sub.code == .usage)
        #expect(sub.err == "chatrender: error: unknown command \"theme chek\"; did you mean theme check? (see chatrender --help)\n")
        #expect(run(["help", "improt"]).err.contains("did you mean import?"))
        #expect(run(["--hepl"]).err.contains("did you mean --help?"))
        #expect(run(["check", "f.json", "--snapshots", "s", "--tolerence", "3"]).err.contains("did you mean --tolerance?"))
        // Only close names are offered; an option of another command is named as such.
        let wild = run(["render", "c.json", "--bogus"])
        #expect(wild.err == "chatrender: error: unknown option \"--bogus\" for render (see chatrender render --help)\n")
        #expect(run(["render", "c.json", "--record"]).err.contains("\"--record\" for render; it is an option of check"))
        let nothingClose = run(["frobnicate"])
        #expect(nothingClose.code == .usage)
        #expect(nothingClose.err.contains("expected render, agents, import, preview, check, theme check, theme init, site merge, completions or man"))
    }

    @Test func editDistanceCountsSwapsAsOne() {
        func distance(_ a: String, _ b: String) -> Int { Suggestion.editDistance(Array(a), Array(b)) }
        #expect(distance("tehme", "theme") == 1)
        #expect(distance("qiet", "quiet") == 1)
        #expect(distance("", "abc") == 3)
        #expect(distance("kitten", "sitting") == 3)
        #expect(Suggestion.closest(to: "--singlefile", among: ["--single-file", "--strict"]) == "--single-file")
        #expect(Suggestion.closest(to: "--x", among: ["--pdf", "--out"]) == nil)
    }

    @Test func theRulesBetweenOptionsAreCheckedFirst() throws {
        let dir = TestPaths.temporaryFolder("rules")
        for (arguments, message) in [
            (["--inline-limit", "1MB"], "--inline-limit applies only with --single-file"),
            (["--shard", "1/2", "--single-file"], "--shard slices a site; --single-file writes one conversation's page"),
            (["--paper", "letter"], "--paper applies only with --pdf"),
            (
                ["--pdf", "--single-file"],
                "--pdf writes index.pdf into the output folder; it does not work with --single-file (render the folder with --pdf, or print the single file from a browser)"
            ),
            (["--shard", "1/2", "--pdf"], "--shard slices a site; --pdf prints one conversation"),
            (
                ["--watch", "--redact-report", "r.json"],
                "--redact-report is written when a render is done, and --watch renders until stopped; use --redact to mask a watched session"
            ),
            (["--out", "a", "--out", "b"], "--out is given twice (\"a\" and \"b\"); it takes one value"),
            (["--quiet=yes"], "--quiet takes no value"),
            (["--out", "-"], "--out takes a path to write to; chatrender does not write to standard output (-)"),
            (["--templates", "-"], "--templates takes a folder; - stands for standard input, which can only be a file"),
            (["--quality", "0"], "--quality must be a whole number from 1 to 100, not \"0\""),
            (["--out"], "--out needs a value"),
        ] {
            let result = try CLIRun.run(["render", garden] + arguments, in: dir)
            #expect(result.status == 64, "\(arguments)")
            #expect(result.stderr == "chatrender: error: \(message)\n", "\(arguments)")
        }
        let twice = try CLIRun.run(["render", "-", "--theme", "-"], in: dir)
        #expect(twice.status == 64)
        #expect(twice.stderr == "chatrender: error: - (standard input) can be read once: not for both the conversation and --theme\n")
        let noSnapshots = run(["check", "f.json"])
        #expect(noSnapshots.code == .usage)
        #expect(noSnapshots.err == "chatrender: error: check needs --snapshots DIR, the folder that holds (or will hold) the snapshots\n")
        #expect(run(["check", "-", "--snapshots", "s"]).err.contains("- (standard input) cannot be a fixture"))
        #expect(run(["import", "openai"]).err == "chatrender: error: import takes a format and an input file; got 1 argument (see chatrender import --help)\n")
        #expect(run(["theme", "check"]).err == "chatrender: error: theme check takes one theme file (see chatrender theme check --help)\n")
        #expect(run(["theme"]).err == "chatrender: error: theme needs a command: check, init (see chatrender theme --help)\n")
        #expect(run(["preview", "extra"]).code == .usage)
        // Nothing was read or written for any of them.
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir).isEmpty)
    }

    @Test func aDoubleDashEndsTheOptions() throws {
        let dir = TestPaths.temporaryFolder("dashdash")
        try FileManager.default.copyItem(atPath: garden, toPath: dir + "/--odd.json")
        let result = try CLIRun.run(["render", "--out", "o", "--", "--odd.json"], in: dir)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(FileManager.default.fileExists(atPath: dir + "/o/index.html"))
    }

    // MARK: Standard input

    /// A folder for the child's TMPDIR, so a test can see that the copy of standard input is gone.
    func privateTemporaryFolder() -> String { TestPaths.temporaryFolder("tmpdir") }

    @Test func renderReadsTheConversationFromStandardInput() throws {
        let dir = TestPaths.temporaryFolder("stdin")
        let tmp = privateTemporaryFolder()
        let bytes = try Data(contentsOf: URL(fileURLWithPath: garden))
        // Run in the garden's folder: its photos are found there, relative to the current folder.
        let result = try CLIRun.run(
            ["render", "-", "--out", dir + "/o"], in: TestPaths.repo("examples/garden"),
            environment: ["TMPDIR": tmp], input: bytes)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.hasPrefix("wrote \(dir)/o/index.html ("))
        let assets = try FileManager.default.contentsOfDirectory(atPath: dir + "/o/assets")
        #expect(assets.filter { $0.hasSuffix(".webp") }.count == 18)
        #expect(try FileManager.default.contentsOfDirectory(atPath: tmp).isEmpty)

        // Problems are reported under <stdin>; photos missing from the current folder are warnings.
        let bad = try CLIRun.run(
            ["render", "-", "--out", "o"], in: dir, environment: ["TMPDIR": tmp],
            input: Data("{\"messages\": [{\"id\": \"1\", \"role\": \"robot\", \"text\": \"x\"}]}".utf8))
        #expect(bad.status == 65)
        #expect(bad.stderr == "<stdin>:1:35: error: messages[0].role: expected \"user\" or \"assistant\", found \"robot\"\n")
        let elsewhere = try CLIRun.run(["render", "-", "--out", "o2", "-q", "--strict"], in: dir, input: bytes)
        #expect(elsewhere.status == 65)
        #expect(elsewhere.stderr.hasPrefix("<stdin>: error: messages[0].attachments[0].preview: \"backyard-lawn.jpg\": no such file"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: tmp).isEmpty)
        // The default output is out/conversation.
        let defaults = try CLIRun.run(["render", "-", "-q"], in: dir, input: Data("{\"messages\": []}".utf8))
        #expect(defaults.status == 0, "\(defaults.stderr)")
        #expect(FileManager.default.fileExists(atPath: dir + "/out/conversation/index.html"))
    }

    @Test func themesComeFromStandardInput() throws {
        let dir = TestPaths.temporaryFolder("stdin-theme")
        let mono = try Data(contentsOf: URL(fileURLWithPath: TestPaths.repo("themes/mono.tokens.json")))
        let check = try CLIRun.run(["theme", "check", "-"], input: mono)
        #expect(check.status == 0, "\(check.stderr)")
        #expect(check.stdout.hasPrefix("Contrast of theme \"<stdin>\" (<stdin>)"))
        let bad = try CLIRun.run(["theme", "check", "-"], input: Data("{\"color\": {\"bg\": 3}}".utf8))
        #expect(bad.status == 65)
        #expect(bad.stderr.hasPrefix("<stdin>:1:18: error: color.bg: expected a token (an object with $value) or a group"))
        // A resolver from standard input has no folder of its own: its file references are not found.
        let resolver = try Data(contentsOf: URL(fileURLWithPath: TestPaths.defaultTheme))
        let refs = try CLIRun.run(["theme", "check", "-"], in: TestPaths.repo("themes"), input: resolver)
        #expect(refs.status == 66)
        #expect(refs.stderr.contains("<stdin>:7:28: error: sets.base.sources[0]: cannot read sp/base.tokens.json: no such file"))
        // render --theme - and preview --theme -.
        let render = try CLIRun.run(["render", garden, "--theme", "-", "--out", "o", "-q"], in: dir, input: mono)
        #expect(render.status == 0, "\(render.stderr)")
        #expect(try String(contentsOfFile: dir + "/o/index.html", encoding: .utf8).contains("<html"))
        let preview = try CLIRun.run(["preview", "--theme", "-", "--out", "p", "-q"], in: dir, input: mono)
        #expect(preview.status == 0, "\(preview.stderr)")
        #expect(FileManager.default.fileExists(atPath: dir + "/p/index.html"))
    }

    @Test func importReadsItsInputFromStandardInput() throws {
        let dir = TestPaths.temporaryFolder("stdin-import")
        let tmp = privateTemporaryFolder()
        let trip = try Data(contentsOf: URL(fileURLWithPath: TestPaths.fixture("import/openai/trip.json")))
        let result = try CLIRun.run(["import", "openai", "-", "--out", "chats"], in: dir, environment: ["TMPDIR": tmp], input: trip)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("<stdin>:"), "warnings name standard input: \(result.stderr)")
        #expect(result.stderr.hasSuffix("wrote 1 conversation and chats/index.html, 1 warning\n"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir + "/chats").contains("conversation.json"))
        let imported = try String(contentsOfFile: dir + "/chats/conversation.json", encoding: .utf8)
        #expect(imported.contains("\"title\": \"Conversation\""))
        // A zip from standard input; its file is <stdin>/conversations.json in messages.
        let zip = try Data(contentsOf: URL(fileURLWithPath: TestPaths.fixture("import/chatgpt/export-deflated.zip")))
        let chatgpt = try CLIRun.run(["import", "chatgpt", "-", "--out", "site"], in: dir, environment: ["TMPDIR": tmp], input: zip)
        #expect(chatgpt.status == 0, "\(chatgpt.stderr)")
        #expect(chatgpt.stderr.contains("<stdin>/conversations.json:"))
        // render --from reads it too, and the default output folder is out/chats-import for import.
        let from = try CLIRun.run(["render", "--from", "openai", "-", "--out", "page", "-q"], in: dir, input: trip)
        #expect(from.status == 0, "\(from.stderr)")
        #expect(FileManager.default.fileExists(atPath: dir + "/page/index.html"))
        let syntax = try CLIRun.run(["import", "anthropic", "-", "-q"], in: dir, input: Data("{\n".utf8))
        #expect(syntax.status == 65)
        #expect(syntax.stderr == "<stdin>:2:1: error: unexpected end of file; expected a member name in double quotes\n")
        #expect(!FileManager.default.fileExists(atPath: dir + "/out/chats-import"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: tmp).isEmpty)
    }

    // MARK: Exit codes

    @Test func aFolderWhereAFileIsExpectedIsMissingInputEverywhere() throws {
        let dir = TestPaths.temporaryFolder("folders")
        try FileManager.default.createDirectory(atPath: dir + "/folder.json", withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: dir + "/file", contents: Data("x".utf8))
        for (arguments, message) in [
            (
                ["render", "folder.json"],
                "folder.json: error: is a folder with no conversation files; expected a conversation file, or a folder of them (*.json)"
            ),
            (["render", garden, "--theme", "folder.json"], "folder.json: error: is a folder; expected the theme file"),
            (["render", "--from", "openai", "folder.json"], "folder.json: error: is a folder; expected the openai messages file"),
            (["import", "anthropic", "folder.json"], "folder.json: error: is a folder; expected the anthropic messages file"),
            (
                ["import", "chatgpt", "folder.json"],
                "folder.json: error: no ChatGPT conversations in this folder; expected ChatGPT's data export (the zip, or its unzipped folder) holding conversations.json, or conversations-000.json, conversations-001.json, … (listed in export_manifest.json)"
            ),
            (["preview", "--theme", "folder.json"], "folder.json: error: is a folder; expected the theme file"),
            (["check", "folder.json", "--snapshots", "s"], "folder.json: error: is a folder; expected the conversation file"),
            (["theme", "check", "folder.json"], "folder.json: error: is a folder; expected the theme file"),
            (["render", garden, "--templates", "file"], "file: error: is a file; expected the templates folder"),
        ] {
            let result = try CLIRun.run(arguments, in: dir)
            #expect(result.status == 66, "\(arguments): \(result.stderr)")
            #expect(result.stderr == message + "\n", "\(arguments)")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir).sorted() == ["file", "folder.json"])
    }

    @Test func everyKindOfFailureHasOneExitCode() {
        let kinds: [(DiagnosticError.Kind, Int32)] = [(.usage, 64), (.badData, 65), (.missingInput, 66), (.unavailable, 69), (.cannotWrite, 73)]
        for (kind, code) in kinds { #expect(CLI.ExitCode(kind).rawValue == code) }
    }

    @Test func aBrowserThatWillNotStartIsUnavailableForCheckToo() throws {
        let dir = TestPaths.temporaryFolder("nobrowser")
        let result = try CLIRun.run(
            ["check", garden, "--snapshots", "s", "--png"], in: dir,
            environment: ["CHATRENDER_CHROMIUM": "/bin/false"])
        #expect(result.status == 69)
        #expect(result.stderr.hasPrefix("/bin/false: error: Chromium did not start"))
    }
}
