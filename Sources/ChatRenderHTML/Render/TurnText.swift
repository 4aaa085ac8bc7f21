import ChatModel
import ChatPlan

/// A turn's text as the conversation asks it to be read: the person's words as written, the
/// assistant's in the spec's inline markup or full Markdown (`--markup`).
package enum TurnText {
    package static func render(_ text: String, role: Message.Role, options: RenderOptions) -> HTML {
        role == .assistant && options.markup == .full ? FullMarkup.render(text)
            : InlineText.render(text, formatted: role == .assistant)
    }
}
