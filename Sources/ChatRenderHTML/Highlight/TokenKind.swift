/// What a highlighted run of code is, as the reader sees it. Each has one element name and one
/// theme colour (`--color-syntax-…`, `--color-diff-…`).
///
/// A run is an element of its own name, `<c-kw>for</c-kw>`, not `<span class="kw">`: a
/// code-heavy page is mostly these tags (`cr-hl-keyword` once made it twice the size of its
/// text; the two-letter classes still left 25 bytes of tags to every run, 13 now). Names with a
/// hyphen are HTML's own for elements it does not define: inline, without meaning to assistive
/// technology, like a span. They live only inside `.cr-code`, where the stylesheet colours them.
enum TokenKind: UInt8, Sendable {
    case keyword, string, comment, number, function, type, constant, tag, attribute, meta, inserted, deleted

    /// The opening tag.
    var openTag: StaticString {
        switch self {
        case .keyword: "<c-kw>"
        case .string: "<c-st>"
        case .comment: "<c-cm>"
        case .number: "<c-nu>"
        case .function: "<c-fn>"
        case .type: "<c-ty>"
        case .constant: "<c-co>"
        case .tag: "<c-tg>"
        case .attribute: "<c-at>"
        case .meta: "<c-mt>"
        case .inserted: "<c-in>"
        case .deleted: "<c-de>"
        }
    }

    /// The closing tag.
    var closeTag: StaticString {
        switch self {
        case .keyword: "</c-kw>"
        case .string: "</c-st>"
        case .comment: "</c-cm>"
        case .number: "</c-nu>"
        case .function: "</c-fn>"
        case .type: "</c-ty>"
        case .constant: "</c-co>"
        case .tag: "</c-tg>"
        case .attribute: "</c-at>"
        case .meta: "</c-mt>"
        case .inserted: "</c-in>"
        case .deleted: "</c-de>"
        }
    }
}
