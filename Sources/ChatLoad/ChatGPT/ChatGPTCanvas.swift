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
    ///
    /// The pattern comes from the file, so it must not hang the import: `.*` (a whole rewrite,
    /// the usual update) and patterns that are text with escaped punctuation are replaced as text;
    /// a real expression runs only without a quantified group (`(a+)+`, the shape that backtracks
    /// exponentially) and on a document of at most 1 MB.
    static func apply(pattern: String, replacement: String, multiple: Bool, to content: String) -> String? {
        if pattern == ".*" || pattern == "(?s).*" || pattern == "^.*$" || pattern == "[\\s\\S]*" { return literalReplacement(replacement) }
        if let literal = literal(pattern) {
            guard content.contains(literal) else { return nil }
            let text = literalReplacement(replacement)
            if multiple { return content.replacingOccurrences(of: literal, with: text) }
            guard let range = content.range(of: literal) else { return nil }
            return content.replacingCharacters(in: range, with: text)
        }
        guard content.utf8.count <= 1_000_000, pattern.utf8.count <= 2000, !hasQuantifiedGroup(pattern),
            let expression = try? NSRegularExpression(pattern: pattern, options: [.dotMatchesLineSeparators])
        else { return nil }
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

    /// The text a pattern matches when it is text: letters, spaces and backslash-escaped
    /// punctuation (`I love clear, warm design\\.`); nil when it uses any regex syntax.
    private static func literal(_ pattern: String) -> String? {
        var out = ""
        var escaped = false
        for character in pattern {
            if escaped {
                guard !character.isLetter, !character.isNumber else { return nil }  // \d, \s, \1 …
                out.append(character)
                escaped = false
                continue
            }
            if character == "\\" { escaped = true; continue }
            if ".^$*+?()[]{}|".contains(character) { return nil }
            out.append(character)
        }
        return escaped || out.isEmpty ? nil : out
    }

    /// A replacement as plain text: Python's escapes `\\\\` and `\\n` read, group references dropped
    /// (a text pattern has no groups).
    private static func literalReplacement(_ replacement: String) -> String {
        guard replacement.contains("\\") else { return replacement }
        var out = ""
        var characters = replacement.makeIterator()
        while let character = characters.next() {
            guard character == "\\", let next = characters.next() else { out.append(character); continue }
            switch next {
            case "n": out.append("\n")
            case "t": out.append("\t")
            case "\\": out.append("\\")
            default: if !next.isNumber { out.append("\\"); out.append(next) }
            }
        }
        return out
    }

    /// A group followed by a quantifier: `(…)+`, `(…)*`, `(…){2,}`, `(…)?`.
    private static func hasQuantifiedGroup(_ pattern: String) -> Bool {
        var previous: Character = " "
        var escaped = false
        for character in pattern {
            if escaped { escaped = false; previous = "x"; continue }
            if character == "\\" { escaped = true; continue }
            if previous == ")", "+*{?".contains(character) { return true }
            previous = character
        }
        return false
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
