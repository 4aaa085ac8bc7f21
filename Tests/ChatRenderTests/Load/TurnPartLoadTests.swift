import Foundation
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
    /// A message's `parts`, `sources`, `speaker` and `model` in the native format. The shared
    /// fixtures (`parts-*.json`, `part-*.json`) check the same rules against the schema; these
    /// tests pin the decoded values and the exact messages.
    @Suite("Turn parts")
    struct TurnPartLoadTests {
        // MARK: Helpers

        private static func load(_ json: String) throws(DiagnosticError) -> (Conversation, [Diagnostic]) {
            try ConversationLoader.decode(bytes: Array(json.utf8), file: "c.json")
        }

        /// The descriptions of the diagnostics thrown for `json`; records an issue when it loads.
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

        /// A one-message conversation: an assistant turn whose parts are `parts` (JSON text), and
        /// whose other members after id and role are `fields`. The parts array starts at column 58.
        private static func turn(_ parts: String, _ fields: String = "") -> String {
            #"{"messages": [{"id": "m1", "role": "assistant", "parts": [\#(parts)]\#(fields)}]}"#
        }

        /// The parts of the only message of `json`, with its warnings.
        private static func parts(_ json: String) throws -> ([TurnPart], [String]) {
            let (conversation, warnings) = try load(json)
            let message = try #require(conversation.messages?.first)
            return (message.parts, warnings.map(\.description))
        }

        private static func onlyPart(_ part: String) throws -> TurnPart {
            let (parts, warnings) = try Self.parts(turn(part))
            #expect(warnings.isEmpty)
            #expect(parts.count == 1)
            return try #require(parts.first)
        }

        // MARK: One test per part type

        @Test func aTextPart() throws {
            #expect(try Self.onlyPart(#"{"type": "text", "text": "Use **UTC**[^s1]."}"#) == .text("Use **UTC**[^s1]."))
        }

        @Test func aThinkingPart() throws {
            let full = try Self.onlyPart(#"{"type": "thinking", "text": "Hm.", "durationSeconds": 41.5, "summary": "Weighing it"}"#)
            #expect(full == .thinking(ThinkingPart(text: "Hm.", duration: 41.5, summary: "Weighing it")))
            let bare = try Self.onlyPart(#"{"type": "thinking", "text": "", "durationSeconds": 0}"#)
            #expect(bare == .thinking(ThinkingPart(text: "", duration: 0)))
        }

        @Test func aToolCallPart() throws {
            let json = Self.turn(
                #"{"type": "toolCall", "name": "browser.open", "title": "Open the page", "input": "https://example.com", "status": "rejected", "result": "declined", "attachments": ["a1"]}"#,
                #", "attachments": [{"id": "a1", "name": "s.png", "byteCount": 1, "contentType": "image/png"}]"#)
            let (parts, warnings) = try Self.parts(json)
            #expect(warnings.isEmpty)
            #expect(
                parts == [
                    .toolCall(
                        ToolCallPart(
                            name: "browser.open", title: "Open the page", input: "https://example.com",
                            status: .rejected, result: "declined", attachmentIDs: ["a1"]))
                ])
            #expect(try Self.onlyPart(#"{"type": "toolCall", "name": "Bash"}"#) == .toolCall(ToolCallPart(name: "Bash", status: .ok)))
        }

        @Test(arguments: ToolStatus.allCases)
        func everyToolStatusIsRead(_ status: ToolStatus) throws {
            let part = try Self.onlyPart(#"{"type": "toolCall", "name": "x", "status": "\#(status.rawValue)"}"#)
            #expect(part == .toolCall(ToolCallPart(name: "x", status: status)))
        }

        @Test func aToolCallsInputThatIsNotAStringIsKeptAsIndentedJSONInTheFilesOrder() throws {
            let part = try Self.onlyPart(
                #"{"type": "toolCall", "name": "x", "input": {"query": "tram 28", "limit": 5, "ratio": 0.5, "tags": ["a", true, null], "empty": {}, "none": [], "quote": "say \"hi\"\n"}}"#
            )
            let expected = """
                {
                  "query": "tram 28",
                  "limit": 5,
                  "ratio": 0.5,
                  "tags": [
                    "a",
                    true,
                    null
                  ],
                  "empty": {},
                  "none": [],
                  "quote": "say \\"hi\\"\\n"
                }
                """
            #expect(part == .toolCall(ToolCallPart(name: "x", input: expected)))
            #expect(try Self.onlyPart(#"{"type": "toolCall", "name": "x", "input": 42}"#) == .toolCall(ToolCallPart(name: "x", input: "42")))
            #expect(try Self.onlyPart(#"{"type": "toolCall", "name": "x", "input": null}"#) == .toolCall(ToolCallPart(name: "x")))
        }

        @Test func aCodeExecutionPart() throws {
            let json = Self.turn(
                #"{"type": "codeExecution", "language": "python", "code": "print(1)", "output": "1\n", "status": "error", "attachments": ["c"]}"#,
                #", "attachments": [{"id": "c", "name": "chart.png", "byteCount": 1, "contentType": "image/png"}]"#)
            let (parts, _) = try Self.parts(json)
            #expect(parts == [.codeExecution(CodeExecutionPart(language: "python", code: "print(1)", output: "1\n", status: .error, attachmentIDs: ["c"]))])
        }

        @Test func aDiffPartInEitherForm() throws {
            #expect(
                try Self.onlyPart(#"{"type": "diff", "path": "a.py", "unified": "@@ -1 +1 @@\n-a\n+b\n"}"#)
                    == .diff(DiffPart(path: "a.py", unified: "@@ -1 +1 @@\n-a\n+b\n")))
            #expect(try Self.onlyPart(#"{"type": "diff", "old": "a\n", "new": "b\n", "unified": null}"#) == .diff(DiffPart(old: "a\n", new: "b\n")))
            #expect(try Self.onlyPart(#"{"type": "diff", "new": "created\n"}"#) == .diff(DiffPart(new: "created\n")))
            #expect(try Self.onlyPart(#"{"type": "diff", "old": "deleted\n"}"#) == .diff(DiffPart(old: "deleted\n")))
        }

        @Test func aTerminalPart() throws {
            #expect(
                try Self.onlyPart(#"{"type": "terminal", "command": "make test", "output": "\u001b[31mFAIL\u001b[0m\n", "exitCode": 2}"#)
                    == .terminal(TerminalPart(command: "make test", output: "\u{1B}[31mFAIL\u{1B}[0m\n", exitCode: 2)))
            // Like byteCount, a whole number written with a fraction or exponent is a whole number.
            #expect(try Self.onlyPart(#"{"type": "terminal", "output": "", "exitCode": -1.0}"#) == .terminal(TerminalPart(output: "", exitCode: -1)))
        }

        @Test func aDocumentPart() throws {
            #expect(
                try Self.onlyPart(#"{"type": "document", "title": "plan.py", "kind": "code", "language": "python", "content": "v3", "versions": ["v1", "v2"]}"#)
                    == .document(DocumentPart(title: "plan.py", kind: .code, language: "python", content: "v3", versions: ["v1", "v2"])))
            #expect(
                try Self.onlyPart(##"{"type": "document", "title": "Notes", "content": "# Hi"}"##)
                    == .document(DocumentPart(title: "Notes", kind: .markdown, content: "# Hi")))
        }

        @Test(arguments: NoticeKind.allCases)
        func aNoticePartOfEveryKind(_ kind: NoticeKind) throws {
            #expect(
                try Self.onlyPart(#"{"type": "notice", "kind": "\#(kind.rawValue)", "text": "Line", "detail": "More"}"#)
                    == .notice(NoticePart(kind: kind, text: "Line", detail: "More")))
        }

        @Test func aNoticeIsInfoByDefault() throws {
            #expect(try Self.onlyPart(#"{"type": "notice", "text": "Line"}"#) == .notice(NoticePart(kind: .info, text: "Line")))
        }

        @Test func aTranscriptPartHoldsMessagesReadByTheSameRules() throws {
            let json = Self.turn(
                #"""
                {"type": "transcript", "title": "Explore", "messages": [
                  {"id": "t1", "role": "user", "text": "Look around", "date": "2026-03-14"},
                  {"id": "t2", "role": "assistant", "speaker": "Explorer", "model": "small-1", "parts": [
                    {"type": "toolCall", "name": "ls", "attachments": ["a1"]},
                    {"type": "text", "text": "Found it[^s]."}],
                   "sources": [{"id": "s", "url": "https://example.com"}]}]}
                """#, #", "attachments": [{"id": "a1", "name": "ls.txt", "byteCount": 1, "contentType": "text/plain"}]"#)
            let (parts, warnings) = try Self.parts(json)
            #expect(warnings.isEmpty)
            var inner = Message(id: "t2", role: .assistant, text: "")
            inner.speaker = "Explorer"
            inner.model = "small-1"
            inner.parts = [.toolCall(ToolCallPart(name: "ls", attachmentIDs: ["a1"])), .text("Found it[^s].")]
            inner.sources = [Source(id: "s", url: "https://example.com")]
            let first = Message(id: "t1", role: .user, text: "Look around", date: ChatDate(iso: "2026-03-14"))
            #expect(parts == [.transcript(TranscriptPart(title: "Explore", messages: [first, inner]))])
        }

        // MARK: Sources, speaker, model

        @Test func sourcesSpeakerAndModelAreRead() throws {
            let json =
                #"{"messages": [{"id": "m1", "role": "assistant", "text": "Yes[^a].", "speaker": "Scout", "model": "gpt-4o", "sources": [{"id": "a", "title": "A", "url": "https://a.example/x", "snippet": "quoted"}, {"id": "b"}]}]}"#
            let (conversation, warnings) = try Self.load(json)
            #expect(warnings.isEmpty)
            let message = try #require(conversation.messages?.first)
            #expect(message.text == "Yes[^a].")
            #expect(message.speaker == "Scout")
            #expect(message.model == "gpt-4o")
            #expect(message.sources == [Source(id: "a", title: "A", url: "https://a.example/x", snippet: "quoted"), Source(id: "b")])
        }

        @Test(arguments: [
            ("javascript:alert(1)", "the url scheme \"javascript\" is not allowed"),
            ("notes/guide.md", "the url is not an absolute http(s) URL"),
            ("//example.com/x", "a protocol-relative url (starting with //) is not allowed"),
            ("", "the url is empty"),
        ])
        func aSourceURLThatIsNotHTTPIsAWarningAndDropped(_ url: String, _ reason: String) throws {
            // The url value starts at column 106.
            let json = #"{"messages": [{"id": "m1", "role": "assistant", "text": "", "sources": [{"id": "s", "title": "T", "url": "\#(url)"}]}]}"#
            let (conversation, warnings) = try Self.load(json)
            #expect(conversation.messages?.first?.sources == [Source(id: "s", title: "T")])
            #expect(
                warnings.map(\.description) == [
                    "c.json:1:106: warning: messages[0].sources[0].url: \(reason); expected an http(s) URL such as \"https://example.com/page\"; the source is shown without a link"
                ])
        }

        // MARK: text and parts

        @Test func textMayBeLeftOutOrNullOrEmptyBesideParts() throws {
            for text in ["", #", "text": null"#, #", "text": """#] {
                let (conversation, _) = try Self.load(Self.turn(#"{"type": "text", "text": "Hi"}"#, text))
                let message = try #require(conversation.messages?.first)
                #expect(message.text == "")
                #expect(message.parts == [.text("Hi")])
            }
        }

        @Test func textAndPartsTogetherIsAnErrorThatSaysWhichToUse() {
            #expect(
                Self.errors(Self.turn(#"{"type": "text", "text": "Hi"}"#, #", "text": "Hello""#)) == [
                    #"c.json:1:100: error: messages[0].text: found both "text" and "parts"; expected the text as a {"type": "text"} part in "parts", or no "parts""#
                ])
        }

        @Test func anEmptyPartsListWithNoTextIsAnEmptyTurn() throws {
            let (conversation, _) = try Self.load(Self.turn(""))
            #expect(conversation.messages == [Message(id: "m1", role: .assistant, text: "")])
        }

        @Test func anEmptyPartsListBesideTextIsJustText() throws {
            let (conversation, _) = try Self.load(Self.turn("", #", "text": "Hello""#))
            #expect(conversation.messages == [Message(id: "m1", role: .assistant, text: "Hello")])
        }

        @Test func withoutPartsTextIsStillRequired() {
            #expect(
                Self.errors(#"{"messages": [{"id": "m1", "role": "user", "parts": null}]}"#) == [
                    #"c.json:1:15: error: messages[0].text: missing required field "text"; expected a string"#
                ])
        }

        // MARK: Unknown types

        @Test func anUnknownPartTypeIsAWarningAndThePartIsSkipped() throws {
            let (parts, warnings) = try Self.parts(
                Self.turn(#"{"type": "text", "text": "a"}, {"type": "poll", "options": [1]}, {"type": "text", "text": "b"}"#))
            #expect(parts == [.text("a"), .text("b")])
            #expect(
                warnings == [
                    #"c.json:1:99: warning: messages[0].parts[1].type: unknown part type "poll"; expected "text", "thinking", "toolCall", "codeExecution", "diff", "terminal", "document", "notice" or "transcript"; the part is skipped"#
                ])
        }

        @Test(arguments: ["tool_call", "ToolCall", "tool-call", "TOOL_CALL"])
        func aPartTypeSpelledAnotherWayNamesTheCamelCaseOne(_ type: String) {
            #expect(
                ConversationLoader.unknownPartType(type)
                    == "unknown part type \"\(type)\"; expected \"toolCall\" (part types are written in camelCase); the part is skipped")
        }

        @Test func anUnknownPartIsNotCheckedFurther() throws {
            // Its members may be anything: a later version defines them.
            let (parts, warnings) = try Self.parts(Self.turn(#"{"type": "chart", "text": 5, "attachments": "all"}"#))
            #expect(parts.isEmpty)
            #expect(warnings.count == 1)
        }

        // MARK: Attachments named by parts

        @Test func partsMayOnlyNameTheirMessagesAttachmentsEachOnce() {
            let json = Self.turn(
                #"{"type": "toolCall", "name": "a", "attachments": ["a1", "zz"]}, {"type": "codeExecution", "language": "r", "code": "", "attachments": ["a1"]}"#,
                #", "attachments": [{"id": "a1", "name": "s.png", "byteCount": 1, "contentType": "image/png"}]"#)
            #expect(
                Self.errors(json) == [
                    #"c.json:1:115: error: messages[0].parts[0].attachments[1]: no attachment "zz" on this message; expected the id of one of its attachments"#,
                    #"c.json:1:194: error: messages[0].parts[1].attachments[0]: attachment "a1" is already shown by messages[0].parts[0]; expected each attachment in at most one part"#,
                ])
        }

        @Test func anAttachmentWithOtherErrorsIsStillKnownToParts() {
            // One error, not a second one about the reference.
            let json = Self.turn(
                #"{"type": "toolCall", "name": "a", "attachments": ["a1"]}"#,
                #", "attachments": [{"id": "a1", "name": "s.png", "byteCount": -1, "contentType": "image/png"}]"#)
            #expect(Self.errors(json).count == 1)
        }

        // MARK: Limits

        @Test func moreThanTheLimitOfPartsIsRefused() {
            let many = Array(repeating: #"{"type": "text", "text": ""}"#, count: ConversationLoader.maxPartsPerMessage + 1).joined(separator: ",")
            #expect(
                Self.errors(Self.turn(many)) == [
                    "c.json:1:58: error: messages[0].parts: 10001 parts; expected at most 10000 on one message"
                ])
            let enough = Array(repeating: #"{"type": "text", "text": ""}"#, count: ConversationLoader.maxPartsPerMessage).joined(separator: ",")
            #expect(throws: Never.self) { try Self.load(Self.turn(enough)) }
        }

        @Test func moreThanTheLimitOfVersionsOrSourcesIsRefused() {
            let versions = Array(repeating: #""v""#, count: ConversationLoader.maxDocumentVersions + 1).joined(separator: ",")
            #expect(
                Self.errors(Self.turn(#"{"type": "document", "title": "", "content": "", "versions": [\#(versions)]}"#)) == [
                    "c.json:1:120: error: messages[0].parts[0].versions: 101 versions; expected at most 100 on one document"
                ])
            let sources = (0...ConversationLoader.maxSourcesPerMessage).map { #"{"id": "s\#($0)"}"# }.joined(separator: ",")
            #expect(
                Self.errors(Self.turn("", #", "sources": [\#(sources)]"#)) == [
                    "c.json:1:73: error: messages[0].sources: 1001 sources; expected at most 1000 on one message"
                ])
        }

        /// A message `levels` transcripts deep.
        private static func nested(_ levels: Int) -> String {
            var message = #"{"id": "deep", "role": "assistant", "text": "bottom"}"#
            for level in 0..<levels {
                message = #"{"id": "t\#(level)", "role": "assistant", "parts": [{"type": "transcript", "title": "L", "messages": [\#(message)]}]}"#
            }
            return #"{"messages": [\#(message)]}"#
        }

        @Test func transcriptsNestEightDeepAndNoDeeper() throws {
            let (conversation, _) = try Self.load(Self.nested(ConversationLoader.maxTranscriptDepth))
            var message = try #require(conversation.messages?.first)
            var depth = 0
            while case .transcript(let transcript)? = message.parts.first {
                message = try #require(transcript.messages.first)
                depth += 1
            }
            #expect(depth == 8)
            #expect(message.text == "bottom")
            let path = "messages[0]" + String(repeating: ".parts[0].messages[0]", count: 8) + ".parts[0]"
            #expect(
                Self.errors(Self.nested(9)) == [
                    "c.json:1:811: error: \(path): a transcript inside 8 others; expected at most 8 transcripts inside one another"
                ])
        }

        // MARK: The example

        @Test func thePartsExampleLoadsCleanlyAndUsesEveryPartType() throws {
            let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("examples/parts/conversation.json").path
            let (conversation, warnings) = try ConversationLoader.load(path: path, displayPath: "conversation.json")
            #expect(warnings.isEmpty)
            var kinds: Set<String> = []
            func walk(_ messages: [Message]) {
                for message in messages {
                    for part in message.parts {
                        switch part {
                        case .text: kinds.insert("text")
                        case .thinking: kinds.insert("thinking")
                        case .toolCall: kinds.insert("toolCall")
                        case .codeExecution: kinds.insert("codeExecution")
                        case .diff: kinds.insert("diff")
                        case .terminal: kinds.insert("terminal")
                        case .document: kinds.insert("document")
                        case .notice: kinds.insert("notice")
                        case .transcript(let transcript):
                            kinds.insert("transcript")
                            walk(transcript.messages)
                        }
                    }
                }
            }
            walk(conversation.messages ?? [])
            #expect(kinds == Set(ConversationLoader.partTypes))
            #expect(conversation.messages?.flatMap(\.sources).count == 3)
        }

        // MARK: Old files

        @Test func filesWithoutPartsLoadAsBeforeWithNoPartsOrSources() throws {
            for name in ConversationFixtureTests.validNames {
                let path = ConversationFixtures.path("valid", name)
                let text = try String(contentsOfFile: path, encoding: .utf8)
                // unknown-fields.json has a "model" string that was ignored and is now read as the model's name.
                guard !text.contains("\"parts\""), !text.contains("\"sources\"") else { continue }
                let (conversation, _) = try ConversationLoader.load(path: path, displayPath: name)
                for message in conversation.messages ?? [] {
                    #expect(message.parts.isEmpty && message.sources.isEmpty && message.speaker == nil, "\(name)")
                }
            }
        }
    }
}
