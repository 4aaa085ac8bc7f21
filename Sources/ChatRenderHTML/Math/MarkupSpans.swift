import Foundation
import ChatModel

/// The spans of a reply that cmark must not read: TeX math and `[^id]` citation markers.
///
/// cmark treats `\[`, `\(`, `\_` and `\\` as escapes and `*`, `_` as emphasis, so a formula fed to
/// it comes out mangled. Before the parse, ``protect(_:citations:)`` replaces each span with a
/// placeholder that cmark passes through as plain text: U+E000, the span's number in decimal,
/// U+E001. Neither private-use character nor a digit is special to cmark or its extensions, so a
/// placeholder never splits across text nodes, and being neither punctuation nor space it
/// leaves emphasis around it (`*$x$*`) as it was. Any U+E000 or U+E001 already in the reply is
/// first replaced by U+FFFD, so the input cannot forge a placeholder. When the HTML is written,
/// text nodes swap each placeholder for its markup (``appendText(_:to:)``); anywhere else one
/// might land — code, a link's address, a raw HTML block — it is put back as the TeX it
/// replaced (``restore(_:)``), so a span the scan took for prose but cmark read as code reads as
/// written.
///
/// **Where math is.** Code blocks fenced with ``` or `~~~` and code spans are skipped. Display
/// math is `$$…$$` or `\[…\]`, inline math `\(…\)` or `$…$`. No span crosses a blank line.
/// `$…$` follows Pandoc's `tex_math_dollars` rule, which keeps prices out of math: the opening
/// `$` has a non-space right after it, the closing `$` a non-space right before it and no digit
/// right after it. One addition, since replies mention prices far more often than Pandoc's
/// documents: when the opening `$` is followed by a digit, the formula ends before the next
/// space (`$2^{10}$` is math; in "costs $5 and $x^2$" the `$5` stays a price). An escaped `\$` is
/// never a delimiter. So "$5 and $10", "costs $3.50, or $4" and "$HOME and $PATH" stay text.
///
/// **Citations.** `[^id]` becomes the turn's citation marker when `id` is one of its sources
/// (``CitationLinks``); unknown ids, and a line starting `[^id]:` (a definition), stay as written.
package struct MarkupSpans {
    /// One protected span: the markup it becomes and the text it replaced.
    struct Span {
        let source: String
        let html: HTML
        let display: Bool
    }

    /// A formula that could not be converted, shown as its source instead.
    package struct MathFailure: Equatable, Sendable {
        /// The formula with its delimiters, as written.
        package let source: String
        package let reason: String
    }

    /// The text for cmark, with placeholders.
    let text: String
    let spans: [Span]
    let failures: [MathFailure]

    /// Longest citation id read.
    static let maxCitationID = 128

    /// The reply with its spans replaced, or nil when it has none (the common case costs one
    /// byte scan: no `$`, `\` or `[^`, nothing to do).
    static func protect(_ text: String, citations: CitationLinks?) -> MarkupSpans? {
        var text = text
        return text.withUTF8 { utf8 -> MarkupSpans? in
            guard mayHaveSpans(utf8, citations: citations != nil) else { return nil }
            var scanner = Scanner(bytes: utf8, citations: citations)
            scanner.run()
            guard !scanner.spans.isEmpty else { return nil }
            return MarkupSpans(text: String(decoding: scanner.out, as: UTF8.self), spans: scanner.spans, failures: scanner.failures)
        }
    }

    /// `memchr` (the C library's, a vector at a time) for the three bytes that can start a span.
    private static func mayHaveSpans(_ utf8: UnsafeBufferPointer<UInt8>, citations: Bool) -> Bool {
        guard let base = utf8.baseAddress, !utf8.isEmpty else { return false }
        if memchr(base, Int32(UInt8(ascii: "$")), utf8.count) != nil || memchr(base, Int32(UInt8(ascii: "\\")), utf8.count) != nil {
            return true
        }
        guard citations else { return false }
        var offset = 0
        while offset < utf8.count, let found = memchr(base + offset, Int32(UInt8(ascii: "^")), utf8.count - offset) {
            let caret = UnsafeRawPointer(found) - UnsafeRawPointer(base)
            if caret > 0 && utf8[caret - 1] == UInt8(ascii: "[") { return true }
            offset = caret + 1
        }
        return false
    }

    // MARK: after the parse

    /// Whether `literal` holds a placeholder.
    static func hasPlaceholder(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var i = 0
        while i + 2 < bytes.count {
            if bytes[i] == 0xEE && bytes[i + 1] == 0x80 && bytes[i + 2] == 0x80 { return true }
            i += 1
        }
        return false
    }

    /// The span whose placeholder starts at `i`, and where the placeholder ends.
    private func span(at i: Int, in bytes: UnsafeBufferPointer<UInt8>) -> (Span, end: Int)? {
        guard i + 2 < bytes.count, bytes[i] == 0xEE, bytes[i + 1] == 0x80, bytes[i + 2] == 0x80 else { return nil }
        var j = i + 3
        var number = 0
        var digits = 0
        while j < bytes.count, bytes[j] >= UInt8(ascii: "0"), bytes[j] <= UInt8(ascii: "9"), digits < 9 {
            number = number * 10 + Int(bytes[j] - UInt8(ascii: "0"))
            digits += 1
            j += 1
        }
        guard digits > 0, j + 2 < bytes.count, bytes[j] == 0xEE, bytes[j + 1] == 0x80, bytes[j + 2] == 0x81, number < spans.count else { return nil }
        return (spans[number], j + 3)
    }

    /// Text of a text node: escaped, with each placeholder replaced by its markup.
    func appendText(_ cString: UnsafePointer<CChar>, to html: inout HTML) {
        let count = strlen(cString)
        cString.withMemoryRebound(to: UInt8.self, capacity: count) { pointer in
            let bytes = UnsafeBufferPointer(start: pointer, count: count)
            guard Self.hasPlaceholder(bytes) else {
                html.appendContent(bytes, 0, count, lineBreaks: false)
                return
            }
            var runStart = 0
            var i = 0
            while i < count {
                if bytes[i] == 0xEE, let (span, end) = span(at: i, in: bytes) {
                    html.appendContent(bytes, runStart, i, lineBreaks: false)
                    html.append(span.html)
                    i = end
                    runStart = end
                } else {
                    i += 1
                }
            }
            html.appendContent(bytes, runStart, count, lineBreaks: false)
        }
    }

    /// The display span that is all of `literal` but spaces, if there is one: a formula that is
    /// a paragraph of its own.
    func displaySpan(filling cString: UnsafePointer<CChar>) -> Span? {
        let count = strlen(cString)
        return cString.withMemoryRebound(to: UInt8.self, capacity: count) { pointer -> Span? in
            let bytes = UnsafeBufferPointer(start: pointer, count: count)
            var start = 0
            var end = count
            while start < end && (bytes[start] == 0x20 || bytes[start] == 0x09) { start += 1 }
            while end > start && (bytes[end - 1] == 0x20 || bytes[end - 1] == 0x09) { end -= 1 }
            guard let (span, spanEnd) = span(at: start, in: bytes), spanEnd == end, span.display else { return nil }
            return span
        }
    }

    /// `string` with each placeholder put back as the text it replaced.
    func restore(_ string: String) -> String {
        guard string.unicodeScalars.contains("\u{E000}") else { return string }
        var string = string
        return string.withUTF8 { bytes -> String in
            var out: [UInt8] = []
            out.reserveCapacity(bytes.count)
            var i = 0
            while i < bytes.count {
                if bytes[i] == 0xEE, let (span, end) = span(at: i, in: bytes) {
                    out.append(contentsOf: span.source.utf8)
                    i = end
                } else {
                    out.append(bytes[i])
                    i += 1
                }
            }
            return String(decoding: out, as: UTF8.self)
        }
    }
}

// MARK: the scan

private struct Scanner {
    let bytes: UnsafeBufferPointer<UInt8>
    let citations: CitationLinks?
    var out: [UInt8] = []
    var spans: [MarkupSpans.Span] = []
    var failures: [MarkupSpans.MathFailure] = []
    var i = 0
    /// Searches known to fail until this position: a later opener of the same kind fails too.
    var dollarFailsUntil = -1
    var digitDollarFailsUntil = -1
    var displayDollarFailsUntil = -1
    var bracketFailsUntil = -1
    var parenFailsUntil = -1
    var codeSpanFailsUntil: [Int: Int] = [:]
    /// Where the line being read starts.
    var lineStart = 0

    init(bytes: UnsafeBufferPointer<UInt8>, citations: CitationLinks?) {
        self.bytes = bytes
        self.citations = citations
        out.reserveCapacity(bytes.count + 64)
    }

    static let dollar = UInt8(ascii: "$"), backslash = UInt8(ascii: "\\"), newline = UInt8(ascii: "\n")

    static func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D }
    static func isDigit(_ b: UInt8) -> Bool { b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9") }

    mutating func run() {
        var atLineStart = true
        while i < bytes.count {
            if atLineStart {
                atLineStart = false
                lineStart = i
                if skipFencedCode() { atLineStart = true; continue }
            }
            let b = bytes[i]
            switch b {
            case Self.newline:
                out.append(b)
                i += 1
                atLineStart = true
            case Self.backslash: backslash()
            case Self.dollar: dollar()
            case UInt8(ascii: "`"): codeSpan()
            case UInt8(ascii: "["): citation()
            case 0xEE where i + 2 < bytes.count && bytes[i + 1] == 0x80 && (bytes[i + 2] == 0x80 || bytes[i + 2] == 0x81):
                out.append(contentsOf: [0xEF, 0xBF, 0xBD])  // a would-be placeholder from the input
                i += 3
            default:
                out.append(b)
                i += 1
            }
        }
    }

    // MARK: code

    /// The end of the line that starts at `from` (the position of its newline, or the end).
    func lineEnd(_ from: Int) -> Int {
        var j = from
        while j < bytes.count && bytes[j] != Self.newline { j += 1 }
        return j
    }

    /// A fence (``` or ~~~, three or more) after up to three spaces, block-quote markers and
    /// list markers: its character and length.
    func fence(at lineStart: Int) -> (UInt8, Int, infoStart: Int)? {
        var j = lineStart
        let end = lineEnd(lineStart)
        while j < end && (bytes[j] == 0x20 || bytes[j] == 0x09 || bytes[j] == UInt8(ascii: ">")) { j += 1 }
        // A list marker before the fence: "- ```" or "1. ```".
        if j + 1 < end && (bytes[j] == UInt8(ascii: "-") || bytes[j] == UInt8(ascii: "*") || bytes[j] == UInt8(ascii: "+")) && bytes[j + 1] == 0x20 {
            j += 2
            while j < end && bytes[j] == 0x20 { j += 1 }
        }
        guard j < end, bytes[j] == UInt8(ascii: "`") || bytes[j] == UInt8(ascii: "~") else { return nil }
        let character = bytes[j]
        var k = j
        while k < end && bytes[k] == character { k += 1 }
        guard k - j >= 3 else { return nil }
        if character == UInt8(ascii: "`") {
            for m in k..<end where bytes[m] == character { return nil }  // a backtick in the info string: not a fence
        }
        return (character, k - j, k)
    }

    /// Copies a fenced code block as it is; false when the line opens none.
    mutating func skipFencedCode() -> Bool {
        guard let (character, length, _) = fence(at: i) else { return false }
        var j = lineEnd(i)
        while j < bytes.count {
            let next = j + 1
            if next >= bytes.count { j = bytes.count; break }
            j = lineEnd(next)
            if let closing = fence(at: next), closing.0 == character, closing.1 >= length {
                // a closing fence has nothing after it but spaces
                var rest = closing.infoStart
                while rest < j && (bytes[rest] == 0x20 || bytes[rest] == 0x09) { rest += 1 }
                if rest == j { break }
            }
        }
        let end = min(j + 1, bytes.count)
        out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[i..<end]))
        i = end
        return true
    }

    /// Whether the newline at `j` ends a paragraph: the line after it is blank (or there is none).
    /// Searches stop there, checking as they go instead of finding the paragraph's end first,
    /// which cost a scan to the end of the paragraph for every `$` in it.
    func endsParagraph(_ j: Int) -> Bool {
        guard bytes[j] == Self.newline else { return false }
        var k = j + 1
        while k < bytes.count && (bytes[k] == 0x20 || bytes[k] == 0x09 || bytes[k] == 0x0D) { k += 1 }
        return k >= bytes.count || bytes[k] == Self.newline
    }

    /// A code span: a run of backticks up to the next run of the same length in the paragraph.
    mutating func codeSpan() {
        var j = i
        while j < bytes.count && bytes[j] == UInt8(ascii: "`") { j += 1 }
        let length = j - i
        if let failsUntil = codeSpanFailsUntil[length], i < failsUntil {
            out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[i..<j]))
            i = j
            return
        }
        var k = j
        while k < bytes.count && !endsParagraph(k) {
            if bytes[k] == UInt8(ascii: "`") {
                var m = k
                while m < bytes.count && bytes[m] == UInt8(ascii: "`") { m += 1 }
                if m - k == length {
                    out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[i..<m]))
                    i = m
                    return
                }
                k = m
            } else {
                k += 1
            }
        }
        codeSpanFailsUntil[length] = k
        out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[i..<j]))
        i = j
    }

    // MARK: math

    mutating func backslash() {
        guard i + 1 < bytes.count else {
            out.append(bytes[i])
            i += 1
            return
        }
        let next = bytes[i + 1]
        if next == UInt8(ascii: "[") || next == UInt8(ascii: "(") {
            let display = next == UInt8(ascii: "[")
            let closer = display ? UInt8(ascii: "]") : UInt8(ascii: ")")
            if i >= (display ? bracketFailsUntil : parenFailsUntil) {
                var j = i + 2
                while j + 1 < bytes.count && !endsParagraph(j) {
                    if bytes[j] == Self.backslash {
                        if bytes[j + 1] == closer {
                            if j > i + 2 && !onlySpaces(i + 2, j) {
                                addMath(contentStart: i + 2, contentEnd: j, end: j + 2, display: display)
                                return
                            }
                            break
                        }
                        j += 2
                        continue
                    }
                    j += 1
                }
                if j + 1 >= bytes.count || endsParagraph(j) {
                    if display { bracketFailsUntil = j } else { parenFailsUntil = j }
                }
            }
        }
        // Any other escape is copied whole, so `\$` and `\\` never start a span.
        out.append(bytes[i])
        out.append(next)
        i += 2
    }

    func onlySpaces(_ from: Int, _ to: Int) -> Bool {
        for j in from..<to where !Self.isSpace(bytes[j]) { return false }
        return true
    }

    mutating func dollar() {
        if i + 1 < bytes.count && bytes[i + 1] == Self.dollar {
            displayDollar()
            return
        }
        guard i + 1 < bytes.count, !Self.isSpace(bytes[i + 1]) else { return copy(1) }
        let startsWithDigit = Self.isDigit(bytes[i + 1])
        if startsWithDigit ? i < digitDollarFailsUntil : i < dollarFailsUntil { return copy(1) }
        var j = i + 1
        while j < bytes.count && !endsParagraph(j) {
            let b = bytes[j]
            if b == Self.backslash {
                j += 2
                continue
            }
            if startsWithDigit && Self.isSpace(b) {
                digitDollarFailsUntil = j
                return copy(1)
            }
            if b == Self.dollar {
                if !Self.isSpace(bytes[j - 1]) && !(j + 1 < bytes.count && Self.isDigit(bytes[j + 1])) {
                    addMath(contentStart: i + 1, contentEnd: j, end: j + 1, display: false)
                    return
                }
            }
            j += 1
        }
        if startsWithDigit { digitDollarFailsUntil = j } else { dollarFailsUntil = j }
        copy(1)
    }

    mutating func displayDollar() {
        if i >= displayDollarFailsUntil {
            var j = i + 2
            while j + 1 < bytes.count && !endsParagraph(j) {
                if bytes[j] == Self.backslash {
                    j += 2
                    continue
                }
                if bytes[j] == Self.dollar && bytes[j + 1] == Self.dollar {
                    if !onlySpaces(i + 2, j) {
                        addMath(contentStart: i + 2, contentEnd: j, end: j + 2, display: true)
                        return
                    }
                    break  // "$$$$": nothing between
                }
                j += 1
            }
            if j + 1 >= bytes.count || endsParagraph(j) { displayDollarFailsUntil = j }
        }
        copy(2)
    }

    mutating func copy(_ count: Int) {
        out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[i..<min(i + count, bytes.count)]))
        i += count
    }

    /// How many `>` markers open the current line (read forward from its start, so a long line
    /// costs nothing).
    func quoteDepth(_ position: Int) -> Int {
        var start = lineStart
        var depth = 0
        while start < position && (bytes[start] == 0x20 || bytes[start] == UInt8(ascii: ">")) {
            if bytes[start] == UInt8(ascii: ">") { depth += 1 }
            start += 1
        }
        return depth
    }

    mutating func addMath(contentStart: Int, contentEnd: Int, end: Int, display: Bool) {
        let source = String(decoding: UnsafeBufferPointer(rebasing: bytes[i..<end]), as: UTF8.self)
        var tex = String(decoding: UnsafeBufferPointer(rebasing: bytes[contentStart..<contentEnd]), as: UTF8.self)
        // A formula over several lines of a block quote: its lines start with the quote's markers.
        let depth = tex.containsBytes("\n") ? quoteDepth(i) : 0
        if depth > 0 {
            tex = tex.split(separator: "\n", omittingEmptySubsequences: false).enumerated().map { index, line in
                guard index > 0 else { return String(line) }
                var rest = line[...]
                var removed = 0
                while removed < depth, let first = rest.first(where: { $0 != " " }), first == ">" {
                    rest = rest.drop(while: { $0 == " " }).dropFirst()
                    if rest.first == " " { rest = rest.dropFirst() }
                    removed += 1
                }
                return String(rest)
            }.joined(separator: "\n")
        }
        let html: HTML
        switch TeXMath.render(tex.trimmingSpaces(), display: display) {
        case .success(let math): html = math
        case .failure(let failure):
            failures.append(MarkupSpans.MathFailure(source: source, reason: failure.reason))
            html = TeXMath.source(source, display: display)
        }
        place(MarkupSpans.Span(source: source, html: html, display: display))
        i = end
    }

    mutating func place(_ span: MarkupSpans.Span) {
        out.append(contentsOf: [0xEE, 0x80, 0x80])
        out.append(contentsOf: String(spans.count).utf8)
        out.append(contentsOf: [0xEE, 0x80, 0x81])
        spans.append(span)
    }

    // MARK: citations

    mutating func citation() {
        guard let citations, i + 2 < bytes.count, bytes[i + 1] == UInt8(ascii: "^") else { return copy(1) }
        var j = i + 2
        while j < bytes.count && j - i - 2 <= MarkupSpans.maxCitationID {
            let b = bytes[j]
            if b == UInt8(ascii: "]") || Self.isSpace(b) || b == UInt8(ascii: "[") { break }
            j += 1
        }
        guard j < bytes.count, bytes[j] == UInt8(ascii: "]"), j > i + 2 else { return copy(1) }
        let id = String(decoding: UnsafeBufferPointer(rebasing: bytes[(i + 2)..<j]), as: UTF8.self)
        let atLineStart = i == 0 || bytes[i - 1] == Self.newline
        if atLineStart && j + 1 < bytes.count && bytes[j + 1] == UInt8(ascii: ":") { return copy(1) }  // "[^id]: …" defines
        guard let marker = citations.marker(id) else { return copy(1) }
        let source = String(decoding: UnsafeBufferPointer(rebasing: bytes[i...j]), as: UTF8.self)
        place(MarkupSpans.Span(source: source, html: marker, display: false))
        i = j + 1
    }
}

private extension String {
    func trimmingSpaces() -> String {
        var scalars = Substring(self).unicodeScalars[...]
        while let first = scalars.first, first.properties.isWhitespace { scalars.removeFirst() }
        while let last = scalars.last, last.properties.isWhitespace { scalars.removeLast() }
        return String(String.UnicodeScalarView(scalars))
    }
}
