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

/// The importers read their fixtures (Fixtures/import/) into conversations; bad input is reported
/// with the file, line:column and JSON path of every problem.
@Suite struct ImporterTests {
    static let folder = TestPaths.fixture("import")

    func read(_ format: ImportFormat, _ relative: String, includeSystem: Bool = false) throws -> ([ImportedChat], [String]) {
        let (chats, warnings) = try Importer.read(
            ImportRequest(
                format: format, inputPath: TestPaths.fixture("import/" + relative),
                outputDirectory: "unused", includeSystem: includeSystem))
        return (chats, warnings.map { $0.description.replacingOccurrences(of: Self.folder + "/", with: "") })
    }

    func errors(_ format: ImportFormat, _ relative: String) -> [String] {
        do {
            _ = try Importer.read(ImportRequest(format: format, inputPath: TestPaths.fixture("import/" + relative), outputDirectory: "unused"))
            return []
        } catch {
            return error.diagnostics.map { $0.description.replacingOccurrences(of: Self.folder + "/", with: "") }
        }
    }

    func bytes(_ attachment: ImportedAttachment) -> [UInt8]? {
        if case .bytes(let bytes) = attachment.content { return bytes }
        return nil
    }

    /// A screenshot pasted into many prompts is written once: its turns share the file (and the
    /// page then makes its photos once); other bytes or another name get a file of their own.
    @Test func theSameBytesUnderTheSameNameAreWrittenOnce() throws {
        let folder = TestPaths.temporaryFolder("import-dedupe")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        func turn(_ id: String, _ name: String, _ bytes: [UInt8]) -> ImportedTurn {
            var turn = ImportedTurn(id: id, role: .user, text: "see")
            turn.attachments = [ImportedAttachment(name: name, contentType: "image/png", byteCount: Int64(bytes.count), content: .bytes(bytes))]
            return turn
        }
        let chat = ImportedChat(
            title: "Shots", date: nil,
            turns: [
                turn("1", "image.png", [1, 2, 3]), turn("2", "image.png", [1, 2, 3]),
                turn("3", "image.png", [4, 5]), turn("4", "other.png", [1, 2, 3]),
            ])
        let output = try StagingFolder(replacing: folder + "/out")
        _ = try ImportWriter.write([chat], into: output)
        try output.commit()
        let files = try FileManager.default.contentsOfDirectory(atPath: folder + "/out/files/shots").sorted()
        #expect(files == ["image-2.png", "image.png", "other.png"])
        let native = try String(contentsOfFile: folder + "/out/shots.json", encoding: .utf8)
        #expect(native.components(separatedBy: "\"files/shots/image.png\"").count - 1 == 2)
    }

    // MARK: OpenAI

    @Test func openAIEveryPartType() throws {
        let (chats, warnings) = try read(.openai, "openai/trip.json")
        #expect(
            warnings == [
                "openai/trip.json:11:42: warning: [4].content[4].file.file_id: the file \"file-abc123\" was uploaded through the Files API and its content is not in the input; shown as unavailable"
            ])
        let chat = try #require(chats.first)
        #expect(chat.title == "trip")
        #expect(chat.turns.map(\.role) == [.user, .assistant, .user, .assistant, .assistant])
        #expect(chat.turns.map(\.id) == ["m1", "m2", "m3", "m4", "m5"])
        #expect(chat.turns[4].text == "I cannot book tickets.")
        let parts = chat.turns[2].attachments
        #expect(parts.map(\.name) == ["image.png", "tram 28.jpg", "booking.pdf", "notes.txt", "audio.wav"])
        #expect(parts.map(\.contentType) == ["image/png", "text/uri-list", "application/pdf", "text/plain", "audio/wav"])
        #expect(parts.map(\.byteCount) == [73, 0, 45, 0, 12])
        #expect(bytes(parts[0])?.prefix(4) == [0x89, 0x50, 0x4E, 0x47])
        #expect(parts[1].content == .remote("https://example.com/photos/tram%2028.jpg"))
        #expect(bytes(parts[2]).map { String(decoding: $0.prefix(5), as: UTF8.self) } == "%PDF-")
        #expect(parts[3].content == .unavailable)
    }

    @Test func openAISystemDeveloperAndToolTurnsOnlyWhenAsked() throws {
        let (chats, _) = try read(.openai, "openai/trip.json", includeSystem: true)
        let texts = try #require(chats.first).turns.map(\.text)
        #expect(texts.count == 9)
        #expect(texts[0] == "**System**\n\nYou are a travel assistant.")
        #expect(texts[1] == "**Developer**\n\nAnswer in English.")
        #expect(texts[5] == "**Tool call:** `lookup_timetable`\n\n```json\n{\"line\": 28}\n```")
        #expect(texts[6] == "**Tool result (call_1)**\n\nevery 10 minutes")
    }

    @Test func openAIBadInput() {
        #expect(
            errors(.openai, "openai/bad.json") == [
                "openai/bad.json:4:14: error: messages[0].role: expected one of \"system\", \"developer\", \"user\", \"assistant\", \"tool\", \"function\", found \"bot\"",
                "openai/bad.json:5:33: error: messages[1].content: expected a string or an array of content parts, found a number",
                "openai/bad.json:6:69: error: messages[2].content[0].image_url.url: missing required field \"url\"; expected a string",
                "openai/bad.json:7:94: error: messages[3].content[0].file.file_data: expected base64 data or a data: URL",
                "openai/bad.json:8:34: error: messages[4].content[0].type: missing required field \"type\"; expected a string",
            ])
        #expect(errors(.openai, "openai/syntax.json") == ["openai/syntax.json:3:1: error: unexpected ']'; expected a JSON value"])
        #expect(errors(.openai, "openai/missing.json") == ["openai/missing.json: error: no such file; expected the openai messages file"])
    }

    // MARK: Anthropic

    @Test func anthropicEveryBlockType() throws {
        let (chats, warnings) = try read(.anthropic, "anthropic/support.json")
        #expect(warnings.isEmpty)
        let chat = try #require(chats.first)
        // thinking is never shown; tool_use and a user turn of only tool_result are plumbing.
        #expect(chat.turns.map(\.role) == [.user, .assistant, .user, .assistant])
        #expect(chat.turns[1].text == "Send me a screenshot.\n\n1. Open *Settings*\n2. Tap **Export**")
        let files = chat.turns[2].attachments
        #expect(files.map(\.name) == ["image.png", "error.png", "Invoice.pdf", "document.txt", "Manual.pdf", "document-2.txt"])
        #expect(files.map(\.contentType) == ["image/png", "text/uri-list", "application/pdf", "text/plain", "text/uri-list", "text/plain"])
        #expect(files.map(\.byteCount) == [73, 0, 45, 14, 0, 25])
        #expect(bytes(files[5]) == Array("First chunk\n\nSecond chunk".utf8))
        #expect(files[4].content == .remote("https://example.com/manual.pdf"))
    }

    @Test func anthropicSystemAndToolsWhenAsked() throws {
        let (chats, _) = try read(.anthropic, "anthropic/support.json", includeSystem: true)
        let texts = try #require(chats.first).turns.map(\.text)
        #expect(texts.first == "**System**\n\nYou are a support agent.")
        #expect(texts.contains("**Tool call:** `read_log`\n\n```json\n{\n  \"lines\": 20\n}\n```"))
        #expect(texts.contains("**Tool result**\n\nok: 20 lines"))
        #expect(!texts.joined().contains("secret"))
    }

    @Test func anthropicBadInput() {
        #expect(
            errors(.anthropic, "anthropic/bad.json") == [
                "anthropic/bad.json:2:60: error: [0].content[0].source.data: missing required field \"data\"; expected a string",
                "anthropic/bad.json:3:77: error: [1].content[0].source.type: expected source type \"base64\", \"text\", \"content\", \"url\" or \"file\", found \"ftp\"",
                "anthropic/bad.json:4:12: error: [2].role: expected \"user\" or \"assistant\", found \"system\"",
                "anthropic/bad.json:5:3: error: [3].content: missing required field \"content\"; expected a string or an array of content blocks",
            ])
    }

    // MARK: ChatGPT

    @Test func chatGPTVisibleThreadFilesAndMissingFiles() throws {
        let (chats, warnings) = try read(.chatgpt, "chatgpt/export")
        #expect(
            warnings == [
                "chatgpt/export/conversations.json:146:26: warning: [1].mapping.u1.message.content.parts[2].asset_pointer: the export has no file for \"file-Gone999\"; shown as unavailable",
                "chatgpt/export/conversations.json:171:8: warning: [1].mapping.u1.message.metadata.attachments[2]: the export has no file for \"file-Missing7\"; shown as unavailable",
            ])
        #expect(chats.map(\.title) == ["Ünïcode — <Plan> & more", "Weekend in Lisbon", "Weekend in Lisbon"])
        let lisbon = chats[1]
        #expect(lisbon.date?.iso == "2026-03-14T09:41:00Z")
        // current_node's branch is shown: the edited question (the second version) and its reply;
        // the old question and its reply are the second branch, kept right where they part,
        // before the shown one goes on. The hidden system message is left out; the python call
        // and its output are part of the reply, named by its answer.
        #expect(lisbon.turns.map(\.id) == ["u1", "a1", "u2-old", "a2-old", "u2-new", "a2"])
        #expect(lisbon.turns.map(\.branch) == [[], [], [2], [2], [], []])
        #expect(lisbon.turns.map(\.version) == [nil, nil, TurnVersion(index: 1, count: 2), nil, TurnVersion(index: 2, count: 2), nil])
        #expect(lisbon.turns.filter(\.branch.isEmpty).allSatisfy { !$0.text.contains("OLD BRANCH") })
        let files = lisbon.turns[0].attachments
        #expect(files.map(\.name) == ["tram.png", "3f2c.png", "image.png", "booking.pdf", "route.gpx"])
        #expect(files.map(\.contentType) == ["image/png", "image/png", "image/png", "application/pdf", "application/gpx+xml"])
        #expect(files.map(\.byteCount) == [73, 73, 5000, 45, 51200])
        #expect(files[2].content == .unavailable && files[4].content == .unavailable)
        guard case .file(let tram) = files[0].content else { Issue.record("tram.png not found"); return }
        #expect(tram.hasSuffix("/file-Img001-tram.png"))
        #expect(chats[2].date == nil && chats[2].turns.count == 1)
    }

    @Test func chatGPTCodeRunIsPartOfTheReply() throws {
        let (chats, _) = try read(.chatgpt, "chatgpt/export/conversations.json")
        let turns = chats[1].turns
        #expect(turns.map(\.id) == ["u1", "a1", "u2-old", "a2-old", "u2-new", "a2"])
        #expect(
            turns[5].parts == [
                .codeExecution(CodeExecutionPart(language: "python", code: "fare(28)", output: "3.10", title: .analyzed)),
                .text("A ticket is **3.10 EUR**.\n\n- about 20 minutes\n- pay on board"),
            ])
        // --include-system adds the system message ChatGPT hid; the reply is the same.
        let (all, _) = try read(.chatgpt, "chatgpt/export/conversations.json", includeSystem: true)
        #expect(all[1].turns.map(\.id) == turns.map(\.id))
        #expect(all[1].turns.last?.parts == turns[5].parts)
    }

    @Test func chatGPTBadInput() {
        // Each conversation is left out for its own problems, named; as none is left, the import fails.
        #expect(
            errors(.chatgpt, "chatgpt/bad/conversations.json") == [
                "chatgpt/bad/conversations.json:33:19: error: [0].current_node: no message node \"zzz\" in \"mapping\"; expected the id of one of its members; the conversation \"broken\" is left out",
                "chatgpt/bad/conversations.json:67:15: error: [1].mapping.b.parent: the parent links loop back to \"a\"; expected them to end at the root; the conversation \"loop\" is left out",
                "chatgpt/bad/conversations.json:80:16: error: [2].mapping.a.message.author: missing required field \"author\"; expected an object with \"role\"; the conversation \"no author\" is left out",
                "chatgpt/bad/conversations.json:93:2: warning: [3]: conversation \"no mapping\" is empty (no \"mapping\"); skipped",
            ])
        #expect(errors(.chatgpt, "chatgpt/missing.zip") == ["chatgpt/missing.zip: error: no such file; expected a zip archive"])
        #expect(
            errors(.chatgpt, "openai") == [
                "openai: error: no ChatGPT conversations in this folder; expected ChatGPT's data export (the zip, or its unzipped folder) holding conversations.json, or conversations-000.json, conversations-001.json, … (listed in export_manifest.json)"
            ])
    }

    // MARK: Pieces

    @Test func slugsAndFileNames() {
        #expect(
            ImportWriter.slugs(for: ["Weekend in Lisbon", "Weekend in Lisbon", "Ünïcode — <Plan>", "日本語", "", "日本"])
                == ["weekend-in-lisbon", "weekend-in-lisbon-2", "unicode-plan", "conversation", "conversation-2", "conversation-3"])
        // A site's own folders are not conversations' names.
        #expect(ImportWriter.slugs(for: ["Search", "Static", "Search results"]) == ["search-2", "static-2", "search-results"])
        #expect(ImportWriter.safeFileName("../../etc/passwd") == "-..-etc-passwd")
        #expect(ImportWriter.safeFileName(".hidden") == "hidden")
        #expect(ImportWriter.safeFileName("a\u{0}b:c.png") == "a-b-c.png")
        #expect(ImportWriter.safeFileName("") == "file")
    }

    @Test func dataURLsAndBase64() throws {
        #expect(InlineData.decodeBase64("aGk") == Array("hi".utf8))
        #expect(InlineData.decodeBase64("aGk=\n") == Array("hi".utf8))
        #expect(InlineData.decodeBase64("!!!") == nil)
        #expect(try InlineData.parseDataURL("data:text/plain,a%20b").get() == .init(mediaType: "text/plain", bytes: Array("a b".utf8)))
        #expect(try InlineData.parseDataURL("DATA:;base64,aGk=").get() == .init(mediaType: "text/plain", bytes: Array("hi".utf8)))
        // The bytes win over a wrong declared type.
        #expect(InlineData.contentType(declared: "image/jpeg", bytes: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) == "image/png")
    }

    @Test func epochDates() {
        #expect(ImportDate.fromEpoch(0)?.iso == "1970-01-01T00:00:00Z")
        #expect(ImportDate.fromEpoch(1773481260.99)?.iso == "2026-03-14T09:41:00Z")
        #expect(ImportDate.fromEpoch(-1) == nil)
        #expect(ImportDate.fromEpoch(.nan) == nil)
    }

    @Test func nativeJSONRoundTripsThroughTheLoader() throws {
        let conversation = Conversation(
            title: "a \"quoted\" \\ title\n\u{1}",
            messages: [
                Message(
                    id: "m1", role: .user, text: "hi\t<b>",
                    attachments: [
                        Attachment(id: "a1", name: "x.png", byteCount: 3, contentType: "image/png", url: .local("files/x/x.png")),
                        Attachment(id: "a2", name: "l", byteCount: 0, contentType: "text/uri-list", url: .remote("https://e.com/l")),
                    ], date: ChatDate(iso: "2026-03-14T09:41:00Z")),
                Message(id: "m2", role: .assistant, text: "\u{2028}ok"),
            ])
        let (loaded, warnings) = try ConversationLoader.decode(bytes: NativeJSON.encode(conversation), file: "x.json")
        #expect(warnings.isEmpty)
        #expect(loaded == conversation)
        #expect(try ConversationLoader.decode(bytes: NativeJSON.encode(Conversation(title: nil, messages: [])), file: "e.json").0.messages == [])
    }

    @Test func indexPageEscapesEverything() {
        let entries = [ImportedEntry(title: "<script>x</script>", file: "a.json", slug: "a", date: ChatDate(iso: "2026-03-14T09:41:00Z"), messageCount: 1)]
        let page = String(decoding: ImportIndexPage.render(entries, link: { "\($0.slug)\"/index.html" }), as: UTF8.self)
        #expect(
            page.contains(
                "<li><a href=\"a&quot;/index.html\" dir=\"auto\">&lt;script&gt;x&lt;/script&gt;</a><span class=\"meta\"><time datetime=\"2026-03-14T09:41:00Z\">Mar 14, 2026 at 9:41 AM</time> · 1 message</span></li>"
            ))
        #expect(page.contains("<p class=\"count\">1 conversation</p>"))
        #expect(!page.contains("<script>"))
    }
}
