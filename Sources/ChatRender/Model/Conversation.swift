/// A conversation as chatrender reads it: an optional title and its turns, oldest first.
public struct Conversation: Sendable, Equatable {
    /// Shown as the page's heading and `<title>`.
    public var title: String?
    /// The turns, oldest first, or `nil` while the conversation is still loading (the page then
    /// draws grey skeleton turns, marked busy for assistive technology).
    public var messages: [Message]?
    /// The composer card pinned under the last turn, if the conversation shows one.
    public var composer: ComposerState?

    public init(title: String? = nil, messages: [Message]?, composer: ComposerState? = nil) {
        self.title = title
        self.messages = messages
        self.composer = composer
    }
}

/// One turn of the conversation.
public struct Message: Sendable, Equatable, Identifiable {
    /// Who speaks: the person or the assistant.
    public enum Role: String, Sendable, Equatable, CaseIterable { case user, assistant }

    public var id: String
    public var role: Role
    /// Plain text; for the assistant, with inline `**bold**` and `` `code` ``.
    public var text: String
    public var attachments: [Attachment]
    public var date: ChatDate?

    public init(id: String, role: Role, text: String, attachments: [Attachment] = [], date: ChatDate? = nil) {
        self.id = id
        self.role = role
        self.text = text
        self.attachments = attachments
        self.date = date
    }
}

/// A photo or file carried by a turn.
public struct Attachment: Sendable, Equatable, Identifiable {
    public var id: String
    public var name: String
    /// Size of the file in bytes, shown in the system's file byte format ("2.3 MB").
    public var byteCount: Int64
    /// The type as given: a MIME type (`image/jpeg`) or a UTType identifier (`public.jpeg`).
    public var contentType: String
    /// An image path relative to the conversation file.
    public var preview: String?
    /// Where the file itself is: a path relative to the conversation file, or an http(s) URL.
    public var url: AttachmentLocation?
    /// Alternative text for a photo, read by screen readers.
    public var alt: String?
    public var upload: UploadState

    public init(id: String, name: String, byteCount: Int64, contentType: String, preview: String? = nil,
                url: AttachmentLocation? = nil, alt: String? = nil, upload: UploadState = .done) {
        self.id = id
        self.name = name
        self.byteCount = byteCount
        self.contentType = contentType
        self.preview = preview
        self.url = url
        self.alt = alt
        self.upload = upload
    }

    /// What kind of file this is, from its content type: sets the icon and whether it shows as a photo.
    public var kind: FileKind { FileKind(contentType: contentType) }

    /// Photos draw in the photo grid; everything else as a chip or card.
    public var isPhoto: Bool { kind == .image }
}

/// Where an attachment's file lives.
public enum AttachmentLocation: Sendable, Equatable {
    /// A path relative to the conversation file; copied into the output.
    case local(String)
    /// An absolute `http` or `https` URL, linked as it is and never fetched.
    case remote(String)
}

/// How far an attachment's upload has got.
public enum UploadState: Sendable, Equatable {
    case done
    /// Uploading, with the fraction done in 0…1.
    case uploading(Double)
    /// The upload failed, with a reason for the person.
    case failed(reason: String)
}
