import ChatModel
import ChatSupport

/// A plain-text transcript (`agent-transcripts/<id>.txt`, see ``CursorPlainText``) read into the
/// same session as a JSON Lines one: a user message is a prompt (the inside of its
/// `<user_query>`), an assistant message one step of the reply, `[Thinking]` and
/// `<think>…</think>` reasoning, `[Tool call]` a call and `[Tool result]` its output.
///
/// The text has no ids: a result names its tool, and goes to the first call of that name still
/// without one (calls made side by side come back in order), else to the last call without
/// one. A marker the grammar does not know is a warning once per kind, with a count.
extension CursorSession {
    mutating func readPlainText(_ bytes: UnsafeBufferPointer<UInt8>) {
        var role: String?
        var prompt: [String] = []
        var promptLine = 0
        func endPrompt() {
            guard !prompt.isEmpty else { return }
            readUser(JSONNode(.string(prompt.joined(separator: "\n\n"))), line: promptLine)
            prompt = []
        }
        for (block, line) in CursorPlainText(String(decoding: bytes, as: UTF8.self)).blocks {
            switch block {
            case .role(let name):
                endPrompt()
                role = name
                promptLine = line
                if name == "assistant" { turnOpen = true }
            case .text(let text):
                switch role {
                case "user": prompt.append(text)
                case "assistant": addReplyText(text)
                default: log.note("text before the first user: or assistant: line", "", line: line)
                }
            case .thinking(let text):
                endPrompt()
                if text.isEmpty || text == CursorTools.redacted { hideReasoning() } else { log.reply(.part(.thinking(ThinkingPart(text: text)))) }
            case .call(let name, let input):
                endPrompt()
                log.call("\(log.calls.count + 1)", Call(name: name.isEmpty ? "tool" : name, input: CursorPlainText.input(input), line: line))
            case .result(let name, let output):
                endPrompt()
                attachResult(named: name, output: output, line: line)
            case .marker(let name):
                log.note("marker", "[\(name)]", line: line)
            }
        }
        endPrompt()
    }

    /// Reply text with its `<think>…</think>` reasoning (some models write it inline) shown as
    /// thinking where it is.
    mutating func addReplyText(_ text: String) {
        var rest = Substring(text)
        while let open = rest.range(of: "<think>") {
            addText(String(rest[..<open.lowerBound]))
            let after = rest[open.upperBound...]
            let close = after.range(of: "</think>")
            let thought = String(close.map { after[..<$0.lowerBound] } ?? after).trimmingASCIIWhitespace()
            if !thought.isEmpty { log.reply(.part(.thinking(ThinkingPart(text: thought)))) }
            rest = close.map { after[$0.upperBound...] } ?? ""
        }
        addText(String(rest))
    }

    /// A `[Tool result] NAME`'s output: to the first call named NAME with none, else to the last
    /// call with none. An output that begins `Error` is the tool's failure (the text has no
    /// other sign of one): an edit that failed is not shown as a change.
    mutating func attachResult(named name: String, output: String, line: Int) {
        let open = (0..<log.calls.count).map { "\($0 + 1)" }.filter { log.calls[$0]?.result == nil }
        guard let id = open.first(where: { log.calls[$0]?.name.lowercased() == name.lowercased() }) ?? open.last else {
            log.note("tool result for no call in the log", "", line: line)
            return
        }
        log.calls[id]?.result = output
        if output.hasPrefix("Error") || output.hasPrefix("error:") { log.calls[id]?.status = .error }
    }
}
