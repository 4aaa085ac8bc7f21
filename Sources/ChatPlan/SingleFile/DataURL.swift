import Foundation
import ChatModel

/// `data:` URLs for the assets a single-file page carries inside it.
///
/// The media type comes from the asset's extension, which chatrender chose (web images it made,
/// or a copied file's safe extension): an allow-list, so no inlined file can claim to be HTML,
/// SVG or script. Files stored as `.txt` (attached pages and scripts) stay plain text.
package enum DataURL {
    static let mediaTypes: [String: String] = [
        "webp": "image/webp", "jpg": "image/jpeg", "jpeg": "image/jpeg", "avif": "image/avif",
        "png": "image/png", "gif": "image/gif", "heic": "image/heic", "tif": "image/tiff", "tiff": "image/tiff",
        "pdf": "application/pdf", "txt": "text/plain", "md": "text/plain", "csv": "text/csv",
        "json": "application/json", "zip": "application/zip", "mp3": "audio/mpeg", "m4a": "audio/mp4",
        "wav": "audio/wav", "mp4": "video/mp4", "mov": "video/quicktime", "webm": "video/webm",
        "doc": "application/msword", "xls": "application/vnd.ms-excel", "ppt": "application/vnd.ms-powerpoint",
        "docx": "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
        "xlsx": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
        "pptx": "application/vnd.openxmlformats-officedocument.presentationml.presentation",
        "key": "application/vnd.apple.keynote", "pages": "application/vnd.apple.pages",
        "numbers": "application/vnd.apple.numbers", "rtf": "application/rtf",
    ]

    /// The media type for a file name: by its last extension, else `application/octet-stream`.
    static func mediaType(forName name: String) -> String {
        AssetNames.safeExtension(of: name).flatMap { mediaTypes[$0] } ?? "application/octet-stream"
    }

    /// `data:TYPE;base64,` before the payload.
    package static func prefix(forName name: String) -> String { "data:\(mediaType(forName: name));base64," }

    /// The length of the URL for `byteCount` bytes, without encoding them.
    package static func length(forName name: String, byteCount: Int) -> Int {
        prefix(forName: name).utf8.count + (byteCount + 2) / 3 * 4
    }

    /// The whole URL.
    package static func make(name: String, bytes: Data) -> String {
        prefix(forName: name) + bytes.base64EncodedString()
    }
}
