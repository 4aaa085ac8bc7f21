import ChatModel
import ChatPlan
import ChatTheme
/// Words and markup for an attachment's upload state, shared by photos and chips.
package enum UploadStatus {
    /// "Uploading 45%" / "Upload failed: reason" / nil when done; used in accessible names.
    static func spoken(_ state: UploadState) -> String? {
        switch state {
        case .done: return nil
        case .uploading(let fraction): return "Uploading \(ProgressRing.percent(fraction))%"
        case .failed(let reason): return reason.isEmpty ? "Upload failed" : "Upload failed: \(reason)"
        }
    }

    /// The Retry button: dispatches `chatrender:retry-upload` (see chatrender.js) with the ids.
    static func retryButton(message: Message, attachment: Attachment, onPhoto: Bool) -> HTML {
        let variant: HTML = onPhoto ? "cr-retry cr-retry--photo" : "cr-retry"
        return "<button type=\"button\" class=\"\(variant)\" data-cr-retry data-message-id=\"\(message.id)\" data-attachment-id=\"\(attachment.id)\" aria-label=\"Retry uploading \(attachment.name)\">\(Icon.retry)<span>Retry</span></button>"
    }
}
