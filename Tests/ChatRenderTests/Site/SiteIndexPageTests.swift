import Foundation
import Testing
@testable import ChatModel
@testable import ChatLoad
@testable import ChatTheme
@testable import ChatRenderHTML
import TestSupport

/// The themed index of a site: grouped by project and month, each conversation's facts and
/// badges, every export value escaped, the language and direction of `--locale`.
@Suite struct SiteIndexPageTests {
    static func entry(
        _ title: String, _ slug: String, _ iso: String?, messages: Int, project: String? = nil,
        snippet: String = "", model: String? = nil, photos: Int = 0, files: Int = 0, generated: Int = 0
    ) -> ImportedEntry {
        var entry = ImportedEntry(
            title: title, file: "\(slug).json", slug: slug, date: iso.flatMap { ChatDate(iso: $0) },
            messageCount: messages, project: project)
        entry.summary.snippet = snippet
        entry.summary.model = model
        entry.summary.photos = photos
        entry.summary.files = files
        entry.summary.generatedImages = generated
        return entry
    }

    static let entries = [
        entry(
            "Weekend in Lisbon", "weekend-in-lisbon", "2026-05-02T09:12:00Z", messages: 4, snippet: "Which tram goes to the castle?",
            model: "gpt-4o", photos: 2, files: 1),
        entry("A fox for the poster", "a-fox-for-the-poster", "2026-05-01T08:00:00Z", messages: 2, snippet: "Draw a fox", model: "gpt-4o", generated: 1),
        entry(
            "<script>alert(1)</script> & \"quotes\"", "hostile", "2026-04-30T23:30:00Z", messages: 1, snippet: "<img src=x onerror=alert(1)>",
            model: "<b>model</b>"),
        entry("Undated notes", "undated-notes", nil, messages: 3),
    ]

    /// The templates, as a site's render reads them.
    static let template = (try? PageTemplate.load(directory: TestPaths.repo("templates"))) ?? PageTemplate(page: "", stylesheet: "", script: "")

    static func theme() throws -> Theme { try ThemeLoader.load(path: TestPaths.repo("themes/sp.resolver.json"), displayPath: "sp") }

    /// The site's shared stylesheet and script for `theme`.
    static func files(_ theme: Theme, strings: UIStrings = .english) -> SiteFiles { SiteFiles(theme: theme, template: template, strings: strings) }
    var site: SiteFiles { get throws { Self.files(try Self.theme()) } }

    /// The page with the hashed names of the shared files named by what they are (the names
    /// change with every change of a template; their own tests look at them).
    static func readable(_ bytes: [UInt8], theme: Theme, strings: UIStrings = .english) -> String {
        let files = Self.files(theme, strings: strings)
        var page = String(decoding: bytes, as: UTF8.self)
        for (path, name) in [(files.stylesheetPath, "static/chatrender-HASH.css"), (files.scriptPath, "static/chatrender-HASH.js")] {
            #expect(page.components(separatedBy: path).count == 2, "\(name) once")
            page = page.replacingOccurrences(of: path, with: name)
        }
        return page
    }

    @Test func theIndexMatchesItsGolden() throws {
        let theme = try Self.theme()
        let page = SiteIndexPage.render(Self.entries, theme: theme, files: Self.files(theme), locale: .standard, shards: 2, link: { "\($0.slug)/index.html" })
        Golden.assertMatches(Self.readable(page, theme: theme), named: "site/index.html")
    }

    @Test func aRightToLeftIndexByProjectMatchesItsGolden() throws {
        let theme = try Self.theme()
        let (strings, _) = try UIStrings.read(path: TestPaths.repo("templates/strings/ar.json"), tag: "ar")
        var locale = PageLocale.standard
        locale.strings = strings
        var entries = Self.entries
        entries[0].project = "رحلات"
        entries[1].project = ""
        let page = SiteIndexPage.render(
            entries, theme: theme, files: Self.files(theme, strings: strings), locale: locale, shards: 1, link: { "\($0.slug)/index.html" })
        Golden.assertMatches(Self.readable(page, theme: theme, strings: strings), named: "site/index-ar.html")
    }

    @Test func conversationsAreGroupedByMonthNewestFirstUndatedLast() throws {
        let groups = SiteIndexPage.monthGroups(Self.entries, locale: .standard)
        #expect(groups.map(\.name) == ["May 2026", "April 2026", "Undated"])
        #expect(groups.map { $0.entries.map(\.slug) } == [["weekend-in-lisbon", "a-fox-for-the-poster"], ["hostile"], ["undated-notes"]])
        // In the page's time zone: 23:30 UTC on 30 April is already May two hours east.
        var locale = PageLocale.standard
        locale.offsetSeconds = 2 * 3600
        #expect(SiteIndexPage.monthGroups(Self.entries, locale: locale).map(\.name) == ["May 2026", "Undated"])
    }

    @Test func aPolishHeadingNamesTheMonthAsAHeadingDoes() throws {
        let (strings, _) = try UIStrings.read(path: TestPaths.repo("templates/strings/pl.json"), tag: "pl")
        var locale = PageLocale.standard
        locale.strings = strings
        #expect(SiteIndexPage.monthGroups(Self.entries, locale: locale).map(\.name) == ["maj 2026", "kwiecień 2026", "Bez daty"])
    }

    @Test func everyExportValueIsEscapedAndTheCSPAllowsOnlyTheSitesOwnFiles() throws {
        let theme = try Self.theme()
        let page = String(
            decoding: SiteIndexPage.render(
                Self.entries, theme: theme, files: Self.files(theme), locale: .standard, shards: 1, link: { "\($0.slug)/index.html" }), as: UTF8.self)
        #expect(!page.contains("<script>alert"))
        #expect(!page.contains("<img src=x"))
        #expect(!page.contains("<b>model"))
        #expect(page.contains("&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;quotes&quot;"))
        // Nothing inline: one <link> and one <script src>, to the hashed shared files.
        #expect(!page.contains("<style") && !page.contains("<script>"))
        #expect(page.components(separatedBy: "<script").count == 2 && page.components(separatedBy: "<link").count == 2)
        let files = Self.files(theme)
        #expect(page.contains("<link rel=\"stylesheet\" href=\"\(files.stylesheetPath)\">"))
        #expect(page.contains("<script src=\"\(files.scriptPath)\"></script>"))
        let csp = "default-src 'none'; img-src 'none'; style-src 'self'; script-src 'self'; base-uri 'none'; form-action 'none'; object-src 'none'"
        #expect(page.contains("content=\"\(String(decoding: HTML.text(csp).bytes, as: UTF8.self))\""))
    }

    /// One copy of each shared file, named by its content: the theme, every template file and the
    /// site's own go in; another theme makes another name.
    @Test func theSharedFilesHoldEverythingAndAreNamedByTheirContent() throws {
        let theme = try Self.theme()
        let files = Self.files(theme)
        let css = String(decoding: files.stylesheet, as: UTF8.self), js = String(decoding: files.script, as: UTF8.self)
        for part in [ThemeStylesheet.css(for: theme), Self.template.stylesheet, Self.template.site.searchStylesheet, Self.template.site.indexStylesheet] {
            #expect(css.contains(part))
        }
        #expect(js.contains(Self.template.script) && js.contains(Self.template.site.searchScript))
        #expect(files.stylesheetPath == "static/chatrender-" + String(SHA256.hash(files.stylesheet).hexString.prefix(12)) + ".css")
        #expect(files.scriptPath == "static/chatrender-" + String(SHA256.hash(files.script).hexString.prefix(12)) + ".js")
        let other = SiteFiles(
            theme: try ThemeLoader.load(path: TestPaths.repo("themes/paper.resolver.json"), displayPath: "paper"), template: Self.template,
            strings: .english)
        #expect(other.stylesheetPath != files.stylesheetPath)
        #expect(other.scriptPath == files.scriptPath)
    }

    /// The words every page's scripts write come once, with the shared script, not in each page:
    /// the search's, and in another language than English the templates' scripts' (put on
    /// `<html data-cr-strings>` before those scripts read it). Data that stays inert.
    @Test func theSharedScriptCarriesTheSitesWordsOnce() throws {
        let theme = try Self.theme()
        let english = String(decoding: Self.files(theme).script, as: UTF8.self)
        #expect(english.hasPrefix("window.crSiteWords = {\"lang\":\"en\",\"label\":\"Search conversations\""))
        #expect(!english.contains("data-cr-strings\", JSON"))
        let (german, _) = try UIStrings.read(path: TestPaths.repo("templates/strings/de.json"), tag: "de")
        let files = Self.files(theme, strings: german)
        let js = String(decoding: files.script, as: UTF8.self)
        #expect(files.scriptPath != Self.files(theme).scriptPath)
        #expect(js.contains("\"lang\":\"de\""))
        #expect(js.contains("setAttribute(\"data-cr-strings\", JSON.stringify({\"$lang\":\"de\",\"copy\":\"Kopieren\""))
        // Before the templates' scripts, which read the words when they start.
        let words = try #require(js.range(of: "data-cr-strings\", JSON"))
        let templates = try #require(js.range(of: Self.template.script))
        #expect(words.upperBound < templates.lowerBound)
        // Nothing in the words can end the script or a string in it.
        var hostile = UIStrings(tag: "de")
        hostile.set(.copy, text: "</script><b>&\u{2028}")
        hostile.set(.searchLoading, text: "</script>&")
        let inert = SiteFiles.words(hostile)
        #expect(!inert.contains("<") && !inert.contains(">") && !inert.contains("&") && !inert.contains("\u{2028}"))
        #expect(inert.contains("\"copy\":\"\\u003c/script\\u003e\\u003cb\\u003e\\u0026\\u2028\""))
        #expect(inert.contains("\"loading\":\"\\u003c/script\\u003e\\u0026\""))
    }

    @Test func badgesSayWhatTheyCountInWords() throws {
        let page = String(
            decoding: SiteIndexPage.render(Self.entries, theme: try Self.theme(), files: try site, locale: .standard, shards: 1, link: { $0.slug }),
            as: UTF8.self)
        #expect(page.contains("<span>2 photos</span>"))
        #expect(page.contains("<span>1 file</span>"))
        #expect(page.contains("<span>1 generated image</span>"))
        #expect(page.contains("<span>4 messages</span>"))
        #expect(page.contains("aria-hidden=\"true\""))
    }
}
