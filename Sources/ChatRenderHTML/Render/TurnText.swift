import ChatModel
import ChatPlan

/// A turn's text as the conversation asks it to be read: the person's words as written, the
/// assistant's in the spec's inline markup or full Markdown (`--markup`; `auto`, the default,
/// decides per reply).
package enum TurnText {
    /// `citations` turns `[^id]` markers into links to the turn's sources (in full markup, which
    /// `auto` picks for a reply that cites).
    package static func render(_ text: String, role: Message.Role, options: RenderOptions, citations: CitationLinks? = nil) -> HTML {
        guard role == .assistant else { return InlineText.render(text, formatted: false) }
        switch options.markup {
        case .full: return FullMarkup.render(text, citations: citations, strings: options.strings)
        case .inline: return InlineText.render(text, formatted: true)
        case .auto:
            if MarkdownDetector.isMarkdown(text) { return FullMarkup.render(text, citations: citations, strings: options.strings) }
            // Math or a citation makes the reply full too; the spans found deciding are the ones rendered.
            if let spans = MarkupSpans.protect(text, citations: citations) { return FullMarkup.render(text, spans: spans, strings: options.strings) }
            return InlineText.render(text, formatted: true)
        }
    }

    /// Whether an assistant's `text` is read as full Markdown under `markup`. For `auto`: when it
    /// has block Markdown or a link (``MarkdownDetector``), or math or a citation of one of the
    /// turn's sources (``MarkupSpans``, by the same rules full markup reads them with, so "$5 and
    /// $10" alone keeps a reply in the inline format).
    package static func isFull(_ text: String, _ markup: Markup, citations: CitationLinks? = nil) -> Bool {
        switch markup {
        case .full: return true
        case .inline: return false
        case .auto: return MarkdownDetector.isMarkdown(text) || MarkupSpans.protect(text, citations: citations) != nil
        }
    }
}
