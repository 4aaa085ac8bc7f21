/// CSS, and SCSS or Less tolerantly: selectors (tags, `.classes`, `#ids`, `:pseudo`),
/// at-rules, properties, values (numbers with units, `#colours`, functions, strings,
/// `!important`) and comments.
///
/// Whether a statement is a selector or a declaration is decided once at its start by looking
/// ahead to its first `{`, `;` or `}` (a nested rule in SCSS looks like a declaration until its
/// brace). Each statement is looked ahead over once, so the scan stays linear.
struct StyleScanner {
    private typealias B = ByteClass
    private let s: UnsafeBufferPointer<UInt8>
    private let out: HighlightWriter
    private let end: Int
    private var i: Int
    private let lineComments: Bool
    private enum Context { case selector, property, value }
    private var context = Context.selector
    private var depth = 0

    static func scan(_ out: HighlightWriter, from start: Int, to end: Int, lineComments: Bool) {
        var scanner = StyleScanner(s: out.text, out: out, end: end, i: start, lineComments: lineComments)
        scanner.run()
    }

    private mutating func run() {
        statementStart()
        while i < end {
            let c = s[i]
            let next = s.at(i + 1, end)
            switch c {
            case UInt8(ascii: "/") where next == UInt8(ascii: "*"):
                let start = i
                i += 2
                while i < end && !s.has("*/", at: i, end) { i += 1 }
                i = Swift.min(i + 2, end)
                out.token(.comment, start, i)
            case UInt8(ascii: "/") where next == UInt8(ascii: "/") && lineComments:
                let stop = s.lineEnd(from: i, end)
                out.token(.comment, i, stop)
                i = stop
            case UInt8(ascii: "\""), UInt8(ascii: "'"):
                let start = i
                i += 1
                let stop = s.lineEnd(from: i, end)
                while i < stop && s[i] != c { i += s[i] == UInt8(ascii: "\\") ? 2 : 1 }
                i = Swift.min(i + 1, stop)
                out.token(.string, start, i)
            case UInt8(ascii: "{"):
                i += 1
                depth += 1
                statementStart()
            case UInt8(ascii: "}"):
                i += 1
                depth = Swift.max(0, depth - 1)
                statementStart()
            case UInt8(ascii: ";"):
                i += 1
                statementStart()
            case UInt8(ascii: ":") where context == .property:
                i += 1
                context = .value
            case UInt8(ascii: "@"):
                let start = i
                i += 1
                while i < end && (B.isIdentifier(s[i]) || s[i] == UInt8(ascii: "-")) { i += 1 }
                out.token(.keyword, start, i)
                if context == .selector { context = .value }  // an at-rule's prelude: `(max-width: 40rem)`
            case UInt8(ascii: "!") where context == .value && B.isLetter(next):
                let start = i
                i += 1
                while i < end && B.isLetter(s[i]) { i += 1 }
                out.token(.keyword, start, i)
            case UInt8(ascii: "#") where context == .value:
                let start = i
                i += 1
                while i < end && B.isIdentifier(s[i]) && s[i] < 0x80 { i += 1 }
                out.token(.number, start, i)
            case _ where (c == UInt8(ascii: ".") || c == UInt8(ascii: "#")) && context == .selector && (B.isIdentifierStart(next) || next == UInt8(ascii: "-")):
                let start = i
                i += 1
                name()
                out.token(.type, start, i)
            case UInt8(ascii: ":") where context == .selector:
                let start = i
                i += next == UInt8(ascii: ":") ? 2 : 1
                name()
                out.token(.meta, start, i)
            case UInt8(ascii: "["):
                i += 1
                let start = i
                name()
                out.token(.attribute, start, i)
            default:
                if B.isDigit(c) || (c == UInt8(ascii: ".") && B.isDigit(next))
                    || (c == UInt8(ascii: "-") && (B.isDigit(next) || next == UInt8(ascii: ".")) && context == .value)
                {
                    let start = i
                    i += 1
                    while i < end && (B.isDigit(s[i]) || s[i] == UInt8(ascii: ".") || B.isLetter(s[i]) || s[i] == UInt8(ascii: "%")) { i += 1 }
                    out.token(.number, start, i)
                } else if B.isIdentifierStart(c) || c == UInt8(ascii: "-") || c == UInt8(ascii: "$") {
                    let start = i
                    i += 1
                    name()
                    word(start)
                } else {
                    i += 1
                }
            }
        }
    }

    private mutating func name() {
        while i < end && (B.isIdentifier(s[i]) || s[i] == UInt8(ascii: "-")) { i += 1 }
    }

    private mutating func word(_ start: Int) {
        switch context {
        case .selector:
            if s[start] != UInt8(ascii: "-") && s[start] != UInt8(ascii: "$") { out.token(.tag, start, i) }
        case .property:
            out.token(.attribute, start, i)
        case .value:
            guard s.at(i, end) == UInt8(ascii: "(") else { return }
            out.token(.function, start, i)
            if i - start == 3 && s.has("url", at: start, i, ignoringCase: true) {
                // An unquoted url(…) is one string (it may hold `//`).
                let open = i + 1
                var j = open
                let stop = s.lineEnd(from: j, end)
                while j < stop && s[j] != UInt8(ascii: ")") { j += 1 }
                if s.at(open, end) != UInt8(ascii: "\"") && s.at(open, end) != UInt8(ascii: "'") {
                    out.token(.string, open, j)
                    i = j
                }
            }
        }
    }

    /// Decides what the statement starting at `i` is: a selector when a `{` comes before its
    /// end, else a declaration (or, at the top level without a `:`, a selector being written).
    /// Strings and comments are skipped exactly as the main loop skips them, so the look-ahead
    /// never crosses a statement end the main loop will stop at, and each byte is looked at twice.
    private mutating func statementStart() {
        var j = i
        var colon = false
        while j < end {
            let b = s[j]
            if b == UInt8(ascii: "{") { context = .selector; return }
            if b == UInt8(ascii: ";") || b == UInt8(ascii: "}") { break }
            if b == UInt8(ascii: ":") { colon = true }
            if b == UInt8(ascii: "/") && s.at(j + 1, end) == UInt8(ascii: "*") {
                j += 2
                while j < end && !s.has("*/", at: j, end) { j += 1 }
                j += 2
                continue
            }
            if b == UInt8(ascii: "/") && s.at(j + 1, end) == UInt8(ascii: "/") && lineComments {
                j = s.lineEnd(from: j, end)
                continue
            }
            if b == UInt8(ascii: "\"") || b == UInt8(ascii: "'") {
                let stop = s.lineEnd(from: j + 1, end)
                j += 1
                while j < stop && s[j] != b { j += s[j] == UInt8(ascii: "\\") ? 2 : 1 }
            }
            j += 1
        }
        context = depth > 0 || colon ? .property : .selector
    }
}
