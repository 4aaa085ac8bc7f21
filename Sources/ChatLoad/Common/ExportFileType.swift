import ChatModel

/// What an export's file is, from its first bytes: 2026 exports store every upload as
/// `<file id>.dat`, so the name says nothing and the bytes have to.
enum ExportFileType {
    /// How many leading bytes are read to tell.
    static let headSize = 64

    /// A type the bytes prove: the images, PDF, audio and video formats with a signature.
    static func sniff(_ head: [UInt8]) -> String? {
        if let known = InlineData.sniff(head) { return known }
        func starts(_ magic: [UInt8], at offset: Int = 0) -> Bool {
            head.count >= offset + magic.count && head[offset..<offset + magic.count].elementsEqual(magic)
        }
        func ascii(_ text: String, at offset: Int = 0) -> Bool { starts(Array(text.utf8), at: offset) }
        if ascii("RIFF") && ascii("WAVE", at: 8) { return "audio/wav" }
        if ascii("ID3") || (head.count >= 2 && head[0] == 0xFF && head[1] & 0xE6 == 0xE2) { return "audio/mpeg" }
        if ascii("OggS") { return "audio/ogg" }
        if ascii("fLaC") { return "audio/flac" }
        if starts([0x1A, 0x45, 0xDF, 0xA3]) { return "video/webm" }
        if ascii("ftyp", at: 4) {
            if ascii("M4A ", at: 8) { return "audio/mp4" }
            if ascii("qt  ", at: 8) { return "video/quicktime" }
            if ascii("avif", at: 8) { return "image/avif" }
            return "video/mp4"
        }
        if ascii("<svg") || (ascii("<?xml") && String(decoding: head, as: UTF8.self).contains("<svg")) { return "image/svg+xml" }
        return nil
    }

    /// A type the bytes only suggest, used after what a name says: a zip container (which a
    /// .docx or .xlsx also is), or text (UTF-8 with no control characters but white space).
    static func guess(_ head: [UInt8]) -> String? {
        if head.starts(with: [0x50, 0x4B, 0x03, 0x04]) { return "application/zip" }
        guard !head.isEmpty, !head.contains(where: { $0 < 0x20 && $0 != 0x09 && $0 != 0x0A && $0 != 0x0D }) else { return nil }
        // A multi-byte character cut off at the end of the head is fine.
        for cut in 0...min(3, head.count - 1) where String(validating: head.dropLast(cut), as: UTF8.self) != nil {
            return "text/plain"
        }
        return nil
    }

    /// Extensions for the types above that the shared table lacks.
    private static let moreExtensions = [
        "audio/ogg": "ogg", "audio/flac": "flac", "video/webm": "webm", "audio/mp4": "m4a",
        "video/quicktime": "mov", "audio/webm": "webm",
    ]

    /// A name for a file known only by its type: `image.png`, `audio.wav`, `document.pdf`;
    /// `file` for a type without an extension.
    static func defaultName(for contentType: String) -> String {
        let essence = contentType.split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces).lowercased() } ?? ""
        let ext = InlineData.fileExtension(for: essence) ?? moreExtensions[essence]
        let stem: String
        if essence.hasPrefix("image/") {
            stem = "image"
        } else if essence.hasPrefix("audio/") {
            stem = "audio"
        } else if essence.hasPrefix("video/") {
            stem = "video"
        } else if essence == "application/pdf" || essence.hasPrefix("text/") {
            stem = "document"
        } else {
            stem = "file"
        }
        return ext.map { "\(stem).\($0)" } ?? stem
    }
}
