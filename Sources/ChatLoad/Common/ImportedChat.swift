import ChatModel
/// One conversation read from an export, before it is written as a native conversation file.
///
/// Attachments still carry their content (decoded bytes, a file in the export, a remote URL);
/// ``ImportWriter`` decides where each lands in the output.
package struct ImportedChat: Sendable, Equatable {
    package var title: String
    /// When the conversation started, for the index (newest first).
    package var date: ChatDate?
    package var turns: [ImportedTurn]
    /// Facts shown under the title (project, branch, models, time span …).
    package var facts: [ConversationFact] = []
    /// The project the conversation belongs to in the export, for grouping in the index.
    package var project: String? = nil
    /// The agent the chat was had with, set when one input holds several agents' sessions.
    package var agent: String? = nil
    /// What `--redact` masked in it; nil when not redacted.
    package var redaction: RedactionSummary? = nil
    /// Tokens the log records only for the session as a whole, by model (the Copilot CLI's
    /// totals at each run's end); counted where no turn records its own.
    package var sessionUsage: [ModelUsage] = []
}

/// One visible turn of an imported conversation.
package struct ImportedTurn: Sendable, Equatable {
    package var id: String
    package var role: Message.Role
    package var text: String
    package var date: ChatDate?
    package var attachments: [ImportedAttachment] = []
    /// The turn's content in order (thinking, tool calls, text …); when not empty it is written
    /// instead of `text` (see ``Message/parts``). Parts name attachments by their ``ImportedAttachment/id``.
    package var parts: [TurnPart] = []
    /// The sources the turn's text cites with `[^id]` markers.
    package var sources: [Source] = []
    /// Who speaks, when not just "You" or "Assistant".
    package var speaker: String? = nil
    /// `speaker` as chatrender's words ("You · voice"), shown in the page's language.
    package var speakerPhrase: UIPhrase? = nil
    /// The model that wrote the turn.
    package var model: String? = nil
    /// The model's identifier as recorded, when ``model`` is its display name.
    package var modelID: String? = nil
    /// Which version of an edited or regenerated turn this is, when others exist.
    package var version: TurnVersion? = nil
    /// The tokens the turn's API calls used, as the log records them.
    package var usage: TokenUsage? = nil
    /// The branch the turn lies in when it is not on the path the person last saw (see
    /// ``Message/branch``); empty on that path.
    package var branch: [Int] = []
}

/// A photo or file of an imported turn, with where its content comes from.
package struct ImportedAttachment: Sendable, Equatable {
    /// Where the content is.
    package enum Content: Sendable, Equatable {
        /// Decoded from base64 in the input.
        case bytes([UInt8])
        /// A regular file inside the export folder (a resolved real path).
        case file(String)
        /// A file inside the export's zip archive, extracted only when it is written out.
        case zipEntry(ZipArchive, ZipEntry)
        /// An http(s) URL, linked and never fetched.
        case remote(String)
        /// Referred to but not available: shown as an "unavailable" photo or chip.
        case unavailable
    }

    /// The id parts use to name this attachment; `a1`, `a2` … by position when nil. Ids given
    /// must be unique within the turn.
    package var id: String? = nil
    package var name: String
    package var contentType: String
    package var byteCount: Int64
    package var content: Content
    package var alt: String? = nil
}
