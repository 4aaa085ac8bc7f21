/// The attachment composer's state: the draft, the tray and what the card is doing.
/// See `attachment-composer.txt` for the rules each property follows.
package struct AttachmentComposerState: Sendable, Equatable {
    /// One tile of the tray: an attachment with its upload state, or a picked photo still loading.
    package struct TrayItem: Sendable, Equatable {
        package var attachment: Attachment
        /// A picked photo whose bytes are still coming: a spinner tile, not yet uploading.
        package var isLoading: Bool

        package init(_ attachment: Attachment, isLoading: Bool = false) {
            self.attachment = attachment
            self.isLoading = isLoading
        }
    }

    /// The counter's appearance: hidden below 90 % of the limit, shown from 90 %, danger past 100 %.
    package enum Counter: Sendable, Equatable {
        case hidden
        case shown(count: Int, limit: Int)
        case over(count: Int, limit: Int)
    }

    /// Why Send is off, in the order the card checks.
    package enum SendBlock: Sendable, Equatable {
        case sending
        case empty
        case loading(Int)
        case uploading(Int)
        case failed
        case overLimit(Int)
    }

    package var text: String
    package var placeholder: String
    /// Characters allowed; nil removes the counter.
    package var characterLimit: Int?
    package var maxAttachments: Int
    package var attachments: [TrayItem]
    /// Whether the Plus menu offers Camera.
    package var hasCamera: Bool
    package var menuOpen: Bool
    package var sending: Bool
    /// The message under the card after a failed send.
    package var error: String?
    package var focused: Bool

    package static let defaultPlaceholder = "Message"
    package static let defaultCharacterLimit = 4000
    package static let defaultMaxAttachments = 6

    package init(
        text: String = "", placeholder: String = defaultPlaceholder, characterLimit: Int? = defaultCharacterLimit,
        maxAttachments: Int = defaultMaxAttachments, attachments: [TrayItem] = [], hasCamera: Bool = false,
        menuOpen: Bool = false, sending: Bool = false, error: String? = nil, focused: Bool = false
    ) {
        self.text = text
        self.placeholder = placeholder
        self.characterLimit = characterLimit
        self.maxAttachments = maxAttachments
        self.attachments = attachments
        self.hasCamera = hasCamera
        self.menuOpen = menuOpen
        self.sending = sending
        self.error = error
        self.focused = focused
    }

    /// Characters as a person counts them (grapheme clusters), as the browser's `Intl.Segmenter` does.
    package var characterCount: Int { text.count }

    /// Shown from 90 % of the limit; danger once the text is past the limit.
    package var counter: Counter {
        guard let limit = characterLimit else { return .hidden }
        let count = characterCount
        if count > limit { return .over(count: count, limit: limit) }
        // count ≥ 0.9 × limit, in integers so 3,600 of 4,000 shows and 3,599 does not.
        if count * 10 >= limit * 9 { return .shown(count: count, limit: limit) }
        return .hidden
    }

    /// The plus button dims once the tray is full.
    package var isAtAttachmentLimit: Bool { attachments.count >= maxAttachments }

    /// Nil when Send is on; otherwise the first reason it is off.
    package var sendBlock: SendBlock? {
        if sending { return .sending }
        if case .over(let count, let limit) = counter { return .overLimit(count - limit) }
        let loading = attachments.filter(\.isLoading).count
        var uploading = 0, failed = 0
        for item in attachments where !item.isLoading {
            switch item.attachment.upload {
            case .done: break
            case .uploading: uploading += 1
            case .failed: failed += 1
            }
        }
        if ComposerRules.trimmed(text).isEmpty && attachments.isEmpty { return .empty }
        if uploading > 0 { return .uploading(uploading) }
        if loading > 0 { return .loading(loading) }
        if failed > 0 { return .failed }
        return nil
    }

    /// Send's accessible name: "Send", or "Send, off until …" saying why.
    package var sendLabel: String { Self.sendLabel(sendBlock) }

    /// Send's accessible name in the page's language.
    package func sendLabel(_ t: UIStrings) -> String { Self.sendLabel(sendBlock, t) }

    static func sendLabel(_ block: SendBlock?, _ t: UIStrings = .english) -> String {
        if !t.isEnglish {
            switch block {
            case nil, .sending?: return t[.send]
            case .empty?: return t[.sendOffTypeOrAttach]
            case .uploading(let n)?: return t.counted(.sendOffUploads, n)
            case .loading(let n)?: return t.counted(.sendOffLoading, n)
            case .failed?: return t[.sendOffFailed]
            case .overLimit(let over)?: return t.counted(.sendOffOver, over)
            }
        }
        switch block {
        case nil, .sending?: return "Send"
        case .empty?: return "Send, off until you type a message or add an attachment"
        case .uploading(let n)?: return n == 1 ? "Send, off until the upload finishes" : "Send, off until \(n) uploads finish"
        case .loading(let n)?: return n == 1 ? "Send, off until the photo has loaded" : "Send, off until \(n) photos have loaded"
        case .failed?: return "Send, off until the failed upload is retried or removed"
        case .overLimit(let over)?: return "Send, off: \(ComposerRules.grouped(over)) character\(over == 1 ? "" : "s") over the limit"
        }
    }
}
