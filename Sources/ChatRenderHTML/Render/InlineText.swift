import ChatModel
import ChatPlan
import ChatTheme
/// The reply text format of the spec: `**bold**`, `` `code` ``, line breaks and paragraphs.
/// Anything else stays literal text. Every character of input is escaped; the only markup this
/// emits is `<p class="cr-text">`, `<br>`, `<strong>` and `<code>`, always balanced.
package enum InlineText {
    /// Paragraphs (split on blank lines) with inline bold and code when `formatted`, literal otherwise.
    ///
    /// Works on the UTF-8 bytes in one pass with bulk copies. The rules are defined on characters
    /// (grapheme clusters); bytes give the same result except where a backtick, asterisk or line end
    /// is followed by a combining scalar (or a marker joins its neighbour otherwise), and that rare
    /// text takes ``referenceRender(_:formatted:)``, the character-based reading, instead.
    package static func render(_ text: String, formatted: Bool) -> HTML {
        var text = text
        let fast: HTML? = text.withUTF8 { utf8 -> HTML? in
            if !lineEndsStandAlone(utf8) || (formatted && !markersStandAlone(utf8)) { return nil }
            if utf8.contains(0x0D) {
                var normalized: [UInt8] = []
                normalized.reserveCapacity(utf8.count)
                var i = 0
                while i < utf8.count {
                    let byte = utf8[i]
                    i += 1
                    if byte == 0x0D {
                        normalized.append(0x0A)
                        if i < utf8.count && utf8[i] == 0x0A { i += 1 }
                    } else {
                        normalized.append(byte)
                    }
                }
                return normalized.withUnsafeBufferPointer { renderBytes($0, formatted: formatted) }
            }
            return renderBytes(utf8, formatted: formatted)
        }
        return fast ?? referenceRender(text, formatted: formatted)
    }

    /// The byte reading of text whose markers and line ends are characters of their own.
    private static func renderBytes(_ utf8: UnsafeBufferPointer<UInt8>, formatted: Bool) -> HTML? {
        var out = HTML()
        out.reserveCapacity(utf8.count + utf8.count / 8 + 16)
        // Paragraphs: runs of lines that are not empty or only spaces and tabs.
        var paragraphStart = -1
        var lastContentEnd = 0
        var lineStart = 0
        func flush(_ out: inout HTML) {
            guard paragraphStart >= 0 else { return }
            out.append("<p class=\"cr-text\">")
            if formatted {
                appendInlineBytes(utf8, paragraphStart, lastContentEnd, to: &out)
            } else {
                out.appendContent(utf8, paragraphStart, lastContentEnd, lineBreaks: true)
            }
            out.append("</p>")
            paragraphStart = -1
        }
        while lineStart < utf8.count {
            var lineEnd = lineStart
            var blank = true
            while lineEnd < utf8.count {
                let byte = utf8[lineEnd]
                if byte == 0x0A { break }
                if byte != 0x20 && byte != 0x09 { blank = false }
                lineEnd += 1
            }
            if blank {
                flush(&out)
            } else {
                if paragraphStart < 0 { paragraphStart = lineStart }
                lastContentEnd = lineEnd
            }
            lineStart = lineEnd + 1
        }
        flush(&out)
        return out
    }

    /// Whether no line end is followed by a combining scalar (one that would join a letter). The
    /// character reading finds neither the line end nor the carriage return in such text.
    private static func lineEndsStandAlone(_ utf8: UnsafeBufferPointer<UInt8>) -> Bool {
        var i = 0
        while i + 1 < utf8.count {
            if (utf8[i] == 0x0A || utf8[i] == 0x0D) && utf8[i + 1] >= 0x80 {
                var end = i + 2
                while end < utf8.count && utf8[end] & 0xC0 == 0x80 { end += 1 }
                var pair: [UInt8] = [UInt8(ascii: "a")]
                pair.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[(i + 1)..<end]))
                if String(decoding: pair, as: UTF8.self).count == 1 { return false }
            }
            i += 1
        }
        return true
    }

    private static func isMarker(_ byte: UInt8) -> Bool { byte == UInt8(ascii: "`") || byte == UInt8(ascii: "*") }

    /// Whether every backtick and asterisk is a character of its own. Next to ASCII it always is; next
    /// to other text, Swift's grapheme breaking decides (only the pair matters: no rule that looks
    /// further, emoji sequences and flags, involves an ASCII mark).
    private static func markersStandAlone(_ utf8: UnsafeBufferPointer<UInt8>) -> Bool {
        var i = 0
        while i < utf8.count {
            let byte = utf8[i]
            if isMarker(byte) {
                if i + 1 < utf8.count && utf8[i + 1] >= 0x80 {
                    var end = i + 2
                    while end < utf8.count && utf8[end] & 0xC0 == 0x80 { end += 1 }
                    if String(decoding: UnsafeBufferPointer(rebasing: utf8[i..<end]), as: UTF8.self).count != 2 { return false }
                }
                if i > 0 && utf8[i - 1] >= 0x80 {
                    var start = i - 1
                    while start > 0 && utf8[start] & 0xC0 == 0x80 { start -= 1 }
                    if String(decoding: UnsafeBufferPointer(rebasing: utf8[start...i]), as: UTF8.self).count != 2 { return false }
                }
            }
            i += 1
        }
        return true
    }

    private enum BytePiece { case text(Int, Int), code(Int, Int), boldMarker }

    /// ``appendInline(_:to:)`` on bytes: code spans first, then `**` pairs among the rest.
    private static func appendInlineBytes(_ utf8: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int, to out: inout HTML) {
        var pieces: [BytePiece] = []
        func next(_ byte: UInt8, from: Int) -> Int? {
            var i = from
            while i < end { if utf8[i] == byte { return i }; i += 1 }
            return nil
        }
        func splitBold(_ from: Int, _ to: Int) {
            var runStart = from
            var i = from
            while i + 1 < to {
                if utf8[i] == UInt8(ascii: "*") && utf8[i + 1] == UInt8(ascii: "*") {
                    if i > runStart { pieces.append(.text(runStart, i)) }
                    pieces.append(.boldMarker)
                    i += 2
                    runStart = i
                } else {
                    i += 1
                }
            }
            if runStart < to { pieces.append(.text(runStart, to)) }
        }
        var rest = start
        while let tick = next(UInt8(ascii: "`"), from: rest) {
            let afterTick = tick + 1
            guard let close = next(UInt8(ascii: "`"), from: afterTick), close > afterTick else {
                // An unmatched or empty pair stays literal.
                let upTo = next(UInt8(ascii: "`"), from: afterTick).map { $0 + 1 } ?? afterTick
                splitBold(rest, upTo)
                rest = upTo
                continue
            }
            splitBold(rest, tick)
            pieces.append(.code(afterTick, close))
            rest = close + 1
        }
        splitBold(rest, end)

        var markerCount = 0
        for piece in pieces { if case .boldMarker = piece { markerCount += 1 } }
        var markersLeft = markerCount - markerCount % 2
        var open = false
        var pendingOpen: Int? = nil  // where <strong> went, to undo an empty pair
        for piece in pieces {
            switch piece {
            case .text(let from, let to):
                out.appendContent(utf8, from, to, lineBreaks: true)
                if to > from { pendingOpen = nil }
            case .code(let from, let to):
                out.append("<code>")
                out.appendContent(utf8, from, to, lineBreaks: false)
                out.append("</code>")
                pendingOpen = nil
            case .boldMarker:
                if markersLeft == 0 {
                    out.append("**")
                    pendingOpen = nil
                } else if !open {
                    pendingOpen = out.byteCount
                    out.append("<strong>")
                    open = true
                    markersLeft -= 1
                } else {
                    if let at = pendingOpen, at + 8 == out.byteCount {
                        // "****": an empty pair is literal text.
                        out.removeTrailing("<strong>")
                        out.append("****")
                    } else {
                        out.append("</strong>")
                    }
                    open = false
                    pendingOpen = nil
                    markersLeft -= 1
                }
            }
        }
        if open { out.append("</strong>") }
    }

    /// The character-based reading that defines the format; ``render(_:formatted:)`` agrees with it
    /// byte for byte (a test holds them together) and falls back to it for rare text.
    static func referenceRender(_ text: String, formatted: Bool) -> HTML {
        var html = HTML()
        for paragraph in paragraphs(of: text) {
            html.append("<p class=\"cr-text\">")
            if formatted { appendInline(paragraph, to: &html) } else { appendLines(paragraph, to: &html) }
            html.append("</p>")
        }
        return html
    }

    /// Splits on lines that are empty or only whitespace; trims blank lines at the ends.
    static func paragraphs(of text: String) -> [Substring] {
        let normalized = text.containsBytes("\r") ? text.replacingCRLF() : text
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
            html.appendContent(String(line))
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
                html.appendContent(String(s))
                html.append("</code>")
                pendingOpen = nil
            case .boldMarker:
                if markersLeft == 0 {
                    html.appendEscaped("**")
                    pendingOpen = nil
                } else if !open {
                    pendingOpen = html.byteCount
                    html.append("<strong>")
                    open = true
                    markersLeft -= 1
                } else {
                    if let start = pendingOpen, start + 8 == html.byteCount {
                        // "****": an empty pair is literal text.
                        html.removeTrailing("<strong>")
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
