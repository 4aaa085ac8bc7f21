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
}

/// One visible turn of an imported conversation.
package struct ImportedTurn: Sendable, Equatable {
    package var id: String
    package var role: Message.Role
    package var text: String
    package var date: ChatDate?
    package var attachments: [ImportedAttachment] = []
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

    package var name: String
    package var contentType: String
    package var byteCount: Int64
    package var content: Content
    package var alt: String? = nil
}

