/// The one JSON string quoter: every JSON (and JavaScript) string literal chatrender writes comes
/// from here, so each file says the same text the same way.
///
/// What is escaped, always: `"` and `\` as `\"` and `\\`; line feed, carriage return and tab as
/// `\n`, `\r`, `\t`; the other control characters (U+0000–U+001F) and DEL as `\u00XX` (lower-case
/// hex); U+2028 and U+2029 as `\u2028` and `\u2029` (valid in JSON, but line ends in a JavaScript
/// string literal before ES2019). Everything else is written as it is, UTF-8 and unescaped.
///
/// What differs by where the literal is read is an ``Options`` value, never a second quoter:
/// ``Options/htmlSafe`` for a literal that a page reads as script, ``Options/unquoted`` for a
/// piece of a longer literal. ArchitectureTests fails when another `\u00XX` escaper appears in
/// the sources.
package enum JSONQuote {
    /// How a literal is written beyond the escapes every literal gets.
    package struct Options: OptionSet, Sendable {
        package let rawValue: UInt8
        package init(rawValue: UInt8) { self.rawValue = rawValue }

        /// `<`, `>` and `&` as `\u003c`, `\u003e` and `\u0026` too, so the literal stays inert
        /// wherever it is read: in a script of its own and inside a page (`</script>` cannot end
        /// the script it stands in). The search shards are written so.
        package static let htmlSafe = Options(rawValue: 1 << 0)
        /// Without the surrounding quotes: a piece of a longer literal.
        package static let unquoted = Options(rawValue: 1 << 1)
    }

    /// `text` as a JSON string literal.
    package static func quote(_ text: String, _ options: Options = []) -> String {
        var out: [UInt8] = []
        append(text, to: &out, options)
        return String(decoding: out, as: UTF8.self)
    }

    /// ``quote(_:_:)``'s literal appended to `out`. Works on UTF-8 bytes: most text needs no
    /// escape and is copied in one piece (every byte to escape is ASCII, save the three of U+2028
    /// and U+2029, E2 80 A8 and E2 80 A9).
    package static func append(_ text: String, to out: inout [UInt8], _ options: Options = []) {
        var text = text
        text.withUTF8 { append(utf8: $0, to: &out, options) }
    }

    /// ``append(_:to:_:)`` on text already in UTF-8 (a page's markup, ``HTML``'s bytes), without
    /// making a `String` of it first: decoding a chunk's megabyte of markup into a `String` only
    /// to read its bytes back cost as much as the quoting.
    package static func append(utf8 bytes: UnsafeBufferPointer<UInt8>, to out: inout [UInt8], _ options: Options = []) {
        let quoted = !options.contains(.unquoted)
        let html = options.contains(.htmlSafe)
        // A byte that may need an escape: 1 for every literal, 2 for a literal read as script.
        let stops = html ? 3 : 1
        out.reserveCapacity(out.count + bytes.count + 2)
        if quoted { out.append(UInt8(ascii: "\"")) }
        var start = 0
        var i = 0
        func flush() { if start < i { out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<i])) } }
        func escape(_ value: UInt32) {
            let digits: StaticString = "0123456789abcdef"
            out.append(UInt8(ascii: "\\")); out.append(UInt8(ascii: "u"))
            for shift in stride(from: 12, through: 0, by: -4) { out.append(digits.utf8Start[Int((value >> UInt32(shift)) & 0xF)]) }
        }
        let count = bytes.count
        let table = stopTable
        while i < count {
            // The run of bytes that need nothing, a table look-up a byte.
            table.withUnsafeBufferPointer { table in
                while i < count, table[Int(bytes[i])] & UInt8(stops) == 0 { i += 1 }
            }
            guard i < count else { break }
            let byte = bytes[i]
            var short: UInt8 = 0
            switch byte {
            case UInt8(ascii: "\""): short = UInt8(ascii: "\"")
            case UInt8(ascii: "\\"): short = UInt8(ascii: "\\")
            case 0x0A: short = UInt8(ascii: "n")
            case 0x0D: short = UInt8(ascii: "r")
            case 0x09: short = UInt8(ascii: "t")
            case 0x00..<0x20, 0x7F, UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "&"):
                flush()
                escape(UInt32(byte))
                start = i + 1
            case 0xE2 where i + 2 < count && bytes[i + 1] == 0x80 && (bytes[i + 2] == 0xA8 || bytes[i + 2] == 0xA9):
                flush()
                escape(bytes[i + 2] == 0xA8 ? 0x2028 : 0x2029)
                i += 3
                start = i
                continue
            default: break
            }
            if short != 0 {
                flush()
                out.append(UInt8(ascii: "\\"))
                out.append(short)
                start = i + 1
            }
            i += 1
        }
        flush()
        if quoted { out.append(UInt8(ascii: "\"")) }
    }

    /// For each byte, whether a literal may need to escape it: bit 1 in every literal (controls,
    /// `"`, `\`, DEL, and E2, which starts U+2028 and U+2029), bit 2 in one read as script
    /// (`<`, `>`, `&`).
    private static let stopTable: [UInt8] = (0..<256).map { byte -> UInt8 in
        if byte < 0x20 || byte == 0x22 || byte == 0x5C || byte == 0x7F || byte == 0xE2 { return 1 }
        if byte == 0x3C || byte == 0x3E || byte == 0x26 { return 2 }
        return 0
    }
}
