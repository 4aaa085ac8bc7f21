import ChatModel

/// The facts under the page title (project, branch, models, time span, tokens): a description
/// list, so a screen reader announces each value with its term. Compact: terms and values run
/// on in rows that wrap, and each pair stays together. A label chatrender wrote (an importer's
/// "Project") reads in the page's language; a label from the file stays as written.
enum FactList {
    static func render(_ facts: [ConversationFact], strings: UIStrings = .english) -> HTML {
        guard !facts.isEmpty else { return HTML() }
        var html: HTML = "<dl class=\"cr-facts\" aria-label=\"\(strings[.aboutConversation])\">"
        for fact in facts {
            let label = fact.key.map { strings[$0] } ?? fact.label
            // Counts in words ("96 in · 3,640 out") in the language's words and separators ("3.640").
            let value =
                fact.valuePhrases.isEmpty || strings.isEnglish
                ? fact.value
                : fact.valuePhrases.map { phrase in
                    var local = phrase
                    if let count = phrase.values["count"] { local.values["count"] = strings.localized(decimal: count) }
                    return strings.phrase(local, or: "")
                }.joined(separator: " · ")
            html.append("<div class=\"cr-fact\"><dt>\(label)</dt><dd dir=\"auto\">\(value)</dd></div>")
        }
        html.append("</dl>")
        return html
    }
}
