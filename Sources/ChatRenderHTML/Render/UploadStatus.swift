import ChatModel
import ChatPlan
import ChatTheme
/// Words and markup for an attachment's upload state, shared by photos and chips.
package enum UploadStatus {
    /// "Uploading 45%" / "Upload failed: reason" / nil when done; used in accessible names.
    static func spoken(_ state: UploadState, _ s: UIStrings = .english) -> String? {
        switch state {
        case .done: return nil
        case .uploading(let fraction): return s.uploading(percent: ProgressRing.percent(fraction))
        case .failed(let reason): return s.uploadFailed(reason)
        }
    }

    /// The Retry button: dispatches `chatrender:retry-upload` (see chatrender.js) with the ids.
    static func retryButton(message: Message, attachment: Attachment, onPhoto: Bool, _ s: UIStrings = .english) -> HTML {
        let variant: HTML = onPhoto ? "cr-retry cr-retry--photo" : "cr-retry"
        return
            "<button type=\"button\" class=\"\(variant)\" data-cr-retry data-message-id=\"\(message.id)\" data-attachment-id=\"\(attachment.id)\" aria-label=\"\(s.text(.retryUploading, ["name": attachment.name]))\">\(Icon.retry)<span>\(s[.retry])</span></button>"
    }
}
