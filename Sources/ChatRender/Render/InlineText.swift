/// The reply text format of the spec: `**bold**`, `` `code` ``, line breaks and paragraphs.
/// Anything else stays literal text. Every character of input is escaped; the only markup this
/// emits is `<p>`, `<br>`, `<strong>` and `<code>`, always balanced.
public enum InlineText {
    /// Paragraphs (split on blank lines) with inline bold and code when `formatted`, literal otherwise.
    public static func render(_ text: String, formatted: Bool) -> HTML {
        var html = HTML()
        for paragraph in paragraphs(of: text) {
            html.append("<p>")
            if formatted { appendInline(paragraph, to: &html) } else { appendLines(paragraph, to: &html) }
            html.append("</p>")
        }
        return html
    }

    /// Splits on lines that are empty or only whitespace; trims blank lines at the ends.
    static func paragraphs(of text: String) -> [Substring] {
        let normalized = text.contains("\r") ? text.replacingCRLF() : text
        var result: [Substring] = []
        var current: Substring.Index? = nil
        var lastContentEnd = normalized.startIndex
        var lineStart = normalized.startIndex
        var index = normalized.startIndex
        func flushIfNeeded() {
            if let start = current { result.append(normalized[start..<lastContentEnd]); current = nil }
        }
        while lineStart < normalized.endIndex {
            index = normalized[lineStart...].firstIndex(of: "\n") ?? normalized.endIndex
            let line = normalized[lineStart..<index]
            if line.allSatisfy({ $0 == " " || $0 == "\t" }) {
                flushIfNeeded()
            } else {
                if current == nil { current = lineStart }
                lastContentEnd = index
            }
            lineStart = index < normalized.endIndex ? normalized.index(after: index) : normalized.endIndex
        }
        flushIfNeeded()
        return result
    }

    private static func appendLines(_ text: Substring, to html: inout HTML) {
        var first = true
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if !first { html.append("<br>") }
            first = false
            html.appendEscaped(String(line))
        }
    }

    private enum Piece { case text(Substring), code(Substring), boldMarker }

    /// Code spans first (their content is literal), then `**` pairs among the remaining text.
    private static func appendInline(_ text: Substring, to html: inout HTML) {
        var pieces: [Piece] = []
        var rest = text[...]
        while let tick = rest.firstIndex(of: "`") {
            let afterTick = rest.index(after: tick)
            guard let close = rest[afterTick...].firstIndex(of: "`"), close > afterTick else {
                // An unmatched or empty pair stays literal.
                let upTo = rest[afterTick...].firstIndex(of: "`").map { rest.index(after: $0) } ?? afterTick
                splitBold(rest[rest.startIndex..<upTo], into: &pieces)
                rest = rest[upTo...]
                continue
            }
            splitBold(rest[rest.startIndex..<tick], into: &pieces)
            pieces.append(.code(rest[afterTick..<close]))
            rest = rest[rest.index(after: close)...]
        }
        splitBold(rest, into: &pieces)

        // Pair the bold markers; an odd last one is literal.
        let markerCount = pieces.reduce(0) { count, piece in
            if case .boldMarker = piece { return count + 1 }
            return count
        }
        var markersLeft = markerCount - markerCount % 2
        var open = false
        var pendingOpen: Int? = nil  // index in output where <strong> went, to undo an empty pair
        for piece in pieces {
            switch piece {
            case .text(let s):
                appendLines(s, to: &html)
                if !s.isEmpty { pendingOpen = nil }
            case .code(let s):
                html.append("<code>")
                html.appendEscaped(String(s))
                html.append("</code>")
                pendingOpen = nil
            case .boldMarker:
                if markersLeft == 0 {
                    html.appendEscaped("**")
                    pendingOpen = nil
                } else if !open {
                    pendingOpen = html.bytes.count
                    html.append("<strong>")
                    open = true
                    markersLeft -= 1
                } else {
                    if let start = pendingOpen, start + 8 == html.bytes.count {
                        // "****": an empty pair is literal text.
                        html = HTML(rawBytes: Array(html.bytes[..<start]))
                        html.appendEscaped("****")
                    } else {
                        html.append("</strong>")
                    }
                    open = false
                    pendingOpen = nil
                    markersLeft -= 1
                }
            }
        }
        if open { html.append("</strong>") }  // unreachable with even pairing; keeps tags balanced regardless
    }

    private static func splitBold(_ text: Substring, into pieces: inout [Piece]) {
        var rest = text
        while let range = rest.range(of: "**") {
            if range.lowerBound > rest.startIndex { pieces.append(.text(rest[rest.startIndex..<range.lowerBound])) }
            pieces.append(.boldMarker)
            rest = rest[range.upperBound...]
        }
        if !rest.isEmpty { pieces.append(.text(rest)) }
    }
}

extension String {
    func replacingCRLF() -> String {
        var out = ""
        out.reserveCapacity(utf8.count)
        var previousCR = false
        for scalar in unicodeScalars {
            if scalar == "\r" { out.unicodeScalars.append("\n"); previousCR = true; continue }
            if scalar == "\n" && previousCR { previousCR = false; continue }
            previousCR = false
            out.unicodeScalars.append(scalar)
        }
        return out
    }
}
