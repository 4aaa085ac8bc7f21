import ChatModel
import ChatLoad
import ChatTheme
import ChatPlan
import ChatRenderHTML
import ChatOutput
import ChatAssets
import ChatBrowser
/// `chatrender preview`: loads the themes and writes the gallery page into `--out`, atomically,
/// through the same template, CSP and writer as a conversation page.
package enum ThemePreview {
    /// What to read and where to write.
    package struct Request: Sendable {
        package var themePaths: [String]
        package var templatesDirectory: String
        package var outputDirectory: String
        package var clock: ComposerClock

        package init(themePaths: [String], templatesDirectory: String, outputDirectory: String, clock: ComposerClock = .standard) {
            self.themePaths = themePaths
            self.templatesDirectory = templatesDirectory
            self.outputDirectory = outputDirectory
            self.clock = clock
        }
    }

    /// What a finished preview reports.
    package struct Result: Sendable {
        package var outputDirectory: String
        /// Bytes of `index.html`.
        package var pageSize: Int
        /// The themes shown, by name.
        package var themeNames: [String]
        /// One warning per failing contrast check of each theme: the same list `theme check` and
        /// `render` check, so the three report the same failures.
        package var warnings: [Diagnostic] = []
    }

    /// Writes `index.html` for the request; every theme's problems are reported together.
    package static func render(_ request: Request) throws(DiagnosticError) -> Result {
        var themes: [Theme] = []
        var problems: [Diagnostic] = []
        var warnings: [Diagnostic] = []
        var kind = DiagnosticError.Kind.badData
        for path in request.themePaths {
            do throws(DiagnosticError) {
                let theme = try ThemeLoader.load(path: path, displayPath: path)
                themes.append(theme)
                warnings += ThemeContrast.diagnostics(for: theme, displayPath: path)
            } catch {
                problems += error.diagnostics
                if error.kind == .missingInput { kind = .missingInput }
            }
        }
        if !problems.isEmpty { throw DiagnosticError(problems, kind: kind) }
        let template = try PageTemplate.load(directory: request.templatesDirectory)
        let page = assemble(themes: themes, template: template, clock: request.clock)
        let output = try StagingFolder(replacing: request.outputDirectory)
        do throws(DiagnosticError) {
            try output.write(page, to: "index.html")
            try output.commit()
        } catch {
            output.discard()
            throw error
        }
        return Result(outputDirectory: output.destination, pageSize: page.count, themeNames: themes.map(\.name),
                      warnings: warnings)
    }

    /// The finished gallery page.
    package static func assemble(themes: [Theme], template: PageTemplate, clock: ComposerClock = .standard) -> [UInt8] {
        let css = PreviewGallery.css(themes: themes)
        let csp = PageAssembler.contentSecurityPolicy(styles: [css, template.stylesheet], scripts: [template.script])
        let title = "Theme preview: " + themes.map(\.name).joined(separator: ", ")
        let values: [String: [UInt8]] = [
            "csp": Array(csp.utf8),
            "color_scheme": Array((themes.first?.colorScheme ?? "light").utf8),
            "version": Array(ChatRenderVersion.string.utf8),
            "title": HTML.text(title).bytes,
            "theme_css": Array(css.utf8),
            "page_css": Array(template.stylesheet.utf8),
            "body": PreviewGallery.body(themes: themes, clock: clock).bytes,
            "page_js": Array(template.script.utf8),
            // The gallery's own words are English; its composers speak the clock's language.
            "lang": Array("en".utf8),
            "html_attributes": PageAssembler.htmlAttributes(clock.strings).bytes,
        ]
        return template.fill(values)
    }
}
