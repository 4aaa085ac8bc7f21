import ChatModel
import ChatSupport
import Foundation

/// Reading the templates is loading: the page template is made from files like any other input.
extension PageTemplate {
    /// Reads `page.html` and every `*.css` and `*.js` file from `directory`. Stylesheets and
    /// scripts are joined in file-name order (`chatrender.css` first, then one file per feature:
    /// `composer.css`, `viewer.css`, …), so each feature keeps its own file; each file is kept
    /// too, so a page carries only those its features need (see ``PageFeatures``).
    package static func load(directory: String) throws(DiagnosticError) -> PageTemplate {
        func read(_ name: String) throws(DiagnosticError) -> String {
            let path = FilePath.join(directory, name)
            let bytes = try FileInput.read(path: path, displayPath: path, limit: 8 * 1024 * 1024, what: "template")
            guard let text = String(validating: bytes, as: UTF8.self) else {
                throw DiagnosticError(Diagnostic(file: path, message: "the template is not valid UTF-8"))
            }
            return text
        }
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).sorted()
        func ordered(_ suffix: String, first: String) -> [String] {
            let matching = names.filter { $0.hasSuffix(suffix) && !$0.hasPrefix(".") }
            return (matching.contains(first) ? [first] : []) + matching.filter { $0 != first }
        }
        let styles = ordered(".css", first: "chatrender.css")
        let scripts = ordered(".js", first: "chatrender.js")
        let page = try read("page.html")
        guard !styles.isEmpty, !scripts.isEmpty else {
            throw DiagnosticError(
                Diagnostic(file: directory, message: "the templates folder needs at least one .css and one .js file (chatrender.css, chatrender.js)"),
                kind: .missingInput)
        }
        // Each file ends in a line break, so the join of any of them is the files one after another.
        func files(_ names: [String]) throws(DiagnosticError) -> [TemplateFile] {
            var files: [TemplateFile] = []
            for name in names {
                var text = try read(name)
                if !text.isEmpty && !text.hasSuffix("\n") { text += "\n" }
                files.append(TemplateFile(name: name, text: text))
            }
            return files
        }
        let styleFiles = try files(styles)
        let scriptFiles = try files(scripts)
        var template = PageTemplate(
            page: page, stylesheet: styleFiles.map(\.text).joined(), script: scriptFiles.map(\.text).joined(),
            pagePath: FilePath.join(directory, "page.html"))
        template.styleFiles = styleFiles
        template.scriptFiles = scriptFiles
        // A site's own files, each one block of the page (the file's last line break is not part of it).
        var folder: ObjCBool = false
        if FileManager.default.fileExists(atPath: FilePath.join(directory, "site"), isDirectory: &folder), folder.boolValue {
            func block(_ name: String) throws(DiagnosticError) -> String {
                var text = try read("site/" + name)
                if text.hasSuffix("\n") { text.removeLast() }
                return text
            }
            // The insights page's stylesheet came later: a templates folder made before it has none.
            let insights = FilePath.join(directory, "site/insights.css")
            template.site = SiteTemplate(
                indexStylesheet: try block("index.css"), searchStylesheet: try block("search.css"),
                searchScript: try block("search.js"), insightsStylesheet: FileManager.default.fileExists(atPath: insights) ? try block("insights.css") : "")
        }
        for name in ["live", "chunks"] {
            guard FileManager.default.fileExists(atPath: FilePath.join(directory, name), isDirectory: &folder), folder.boolValue else { continue }
            let feature = FeatureTemplate(stylesheet: try read("\(name)/\(name).css"), script: try read("\(name)/\(name).js"))
            if name == "live" { template.live = feature } else { template.chunks = feature }
        }
        try template.validate(directory: directory)
        return template
    }
}
