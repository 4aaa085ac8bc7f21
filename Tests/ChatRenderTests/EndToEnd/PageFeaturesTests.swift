import Foundation
import Testing
@testable import ChatModel
@testable import ChatLoad
@testable import ChatPlan
@testable import ChatRender
import TestSupport

/// A page carries the template files of the features it uses and no others (``PageFeatures``),
/// its Content-Security-Policy allows exactly what it carries, and nothing its markup needs is
/// left out: checked on pages rendered through the whole pipeline and over every golden page.
@Suite struct PageFeaturesTests {
    static let template = try! PageTemplate.load(directory: TestPaths.templates)

    /// The text of the template file `name` as a page carries it.
    static func file(_ name: String) -> String {
        (template.styleFiles + template.scriptFiles).first { $0.name == name }!.text
    }

    /// Every `<tag>…</tag>` block's text in `html`.
    static func blocks(_ tag: String, in html: String) -> [String] {
        var found: [String] = []
        var rest = html[...]
        while let open = rest.range(of: "<\(tag)>"), let close = rest.range(of: "</\(tag)>", range: open.upperBound..<rest.endIndex) {
            found.append(String(rest[open.upperBound..<close.lowerBound]))
            rest = rest[close.upperBound...]
        }
        return found
    }

    /// The hashes `directive` of the page's policy allows.
    static func hashes(_ directive: String, in html: String) throws -> Set<String> {
        let policy = try #require(html.range(of: "Content-Security-Policy\" content=\"").map { html[$0.upperBound...] }?.prefix { $0 != "\"" })
        let part = try #require(policy.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }.first { $0.hasPrefix(directive + " ") })
        return Set(part.split(separator: " ").filter { $0.hasPrefix("'sha256-") }.map(String.init))
    }

    /// Each inline block of `tag` hashed as the policy writes it.
    static func blockHashes(_ tag: String, in html: String) -> Set<String> {
        Set(blocks(tag, in: html).map { "'sha256-\(SHA256.hash(Array($0.utf8)).base64String)'" })
    }

    /// The policy allows each inline style and script the page carries, and nothing else.
    static func expectPolicyMatches(_ html: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws {
        #expect(try hashes("style-src", in: html) == blockHashes("style", in: html), sourceLocation: sourceLocation)
        #expect(try hashes("script-src", in: html) == blockHashes("script", in: html), sourceLocation: sourceLocation)
    }

    @Test func aPlainTextPageCarriesNeitherTheComposerNorTheViewer() throws {
        let (html, _, _) = try GoldenPageTests.render("Tests/ChatRenderTests/Fixtures/render/days.json")
        for name in ["composer.css", "composer.js", "viewer.css", "viewer.js"] {
            #expect(!html.contains(Self.file(name)), "\(name) on a page without photos or a composer")
        }
        for name in ["chatrender.css", "chatrender.js", "parts.css", "print.css"] {
            #expect(html.contains(Self.file(name)), "\(name) is on every page")
        }
        try Self.expectPolicyMatches(html)
    }

    @Test func aPageWithPhotosCarriesTheViewer() throws {
        let (html, _, _) = try GoldenPageTests.render("examples/garden/conversation.json")
        #expect(html.contains("data-cr-photo"))
        #expect(html.contains(Self.file("viewer.css")) && html.contains(Self.file("viewer.js")))
        #expect(!html.contains(Self.file("composer.css")) && !html.contains(Self.file("composer.js")))
        try Self.expectPolicyMatches(html)
    }

    @Test func aPageInSinglefileFormCarriesWhatItUsesAndItsPolicyAllowsIt() throws {
        let (html, _, _) = try GoldenPageTests.render("examples/garden/conversation.json")
        let folder = TestPaths.temporaryFolder("single")
        let single = folder + "/garden.html"
        var request = RenderRequest(
            conversationPath: TestPaths.repo("examples/garden/conversation.json"), themePath: TestPaths.defaultTheme,
            templatesDirectory: TestPaths.templates, outputDirectory: folder + "/out")
        request.singleFile = SingleFileOptions(page: single)
        _ = try ChatRenderer.render(request)
        let page = try String(contentsOfFile: single, encoding: .utf8)
        #expect(page.contains(Self.file("viewer.js")) && !page.contains(Self.file("composer.js")))
        try Self.expectPolicyMatches(page)
        #expect(Self.blocks("script", in: page) == Self.blocks("script", in: html))
    }

    @Test func aPageInChunksCarriesItsSearch() throws {
        let folder = TestPaths.temporaryFolder("chunked")
        let messages = (0..<1200).map { i in
            "{\"id\": \"m\(i)\", \"role\": \"\(i % 2 == 0 ? "user" : "assistant")\", \"text\": \"Turn \(i): \(String(repeating: "word ", count: 40))\"}"
        }
        let path = folder + "/conversation.json"
        try Data("{\"title\": \"Long\", \"messages\": [\(messages.joined(separator: ","))]}".utf8).write(to: URL(fileURLWithPath: path))
        var options = RenderOptions()
        options.splitOver = 100_000
        let request = RenderRequest(
            conversationPath: path, themePath: TestPaths.defaultTheme, templatesDirectory: TestPaths.templates,
            outputDirectory: folder + "/out", options: options)
        _ = try ChatRenderer.render(request)
        let html = try String(contentsOfFile: folder + "/out/index.html", encoding: .utf8)
        #expect(html.contains("cr-chunk"), "the page is in chunks")
        #expect(html.contains(Self.template.site.searchScript) && html.contains(Self.template.site.searchStylesheet))
        #expect(html.contains(Self.template.chunks.script))
        #expect(!html.contains(Self.file("composer.js")) && !html.contains(Self.file("viewer.js")))
        try Self.expectPolicyMatches(html)
    }

    @Test func theTableSaysWhichFilesAFeatureBrings() {
        #expect(PageFeatures().carries("chatrender.css") && PageFeatures().carries("a-file-of-my-own.js"))
        #expect(!PageFeatures().carries("composer.js") && PageFeatures.composer.carries("composer.js"))
        #expect(!PageFeatures.composer.carries("viewer.css") && PageFeatures.photos.carries("viewer.css"))
        #expect(PageFeatures.every.count == 4 && PageFeatures.every.allSatisfy { PageFeatures.all.isSuperset(of: $0) })
        // Every file the table names is a file of the templates.
        let names = Set((Self.template.styleFiles + Self.template.scriptFiles).map(\.name))
        #expect(Set(PageFeatures.files.keys).isSubset(of: names))
    }

    /// Every golden page that carries a selection of the template files: no rule of a stylesheet
    /// it leaves out could match its markup (a selector whose classes the markup all uses), so
    /// nothing on it loses its style for the file it does not carry.
    @Test func noRuleOfAStylesheetAPageLeavesOutMatchesItsMarkup() throws {
        let goldens = TestPaths.repo("Tests/ChatRenderTests/__Goldens__")
        let paths = try FileManager.default.subpathsOfDirectory(atPath: goldens).filter { $0.hasSuffix(".html") }.sorted()
        var checked = 0
        for path in paths {
            let html = try String(contentsOfFile: goldens + "/" + path, encoding: .utf8)
            guard let marker = html.range(of: "<style>/* templates/"),
                let names = html[marker.upperBound...].split(separator: ",", maxSplits: 1).first
            else { continue }
            let carried = Set(names.split(separator: " ").map(String.init))
            let body = html.range(of: "<body").map { String(html[$0.lowerBound...]) } ?? html
            let used = Self.classes(inMarkup: body)
            for file in Self.template.styleFiles where !carried.contains(file.name) {
                for selector in CSSSelectors.all(in: file.text) {
                    let classes = CSSSelectors.classes(in: selector)
                    #expect(!classes.isEmpty && !classes.isSubset(of: used), "\(path) leaves out \(file.name), whose rule \(selector) matches its markup")
                }
            }
            checked += 1
        }
        #expect(checked >= 20, "the goldens name the files they carry")
    }

    /// Every class named in a `class="…"` attribute of `html`.
    static func classes(inMarkup html: String) -> Set<String> {
        var found: Set<String> = []
        var rest = html[...]
        while let open = rest.range(of: " class=\"") {
            let value = rest[open.upperBound...].prefix { $0 != "\"" }
            for name in value.split(separator: " ") { found.insert(String(name)) }
            rest = rest[value.endIndex...]
        }
        return found
    }
}

/// The selectors of a stylesheet, read well enough for the templates' own: comments removed,
/// at-rules' preludes and keyframes' steps skipped, lists split at top-level commas.
enum CSSSelectors {
    static func all(in css: String) -> [String] {
        var text = ""
        var rest = css[...]
        while let open = rest.range(of: "/*") {
            text += rest[..<open.lowerBound]
            guard let close = rest.range(of: "*/", range: open.upperBound..<rest.endIndex) else { rest = ""; break }
            rest = rest[close.upperBound...]
        }
        text += rest
        var selectors: [String] = []
        var keyframes: [Bool] = []
        var start = text.startIndex
        for index in text.indices where "{};".contains(text[index]) {
            let prelude = text[start..<index].trimmingCharacters(in: .whitespacesAndNewlines)
            start = text.index(after: index)
            switch text[index] {
            case "{":
                if prelude.hasPrefix("@") {
                    keyframes.append(prelude.contains("keyframes"))
                } else {
                    keyframes.append(false)
                    if !keyframes.dropLast().contains(true) { selectors += split(prelude) }
                }
            case "}":
                _ = keyframes.popLast()
            default:
                break
            }
        }
        return selectors
    }

    /// A selector list split at its commas outside parentheses.
    static func split(_ list: String) -> [String] {
        var parts: [String] = []
        var depth = 0
        var current = ""
        for character in list {
            if character == "(" { depth += 1 } else if character == ")" { depth -= 1 }
            if character == "," && depth == 0 {
                parts.append(current.trimmingCharacters(in: .whitespacesAndNewlines))
                current = ""
            } else {
                current.append(character)
            }
        }
        parts.append(current.trimmingCharacters(in: .whitespacesAndNewlines))
        return parts.filter { !$0.isEmpty }
    }

    /// The class names a selector names (`.name`), outside `:not(…)`, which names what must be absent.
    static func classes(in selector: String) -> Set<String> {
        var names: Set<String> = []
        var rest = selector[...]
        if let not = rest.range(of: ":not(") { rest = rest[..<not.lowerBound] }
        while let dot = rest.firstIndex(of: ".") {
            let name = rest[rest.index(after: dot)...].prefix { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }
            if let first = name.first, !first.isNumber { names.insert(String(name)) }
            rest = rest[name.endIndex...]
        }
        return names
    }
}
