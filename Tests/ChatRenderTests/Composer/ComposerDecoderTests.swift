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

@Suite struct ComposerDecoderTests {
    static func load(_ composer: String) throws(DiagnosticError) -> (Conversation, [Diagnostic]) {
        try ConversationLoader.decode(bytes: Array("{\"messages\": [],\n \"composer\": \(composer)}".utf8), file: "c.json")
    }

    static func errors(_ composer: String) -> [String] {
        do {
            _ = try load(composer)
            return []
        } catch {
            return error.diagnostics.map(\.description)
        }
    }

    @Test func absentOrNullMeansNoComposer() throws {
        #expect(try ConversationLoader.decode(bytes: Array(#"{"messages": []}"#.utf8), file: "c.json").0.composer == nil)
        #expect(try Self.load("null").0.composer == nil)
    }

    @Test func defaultsFollowTheSpecs() throws {
        #expect(try Self.load(#"{"type": "attachment"}"#).0.composer == .attachment(AttachmentComposerState()))
        #expect(try Self.load(#"{"type": "model"}"#).0.composer == .model(ModelComposerState()))
        #expect(try Self.load(#"{"type": "dictation"}"#).0.composer == .dictation(DictationComposerState()))
        guard case .attachment(let a)? = try Self.load(#"{"type": "attachment", "characterLimit": null}"#).0.composer else {
            Issue.record("not attachment"); return
        }
        #expect(a.characterLimit == nil)
    }

    @Test func readsEveryField() throws {
        let (conversation, warnings) = try Self.load(
            #"""
            {"type": "model", "text": "hi", "placeholder": "Ask", "model": "b",
             "models": [{"id": "a", "name": "A", "detail": "one", "isLocked": true}, {"id": "b", "name": "B"}],
             "availableModes": [{"id": "web", "title": "Web", "symbol": "globe"}], "modes": ["web"],
             "usage": {"remaining": 3, "limit": 10, "resets": "2026-04-04T09:00:00Z", "warnAt": 2},
             "upgrade": true, "menuOpen": true, "sending": false, "error": "Nope", "focused": true}
            """#)
        #expect(warnings.isEmpty)
        guard case .model(let m)? = conversation.composer else { Issue.record("not model"); return }
        #expect(m.currentModel?.id == "b")
        #expect(m.models.first == .init(id: "a", name: "A", detail: "one", isLocked: true))
        #expect(m.modes == ["web"])
        #expect(m.usage == .init(remaining: 3, limit: 10, resets: ChatDate(iso: "2026-04-04T09:00:00Z"), warnAt: 2))
        #expect(m.upgrade && m.menuOpen && m.focused && m.error == "Nope" && m.placeholder == "Ask")
    }

    @Test func trayTakesTheMessageAttachmentShapeAndLoading() throws {
        let (conversation, _) = try Self.load(
            #"""
            {"type": "attachment", "attachments": [
              {"id": "a", "name": "p.jpeg", "byteCount": 1, "contentType": "image/jpeg", "upload": "loading"},
              {"id": "b", "name": "f.pdf", "byteCount": 2, "contentType": "application/pdf", "upload": {"state": "uploading", "progress": 0.4}}]}
            """#)
        guard case .attachment(let a)? = conversation.composer else { Issue.record("not attachment"); return }
        #expect(a.attachments.map(\.isLoading) == [true, false])
        #expect(a.attachments[1].attachment.upload == .uploading(0.4))
    }

    @Test func badInputNamesTheJSONPath() {
        #expect(
            Self.errors(#"{"text": "x"}"#) == [
                #"c.json:2:14: error: composer.type: missing required field "type"; expected "attachment", "model" or "dictation""#
            ])
        #expect(
            Self.errors(#"{"type": "keyboard"}"#) == [#"c.json:2:23: error: composer.type: expected "attachment", "model" or "dictation", found "keyboard""#])
        #expect(Self.errors(#"[1]"#) == [#"c.json:2:14: error: composer: expected a composer object with "type", found an array"#])
        let tray = Self.errors(
            #"""
            {"type": "attachment", "attachments": [
              {"id": "a", "name": "a", "byteCount": 1, "contentType": "image/png"},
              {"id": "b", "name": "b", "byteCount": 1, "contentType": "image/png"},
              {"id": "c", "name": "c", "byteCount": 1, "contentType": "image/png", "upload": {"state": "uploading", "progress": 1.5}}]}
            """#)
        #expect(tray.count == 1)
        #expect(tray.first?.contains("composer.attachments[2].upload.progress: expected a number from 0 to 1, found 1.5") == true)
        #expect(
            Self.errors(#"{"type": "attachment", "attachments": [{"id": "a", "name": "a", "byteCount": 1, "contentType": "image/png", "upload": "later"}]}"#)
                .first?
                .hasSuffix(
                    #"composer.attachments[0].upload: expected "done", "loading", {"state": "uploading", "progress": 0…1} or {"state": "failed", "reason": "…"}, found "later""#
                ) == true)
        #expect(
            Self.errors(#"{"type": "attachment", "characterLimit": 0}"#).first?.hasSuffix(
                "composer.characterLimit: expected an integer from 1 to 1000000000, found 0") == true)
        #expect(Self.errors(#"{"type": "attachment", "focused": "yes"}"#).first?.hasSuffix("composer.focused: expected true or false, found a string") == true)
        #expect(
            Self.errors(#"{"type": "model", "usage": {"remaining": 41, "limit": 40}}"#).first?.hasSuffix(
                "composer.usage.remaining: expected remaining to be at most the limit (40), found 41") == true)
        #expect(
            Self.errors(#"{"type": "model", "usage": {"limit": 40}}"#).first?.hasSuffix(
                #"composer.usage.remaining: missing required field "remaining"; expected an integer ≥ 0"#) == true)
        #expect(
            Self.errors(#"{"type": "model", "usage": {"remaining": 1, "limit": 40, "resets": "9am"}}"#).first?.contains(
                "composer.usage.resets: expected an ISO 8601 date") == true)
        #expect(Self.errors(#"{"type": "model", "models": []}"#).first?.hasSuffix("composer.models: expected at least one model") == true)
        #expect(
            Self.errors(#"{"type": "model", "models": [{"id": "a"}]}"#).first?.hasSuffix(
                #"composer.models[0].name: missing required field "name"; expected a string"#) == true)
        #expect(
            Self.errors(#"{"type": "dictation", "state": "paused"}"#).first?.hasSuffix(#"composer.state: expected "idle" or "recording", found "paused""#)
                == true)
        #expect(
            Self.errors(#"{"type": "dictation", "access": "maybe"}"#).first?.hasSuffix(
                #"composer.access: expected "allowed", "notDetermined", "denied", "restricted" or "unavailable", found "maybe""#) == true)
        #expect(
            Self.errors(#"{"type": "dictation", "levels": [0.5, 2]}"#).first?.hasSuffix("composer.levels[1]: expected a level from 0 to 1, found 2") == true)
        #expect(Self.errors(#"{"type": "dictation", "elapsed": -1}"#).first?.hasSuffix("composer.elapsed: expected a number from 0 to 60, found -1") == true)
    }

    @Test func composerProblemsAreReportedWithTheMessagesOnes() {
        let errors: [String]
        do {
            _ = try ConversationLoader.decode(bytes: Array(#"{"messages": 3, "composer": {"type": 1}}"#.utf8), file: "c.json")
            errors = []
        } catch { errors = error.diagnostics.map(\.description) }
        #expect(errors.count == 2)
        #expect(errors.last?.contains("composer.type") == true)
    }

    @Test func unknownModelAndSymbolWarn() throws {
        let (_, warnings) = try Self.load(
            #"{"type": "model", "model": "atlas-9", "availableModes": [{"id": "x", "title": "X", "symbol": "rocket"}], "modes": ["y"]}"#)
        #expect(
            warnings.map(\.message) == [
                #"model "atlas-9" is not one of the models; showing the first unlocked model, "atlas-3-mini""#,
                #"unknown symbol "rocket"; expected one of "search", "think", "image", "globe", "code", "sparkle"; the chip shows a sparkle"#,
                #"mode "y" is not one of the available modes; it is ignored"#,
            ])
    }
}

/// The composer fixtures, shared with `Tests/Browser/test_composer_schema.py`, which checks them
/// against the schema: valid ones load, invalid ones fail.
@Suite struct ComposerFixtureTests {
    static func names(_ folder: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: TestPaths.fixture("composer/" + folder))) ?? []).filter { $0.hasSuffix(".json") }.sorted()
    }

    @Test(arguments: names("valid"))
    func validFixtureLoads(_ name: String) throws {
        let (conversation, _) = try ConversationLoader.load(path: TestPaths.fixture("composer/valid/" + name))
        #expect(name == "null.json" ? conversation.composer == nil : conversation.composer != nil)
    }

    @Test(arguments: names("invalid"))
    func invalidFixtureFailsWithAComposerPath(_ name: String) {
        do {
            _ = try ConversationLoader.load(path: TestPaths.fixture("composer/invalid/" + name))
            Issue.record("\(name) loaded")
        } catch {
            #expect(error.diagnostics.allSatisfy { $0.location.jsonPath?.hasPrefix("composer") == true }, "\(error)")
        }
    }
}
