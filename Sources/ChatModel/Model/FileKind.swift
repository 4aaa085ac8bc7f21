/// The ten kinds of file the blocks draw an icon for, decided from a MIME type or UTType identifier.
package enum FileKind: String, Sendable, Equatable, CaseIterable {
    case pdf, spreadsheet, presentation, image, movie, audio, archive, sourceCode, text, document

    /// How the kind is named to people, in accessible names: "PDF document", "Spreadsheet".
    package var spokenName: String {
        switch self {
        case .pdf: return "PDF document"
        case .spreadsheet: return "Spreadsheet"
        case .presentation: return "Presentation"
        case .image: return "Image"
        case .movie: return "Movie"
        case .audio: return "Audio"
        case .archive: return "Archive"
        case .sourceCode: return "Source code"
        case .text: return "Text document"
        case .document: return "Document"
        }
    }

    /// Classifies a content type. Unknown or malformed types are plain documents, never errors:
    /// a type names an icon, it does not decide whether the turn can be shown.
    package init(contentType raw: String) {
        // Byte-level: this runs for every file of every turn, and Foundation's substring search
        // (which `String.contains` resolves to here) cost more than rendering the turn's text.
        let essence = Self.essence(raw)
        if let exact = Self.exact[essence] { self = exact; return }
        let bytes = Array(essence.utf8)
        if let slash = bytes.firstIndex(of: UInt8(ascii: "/")) {
            let top = bytes[..<slash]
            let sub = bytes[(slash + 1)...]
            if top.elementsEqual("image".utf8) { self = .image; return }
            if top.elementsEqual("video".utf8) { self = .movie; return }
            if top.elementsEqual("audio".utf8) { self = .audio; return }
            if top.elementsEqual("text".utf8) {
                self = Self.codeSubtypes.contains(String(decoding: sub, as: UTF8.self)) ? .sourceCode : .text
                return
            }
            if Self.has(sub, "spreadsheet") || Self.has(sub, "excel") { self = .spreadsheet; return }
            if Self.has(sub, "presentation") || Self.has(sub, "powerpoint") { self = .presentation; return }
            if sub.ends(with: "+zip") || Self.has(sub, "compressed") { self = .archive; return }
            if sub.ends(with: "+json") || sub.ends(with: "+xml") { self = .sourceCode; return }
            self = .document
            return
        }
        // UTType identifiers: match the well-known trees by prefix.
        if bytes.starts(with: "public.image".utf8) || bytes.ends(with: ".heic") || bytes.ends(with: ".heif") { self = .image; return }
        if bytes.ends(with: "-source") || bytes.ends(with: ".source") { self = .sourceCode; return }
        self = .document
    }

    /// The type without parameters, trimmed and in lower case: "Text/Plain; charset=utf-8" → "text/plain".
    /// Types that are already clean (nearly all) are returned as they are.
    package static func essence(_ raw: String) -> String {
        var clean = true
        for byte in raw.utf8
        where (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z")) || byte == UInt8(ascii: ";")
            || byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r")
        {
            clean = false
            break
        }
        if clean { return raw }
        let type = raw.trimmingASCIIWhitespace().lowercased()
        return (type.split(separator: ";", maxSplits: 1).first.map(String.init) ?? type).trimmingASCIIWhitespace()
    }

    /// Whether `bytes` contains `needle` (ASCII).
    private static func has(_ bytes: ArraySlice<UInt8>, _ needle: StaticString) -> Bool {
        let n = UnsafeBufferPointer(start: needle.utf8Start, count: needle.utf8CodeUnitCount)
        guard n.count <= bytes.count else { return false }
        var i = bytes.startIndex
        while i + n.count <= bytes.endIndex {
            if bytes[i..<(i + n.count)].elementsEqual(n) { return true }
            i += 1
        }
        return false
    }

    private static let codeSubtypes: Set<String> = [
        "x-c", "x-c++", "x-csrc", "x-chdr", "x-java", "x-java-source", "x-python", "x-script.python",
        "x-swift", "javascript", "x-javascript", "x-typescript", "x-rust", "x-go", "x-ruby", "x-php",
        "x-shellscript", "x-sh", "css", "html", "xml", "x-kotlin", "x-csharp", "x-objective-c", "x-sql",
        "x-yaml", "yaml", "x-toml",
    ]

    private static let exact: [String: FileKind] = [
        // MIME types outside the top-level trees
        "application/pdf": .pdf, "application/x-pdf": .pdf,
        "application/vnd.ms-excel": .spreadsheet,
        "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet": .spreadsheet,
        "application/vnd.oasis.opendocument.spreadsheet": .spreadsheet,
        "application/vnd.apple.numbers": .spreadsheet, "text/csv": .spreadsheet, "text/tab-separated-values": .spreadsheet,
        "application/vnd.ms-powerpoint": .presentation,
        "application/vnd.openxmlformats-officedocument.presentationml.presentation": .presentation,
        "application/vnd.oasis.opendocument.presentation": .presentation,
        "application/vnd.apple.keynote": .presentation,
        "application/zip": .archive, "application/x-zip-compressed": .archive, "application/gzip": .archive,
        "application/x-gzip": .archive, "application/x-tar": .archive, "application/x-7z-compressed": .archive,
        "application/x-rar-compressed": .archive, "application/vnd.rar": .archive, "application/x-bzip2": .archive,
        "application/x-xz": .archive, "application/zstd": .archive,
        "application/json": .sourceCode, "application/javascript": .sourceCode, "application/xml": .sourceCode,
        "application/x-sh": .sourceCode, "application/x-python-code": .sourceCode, "application/sql": .sourceCode,
        "application/x-yaml": .sourceCode, "application/toml": .sourceCode, "application/wasm": .sourceCode,
        "application/rtf": .text, "application/msword": .text,
        "application/vnd.openxmlformats-officedocument.wordprocessingml.document": .text,
        "application/vnd.oasis.opendocument.text": .text, "application/vnd.apple.pages": .text,
        "application/epub+zip": .text,
        "application/ogg": .audio, "application/mp4": .movie,
        // UTType identifiers
        "com.adobe.pdf": .pdf,
        "public.image": .image, "public.jpeg": .image, "public.png": .image, "public.heic": .image,
        "public.heif": .image, "public.tiff": .image, "com.compuserve.gif": .image, "org.webmproject.webp": .image,
        "com.microsoft.bmp": .image, "public.avif": .image, "public.svg-image": .image, "public.camera-raw-image": .image,
        "public.movie": .movie, "public.video": .movie, "public.mpeg-4": .movie, "com.apple.quicktime-movie": .movie,
        "public.avi": .movie, "public.mpeg": .movie,
        "public.audio": .audio, "public.mp3": .audio, "public.mpeg-4-audio": .audio, "com.microsoft.waveform-audio": .audio,
        "public.aiff-audio": .audio, "com.apple.m4a-audio": .audio, "org.xiph.flac": .audio,
        "public.spreadsheet": .spreadsheet, "com.microsoft.excel.xls": .spreadsheet, "org.openxmlformats.spreadsheetml.sheet": .spreadsheet,
        "com.apple.numbers": .spreadsheet, "public.comma-separated-values-text": .spreadsheet, "public.tab-separated-values-text": .spreadsheet,
        "public.presentation": .presentation, "com.microsoft.powerpoint.ppt": .presentation,
        "org.openxmlformats.presentationml.presentation": .presentation, "com.apple.keynote.key": .presentation,
        "public.archive": .archive, "public.zip-archive": .archive, "com.pkware.zip-archive": .archive, "org.gnu.gnu-zip-archive": .archive,
        "public.tar-archive": .archive, "org.7-zip.7-zip-archive": .archive,
        "public.source-code": .sourceCode, "public.swift-source": .sourceCode, "public.c-source": .sourceCode,
        "public.python-script": .sourceCode, "public.shell-script": .sourceCode, "public.json": .sourceCode,
        "com.netscape.javascript-source": .sourceCode, "public.xml": .sourceCode, "public.html": .sourceCode, "public.script": .sourceCode,
        "public.text": .text, "public.plain-text": .text, "public.utf8-plain-text": .text, "public.rtf": .text,
        "net.daringfireball.markdown": .text, "com.microsoft.word.doc": .text, "org.openxmlformats.wordprocessingml.document": .text,
        "com.apple.pages": .text,
        "public.data": .document, "public.content": .document, "public.item": .document,
    ]
}

private extension Collection where Element == UInt8 {
    func ends(with suffix: String) -> Bool {
        let tail = suffix.utf8
        guard count >= tail.count else { return false }
        return dropFirst(count - tail.count).elementsEqual(tail)
    }
}

extension String {
    package func trimmingASCIIWhitespace() -> String {
        var scalars = Substring(self)
        while let first = scalars.first, first == " " || first == "\t" || first == "\n" || first == "\r" { scalars.removeFirst() }
        while let last = scalars.last, last == " " || last == "\t" || last == "\n" || last == "\r" { scalars.removeLast() }
        return String(scalars)
    }
}
