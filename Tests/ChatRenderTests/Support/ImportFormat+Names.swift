@testable import ChatRender

/// The formats by name, for tests: the program itself names a format only in its reader's folder
/// and the table (see ArchitectureTests.aFormatLivesInOneFolderAndOneRow).
extension ImportFormat {
    static let chatgpt = ImportFormat(name: "chatgpt")!
    static let openai = ImportFormat(name: "openai")!
    static let anthropic = ImportFormat(name: "anthropic")!
    static let claudeAI = ImportFormat(name: "claude-ai")!
    static let claudeCode = ImportFormat(name: "claude-code")!
    static let codex = ImportFormat(name: "codex")!
    static let gemini = ImportFormat(name: "gemini")!
    static let opencode = ImportFormat(name: "opencode")!
    static let copilot = ImportFormat(name: "copilot")!
    static let cursor = ImportFormat(name: "cursor")!
}
