import Foundation
import Testing
@testable import ChatModel
@testable import ChatSupport
@testable import ChatLoad
@testable import ChatTheme
@testable import ChatPlan
@testable import ChatRenderHTML
@testable import ChatOutput
@testable import ChatAssets
@testable import ChatBrowser
@testable import ChatRender
import TestSupport

/// `chatrender import` writes conversations with NativeJSON; what an importer reads into turn
/// parts, sources, speakers and models must come back out of the file unchanged.
@Suite struct NativeJSONPartsTests {
    @Test func everyPartSurvivesTheFile() throws {
        let (original, _) = try ConversationLoader.load(path: TestPaths.repo("examples/parts/conversation.json"))
        let bytes = NativeJSON.encode(original)
        let (decoded, warnings) = try ConversationLoader.decode(bytes: bytes, file: "written.json")
        #expect(warnings.isEmpty)
        let before = original.messages ?? [], after = decoded.messages ?? []
        #expect(before.count == after.count)
        var kinds: Set<String> = []
        for (a, b) in zip(before, after) {
            #expect(a.parts == b.parts, "message \(a.id)")
            #expect(a.sources == b.sources && a.speaker == b.speaker && a.model == b.model && a.text == b.text)
            for part in a.parts { kinds.insert(String(describing: part).prefix { $0 != "(" }.description) }
        }
        // The example uses every kind of part, so this covers them all.
        #expect(kinds.count == 9, "\(kinds.sorted())")
        // Written twice, the same bytes.
        #expect(NativeJSON.encode(decoded) == bytes)
    }

    @Test func aCodeRunsTitleSurvivesTheFile() throws {
        var message = Message(id: "m", role: .assistant, text: "")
        message.parts = [
            .codeExecution(CodeExecutionPart(language: "python", code: "1", title: .analyzed)),
            .codeExecution(CodeExecutionPart(language: "javascript", code: "2", status: .error, title: .analyzedData)),
            .codeExecution(CodeExecutionPart(language: "python", code: "3")),
        ]
        let bytes = NativeJSON.encode(Conversation(title: "T", messages: [message]))
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(text.contains("\"title\": \"analyzed\"") && text.contains("\"title\": \"analyzedData\"") && !text.contains("ranCode"))
        let (decoded, warnings) = try ConversationLoader.decode(bytes: bytes, file: "written.json")
        #expect(warnings.isEmpty && decoded.messages?.first?.parts == message.parts)
        // A word the format does not know is an error naming it.
        let wrong = Array(text.replacingOccurrences(of: "\"analyzedData\"", with: "\"analysed\"").utf8)
        #expect(throws: DiagnosticError.self) { try ConversationLoader.decode(bytes: wrong, file: "written.json") }
    }

    /// A created file survives the file and is headed "Created" on the page, in its language.
    @Test func aCreatedFileSurvivesTheFileAndIsHeadedCreated() throws {
        var message = Message(id: "m", role: .assistant, text: "")
        message.parts = [
            .diff(DiffPart(path: "plan.md", old: "", new: "# Plan\n", created: true)),
            .diff(DiffPart(path: "old.md", old: "a\n", new: "b\n")),
        ]
        let bytes = NativeJSON.encode(Conversation(title: "T", messages: [message]))
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(text.components(separatedBy: "\"created\": true").count == 2, "\(text)")
        let (decoded, warnings) = try ConversationLoader.decode(bytes: bytes, file: "written.json")
        #expect(warnings.isEmpty && decoded.messages?.first?.parts == message.parts)
        let wrong = Array(text.replacingOccurrences(of: "\"created\": true", with: "\"created\": \"yes\"").utf8)
        #expect(throws: DiagnosticError.self) { try ConversationLoader.decode(bytes: wrong, file: "written.json") }
        for (locale, heading) in [
            ("en", "Created <span class=\"cr-part-path\" dir=\"auto\">plan.md</span>"),
            ("de", "<span class=\"cr-part-path\" dir=\"auto\">plan.md</span> erstellt"),
        ] {
            var options = RenderOptions(markup: .full)
            options.strings = try UIStrings.load(locale: locale, templates: TestPaths.templates).strings
            let html = TurnView.render(message, index: 1, assets: AssetTable(), options: options).description
            #expect(html.contains(heading), "\(locale)")
            #expect(html.components(separatedBy: "plan.md").count > 1 && html.contains("old.md</span>"))
        }
    }

    @Test func aConversationWithoutPartsIsWrittenAsBefore() {
        let conversation = Conversation(title: "T", messages: [Message(id: "m", role: .user, text: "Hi")], markup: .full)
        #expect(
            String(decoding: NativeJSON.encode(conversation), as: UTF8.self)
                == "{\n  \"title\": \"T\",\n  \"markup\": \"full\",\n  \"messages\": [\n    {\n      \"id\": \"m\",\n      \"role\": \"user\",\n      \"text\": \"Hi\"\n    }\n  ]\n}\n"
        )
        #expect(String(decoding: NativeJSON.encode(Conversation(messages: [])), as: UTF8.self) == "{\n  \"title\": null,\n  \"messages\": []\n}\n")
    }
}

/// `render --from` hands each imported conversation to the renderer in memory instead of through
/// its native file; the page is the same only if the file reads back as exactly that conversation.
@Suite struct ImportedInMemoryTests {
    static let fixtures: [(ImportFormat, String)] = [
        (.chatgpt, "chatgpt/export"), (.chatgpt, "chatgpt/export-deflated.zip"), (.chatgpt, "chatgpt-2025"), (.chatgpt, "chatgpt-2023"),
        (.chatgpt, "chatgpt-2026/export"), (.claudeAI, "claude-ai/export"), (.claudeCode, "claude-code/projects"),
        (.openai, "openai/trip.json"), (.anthropic, "anthropic/support.json"),
    ]

    @Test(arguments: fixtures.indices)
    func theNativeFileReadsBackAsTheConversationInMemory(_ index: Int) throws {
        let (format, input) = Self.fixtures[index]
        for redact in [false, true] {
            var request = ImportRequest(format: format, inputPath: TestPaths.repo("Tests/ChatRenderTests/Fixtures/import/\(input)"), outputDirectory: "unused")
            request.redact = redact
            let (chats, _, _) = try Importer.prepare(request)
            let output = MemoryOutput()
            let written = try ImportWriter.write(chats, into: output, native: false)
            #expect(!written.isEmpty)
            #expect(!output.files.keys.contains { $0.hasSuffix(".json") }, "no native file is written for a render")
            for (entry, conversation) in written {
                let (decoded, warnings) = try ConversationLoader.decode(bytes: NativeJSON.encode(conversation), file: entry.file)
                #expect(warnings.isEmpty, "\(input) \(entry.file): \(warnings)")
                #expect(decoded == conversation, "\(input) \(entry.file)")
                if decoded != conversation {
                    for (a, b) in zip(decoded.messages ?? [], conversation.messages ?? []) where a != b {
                        Issue.record("first differing message: \(a.id)\nfile:   \(a)\nmemory: \(b)")
                        break
                    }
                }
            }
        }
    }
}
