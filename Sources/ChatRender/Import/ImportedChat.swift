/// One conversation read from an export, before it is written as a native conversation file.
///
/// Attachments still carry their content (decoded bytes, a file in the export, a remote URL);
/// ``ImportWriter`` decides where each lands in the output.
struct ImportedChat: Sendable, Equatable {
    var title: String
    /// When the conversation started, for the index (newest first).
    var date: ChatDate?
    var turns: [ImportedTurn]
}

/// One visible turn of an imported conversation.
struct ImportedTurn: Sendable, Equatable {
    var id: String
    var role: Message.Role
    var text: String
    var date: ChatDate?
    var attachments: [ImportedAttachment] = []
}

/// A photo or file of an imported turn, with where its content comes from.
struct ImportedAttachment: Sendable, Equatable {
    /// Where the content is.
    enum Content: Sendable, Equatable {
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

    var name: String
    var contentType: String
    var byteCount: Int64
    var content: Content
    var alt: String? = nil
}

/// What the importer reports for each conversation it wrote.
public struct ImportedEntry: Sendable, Equatable {
    /// The conversation's title, as shown in the index.
    public var title: String
    /// The native conversation file, relative to the output folder (`weekend-in-lisbon.json`).
    public var file: String
    /// The file's name without `.json`: also the folder `render --from` puts its page in.
    public var slug: String
    public var date: ChatDate?
    public var messageCount: Int
}
