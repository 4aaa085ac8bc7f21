import ChatRender

/// `chatrender site`, and its command `site merge SHARD… --out SITE`.
enum SiteCommand {
    static let out = SharedOptions.out("the site to make (required); replaced as a whole, atomically, like render's --out")

    static let merge = Command(
        path: ["site", "merge"],
        summary: "join the folders of render --shard K/N into one site",
        synopsis: ["site merge SHARD… --out SITE"],
        about: [
            "Checks that every shard of one render is there once (same export, same options: the index, search "
                + "and shared files must be the same in each) and that every conversation's page is in one of them, "
                + "then writes the site one render would have made, byte for byte. Nothing is written when a check fails."
        ],
        arguments: [
            .init(name: "SHARD", help: "the output folder of render … --shard K/N, for every K from 1 to N, in any order", kind: .folder)
        ],
        checkArguments: { $0.isEmpty ? "site merge needs the shards' folders" : nil },
        groups: [OptionGroup("OPTIONS", [out.option, SharedOptions.quiet.option, SharedOptions.help.option])],
        rules: [.required(out.option, "site merge needs --out SITE")],
        exitCodes: [.ok, .usage, .dataError, .noInput, .cannotCreate],
        run: runMerge)

    static let command = Command(
        path: ["site"],
        summary: "work with sites made from exports",
        synopsis: ["site merge SHARD… --out SITE"],
        groups: [OptionGroup("OPTIONS", [SharedOptions.help.option])],
        subcommands: [merge])

    static func runMerge(_ parsed: ParsedArguments, output: CLI.Output) -> CLI.ExitCode {
        do throws(DiagnosticError) {
            let result = try SiteMerge.merge(parsed.positionals, into: parsed[out] ?? "")
            if !parsed.has(SharedOptions.quiet) {
                output.err("wrote \(result.outputDirectory)/index.html (\(result.pages) conversations from \(CLI.count(result.shards, "shard")))\n")
            }
            return .ok
        } catch {
            return CLI.report(error, output: output)
        }
    }
}
