import Foundation
import Testing
@testable import ChatModel
@testable import ChatLoad
@testable import ChatPlan
@testable import ChatRenderHTML
@testable import ChatRender
import TestSupport

/// The reader's language: the bundled string tables, their fallbacks, plural rules, dates and
/// numbers, and the garden example rendered in every bundled language.
@Suite struct LocaleTests {
    static let folder = TestPaths.repo("templates/strings")
    static let tags = ["de", "fr", "es", "pt", "it", "nl", "pl", "ja", "zh-Hans", "ko", "ar"]

    @Test func everyLanguageTheIssueAsksForIsBundled() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.folder).filter { $0.hasSuffix(".json") }
        #expect(Set(files) == Set((Self.tags + ["en"]).map { $0 + ".json" }))
    }

    /// A table names its keys by the cases' names, which ``UIKey/name`` writes out: each must be
    /// its case's name, and every name must find its key again.
    @Test func everyKeyIsNamedByItsCase() {
        for key in UIKey.allCases {
            #expect(key.name == String(describing: key))
            #expect(UIKey.named(key.name) == key)
        }
        #expect(Set(UIKey.allCases.map(\.name)).count == UIKey.allCases.count)
        #expect(UIKey.named("Conversation") == nil, "a key is named by its case, not its English text")
    }

    @Test(arguments: ["en"] + tags)
    func everyBundledTableIsComplete(_ tag: String) throws {
        let (strings, warnings) = try UIStrings.read(path: Self.folder + "/\(tag).json", tag: tag)
        #expect(warnings.isEmpty, "\(warnings)")
        for key in UIKey.allCases {
            #expect(strings.has(key), "\(tag).json lacks \(key.name)")
            if key.shape == .counted, let forms = strings.forms(key) {
                for category in PluralCategory.needed(language: strings.language) {
                    #expect(forms[category] != nil, "\(tag).json: \(key.name) lacks \(category)")
                }
            }
        }
    }

    @Test func theEnglishTableIsTheCompiledEnglish() throws {
        let (table, _) = try UIStrings.read(path: Self.folder + "/en.json", tag: "en")
        for key in UIKey.allCases {
            switch key.shape {
            case .text: #expect(table[key] == UIStrings.english[key], "\(key.name)")
            case .list: #expect(table.list(key) == UIStrings.english.list(key), "\(key.name)")
            case .counted:
                for n in [0, 1, 2, 5, 1234] { #expect(table.counted(key, n) == UIStrings.english.counted(key, n), "\(key.name) \(n)") }
            }
        }
    }

    @Test func pluralCategoriesFollowCLDR() {
        let pl: [(Int, PluralCategory)] = [
            (1, .one), (2, .few), (4, .few), (5, .many), (12, .many), (22, .few), (25, .many), (0, .many), (101, .many), (104, .few),
        ]
        for (n, category) in pl { #expect(PluralCategory.of(n, language: "pl") == category, "pl \(n)") }
        let ar: [(Int, PluralCategory)] = [
            (0, .zero), (1, .one), (2, .two), (3, .few), (10, .few), (11, .many), (99, .many), (100, .other), (102, .other), (103, .few),
        ]
        for (n, category) in ar { #expect(PluralCategory.of(n, language: "ar") == category, "ar \(n)") }
        #expect(PluralCategory.of(0, language: "fr") == .one)
        #expect(PluralCategory.of(0, language: "de") == .other)
        #expect(PluralCategory.of(1, language: "ja") == .other)
        #expect(PluralCategory.of(1_000_000, language: "es") == .many)
    }

    @Test func countedTextsTakeTheLanguagesForms() throws {
        let (pl, _) = try UIStrings.read(path: Self.folder + "/pl.json", tag: "pl")
        #expect(pl.counted(.photoCount, 1) == "1 zdjęcie")
        #expect(pl.counted(.photoCount, 3) == "3 zdjęcia")
        #expect(pl.counted(.photoCount, 5) == "5 zdjęć")
        let (ar, _) = try UIStrings.read(path: Self.folder + "/ar.json", tag: "ar")
        #expect(ar.counted(.photoCount, 2) == "صورتان")
        #expect(ar.counted(.photoCount, 3) == "3 صور")
        #expect(UIStrings.english.counted(.photoCount, 1) == "1 photo")
        #expect(UIStrings.english.counted(.photoCount, 1234) == "1,234 photos")
    }

    @Test func localesFallBackToTheNearestTable() {
        let available = ["en", "de", "zh-Hans", "ar"]
        #expect(UIStrings.resolve("de-DE", available: available) == ("de", nil))
        #expect(UIStrings.resolve("de_AT", available: available) == ("de", nil))
        #expect(UIStrings.resolve("en-US", available: available) == ("en", nil))
        #expect(UIStrings.resolve("zh-CN", available: available) == ("zh-Hans", nil))
        #expect(UIStrings.resolve("zh", available: available) == ("zh-Hans", nil))
        #expect(UIStrings.resolve("zh-Hans-SG", available: available) == ("zh-Hans", nil))
        let traditional = UIStrings.resolve("zh-TW", available: available)
        #expect(traditional.tag == "zh-Hans")
        #expect(traditional.warning?.contains("falling back to zh-Hans") == true)
        let unknown = UIStrings.resolve("xx-YY", available: available)
        #expect(unknown.tag == "en")
        #expect(unknown.warning?.contains("no string table for \"xx-YY\"; falling back to en") == true)
        // Without any table English is compiled in.
        #expect(UIStrings.resolve("fr", available: []).tag == nil)
    }

    @Test func anUnknownLocaleWarnsAndTheTemplatesLoadEnglish() throws {
        let (strings, warnings) = try UIStrings.load(locale: "xx-YY", templates: TestPaths.templates)
        #expect(strings.tag == "en")
        #expect(strings[.assistant] == "Assistant")
        #expect(warnings.count == 1)
        #expect(warnings.first?.severity == .warning)
        #expect(warnings.first?.description.contains("falling back to en") == true)
    }

    @Test func aTableMissingAKeyReadsItInEnglishWithAWarning() throws {
        let templates = TestPaths.temporaryFolder("strings")
        try FileManager.default.createDirectory(atPath: templates + "/strings", withIntermediateDirectories: true)
        try Data(#"{"you": "Du", "photoCount": {"one": "{count} Foto", "other": "{count} Fotos"}}"#.utf8)
            .write(to: URL(fileURLWithPath: templates + "/strings/de.json"))
        let (strings, warnings) = try UIStrings.load(locale: "de-CH", templates: templates)
        #expect(strings[.you] == "Du")
        #expect(strings[.assistant] == "Assistant")
        #expect(strings.counted(.photoCount, 2) == "2 Fotos")
        #expect(warnings.count == 1)
        let text = warnings.map(\.description).joined()
        #expect(text.contains("strings/de.json"))
        #expect(text.contains("read in English, missing from the table: conversation"))
    }

    @Test func aBrokenTableIsAnErrorWithItsPosition() throws {
        let templates = TestPaths.temporaryFolder("strings")
        try FileManager.default.createDirectory(atPath: templates + "/strings", withIntermediateDirectories: true)
        try Data("{\n  \"you\": 3,\n  \"retry\": \"Nochmal {what}\"\n}".utf8).write(to: URL(fileURLWithPath: templates + "/strings/de.json"))
        #expect {
            _ = try UIStrings.load(locale: "de", templates: templates)
        } throws: { error in
            let text = (error as? DiagnosticError)?.diagnostics.map(\.description).joined(separator: "\n") ?? ""
            return text.contains("de.json:2:10") && text.contains("expected a string, found a number")
                && text.contains("de.json:3:12") && text.contains("unknown placeholder {what}")
        }
    }

    @Test func germanDatesAndNumbers() throws {
        let (de, _) = try UIStrings.read(path: Self.folder + "/de.json", tag: "de")
        var locale = PageLocale(tag: "de-DE")
        locale.strings = de
        let date = try #require(ChatDate(iso: "2026-05-02T09:12:00Z"))
        #expect(locale.dateTime(date) == "2. Mai 2026, 09:12")
        #expect(locale.day(date) == "Samstag, 2. Mai 2026")
        #expect(de.size(2_300_000) == "2,3 MB")
        #expect(de.size(1_234_567_890) == "1,23 GB")
        #expect(de.number(12345) == "12.345")
        #expect(de.uploading(percent: 45) == "Wird hochgeladen: 45\u{00A0}%")
        // English stays as it was.
        #expect(PageLocale(tag: "en-US").dateTime(date) == "May 2, 2026 at 9:12 AM")
        #expect(PageLocale(tag: "en-GB").day(date) == "Saturday 2 May 2026")
    }

    @Test func datesInEveryLanguageUseItsOwnNames() throws {
        let date = try #require(ChatDate(iso: "2026-05-02T09:12:00Z"))
        let expected: [String: String] = [
            // The time of day as CLDR's short time pattern writes it in each language.
            "fr": "2 mai 2026 à 09:12", "ja": "2026年5月2日 9:12", "zh-Hans": "2026年5月2日 09:12",
            "ko": "2026년 5월 2일 오전 9:12", "ar": "2 مايو 2026، 9:12 ص", "pl": "2 maj 2026, 09:12",
        ]
        for (tag, text) in expected {
            var locale = PageLocale(tag: tag)
            locale.strings = try UIStrings.read(path: Self.folder + "/\(tag).json", tag: tag).strings
            #expect(locale.dateTime(date) == text, "\(tag)")
        }
    }

    // MARK: Pages

    static func render(locale: String) throws -> (html: String, result: RenderResult) {
        var options = RenderOptions()
        options.locale.tag = locale
        let (html, result, out) = try GoldenPageTests.render("examples/garden/conversation.json", options: options)
        try? FileManager.default.removeItem(atPath: (out as NSString).deletingLastPathComponent)
        return (html, result)
    }

    @Test(arguments: tags)
    func gardenMatchesItsGoldenInEveryLanguage(_ tag: String) throws {
        let (html, result) = try Self.render(locale: tag)
        #expect(result.warnings.isEmpty, "\(result.warnings)")
        Golden.assertMatches(try GoldenPageTests.withoutTemplateBlocks(html), named: "garden.\(tag).html")
    }

    @Test func germanPageIsGermanThroughout() throws {
        let (html, result) = try Self.render(locale: "de-DE")
        #expect(result.warnings.isEmpty)
        #expect(html.contains("<html lang=\"de\" data-cr-strings="))
        #expect(!html.contains(" dir=\"rtl\""))
        #expect(html.contains(">Assistent</h2>"))
        #expect(html.contains(">Du</h2>"))
        #expect(html.contains("Mai 2026"))
        #expect(!html.contains(">Assistant<"))
        #expect(!html.contains("aria-label=\"Link to this turn\""))
        #expect(html.contains("&quot;copyCode&quot;:&quot;Code kopieren&quot;"))
    }

    @Test func arabicPageRunsRightToLeft() throws {
        let (html, _) = try Self.render(locale: "ar")
        #expect(html.contains("<html lang=\"ar\" dir=\"rtl\" data-cr-strings="))
        #expect(html.contains(">المساعد</h2>"))
    }

    @Test func theEnglishPageCarriesNoStringsForItsScripts() throws {
        let (html, _) = try Self.render(locale: "en-US")
        #expect(html.contains("<html lang=\"en\">"))
        #expect(!html.contains(" data-cr-strings=\""))
    }

    @Test func anUnknownLocaleRendersEnglishWithAWarning() throws {
        let (html, result) = try Self.render(locale: "xx-YY")
        #expect(html.contains("<html lang=\"en\">"))
        #expect(result.warnings.map(\.description).contains { $0.contains("no string table for \"xx-YY\"; falling back to en") })
    }

    @Test func theComposerSpeaksThePagesLanguage() throws {
        var locale = PageLocale(tag: "de-DE")
        locale.strings = try UIStrings.read(path: Self.folder + "/de.json", tag: "de").strings
        let file = Attachment(id: "f", name: "plan.pdf", byteCount: 2_300_000, contentType: "com.adobe.pdf", upload: .uploading(0.4))
        let state = ComposerState.attachment(AttachmentComposerState(text: String(repeating: "x", count: 3700), attachments: [.init(file)]))
        let html = ComposerView.render(state, locale: locale).description
        #expect(html.contains("aria-label=\"Nachricht verfassen\""))
        #expect(html.contains("aria-label=\"Nachricht\""))
        #expect(html.contains("aria-label=\"Anhänge\""))
        #expect(html.contains("aria-label=\"Anhang hinzufügen\""))
        #expect(html.contains("aria-label=\"plan.pdf, PDF-Dokument, 2,3 MB, Wird hochgeladen, 40 Prozent\""))
        #expect(html.contains("aria-label=\"plan.pdf entfernen\""))
        #expect(html.contains("3.700 von 4.000 Zeichen"))
        #expect(!html.contains("Add attachment"))
    }
}
