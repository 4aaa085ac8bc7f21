/// Where a chat comes from: the formats `chatrender import` and `render --from` read.
public enum ImportFormat: String, Sendable, Equatable, CaseIterable {
    /// ChatGPT's data export: `conversations.json` and the files beside it.
    case chatgpt
    /// An OpenAI Chat Completions `messages` array (or a request body holding one).
    case openai
    /// An Anthropic Messages API `messages` array (or a request body holding one).
    case anthropic
    /// claude.ai's data export: `conversations.json` (and `projects.json`) in the zip or its folder.
    case claudeAI = "claude-ai"
    /// Claude Code session logs: one session's `.jsonl`, a project folder of them, or the projects folder.
    case claudeCode = "claude-code"

    /// "chatgpt, openai, anthropic, claude-ai or claude-code", for messages.
    package static var spokenList: String {
        let names = allCases.map(\.rawValue)
        return names.dropLast().joined(separator: ", ") + " or " + names.last!
    }
}
