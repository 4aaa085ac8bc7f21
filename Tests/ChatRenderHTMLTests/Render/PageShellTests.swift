import Testing
@testable import ChatModel
@testable import ChatTheme
@testable import ChatRenderHTML
import TestSupport

/// The one page shell: each kind of page's policy, written out in full, so a change to what any
/// page may load shows here (and in the goldens, byte for byte).
@Suite struct PageShellTests {
    // sha256("a"), sha256("b"), sha256("c"), base64
    static let a = "'sha256-ypeBEsobvcr6wjGzmiPcTaeG7/gUfE5yuYB3ha/uSLs='"
    static let b = "'sha256-PiPoFgA5WUoziU9lZOGxNIu9egCI1CxKy3PurtWcAJ0='"
    static let c = "'sha256-Ln0sA6lQeuJl7PW1NWiFpTOTogKdJBOUmXJloaJa78Y='"
    static func files() throws -> SiteFiles {
        let theme = try ThemeLoader.load(path: TestPaths.repo("themes/sp.resolver.json"), displayPath: "sp")
        return SiteFiles(theme: theme, template: PageTemplate(page: "", stylesheet: "", script: ""), strings: .english)
    }

    @Test func aPageAloneAllowsItsInlineBlocksByHashAndItsOwnMedia() {
        let shell = PageShell.alone(styles: ["a", "b"], script: "c", colorScheme: "light dark")
        #expect(
            shell.policy.description
                == "default-src 'none'; img-src 'self' data:; media-src 'self'; style-src \(Self.a) \(Self.b); script-src \(Self.c); base-uri 'none'; form-action 'none'; object-src 'none'"
        )
        #expect(String(decoding: shell.slots["styles"]!, as: UTF8.self) == "<style>a</style>\n<style>b</style>")
        #expect(String(decoding: shell.slots["scripts"]!, as: UTF8.self) == "<script>c</script>")
        #expect(String(decoding: shell.slots["color_scheme"]!, as: UTF8.self) == "light dark")
        #expect(Set(shell.slots.keys) == ["csp", "color_scheme", "version", "styles", "scripts"])
    }

    /// The watching gallery loads `watch.js` and `reload.js` from its folder: the policy says so
    /// itself, no string is patched.
    @Test func theWatchingGalleryAlsoAllowsItsOwnScripts() {
        let still = PageShell.gallery(styles: ["a"], script: "c", watching: false, colorScheme: "light")
        let watching = PageShell.gallery(styles: ["a"], script: "c", watching: true, colorScheme: "light")
        #expect(still.policy == PageShell.alone(styles: ["a"], script: "c", colorScheme: "light").policy)
        #expect(
            watching.policy.description
                == "default-src 'none'; img-src 'self' data:; media-src 'self'; style-src \(Self.a); script-src 'self' \(Self.c); base-uri 'none'; form-action 'none'; object-src 'none'"
        )
        #expect(PageShell.script(src: "watch.js").description == "<script src=\"watch.js\"></script>")
    }

    @Test func aSiteLinksItsSharedFilesAndAllowsNothingInline() throws {
        let files = try Self.files()
        let page = PageShell.sitePage(files, colorScheme: "light")
        let index = PageShell.siteIndex(files, colorScheme: "light")
        #expect(
            page.policy.description
                == "default-src 'none'; img-src 'self' data:; media-src 'self'; style-src 'self'; script-src 'self'; base-uri 'none'; form-action 'none'; object-src 'none'"
        )
        #expect(
            index.policy.description
                == "default-src 'none'; img-src 'none'; style-src 'self'; script-src 'self'; base-uri 'none'; form-action 'none'; object-src 'none'")
        #expect(String(decoding: page.slots["styles"]!, as: UTF8.self) == "<link rel=\"stylesheet\" href=\"../\(files.stylesheetPath)\">")
        #expect(String(decoding: page.slots["scripts"]!, as: UTF8.self) == "<script src=\"../\(files.scriptPath)\"></script>")
        #expect(String(decoding: index.slots["scripts"]!, as: UTF8.self) == "<script src=\"\(files.scriptPath)\"></script>")
    }

    @Test func theImportIndexHasOneStylesheetAndNoScript() {
        let shell = PageShell.importIndex(style: "a")
        #expect(shell.policy.description == "default-src 'none'; style-src \(Self.a); img-src 'none'; base-uri 'none'; form-action 'none'")
        let page = String(decoding: shell.document(title: "T<", lang: "de", htmlAttributes: "", body: "<main></main>"), as: UTF8.self)
        #expect(
            page == """
                <!doctype html>
                <html lang="de">
                <head>
                <meta charset="utf-8">
                <meta name="viewport" content="width=device-width, initial-scale=1">
                <meta http-equiv="Content-Security-Policy" content="default-src &#39;none&#39;; style-src &#39;sha256-ypeBEsobvcr6wjGzmiPcTaeG7/gUfE5yuYB3ha/uSLs=&#39;; img-src &#39;none&#39;; base-uri &#39;none&#39;; form-action &#39;none&#39;">
                <meta name="generator" content="chatrender \(ChatRenderVersion.string)">
                <title>T&lt;</title>
                <style>a</style>
                </head>
                <body>
                <main></main>
                </body>
                </html>

                """)
    }
}
