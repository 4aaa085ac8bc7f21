/// How assistant replies are read (`--markup inline|full|auto`).
public enum Markup: String, Sendable, Equatable, CaseIterable {
    /// `**bold**` and `` `code` `` only: the spec's inline format.
    case inline
    /// CommonMark with GitHub tables, autolinks and strikethrough, plus TeX math; what imported
    /// chats ask for.
    case full
    /// Each reply on its own: `full` when it has block Markdown or math (a fence, a heading, a
    /// list, a table, a quote, a rule, a link, `$$`, `\[`, `\(`), `inline` otherwise. The default,
    /// so a reply written in Markdown never shows its raw syntax and one in the spec's format reads
    /// as the spec says.
    case auto
}
