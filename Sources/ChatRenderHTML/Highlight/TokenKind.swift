/// What a highlighted run of code is, as the reader sees it. Each has one class name
/// (`cr-hl-…`) and one theme colour (`--color-syntax-…`, `--color-diff-…`).
enum TokenKind: UInt8, Sendable {
    case keyword, string, comment, number, function, type, constant, tag, attribute, meta, inserted, deleted

    /// The opening tag; every token closes with `</span>`.
    var openTag: StaticString {
        switch self {
        case .keyword: "<span class=\"cr-hl-keyword\">"
        case .string: "<span class=\"cr-hl-string\">"
        case .comment: "<span class=\"cr-hl-comment\">"
        case .number: "<span class=\"cr-hl-number\">"
        case .function: "<span class=\"cr-hl-function\">"
        case .type: "<span class=\"cr-hl-type\">"
        case .constant: "<span class=\"cr-hl-constant\">"
        case .tag: "<span class=\"cr-hl-tag\">"
        case .attribute: "<span class=\"cr-hl-attribute\">"
        case .meta: "<span class=\"cr-hl-meta\">"
        case .inserted: "<span class=\"cr-hl-inserted\">"
        case .deleted: "<span class=\"cr-hl-deleted\">"
        }
    }
}
