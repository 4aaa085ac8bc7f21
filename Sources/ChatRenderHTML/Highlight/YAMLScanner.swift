/// YAML, line by line: keys, plain and quoted scalars, comments, anchors, aliases and tags,
/// document markers, and block scalars (`|`, `>`), whose more-indented lines are strings.
/// Flow collections (`[a, b]`, `{k: v}`) are read by the ``DataScanner``.
enum YAMLScanner {
    private typealias B = ByteClass
    private static let constants = WordTable([(.constant, "true false yes no on off null ~")], ignoresCase: true)

    static func scan(_ out: HighlightWriter, from start: Int, to end: Int) {
        let s = out.text
        var line = start
        /// The indent of the line that opened a block scalar; its body is the lines indented more.
        var blockIndent: Int?
        while line < end {
            let lineEnd = s.lineEnd(from: line, end)
            var i = line
            while i < lineEnd && (s[i] == 0x20 || s[i] == 0x09) { i += 1 }
            let indent = i - line
            if let parent = blockIndent {
                if i == lineEnd || indent > parent {
                    if i < lineEnd { out.token(.string, i, lineEnd) }
                    line = lineEnd + 1
                    continue
                }
                blockIndent = nil
            }
            if indent == 0 && (s.has("---", at: line, lineEnd) || s.has("...", at: line, lineEnd) || s.at(line, lineEnd) == UInt8(ascii: "%")) {
                out.token(.meta, line, Swift.min(lineEnd, s.at(line, lineEnd) == UInt8(ascii: "%") ? lineEnd : line + 3))
                i = s.at(line, lineEnd) == UInt8(ascii: "%") ? lineEnd : line + 3
            }
            // List markers: `- `, possibly several.
            while i < lineEnd && s[i] == UInt8(ascii: "-") && (i + 1 == lineEnd || B.isSpace(s[i + 1])) {
                i += 1
                while i < lineEnd && B.isSpace(s[i]) { i += 1 }
            }
            if i < lineEnd && s[i] == UInt8(ascii: "#") {
                out.token(.comment, i, lineEnd)
                line = lineEnd + 1
                continue
            }
            if let colon = keyColon(s, i, lineEnd) {
                out.token(.attribute, i, colon)
                i = colon + 1
                while i < lineEnd && B.isSpace(s[i]) { i += 1 }
            }
            if value(out, s, &i, lineEnd) { blockIndent = indent }
            line = lineEnd + 1
        }
    }

    /// The `:` ending a key that starts at `start`: followed by a space or the line's end, not
    /// inside quotes, before any comment.
    private static func keyColon(_ s: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Int? {
        guard start < end else { return nil }
        let first = s[start]
        if first == UInt8(ascii: "[") || first == UInt8(ascii: "{") || first == UInt8(ascii: "|") || first == UInt8(ascii: ">") { return nil }
        var j = start
        if first == UInt8(ascii: "\"") || first == UInt8(ascii: "'") {
            j += 1
            while j < end && s[j] != first { j += s[j] == UInt8(ascii: "\\") && first == UInt8(ascii: "\"") ? 2 : 1 }
            j += 1
            return j < end && s[j] == UInt8(ascii: ":") && (j + 1 == end || B.isSpace(s[j + 1])) ? j : nil
        }
        while j < end {
            if s[j] == UInt8(ascii: ":") && (j + 1 == end || B.isSpace(s[j + 1])) { return j }
            if s[j] == UInt8(ascii: "#") && j > start && B.isSpace(s[j - 1]) { return nil }
            j += 1
        }
        return nil
    }

    /// A value from `i` to the line's end. Returns true when it opens a block scalar.
    private static func value(_ out: HighlightWriter, _ s: UnsafeBufferPointer<UInt8>, _ i: inout Int, _ end: Int) -> Bool {
        // Anchors, aliases and tags before the value.
        while i < end, s[i] == UInt8(ascii: "&") || s[i] == UInt8(ascii: "*") || s[i] == UInt8(ascii: "!") {
            let start = i
            while i < end && !B.isSpace(s[i]) { i += 1 }
            out.token(.meta, start, i)
            while i < end && B.isSpace(s[i]) { i += 1 }
        }
        guard i < end else { return false }
        let first = s[i]
        if first == UInt8(ascii: "|") || first == UInt8(ascii: ">") {
            let start = i
            while i < end && !B.isSpace(s[i]) { i += 1 }
            out.token(.meta, start, i)
            comment(out, s, &i, end)
            return true
        }
        if first == UInt8(ascii: "[") || first == UInt8(ascii: "{") {
            DataScanner.scan(out, from: i, to: end)
            i = end
            return false
        }
        if first == UInt8(ascii: "\"") || first == UInt8(ascii: "'") {
            let start = i
            i += 1
            while i < end && s[i] != first { i += s[i] == UInt8(ascii: "\\") && first == UInt8(ascii: "\"") ? 2 : 1 }
            i = Swift.min(i + 1, end)
            out.token(.string, start, i)
            comment(out, s, &i, end)
            return false
        }
        // A plain scalar runs to a ` #` comment or the line's end.
        let start = i
        while i < end && !(s[i] == UInt8(ascii: "#") && i > start && B.isSpace(s[i - 1])) { i += 1 }
        var stop = i
        while stop > start && B.isSpace(s[stop - 1]) { stop -= 1 }
        if let entry = constants.lookup(s, start, stop) {
            out.token(entry.kind, start, stop)
        } else if isNumber(s, start, stop) {
            out.token(.number, start, stop)
        } else {
            out.token(.string, start, stop)
        }
        comment(out, s, &i, end)
        return false
    }

    private static func comment(_ out: HighlightWriter, _ s: UnsafeBufferPointer<UInt8>, _ i: inout Int, _ end: Int) {
        while i < end && B.isSpace(s[i]) { i += 1 }
        if i < end && s[i] == UInt8(ascii: "#") { out.token(.comment, i, end) }
        i = end
    }

    private static func isNumber(_ s: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Bool {
        guard start < end else { return false }
        var j = start
        if s[j] == UInt8(ascii: "-") || s[j] == UInt8(ascii: "+") { j += 1 }
        guard j < end, B.isDigit(s[j]) || s[j] == UInt8(ascii: ".") else { return false }
        var digits = false
        while j < end {
            let b = s[j]
            if B.isDigit(b) {
                digits = true
            } else if !(b == UInt8(ascii: ".") || b == UInt8(ascii: "_") || (b | 0x20) == UInt8(ascii: "e") || (b | 0x20) == UInt8(ascii: "x")
                || (b | 0x20) == UInt8(ascii: "o") || ((b | 0x20) >= UInt8(ascii: "a") && (b | 0x20) <= UInt8(ascii: "f")) || b == UInt8(ascii: "+")
                || b == UInt8(ascii: "-"))
            {
                return false
            }
            j += 1
        }
        return digits
    }
}
