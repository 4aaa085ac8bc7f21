import Foundation

/// The page skeleton, stylesheet and script the output is made from (`templates/`, or
/// `--templates DIR`). Templates are trusted like code; what fills them is not.
public struct PageTemplate: Sendable, Equatable {
    /// `page.html` with `{{placeholders}}`.
    public var page: String
    /// Every `*.css` of the templates joined: the component styles (tokens only, no literal colours).
    public var stylesheet: String
    /// Every `*.js` of the templates joined: progressive enhancement, no dependencies.
    public var script: String
    /// Where the page template came from, for diagnostics.
    public var pagePath: String

    /// Placeholders `page.html` may use; each of the required ones must appear exactly once.
    public static let placeholders: Set<String> = ["csp", "color_scheme", "version", "title", "theme_css", "page_css", "body", "page_js"]
    static let required: Set<String> = ["csp", "theme_css", "page_css", "body", "page_js"]

    public init(page: String, stylesheet: String, script: String, pagePath: String = "page.html") {
        self.page = page
        self.stylesheet = stylesheet
        self.script = script
        self.pagePath = pagePath
    }

    /// Reads `page.html` and every `*.css` and `*.js` file from `directory`. Stylesheets and
    /// scripts are joined in file-name order (`chatrender.css` first, then one file per feature:
    /// `composer.css`, `viewer.css`, …), so each feature keeps its own file.
    public static func load(directory: String) throws(DiagnosticError) -> PageTemplate {
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
            throw DiagnosticError(Diagnostic(file: directory, message: "the templates folder needs at least one .css and one .js file (chatrender.css, chatrender.js)"), kind: .missingInput)
        }
        var stylesheet = ""
        for name in styles { stylesheet += try read(name); if !stylesheet.hasSuffix("\n") { stylesheet += "\n" } }
        var script = ""
        for name in scripts { script += try read(name); if !script.hasSuffix("\n") { script += "\n" } }
        let template = PageTemplate(page: page, stylesheet: stylesheet, script: script,
                                    pagePath: FilePath.join(directory, "page.html"))
        try template.validate(directory: directory)
        return template
    }

    /// Checks placeholders and that the stylesheet and script cannot close their elements early.
    public func validate(directory: String = ".") throws(DiagnosticError) {
        var problems: [Diagnostic] = []
        var counts: [String: Int] = [:]
        for slot in PageTemplate.slots(in: page) {
            if PageTemplate.placeholders.contains(slot.name) {
                counts[slot.name, default: 0] += 1
            } else {
                problems.append(Diagnostic(file: pagePath, location: SourceLocation(line: slot.line, column: slot.column),
                                           message: "unknown placeholder {{\(slot.name)}}; expected one of \(PageTemplate.placeholders.sorted().map { "{{\($0)}}" }.joined(separator: ", "))"))
            }
        }
        for name in PageTemplate.required.sorted() where counts[name, default: 0] != 1 {
            problems.append(Diagnostic(file: pagePath, message: counts[name, default: 0] == 0
                ? "the page template has no {{\(name)}}; expected it exactly once"
                : "the page template has {{\(name)}} \(counts[name]!) times; expected it exactly once"))
        }
        if Self.contains(stylesheet, "</style") {
            problems.append(Diagnostic(file: directory, message: "a stylesheet (*.css) contains \"</style\", which would end the <style> element early"))
        }
        if Self.contains(script, "</script") || Self.contains(script, "<!--") {
            problems.append(Diagnostic(file: directory, message: "a script (*.js) contains \"</script\" or \"<!--\", which would break the <script> element"))
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
            guard bytes.count >= n.count else { return false }
            var i = 0
            while i <= bytes.count - n.count {
                if bytes[i] == first {
                    var j = 1
                    while j < n.count, bytes[i + j] | (bytes[i + j] >= 65 && bytes[i + j] <= 90 ? 0x20 : 0) == n[j] { j += 1 }
                    if j == n.count { return true }
                }
                i += 1
            }
            return false
        }
    }

    struct Slot { var name: String; var range: Range<String.Index>; var line: Int; var column: Int }

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
    func fill(_ values: [String: [UInt8]]) -> [UInt8] {
        ByteCollector.collect { sink in
            fill(into: sink) { name, sink in if let value = values[name] { sink(value) } }
        }.joined
    }

    /// ``fill(_:)`` into `sink` in order: the template's text between slots, and for each slot
    /// whatever `value` sends to the sink for its name (so the body can be streamed).
    func fill(into sink: @escaping ByteSink, _ value: (_ name: String, @escaping ByteSink) -> Void) {
        var last = page.startIndex
        for slot in PageTemplate.slots(in: page) {
            sink(Array(page[last..<slot.range.lowerBound].utf8))
            value(slot.name, sink)
            last = slot.range.upperBound
        }
        sink(Array(page[last...].utf8))
    }
}
