import Foundation
import Testing
@testable import ChatModel
@testable import ChatLoad
@testable import ChatRender
import TestSupport

/// The pages `render --from chatgpt` makes of the real-shaped 2024–2025 export: each matches its
/// golden (`__Goldens__/chatgpt-2025/`), and no page holds a private-use character or a raw
/// ChatGPT marker.
@Suite(.serialized) struct ChatGPTPageTests {
    static let slugs = [
        "tram-passes-in-lisbon", "compound-interest", "quarterly-sales-chart", "a-fox-for-the-poster",
        "train-to-porto", "cover-letter-draft", "weekend-plans-voice", "book-a-table-for-friday",
    ]

    /// Renders the fixture once into a temporary site; the pages by slug, and the run.
    static func site() throws -> (pages: [String: String], run: CLIRun) {
        let temp = TestPaths.temporaryFolder("gpt-site")
        defer { try? FileManager.default.removeItem(atPath: temp) }
        let run = try CLIRun.run(["render", "--from", "chatgpt", TestPaths.fixture("import/chatgpt-2025"), "--out", temp + "/site"])
        var pages: [String: String] = [:]
        for slug in slugs {
            pages[slug] = try? String(contentsOfFile: "\(temp)/site/\(slug)/index.html", encoding: .utf8)
        }
        pages["index"] = try? String(contentsOfFile: "\(temp)/site/index.html", encoding: .utf8)
        return (pages, run)
    }

    @Test func pagesMatchTheirGoldens() throws {
        let (pages, run) = try Self.site()
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.hasSuffix("(8 conversations), 2 warnings\n"), "\(run.stderr)")
        for slug in Self.slugs {
            guard let page = pages[slug] else { Issue.record("no page for \(slug)"); continue }
            Golden.assertMatches(try GoldenPageTests.withoutTemplateBlocks(page), named: "chatgpt-2025/\(slug).html")
        }
    }

    @Test func noPageHoldsAPrivateUseCharacterOrARawMarker() throws {
        let (pages, _) = try Self.site()
        #expect(pages.count == Self.slugs.count + 1)
        for (slug, page) in pages {
            let privateUse = page.unicodeScalars.filter(ChatGPTText.isPrivateUse)
            #expect(privateUse.isEmpty, "\(slug): \(privateUse.map { String($0.value, radix: 16) })")
            for raw in [
                "【", "†", "turn0search", "turn0news", "\u{E200}", "cite\u{E202}", "{{file:", "sandbox:", "utm_source=chatgpt",
                "GPT-4o returned", "DALL·E displayed", "Model set context updated", "[^s", "textdoc_id",
            ] {
                #expect(!page.contains(raw), "\(slug) holds \(raw)")
            }
        }
        // What the markers became is there.
        let lisbon = pages["tram-passes-in-lisbon"] ?? ""
        #expect(lisbon.contains("<sup class=\"cr-cite\"><a href=\"#cr-t4-src-1\" aria-label=\"Source 1\">1</a></sup>"))
        #expect(lisbon.contains("<span class=\"cr-visually-hidden\">Version 2 of 2</span>"))
        let interest = pages["compound-interest"] ?? ""
        #expect(interest.contains("<math display=\"block\""))
        // No TeX left in the text: only in the formulas' annotations.
        let annotations = try NSRegularExpression(pattern: "<annotation[^>]*>.*?</annotation>", options: [.dotMatchesLineSeparators])
        let shown = annotations.stringByReplacingMatches(in: interest, range: NSRange(interest.startIndex..., in: interest), withTemplate: "")
        for tex in ["\\[", "\\(", "\\frac", "\\left"] { #expect(!shown.contains(tex), "\(tex) left in the page") }
    }
}
