import Foundation
import ChatModel

/// Payloads carried inside API messages: `data:` URLs and bare base64, plus what a file's bytes
/// say about its type.
package enum InlineData {
    /// A parsed `data:[type][;base64],payload` URL.
    package struct DataURL: Equatable {
        var mediaType: String
        var bytes: [UInt8]
    }

    /// Why a payload could not be read, for a diagnostic.
    package struct Problem: Error, Equatable { var message: String }

    static func isDataURL(_ text: String) -> Bool { text.prefix(5).lowercased() == "data:" }

    /// Parses a `data:` URL; base64 or percent-encoded payloads.
    static func parseDataURL(_ text: String) -> Result<DataURL, Problem> {
        guard isDataURL(text) else { return .failure(Problem(message: "expected a data: URL")) }
        guard let comma = text.firstIndex(of: ",") else { return .failure(Problem(message: "the data: URL has no comma before its payload")) }
        let header = text[text.index(text.startIndex, offsetBy: 5)..<comma]
        let payload = String(text[text.index(after: comma)...])
        var parameters = header.split(separator: ";", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
        let isBase64 = parameters.last?.lowercased() == "base64"
        if isBase64 { parameters.removeLast() }
        var mediaType = parameters.first.map { $0.lowercased() } ?? ""
        if mediaType.isEmpty { mediaType = "text/plain" }
        if isBase64 {
            guard let bytes = decodeBase64(payload) else { return .failure(Problem(message: "the data: URL's base64 payload is not valid base64")) }
            return .success(DataURL(mediaType: mediaType, bytes: bytes))
        }
        guard let decoded = payload.removingPercentEncoding else { return .failure(Problem(message: "the data: URL's payload has a broken %-escape")) }
        return .success(DataURL(mediaType: mediaType, bytes: Array(decoded.utf8)))
    }

    /// Standard base64 (RFC 4648 §4); line breaks and spaces are skipped, missing `=` padding is
    /// added. Nil for anything else.
    static func decodeBase64(_ text: String) -> [UInt8]? {
        var cleaned = text.utf8.filter { $0 != 0x20 && $0 != 0x0A && $0 != 0x0D && $0 != 0x09 }
        if cleaned.count % 4 == 1 { return nil }
        while cleaned.count % 4 != 0 { cleaned.append(UInt8(ascii: "=")) }
        guard let data = Data(base64Encoded: Data(cleaned)) else { return nil }
        return [UInt8](data)
    }

    /// The type the bytes' magic numbers announce, for the formats browsers show.
    static func sniff(_ bytes: some Collection<UInt8>) -> String? {
        let head = Array(bytes.prefix(16))
        func starts(_ magic: [UInt8], at offset: Int = 0) -> Bool {
            head.count >= offset + magic.count && Array(head[offset..<offset + magic.count]) == magic
        }
        if starts([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return "image/png" }
        if starts([0xFF, 0xD8, 0xFF]) { return "image/jpeg" }
        if starts(Array("GIF87a".utf8)) || starts(Array("GIF89a".utf8)) { return "image/gif" }
        if starts(Array("RIFF".utf8)) && starts(Array("WEBP".utf8), at: 8) { return "image/webp" }
        if starts(Array("%PDF-".utf8)) { return "application/pdf" }
        if starts(Array("ftyp".utf8), at: 4) && (starts(Array("heic".utf8), at: 8) || starts(Array("heix".utf8), at: 8) || starts(Array("mif1".utf8), at: 8)) {
            return "image/heic"
        }
        return nil
    }

    /// The first bytes of a file, for ``sniff(_:)``.
    static func sniffFile(_ path: String) -> String? {
        guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? handle.close() }
        guard let data = try? handle.read(upToCount: 16) else { return nil }
        return sniff([UInt8](data))
    }

    /// The type to record: what the bytes say when they say it, else what the input declared.
    static func contentType(declared: String?, bytes: [UInt8]) -> String {
        if let sniffed = sniff(bytes) { return sniffed }
        if let declared, !declared.trimmingCharacters(in: .whitespaces).isEmpty { return declared }
        return "application/octet-stream"
    }

    private static let extensions: [String: String] = [
        "image/png": "png", "image/jpeg": "jpg", "image/jpg": "jpg", "image/gif": "gif", "image/webp": "webp",
        "image/heic": "heic", "image/heif": "heif", "image/avif": "avif", "image/svg+xml": "svg", "image/tiff": "tiff",
        "application/pdf": "pdf", "text/plain": "txt", "text/markdown": "md", "text/csv": "csv", "text/html": "html",
        "application/json": "json", "audio/wav": "wav", "audio/x-wav": "wav", "audio/mpeg": "mp3", "audio/mp3": "mp3",
        "video/mp4": "mp4", "application/zip": "zip",
    ]

    /// `image/png` → `png`; nil when unknown.
    static func fileExtension(for contentType: String) -> String? {
        let essence = contentType.split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces).lowercased() } ?? ""
        return extensions[essence]
    }

    /// `photo.JPG` → `image/jpeg`; nil when unknown.
    static func contentType(forName name: String) -> String? {
        guard let ext = AssetNames.safeExtension(of: name) else { return nil }
        if ext == "jpeg" { return "image/jpeg" }
        return extensions.first(where: { $0.value == ext && $0.key != "image/jpg" && $0.key != "audio/x-wav" && $0.key != "audio/mp3" })?.key
    }

    /// A name for a payload that came without one: `image-2.png`.
    static func defaultName(_ stem: String, index: Int, contentType: String) -> String {
        let ext = fileExtension(for: contentType).map { ".\($0)" } ?? ""
        return index <= 1 ? "\(stem)\(ext)" : "\(stem)-\(index)\(ext)"
    }

    /// The last path component of a URL, for a link chip's name; the host when there is none.
    static func nameFromURL(_ url: String) -> String {
        var rest = Substring(url)
        if let scheme = rest.range(of: "://") { rest = rest[scheme.upperBound...] }
        if let end = rest.firstIndex(where: { $0 == "?" || $0 == "#" }) { rest = rest[..<end] }
        let parts = rest.split(separator: "/")
        let last = parts.count > 1 ? parts.last.map(String.init) ?? "" : ""
        let decoded = last.removingPercentEncoding ?? last
        if !decoded.isEmpty { return decoded }
        return parts.first.map(String.init) ?? url
    }
}
