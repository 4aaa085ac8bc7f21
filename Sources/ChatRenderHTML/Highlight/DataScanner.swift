/// JSON (with JSONC comments and JSON5's bare keys tolerated) and the flow parts of YAML:
/// a string or name followed by `:` is a key; `true`, `false` and `null` are constants.
struct DataScanner {
    private typealias B = ByteClass
    private let s: UnsafeBufferPointer<UInt8>
    private let out: HighlightWriter
    private let end: Int
    private var i: Int

    static func scan(_ out: HighlightWriter, from start: Int, to end: Int) {
        var scanner = DataScanner(s: out.text, out: out, end: end, i: start)
        scanner.run()
    }

    private static let words = WordTable([(.constant, "true false null NaN Infinity")])

    private mutating func run() {
        while i < end {
            let c = s[i]
            let next = s.at(i + 1, end)
            if c == UInt8(ascii: "\"") || c == UInt8(ascii: "'") {
                let start = i
                let stop = s.lineEnd(from: i + 1, end)
                i += 1
                while i < stop && s[i] != c { i += s[i] == UInt8(ascii: "\\") ? 2 : 1 }
                i = Swift.min(i + 1, stop)
                out.token(isKey ? .attribute : .string, start, i)
            } else if c == UInt8(ascii: "/") && next == UInt8(ascii: "/") {
                let stop = s.lineEnd(from: i, end)
                out.token(.comment, i, stop)
                i = stop
            } else if c == UInt8(ascii: "/") && next == UInt8(ascii: "*") {
                let start = i
                i += 2
                while i < end && !s.has("*/", at: i, end) { i += 1 }
                i = Swift.min(i + 2, end)
                out.token(.comment, start, i)
            } else if B.isDigit(c) || (c == UInt8(ascii: "-") && (B.isDigit(next) || next == UInt8(ascii: "."))) || (c == UInt8(ascii: ".") && B.isDigit(next))
            {
                let start = i
                i += 1
                while i < end {
                    let b = s[i]
                    if B.isDigit(b) || b == UInt8(ascii: ".") || (b | 0x20) == UInt8(ascii: "e") || (b | 0x20) == UInt8(ascii: "x")
                        || (B.isLetter(b) && (b | 0x20) <= UInt8(ascii: "f")) || b == UInt8(ascii: "_")
                    {
                        i += 1
                    } else if (b == UInt8(ascii: "+") || b == UInt8(ascii: "-")) && (s[i - 1] | 0x20) == UInt8(ascii: "e") {
                        i += 1
                    } else {
                        break
                    }
                }
                out.token(.number, start, i)
            } else if B.isIdentifierStart(c) || c == UInt8(ascii: "$") {
                let start = i
                i += 1
                while i < end && (B.isIdentifier(s[i]) || s[i] == UInt8(ascii: "$") || s[i] == UInt8(ascii: "-")) { i += 1 }
                if isKey {
                    out.token(.attribute, start, i)
                } else if let entry = Self.words.lookup(s, start, i) {
                    out.token(entry.kind, start, i)
                }
            } else {
                i += 1
            }
        }
    }

    /// Whether a `:` follows `i` (after spaces on the same line): the token before it is a key.
    private var isKey: Bool {
        var j = i
        while j < end && B.isSpace(s[j]) { j += 1 }
        return s.at(j, end) == UInt8(ascii: ":")
    }
}
