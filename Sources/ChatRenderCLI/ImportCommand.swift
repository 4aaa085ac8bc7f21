import ChatRender
import Foundation

/// `chatrender import FORMAT INPUT --out DIR`, and the `--from` / `--markup` part of `render`.
extension CLI {
    static let importUsage = """
    IMPORT
      chatrender import FORMAT INPUT [--out DIR] [--include-system] [-q]
      FORMAT                 chatgpt: ChatGPT's data export: the .zip as downloaded (read in place),
                             its unzipped folder, or its conversations.json
                             openai: a Chat Completions messages array (or a request with "messages")
                             anthropic: a Messages API messages array (or a request with "messages")
      --out DIR              default: out/NAME-import for INPUT NAME; replaced as a whole, atomically
      --include-system       keep system, developer and tool turns (shown as labelled replies)
      Writes NAME.json per conversation (marked "markup": "full"), its files under files/NAME/,
      and an index.html listing them newest first. Render one with: chatrender render DIR/NAME.json
      Files the export lacks show as "File unavailable" or "Photo unavailable", with a warning.
    """

    static func importCommand(_ arguments: [String], output: Output) -> ExitCode {
        var positional: [String] = []
        var out: String?
        var includeSystem = false
        var quiet = false
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            switch argument {
            case "--out", "-o":
                index += 1
                guard index < arguments.count else { output.err("chatrender: error: \(argument) needs a value\n"); return .usage }
                out = arguments[index]
            case _ where argument.hasPrefix("--out="): out = String(argument.dropFirst(6))
            case "--include-system": includeSystem = true
            case "--quiet", "-q": quiet = true
            case "-h", "--help": output.out(importUsage + "\n"); return .ok
            default:
                if argument.hasPrefix("-") && argument != "-" {
                    output.err("chatrender: error: unknown option \"\(argument)\" for import (see chatrender --help)\n")
                    return .usage
                }
                positional.append(argument)
            }
            index += 1
        }
        guard positional.count == 2 else {
            output.err("chatrender: error: import takes a format and an input file; got \(positional.count) argument\(positional.count == 1 ? "" : "s")\n\n" + importUsage + "\n")
            return .usage
        }
        guard let format = importFormat(positional[0], output: output) else { return .usage }
        let input = positional[1]
        let name = FilePath.stem(input)
        let outPath = out ?? FilePath.join("out", (name.isEmpty ? "chats" : name) + "-import")
        do {
            let result = try Importer.run(ImportRequest(format: format, inputPath: input, outputDirectory: outPath, includeSystem: includeSystem))
            if !quiet {
                for warning in result.warnings { output.err(warning.description + "\n") }
                let count = result.entries.count
                output.err("wrote \(count) conversation\(count == 1 ? "" : "s") and \(result.outputDirectory)/index.html\(result.warnings.isEmpty ? "" : ", \(result.warnings.count) warning\(result.warnings.count == 1 ? "" : "s")")\n")
            }
            return .ok
        } catch {
            return report(error, output: output)
        }
    }

    static func importFormat(_ raw: String, output: Output) -> ImportFormat? {
        guard let format = ImportFormat(rawValue: raw.lowercased()) else {
            output.err("chatrender: error: unknown import format \"\(raw)\"; expected \(ImportFormat.spokenList)\n")
            return nil
        }
        return format
    }

    static func markupOption(_ raw: String, output: Output) -> Markup? {
        guard let markup = Markup(rawValue: raw) else {
            output.err("chatrender: error: --markup takes inline or full, not \"\(raw)\"\n")
            return nil
        }
        return markup
    }

    /// `render --from FORMAT INPUT`: import into a temporary folder, then render every conversation.
    /// Replies use full markup (the imported files ask for it) unless `--markup` said otherwise.
    static func renderImported(format raw: String, input: String, request: RenderRequest, markupGiven: Bool, quiet: Bool, output: Output) -> ExitCode {
        guard let format = importFormat(raw, output: output) else { return .usage }
        var request = request
        request.markupGiven = markupGiven
        do {
            let result = try ImportedSite.render(ImportRequest(format: format, inputPath: input, outputDirectory: request.outputDirectory),
                                                 render: request)
            if !quiet {
                for warning in result.warnings { output.err(warning.description + "\n") }
                let pages = result.pages == 1 ? "" : " (\(result.pages) conversations)"
                output.err("wrote \(result.outputDirectory)/index.html\(pages)\(result.warnings.isEmpty ? "" : ", \(result.warnings.count) warning\(result.warnings.count == 1 ? "" : "s")")\n")
            }
            return .ok
        } catch {
            return report(error, output: output)
        }
    }
}
