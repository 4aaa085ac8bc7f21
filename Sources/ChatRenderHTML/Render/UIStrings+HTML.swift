import ChatModel

extension UIStrings {
    /// A text key as markup: the table's words escaped, each `{name}` replaced by the markup
    /// `values` gives ("Ran {command}" with the command in `<code>`). Word order is the table's.
    func html(_ key: UIKey, _ values: KeyValuePairs<String, HTML>) -> HTML {
        Self.html(text(key), values)
    }

    /// A counted key as markup (see ``html(_:_:)``); `{count}` is the number in the language.
    func html(_ key: UIKey, count: Int, _ values: KeyValuePairs<String, HTML>) -> HTML {
        Self.html(counted(key, count), values)
    }

    /// An importer's interface words in the page's language; an English page keeps the importer's
    /// own `text` exactly, and a part with no phrase (words from the file) is shown as written.
    func phrase(_ phrase: UIPhrase?, or text: String) -> String {
        guard let phrase, !isEnglish else { return text }
        // Right to left, a path or name from the chat is isolated (FSI … PDI), so "/home/ana/src"
        // keeps its slashes where they belong inside an Arabic sentence.
        let isolate: (String) -> String = isRightToLeft ? { "\u{2068}\($0)\u{2069}" } : { $0 }
        var values = phrase.values.map { ($0.key, isolate($0.value)) }
        if let seconds = phrase.seconds, let duration = duration(seconds) { values.append(("duration", duration)) }
        // A counted key takes the plural form its `count` value calls for in the language.
        if phrase.key.shape == .counted, let count = phrase.values["count"].flatMap({ Int($0) }) {
            return Self.fill(counted(phrase.key, count), values.filter { $0.0 != "count" })
        }
        return Self.fill(self.text(phrase.key), values)
    }

    /// A file size as markup: in right-to-left chrome a size with a Latin unit ("2.4 MB") is
    /// isolated left to right, so it does not read "MB 2.4".
    func sizeHTML(_ byteCount: Int64) -> HTML {
        let text = size(byteCount)
        return isRightToLeft && byteCount.magnitude >= 1000 ? "<bdi dir=\"ltr\">\(text)</bdi>" : "\(text)"
    }

    static func html(_ pattern: String, _ values: KeyValuePairs<String, HTML>) -> HTML {
        var out = HTML()
        var bytes = pattern
        let done = bytes.withUTF8 { utf8 -> Bool in
            guard let pieces = placeholderPieces(utf8) else { return false }
            for piece in pieces {
                out.appendEscaped(utf8, piece.literal.lowerBound, piece.literal.upperBound, lineBreaks: false)
                guard let name = piece.name else { continue }
                if let value = values.first(where: { placeholder(UnsafeBufferPointer(rebasing: utf8[name]), is: $0.key) })?.value {
                    out.append(value)
                } else {
                    out.appendEscaped(utf8, name.lowerBound - 1, name.upperBound + 1, lineBreaks: false)
                }
            }
            return true
        }
        if done { return out }
        var rest = Substring(pattern)
        while let open = firstBrace("{", in: rest), let close = firstBrace("}", in: rest[open...]) {
            out.appendEscaped(String(rest[..<open]))
            let name = String(rest[rest.index(after: open)..<close])
            if let value = values.first(where: { $0.key == name })?.value {
                out.append(value)
            } else {
                out.appendEscaped(String(rest[open...close]))
            }
            rest = rest[rest.index(after: close)...]
        }
        out.appendEscaped(String(rest))
        return out
    }
}
