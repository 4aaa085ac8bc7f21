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

/// The rendered HTML of the bundled example and the render fixtures, through the whole pipeline
/// (real libvips, the bundled theme and templates), compared with `__Goldens__/`.
@Suite struct GoldenPageTests {
    static let cases: [(conversation: String, golden: String)] = [
        ("examples/garden/conversation.json", "garden.html"),
        ("Tests/ChatRenderTests/Fixtures/render/grids.json", "grids.html"),
        ("Tests/ChatRenderTests/Fixtures/render/hostile.json", "hostile.html"),
        ("Tests/ChatRenderTests/Fixtures/render/loading.json", "loading.html"),
        ("Tests/ChatRenderTests/Fixtures/render/empty.json", "empty.html"),
        ("Tests/ChatRenderTests/Fixtures/render/unavailable.json", "unavailable.html"),
        ("Tests/ChatRenderTests/Fixtures/render/days.json", "days.html"),
        ("Tests/ChatRenderTests/Fixtures/render/rich.json", "rich.html"),
        ("Tests/ChatRenderTests/Fixtures/render/long.json", "long.html"),
    ]

    static func render(_ conversation: String, options: RenderOptions = .init()) throws -> (html: String, result: RenderResult, out: String) {
        let out = TestPaths.temporaryFolder("golden") + "/out"
        let request = RenderRequest(
            conversationPath: TestPaths.repo(conversation), themePath: TestPaths.defaultTheme,
            templatesDirectory: TestPaths.templates, outputDirectory: out, options: options)
        let result = try ChatRenderer.render(request)
        let html = try String(contentsOfFile: out + "/index.html", encoding: .utf8)
        return (html, result, out)
    }

    @Test(arguments: cases.map(\.conversation))
    func pageMatchesGolden(_ conversation: String) throws {
        let golden = Self.cases.first { $0.conversation == conversation }!.golden
        let (html, _, out) = try Self.render(conversation)
        Golden.assertMatches(try Self.withoutTemplateBlocks(html), named: golden)
        try? FileManager.default.removeItem(atPath: (out as NSString).deletingLastPathComponent)
    }

    /// The goldens hold what is rendered from input. The template's stylesheet and script are
    /// copied in verbatim, so they are replaced by a line naming them; a change to either shows
    /// up in the CSP hashes rather than in five copies of the file. A page of a site links the
    /// site's shared files instead, whose names carry a hash of their content: it is replaced by `HASH`.
    static func withoutTemplateBlocks(_ html: String) throws -> String {
        let linked = html.replacingOccurrences(of: #"static/chatrender-[0-9a-f]{12}\."#, with: "static/chatrender-HASH.", options: .regularExpression)
        if linked != html {
            #expect(!linked.contains("<style") && !linked.contains("<script>"), "a page of a site has nothing inline")
            return linked
        }
        let template = try PageTemplate.load(directory: TestPaths.templates)
        var page = html
        for (files, kind) in [(template.styleFiles, "stylesheets"), (template.scriptFiles, "scripts")] {
            // The files of the features the page uses (see PageFeatures): the longest selection
            // the page holds, named by its files, so a golden shows which the page carries.
            let selections = PageFeatures.every.map { features in files.filter { features.carries($0.name) } }
                .sorted { $0.map(\.text).joined().utf8.count > $1.map(\.text).joined().utf8.count }
            guard let carried = selections.first(where: { page.contains($0.map(\.text).joined()) }) else {
                Issue.record("no selection of the templates' \(kind) is in the page")
                continue
            }
            let text = carried.map(\.text).joined()
            #expect(page.components(separatedBy: text).count - 1 == 1, "the templates' \(kind) should appear exactly once in the page")
            page = page.replacingOccurrences(
                of: text, with: "/* templates/\(carried.map(\.name).joined(separator: " ")), \(text.utf8.count) bytes */")
        }
        return page
    }

    @Test func renderingTwiceIsByteIdentical() throws {
        let first = try Self.render("examples/garden/conversation.json")
        let second = try Self.render("examples/garden/conversation.json")
        #expect(first.html == second.html)
        let fm = FileManager.default
        let a = try fm.contentsOfDirectory(atPath: first.out + "/assets").sorted()
        let b = try fm.contentsOfDirectory(atPath: second.out + "/assets").sorted()
        #expect(a == b)
        for name in a {
            #expect(fm.contentsEqual(atPath: first.out + "/assets/" + name, andPath: second.out + "/assets/" + name))
        }
    }

    @Test func gardenWarnsAboutNothing() throws {
        let (_, result, _) = try Self.render("examples/garden/conversation.json")
        #expect(result.warnings.isEmpty, "\(result.warnings)")
    }

    @Test func hostilePageIsInert() throws {
        let (html, result, out) = try Self.render("Tests/ChatRenderTests/Fixtures/render/hostile.json")
        // The only script element is the page's own, and no input became markup.
        #expect(html.components(separatedBy: "<script").count - 1 == 1)
        #expect(!html.contains("<img src=x"))
        // No tag carries a handler. The words ` onerror="` may be text (quotes are inert between
        // tags), never inside a tag: escaped input has no `<` or `>`, so those two bound the tags.
        var rest = html[...]
        while let found = rest.range(of: " onerror=\"") {
            let before = html[..<found.lowerBound]
            #expect((before.lastIndex(of: "<") ?? before.startIndex) < (before.lastIndex(of: ">") ?? before.startIndex), "a handler in a tag")
            rest = html[found.upperBound...]
        }
        #expect(!html.lowercased().contains("href=\"javascript:"))
        #expect(!html.contains("href=\"data:"))
        #expect(html.contains("&lt;script&gt;window.__pwned=1&lt;/script&gt;"))
        // The bad links and the path out of the folder were refused, with warnings naming them.
        let text = result.warnings.map(\.description).joined(separator: "\n")
        #expect(text.contains("url: the url scheme \"javascript\" is not allowed"))
        #expect(text.contains("url: the url scheme \"data\" is not allowed"))
        #expect(text.contains("messages[1].attachments[1].url: the url starts or ends with whitespace"))
        #expect(text.contains("\"../../etc/passwd\": the path leads outside the conversation's folder"))
        // An attached HTML file is stored so that Open shows its text instead of running it.
        let assets = try FileManager.default.contentsOfDirectory(atPath: out + "/assets")
        #expect(assets.contains { $0.hasSuffix(".html.txt") })
        #expect(!assets.contains { $0.hasSuffix(".html") })
    }
}
