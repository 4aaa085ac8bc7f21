/// Where a chat comes from: the formats `chatrender import` and `render --from` read.
public enum ImportFormat: String, Sendable, Equatable, CaseIterable {
    /// ChatGPT's data export: `conversations.json` and the files beside it.
    case chatgpt
    /// An OpenAI Chat Completions `messages` array (or a request body holding one).
    case openai
    /// An Anthropic Messages API `messages` array (or a request body holding one).
    case anthropic

    /// "chatgpt, openai or anthropic", for messages.
    package static var spokenList: String { "chatgpt, openai or anthropic" }
}
