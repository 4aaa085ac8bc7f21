/// Decides what a link from the input may become. Only `http`, `https` and relative paths pass;
/// `javascript:`, `data:`, `file:`, protocol-relative `//host` and anything browsers would
/// reinterpret (control characters, whitespace, backslashes) are refused.
package enum LinkPolicy {
    /// The verdict on one link.
    package enum Verdict: Sendable, Equatable {
        case remote(String)
        case relativePath(String)
        /// Refused, with the reason for the person.
        case rejected(String)
    }

    package static func classify(_ raw: String) -> Verdict {
        if raw.isEmpty { return .rejected("the url is empty") }
        if let first = raw.unicodeScalars.first, let last = raw.unicodeScalars.last,
            first.properties.isWhitespace || last.properties.isWhitespace
        {
            // Browsers strip these before reading a scheme, so " javascript:" would still run.
            return .rejected("the url starts or ends with whitespace")
        }
        for scalar in raw.unicodeScalars {
            if scalar.value < 0x20 || scalar.value == 0x7F || (scalar.value >= 0x80 && scalar.value < 0xA0) {
                return .rejected("the url contains a control character")
            }
            if scalar == "\\" { return .rejected("the url contains a backslash") }
        }
        if let scheme = scheme(of: raw) {
            let lower = scheme.lowercased()
            guard lower == "http" || lower == "https" else { return .rejected("the url scheme \(Diagnostic.quote(scheme)) is not allowed") }
            let rest = raw.dropFirst(scheme.count + 1)
            guard rest.hasPrefix("//"), rest.count > 2, !rest.dropFirst(2).hasPrefix("/") else { return .rejected("the url has no host") }
            // Below U+00A0 only the space can be left: control characters were refused above.
            if raw.unicodeScalars.contains(where: { $0 == " " || ($0.value >= 0xA0 && $0.properties.isWhitespace) }) {
                return .rejected("the url contains whitespace")
            }
            return .remote(raw)
        }
        if raw.hasPrefix("//") { return .rejected("a protocol-relative url (starting with //) is not allowed") }
        return .relativePath(raw)
    }

    /// The URL scheme, if the text starts with one (`ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ) ":"`
    /// before any `/`, `?` or `#`).
    package static func scheme(of text: String) -> String? {
        var scheme = ""
        for scalar in text.unicodeScalars {
            if scalar == ":" { return scheme.isEmpty ? nil : scheme }
            let isAlpha = (scalar >= "a" && scalar <= "z") || (scalar >= "A" && scalar <= "Z")
            let isOther = (scalar >= "0" && scalar <= "9") || scalar == "+" || scalar == "-" || scalar == "."
            if isAlpha || (!scheme.isEmpty && isOther) {
                scheme.unicodeScalars.append(scalar)
            } else {
                return nil
            }
        }
        return nil
    }
}
