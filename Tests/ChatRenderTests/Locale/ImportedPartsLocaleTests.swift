import Foundation
import Testing
@testable import ChatModel
@testable import ChatLoad
@testable import ChatPlan
@testable import ChatRenderHTML
@testable import ChatRender
@testable import ChatRenderCLI
import TestSupport

/// The words imported chats and composer states add follow `--locale` too: the header's facts,
/// the version label, the redaction note, tool results, importer notices and agent names, the
/// index, every composer state, the dates of each language and the preview gallery.
@Suite struct ImportedPartsLocaleTests {
    static func table(_ tag: String) throws -> UIStrings {
        try UIStrings.read(path: LocaleTests.folder + "/\(tag).json", tag: tag).strings
    }

    static func options(_ tag: String) throws -> RenderOptions {
        var options = RenderOptions(markup: .full)
        options.locale.tag = tag
        options.strings = try table(tag)
        return options
    }

    /// The Claude Code fixture through the native file, as `render --from` reads it.
    static func claudeCodePage(_ tag: String) throws -> String {
        var conversation = Conversation(title: "Session", messages: [])
        let chat = try ClaudeCodeRenderTests.chat()
        var messages: [Message] = []
        for turn in chat.turns {
            let attachments = turn.attachments.compactMap { file in
                file.id.map { Attachment(id: $0, name: file.name, byteCount: file.byteCount, contentType: file.contentType) }
            }
            var message = Message(id: turn.id, role: turn.role, text: turn.parts.isEmpty ? turn.text : "", attachments: attachments, date: turn.date)
            message.parts = turn.parts
            message.speaker = turn.speaker
            message.model = turn.model
            message.version = turn.version
            messages.append(message)
        }
        conversation.messages = messages
        conversation.facts = chat.facts
        conversation.redaction = RedactionSummary(counts: [("credential", 2), ("home folder", 1), ("email", 0)])
        let (loaded, warnings) = try ConversationLoader.decode(bytes: NativeJSON.encode(conversation), file: "x.json")
        #expect(warnings.isEmpty, "\(warnings)")
        return PageBody.render(loaded, assets: AssetTable(), options: try options(tag), hasDarkMode: true).description
    }

    @Test func aGermanClaudeCodePageHasGermanWordsForItsImportedParts() throws {
        let html = try Self.claudeCodePage("de")
        // The header.
        #expect(html.contains("aria-label=\"Über diese Unterhaltung\""))
        #expect(html.contains("<dt>Projekt</dt>") && html.contains("<dt>Modelle</dt>") && html.contains("<dt>Zeitraum</dt>"))
        #expect(!html.contains("<dt>Project</dt>"))
        #expect(html.contains("<dd dir=\"auto\">99 Eingabe · 4.280 Ausgabe · 395k aus dem Cache gelesen · 28,8k in den Cache geschrieben</dd>"))
        #expect(html.contains("Beim Import unkenntlich gemacht: 2 Zugangsdaten-Einträge und 1 Home-Ordner-Pfad."))
        // Tool results.
        #expect(html.contains("aria-label=\"To-do-Liste\""))
        #expect(html.contains(">Erledigt: </span>") && html.contains(">In Arbeit: </span>") && html.contains(">Offen: </span>"))
        #expect(html.contains("aria-label=\"Treffer\""))
        #expect(html.contains("aria-label=\"totals.py, Zeilen 1–10\""))
        // Tool titles.
        #expect(html.contains("cart/totals.py gelesen"))
        #expect(html.contains("To-do-Liste aktualisiert · 1 von 3 erledigt"))
        #expect(html.contains("docs.python.org abgerufen"))
        // Notices, agents.
        #expect(html.contains("Von der Person unterbrochen"))
        #expect(html.contains("Hat 48\u{00A0}s gearbeitet"))
        #expect(html.contains("Unterhaltung bei 167k Tokens automatisch komprimiert"))
        #expect(html.contains("Explore-Agent: Review coupon test coverage"))
        for english in [
            "Updated the to-do list", "\">Read cart/totals.py<", ">Fetched ", "Interrupted by the person", "Worked for", "Conversation compacted",
            "Explore agent", "To-do list", ">Done: <", "About this conversation",
        ] {
            #expect(!html.contains(english), "\(english)")
        }
    }

    /// ChatGPT's own words: voice turns, the memory notice and the agent's activity, through the
    /// native file as `render --from chatgpt` reads them.
    @Test func aGermanChatGPTPageHasGermanWordsForVoiceMemoryAndAgentSteps() throws {
        let chats = try ChatGPTContentTests.read().0
        func page(_ chat: ImportedChat, _ tag: String) throws -> String {
            let messages = chat.turns.map { turn -> Message in
                let attachments = turn.attachments.enumerated().map { index, file in
                    Attachment(id: file.id ?? "a\(index + 1)", name: file.name, byteCount: file.byteCount, contentType: file.contentType)
                }
                var message = Message(id: turn.id, role: turn.role, text: turn.parts.isEmpty ? turn.text : "", attachments: attachments, date: turn.date)
                message.parts = turn.parts
                message.speaker = turn.speaker
                message.speakerPhrase = turn.speakerPhrase
                return message
            }
            let (loaded, warnings) = try ConversationLoader.decode(
                bytes: NativeJSON.encode(Conversation(title: chat.title, messages: messages)), file: "x.json")
            #expect(warnings.isEmpty, "\(warnings)")
            return PageBody.render(loaded, assets: AssetTable(), options: try Self.options(tag), hasDarkMode: true).description
        }
        let voice = try page(chats[6], "de")
        #expect(voice.contains(">Du · Sprache<") && voice.contains(">Assistent · Sprache<"))
        #expect(voice.contains("Gespeicherte Erinnerung aktualisiert"))
        #expect(!voice.contains("You · voice") && !voice.contains("Updated saved memory"))
        let agent = try page(chats[7], "de")
        #expect(agent.contains("An der Aufgabe gearbeitet · 2 Schritte"))
        #expect(try page(chats[7], "pl").contains("Praca nad zadaniem · 2 kroki"))
        #expect(!agent.contains("Worked on the task"))
        // English keeps the importer's words exactly.
        #expect(try page(chats[7], "en").contains("Worked on the task · 2 steps"))
    }

    /// The session's length in the header, a search limited by a glob, and an untitled claude.ai
    /// project speak the language too; the dates stay as written (ISO, UTC).
    @Test func theTimeSpanAGlobSearchAndAnUntitledProjectSpeakTheLanguage() throws {
        let japanese = try Self.claudeCodePage("ja")
        #expect(japanese.contains("<dd dir=\"auto\">2026-03-02 09:14 – 09:25 UTC (11分3秒)</dd>"), "the Time fact's length in Japanese")
        let a = ChatDate(iso: "2026-03-02T23:50:00Z")!, b = ChatDate(iso: "2026-03-03T00:20:00Z")!
        let spanned = try #require(SessionText.spanAndLength(a, b))
        #expect(spanned.0 == "2026-03-02 23:50 – 2026-03-03 00:20 UTC" && spanned.1 == 1800)
        #expect(SessionText.spanAndLength(a, a) == nil)
        let call =
            "{\"type\":\"assistant\",\"uuid\":\"u2\",\"message\":{\"id\":\"m\",\"role\":\"assistant\",\"content\":[{\"type\":\"tool_use\",\"id\":\"g\",\"name\":\"Grep\",\"input\":{\"pattern\":\"total\",\"glob\":\"*.py\"}}]}}"
        let (chat, _) = ClaudeCodeImporter.read(
            bytes: Array(("{\"type\":\"user\",\"uuid\":\"u1\",\"message\":{\"role\":\"user\",\"content\":\"Go\"}}\n" + call).utf8), file: "s.jsonl")
        guard case .toolCall(let grep)? = chat?.turns.last?.parts.first else { Issue.record("no grep"); return }
        #expect(grep.title == "Searched for “total” (*.py)")
        #expect(try Self.table("de").phrase(grep.titlePhrase, or: grep.title ?? "") == "Nach „total“ gesucht (*.py)")
        let entries = [
            ImportedEntry(title: "A", file: "a.json", slug: "a", date: nil, messageCount: 2, project: ""),
            ImportedEntry(title: "B", file: "b.json", slug: "b", date: nil, messageCount: 2, project: "Garden"),
        ]
        let index = String(decoding: ImportIndexPage.render(entries, strings: try Self.table("de"), link: { $0.file }), as: UTF8.self)
        #expect(index.contains("Unbenanntes Projekt") && !index.contains("Untitled project"))
    }

    /// The session overview says its length in the header's words, in English ("11 min 3 s", as
    /// the importer writes the Time fact) and in every table: one formatter for both.
    @Test func theOverviewsDurationReadsAsTheHeadersTimeFact() throws {
        for tag in ["en"] + LocaleTests.tags {
            let html = try Self.claudeCodePage(tag)
            // Right to left the span is isolated: "…09:25 UTC⁩ (11 د 3 ث)".
            let header = try #require(html.range(of: "09:25 UTC"), "\(tag)")
            let length = html[header.upperBound...].drop { $0 != "(" }.dropFirst().prefix { $0 != ")" }
            #expect(!length.isEmpty && html.contains("<dd>\(length)</dd>"), "\(tag): the overview's duration is not “\(length)”")
        }
        #expect(try Self.claudeCodePage("en").contains("(11 min 3 s)</dd>"))
    }

    @Test func anEnglishPageKeepsTheImportersOwnWords() throws {
        let html = try Self.claudeCodePage("en")
        #expect(html.contains("<dt>Project</dt>"))
        #expect(html.contains("Interrupted by the person"))
        #expect(html.contains("Worked for 48 s"))
        #expect(html.contains("Explore agent: Review coupon test coverage"))
        #expect(html.contains("Redacted on import: 2 credentials and 1 home folder path masked."))
    }

    @Test func phrasesRoundTripAndABadOneIsAWarning() throws {
        var notice = NoticePart(kind: .info, text: "Worked for 3 min")
        notice.phrase = UIPhrase(.workedFor, seconds: 180)
        var message = Message(id: "a", role: .assistant, text: "")
        message.parts = [.notice(notice)]
        message.speaker = "Explore agent"
        message.speakerPhrase = UIPhrase(.agentOfKind, ["kind": "Explore"])
        let conversation = Conversation(title: "x", messages: [message])
        let (loaded, warnings) = try ConversationLoader.decode(bytes: NativeJSON.encode(conversation), file: "x.json")
        #expect(warnings.isEmpty)
        #expect(loaded == conversation)
        let bad = #"{"messages": [{"id": "a", "role": "assistant", "parts": [{"type": "notice", "text": "Hi", "phrase": {"key": "noSuchKey"}}]}]}"#
        let (read, problems) = try ConversationLoader.decode(bytes: Array(bad.utf8), file: "b.json")
        #expect(
            problems.map(\.description).contains { $0.contains("messages[0].parts[0].phrase.key") && $0.contains("unknown string-table key \"noSuchKey\"") })
        #expect(read.messages?.first?.parts == [.notice(NoticePart(text: "Hi"))])
    }

    @Test func theVersionLabelAndTheIndexSpeakTheLanguage() throws {
        var message = Message(id: "m", role: .assistant, text: "Hallo")
        message.version = TurnVersion(index: 2, count: 3)
        let turn = TurnView.render(message, index: 0, assets: AssetTable(), options: try Self.options("de")).description
        #expect(turn.contains(">Version 2 von 3</span>"))
        let entries = [
            ImportedEntry(title: "Loose", file: "a.json", slug: "a", date: nil, messageCount: 2),
            ImportedEntry(title: "Shop", file: "b.json", slug: "b", date: nil, messageCount: 1, project: "shop"),
        ]
        let index = String(decoding: ImportIndexPage.render(entries, strings: try Self.table("de"), link: { $0.slug }), as: UTF8.self)
        #expect(index.contains(">Kein Projekt</h2>"))
        #expect(!index.contains("No project"))
    }

    @Test func composerStatesSpeakTheLanguage() throws {
        var locale = PageLocale(tag: "de-DE")
        locale.strings = try Self.table("de")
        let resets = try #require(ChatDate(iso: "2026-05-02T09:00:00Z"))
        let model = ModelComposerState(usage: .init(remaining: 12, limit: 40, resets: resets))
        let html = ComposerView.render(.model(model), locale: locale).description
        #expect(html.contains("Noch 12 Nachrichten bis 09:00"))
        #expect(html.contains("aria-label=\"Senden, aus, bis du eine Nachricht schreibst\""))
        #expect(html.contains("aria-label=\"Modelle\""))
        #expect(html.contains("<span>Pro</span>"))
        #expect(html.contains("placeholder=\"Nachricht\""))
        let exhausted = ModelComposerState(usage: .init(remaining: 0, limit: 40, resets: resets))
        let limit = ComposerView.render(.model(exhausted), locale: locale).description
        #expect(limit.contains("Du hast alle 40 Nachrichten verbraucht. Weitere um 09:00."))
        #expect(limit.contains("placeholder=\"Du hast das heutige Limit erreicht\""))
        let dictation = DictationComposerState(state: .recording, access: .allowed)
        let listening = ComposerView.render(.dictation(dictation), locale: locale).description
        #expect(listening.contains("placeholder=\"Hört zu …\""))
        let denied = ComposerView.render(.dictation(DictationComposerState(access: .denied)), locale: locale).description
        #expect(denied.contains("aria-label=\"Diktieren, aus: Mikrofon und Spracherkennung sind ausgeschaltet\""))
        #expect(denied.contains("Aktiviere Mikrofon und Spracherkennung in den Einstellungen, um zu diktieren."))
        let file = Attachment(id: "f", name: "plan.pdf", byteCount: 2_300_000, contentType: "com.adobe.pdf", upload: .uploading(0.4))
        let uploading = ComposerView.render(.attachment(AttachmentComposerState(attachments: [.init(file)], error: "")), locale: locale).description
        #expect(uploading.contains("aria-label=\"Senden, aus, bis das Hochladen abgeschlossen ist\""))
        #expect(uploading.contains("Senden fehlgeschlagen. Versuch es noch einmal."))
        // The script gets the counted texts as plural forms, and the table's language for its rules.
        let script = locale.strings.scriptStrings
        #expect(script.hasPrefix("{\"$lang\":\"de\""))
        #expect(script.contains("\"messagesLeftToday\":{\"one\":\"Heute noch {count} Nachricht\",\"other\":\"Heute noch {count} Nachrichten\"}"))
        // English pages still carry nothing.
        #expect(UIStrings.english.scriptStrings.isEmpty)
        #expect(try Self.table("en").scriptStrings.isEmpty)
    }

    @Test func eachLanguageWritesTheTimeOfDayAsCLDRDoes() throws {
        let morning = try #require(ChatDate(iso: "2026-05-02T09:05:00Z"))
        let evening = try #require(ChatDate(iso: "2026-05-02T21:05:00Z"))
        let expected: [String: (String, String)] = [
            "de": ("09:05", "21:05"), "fr": ("09:05", "21:05"), "ja": ("9:05", "21:05"), "es": ("9:05", "21:05"),
            "zh-Hans": ("09:05", "21:05"), "ko": ("오전 9:05", "오후 9:05"), "ar": ("9:05 ص", "9:05 م"),
        ]
        for (tag, times) in expected {
            var locale = PageLocale(tag: tag)
            locale.strings = try Self.table(tag)
            #expect(locale.time(morning) == times.0, "\(tag)")
            #expect(locale.time(evening) == times.1, "\(tag)")
        }
    }

    @Test func thePreviewGalleryFollowsTheLocale() throws {
        let out = TestPaths.temporaryFolder("preview-de") + "/gallery"
        let buffer = Locked("")
        let output = CLI.Output(out: { _ in }, err: { text in buffer.withLock { $0 += text } })
        setenv("CHATRENDER_DATA", TestPaths.repository, 0)
        let code = CLI.run(["preview", "--theme", TestPaths.repo("themes/sp.resolver.json"), "--out", out, "--locale", "de-DE"], output: output)
        #expect(code == .ok, "\(buffer.withLock { $0 })")
        let html = try String(contentsOfFile: out + "/index.html", encoding: .utf8)
        #expect(html.contains("class=\"cr-pv-mode cr-pv-mode--light\" lang=\"de\"><span class=\"cr-pv-mode-label\" lang=\"en\">Light</span>"))
        #expect(html.contains(">Assistent</h"))
        #expect(html.contains("Noch 12 Nachrichten"))
        #expect(html.contains("aria-label=\"Nachricht verfassen") || html.contains("aria-label=\"Senden"))
        #expect(!html.contains(">12 messages left"))
        #expect(html.contains("Theme preview"), "the gallery's own notes stay English")
        try? FileManager.default.removeItem(atPath: (out as NSString).deletingLastPathComponent)
    }
}
