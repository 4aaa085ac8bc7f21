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

/// claude.ai's data export: the message tree, every content block type, artifacts, citations,
/// files, old exports, tolerance; the fixture export end to end and its pages as goldens.
@Suite struct ClaudeAIImporterTests {
    static let export = TestPaths.fixture("import/claude-ai/export")

    /// One conversation made of `messages` (JSON objects), read on its own.
    func read(_ messages: String, conversation extra: String = "") throws -> (ImportedChat, [String]) {
        let json = "[{\"uuid\": \"c1\", \"name\": \"Test\", \"created_at\": \"2026-05-01T09:00:00Z\"\(extra), \"chat_messages\": [\(messages)]}]"
        let root = try JSONParser.parse(Array(json.utf8))
        let (chats, warnings) = ClaudeAIImporter.read(root, file: "c.json")
        let chat = try #require(chats?.first)
        return (chat, warnings.map(\.description))
    }

    func human(_ uuid: String, _ text: String, parent: String? = "00000000-0000-4000-8000-000000000000", at time: String = "09:00:00") -> String {
        let parentJSON = parent.map { "\"\($0)\"" } ?? "null"
        return
            "{\"uuid\": \"\(uuid)\", \"sender\": \"human\", \"created_at\": \"2026-05-01T\(time)Z\", \"text\": \"\(text)\", \"content\": [{\"type\": \"text\", \"text\": \"\(text)\"}], \"parent_message_uuid\": \(parentJSON)}"
    }

    func assistant(_ uuid: String, _ blocks: String, parent: String, at time: String = "09:00:10", text: String = "flattened") -> String {
        "{\"uuid\": \"\(uuid)\", \"sender\": \"assistant\", \"created_at\": \"2026-05-01T\(time)Z\", \"text\": \"\(text)\", \"content\": [\(blocks)], \"parent_message_uuid\": \"\(parent)\"}"
    }

    // MARK: The tree

    @Test func showsThePathToTheNewestLeafWithVersionsAtBranchPoints() throws {
        let messages = [
            human("q", "Question"),
            assistant("a1", #"{"type": "text", "text": "First answer"}"#, parent: "q", at: "09:00:10"),
            assistant("a2", #"{"type": "text", "text": "Regenerated answer"}"#, parent: "q", at: "09:01:00"),
            human("e1", "Follow-up", parent: "a2", at: "09:02:00"),
            human("e2", "Edited follow-up", parent: "a2", at: "09:03:00"),
            assistant("r2", #"{"type": "text", "text": "Reply to the edit"}"#, parent: "e2", at: "09:03:10"),
        ].joined(separator: ",")
        let (chat, warnings) = try read(messages)
        #expect(warnings.isEmpty)
        #expect(chat.turns.map(\.id) == ["q", "a2", "e2", "r2"])
        #expect(chat.turns.map(\.version) == [nil, TurnVersion(index: 2, count: 2), TurnVersion(index: 2, count: 2), nil])
        #expect(chat.turns[1].text == "Regenerated answer")
    }

    @Test func theConversationsCurrentLeafWinsOverTheNewest() throws {
        let messages = [
            human("q", "Question"),
            assistant("a1", #"{"type": "text", "text": "Kept"}"#, parent: "q", at: "09:00:10"),
            assistant("a2", #"{"type": "text", "text": "Newer"}"#, parent: "q", at: "09:01:00"),
        ].joined(separator: ",")
        let (chat, _) = try read(messages, conversation: #", "current_leaf_message_uuid": "a1""#)
        #expect(chat.turns.map(\.id) == ["q", "a1"])
        #expect(chat.turns[1].version == TurnVersion(index: 1, count: 2))
    }

    @Test func exportsWithoutParentsAreOneThreadInFileOrder() throws {
        let messages = #"""
            {"uuid": "1", "sender": "human", "text": "Hi", "content": []},
            {"uuid": "2", "sender": "assistant", "text": "Hello", "content": []}
            """#
        let (chat, warnings) = try read(messages)
        #expect(warnings.isEmpty)
        #expect(chat.turns.map(\.text) == ["Hi", "Hello"])
    }

    @Test func anUnknownParentOrALoopIsAWarningNotALoss() throws {
        let messages = [human("q", "Question"), assistant("a", #"{"type": "text", "text": "Answer"}"#, parent: "nowhere")].joined(separator: ",")
        let (chat, warnings) = try read(messages)
        #expect(chat.turns.count == 1)  // the orphan is a first message of its own; the newest leaf wins
        #expect(
            warnings == [
                "c.json:1:462: warning: [0].chat_messages[1].parent_message_uuid: conversation \"Test\": parent_message_uuid \"nowhere\" names no message of this conversation; the message is read as a first message"
            ])
        let loop = [human("x", "One", parent: "y"), human("y", "Two", parent: "x")].joined(separator: ",")
        let (looped, loopWarnings) = try read(loop)
        #expect(looped.turns.map(\.text) == ["One", "Two"])
        #expect(loopWarnings.count == 1 && loopWarnings[0].contains("form a loop"))
    }

    // MARK: Blocks

    @Test func rendersFromContentBlocksNeverTheFlattenedText() throws {
        let blocks = #"{"type": "text", "text": "Real answer"}"#
        let (chat, _) = try read(
            [human("q", "Q"), assistant("a", blocks, parent: "q", text: "```\\nThis block is not supported on your current device yet.\\n```")].joined(
                separator: ","))
        #expect(chat.turns[1].text == "Real answer")
        #expect(!chat.turns[1].text.contains("not supported"))
    }

    @Test func adjacentTextBlocksAreOneParagraph() throws {
        let blocks = #"{"type": "text", "text": "According to "}, {"type": "text", "text": "the docs, it works."}"#
        let (chat, _) = try read([human("q", "Q"), assistant("a", blocks, parent: "q")].joined(separator: ","))
        #expect(chat.turns[1].text == "According to the docs, it works.")
    }

    @Test func thinkingTakesItsLastSummaryAsLabelAndItsTimestampsAsDuration() throws {
        let blocks = #"""
            {"type": "thinking", "thinking": "Let me think.", "start_timestamp": "2026-05-01T09:00:10Z", "stop_timestamp": "2026-05-01T09:00:51Z",
             "summaries": [{"summary": "Reading the question"}, {"summary": "Picking an approach"}]},
            {"type": "text", "text": "Answer"}
            """#
        let (chat, _) = try read([human("q", "Q"), assistant("a", blocks, parent: "q")].joined(separator: ","))
        #expect(chat.turns[1].parts == [.thinking(ThinkingPart(text: "Let me think.", duration: 41, summary: "Picking an approach")), .text("Answer")])
    }

    @Test func webSearchIsAToolCallWithItsResultsAndCitationsBecomeMarkers() throws {
        let blocks = #"""
            {"type": "tool_use", "id": "t1", "name": "web_search", "input": {"query": "reactor lifespan"}},
            {"type": "tool_result", "tool_use_id": "t1", "name": "web_search", "is_error": false, "content": [
              {"type": "knowledge", "title": "NRC", "url": "https://nrc.gov/a", "text": "40 years"},
              {"type": "knowledge", "title": "IAEA", "url": "https://iaea.org/b", "text": "80 years"}]},
            {"type": "text", "text": "Licences run 40 years; renewals reach 80.", "citations": [
              {"uuid": "c1", "start_index": 0, "end_index": 21, "details": {"type": "web_search_citation", "url": "https://nrc.gov/a"}},
              {"uuid": "c2", "start_index": 23, "end_index": 41, "details": {"type": "web_search_citation", "url": "https://iaea.org/b"}}]}
            """#
        let (chat, warnings) = try read([human("q", "Q"), assistant("a", blocks, parent: "q")].joined(separator: ","))
        #expect(warnings.isEmpty)
        let turn = chat.turns[1]
        guard case .toolCall(let call) = turn.parts[0] else { Issue.record("expected a tool call"); return }
        #expect(call.name == "web_search" && call.title == "Searched the web: reactor lifespan" && call.status == .ok)
        #expect(call.result == "1. NRC\n   https://nrc.gov/a\n2. IAEA\n   https://iaea.org/b")
        #expect(turn.parts[1] == .text("Licences run 40 years[^1]; renewals reach 80.[^2]"))
        #expect(turn.sources == [Source(id: "1", title: "NRC", url: "https://nrc.gov/a"), Source(id: "2", title: "IAEA", url: "https://iaea.org/b")])
    }

    @Test func citationOffsetsCountCharactersNotBytes() throws {
        let blocks = #"{"type": "text", "text": "Zażółć gęślą. Next.", "citations": [{"end_index": 13, "details": {"url": "https://pl.example/x"}}]}"#
        let (chat, _) = try read([human("q", "Q"), assistant("a", blocks, parent: "q")].joined(separator: ","))
        #expect(chat.turns[1].text == "Zażółć gęślą.[^1] Next.")
    }

    @Test func theAnalysisToolIsCodeExecutionAndItsErrorsAreErrors() throws {
        let blocks = #"""
            {"type": "tool_use", "id": "r1", "name": "repl", "input": {"code": "console.log(x)"}},
            {"type": "tool_result", "tool_use_id": "r1", "name": "repl", "is_error": true, "content": [{"type": "text", "text": "{\"status\":\"error\",\"logs\":[],\"error\":\"ReferenceError: x is not defined\"}"}]},
            {"type": "tool_use", "id": "r2", "name": "repl", "input": {"code": "console.log(1 + 1)"}},
            {"type": "tool_result", "tool_use_id": "r2", "name": "repl", "content": [{"type": "text", "text": "{\"status\":\"success\",\"logs\":[\"2\"]}"}]}
            """#
        let (chat, _) = try read([human("q", "Q"), assistant("a", blocks, parent: "q")].joined(separator: ","))
        #expect(
            chat.turns[1].parts == [
                // Titled in claude.ai's words for its analysis tool ("Analyzed data"), not "Ran JavaScript code".
                .codeExecution(
                    CodeExecutionPart(
                        language: "javascript", code: "console.log(x)", output: "ReferenceError: x is not defined", status: .error, title: .analyzedData)),
                .codeExecution(CodeExecutionPart(language: "javascript", code: "console.log(1 + 1)", output: "2", status: .ok, title: .analyzedData)),
            ])
    }

    @Test func resultsFindTheirCallByIdThenByName() throws {
        let blocks = #"""
            {"type": "tool_use", "id": "a", "name": "web_fetch", "input": {"url": "https://example.com/a"}},
            {"type": "tool_use", "id": "b", "name": "memory_user_edits", "input": {"command": "view"}, "message": "Managing memory"},
            {"type": "tool_result", "tool_use_id": "b", "name": "memory_user_edits", "content": [{"type": "text", "text": "No edits"}]},
            {"type": "tool_result", "name": "web_fetch", "is_error": true, "content": [{"type": "text", "text": "Blocked"}]}
            """#
        let (chat, _) = try read([human("q", "Q"), assistant("a", blocks, parent: "q")].joined(separator: ","))
        // The importer's own title keeps its string-table key, for pages in other languages.
        var fetch = ToolCallPart(
            name: "web_fetch", title: "Fetched https://example.com/a", input: "{\n  \"url\": \"https://example.com/a\"\n}", status: .error, result: "Blocked")
        fetch.titlePhrase = UIPhrase(.toolFetched, ["host": "https://example.com/a"])
        #expect(
            chat.turns[1].parts == [
                .toolCall(fetch),
                .toolCall(
                    ToolCallPart(name: "memory_user_edits", title: "Managing memory", input: "{\n  \"command\": \"view\"\n}", status: .ok, result: "No edits")),
            ])
    }

    @Test func artifactsShowTheirVersionAfterEachTurnWithEarlierOnesKept() throws {
        let messages = [
            human("q", "Write it"),
            assistant(
                "a1",
                #"""
                {"type": "tool_use", "name": "artifacts", "input": {"id": "doc", "type": "text/markdown", "title": "Plan", "command": "create", "content": "# Plan\n\nstep one"}},
                {"type": "tool_result", "name": "artifacts", "content": [{"type": "text", "text": "OK"}]}
                """#, parent: "q"),
            human("q2", "More", parent: "a1", at: "09:01:00"),
            assistant(
                "a2",
                #"""
                {"type": "tool_use", "name": "artifacts", "input": {"id": "doc", "command": "update", "old_str": "step one", "new_str": "step one\nstep two"}},
                {"type": "tool_use", "name": "artifacts", "input": {"id": "doc", "command": "update", "old_str": "# Plan", "new_str": "# The plan"}},
                {"type": "text", "text": "Done."},
                {"type": "tool_use", "name": "artifacts", "input": {"id": "code", "type": "application/vnd.ant.code", "language": "python", "title": "run.py", "command": "create", "content": "print(1)"}},
                {"type": "tool_use", "name": "artifacts", "input": {"id": "code", "command": "rewrite", "content": "print(2)"}}
                """#, parent: "q2", at: "09:01:10"),
        ].joined(separator: ",")
        let (chat, warnings) = try read(messages)
        #expect(warnings.isEmpty)
        #expect(chat.turns[1].parts == [.document(DocumentPart(title: "Plan", kind: .markdown, content: "# Plan\n\nstep one"))])
        #expect(
            chat.turns[3].parts == [
                .document(
                    DocumentPart(
                        title: "Plan", kind: .markdown, content: "# The plan\n\nstep one\nstep two",
                        versions: ["# Plan\n\nstep one", "# Plan\n\nstep one\nstep two"])),
                .text("Done."),
                .document(DocumentPart(title: "run.py", kind: .code, language: "python", content: "print(2)", versions: ["print(1)"])),
            ])
    }

    @Test func anUpdateThatDoesNotApplyIsAWarningAndKeepsTheVersion() throws {
        let messages = [
            human("q", "Go"),
            assistant(
                "a",
                #"""
                {"type": "tool_use", "name": "artifacts", "input": {"id": "d", "command": "create", "content": "abc"}},
                {"type": "tool_use", "name": "artifacts", "input": {"id": "d", "command": "update", "old_str": "zzz", "new_str": "y"}},
                {"type": "tool_use", "name": "artifacts", "input": {"id": "missing", "command": "update", "old_str": "a", "new_str": "b"}}
                """#, parent: "q"),
        ].joined(separator: ",")
        let (chat, warnings) = try read(messages)
        #expect(chat.turns[1].parts == [.document(DocumentPart(title: "d", content: "abc"))])
        #expect(warnings.count == 2)
        #expect(warnings[0].contains("content[1].input.old_str: conversation \"Test\": an update of artifact \"d\" whose old_str is not in its latest version"))
        #expect(warnings[1].contains("content[2].input.id: conversation \"Test\": an update of artifact \"missing\", which no earlier turn"))
    }

    @Test func inlineArtifactTagsOf2024ExportsAreDocuments() {
        let pieces = ClaudeAIInlineTags.split(
            "Intro <antThinking>plan</antThinking>\n<antArtifact identifier=\"x\" type=\"application/vnd.ant.code\" language=\"swift\" title=\"A > B\">\nlet a = 1\n</antArtifact> outro"
        )
        #expect(
            pieces == [
                .text("Intro "), .thinking("plan"), .text("\n"),
                .artifact(.init(identifier: "x", type: "application/vnd.ant.code", language: "swift", title: "A > B", content: "let a = 1")),
                .text(" outro"),
            ])
        #expect(ClaudeAIInlineTags.split("<antArtifact unclosed") == [.text("<antArtifact unclosed")])
        #expect(ClaudeAIInlineTags.split("a <antArtifact identifier=\"y\">cut off") == [.text("a "), .artifact(.init(identifier: "y", content: "cut off"))])
    }

    @Test func artifactTypesReadAsDocumentsOrTheirSource() {
        #expect(ClaudeAIArtifacts.kind("text/markdown", language: nil) == (.markdown, nil))
        #expect(ClaudeAIArtifacts.kind("text/html", language: nil) == (.code, "html"))
        #expect(ClaudeAIArtifacts.kind("application/vnd.ant.react", language: nil) == (.code, "jsx"))
        #expect(ClaudeAIArtifacts.kind("image/svg+xml", language: nil) == (.code, "xml"))
        #expect(ClaudeAIArtifacts.kind("application/vnd.ant.mermaid", language: nil) == (.code, "mermaid"))
        #expect(ClaudeAIArtifacts.kind("application/vnd.ant.code", language: "rust") == (.code, "rust"))
        #expect(ClaudeAIArtifacts.kind(nil, language: nil) == (.markdown, nil))
    }

    @Test func attachmentsAreTextFilesAndFilesAreUnavailableChips() throws {
        let message = #"""
            {"uuid": "q", "sender": "human", "text": "See", "content": [{"type": "text", "text": "See"}],
             "attachments": [{"file_name": "notes.md", "file_size": 9, "file_type": "text/markdown", "extracted_content": "# Notes\n"},
                             {"file_name": "report.pdf", "file_size": 5000, "file_type": "pdf", "extracted_content": "Quarterly"},
                             {"file_name": "", "file_type": "txt", "extracted_content": "pasted"}],
             "files": [{"file_uuid": "f1", "file_name": "photo.jpg"}], "files_v2": [{"file_uuid": "f1", "file_name": "photo.jpg"}, {"file_uuid": "f2", "file_name": "deck.key"}]}
            """#
        let (chat, _) = try read(message)
        let files = chat.turns[0].attachments
        #expect(files.map(\.name) == ["notes.md", "report.pdf.txt", "Pasted text.txt", "photo.jpg", "deck.key"])
        #expect(files.map(\.contentType) == ["text/markdown", "text/plain", "text/plain", "application/octet-stream", "application/octet-stream"])
        #expect(files[0].content == .bytes(Array("# Notes\n".utf8)) && files[0].byteCount == 8)
        #expect(files[3].content == .unavailable && files[4].content == .unavailable)
    }

    @Test func oldExportsUseTheMessageText() throws {
        let (chat, _) = try read(#"{"uuid": "1", "sender": "assistant", "text": "Only text here", "content": []}"#)
        #expect(chat.turns[0].text == "Only text here")
    }

    // MARK: Tolerance

    @Test func unknownBlocksSendersAndBrokenConversationsAreWarnings() throws {
        let json = #"""
            [{"uuid": "c1", "name": "Good", "chat_messages": [
               {"uuid": "1", "sender": "human", "content": [{"type": "text", "text": "Hi"}, {"type": "hologram"}]},
               {"uuid": "2", "sender": "robot", "content": [{"type": "text", "text": "Beep"}]}]},
             {"uuid": "c2", "name": "Bad", "chat_messages": {}},
             "not a conversation"]
            """#
        let (chats, warnings) = ClaudeAIImporter.read(try JSONParser.parse(Array(json.utf8)), file: "c.json")
        #expect(chats?.map(\.title) == ["Good"])
        #expect(chats?.first?.turns.map(\.text) == ["Hi"])
        #expect(
            warnings.map(\.description) == [
                "c.json:2:90: warning: [0].chat_messages[0].content[1].type: conversation \"Good\": unknown content block type \"hologram\"; expected \"text\", \"thinking\", \"tool_use\" or \"tool_result\"; the block is left out",
                "c.json:3:28: warning: [0].chat_messages[1].sender: conversation \"Good\": unknown sender \"robot\"; expected \"human\" or \"assistant\"; the message is left out",
                "c.json:4:49: warning: [1].chat_messages: conversation \"Bad\": expected an array of messages, found an object; the conversation is left out",
                "c.json:5:2: warning: [2]: expected a conversation object with \"chat_messages\", found a string; it is left out",
            ])
        let notArray = ClaudeAIImporter.read(try JSONParser.parse(Array("{}".utf8)), file: "c.json")
        #expect(notArray.0 == nil)
        #expect(
            notArray.1.map(\.description) == [
                "c.json:1:1: error: (document): expected an array of conversations (claude.ai's conversations.json), found an object"
            ])
    }

    // MARK: The fixture export

    @Test func theFixtureExportReadsAsTheAppShowsIt() throws {
        let (chats, warnings) = try Importer.read(ImportRequest(format: .claudeAI, inputPath: Self.export, outputDirectory: "unused"))
        #expect(chats.map(\.title) == ["Rate limiter for the API", "Nuclear plant lifespan", "Landing page copy"])
        #expect(chats.map(\.project) == ["Shop backend", nil, "Bakery site"])
        #expect(warnings.count == 2)
        let limiter = chats[0]
        #expect(limiter.turns.map(\.id) == ["m1", "m2b", "m3b", "m4b", "m5", "m6"])
        #expect(limiter.turns.map(\.version) == [nil, TurnVersion(index: 2, count: 2), TurnVersion(index: 2, count: 2), nil, nil, nil])
        #expect(limiter.turns[0].attachments.map(\.name) == ["api.py", "architecture-diagram.png", "rate-limits.pdf"])
        guard case .document(let latest) = limiter.turns[3].parts[0] else { Issue.record("expected the updated artifact"); return }
        #expect(latest.versions.count == 2 && latest.content.contains("def __init__(self, capacity=10):"))
        guard case .codeExecution(let failed) = limiter.turns[5].parts[0] else { Issue.record("expected the analysis tool"); return }
        #expect(failed.status == .error && failed.output == "ReferenceError: TokenBucket is not defined")
        #expect(chats[1].turns[1].sources.count == 2)
    }

    @Test func aZipReadsLikeTheFolderAndAMissingFileIsNamed() throws {
        let temp = TestPaths.temporaryFolder("claudezip")
        defer { try? FileManager.default.removeItem(atPath: temp) }
        let zip = Process()
        zip.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        zip.arguments = [
            "python3", "-c",
            "import sys, zipfile\nz = zipfile.ZipFile(sys.argv[1], 'w', zipfile.ZIP_DEFLATED)\nfor name in ['conversations.json', 'projects.json']: z.write(sys.argv[2] + '/' + name, 'data-2026-05-01/' + name)\nz.close()",
            temp + "/export.zip", Self.export,
        ]
        try zip.run()
        zip.waitUntilExit()
        let (fromZip, zipWarnings) = try Importer.read(ImportRequest(format: .claudeAI, inputPath: temp + "/export.zip", outputDirectory: "unused"))
        let (fromFolder, _) = try Importer.read(ImportRequest(format: .claudeAI, inputPath: Self.export, outputDirectory: "unused"))
        #expect(fromZip == fromFolder)
        #expect(zipWarnings.first?.file == temp + "/export.zip/data-2026-05-01/conversations.json")
        do {
            _ = try Importer.read(ImportRequest(format: .claudeAI, inputPath: temp, outputDirectory: "unused"))
            Issue.record("a folder without conversations.json was read")
        } catch {
            #expect(
                error.description == "\(temp): error: no conversations.json in this folder; expected claude.ai's data export (the zip, or its unzipped folder)")
        }
    }

    @Test func importedPagesMatchTheirGoldens() throws {
        let temp = TestPaths.temporaryFolder("claudepages")
        defer { try? FileManager.default.removeItem(atPath: temp) }
        var request = ImportRequest(format: .claudeAI, inputPath: Self.export, outputDirectory: temp + "/out")
        request.redact = true
        let result = try Importer.run(request)
        #expect(result.redaction?.summary == RedactionSummary(counts: [("credential", 1), ("home folder", 1)]))
        for entry in result.entries {
            let (conversation, _) = try ConversationLoader.load(path: temp + "/out/" + entry.file)
            let body = PageBody.render(conversation, assets: AssetTable(), options: RenderOptions(markup: .full), hasDarkMode: true).description
            Golden.assertMatches(body, named: "import/claude-ai/\(entry.slug).html")
        }
        let index = try String(contentsOfFile: temp + "/out/index.html", encoding: .utf8)
        Golden.assertMatches(index, named: "import/claude-ai/index.html")
    }

    @Test func renderFromClaudeAIWithRedactMasksAndSaysSo() throws {
        let temp = TestPaths.temporaryFolder("claudefrom")
        defer { try? FileManager.default.removeItem(atPath: temp) }
        let run = try CLIRun.run(["render", "--from", "claude-ai", Self.export, "--out", temp + "/site", "--redact"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.contains("redacted 1 API key and 1 home folder path\n"), "\(run.stderr)")
        #expect(run.stderr.hasSuffix("wrote \(temp)/site/index.html (3 conversations), 2 warnings\n"))
        let page = try String(contentsOfFile: temp + "/site/rate-limiter-for-the-api/index.html", encoding: .utf8)
        #expect(page.contains("<p class=\"cr-redaction\" role=\"note\">Redacted on import: 1 credential and 1 home folder path masked.</p>"))
        #expect(!page.contains("sk-proj-") && !page.contains("/home/alice") && page.contains("~/src/shop/api.py"))
        let strict = try CLIRun.run(["render", "--from", "claude-ai", Self.export, "--out", temp + "/strict", "--strict"])
        #expect(strict.status == 65)
        #expect(!FileManager.default.fileExists(atPath: temp + "/strict"))
        let faithful = try CLIRun.run(["import", "claude-ai", Self.export, "--out", temp + "/plain", "-q"])
        #expect(faithful.status == 0 && faithful.stderr.isEmpty)
        #expect(try String(contentsOfFile: temp + "/plain/rate-limiter-for-the-api.json", encoding: .utf8).contains("sk-proj-Zq3vT8wLmN4pXr7sKd2YbH6fJc9A"))
        let misuse = try CLIRun.run(["render", TestPaths.fixture("conversations/valid/minimal.json"), "--redact"])
        #expect(misuse.status == 64)
    }
}
