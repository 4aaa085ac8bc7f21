import Foundation

/// One thing `--redact` found: what kind of credential, in which format, and, for a format
/// that carries a check, whether it held. Never the value.
package struct RedactionHit: Sendable, Equatable {
    package var kind: RedactionKind
    /// "GitHub personal access token", "value of DATABASE_PASSWORD", "password in a URL".
    package var format: String
    /// nil when the format has no check.
    package var checksum: Bool?
}

/// One pattern found by its context (a key's name, a URL, a header, an armour line) and what
/// to put where it matched.
struct RedactionRule: @unchecked Sendable {
    let regex: NSRegularExpression
    /// The capture group replaced; 0 for the whole match.
    let group: Int
    let replacement: String
    /// A last look at the matched value: false leaves it as written.
    let accepts: (@Sendable (String) -> Bool)?
    /// Cheap substrings one of which every match contains; a text with none of them is skipped.
    let hints: [String]
    /// What was found, from the whole match (a key's name or a URL's scheme decides it).
    let names: @Sendable (_ match: String) -> (RedactionKind, String)

    init(
        _ pattern: String, group: Int = 0, replacement: String = Redactor.mask, hints: [String] = [],
        accepts: (@Sendable (String) -> Bool)? = nil, names: @escaping @Sendable (String) -> (RedactionKind, String)
    ) {
        // The patterns are constants checked by the tests; a typo would fail every redaction test.
        regex = try! NSRegularExpression(pattern: pattern, options: [])
        self.group = group
        self.replacement = replacement
        self.accepts = accepts
        self.hints = hints
        self.names = names
        hintBytes = hints.map { Array($0.utf8) }
    }

    /// A rule that always finds the same kind and format.
    init(
        _ pattern: String, group: Int = 0, replacement: String = Redactor.mask, hints: [String] = [],
        accepts: (@Sendable (String) -> Bool)? = nil, kind: RedactionKind, format: String
    ) {
        self.init(pattern, group: group, replacement: replacement, hints: hints, accepts: accepts, names: { _ in (kind, format) })
    }

    private let hintBytes: [[UInt8]]

    /// Whether any hint occurs in the text's UTF-8, without Foundation's locale-aware search
    /// (which was most of the time --redact took).
    static func containsAny(_ text: String, _ needles: [[UInt8]]) -> Bool {
        var text = text
        return text.withUTF8 { bytes -> Bool in
            for needle in needles where !needle.isEmpty && needle.count <= bytes.count {
                let first = needle[0]
                var index = 0
                let last = bytes.count - needle.count
                while index <= last {
                    if bytes[index] == first {
                        var matched = true
                        for offset in 1..<needle.count where bytes[index + offset] != needle[offset] {
                            matched = false
                            break
                        }
                        if matched { return true }
                    }
                    index += 1
                }
            }
            return false
        }
    }

    func apply(to text: String, hits: inout [RedactionHit]) -> String {
        if !hints.isEmpty, !Self.containsAny(text, hintBytes) { return text }
        let source = text as NSString
        let matches = regex.matches(in: text, options: [], range: NSRange(location: 0, length: source.length))
        guard !matches.isEmpty else { return text }
        let out = NSMutableString(string: text)
        var found: [RedactionHit] = []
        for match in matches.reversed() {
            let range = match.range(at: group)
            guard range.location != NSNotFound else { continue }
            let value = source.substring(with: range)
            // Already masked (a second run, or text that quotes a mask): left as it is and not counted.
            if value == replacement || value == Redactor.mask || value.hasPrefix(Redactor.mask) { continue }
            if let accepts, !accepts(value) { continue }
            out.replaceCharacters(in: range, with: replacement)
            let (kind, format) = names(source.substring(with: match.range))
            found.append(RedactionHit(kind: kind, format: format))
        }
        guard !found.isEmpty else { return text }
        hits += found.reversed()
        return out as String
    }
}
