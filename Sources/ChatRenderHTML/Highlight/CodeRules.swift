/// How one programming language differs from the others the ``CodeScanner`` reads: its words,
/// and which of the shared comment, string, number and annotation rules it uses. C-family
/// languages, Python, Ruby, PHP and SQL differ mostly here.
struct CodeRules: Sendable {
    /// How `'` opens something.
    enum SingleQuote: Sendable { case none, string, charOrLifetime }
    /// What a backtick opens.
    enum Backtick: Sendable { case none, template, raw, name }
    /// Letters that may stand before a quote and change the string (`f"…"`, `r#"…"#`, `u8R"(…)"`).
    enum Prefixes: Sendable { case none, python, rust, cpp }
    /// How code is spliced into a double-quoted string.
    enum Interpolation: Sendable { case none, dollar, hashBrace, backslashParen }

    var words: WordTable
    var slashComments = true
    var hashComments = false
    var dashComments = false
    var blockComments = true
    var nestedComments = false
    var singleQuote = SingleQuote.string
    var multilineStrings = false
    var tripleQuotes = false
    var backtick = Backtick.none
    var prefixes = Prefixes.none
    var interpolation = Interpolation.none
    /// `#"…"#` raw strings and `#if`-style directives (Swift).
    var hashRawStrings = false
    /// `@name` is an annotation or decorator.
    var decorators = false
    /// `#` first on a line starts a preprocessor line (C, C++).
    var preprocessor = false
    /// `#[…]` and `#![…]` are attributes (Rust).
    var hashAttributes = false
    /// `/…/` after an operator is a regular expression literal (JavaScript, Ruby).
    var regexLiterals = false
    /// `$` may start or continue a name (JavaScript, PHP).
    var dollarNames = false
    /// Ruby: `:symbols`, names ending in `?` or `!`, `=begin … =end`.
    var ruby = false
    /// `<?php` and `?>` are markers (PHP).
    var phpTags = false
    /// `name!(…)` is a macro call (Rust).
    var macros = false
    /// `Capitalised` names are types and `ALL_CAPS` ones constants.
    var capitalisedTypes = true
    /// `<Tag …>` in expression position is JSX.
    var jsx = false
}
