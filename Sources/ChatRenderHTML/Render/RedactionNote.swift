import ChatModel

/// The line under the title of a conversation redacted on import: "Redacted on import: 1
/// credential and 3 home folder paths masked." A reader of a shared page learns that some text
/// was replaced (and by what marks), so `[REDACTED]` and `~` read as masks, not as the chat.
enum RedactionNote {
    static func render(_ summary: RedactionSummary?) -> HTML {
        guard let summary else { return HTML() }
        return "<p class=\"cr-redaction\" role=\"note\">\(text(summary))</p>"
    }

    /// The sentence, counting only kinds that were found.
    static func text(_ summary: RedactionSummary) -> String {
        let found = summary.counts.filter { $0.count > 0 }
        guard !found.isEmpty else {
            let kinds = summary.counts.map { noun($0.kind, plural: true) }
            return kinds.isEmpty ? "Redacted on import; nothing needed masking."
                                 : "Redacted on import; no \(list(kinds, joiner: "or")) were found."
        }
        let pieces = found.map { "\($0.count) \(noun($0.kind, plural: $0.count != 1))" }
        return "Redacted on import: \(list(pieces, joiner: "and")) masked."
    }

    /// The kinds `--redact` counts, in words; another kind is shown as it is written.
    static func noun(_ kind: String, plural: Bool) -> String {
        switch kind {
        case "credential": return plural ? "credentials" : "credential"
        case "home folder": return plural ? "home folder paths" : "home folder path"
        case "email": return plural ? "email addresses" : "email address"
        default: return kind
        }
    }

    static func list(_ items: [String], joiner: String) -> String {
        guard items.count > 1 else { return items.first ?? "" }
        return items.dropLast().joined(separator: ", ") + " \(joiner) " + items.last!
    }
}
