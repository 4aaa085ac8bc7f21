import ChatModel
import ChatPlan

/// A turn's text as the conversation asks it to be read: the person's words as written, the
/// assistant's in the spec's inline markup or full Markdown (`--markup`).
package enum TurnText {
    /// `citations` turns `[^id]` markers into links to the turn's sources (full markup only, for now).
    package static func render(_ text: String, role: Message.Role, options: RenderOptions, citations: CitationLinks? = nil) -> HTML {
        role == .assistant && options.markup == .full ? FullMarkup.render(text, citations: citations)
            : InlineText.render(text, formatted: role == .assistant)
    }
}
