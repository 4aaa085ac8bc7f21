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

    /// "chatgpt, openai, anthropic or claude-ai", for messages.
    package static var spokenList: String { "chatgpt, openai, anthropic or claude-ai" }
}
