/// Whether a reply is written in Markdown, for `--markup auto`: it is when a line opens a block
/// the spec's inline format has no reading for, or the text holds a link or math.
///
/// Looked for, at the start of a line after at most three spaces: a code fence (```` ``` ````,
/// `~~~`), an ATX heading (`# ` … `###### `), a list item (`- `, `* `, `+ `, `1. `, `1) `), a
/// quote (`> `), a thematic break or setext underline (`---`, `***`, `___`, `===`), and a table
/// (a line with `|` followed by a delimiter row such as `|---|:--:|`). Anywhere: an inline link
/// `](`, and math openers `$$`, `\[`, `\(`. Bold and inline code alone are the inline format's
/// own, so such a reply keeps the spec's reading.
///
/// One pass over the UTF-8 bytes; only ASCII is looked at.
package enum MarkdownDetector {
    package static func isMarkdown(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { isMarkdown($0) }
    }

    static func isMarkdown(_ s: UnsafeBufferPointer<UInt8>) -> Bool {
        let n = s.count
        var i = 0
        var previousLine: Range<Int>? = nil
        while i < n {
            var end = i
            while end < n, s[end] != 0x0A, s[end] != 0x0D { end += 1 }
            if lineOpensBlock(s, i, end) { return true }
            if let previous = previousLine, isDelimiterRow(s, i, end), contains(s, previous, 0x7C) { return true }
            previousLine = i..<end
            i = end
            if i < n, s[i] == 0x0D { i += 1 }
            if i < n, s[i] == 0x0A { i += 1 }
        }
        // Inline openers anywhere.
        var j = 0
        while j + 1 < n {
            let a = s[j], b = s[j + 1]
            if a == 0x5D, b == 0x28 { return true }  // ](
            if a == 0x24, b == 0x24 { return true }  // $$
            if a == 0x5C, b == 0x5B || b == 0x28 { return true }  // \[ \(
            j += 1
        }
        return false
    }

    private static func contains(_ s: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, _ byte: UInt8) -> Bool {
        for k in range where s[k] == byte { return true }
        return false
    }

    private static func lineOpensBlock(_ s: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Bool {
        var i = start
        var indent = 0
        while i < end, s[i] == 0x20, indent < 4 { i += 1; indent += 1 }
        guard indent < 4, i < end else { return false }
        let c = s[i]
        func next(_ k: Int) -> UInt8? { i + k < end ? s[i + k] : nil }
        func spaceOrEnd(_ b: UInt8?) -> Bool { b == nil || b == 0x20 || b == 0x09 }
        switch c {
        case 0x60, 0x7E:  // ``` ~~~
            return next(1) == c && next(2) == c
        case 0x23:  // #
            var k = 0
            while next(k) == 0x23 { k += 1 }
            return k <= 6 && spaceOrEnd(next(k)) && next(k) != nil
        case 0x3E:  // >
            return true
        case 0x2D, 0x2A, 0x2B, 0x5F, 0x3D:  // - * + _ =
            if c != 0x5F && c != 0x3D && (next(1) == 0x20 || next(1) == 0x09) && next(2) != nil { return true }
            // A rule or setext underline: three or more of one mark, spaces between allowed.
            if c == 0x2B { return false }
            var marks = 0
            var k = i
            while k < end {
                if s[k] == c { marks += 1 } else if s[k] != 0x20 && s[k] != 0x09 { return false }
                k += 1
            }
            return marks >= 3
        case 0x30...0x39:
            var k = 0
            while let d = next(k), d >= 0x30 && d <= 0x39, k < 9 { k += 1 }
            guard let mark = next(k), mark == 0x2E || mark == 0x29 else { return false }
            return (next(k + 1) == 0x20 || next(k + 1) == 0x09) && next(k + 2) != nil
        default:
            return false
        }
    }

    /// A GFM table delimiter row: cells of `-` with optional `:` at either end, split by `|`, with
    /// at least one `|` or at least one cell of dashes beside a pipe.
    private static func isDelimiterRow(_ s: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Bool {
        var dashes = 0, pipes = 0
        for k in start..<end {
            switch s[k] {
            case 0x2D: dashes += 1
            case 0x7C: pipes += 1
            case 0x3A, 0x20, 0x09: break
            default: return false
            }
        }
        return dashes > 0 && pipes > 0
    }
}
