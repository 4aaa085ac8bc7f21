import Foundation
import ChatModel
import ChatSupport

/// One Factory Droid session as a conversation.
///
/// | line | becomes |
/// | --- | --- |
/// | `session_start` (`title`, `cwd`) | the title and the Project |
/// | `message` `user`: `text` blocks; `tool_result` blocks (`tool_use_id`, `content`, `is_error`) | the prompt; each result joins its call |
/// | `message` `assistant`: `text`, `thinking`, `tool_use` (`id`, `name`, `input`) | the reply's text, thinking and tool calls (``DroidSession/parts(for:id:once:)``) |
/// | `todo_state` and other bookkeeping lines | nothing |
///
/// The settings beside the log (`model`, `tokenUsage`: `inputTokens`, `outputTokens`,
/// `cacheReadTokens`, `cacheCreationTokens`) are the header's Model and Tokens, and the last reply's.
struct DroidSession: AgentLogSession {
    struct Call {
        var name: String
        var input: JSONNode?
        var result: String?
        var isError = false
    }

    var log: SessionBuilder<Call>
    var cwd: String?

    init(file: String) {
        log = SessionBuilder(file: file, versionLabel: nil)
        log.freesAsTurnsAreMade = true
    }

    mutating func readLine(_ node: JSONNode, line: Int) {
        let type = InputProbe.string(node, "type") ?? ""
        if let stamp = InputProbe.string(node, "timestamp"), let date = ChatDate(iso: stamp) { log.widenSpan(date) }
        switch type {
        case "session_start":
            if let title = InputProbe.string(node, "title"), !title.isEmpty { log.title = title }
            if let cwd = InputProbe.string(node, "cwd"), !cwd.isEmpty {
                self.cwd = cwd
                log.project = cwd
            }
        case "message":
            guard let message = node["message"] else { return }
            let date = InputProbe.string(node, "timestamp").flatMap { ChatDate(iso: $0) }
            let id = InputProbe.string(node, "id") ?? "l\(line)"
            var blocks: [JSONNode] = []
            switch message["content"]?.value {
            case .array(let items)?: blocks = items
            case .string(let text)?: blocks = [JSONNode(.object([("type", JSONNode(.string("text"))), ("text", JSONNode(.string(text)))]))]
            default: break
            }
            if let model = InputProbe.string(message, "model") { log.useModel(model) }
            switch InputProbe.string(message, "role") {
            case "user":
                var texts: [String] = []
                for block in blocks {
                    switch InputProbe.string(block, "type") {
                    case "text": if let text = InputProbe.string(block, "text") { texts.append(text) }
                    case "tool_result":
                        guard let callID = InputProbe.string(block, "tool_use_id"), var call = log.calls[callID] else {
                            log.note("tool result without its call", "", line: line)
                            continue
                        }
                        call.result = Self.text(block["content"])
                        call.isError = block["is_error"]?.value == .bool(true)
                        log.calls[callID] = call
                    case "image": continue
                    case let other: log.note("block type", other ?? "(none)", line: line)
                    }
                }
                let text = texts.joined(separator: "\n\n").trimmingASCIIWhitespace()
                if !text.isEmpty { log.prompt(text, date: date, id: id) }
            case "assistant":
                for block in blocks {
                    switch InputProbe.string(block, "type") {
                    case "text":
                        if let text = InputProbe.string(block, "text"), !text.trimmingASCIIWhitespace().isEmpty { log.reply(.text(text)) }
                    case "thinking":
                        if let text = InputProbe.string(block, "thinking") ?? InputProbe.string(block, "text"), !text.isEmpty {
                            log.reply(.thinking(ThinkingPart(text: text)))
                        }
                    case "tool_use":
                        guard let callID = InputProbe.string(block, "id") else { continue }
                        log.call(callID, Call(name: InputProbe.string(block, "name") ?? "tool", input: block["input"]))
                    case let other: log.note("block type", other ?? "(none)", line: line)
                    }
                }
            case let other:
                log.note("message role", other ?? "(none)", line: line)
            }
        case "todo_state", "session_end", "compaction_state":
            return
        default:
            log.note("line type", type, line: line)
        }
    }

    /// A result's `content`: a string, or text blocks.
    static func text(_ node: JSONNode?) -> String? {
        guard let node else { return nil }
        if case .string(let text) = node.value { return text }
        guard case .array(let items) = node.value else { return nil }
        let texts = items.compactMap { InputProbe.string($0, "text") }
        return texts.isEmpty ? nil : texts.joined(separator: "\n")
    }

    /// The settings beside the log: the model, and the session's tokens on its last reply.
    mutating func readSettings(_ path: String) {
        guard FileInput.isRegularFile(path), let bytes = try? FileInput.read(path: path, displayPath: path, limit: 16 << 20, what: "session settings"),
            let root = try? JSONParser.parse(bytes)
        else { return }
        if let model = InputProbe.string(root, "model"), log.models.isEmpty {
            // The log names no model: the session's is every reply's.
            log.useModel(model)
            for k in log.drafts.indices where log.drafts[k].role == .assistant && log.drafts[k].model == nil { log.drafts[k].model = model }
        }
        guard let usage = root["tokenUsage"] else { return }
        func count(_ key: String) -> Tally { log.tallies.countOrZero(usage[key], path: "tokenUsage." + key) }
        let spent = TokenUsage(
            input: count("inputTokens"), output: count("outputTokens") + count("thinkingTokens"), cacheRead: count("cacheReadTokens"),
            cacheWrite: count("cacheCreationTokens"))
        guard !spent.total.isZero, let last = log.drafts.indices.last(where: { log.drafts[$0].role == .assistant }) else { return }
        log.tokens = log.tokens + spent
        log.drafts[last].usage = (log.drafts[last].usage ?? TokenUsage()).adding(spent)
    }

    mutating func parts(for call: Call, id: String, once: Bool) -> [TurnPart] {
        func arg(_ keys: String...) -> String? { keys.lazy.compactMap { key in call.input.flatMap { InputProbe.string($0, key) } }.first }
        func short(_ path: String) -> String {
            guard let cwd, !cwd.isEmpty else { return path }
            let base = cwd.hasSuffix("/") ? cwd : cwd + "/"
            return path.hasPrefix(base) ? String(path.dropFirst(base.count)) : path
        }
        let status: ToolStatus = call.result == nil ? .running : call.isError ? .error : .ok
        switch call.name {
        case "Execute":
            if let command = arg("command"), status != .running {
                return [.terminal(TerminalPart(command: command, output: call.result ?? "", exitCode: status == .error ? 1 : nil))]
            }
        case "Create":
            if status == .ok, let file = arg("file_path", "filePath", "path") {
                return [.diff(DiffPart(path: short(file), old: "", new: arg("content") ?? "", created: true))]
            }
        case "Edit":
            if status == .ok, let file = arg("file_path", "filePath", "path") {
                return [.diff(DiffPart(path: short(file), old: arg("old_str", "old_string") ?? "", new: arg("new_str", "new_string") ?? ""))]
            }
        default:
            break
        }
        var part = ToolCallPart(name: call.name, input: call.input.map(JSONText.compact), status: status, result: call.result)
        if call.name == "Read", let file = arg("file_path", "filePath", "path") {
            part.title = "Read \(short(file))"
            part.titlePhrase = UIPhrase(.toolRead, ["path": short(file)])
        }
        if call.name == "Grep", let pattern = arg("pattern") {
            part.title = "Searched for “\(pattern)”"; part.titlePhrase = UIPhrase(.toolGrep, ["pattern": pattern])
        }
        return [.toolCall(part)]
    }
}
