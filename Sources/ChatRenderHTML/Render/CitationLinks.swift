import ChatModel

/// How `[^id]` citation markers in a turn's text become links to the turn's source list: the
/// marker for the n-th source (counting from 1) is a superscript link to `#<idPrefix>n`.
package struct CitationLinks: Sendable, Equatable {
    /// Source id → its number in the turn's list, from 1.
    package var numbers: [String: Int]
    /// The id prefix of the list's items, such as `cr-t3-src-`.
    package var idPrefix: String
    /// The marker's accessible name, `{number}` filled ("Source 2", "Quelle 2").
    package var label: String = UIKey.sourceNumber.english

    package init(numbers: [String: Int], idPrefix: String) {
        self.numbers = numbers
        self.idPrefix = idPrefix
    }

    /// The links for `sources` of turn `index`; nil when the turn cites nothing.
    package init?(sources: [Source], turnIDPrefix: String, label: String = UIKey.sourceNumber.english) {
        guard !sources.isEmpty else { return nil }
        var numbers: [String: Int] = [:]
        for (offset, source) in sources.enumerated() where numbers[source.id] == nil { numbers[source.id] = offset + 1 }
        self.init(numbers: numbers, idPrefix: turnIDPrefix + "-src-")
        self.label = label
    }

    /// The marker for source `id`, or nil when the turn has no such source (the text then stays
    /// as written).
    package func marker(_ id: String) -> HTML? {
        guard let number = numbers[id] else { return nil }
        return
            "<sup class=\"cr-cite\"><a href=\"#\(idPrefix)\(number)\" aria-label=\"\(UIStrings.fill(label, ["number": String(number)]))\">\(number)</a></sup>"
    }
}
