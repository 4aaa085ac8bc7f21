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

/// The two things imported conversations carry in the native format: `"status": "unavailable"`
/// for files the export lacks, and `"markup": "full"` for how their replies are read.
@Suite struct FileStatusAndMarkupTests {
    func load(_ json: String) throws -> Conversation {
        try ConversationLoader.decode(bytes: Array(json.utf8), file: "c.json").0
    }

    func errors(_ json: String) -> [String] {
        do {
            _ = try ConversationLoader.decode(bytes: Array(json.utf8), file: "c.json")
            return []
        } catch {
            return error.diagnostics.map(\.description)
        }
    }

    // MARK: Loading

    @Test func statusAndMarkupLoad() throws {
        let conversation = try load(
            """
            {"markup": "full", "messages": [{"id": "m", "role": "user", "text": "", "attachments": [
              {"id": "a", "name": "x.pdf", "byteCount": 1, "contentType": "application/pdf", "status": "unavailable"},
              {"id": "b", "name": "y.pdf", "byteCount": 1, "contentType": "application/pdf", "status": "available", "url": "y.pdf"},
              {"id": "c", "name": "z.pdf", "byteCount": 1, "contentType": "application/pdf", "status": null}]}]}
            """)
        #expect(conversation.markup == .full)
        #expect(conversation.messages?[0].attachments.map(\.status) == [.unavailable, .available, .available])
        #expect(try load(#"{"messages": []}"#).markup == nil)
        #expect(try load(#"{"markup": null, "messages": null}"#).markup == nil)
        #expect(try load(#"{"markup": "inline", "messages": null}"#).markup == .inline)
    }

    @Test func contradictionsAndUnknownValuesAreErrors() {
        #expect(errors(#"{"markup": "markdown", "messages": []}"#) == [#"c.json:1:12: error: markup: expected "inline", "full" or "auto", found "markdown""#])
        #expect(
            errors(
                #"{"messages": [{"id": "m", "role": "user", "text": "", "attachments": [{"id": "a", "name": "x", "byteCount": 1, "contentType": "text/plain", "status": "gone"}]}]}"#
            )
                == [#"c.json:1:151: error: messages[0].attachments[0].status: expected "available" or "unavailable", found "gone""#])
        #expect(
            errors(
                #"{"messages": [{"id": "m", "role": "user", "text": "", "attachments": [{"id": "a", "name": "x", "byteCount": 1, "contentType": "text/plain", "status": "unavailable", "url": "x", "upload": {"state": "failed"}}]}]}"#
            )
                == [
                    #"c.json:1:173: error: messages[0].attachments[0].url: an unavailable file has no url; expected "url" left out, or "status": "available""#,
                    #"c.json:1:188: error: messages[0].attachments[0].upload: an unavailable file has no upload in progress; expected "upload" left out or "done""#,
                ])
    }

    @Test func nativeJSONWritesAndReadsBothBack() throws {
        let conversation = Conversation(
            title: "t",
            messages: [
                Message(
                    id: "m", role: .user, text: "",
                    attachments: [
                        Attachment(id: "a", name: "gone.pdf", byteCount: 9, contentType: "application/pdf", status: .unavailable),
                        Attachment(id: "b", name: "here.pdf", byteCount: 3, contentType: "application/pdf", url: .local("files/t/here.pdf")),
                    ])
            ], markup: .full)
        let bytes = NativeJSON.encode(conversation)
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(text.hasPrefix("{\n  \"title\": \"t\",\n  \"markup\": \"full\",\n  \"messages\": [\n"))
        #expect(text.contains("{\"id\": \"a\", \"name\": \"gone.pdf\", \"byteCount\": 9, \"contentType\": \"application/pdf\", \"status\": \"unavailable\"}"))
        #expect(text.contains("{\"id\": \"b\", \"name\": \"here.pdf\", \"byteCount\": 3, \"contentType\": \"application/pdf\", \"url\": \"files/t/here.pdf\"}"))
        #expect(try ConversationLoader.decode(bytes: bytes, file: "t.json").0 == conversation)
    }

    // MARK: Rendering

    /// What the export knows of a missing file stays: its name, type icon and size, marked unavailable.
    @Test func unavailableChipsAndCardsSaySoAndOfferNothing() {
        let gone = Attachment(id: "a1", name: "route.gpx", byteCount: 51200, contentType: "application/pdf", status: .unavailable)
        var assets = AttachmentAssets()
        assets.file = .remote("https://example.com/ignored.pdf")  // even with a link at hand, nothing opens
        let chip = FileChip.render(message: Message(id: "m", role: .user, text: ""), attachment: gone, asset: assets, options: .init()).description
        #expect(chip.contains("<div class=\"cr-chip cr-chip--unavailable\" role=\"group\" aria-label=\"route.gpx, PDF document, 51 KB, File unavailable\">"))
        #expect(chip.contains("<span class=\"cr-chip-name\" dir=\"auto\">route.gpx</span><span class=\"cr-chip-line\">51 KB · File unavailable</span>"))
        #expect(chip.contains("cr-file-icon--pdf"))
        #expect(!chip.contains("<a ") && !chip.contains("Retry"))
        // Without a size, only what is known.
        var unsized = gone
        unsized.byteCount = 0
        let bare = FileChip.render(message: Message(id: "m", role: .user, text: ""), attachment: unsized, asset: assets, options: .init()).description
        #expect(
            bare.contains("aria-label=\"route.gpx, PDF document, File unavailable\"") && bare.contains("<span class=\"cr-chip-line\">File unavailable</span>"))
        let card = FileCard.render(message: Message(id: "m", role: .assistant, text: ""), attachment: gone, asset: assets, options: .init()).description
        #expect(card.contains("<div class=\"cr-card cr-card--unavailable\" role=\"group\" aria-label=\"route.gpx, PDF document, 51 KB, File unavailable\">"))
        #expect(card.contains("<span class=\"cr-card-line\">51 KB · File unavailable</span>"))
        #expect(!card.contains("Open") && !card.contains("Share") && !card.contains("href"))
    }

    @Test func theFilesMarkupWinsUnlessMarkupWasGiven() {
        var request = RenderRequest(conversationPath: "c.json", themePath: "t", templatesDirectory: "t", outputDirectory: "o")
        let full = Conversation(messages: [], markup: .full)
        #expect(request.options(for: full).markup == .full)
        #expect(request.options(for: Conversation(messages: [])).markup == .auto)
        request.options.markup = .inline
        request.markupGiven = true
        #expect(request.options(for: full).markup == .inline)
    }

    @Test func renderingAnImportedFileUsesFullMarkupUnlessToldOtherwise() throws {
        let temp = TestPaths.temporaryFolder("markup")
        defer { try? FileManager.default.removeItem(atPath: temp) }
        let imported = try CLIRun.run(["import", "openai", TestPaths.fixture("import/openai/trip.json"), "--out", temp + "/chats", "-q"])
        #expect(imported.status == 0, "\(imported.stderr)")
        let plain = try CLIRun.run(["render", temp + "/chats/trip.json", "--out", temp + "/full", "-q"])
        #expect(plain.status == 0, "\(plain.stderr)")
        #expect(try String(contentsOfFile: temp + "/full/index.html", encoding: .utf8).contains("<figcaption class=\"cr-code-lang\">swift</figcaption>"))
        let inline = try CLIRun.run(["render", temp + "/chats/trip.json", "--out", temp + "/inline", "--markup", "inline", "-q"])
        #expect(inline.status == 0, "\(inline.stderr)")
        let page = try String(contentsOfFile: temp + "/inline/index.html", encoding: .utf8)
        #expect(page.contains("| Stop | Time |") && !page.contains("<figcaption class=\"cr-code-lang\">"))
    }
}
