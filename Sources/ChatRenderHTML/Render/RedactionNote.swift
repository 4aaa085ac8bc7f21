import ChatModel

/// The line under the title of a conversation redacted on import: "Redacted on import: 1
/// credential and 3 home folder paths masked." A reader of a shared page learns that some text
/// was replaced (and by what marks), so `[REDACTED]` and `~` read as masks, not as the chat.
enum RedactionNote {
    static func render(_ summary: RedactionSummary?, strings: UIStrings = .english) -> HTML {
        guard let summary else { return HTML() }
        return "<p class=\"cr-redaction\" role=\"note\">\(text(summary, strings: strings))</p>"
    }

    /// The sentence, counting only kinds that were found.
    static func text(_ summary: RedactionSummary, strings s: UIStrings = .english) -> String {
        let found = summary.counts.filter { $0.count > 0 }
        guard !found.isEmpty else {
            let kinds = summary.counts.map { noun($0.kind, s) }
            return kinds.isEmpty ? s[.redactedNothing] : s.text(.redactedNoneFound, ["kinds": list(kinds, .listOr, s)])
        }
        let pieces = found.map { counted($0.kind, $0.count, s) }
        return s.text(.redactedMasked, ["list": list(pieces, .listAnd, s)])
    }

    /// A kind `--redact` counts, with its count in words; another kind is shown as it is written.
    static func counted(_ kind: String, _ count: Int, _ s: UIStrings) -> String {
        switch kind {
        case "credential": return s.counted(.credentialCount, count)
        case "home folder": return s.counted(.homePathCount, count)
        case "email": return s.counted(.emailCount, count)
        default: return "\(s.number(count)) \(kind)"
        }
    }

    /// A kind in the plural, as in "no credentials were found".
    static func noun(_ kind: String, _ s: UIStrings) -> String {
        switch kind {
        case "credential": return s[.credentialsKind]
        case "home folder": return s[.homePathsKind]
        case "email": return s[.emailsKind]
        default: return kind
        }
    }

    /// "a, b and c" in the language.
    static func list(_ items: [String], _ last: UIKey, _ s: UIStrings) -> String {
        guard items.count > 1 else { return items.first ?? "" }
        return s.text(last, ["list": items.dropLast().joined(separator: s[.listSeparator]), "last": items.last!])
    }
}
