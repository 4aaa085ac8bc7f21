/// HTML, XML and SVG (and, tolerantly, Vue or Svelte templates): tags, attributes and their
/// values, comments, doctypes and processing instructions, entities. The body of `<script>` is
/// read as JavaScript and of `<style>` as CSS.
struct MarkupScanner {
    private typealias B = ByteClass
    private let s: UnsafeBufferPointer<UInt8>
    private let out: HighlightWriter
    private let end: Int
    private var i: Int

    static func scan(_ out: HighlightWriter, from start: Int, to end: Int) {
        var scanner = MarkupScanner(s: out.text, out: out, end: end, i: start)
        scanner.run()
    }

    private mutating func run() {
        while i < end {
            let c = s[i]
            if c == UInt8(ascii: "<") {
                let next = s.at(i + 1, end)
                if s.has("<!--", at: i, end) {
                    delimited(.comment, close: "-->", from: i, skip: 4)
                } else if s.has("<![CDATA[", at: i, end) {
                    out.token(.meta, i, i + 9)
                    i += 9
                    while i < end && !s.has("]]>", at: i, end) { i += 1 }
                    if i < end { out.token(.meta, i, i + 3); i += 3 }
                } else if next == UInt8(ascii: "!") || next == UInt8(ascii: "?") {
                    delimited(.meta, close: ">", from: i, skip: 2)
                } else if B.isLetter(next) || (next == UInt8(ascii: "/") && B.isLetter(s.at(i + 2, end))) {
                    tag()
                } else {
                    i += 1
                }
            } else if c == UInt8(ascii: "&") {
                entity()
            } else {
                i += 1
            }
        }
    }

    private mutating func delimited(_ kind: TokenKind, close: StaticString, from start: Int, skip: Int) {
        i = start + skip
        while i < end && !s.has(close, at: i, end) { i += 1 }
        i = Swift.min(i + close.utf8CodeUnitCount, end)
        out.token(kind, start, i)
    }

    /// `&amp;`, `&#39;`, `&#x1F600;`: at most 32 bytes, ending with `;`.
    private mutating func entity() {
        var j = i + 1
        while j < end && j - i < 32 && (B.isIdentifier(s[j]) || s[j] == UInt8(ascii: "#")) && s[j] < 0x80 { j += 1 }
        if j > i + 1 && s.at(j, end) == UInt8(ascii: ";") {
            out.token(.constant, i, j + 1)
            i = j + 1
        } else {
            i += 1
        }
    }

    private mutating func tag() {
        let start = i
        let closing = s[i + 1] == UInt8(ascii: "/")
        i += closing ? 2 : 1
        let nameStart = i
        while i < end && !B.isSpace(s[i]) && s[i] != 0x0A && s[i] != UInt8(ascii: ">") && s[i] != UInt8(ascii: "/") && s[i] != UInt8(ascii: "<") { i += 1 }
        let nameEnd = i
        out.token(.tag, start, nameEnd)
        var selfClosing = false
        while i < end {
            let c = s[i]
            if c == UInt8(ascii: ">") { out.token(.tag, i, i + 1); i += 1; break }
            if c == UInt8(ascii: "/") && s.at(i + 1, end) == UInt8(ascii: ">") { out.token(.tag, i, i + 2); i += 2; selfClosing = true; break }
            if c == UInt8(ascii: "<") { return }  // a tag left open: the next one starts here
            if c == UInt8(ascii: "\"") || c == UInt8(ascii: "'") {
                let valueStart = i
                i += 1
                while i < end && s[i] != c { i += 1 }
                i = Swift.min(i + 1, end)
                out.token(.string, valueStart, i)
            } else if c == UInt8(ascii: "=") {
                i += 1
                let valueStart = i
                if i < end && s[i] != UInt8(ascii: "\"") && s[i] != UInt8(ascii: "'") {
                    while i < end && !B.isSpace(s[i]) && s[i] != 0x0A && s[i] != UInt8(ascii: ">") && s[i] != UInt8(ascii: "<") { i += 1 }
                    out.token(.string, valueStart, i)
                }
            } else if B.isSpace(c) || c == 0x0A || c == UInt8(ascii: "/") {
                i += 1
            } else {
                let attributeStart = i
                while i < end && !B.isSpace(s[i]) && s[i] != 0x0A && s[i] != UInt8(ascii: "=") && s[i] != UInt8(ascii: ">") && s[i] != UInt8(ascii: "/")
                    && s[i] != UInt8(ascii: "<") && s[i] != UInt8(ascii: "\"") && s[i] != UInt8(ascii: "'")
                { i += 1 }
                out.token(.attribute, attributeStart, i)
            }
        }
        guard !closing && !selfClosing else { return }
        let isScript = nameEnd - nameStart == 6 && s.has("script", at: nameStart, nameEnd, ignoringCase: true)
        let isStyle = nameEnd - nameStart == 5 && s.has("style", at: nameStart, nameEnd, ignoringCase: true)
        guard isScript || isStyle else { return }
        // The body runs to the matching end tag; it is read in the element's own language.
        let bodyStart = i
        while i < end && !(s[i] == UInt8(ascii: "<") && s.has(isScript ? "</script" : "</style", at: i, end, ignoringCase: true)) { i += 1 }
        if isScript {
            CodeScanner.scan(.javaScript, out, from: bodyStart, to: i)
        } else {
            StyleScanner.scan(out, from: bodyStart, to: i, lineComments: false)
        }
    }
}
