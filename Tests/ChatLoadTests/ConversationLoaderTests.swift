import Testing
@testable import ChatModel
@testable import ChatLoad

extension LoadTests {
    @Suite("ConversationLoader")
    struct ConversationLoaderTests {
        // MARK: Helpers

        private static func load(_ json: String) throws(DiagnosticError) -> (Conversation, [Diagnostic]) {
            try ConversationLoader.decode(bytes: Array(json.utf8), file: "c.json")
        }

        /// The descriptions of the errors thrown for `json`; records an issue when it loads.
        private static func errors(_ json: String) -> [String] {
            do {
                let (conversation, _) = try load(json)
                Issue.record("loaded, but expected errors: \(conversation)")
                return []
            } catch {
                #expect(error.kind == .badData)
                return error.diagnostics.map(\.description)
            }
        }

        /// A one-message conversation whose message has `fields` after id, role and text.
        private static func message(_ fields: String = "") -> String {
            #"{"messages": [{"id": "m1", "role": "user", "text": ""\#(fields)}]}"#
        }

        /// A conversation with one attachment whose members after id, name, byteCount are `fields`.
        private static func attachment(_ fields: String) -> String {
            message(#", "attachments": [{"id": "a1", "name": "a", "byteCount": 1, \#(fields)}]"#)
        }

        private static func onlyAttachment(_ json: String) throws -> Attachment {
            let (conversation, _) = try load(json)
            return try #require(conversation.messages?.first?.attachments.first)
        }

        // MARK: The document

        @Test func decodesAFullConversation() throws {
            let json = """
                {"title": "Trip", "messages": [
                  {"id": "m1", "role": "user", "text": "Look", "date": "2026-03-14T09:41:00Z", "attachments": [
                    {"id": "a1", "name": "IMG.jpeg", "byteCount": 2300000, "contentType": "image/jpeg",
                     "preview": "p/IMG.jpeg", "url": "IMG.jpeg", "alt": "A tram"}]},
                  {"id": "m2", "role": "assistant", "text": "Nice **tram**"}]}
                """
            let (conversation, warnings) = try Self.load(json)
            #expect(warnings.isEmpty)
            let expected = Conversation(
                title: "Trip",
                messages: [
                    Message(
                        id: "m1", role: .user, text: "Look",
                        attachments: [
                            Attachment(
                                id: "a1", name: "IMG.jpeg", byteCount: 2_300_000, contentType: "image/jpeg",
                                preview: "p/IMG.jpeg", url: .local("IMG.jpeg"), alt: "A tram", upload: .done)
                        ], date: ChatDate(iso: "2026-03-14T09:41:00Z")),
                    Message(id: "m2", role: .assistant, text: "Nice **tram**"),
                ])
            #expect(conversation == expected)
        }

        @Test func nullMessagesMeanTheConversationIsLoading() throws {
            let (conversation, _) = try Self.load(#"{"title": "Soon", "messages": null}"#)
            #expect(conversation == Conversation(title: "Soon", messages: nil))
        }

        @Test func anEmptyMessageListIsNotTheSameAsLoading() throws {
            let (conversation, _) = try Self.load(#"{"messages": []}"#)
            #expect(conversation.messages == [])
            #expect(conversation.title == nil)
        }

        @Test func keepsMessagesInFileOrder() throws {
            let (conversation, _) = try Self.load(
                #"{"messages": [{"id": "b", "role": "user", "text": "1"}, {"id": "a", "role": "assistant", "text": "2"}, {"id": "c", "role": "user", "text": "3"}]}"#
            )
            #expect(conversation.messages?.map(\.id) == ["b", "a", "c"])
        }

        @Test func ignoresUnknownFieldsEverywhere() throws {
            let json = """
                {"schemaVersion": 9, "keyboard": {"text": "draft", "attachments": "not checked"},
                 "messages": [{"id": "m1", "role": "user", "text": "", "reactions": [1, 2], "role2": "robot",
                   "attachments": [{"id": "a1", "name": "a", "byteCount": 1, "contentType": "image/png", "width": "wide",
                     "upload": {"state": "uploading", "progress": 0.5, "eta": "soon"}}]}]}
                """
            let (conversation, warnings) = try Self.load(json)
            #expect(warnings.isEmpty)
            #expect(conversation.messages?.first?.attachments.first?.upload == .uploading(0.5))
        }

        @Test func theConversationsOwnDateAndProject() throws {
            let (conversation, warnings) = try Self.load(#"{"date": "2025-06-01T10:00:00Z", "project": "Garden", "messages": []}"#)
            #expect(warnings.isEmpty)
            #expect(conversation.date?.iso == "2025-06-01T10:00:00Z" && conversation.project == "Garden")
            let (plain, _) = try Self.load(#"{"date": null, "project": null, "messages": []}"#)
            #expect(plain.date == nil && plain.project == nil)
            #expect(
                Self.errors(#"{"date": "2025-02-30", "project": "", "messages": []}"#) == [
                    "c.json:1:10: error: date: expected an ISO 8601 date such as \"2026-03-14\" or \"2026-03-14T09:41:00Z\", found \"2025-02-30\"",
                    "c.json:1:35: error: project: expected a non-empty project name, or null",
                ])
            // Written back by the native writer, read back the same.
            var conversation2 = conversation
            conversation2.title = "t"
            let (again, _) = try ConversationLoader.decode(bytes: NativeJSON.encode(conversation2), file: "c.json")
            #expect(again.date == conversation.date && again.project == "Garden")
        }

        /// The native writer keeps what a hand-written file may hold and an import never makes (a
        /// preview, an upload in progress or failed): a site's cached page is keyed by its output.
        @Test func previewsAndUploadsSurviveTheNativeWriter() throws {
            let json =
                #"{"messages": [{"id": "m1", "role": "user", "text": "", "attachments": ["#
                + #"{"id": "a1", "name": "a.png", "byteCount": 1, "contentType": "image/png", "preview": "p.png", "upload": {"state": "uploading", "progress": 0.45}},"#
                + #"{"id": "a2", "name": "b.png", "byteCount": 1, "contentType": "image/png", "upload": {"state": "failed", "reason": "No \"network\""}},"#
                + #"{"id": "a3", "name": "c.png", "byteCount": 1, "contentType": "image/png"}]}]}"#
            let (conversation, _) = try Self.load(json)
            let (again, warnings) = try ConversationLoader.decode(bytes: NativeJSON.encode(conversation), file: "c.json")
            #expect(warnings.isEmpty)
            #expect(again == conversation)
            #expect(again.messages?.first?.attachments.map(\.upload) == [.uploading(0.45), .failed(reason: "No \"network\""), .done])
            #expect(again.messages?.first?.attachments.first?.preview == "p.png")
        }

        @Test func emptyTextIsAllowed() throws {
            let (conversation, _) = try Self.load(Self.message())
            #expect(conversation.messages?.first?.text == "")
        }

        @Test func nullOptionalFieldsMeanAbsent() throws {
            let attachment = try Self.onlyAttachment(Self.attachment(#""contentType": "image/png", "preview": null, "url": null, "alt": null, "upload": null"#))
            #expect(attachment == Attachment(id: "a1", name: "a", byteCount: 1, contentType: "image/png"))
            let (conversation, _) = try Self.load(
                #"{"title": null, "messages": [{"id": "m1", "role": "user", "text": "", "date": null, "attachments": null}]}"#)
            #expect(conversation == Conversation(title: nil, messages: [Message(id: "m1", role: .user, text: "")]))
        }

        @Test func theDocumentMustBeAnObject() {
            #expect(Self.errors("[]") == [#"c.json:1:1: error: (document): expected a conversation object with "messages", found an array"#])
            #expect(Self.errors(" \"hi\"") == [#"c.json:1:2: error: (document): expected a conversation object with "messages", found a string"#])
        }

        @Test func messagesIsRequiredAndMustBeAnArrayOrNull() {
            #expect(
                Self.errors(#"{"title": "x"}"#) == [
                    #"c.json:1:1: error: messages: missing required field "messages"; expected an array of messages, or null while the conversation loads"#
                ])
            #expect(
                Self.errors(#"{"messages": "none"}"#) == [
                    #"c.json:1:14: error: messages: expected an array of messages, or null while the conversation loads; found a string"#
                ])
        }

        @Test func titleMustBeAString() {
            #expect(Self.errors(#"{"title": ["a"], "messages": []}"#) == [#"c.json:1:11: error: title: expected a string or null, found an array"#])
        }

        @Test func syntaxErrorsBecomeDiagnosticsWithLineAndColumnButNoPath() {
            #expect(
                Self.errors("{\n  \"messages\": [\n    {\"id\": \"m1\",, }\n  ]\n}") == [
                    "c.json:3:17: error: unexpected ','; expected a member name in double quotes"
                ])
        }

        // MARK: Messages

        @Test func messageRequiredFields() {
            #expect(
                Self.errors(#"{"messages": [{}]}"#) == [
                    #"c.json:1:15: error: messages[0].id: missing required field "id"; expected a string"#,
                    #"c.json:1:15: error: messages[0].role: missing required field "role"; expected "user" or "assistant""#,
                    #"c.json:1:15: error: messages[0].text: missing required field "text"; expected a string"#,
                ])
        }

        @Test func messageMustBeAnObject() {
            #expect(
                Self.errors(#"{"messages": [null, 3]}"#) == [
                    "c.json:1:15: error: messages[0]: expected a message object, found null",
                    "c.json:1:21: error: messages[1]: expected a message object, found a number",
                ])
        }

        @Test(arguments: [
            (#""robot""#, #"found "robot""#),
            (#""USER""#, #"found "USER""#),
            (#"" user""#, #"found " user""#),
            ("1", "found a number"),
            ("null", "found null"),
            (#"["user"]"#, "found an array"),
        ])
        func roleMustBeUserOrAssistant(_ role: String, _ found: String) {
            #expect(
                Self.errors(#"{"messages": [{"id": "m1", "text": "", "role": \#(role)}]}"#) == [
                    #"c.json:1:48: error: messages[0].role: expected "user" or "assistant", "# + found
                ])
        }

        @Test func bothRolesAreAccepted() throws {
            let (conversation, _) = try Self.load(#"{"messages": [{"id": "1", "role": "user", "text": ""}, {"id": "2", "role": "assistant", "text": ""}]}"#)
            #expect(conversation.messages?.map(\.role) == [.user, .assistant])
        }

        @Test func idMustBeANonEmptyString() {
            #expect(
                Self.errors(#"{"messages": [{"id": "", "role": "user", "text": ""}]}"#) == [#"c.json:1:22: error: messages[0].id: expected a non-empty string"#]
            )
            #expect(
                Self.errors(#"{"messages": [{"id": 7, "role": "user", "text": ""}]}"#) == [
                    #"c.json:1:22: error: messages[0].id: expected a string, found a number"#
                ])
        }

        @Test func textMustBeAString() {
            #expect(
                Self.errors(#"{"messages": [{"id": "m1", "role": "user", "text": false}]}"#) == [
                    #"c.json:1:52: error: messages[0].text: expected a string, found a boolean"#
                ])
        }

        @Test func attachmentsMustBeAnArray() {
            #expect(
                Self.errors(Self.message(#", "attachments": "a.png""#)) == [
                    #"c.json:1:71: error: messages[0].attachments: expected an array of attachments, found a string"#
                ])
        }

        @Test func datesAreParsedAndCheckedAsISO8601() throws {
            let (conversation, _) = try Self.load(Self.message(#", "date": "2026-03-14T09:41:00+01:00""#))
            #expect(conversation.messages?.first?.date?.displayText == "Mar 14, 2026 at 8:41 AM")
            #expect(
                Self.errors(Self.message(#", "date": "yesterday""#)) == [
                    #"c.json:1:64: error: messages[0].date: expected an ISO 8601 date such as "2026-03-14" or "2026-03-14T09:41:00Z", found "yesterday""#
                ])
            #expect(
                Self.errors(Self.message(#", "date": "2025-02-29""#)) == [
                    #"c.json:1:64: error: messages[0].date: expected an ISO 8601 date such as "2026-03-14" or "2026-03-14T09:41:00Z", found "2025-02-29""#
                ])
            #expect(Self.errors(Self.message(#", "date": {}"#)) == [#"c.json:1:64: error: messages[0].date: expected a string or null, found an object"#])
        }

        @Test func quotedValuesInMessagesAreShortenedAndShowControlCharacters() {
            let long = String(repeating: "x", count: 50)
            #expect(
                Self.errors(Self.message(#", "date": "\#(long)""#)) == [
                    #"c.json:1:64: error: messages[0].date: expected an ISO 8601 date such as "2026-03-14" or "2026-03-14T09:41:00Z", found ""#
                        + String(repeating: "x", count: 40) + #"…""#
                ])
            #expect(
                Self.errors(#"{"messages": [{"id": "m1", "text": "", "role": "a\"b\n"}]}"#) == [
                    #"c.json:1:48: error: messages[0].role: expected "user" or "assistant", found "a\"b\u{a}""#
                ])
        }

        @Test func duplicateMessageIDsAreErrorsAtTheLaterID() {
            let json = """
                {"messages": [
                  {"id": "m1", "role": "user", "text": ""},
                  {"id": "m2", "role": "user", "text": ""},
                  {"id": "m1", "role": "user", "text": ""},
                  {"id": "m2", "role": "user", "text": ""},
                  {"id": "m1", "role": "user", "text": ""}]}
                """
            #expect(
                Self.errors(json) == [
                    #"c.json:4:10: error: messages[2].id: duplicate message id "m1"; messages[0] has it too; expected ids to be unique"#,
                    #"c.json:5:10: error: messages[3].id: duplicate message id "m2"; messages[1] has it too; expected ids to be unique"#,
                    #"c.json:6:10: error: messages[4].id: duplicate message id "m1"; messages[0] has it too; expected ids to be unique"#,
                ])
        }

        @Test func aDuplicateMessageIDIsReportedEvenWhenThatMessageHasOtherErrors() {
            // "All problems in a file are collected": the duplicate id is a problem of its own.
            let json = """
                {"messages": [
                  {"id": "m1", "role": "user", "text": ""},
                  {"id": "m1", "role": "robot", "text": ""}]}
                """
            #expect(
                Self.errors(json) == [
                    #"c.json:3:24: error: messages[1].role: expected "user" or "assistant", found "robot""#,
                    #"c.json:3:10: error: messages[1].id: duplicate message id "m1"; messages[0] has it too; expected ids to be unique"#,
                ])
        }

        @Test func messageIDsAreCaseSensitive() throws {
            let (conversation, _) = try Self.load(#"{"messages": [{"id": "a", "role": "user", "text": ""}, {"id": "A", "role": "user", "text": ""}]}"#)
            #expect(conversation.messages?.count == 2)
        }

        // MARK: Attachments

        @Test func attachmentRequiredFields() {
            #expect(
                Self.errors(Self.message(#", "attachments": [{}]"#)) == [
                    #"c.json:1:72: error: messages[0].attachments[0].id: missing required field "id"; expected a string"#,
                    #"c.json:1:72: error: messages[0].attachments[0].name: missing required field "name"; expected a string"#,
                    #"c.json:1:72: error: messages[0].attachments[0].byteCount: missing required field "byteCount"; expected an integer ≥ 0"#,
                    #"c.json:1:72: error: messages[0].attachments[0].contentType: missing required field "contentType"; expected a string"#,
                ])
        }

        @Test func attachmentMustBeAnObject() {
            #expect(
                Self.errors(Self.message(#", "attachments": [true]"#)) == [
                    #"c.json:1:72: error: messages[0].attachments[0]: expected an attachment object, found a boolean"#
                ])
        }

        @Test func contentTypeMustBeANonEmptyString() {
            #expect(
                Self.errors(Self.attachment(#""contentType": """#)) == [
                    #"c.json:1:129: error: messages[0].attachments[0].contentType: expected a non-empty string"#
                ])
            #expect(
                Self.errors(Self.attachment(#""contentType": 3"#)) == [
                    #"c.json:1:129: error: messages[0].attachments[0].contentType: expected a string, found a number"#
                ])
        }

        @Test func keepsTheContentTypeAsWritten() throws {
            let attachment = try Self.onlyAttachment(Self.attachment(#""contentType": "Text/Plain; charset=UTF-8""#))
            #expect(attachment.contentType == "Text/Plain; charset=UTF-8")
            #expect(attachment.kind == .text)
        }

        @Test(arguments: [
            ("0", Int64(0)), ("-0", 0), ("1", 1), ("2300000", 2_300_000), ("9223372036854775807", Int64.max),
        ])
        func byteCountAcceptsIntegersFromZeroUp(_ literal: String, _ value: Int64) throws {
            let json = Self.message(#", "attachments": [{"id": "a1", "name": "a", "contentType": "x/y", "byteCount": \#(literal)}]"#)
            #expect(try Self.onlyAttachment(json).byteCount == value)
        }

        @Test(arguments: [
            ("-1", "expected an integer ≥ 0, found -1"),
            ("-1.5", "expected an integer ≥ 0, found -1.5"),
            ("-9223372036854775809", "expected an integer ≥ 0, found -9.223372036854776e+18"),
            ("1.5", "expected a whole number of bytes (an integer ≥ 0 up to 2^63−1), found 1.5"),
            ("9223372036854775808", "expected a whole number of bytes (an integer ≥ 0 up to 2^63−1), found 9.223372036854776e+18"),
            (#""12""#, "expected an integer ≥ 0, found a string"),
            ("null", "expected an integer ≥ 0, found null"),
            ("true", "expected an integer ≥ 0, found a boolean"),
        ])
        func byteCountRejectsEverythingElse(_ literal: String, _ message: String) {
            let json = Self.message(#", "attachments": [{"id": "a1", "name": "a", "contentType": "x/y", "byteCount": \#(literal)}]"#)
            #expect(Self.errors(json) == ["c.json:1:133: error: messages[0].attachments[0].byteCount: " + message])
        }

        @Test(arguments: [("2.0", Int64(2)), ("1e3", 1000), ("1.5E2", 150)])
        func byteCountAcceptsWholeNumbersWrittenWithAFractionOrExponentAsJSONSchemaDoes(_ literal: String, _ value: Int64) throws {
            // JSON Schema's "integer" is any number with a zero fractional part, so the schema accepts
            // these; the loader must agree (today it says "expected a whole number …, found 2").
            let json = Self.message(#", "attachments": [{"id": "a1", "name": "a", "contentType": "x/y", "byteCount": \#(literal)}]"#)
            #expect(try Self.onlyAttachment(json).byteCount == value)
        }

        @Test func optionalStringsMustBeStrings() {
            #expect(
                Self.errors(Self.attachment(#""contentType": "x/y", "preview": 1, "alt": {}, "url": []"#)) == [
                    #"c.json:1:147: error: messages[0].attachments[0].preview: expected a string or null, found a number"#,
                    #"c.json:1:157: error: messages[0].attachments[0].alt: expected a string or null, found an object"#,
                    #"c.json:1:168: error: messages[0].attachments[0].url: expected a string or null, found an array"#,
                ])
        }

        @Test func previewAndAltAreKeptAsWritten() throws {
            let attachment = try Self.onlyAttachment(Self.attachment(#""contentType": "image/png", "preview": "thumbs/a b.png", "alt": """#))
            #expect(attachment.preview == "thumbs/a b.png")
            #expect(attachment.alt == "")
        }

        @Test func duplicateAttachmentIDsAreErrorsWithinAMessageOnly() throws {
            let json = """
                {"messages": [
                  {"id": "m1", "role": "user", "text": "", "attachments": [
                    {"id": "a1", "name": "a", "byteCount": 1, "contentType": "x/y"},
                    {"id": "a2", "name": "a", "byteCount": 1, "contentType": "x/y"},
                    {"id": "a1", "name": "a", "byteCount": 1, "contentType": "x/y"}]},
                  {"id": "m2", "role": "user", "text": "", "attachments": [
                    {"id": "a1", "name": "a", "byteCount": 1, "contentType": "x/y"}]}]}
                """
            #expect(
                Self.errors(json) == [
                    #"c.json:5:12: error: messages[0].attachments[2].id: duplicate attachment id "a1"; attachments[0] of this message has it too; expected ids to be unique"#
                ])
        }

        // MARK: Upload state

        @Test(arguments: [
            ("", UploadState.done),
            (#", "upload": "done""#, .done),
            (#", "upload": null"#, .done),
            (#", "upload": {"state": "done"}"#, .done),
            (#", "upload": {"state": "uploading", "progress": 0.45}"#, .uploading(0.45)),
            (#", "upload": {"state": "uploading", "progress": 0}"#, .uploading(0)),
            (#", "upload": {"state": "uploading", "progress": 1}"#, .uploading(1)),
            (#", "upload": {"progress": 1e-1, "state": "uploading"}"#, .uploading(0.1)),
            (#", "upload": {"state": "failed", "reason": "Network lost"}"#, .failed(reason: "Network lost")),
            (#", "upload": {"state": "failed"}"#, .failed(reason: "")),
            (#", "upload": {"state": "failed", "reason": null}"#, .failed(reason: "")),
        ])
        func uploadForms(_ upload: String, _ expected: UploadState) throws {
            let attachment = try Self.onlyAttachment(Self.attachment(#""contentType": "image/png""# + upload))
            #expect(attachment.upload == expected)
        }

        static let uploadExpected = #"expected "done", {"state": "uploading", "progress": 0…1} or {"state": "failed", "reason": "…"}"#

        @Test(arguments: [
            (#""Done""#, #"upload: \#(uploadExpected), found "Done""#),
            (#""uploading""#, #"upload: \#(uploadExpected), found "uploading""#),
            ("0.5", "upload: \(uploadExpected), found a number"),
            ("[]", "upload: \(uploadExpected), found an array"),
            (#"{"state": "paused"}"#, #"upload.state: expected state "uploading", "failed" or "done", found "paused""#),
            (#"{"state": 1}"#, "upload.state: expected a string, found a number"),
            (#"{"progress": 0.5}"#, #"upload.state: missing required field "state"; expected a string"#),
            (#"{"state": "uploading"}"#, #"upload.progress: missing required field "progress"; expected a number from 0 to 1"#),
            (#"{"state": "uploading", "progress": "45%"}"#, "upload.progress: expected a number from 0 to 1, found a string"),
            (#"{"state": "uploading", "progress": null}"#, "upload.progress: expected a number from 0 to 1, found null"),
            (#"{"state": "uploading", "progress": 45}"#, "upload.progress: expected a number from 0 to 1, found 45"),
            (#"{"state": "uploading", "progress": 1.01}"#, "upload.progress: expected a number from 0 to 1, found 1.01"),
            (#"{"state": "uploading", "progress": -0.5}"#, "upload.progress: expected a number from 0 to 1, found -0.5"),
            (#"{"state": "uploading", "progress": -1e-9}"#, "upload.progress: expected a number from 0 to 1, found -1e-09"),
            (#"{"state": "failed", "reason": false}"#, "upload.reason: expected a string or null, found a boolean"),
        ])
        func uploadMistakesAreErrorsNamingThePath(_ upload: String, _ message: String) {
            let diagnostics = Self.errors(Self.attachment(#""contentType": "image/png", "upload": \#(upload)"#))
            #expect(diagnostics.count == 1)
            #expect(
                diagnostics.first.map { $0.hasSuffix(" error: messages[0].attachments[0]." + message) } == true,
                "got \(diagnostics)")
        }

        @Test func uploadErrorPositionsPointAtTheOffendingValue() {
            let json = Self.attachment(#""contentType": "image/png", "upload": {"state": "uploading", "progress": 2}"#)
            #expect(Self.errors(json) == ["c.json:1:187: error: messages[0].attachments[0].upload.progress: expected a number from 0 to 1, found 2"])
            let missing = Self.attachment(#""contentType": "image/png", "upload": {"state": "uploading"}"#)
            #expect(
                Self.errors(missing) == [
                    #"c.json:1:152: error: messages[0].attachments[0].upload.progress: missing required field "progress"; expected a number from 0 to 1"#
                ])
        }

        // MARK: Collecting problems

        @Test func collectsEveryProblemInTheFileInOneThrow() {
            let json = """
                {
                  "title": 1,
                  "messages": [
                    {"id": "m0", "role": "user", "text": "Hi"},
                    {"id": "m1", "role": "bot", "text": 2, "date": "soon"},
                    {"id": "m2", "role": "user", "text": "", "attachments": [
                      {"id": "a0", "name": "a.png", "byteCount": 1, "contentType": "image/png", "url": "javascript:x"},
                      {"id": "a1", "name": "b.png", "byteCount": -3, "contentType": "image/png"},
                      {"id": "a2", "name": "c.png", "byteCount": 1, "contentType": "image/png", "upload": {"state": "uploading", "progress": 7}}]},
                    {"id": "m0", "role": "user", "text": ""}
                  ]
                }
                """
            // Warnings (the javascript: url) travel with the errors, in file order.
            #expect(
                Self.errors(json) == [
                    "c.json:2:12: error: title: expected a string or null, found a number",
                    #"c.json:5:26: error: messages[1].role: expected "user" or "assistant", found "bot""#,
                    "c.json:5:41: error: messages[1].text: expected a string, found a number",
                    #"c.json:5:52: error: messages[1].date: expected an ISO 8601 date such as "2026-03-14" or "2026-03-14T09:41:00Z", found "soon""#,
                    #"c.json:7:88: warning: messages[2].attachments[0].url: the url scheme "javascript" is not allowed; expected a path relative to the conversation file or an http(s) URL; the file is shown without Open or Share"#,
                    "c.json:8:50: error: messages[2].attachments[1].byteCount: expected an integer ≥ 0, found -3",
                    "c.json:9:126: error: messages[2].attachments[2].upload.progress: expected a number from 0 to 1, found 7",
                    #"c.json:10:12: error: messages[3].id: duplicate message id "m0"; messages[0] has it too; expected ids to be unique"#,
                ])
        }

        @Test func aSyntaxErrorStopsBeforeAnyShapeCheck() {
            // With broken JSON there is no tree to check, so exactly one diagnostic comes back.
            #expect(Self.errors(#"{"title": 1, "messages": [}"#) == ["c.json:1:27: error: unexpected '}'; expected a JSON value"])
        }

        @Test func theFileNameInDiagnosticsIsTheOneGiven() {
            do {
                _ = try ConversationLoader.decode(bytes: Array("{}".utf8), file: "chats/Trip to Lisbon.json")
                Issue.record("loaded")
            } catch {
                #expect(error.diagnostics.map(\.file) == ["chats/Trip to Lisbon.json"])
            }
        }
    }
}
