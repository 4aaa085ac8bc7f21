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
@testable import ChatRenderCLI
import TestSupport

/// Every composer state of the gallery as HTML in `__Goldens__/composer/`, and the three example
/// conversations with their pinned composers.
@Suite struct ComposerGoldenTests {
    static func slug(_ name: String) -> String {
        var out = ""
        for c in name.lowercased() {
            if c.isLetter || c.isNumber { out.append(c) } else if !out.hasSuffix("-") { out.append("-") }
        }
        while out.hasSuffix("-") { out.removeLast() }
        return out
    }

    /// Every state's golden name, by meaning: the section and the example's own name
    /// (`model-atlas-3-12-of-40-left`), never its position, so adding, removing or reordering
    /// examples renames nothing else.
    static let goldens: [(name: String, example: PreviewFixtures.Example)] = PreviewFixtures.sections.flatMap { section in
        section.examples.map { ("\(section.id)-\(slug($0.name))", $0) }
    }
    static let exampleThreads = ["planning", "research", "kitchen"]

    @Test(arguments: goldens.map(\.name))
    func stateMatchesGolden(_ name: String) throws {
        let example = Self.goldens.first { $0.name == name }!.example
        let html = ComposerView.render(example.composer).description + "\n"
        Golden.assertMatches(html, named: "composer/\(name).html")
    }

    /// Two examples whose names slug alike (or a section called `example`) would share a file and
    /// each overwrite the other's golden; every file in the folder belongs to one test.
    @Test func everyGoldenHasOneOwner() throws {
        let names = Self.goldens.map(\.name) + Self.exampleThreads.map { "example-\($0)" }
        #expect(Set(names).count == names.count, "two composer goldens share a name: \(names)")
        let files = try FileManager.default.contentsOfDirectory(atPath: TestPaths.repo("Tests/ChatRenderTests/__Goldens__/composer"))
        #expect(Set(files) == Set(names.map { $0 + ".html" }))
    }

    @Test(arguments: exampleThreads)
    func exampleBodyMatchesGolden(_ name: String) throws {
        let (conversation, warnings) = try ConversationLoader.load(path: TestPaths.repo("examples/composers/\(name).json"))
        #expect(warnings.isEmpty)
        #expect(conversation.composer != nil)
        let body = PageBody.render(conversation, assets: AssetTable(), options: .init(), hasDarkMode: true).description
        #expect(body.contains("</section>\n<div class=\"cr-dock\"><div class=\"cr-composer"), "pinned under the last turn")
        #expect(body.hasSuffix("</div>\n</main>\n"))
        Golden.assertMatches(body, named: "composer/example-\(name).html")
    }

    @Test func renderingIsDeterministic() {
        for section in PreviewFixtures.sections {
            for example in section.examples {
                #expect(ComposerView.render(example.composer) == ComposerView.render(example.composer))
            }
        }
    }

    @Test func noInlineStylesOrInputMarkup() throws {
        let hostile = ComposerState.attachment(
            .init(
                text: "</textarea><script>alert(1)</script>", placeholder: "\"><img src=x onerror=alert(1)>",
                attachments: [.init(Attachment(id: "\"x", name: "<b>.pdf", byteCount: 1, contentType: "application/pdf", upload: .failed(reason: "<i>")))],
                error: "<svg onload=alert(1)>"))
        let html = ComposerView.render(hostile).description
        #expect(!html.contains("<script"))
        #expect(!html.contains("<img"))
        #expect(!html.contains("<svg onload"))
        #expect(!html.contains("<b>"))
        #expect(html.contains("&lt;/textarea&gt;&lt;script&gt;"))
        for section in PreviewFixtures.sections {
            for example in section.examples {
                #expect(!ComposerView.render(example.composer).description.contains("style="))
            }
        }
    }
}

@Suite struct ThemePreviewTests {
    static func theme(_ path: String) throws -> Theme { try ThemeLoader.load(path: TestPaths.repo(path), displayPath: path) }

    @Test func galleryShowsEveryStateInBothModesForEveryTheme() throws {
        let themes = [try Self.theme("themes/sp.resolver.json"), try Self.theme("themes/mono.tokens.json")]
        let body = PreviewGallery.body(themes: themes).description
        let composers = body.components(separatedBy: "data-cr-composer=").count - 1
        let states = PreviewFixtures.sections.reduce(0) { $0 + $1.examples.count }
        #expect(composers == states * 2 + states, "SP has two modes, mono one")
        #expect(body.contains("<label for=\"cr-pv-pick-1\">mono</label>"))
        #expect(body.contains("Contrast, WCAG 2.x"))
        let css = PreviewGallery.css(themes: themes)
        #expect(css.contains("#cr-pv-t0 .cr-pv-mode--light {\n  color-scheme: light;"))
        #expect(css.contains("#cr-pv-t0 .cr-pv-mode--dark {\n  color-scheme: dark;"))
        #expect(css.contains("#cr-pv-t1 .cr-pv-mode--dark {"))
        #expect(css.contains(":root:has(#cr-pv-pick-1:checked) .cr-pv-theme:not(#cr-pv-t1) { display: none; }"))
        // Ids stay unique although the chat block is shown in every column.
        var seen = Set<String>()
        for part in body.components(separatedBy: " id=\"").dropFirst() {
            let id = String(part.prefix { $0 != "\"" })
            #expect(seen.insert(id).inserted, "duplicate id \(id)")
        }
    }

    @Test func contrastReportIsTheOneListOfPairs() throws {
        let theme = try Self.theme("themes/sp.resolver.json")
        let body = PreviewGallery.contrastReport(theme, index: 0).description
        let rows = body.components(separatedBy: "<tr><td>").count - 1
        #expect(rows == ThemeContrast.pairs.count * 2)
        #expect(body.contains("<td>dark</td><td>usage line near the limit</td>"))
        #expect(body.contains("<td>dark</td><td>links and citation markers in replies</td>"))
    }

    @Test func previewCommandWritesThePage() throws {
        let out = TestPaths.temporaryFolder("preview") + "/gallery"
        let buffer = Locked("")
        let output = CLI.Output(out: { _ in }, err: { text in buffer.withLock { $0 += text } })
        setenv("CHATRENDER_DATA", TestPaths.repository, 0)
        let code = CLI.run(
            [
                "preview", "--theme", TestPaths.repo("themes/sp.resolver.json"), "--theme", TestPaths.repo("themes/paper.resolver.json"),
                "--out", out, "--time-zone", "+02:00",
            ], output: output)
        #expect(code == .ok, "\(buffer.withLock { $0 })")
        let html = try String(contentsOfFile: out + "/index.html", encoding: .utf8)
        #expect(html.contains("12 messages left until 11:00 AM"))
        #expect(html.contains("Content-Security-Policy"))
        #expect(CLI.run(["preview", "--time-zone", "Mars/Olympus"], output: output) == .usage)
        #expect(CLI.run(["preview", "--theme", "/nonexistent.tokens.json", "--out", out], output: output) == .noInput)
        try? FileManager.default.removeItem(atPath: (out as NSString).deletingLastPathComponent)
    }
}
