/// The ten kinds of file the blocks draw an icon for, decided from a MIME type or UTType identifier.
public enum FileKind: String, Sendable, Equatable, CaseIterable {
    case pdf, spreadsheet, presentation, image, movie, audio, archive, sourceCode, text, document

    /// How the kind is named to people, in accessible names: "PDF document", "Spreadsheet".
    public var spokenName: String {
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
    public init(contentType raw: String) {
        let type = raw.trimmingASCIIWhitespace().lowercased()
        let essence = (type.split(separator: ";", maxSplits: 1).first.map(String.init) ?? type).trimmingASCIIWhitespace()
        if let exact = Self.exact[essence] { self = exact; return }
        if essence.contains("/") {
            let parts = essence.split(separator: "/", maxSplits: 1)
            let top = parts.first.map(String.init) ?? ""
            let sub = parts.count > 1 ? String(parts[1]) : ""
            switch top {
            case "image": self = .image; return
            case "video": self = .movie; return
            case "audio": self = .audio; return
            case "text": self = Self.codeSubtypes.contains(sub) ? .sourceCode : .text; return
            default: break
            }
            if sub.contains("spreadsheet") || sub.contains("excel") { self = .spreadsheet; return }
            if sub.contains("presentation") || sub.contains("powerpoint") { self = .presentation; return }
            if sub.hasSuffix("+zip") || sub.contains("compressed") { self = .archive; return }
            if sub.hasSuffix("+json") || sub.hasSuffix("+xml") { self = .sourceCode; return }
            self = .document
            return
        }
        // UTType identifiers: match the well-known trees by prefix.
        if essence.hasPrefix("public.image") || essence.hasSuffix(".heic") || essence.hasSuffix(".heif") { self = .image; return }
        if essence.hasSuffix("-source") || essence.hasSuffix(".source") { self = .sourceCode; return }
        self = .document
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

extension String {
    func trimmingASCIIWhitespace() -> String {
        var scalars = Substring(self)
        while let first = scalars.first, first == " " || first == "\t" || first == "\n" || first == "\r" { scalars.removeFirst() }
        while let last = scalars.last, last == " " || last == "\t" || last == "\n" || last == "\r" { scalars.removeLast() }
        return String(scalars)
    }
}
