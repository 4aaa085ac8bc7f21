import Foundation
import ChatModel
import ChatSupport

/// How the Pi family's tool calls read on the page.
///
/// | tool | becomes |
/// | --- | --- |
/// | `bash` (`command`) | a terminal: the command, its output, and the exit code (`Command exited with code N` ends a failing one's output) |
/// | `edit` (`path`, `oldText`, `newText`) | a diff of the file |
/// | `write` (`path`, `content`) | the file's new content as a diff |
/// | `read` (`path`) | "Read PATH" |
/// | `grep`, `find` (`pattern`) | "Searched for “…”", "Found files matching …" |
/// | anything else (`ls`, extensions' and OpenClaw's tools) | a tool call with its name, input and result |
enum PiTools {
    static func parts(for call: PiSession.Call, cwd: String?) -> [TurnPart] {
        let args = call.arguments
        func arg(_ key: String) -> String? { args.flatMap { InputProbe.string($0, key) } }
        let status: ToolStatus =
            call.result == nil ? (call.stopped ? .rejected : .running) : call.failed ? .error : .ok
        switch call.name {
        case "bash":
            guard let command = arg("command"), let result = call.result else { break }
            let (output, code) = bashOutput(result)
            return [.terminal(TerminalPart(command: command, output: output, exitCode: code ?? (call.failed ? 1 : 0)))]
        case "edit":
            guard status == .ok, let path = arg("path") else { break }
            return [.diff(DiffPart(path: shortPath(path, cwd: cwd), old: arg("oldText") ?? "", new: arg("newText") ?? ""))]
        case "write":
            guard status == .ok, let path = arg("path") else { break }
            return [.diff(DiffPart(path: shortPath(path, cwd: cwd), old: "", new: arg("content") ?? ""))]
        default:
            break
        }
        var part = ToolCallPart(name: call.name, input: args.map(JSONText.compact), status: status, result: call.result)
        switch call.name {
        case "read":
            if let path = arg("path") {
                let short = shortPath(path, cwd: cwd)
                part.title = "Read \(short)"
                part.titlePhrase = UIPhrase(.toolRead, ["path": short])
            }
        case "grep":
            if let pattern = arg("pattern") { part.title = "Searched for “\(pattern)”"; part.titlePhrase = UIPhrase(.toolGrep, ["pattern": pattern]) }
        case "find":
            if let pattern = arg("pattern") { part.title = "Found files matching \(pattern)"; part.titlePhrase = UIPhrase(.toolGlob, ["pattern": pattern]) }
        default:
            break
        }
        return [.toolCall(part)]
    }

    /// A thought's first bold heading ("**Running the tests**"), for the thinking's line.
    static func heading(_ text: String) -> String? {
        let trimmed = text.trimmingASCIIWhitespace()
        guard trimmed.hasPrefix("**"), let close = trimmed.dropFirst(2).range(of: "**") else { return nil }
        let heading = String(trimmed.dropFirst(2)[..<close.lowerBound]).trimmingASCIIWhitespace()
        return heading.isEmpty || heading.count > 120 ? nil : heading
    }

    /// A `bash` result's output and exit code: a command that failed ends with
    /// `\n\nCommand exited with code N`.
    static func bashOutput(_ text: String) -> (String, Int?) {
        let marker = "Command exited with code "
        guard let found = text.range(of: marker, options: .backwards) else { return (text, nil) }
        let digits = text[found.upperBound...].prefix { $0 == "-" || $0.isNumber }
        guard let code = Int(digits), text[found.upperBound...].dropFirst(digits.count).allSatisfy(\.isWhitespace) else { return (text, nil) }
        return (String(text[..<found.lowerBound]).trimmingASCIIWhitespace(), code)
    }

    /// `path` inside the session's folder without that folder.
    static func shortPath(_ path: String, cwd: String?) -> String {
        guard let cwd, !cwd.isEmpty, path.hasPrefix(cwd + "/") else { return path }
        return String(path.dropFirst(cwd.count + 1))
    }
}
