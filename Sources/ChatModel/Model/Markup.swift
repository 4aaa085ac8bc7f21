/// How assistant replies are read (`--markup inline|full`).
public enum Markup: String, Sendable, Equatable, CaseIterable {
    /// `**bold**` and `` `code` `` only; the default for native conversation files.
    case inline
    /// CommonMark with GitHub tables, autolinks and strikethrough; the default for imported chats.
    case full
}
