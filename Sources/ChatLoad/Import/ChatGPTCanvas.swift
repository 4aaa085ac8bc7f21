import Foundation
import ChatModel

/// A canvas document (`canmore`): its title, kind and every version, oldest first.
struct ChatGPTCanvasDocument {
    /// `textdoc_id`, when the export names it.
    var id: String?
    var title: String
    /// `document`, or `code/python`, `code/javascript`, …
    var type: String
    var versions: [String] = []

    /// The document part: the latest version, earlier ones kept.
    var part: DocumentPart {
        let content = versions.last ?? ""
        let earlier = Array(versions.dropLast())
        if type.hasPrefix("code") {
            let language = type.split(separator: "/").dropFirst().first.map(String.init)
            return DocumentPart(title: title, kind: .code, language: language, content: content, versions: earlier)
        }
        return DocumentPart(title: title, kind: .markdown, content: content, versions: earlier)
    }

    /// An update as ChatGPT applies it: a regular expression (Python's flavour; `.` matches line
    /// ends so that `.*` is the whole document), its first or every match replaced. Nil when the
    /// pattern is not valid or does not match.
    static func apply(pattern: String, replacement: String, multiple: Bool, to content: String) -> String? {
        guard let expression = try? NSRegularExpression(pattern: pattern, options: [.dotMatchesLineSeparators]) else { return nil }
        let whole = NSRange(content.startIndex..., in: content)
        let matches = expression.matches(in: content, range: whole)
        guard let first = matches.first else { return nil }
        let template = Self.template(replacement)
        let result = NSMutableString(string: content)
        for match in (multiple ? matches : [first]).reversed() {
            let replaced = expression.replacementString(for: match, in: content, offset: 0, template: template)
            result.replaceCharacters(in: match.range, with: replaced)
        }
        return String(result)
    }

    /// Python's replacement syntax (`\1`, `\g<1>`) in NSRegularExpression's (`$1`), every other
    /// character literal.
    private static func template(_ replacement: String) -> String {
        var out = ""
        var characters = Array(replacement)[...]
        while let character = characters.popFirst() {
            switch character {
            case "\\":
                if let next = characters.first, next.isNumber {
                    characters.removeFirst()
                    out += "$\(next)"
                } else if characters.starts(with: "g<"), let close = characters.firstIndex(of: ">") {
                    let group = String(characters[characters.index(characters.startIndex, offsetBy: 2)..<close])
                    characters = characters[characters.index(after: close)...]
                    out += Int(group) != nil ? "$\(group)" : ""
                } else if characters.first == "\\" {
                    characters.removeFirst()
                    out += "\\\\"
                } else {
                    out += "\\\\"
                }
            case "$": out += "\\$"
            default: out.append(character)
            }
        }
        return out
    }
}
