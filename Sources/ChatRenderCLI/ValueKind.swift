/// What an option's value or a command's argument is, declared beside it in the tables so the
/// shell completions offer the right things: paths, folders, or one of a list of words.
enum ValueKind: Sendable, Equatable {
    /// A file, or any path (a folder too, as a path completion offers both).
    case file
    /// A folder.
    case folder
    /// One of these words, fixed in the code (`inline`, `full`, `auto`).
    case oneOf([String])
    /// `auto` or the name of an import format (`chatgpt`, `claude-code`, …).
    case importFormat
    /// The name of a bundled theme a theme can be made from (`sp`, `paper`: those with light and
    /// dark modes), as in the data folder's `themes/`.
    case bundledTheme
    /// A locale with a string table in the templates' `strings/` (`de`, `zh-Hans`, …).
    case locale
    /// The name of a command (`help COMMAND`).
    case command
    /// Anything typed: a number, a size, a time zone; nothing to offer.
    case text
}
