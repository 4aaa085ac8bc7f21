import Testing
@testable import ChatModel
@testable import ChatLoad

extension LoadTests {
    /// How an attachment's `url` is classified when a conversation loads: http(s) links stay links,
    /// relative paths become local files, and everything else is dropped with a warning (not an error).
    @Suite("Attachment url")
    struct AttachmentURLTests {
        /// Loads one attachment whose `url` is `url` (a Swift string, JSON-escaped here).
        private static func load(url: String) throws -> (AttachmentLocation?, [String]) {
            let (conversation, warnings) = try ConversationLoader.decode(bytes: Array(document(url: url).utf8), file: "c.json")
            let attachment = try #require(conversation.messages?.first?.attachments.first)
            return (attachment.url, warnings.map(\.description))
        }

        private static func document(url: String) -> String {
            var escaped = ""
            for scalar in url.unicodeScalars {
                switch scalar {
                case "\"": escaped += "\\\""
                case "\\": escaped += "\\\\"
                case "\t": escaped += "\\t"
                case "\n": escaped += "\\n"
                default:
                    if scalar.value < 0x20 || scalar.value == 0x7F || (0x80..<0xA0).contains(scalar.value) {
                        escaped += "\\u" + String(repeating: "0", count: 4 - String(scalar.value, radix: 16).count) + String(scalar.value, radix: 16)
                    } else {
                        escaped.unicodeScalars.append(scalar)
                    }
                }
            }
            // The url value starts at column 143.
            return
                #"{"messages": [{"id": "m1", "role": "user", "text": "", "attachments": [{"id": "a1", "name": "a", "byteCount": 1, "contentType": "x/y", "url": "\#(escaped)"}]}]}"#
        }

        private static func warning(_ reason: String) -> String {
            "c.json:1:143: warning: messages[0].attachments[0].url: \(reason); expected a path relative to the conversation file or an http(s) URL; the file is shown without Open or Share"
        }

        @Test(arguments: [
            "https://example.com/files/Booking.pdf",
            "http://example.com/a.png",
            "HTTPS://EXAMPLE.COM/A.PNG",
            "hTtP://example.com:8080/a?b=c#d",
            "https://user@example.com/",
        ])
        func httpAndHTTPSURLsStayLinks(_ url: String) throws {
            let (location, warnings) = try Self.load(url: url)
            #expect(location == .remote(url))
            #expect(warnings.isEmpty)
        }

        @Test(arguments: [
            "media/IMG_0042.jpeg",
            "IMG 0042.jpeg",
            "./a.pdf",
            "../shared/a.pdf",
            "files/report?.pdf",
            "files/a:b.txt",
            "naïve/日本.txt",
        ])
        func relativePathsBecomeLocalFiles(_ url: String) throws {
            let (location, warnings) = try Self.load(url: url)
            #expect(location == .local(url))
            #expect(warnings.isEmpty)
        }

        @Test(arguments: [
            ("javascript:alert(1)", #"the url scheme "javascript" is not allowed"#),
            ("JaVaScRiPt:alert(1)", #"the url scheme "JaVaScRiPt" is not allowed"#),
            ("data:text/html,<script>alert(1)</script>", #"the url scheme "data" is not allowed"#),
            ("file:///etc/passwd", #"the url scheme "file" is not allowed"#),
            ("vbscript:msgbox", #"the url scheme "vbscript" is not allowed"#),
            ("mailto:someone@example.com", #"the url scheme "mailto" is not allowed"#),
            ("ftp://example.com/a", #"the url scheme "ftp" is not allowed"#),
            ("C:/Users/a.pdf", #"the url scheme "C" is not allowed"#),
            ("java\tscript:alert(1)", "the url contains a control character"),
            ("java\nscript:alert(1)", "the url contains a control character"),
            ("\u{0}javascript:alert(1)", "the url contains a control character"),
            ("https://example.com/a\u{85}b", "the url contains a control character"),
            ("//evil.com/a.png", "a protocol-relative url (starting with //) is not allowed"),
            (#"\\evil.com\share\a.png"#, "the url contains a backslash"),
            (#"https:\\evil.com"#, "the url contains a backslash"),
            (#"/\evil.com"#, "the url contains a backslash"),
            ("media\\a.png", "the url contains a backslash"),
            ("http:evil.com", "the url has no host"),
            ("https:/evil.com", "the url has no host"),
            ("https://", "the url has no host"),
            ("https:///evil.com", "the url has no host"),
            ("https://exa mple.com", "the url contains whitespace"),
            ("https://example.com/a\u{2028}b", "the url contains whitespace"),
            ("", "the url is empty"),
        ])
        func otherURLsAreDroppedWithAWarning(_ url: String, _ reason: String) throws {
            let (location, warnings) = try Self.load(url: url)
            #expect(location == nil)
            #expect(warnings == [Self.warning(reason)])
        }

        @Test(arguments: [
            " JaVaScRiPt:alert(1)", " javascript:alert(1)", "\u{3000}javascript:alert(1)",
            "  https://example.com/a.png", "media/a.png ", "media/a.png\u{2028}",
        ])
        func leadingOrTrailingWhitespaceDoesNotSmuggleASchemeIn(_ url: String) throws {
            // Browsers strip leading spaces from URLs, so " javascript:…" runs as javascript:. It must be
            // dropped with a warning like "javascript:…", not kept as a local file path.
            let (location, warnings) = try Self.load(url: url)
            #expect(location == nil)
            #expect(warnings == [Self.warning("the url starts or ends with whitespace")])
        }

        @Test func aBadURLIsAWarningSoTheConversationStillLoads() throws {
            let (conversation, warnings) = try ConversationLoader.decode(bytes: Array(Self.document(url: "javascript:alert(1)").utf8), file: "c.json")
            #expect(conversation.messages?.first?.attachments.map(\.name) == ["a"])
            #expect(warnings.map(\.severity) == [.warning])
        }
    }
}
