/// A conversation as chatrender reads it: an optional title and its turns, oldest first.
public struct Conversation: Sendable, Equatable {
    /// Shown as the page's heading and `<title>`.
    public var title: String?
    /// The turns, oldest first, or `nil` while the conversation is still loading (the page then
    /// draws grey skeleton turns, marked busy for assistive technology).
    public var messages: [Message]?
    /// The composer card pinned under the last turn, if the conversation shows one.
    package var composer: ComposerState?
    /// How the file asks its replies to be read (`"markup"`): imported chats say `full`. A
    /// `--markup` on the command line wins; nil leaves the caller's default.
    public var markup: Markup?
    /// Facts shown under the title: where a session ran, its models, its time span and token
    /// totals ("Project", "~/src/shop"). Empty for most conversations.
    package var facts: [ConversationFact] = []
    /// Set when the conversation was redacted on import: the page says so, and what was masked.
    package var redaction: RedactionSummary?
    /// When the conversation was started, as the export says (`"date"`); a site's index dates
    /// and groups it by this, else by its first message's date.
    package var date: ChatDate?
    /// The project the export files it under (`"project"`); a site's index groups by it.
    package var project: String?
    /// The app or agent it was had with, when a site holds several (`"agent"`: "Codex"); a
    /// site's index groups by it first, then by project.
    package var agent: String?
    /// Tokens the log records only for the session as a whole, by model (`"sessionUsage"`: the
    /// Copilot CLI's totals at each run's end): a site's totals and insights count them when no
    /// turn records its own. Empty for most conversations.
    package var sessionUsage: [ModelUsage] = []

    /// A conversation made in code. `messages: nil` is one still loading (grey turns, marked busy).
    public init(title: String? = nil, messages: [Message]?, markup: Markup? = nil) {
        self.title = title
        self.messages = messages
        self.markup = markup
    }

    /// With a composer pinned under the last turn (the composer states are package API for now).
    package init(title: String? = nil, messages: [Message]?, composer: ComposerState?, markup: Markup? = nil) {
        self.title = title
        self.messages = messages
        self.composer = composer
        self.markup = markup
    }
}

/// One turn of the conversation.
public struct Message: Sendable, Equatable, Identifiable {
    /// Who speaks: the person or the assistant.
    public enum Role: String, Sendable, Equatable, CaseIterable, Codable { case user, assistant }

    public var id: String
    public var role: Role
    /// Plain text; for the assistant, with inline `**bold**` and `` `code` ``.
    public var text: String
    public var attachments: [Attachment]
    public var date: ChatDate?
    /// The turn's content in order (thinking, tool calls, text …); when not empty it is shown
    /// instead of `text`, which is then empty.
    package var parts: [TurnPart] = []
    /// The sources the turn's text cites with `[^id]` markers, listed under the turn.
    package var sources: [Source] = []
    /// Who speaks, when not just "You" or "Assistant" (a named person, a sub-agent).
    package var speaker: String?
    /// The speaker as chatrender's words ("Explore agent", "Sub-agent"), shown in the page's language.
    package var speakerPhrase: UIPhrase?
    /// The model that wrote the turn ("gpt-4o", "claude-sonnet-4-5").
    package var model: String?
    /// The model's identifier as the app records it, when ``model`` is the name people know it by
    /// ("text-davinci-002-render-sha" for "GPT-3.5"): kept in the page for a tooltip and tools.
    package var modelID: String?
    /// Which version of an edited or regenerated turn this is, when the chat kept others
    /// ("version 2 of 3"); nil when there is only one.
    package var version: TurnVersion?
    /// The tokens the turn's API calls used, as the log records them (`"usage"`); nil when it does not.
    package var usage: TokenUsage?
    /// Where the turn lies when it is not on the path the person last saw: empty on that path;
    /// `[2]` for a turn of the second branch at a fork (the shown continuation is branch 1);
    /// `[2, 3]` for one of the third branch at a fork inside that one. A fork's other branches
    /// come in the list right where they part from the shown path, before its continuation.
    package var branch: [Int] = []

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
    /// Whether the file's bytes exist: `.unavailable` for one the conversation mentions but
    /// nobody can open (missing from an export), drawn as "File unavailable" or "Photo unavailable".
    public var status: FileStatus

    public init(
        id: String, name: String, byteCount: Int64, contentType: String, preview: String? = nil,
        url: AttachmentLocation? = nil, alt: String? = nil, upload: UploadState = .done,
        status: FileStatus = .available
    ) {
        self.id = id
        self.name = name
        self.byteCount = byteCount
        self.contentType = contentType
        self.preview = preview
        self.url = url
        self.alt = alt
        self.upload = upload
        self.status = status
    }

    /// What kind of file this is, from its content type: sets the icon and whether it shows as a photo.
    package var kind: FileKind { FileKind(contentType: contentType) }

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

/// Whether an attachment's file can be had (`"status"` in the conversation file).
public enum FileStatus: String, Sendable, Equatable, CaseIterable {
    /// The usual case: the file is there (or still uploading).
    case available
    /// The conversation mentions the file but its bytes are gone, e.g. a file a data export left
    /// out. Shown with its name and "File unavailable" (photos: the "Photo unavailable" tile),
    /// never with Open, Share or Retry. Such an attachment carries no `url`, `preview` or upload state.
    case unavailable
}

/// How far an attachment's upload has got.
public enum UploadState: Sendable, Equatable {
    case done
    /// Uploading, with the fraction done in 0…1.
    case uploading(Double)
    /// The upload failed, with a reason for the person.
    case failed(reason: String)
}

/// Which of several versions of a turn is shown: the chat app's "‹ 2/3 ›".
package struct TurnVersion: Sendable, Equatable {
    /// 1-based position of the shown version.
    package var index: Int
    /// How many versions the chat kept.
    package var count: Int

    package init(index: Int, count: Int) {
        self.index = index
        self.count = count
    }
}

/// One labelled fact about a conversation, shown under its title.
package struct ConversationFact: Sendable, Equatable {
    package var label: String
    package var value: String
    /// Set when chatrender wrote the label (an importer's "Project"): the page shows it in the
    /// reader's language. Nil for a label from the file, shown as written.
    package var key: UIKey?
    /// Set when chatrender wrote the value in words ("96 in · 3,640 out"): its pieces, joined
    /// with " · " in the page's language. Empty for a value shown as written.
    package var valuePhrases: [UIPhrase] = []

    package init(label: String, value: String) {
        self.label = label
        self.value = value
    }

    /// A fact whose label is chatrender's own.
    package init(_ key: UIKey, value: String) {
        self.label = key.english
        self.value = value
        self.key = key
    }
}

/// What `--redact` masked, by kind ("credential": 2, "home folder": 14), in a stable order.
package struct RedactionSummary: Sendable, Equatable {
    package var counts: [(kind: String, count: Int)]

    package init(counts: [(kind: String, count: Int)]) {
        self.counts = counts
    }

    package static func == (a: RedactionSummary, b: RedactionSummary) -> Bool {
        a.counts.map(\.kind) == b.counts.map(\.kind) && a.counts.map(\.count) == b.counts.map(\.count)
    }
}
