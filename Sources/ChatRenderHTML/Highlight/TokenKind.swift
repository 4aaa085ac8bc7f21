/// What a highlighted run of code is, as the reader sees it. Each has one class name and one
/// theme colour (`--color-syntax-…`, `--color-diff-…`).
///
/// The class names are two letters, as most highlighters' are: a code-heavy page is mostly
/// these tags, and `cr-hl-keyword` made it twice the size of its text. They live only inside
/// `.cr-code`, where nothing else of the page's (all `cr-…`) can collide with them.
enum TokenKind: UInt8, Sendable {
    case keyword, string, comment, number, function, type, constant, tag, attribute, meta, inserted, deleted

    /// The opening tag; every token closes with `</span>`.
    var openTag: StaticString {
        switch self {
        case .keyword: "<span class=\"kw\">"
        case .string: "<span class=\"st\">"
        case .comment: "<span class=\"cm\">"
        case .number: "<span class=\"nu\">"
        case .function: "<span class=\"fn\">"
        case .type: "<span class=\"ty\">"
        case .constant: "<span class=\"co\">"
        case .tag: "<span class=\"tg\">"
        case .attribute: "<span class=\"at\">"
        case .meta: "<span class=\"mt\">"
        case .inserted: "<span class=\"in\">"
        case .deleted: "<span class=\"de\">"
        }
    }
}
