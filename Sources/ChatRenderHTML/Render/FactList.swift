import ChatModel

/// The facts under the page title (project, branch, models, time span, tokens): a description
/// list, so a screen reader announces each value with its term. Compact: terms and values run
/// on in rows that wrap, and each pair stays together.
enum FactList {
    static func render(_ facts: [ConversationFact]) -> HTML {
        guard !facts.isEmpty else { return HTML() }
        var html: HTML = "<dl class=\"cr-facts\" aria-label=\"About this conversation\">"
        for fact in facts {
            html.append("<div class=\"cr-fact\"><dt>\(fact.label)</dt><dd dir=\"auto\">\(fact.value)</dd></div>")
        }
        html.append("</dl>")
        return html
    }
}
