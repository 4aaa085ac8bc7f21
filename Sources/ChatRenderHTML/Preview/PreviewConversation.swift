import ChatModel
import ChatPlan

/// A conversation shown in the preview gallery beside the composers, in every theme and mode:
/// the built-in sample of replies in full markup, or one given with `preview --conversation`.
package struct PreviewConversation: Sendable {
    /// The heading: "Your conversation: TITLE", or the sample's name.
    package var title: String
    /// A line under it: the file it came from, how many turns.
    package var note: HTML
    package var messages: [Message]
    /// The images and files the asset stage made for it (empty for a thread without any).
    package var assets: AssetTable
    package var options: RenderOptions

    package init(title: String, note: HTML, messages: [Message], assets: AssetTable = AssetTable(), options: RenderOptions) {
        self.title = title
        self.note = note
        self.messages = messages
        self.assets = assets
        self.options = options
    }
}
