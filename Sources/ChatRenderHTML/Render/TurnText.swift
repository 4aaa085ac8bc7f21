import ChatModel
import ChatPlan

/// A turn's text as the conversation asks it to be read: the person's words as written, the
/// assistant's in the spec's inline markup or full Markdown (`--markup`; `auto`, the default,
/// decides per reply with ``MarkdownDetector``).
package enum TurnText {
    /// `citations` turns `[^id]` markers into links to the turn's sources (full markup only, for now).
    package static func render(_ text: String, role: Message.Role, options: RenderOptions, citations: CitationLinks? = nil) -> HTML {
        guard role == .assistant else { return InlineText.render(text, formatted: false) }
        if isFull(text, options.markup) { return FullMarkup.render(text) }
        return InlineText.render(text, formatted: true)
    }

    /// Whether an assistant's `text` is read as full Markdown under `markup`.
    package static func isFull(_ text: String, _ markup: Markup) -> Bool {
        switch markup {
        case .full: return true
        case .inline: return false
        case .auto: return MarkdownDetector.isMarkdown(text)
        }
    }
}
