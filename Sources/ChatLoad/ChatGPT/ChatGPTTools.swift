import ChatModel
import ChatSupport

/// How ChatGPT's tool calls read on the page: a short title for the collapsed line, the prompt
/// of an image call, and agent mode's many steps folded into one activity block.
enum ChatGPTTools {
    /// "Ran a command", "Searched the files", …; nil for a tool whose input says nothing short.
    /// Web browsing is titled step by step by ``ChatGPTBrowsing``.
    static func title(recipient: String, input: String) -> String? {
        let tool = recipient.lowercased()
        if tool.hasPrefix("computer.") { return computerStep(input) }
        if tool.hasPrefix("container.") { return "Ran a command" }
        if tool.hasPrefix("file_search") || tool.hasPrefix("myfiles_browser") { return "Searched the files" }
        if tool == "dalle.text2im" { return "Creating image" }
        return nil
    }

    /// Agent mode's step, by its actions: "Went to tascaverde.example", "Clicked, typed “2”".
    static func computerStep(_ input: String) -> String {
        guard let json = try? JSONParser.parse(Array(input.utf8)), case .array(let actions)? = json["actions"]?.value,
            !actions.isEmpty
        else { return "Used the computer" }
        var phrases: [String] = []
        for action in actions.prefix(3) {
            let phrase: String
            switch ImportSource.string(action["action"]) ?? "" {
            case "goto", "open_url", "navigate":
                phrase = ImportSource.string(action["url"]).flatMap { firstURL(in: $0) }.map { "went to \($0)" } ?? "opened a page"
            case "click", "double_click": phrase = "clicked"
            case "type":
                let text = ImportSource.string(action["text"]).map(ChatGPTText.plain) ?? ""
                phrase = text.isEmpty || text.count > 40 ? "typed" : "typed “\(text)”"
            case "scroll": phrase = "scrolled"
            case "keypress": phrase = "pressed keys"
            case "wait": phrase = "waited"
            default: phrase = "used the computer"
            }
            phrases.append(phrase)
        }
        if actions.count > 3 { phrases.append("\(actions.count - 3) more") }
        let line = phrases.joined(separator: ", ")
        return line.prefix(1).uppercased() + line.dropFirst()
    }

    private static func firstURL(in input: String) -> String? {
        guard let start = input.range(of: "http") else { return nil }
        let rest = input[start.lowerBound...]
        let url = rest.prefix { !$0.isWhitespace && $0 != "\"" && $0 != "'" && $0 != ")" }
        guard let host = url.split(separator: "/", omittingEmptySubsequences: true).dropFirst().first else { return nil }
        return String(host)
    }

    /// The prompt of an image call (`{"prompt": "…", "size": "1024x1024"}`), for the images' description.
    static func prompt(in input: String) -> String? {
        guard input.contains("prompt"), let json = try? JSONParser.parse(Array(input.utf8)) else { return nil }
        return ImportSource.string(json["prompt"]).flatMap { $0.isEmpty ? nil : ChatGPTText.plain($0) }
    }

    /// Agent mode works in many small steps (`computer.do`, `computer.get`, …, each with a
    /// screenshot). ChatGPT folds them under one line; so does the page: each run of them becomes
    /// one collapsed transcript whose steps keep their screenshots.
    static func groupAgentSteps(_ parts: [TurnPart], replyID: String) -> [TurnPart] {
        func isStep(_ part: TurnPart) -> Bool {
            if case .toolCall(let call) = part { return call.name.hasPrefix("computer.") || call.name == "computer" }
            return false
        }
        guard parts.contains(where: isStep) else { return parts }
        var out: [TurnPart] = []
        var run: [TurnPart] = []
        func close() {
            guard !run.isEmpty else { return }
            let steps = run.count
            var message = Message(id: "\(replyID)-agent-\(out.count)", role: .assistant, text: "")
            message.parts = run
            message.speaker = "Agent"
            message.speakerPhrase = UIPhrase(.agentGeneric)
            var transcript = TranscriptPart(title: "Worked on the task · \(steps) step\(steps == 1 ? "" : "s")", messages: [message])
            transcript.phrase = UIPhrase(.workedOnTask, ["count": String(steps)])
            out.append(.transcript(transcript))
            run = []
        }
        for part in parts {
            if isStep(part) { run.append(part); continue }
            // The agent's thinking between steps stays with the steps.
            if case .thinking = part, !run.isEmpty { run.append(part); continue }
            close()
            out.append(part)
        }
        close()
        return out
    }
}
