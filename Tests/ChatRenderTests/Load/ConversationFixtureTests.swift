import Testing
@testable import ChatModel
@testable import ChatLoad
@testable import ChatTheme
@testable import ChatPlan
@testable import ChatRenderHTML
@testable import ChatOutput
@testable import ChatAssets
@testable import ChatBrowser
@testable import ChatRender
import TestSupport

extension LoadTests {
    /// Keeps the Swift loader and `schemas/conversation.schema.json` in step: every file in
    /// `Fixtures/conversations/valid/` must load and every file in `invalid/` must fail, here and in
    /// `Tests/schema/test_schema.py`, which checks the same folders against the schema.
    @Suite("Conversation fixtures (shared with the schema test)")
    struct ConversationFixtureTests {
        static let validNames = ConversationFixtures.names(in: "valid")
        static let invalidNames = ConversationFixtures.names(in: "invalid")

        /// The exact diagnostics for each invalid fixture, named by file name alone.
        static let expectedErrors: [String: [String]] = [
            "trailing-comma.json": [
                "trailing-comma.json:1:17: error: unexpected '}'; expected a member name in double quotes"
            ],
            "duplicate-member.json": [
                "duplicate-member.json:1:18: error: duplicate member name \"messages\""
            ],
            "line-break-in-string.json": [
                "line-break-in-string.json:2:27: error: unterminated string; a line break must be written as \\n"
            ],
            "not-an-object.json": [
                "not-an-object.json:1:1: error: (document): expected a conversation object with \"messages\", found an array"
            ],
            "missing-messages.json": [
                "missing-messages.json:1:1: error: messages: missing required field \"messages\"; expected an array of messages, or null while the conversation loads"
            ],
            "messages-not-array.json": [
                "messages-not-array.json:2:15: error: messages: expected an array of messages, or null while the conversation loads; found an object"
            ],
            "title-not-string.json": [
                "title-not-string.json:2:12: error: title: expected a string or null, found a number"
            ],
            "markup-unknown.json": [
                "markup-unknown.json:2:13: error: markup: expected \"inline\", \"full\" or \"auto\", found \"markdown\""
            ],
            "status-unknown.json": [
                "status-unknown.json:5:100: error: messages[0].attachments[0].status: expected \"available\" or \"unavailable\", found \"missing\"",
                "status-unknown.json:6:100: error: messages[0].attachments[1].status: expected a string or null, found a boolean",
            ],
            "unavailable-contradictions.json": [
                "unavailable-contradictions.json:5:122: error: messages[0].attachments[0].url: an unavailable file has no url; expected \"url\" left out, or \"status\": \"available\"",
                "unavailable-contradictions.json:6:120: error: messages[0].attachments[1].preview: an unavailable file has no preview; expected \"preview\" left out, or \"status\": \"available\"",
                "unavailable-contradictions.json:7:125: error: messages[0].attachments[2].upload: an unavailable file has no upload in progress; expected \"upload\" left out or \"done\"",
            ],
            "message-not-object.json": [
                "message-not-object.json:3:5: error: messages[0]: expected a message object, found a string"
            ],
            "message-missing-id.json": [
                "message-missing-id.json:3:5: error: messages[0].id: missing required field \"id\"; expected a string"
            ],
            "message-empty-id.json": [
                "message-empty-id.json:3:13: error: messages[0].id: expected a non-empty string"
            ],
            "message-id-not-string.json": [
                "message-id-not-string.json:3:13: error: messages[0].id: expected a string, found a number"
            ],
            "message-missing-role.json": [
                "message-missing-role.json:3:5: error: messages[0].role: missing required field \"role\"; expected \"user\" or \"assistant\""
            ],
            "message-unknown-role.json": [
                "message-unknown-role.json:3:27: error: messages[0].role: expected \"user\" or \"assistant\", found \"robot\"",
                "message-unknown-role.json:4:27: error: messages[1].role: expected \"user\" or \"assistant\", found \"User\"",
                "message-unknown-role.json:5:27: error: messages[2].role: expected \"user\" or \"assistant\", found null",
            ],
            "message-missing-text.json": [
                "message-missing-text.json:3:5: error: messages[0].text: missing required field \"text\"; expected a string"
            ],
            "message-text-null.json": [
                "message-text-null.json:3:48: error: messages[0].text: expected a string, found null"
            ],
            "attachments-not-array.json": [
                "attachments-not-array.json:3:62: error: messages[0].attachments: expected an array of attachments, found an object"
            ],
            "date-not-iso.json": [
                "date-not-iso.json:3:55: error: messages[0].date: expected an ISO 8601 date such as \"2026-03-14\" or \"2026-03-14T09:41:00Z\", found \"14/03/2026 09:41\"",
                "date-not-iso.json:4:55: error: messages[1].date: expected an ISO 8601 date such as \"2026-03-14\" or \"2026-03-14T09:41:00Z\", found \"2026-03-14T09:41:00ZZ\"",
            ],
            "date-does-not-exist.json": [
                "date-does-not-exist.json:3:55: error: messages[0].date: expected an ISO 8601 date such as \"2026-03-14\" or \"2026-03-14T09:41:00Z\", found \"2026-02-30\"",
                "date-does-not-exist.json:4:55: error: messages[1].date: expected an ISO 8601 date such as \"2026-03-14\" or \"2026-03-14T09:41:00Z\", found \"2026-02-29T10:00:00Z\"",
                "date-does-not-exist.json:5:55: error: messages[2].date: expected an ISO 8601 date such as \"2026-03-14\" or \"2026-03-14T09:41:00Z\", found \"2026-03-14T24:00:00Z\"",
            ],
            "date-not-string.json": [
                "date-not-string.json:3:55: error: messages[0].date: expected a string or null, found a number"
            ],
            "duplicate-message-id.json": [
                "duplicate-message-id.json:5:13: error: messages[2].id: duplicate message id \"m1\"; messages[0] has it too; expected ids to be unique"
            ],
            "duplicate-attachment-id.json": [
                "duplicate-attachment-id.json:5:15: error: messages[0].attachments[1].id: duplicate attachment id \"a1\"; attachments[0] of this message has it too; expected ids to be unique"
            ],
            "attachment-not-object.json": [
                "attachment-not-object.json:3:64: error: messages[0].attachments[0]: expected an attachment object, found a string"
            ],
            "attachment-missing-fields.json": [
                "attachment-missing-fields.json:4:7: error: messages[0].attachments[0].id: missing required field \"id\"; expected a string",
                "attachment-missing-fields.json:4:7: error: messages[0].attachments[0].name: missing required field \"name\"; expected a string",
                "attachment-missing-fields.json:4:7: error: messages[0].attachments[0].byteCount: missing required field \"byteCount\"; expected an integer ≥ 0",
                "attachment-missing-fields.json:4:7: error: messages[0].attachments[0].contentType: missing required field \"contentType\"; expected a string",
            ],
            "attachment-fields-wrong-type.json": [
                "attachment-fields-wrong-type.json:4:29: error: messages[0].attachments[0].name: expected a string, found a number",
                "attachment-fields-wrong-type.json:4:63: error: messages[0].attachments[0].contentType: expected a non-empty string",
                "attachment-fields-wrong-type.json:4:78: error: messages[0].attachments[0].preview: expected a string or null, found a boolean",
                "attachment-fields-wrong-type.json:4:92: error: messages[0].attachments[0].alt: expected a string or null, found an array",
                "attachment-fields-wrong-type.json:4:103: error: messages[0].attachments[0].url: expected a string or null, found a number",
            ],
            "byte-count-negative.json": [
                "byte-count-negative.json:4:51: error: messages[0].attachments[0].byteCount: expected an integer ≥ 0, found -1"
            ],
            "byte-count-fraction.json": [
                "byte-count-fraction.json:4:51: error: messages[0].attachments[0].byteCount: expected a whole number of bytes (an integer ≥ 0 up to 2^63−1), found 1.5"
            ],
            "byte-count-string.json": [
                "byte-count-string.json:4:51: error: messages[0].attachments[0].byteCount: expected an integer ≥ 0, found a string"
            ],
            "byte-count-too-large.json": [
                "byte-count-too-large.json:4:51: error: messages[0].attachments[0].byteCount: expected a whole number of bytes (an integer ≥ 0 up to 2^63−1), found 9.223372036854776e+18"
            ],
            "progress-out-of-range.json": [
                "progress-out-of-range.json:4:128: error: messages[0].attachments[0].upload.progress: expected a number from 0 to 1, found 45",
                "progress-out-of-range.json:5:128: error: messages[0].attachments[1].upload.progress: expected a number from 0 to 1, found -0.1",
                "progress-out-of-range.json:6:128: error: messages[0].attachments[2].upload.progress: expected a number from 0 to 1, found 1.0001",
            ],
            "progress-missing.json": [
                "progress-missing.json:4:92: error: messages[0].attachments[0].upload.progress: missing required field \"progress\"; expected a number from 0 to 1"
            ],
            "progress-not-number.json": [
                "progress-not-number.json:4:128: error: messages[0].attachments[0].upload.progress: expected a number from 0 to 1, found a string"
            ],
            "upload-unknown-word.json": [
                "upload-unknown-word.json:4:92: error: messages[0].attachments[0].upload: expected \"done\", {\"state\": \"uploading\", \"progress\": 0…1} or {\"state\": \"failed\", \"reason\": \"…\"}, found \"pending\""
            ],
            "upload-unknown-state.json": [
                "upload-unknown-state.json:4:103: error: messages[0].attachments[0].upload.state: expected state \"uploading\", \"failed\" or \"done\", found \"paused\""
            ],
            "upload-missing-state.json": [
                "upload-missing-state.json:4:92: error: messages[0].attachments[0].upload.state: missing required field \"state\"; expected a string"
            ],
            "upload-wrong-type.json": [
                "upload-wrong-type.json:4:92: error: messages[0].attachments[0].upload: expected \"done\", {\"state\": \"uploading\", \"progress\": 0…1} or {\"state\": \"failed\", \"reason\": \"…\"}, found a boolean"
            ],
            "failed-reason-not-string.json": [
                "failed-reason-not-string.json:4:123: error: messages[0].attachments[0].upload.reason: expected a string or null, found a number"
            ],
            "many-problems.json": [
                "many-problems.json:5:27: error: messages[1].role: expected \"user\" or \"assistant\", found \"bot\"",
                "many-problems.json:6:43: error: messages[2].text: expected a string, found a number",
                "many-problems.json:9:51: error: messages[3].attachments[1].byteCount: expected an integer ≥ 0, found -20",
                "many-problems.json:11:13: error: messages[4].id: duplicate message id \"m0\"; messages[0] has it too; expected ids to be unique",
            ],
            // Parts, sources, speaker and model: each message has its own problem.
            "duplicate-ids-in-parts.json": [
                "duplicate-ids-in-parts.json:3:89: error: messages[0].sources[1].id: duplicate source id \"s1\"; sources[0] of this message has it too; expected ids to be unique",
                "duplicate-ids-in-parts.json:6:15: error: messages[1].parts[0].messages[1].id: duplicate message id \"t1\"; messages[0] of this transcript has it too; expected ids to be unique",
            ],
            "part-attachment-references.json": [
                "part-attachment-references.json:7:63: error: messages[0].parts[1].attachments[0]: no attachment \"a9\" on this message; expected the id of one of its attachments",
                "part-attachment-references.json:7:69: error: messages[0].parts[1].attachments[1]: attachment \"a1\" is already shown by messages[0].parts[0]; expected each attachment in at most one part",
                "part-attachment-references.json:9:111: error: messages[0].parts[2].messages[0].parts[0].attachments[0]: no attachment \"a2\" on messages[0]; expected the id of one of its attachments (parts inside a transcript name the attachments of the top-level message that holds it)",
                "part-attachment-references.json:12:105: error: messages[1].parts[0].attachments[0]: no attachment \"a1\" on this message; expected the id of one of its attachments",
            ],
            "part-code-execution.json": [
                "part-code-execution.json:3:51: error: messages[0].parts[0].language: missing required field \"language\"; expected a string",
                "part-code-execution.json:4:51: error: messages[1].parts[0].code: missing required field \"code\"; expected a string",
                "part-code-execution.json:5:122: error: messages[2].parts[0].status: expected \"running\", \"ok\", \"error\" or \"rejected\", found \"done\"",
                "part-code-execution.json:6:122: error: messages[3].parts[0].output: expected a string or null, found a number",
            ],
            "part-diff.json": [
                "part-diff.json:3:51: error: messages[0].parts[0]: missing the change; expected \"unified\" (unified diff text) or \"old\" and \"new\" (the text before and after)",
                "part-diff.json:4:80: error: messages[1].parts[0].unified: a diff is either \"unified\" or \"old\" and \"new\", not both; expected one of the two forms",
                "part-diff.json:5:76: error: messages[2].parts[0].old: expected a string or null, found a number",
                "part-diff.json:6:77: error: messages[3].parts[0].path: expected a string or null, found an array",
            ],
            "part-document.json": [
                "part-document.json:3:51: error: messages[0].parts[0].title: missing required field \"title\"; expected a string",
                "part-document.json:4:51: error: messages[1].parts[0].content: missing required field \"content\"; expected a string",
                "part-document.json:5:110: error: messages[2].parts[0].kind: expected \"markdown\", \"code\" or \"text\", found \"html\"",
                "part-document.json:6:114: error: messages[3].parts[0].versions: expected an array of earlier versions (strings, oldest first), found a string",
                "part-document.json:7:121: error: messages[4].parts[0].versions[1]: expected a string (an earlier version of the content), found null",
                "part-document.json:8:114: error: messages[5].parts[0].language: expected a string or null, found a number",
            ],
            "part-notice.json": [
                "part-notice.json:3:51: error: messages[0].parts[0].text: missing required field \"text\"; expected a string",
                "part-notice.json:4:79: error: messages[1].parts[0].kind: expected \"info\", \"compacted\", \"memory\", \"interrupted\", \"error\" or \"command\", found \"warning\"",
                "part-notice.json:5:102: error: messages[2].parts[0].detail: expected a string or null, found an object",
            ],
            "part-shape.json": [
                "part-shape.json:3:49: error: messages[0].parts: expected an array of parts, found an object",
                "part-shape.json:4:51: error: messages[1].parts[0]: expected a part object, found a string",
                "part-shape.json:5:51: error: messages[2].parts[0].type: missing required field \"type\"; expected a part type such as \"text\" or \"toolCall\"",
                "part-shape.json:6:61: error: messages[3].parts[0].type: expected a part type (a string such as \"text\" or \"toolCall\"), found a number",
                "part-shape.json:7:48: error: messages[4].text: found both \"text\" and \"parts\"; expected the text as a {\"type\": \"text\"} part in \"parts\", or no \"parts\"",
                "part-shape.json:8:48: error: messages[5].text: expected a string or null, found a number",
                "part-shape.json:9:5: error: messages[6].text: missing required field \"text\"; expected a string",
            ],
            "part-terminal.json": [
                "part-terminal.json:3:51: error: messages[0].parts[0].output: missing required field \"output\"; expected a string",
                "part-terminal.json:4:99: error: messages[1].parts[0].exitCode: expected an integer, found 1.5",
                "part-terminal.json:5:99: error: messages[2].parts[0].exitCode: expected an integer, found a string",
                "part-terminal.json:6:98: error: messages[3].parts[0].command: expected a string or null, found an array",
            ],
            "part-text.json": [
                "part-text.json:3:51: error: messages[0].parts[0].text: missing required field \"text\"; expected a string",
                "part-text.json:4:77: error: messages[1].parts[0].text: expected a string, found null",
                "part-text.json:5:77: error: messages[2].parts[0].text: expected a string, found an array",
            ],
            "part-thinking.json": [
                "part-thinking.json:3:51: error: messages[0].parts[0].text: missing required field \"text\"; expected a string",
                "part-thinking.json:4:104: error: messages[1].parts[0].durationSeconds: expected a number of seconds ≥ 0, found -3",
                "part-thinking.json:5:104: error: messages[2].parts[0].durationSeconds: expected a number of seconds ≥ 0, found a string",
                "part-thinking.json:6:96: error: messages[3].parts[0].summary: expected a string or null, found a number",
            ],
            "part-tool-call.json": [
                "part-tool-call.json:3:51: error: messages[0].parts[0].name: missing required field \"name\"; expected a string",
                "part-tool-call.json:4:81: error: messages[1].parts[0].name: expected a non-empty string",
                "part-tool-call.json:5:99: error: messages[2].parts[0].status: expected \"running\", \"ok\", \"error\" or \"rejected\", found \"failed\"",
                "part-tool-call.json:6:99: error: messages[3].parts[0].result: expected a string or null, found an object",
                "part-tool-call.json:7:98: error: messages[4].parts[0].title: expected a string or null, found a boolean",
                "part-tool-call.json:8:104: error: messages[5].parts[0].attachments: expected an array of attachment ids, found a string",
                "part-tool-call.json:9:105: error: messages[6].parts[0].attachments[0]: expected an attachment id (a string naming one of the message's attachments), found a number",
            ],
            "part-transcript.json": [
                "part-transcript.json:3:51: error: messages[0].parts[0].title: missing required field \"title\"; expected a string",
                "part-transcript.json:4:51: error: messages[1].parts[0].messages: missing required field \"messages\"; expected an array of messages",
                "part-transcript.json:5:101: error: messages[2].parts[0].messages: expected an array of messages, found an object",
                "part-transcript.json:6:103: error: messages[3].parts[0].messages[0].role: missing required field \"role\"; expected \"user\" or \"assistant\"",
                "part-transcript.json:8:64: error: messages[4].parts[0].messages[0].attachments: a message inside a transcript has no attachments of its own; expected its files in the attachments of messages[4], named by id from its parts",
                "part-transcript.json:10:50: error: messages[5].parts[0].messages[0].text: found both \"text\" and \"parts\"; expected the text as a {\"type\": \"text\"} part in \"parts\", or no \"parts\"",
                "part-transcript.json:11:103: error: messages[6].parts[0].messages[0]: expected a message object, found a string",
                "part-transcript.json:12:100: error: messages[7].parts[0].started: expected an ISO 8601 date such as \"2026-03-14T09:41:00Z\", found \"yesterday\"",
                "part-transcript.json:13:98: error: messages[8].parts[0].ended: expected a string or null, found a number",
            ],
            "sources-wrong-shape.json": [
                "sources-wrong-shape.json:3:63: error: messages[0].sources: expected an array of sources, found an object",
                "sources-wrong-shape.json:4:65: error: messages[1].sources[0]: expected a source object, found a string",
                "sources-wrong-shape.json:5:65: error: messages[2].sources[0].id: missing required field \"id\"; expected a string",
                "sources-wrong-shape.json:6:88: error: messages[3].sources[0].title: expected a string or null, found a number",
                "sources-wrong-shape.json:7:86: error: messages[4].sources[0].url: expected a string or null, found a boolean",
            ],
            "speaker-model-wrong-type.json": [
                "speaker-model-wrong-type.json:3:63: error: messages[0].speaker: expected a string or null, found a number",
                "speaker-model-wrong-type.json:4:61: error: messages[1].model: expected a string or null, found an object",
            ],
            "version-wrong.json": [
                "version-wrong.json:3:63: error: messages[0].version: expected an object with \"index\" and \"count\", found a string",
                "version-wrong.json:4:63: error: messages[1].version: expected 1 ≤ index ≤ count, found index 0 and count 3",
                "version-wrong.json:5:63: error: messages[2].version.count: missing required field \"count\"; expected a whole number",
                "version-wrong.json:6:86: error: messages[3].version.count: expected an integer, found a string",
            ],
            "transcript-too-deep.json": [
                "transcript-too-deep.json:71:37: error: messages[0].parts[0].messages[0].parts[0].messages[0].parts[0].messages[0].parts[0].messages[0].parts[0].messages[0].parts[0].messages[0].parts[0].messages[0].parts[0].messages[0].parts[0]: a transcript inside 8 others; expected at most 8 transcripts inside one another"
            ],
            "redaction-counts.json": [
                "redaction-counts.json:3:31: error: redaction.credential: expected how many were masked, an integer ≥ 0, found -1",
                "redaction-counts.json:3:50: error: redaction[\"home folder\"]: expected how many were masked, an integer ≥ 0, found a string",
            ],
        ]

        /// Warnings a valid fixture is expected to produce; every other valid fixture loads without any.
        static let expectedWarnings: [String: [String]] = [
            "url-forms.json": [
                "url-forms.json:7:90: warning: messages[0].attachments[3].url: the url scheme \"javascript\" is not allowed; expected a path relative to the conversation file or an http(s) URL; the file is shown without Open or Share",
                "url-forms.json:8:88: warning: messages[0].attachments[4].url: the url scheme \"data\" is not allowed; expected a path relative to the conversation file or an http(s) URL; the file is shown without Open or Share",
                "url-forms.json:9:97: warning: messages[0].attachments[5].url: a protocol-relative url (starting with //) is not allowed; expected a path relative to the conversation file or an http(s) URL; the file is shown without Open or Share",
                "url-forms.json:10:97: warning: messages[0].attachments[6].url: the url starts or ends with whitespace; expected a path relative to the conversation file or an http(s) URL; the file is shown without Open or Share",
                "url-forms.json:11:94: warning: messages[0].attachments[7].url: the url contains a control character; expected a path relative to the conversation file or an http(s) URL; the file is shown without Open or Share",
                "url-forms.json:12:95: warning: messages[0].attachments[8].url: the url contains a backslash; expected a path relative to the conversation file or an http(s) URL; the file is shown without Open or Share",
                "url-forms.json:16:81: warning: messages[1].parts[1].url: the url scheme \"javascript\" is not allowed; expected an http(s) URL such as \"https://example.com/page\"; the call is shown without the link",
                "url-forms.json:17:81: warning: messages[1].parts[2].url: the url is not an absolute http(s) URL; expected an http(s) URL such as \"https://example.com/page\"; the call is shown without the link",
            ],
            "parts-unknown-type.json": [
                "parts-unknown-type.json:5:17: warning: messages[0].parts[1].type: unknown part type \"hologram\"; expected \"text\", \"thinking\", \"toolCall\", \"codeExecution\", \"diff\", \"terminal\", \"document\", \"notice\" or \"transcript\"; the part is skipped",
                "parts-unknown-type.json:6:17: warning: messages[0].parts[2].type: unknown part type \"tool_call\"; expected \"toolCall\" (part types are written in camelCase); the part is skipped",
                "parts-unknown-type.json:7:17: warning: messages[0].parts[3].type: unknown part type \"Thinking\"; expected \"thinking\" (part types are written in camelCase); the part is skipped",
                "parts-unknown-type.json:9:65: warning: messages[0].parts[4].messages[0].parts[0].type: unknown part type \"poll\"; expected \"text\", \"thinking\", \"toolCall\", \"codeExecution\", \"diff\", \"terminal\", \"document\", \"notice\" or \"transcript\"; the part is skipped",
            ],
            "sources.json": [
                "sources.json:7:27: warning: messages[0].sources[3].url: the url scheme \"javascript\" is not allowed; expected an http(s) URL such as \"https://example.com/page\"; the source is shown without a link",
                "sources.json:8:27: warning: messages[0].sources[4].url: the url is not an absolute http(s) URL; expected an http(s) URL such as \"https://example.com/page\"; the source is shown without a link",
            ],
        ]

        @Test func theFixtureFoldersAreFoundAndCoverEnoughCases() {
            #expect(Self.validNames.count >= 10)
            #expect(Self.invalidNames.count >= 25)
            #expect(Self.validNames.count + Self.invalidNames.count >= 25)
        }

        @Test func everyInvalidFixtureHasExpectedDiagnosticsAndNoEntryIsStale() {
            #expect(Set(Self.invalidNames) == Set(Self.expectedErrors.keys))
            #expect(Set(Self.expectedWarnings.keys).isSubset(of: Set(Self.validNames)))
        }

        @Test(arguments: validNames)
        func validFixtureLoads(_ name: String) throws {
            let (_, warnings) = try ConversationLoader.load(path: ConversationFixtures.path("valid", name), displayPath: name)
            #expect(warnings.map(\.description) == Self.expectedWarnings[name, default: []])
            #expect(warnings.allSatisfy { $0.severity == .warning })
        }

        @Test(arguments: invalidNames)
        func invalidFixtureFailsWithExactDiagnostics(_ name: String) {
            do {
                let (conversation, _) = try ConversationLoader.load(path: ConversationFixtures.path("invalid", name), displayPath: name)
                Issue.record("\(name) loaded, but it should fail: \(conversation)")
            } catch {
                #expect(error.kind == .badData)
                #expect(error.diagnostics.map(\.description) == Self.expectedErrors[name, default: ["(no expectation in the table)"]])
                #expect(error.diagnostics.allSatisfy { $0.severity == .error })
            }
        }
    }
}
