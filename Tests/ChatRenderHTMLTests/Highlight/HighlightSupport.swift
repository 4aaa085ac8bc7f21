import Foundation
@testable import ChatModel
@testable import ChatRenderHTML

/// Reading highlighted markup back in tests.
enum Highlighted {
    /// The kind each element names (`c-kw` → `keyword`), as ``TokenKind`` spells it.
    static let kinds: [String: String] = [
        "kw": "keyword", "st": "string", "cm": "comment", "nu": "number",
        "fn": "function", "ty": "type", "co": "constant", "tg": "tag",
        "at": "attribute", "mt": "meta", "in": "inserted", "de": "deleted",
    ]

    /// A coloured run: the kind its class names, and its text unescaped.
    struct Token: Equatable, CustomStringConvertible {
        var kind: String
        var text: String
        init(_ kind: String, _ text: String) { self.kind = kind; self.text = text }
        var description: String { "\(kind):\(text)" }
    }

    static func html(_ code: String, _ language: String) -> String {
        SyntaxHighlighter.highlight(code, language: language)?.description ?? "<unknown language>"
    }

    /// The coloured runs of `code`, in order.
    static func tokens(_ code: String, _ language: String) -> [Token] {
        parse(html(code, language)).tokens
    }

    /// The text content (tags dropped, entities read) and the coloured runs of `markup`, and
    /// whether every run was closed, none nested and none held a newline, and `<` `>` `&` were
    /// escaped (quotes need not be, in an element's content).
    static func parse(_ markup: String) -> (text: String, tokens: [Token], wellFormed: Bool) {
        var text = ""
        var tokens: [Token] = []
        var wellFormed = true
        var open: String?
        var current = ""
        var rest = Substring(markup)
        var openName = ""
        while !rest.isEmpty {
            if rest.hasPrefix("<c-") {
                rest = rest.dropFirst(3)
                guard let close = rest.firstIndex(of: ">") else { return (text, tokens, false) }
                if open != nil { wellFormed = false }
                let kind = String(rest[..<close])
                if Self.kinds[kind] == nil { wellFormed = false }
                open = Self.kinds[kind] ?? kind
                openName = kind
                rest = rest[close...].dropFirst()
                current = ""
            } else if rest.hasPrefix("</c-") {
                guard let close = rest.firstIndex(of: ">") else { return (text, tokens, false) }
                if rest[rest.index(rest.startIndex, offsetBy: 4)..<close] != openName { wellFormed = false }
                rest = rest[close...].dropFirst()
                if let kind = open { tokens.append(Token(kind, current)) } else { wellFormed = false }
                if current.isEmpty { wellFormed = false }
                open = nil
            } else if rest.hasPrefix("<") {
                return (text, tokens, false)  // no other tag may appear
            } else {
                var piece: String
                if rest.hasPrefix("&") {
                    guard let semicolon = rest.firstIndex(of: ";") else { return (text, tokens, false) }
                    let entity = rest[...semicolon]
                    switch entity {
                    case "&amp;": piece = "&"
                    case "&lt;": piece = "<"
                    case "&gt;": piece = ">"
                    case "&quot;": piece = "\""
                    case "&#39;": piece = "'"
                    default: return (text, tokens, false)
                    }
                    rest = rest[semicolon...].dropFirst()
                } else {
                    piece = String(rest.first!)
                    rest = rest.dropFirst()
                    if piece == ">" { wellFormed = false }  // must be escaped
                }
                if piece.unicodeScalars.contains("\n") && open != nil { wellFormed = false }
                text += piece
                if open != nil { current += piece }
            }
        }
        if open != nil { wellFormed = false }
        return (text, tokens, wellFormed)
    }
}
