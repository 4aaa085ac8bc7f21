import Foundation

/// The page skeleton, stylesheet and script the output is made from (`templates/`, or
/// `--templates DIR`). Templates are trusted like code; what fills them is not.
package struct PageTemplate: Sendable, Equatable {
    /// `page.html` with `{{placeholders}}`.
    package var page: String
    /// Every `*.css` of the templates joined: the component styles (tokens only, no literal colours).
    package var stylesheet: String
    /// Every `*.js` of the templates joined: progressive enhancement, no dependencies.
    package var script: String
    /// The `*.css` files whose join is ``stylesheet``, one by one in the same order: a page alone
    /// carries only those its features need (``stylesheet(for:)``). Empty for a template made
    /// from whole texts, which every page then carries.
    package var styleFiles: [TemplateFile] = []
    /// The `*.js` files whose join is ``script``, likewise (``script(for:)``).
    package var scriptFiles: [TemplateFile] = []
    /// Where the page template came from, for diagnostics.
    package var pagePath: String
    /// What a site adds (`site/`): empty when the templates have none.
    package var site = SiteTemplate()
    /// What a watched session's page adds (`live/live.css`, `live/live.js`): empty when the
    /// templates have none, and `render --watch` then refuses to start.
    package var live = FeatureTemplate()
    /// What a page split into chunks adds (`chunks/chunks.css`, `chunks/chunks.js`, see
    /// `ChunkedPage`): empty when the templates have none, and no page is split then.
    package var chunks = FeatureTemplate()

    /// Placeholders `page.html` may use; each of the required ones must appear exactly once.
    /// `styles` and `scripts` are whole elements: the stylesheets and script inline (`<style>`,
    /// `<script>`, allowed by hash), or on a page of a site `<link>` and `<script src>` to the
    /// site's one copy of each (see `SiteFiles`).
    package static let placeholders: Set<String> = ["csp", "color_scheme", "version", "title", "styles", "body", "scripts", "lang", "html_attributes"]
    static let required: Set<String> = ["csp", "styles", "body", "scripts"]
    /// Placeholders of templates made before `styles` and `scripts`, and what replaced them.
    static let replaced: [String: String] = ["theme_css": "styles", "page_css": "styles", "page_js": "scripts"]

    package init(page: String, stylesheet: String, script: String, pagePath: String = "page.html") {
        self.page = page
        self.stylesheet = stylesheet
        self.script = script
        self.pagePath = pagePath
    }

    /// The stylesheet of a page that uses `features`: the files every page carries and those of
    /// its features (see ``PageFeatures/files``), in the templates' order.
    package func stylesheet(for features: PageFeatures) -> String {
        styleFiles.isEmpty ? stylesheet : styleFiles.filter { features.carries($0.name) }.map(\.text).joined()
    }

    /// The script of a page that uses `features`, likewise.
    package func script(for features: PageFeatures) -> String {
        scriptFiles.isEmpty ? script : scriptFiles.filter { features.carries($0.name) }.map(\.text).joined()
    }

    /// Checks placeholders and that the stylesheet and script cannot close their elements early.
    package func validate(directory: String = ".") throws(DiagnosticError) {
        var problems: [Diagnostic] = []
        var counts: [String: Int] = [:]
        for slot in PageTemplate.slots(in: page) {
            if PageTemplate.placeholders.contains(slot.name) {
                counts[slot.name, default: 0] += 1
            } else if let now = PageTemplate.replaced[slot.name] {
                problems.append(
                    Diagnostic(
                        file: pagePath, location: SourceLocation(line: slot.line, column: slot.column),
                        message:
                            "{{\(slot.name)}} was replaced by {{\(now)}}, which stands for the whole elements (write {{styles}} where the <style> elements were, {{scripts}} where the <script> element was)"
                    ))
            } else {
                problems.append(
                    Diagnostic(
                        file: pagePath, location: SourceLocation(line: slot.line, column: slot.column),
                        message:
                            "unknown placeholder {{\(slot.name)}}; expected one of \(PageTemplate.placeholders.sorted().map { "{{\($0)}}" }.joined(separator: ", "))"
                    ))
            }
        }
        for name in PageTemplate.required.sorted() where counts[name, default: 0] != 1 {
            problems.append(
                Diagnostic(
                    file: pagePath,
                    message: counts[name, default: 0] == 0
                        ? "the page template has no {{\(name)}}; expected it exactly once"
                        : "the page template has {{\(name)}} \(counts[name]!) times; expected it exactly once"))
        }
        if Self.contains(stylesheet, "</style") {
            problems.append(Diagnostic(file: directory, message: "a stylesheet (*.css) contains \"</style\", which would end the <style> element early"))
        }
        if Self.contains(script, "</script") || Self.contains(script, "<!--") {
            problems.append(Diagnostic(file: directory, message: "a script (*.js) contains \"</script\" or \"<!--\", which would break the <script> element"))
        }
        for (text, name) in [
            (site.indexStylesheet, "site/index.css"), (site.searchStylesheet, "site/search.css"), (site.insightsStylesheet, "site/insights.css"),
        ] where Self.contains(text, "</style") {
            problems.append(
                Diagnostic(file: FilePath.join(directory, name), message: "the stylesheet contains \"</style\", which would end the <style> element early"))
        }
        for (feature, folder) in [(live, "live"), (chunks, "chunks")] {
            if Self.contains(feature.stylesheet, "</style") {
                problems.append(
                    Diagnostic(
                        file: FilePath.join(directory, "\(folder)/\(folder).css"),
                        message: "the stylesheet contains \"</style\", which would end the <style> element early"))
            }
            if Self.contains(feature.script, "</script") || Self.contains(feature.script, "<!--") {
                problems.append(
                    Diagnostic(
                        file: FilePath.join(directory, "\(folder)/\(folder).js"),
                        message: "the script contains \"</script\" or \"<!--\", which would break the <script> element"))
            }
        }
        if Self.contains(site.searchScript, "</script") || Self.contains(site.searchScript, "<!--") {
            problems.append(
                Diagnostic(
                    file: FilePath.join(directory, "site/search.js"),
                    message: "the script contains \"</script\" or \"<!--\", which would break the <script> element"))
        }
        if !problems.isEmpty { throw DiagnosticError(problems, kind: .badData) }
    }

    /// Whether `text` contains `needle` (lower-case ASCII), ignoring ASCII case. Byte by byte:
    /// Foundation's case-insensitive search took longer than rendering a thousand turns.
    static func contains(_ text: String, _ needle: StaticString) -> Bool {
        let n = UnsafeBufferPointer(start: needle.utf8Start, count: needle.utf8CodeUnitCount)
        guard let first = n.first else { return true }
        var text = text
        return text.withUTF8 { bytes in
            guard bytes.count >= n.count, let base = bytes.baseAddress else { return false }
            var i = 0
            while i <= bytes.count - n.count {
                // The next place the first byte (a `<`) is, found by the C library a word at a time.
                guard let found = memchr(base + i, Int32(first), bytes.count - n.count + 1 - i) else { return false }
                i = UnsafeRawPointer(found) - UnsafeRawPointer(base)
                var j = 1
                while j < n.count, bytes[i + j] | (bytes[i + j] >= 65 && bytes[i + j] <= 90 ? 0x20 : 0) == n[j] { j += 1 }
                if j == n.count { return true }
                i += 1
            }
            return false
        }
    }

    package struct Slot { var name: String; var range: Range<String.Index>; var line: Int; var column: Int }

    /// Every `{{name}}` with its position.
    static func slots(in text: String) -> [Slot] {
        var result: [Slot] = []
        var line = 1, column = 1
        var index = text.startIndex
        while index < text.endIndex {
            if text[index...].hasPrefix("{{"), let close = text[index...].range(of: "}}") {
                let name = String(text[text.index(index, offsetBy: 2)..<close.lowerBound]).trimmingASCIIWhitespace()
                result.append(Slot(name: name, range: index..<close.upperBound, line: line, column: column))
                for character in text[index..<close.upperBound] {
                    if character == "\n" { line += 1; column = 1 } else { column += 1 }
                }
                index = close.upperBound
                continue
            }
            if text[index] == "\n" { line += 1; column = 1 } else { column += 1 }
            index = text.index(after: index)
        }
        return result
    }

    /// Fills the placeholders. Values are already safe for where they go (escaped HTML, CSS made
    /// from validated tokens, or trusted template text).
    package func fill(_ values: [String: [UInt8]]) -> [UInt8] {
        ByteCollector.collect { sink in
            fill(into: sink) { name, sink in if let value = values[name] { sink(value) } }
        }.joined
    }

    /// ``fill(_:)`` into `sink` in order: the template's text between slots, and for each slot
    /// whatever `value` sends to the sink for its name (so the body can be streamed).
    /// The slots are found in the page's UTF-8 bytes, not its characters as ``slots(in:)`` walks
    /// them for the positions of its messages: that walk, once a page, was a sixteenth of a
    /// site's instructions. Both find the same slots in a template whose braces carry no
    /// combining mark.
    package func fill(into sink: @escaping ByteSink, _ value: (_ name: String, @escaping ByteSink) -> Void) {
        var page = page
        page.withUTF8 { bytes in
            var last = 0
            while let open = Self.find(UInt8(ascii: "{"), twiceIn: bytes, from: last),
                let close = Self.find(UInt8(ascii: "}"), twiceIn: bytes, from: open + 2)
            {
                sink(Array(bytes[last..<open]))
                value(String(decoding: bytes[(open + 2)..<close], as: UTF8.self).trimmingASCIIWhitespace(), sink)
                last = close + 2
            }
            sink(Array(bytes[last...]))
        }
    }

    /// Where `byte` first stands twice in a row in `bytes` at or after `start` (`{{`, `}}`).
    private static func find(_ byte: UInt8, twiceIn bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        var i = start
        while i + 1 < bytes.count {
            if bytes[i] == byte && bytes[i + 1] == byte { return i }
            i += 1
        }
        return nil
    }
}

/// One top-level stylesheet or script of the templates: its file name and its text as it is
/// joined (ending in a line break).
package struct TemplateFile: Sendable, Equatable {
    package var name: String
    package var text: String

    package init(name: String, text: String) {
        self.name = name
        self.text = text
    }
}

/// What a site (`render --from FORMAT EXPORT --out site/`) adds to the templates, from their
/// `site/` folder: the index page's stylesheet, and the stylesheet and script of the search
/// across conversations that the index and every page of the site carry.
package struct SiteTemplate: Sendable, Equatable {
    /// `site/index.css`.
    package var indexStylesheet = ""
    /// `site/search.css`.
    package var searchStylesheet = ""
    /// `site/search.js`.
    package var searchScript = ""
    /// `site/insights.css`: the insights page's (`insights/index.html`); optional, and a site
    /// whose templates have none has no insights page.
    package var insightsStylesheet = ""

    package init(indexStylesheet: String = "", searchStylesheet: String = "", searchScript: String = "", insightsStylesheet: String = "") {
        self.indexStylesheet = indexStylesheet
        self.searchStylesheet = searchStylesheet
        self.searchScript = searchScript
        self.insightsStylesheet = insightsStylesheet
    }

    /// The templates have no `site/` folder (a templates folder made before sites had one).
    package var isEmpty: Bool { indexStylesheet.isEmpty && searchStylesheet.isEmpty && searchScript.isEmpty }
}

/// The templates of a kind of page that needs more than every page has (`templates/live/` for a
/// watched session's page, `templates/chunks/` for a page split into parts): a stylesheet and a
/// script, added after the template's own. Empty when the templates have no such folder.
package struct FeatureTemplate: Sendable, Equatable {
    package var stylesheet = ""
    package var script = ""

    package init(stylesheet: String = "", script: String = "") {
        self.stylesheet = stylesheet
        self.script = script
    }

    package var isEmpty: Bool { script.isEmpty }
}
