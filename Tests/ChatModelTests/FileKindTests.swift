import Testing
@testable import ChatModel

extension ModelTests {
    @Suite("FileKind")
    struct FileKindTests {
        @Test(arguments: [
            // PDF
            ("application/pdf", FileKind.pdf), ("application/x-pdf", .pdf), ("com.adobe.pdf", .pdf),
            // Spreadsheets
            ("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", .spreadsheet),
            ("application/vnd.ms-excel", .spreadsheet), ("application/vnd.ms-excel.sheet.macroenabled.12", .spreadsheet),
            ("application/vnd.oasis.opendocument.spreadsheet", .spreadsheet), ("text/csv", .spreadsheet),
            ("public.spreadsheet", .spreadsheet), ("com.microsoft.excel.xls", .spreadsheet),
            ("org.openxmlformats.spreadsheetml.sheet", .spreadsheet), ("com.apple.numbers", .spreadsheet),
            ("public.comma-separated-values-text", .spreadsheet),
            // Presentations
            ("application/vnd.openxmlformats-officedocument.presentationml.presentation", .presentation),
            ("application/vnd.ms-powerpoint", .presentation), ("application/vnd.apple.keynote", .presentation),
            ("public.presentation", .presentation), ("com.apple.keynote.key", .presentation),
            ("org.openxmlformats.presentationml.presentation", .presentation),
            // Images
            ("image/jpeg", .image), ("image/png", .image), ("image/heic", .image), ("image/svg+xml", .image),
            ("image/x-made-up", .image), ("public.jpeg", .image), ("public.png", .image), ("public.heic", .image),
            ("public.image", .image), ("com.compuserve.gif", .image), ("org.webmproject.webp", .image),
            ("public.camera-raw-image", .image),
            // Movies
            ("video/mp4", .movie), ("video/quicktime", .movie), ("application/mp4", .movie),
            ("public.movie", .movie), ("com.apple.quicktime-movie", .movie), ("public.mpeg-4", .movie),
            // Audio
            ("audio/mpeg", .audio), ("audio/x-wav", .audio), ("application/ogg", .audio),
            ("public.mp3", .audio), ("com.apple.m4a-audio", .audio), ("public.audio", .audio), ("org.xiph.flac", .audio),
            // Archives
            ("application/zip", .archive), ("application/gzip", .archive), ("application/x-7z-compressed", .archive),
            ("application/x-tar", .archive), ("application/vnd.rar", .archive), ("application/x-made-up-compressed", .archive),
            ("application/vnd.made-up+zip", .archive),
            ("public.zip-archive", .archive), ("org.gnu.gnu-zip-archive", .archive), ("public.archive", .archive),
            ("public.tar-archive", .archive),
            // Source code
            ("text/x-swift", .sourceCode), ("text/x-python", .sourceCode), ("text/html", .sourceCode),
            ("text/css", .sourceCode), ("application/json", .sourceCode), ("application/ld+json", .sourceCode),
            ("application/xhtml+xml", .sourceCode), ("application/javascript", .sourceCode),
            ("public.swift-source", .sourceCode), ("public.json", .sourceCode), ("public.source-code", .sourceCode),
            ("public.python-script", .sourceCode), ("public.objective-c-source", .sourceCode),
            ("com.netscape.javascript-source", .sourceCode),
            // Text documents
            ("text/plain", .text), ("text/rtf", .text), ("application/msword", .text), ("application/rtf", .text),
            ("application/vnd.openxmlformats-officedocument.wordprocessingml.document", .text), ("application/epub+zip", .text),
            ("public.plain-text", .text), ("public.utf8-plain-text", .text), ("public.text", .text), ("public.rtf", .text),
            ("com.microsoft.word.doc", .text), ("org.openxmlformats.wordprocessingml.document", .text),
            // Everything else
            ("application/octet-stream", .document), ("application/x-made-up", .document), ("public.data", .document),
            ("public.item", .document), ("com.example.made-up", .document), ("", .document), ("   ", .document),
            ("image", .document), ("not a type at all", .document), (";", .document), ("/", .document),
        ])
        func classifiesMIMETypesAndUTTypeIdentifiers(_ contentType: String, _ kind: FileKind) {
            #expect(FileKind(contentType: contentType) == kind)
        }

        @Test(arguments: [
            ("text/plain; charset=utf-8", FileKind.text),
            ("text/plain;charset=UTF-8", .text),
            ("application/pdf; name=\"Booking.pdf\"", .pdf),
            ("text/csv; header=present", .spreadsheet),
            ("text/x-python; charset=us-ascii", .sourceCode),
            ("image/jpeg;q=0.9", .image),
        ])
        func ignoresParameters(_ contentType: String, _ kind: FileKind) {
            #expect(FileKind(contentType: contentType) == kind)
        }

        @Test(arguments: [
            ("application/pdf ; name=x.pdf", FileKind.pdf),
            ("text/csv\t;header=present", .spreadsheet),
        ])
        func ignoresWhitespaceBeforeParameters(_ contentType: String, _ kind: FileKind) {
            // RFC 9110 allows optional whitespace before ";" (media-type = type "/" subtype
            // *( OWS ";" OWS parameter )).
            #expect(FileKind(contentType: contentType) == kind)
        }

        @Test(arguments: [
            ("APPLICATION/PDF", FileKind.pdf), ("Image/JPEG", .image), ("COM.ADOBE.PDF", .pdf), ("Public.JPEG", .image),
            ("TEXT/CSV", .spreadsheet), ("Video/MP4", .movie), ("PUBLIC.ZIP-ARCHIVE", .archive),
        ])
        func ignoresCase(_ contentType: String, _ kind: FileKind) {
            #expect(FileKind(contentType: contentType) == kind)
        }

        @Test func ignoresSurroundingWhitespace() {
            #expect(FileKind(contentType: "  image/png\n") == .image)
            #expect(FileKind(contentType: "\tcom.adobe.pdf ") == .pdf)
        }

        @Test(arguments: [
            ("image/jpeg", "public.jpeg"),
            ("application/pdf", "com.adobe.pdf"),
            ("text/plain", "public.plain-text"),
            ("text/csv", "public.comma-separated-values-text"),
            ("application/zip", "public.zip-archive"),
            ("video/quicktime", "com.apple.quicktime-movie"),
            ("audio/mpeg", "public.mp3"),
            ("application/json", "public.json"),
            ("text/html", "public.html"),
            ("text/markdown", "net.daringfireball.markdown"),
            ("text/tab-separated-values", "public.tab-separated-values-text"),
        ])
        func aTypeGetsTheSameKindWhicheverWayItIsWritten(_ mime: String, _ utType: String) {
            #expect(FileKind(contentType: mime) == FileKind(contentType: utType))
        }

        @Test func everyKindHasASpokenName() {
            let names = FileKind.allCases.map { "\($0): \($0.spokenName)" }
            #expect(
                names == [
                    "pdf: PDF document", "spreadsheet: Spreadsheet", "presentation: Presentation", "image: Image",
                    "movie: Movie", "audio: Audio", "archive: Archive", "sourceCode: Source code",
                    "text: Text document", "document: Document",
                ])
        }

        @Test func onlyImagesArePhotos() {
            let photo = Attachment(id: "a", name: "a.heic", byteCount: 1, contentType: "public.heic")
            let file = Attachment(id: "b", name: "b.pdf", byteCount: 1, contentType: "application/pdf")
            #expect(photo.kind == .image && photo.isPhoto)
            #expect(file.kind == .pdf && !file.isPhoto)
        }
    }
}
