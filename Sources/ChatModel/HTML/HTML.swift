import Foundation

/// A fragment of HTML that is safe by construction.
///
/// String literals written in source are trusted markup; every interpolated `String` is escaped
/// for `& < > " '`, which makes it inert both as text and inside a quoted attribute. Raw markup
/// from elsewhere enters only through ``trusted(_:)`` (a `StaticString`, so only source code can
/// use it) or through ``HTML/Builder`` code in this module that escapes as it goes.
///
/// Text that can only ever be an element's content (a paragraph's words, a code block's lines:
/// the renderers that write the element around it) may go through ``content(_:)`` and the
/// `appendContent` functions instead, which escape `& < >` only: quotes are inert between tags,
/// and `&#39;` and `&quot;` made a page of code or prose with quotes several bytes a quote
/// bigger. Never for an attribute's value.
///
/// ```swift
/// let chip: HTML = "<li class=\"chip\" aria-label=\"\(label)\">\(icon)<span>\(name)</span></li>"
/// ```
package struct HTML: Sendable, Equatable, CustomStringConvertible, ExpressibleByStringInterpolation {
    /// The markup as UTF-8 bytes, built with bulk copies.
    package private(set) var bytes: [UInt8]
    /// Places in ``bytes`` whose markup is decided after the page is drawn (see ``Slot``); empty
    /// for every page but a `--single-file` one.
    package private(set) var slots: [Slot] = []

    package init() { bytes = [] }

    package init(stringLiteral value: StaticString) {
        bytes = Array(UnsafeBufferPointer(start: value.utf8Start, count: value.utf8CodeUnitCount))
    }

    package init(stringInterpolation: StringInterpolation) {
        bytes = stringInterpolation.bytes
        slots = stringInterpolation.slots
    }

    /// A place in the markup filled in once the page is drawn. A single-file page decides which
    /// images and files it carries inside it from the size of the whole page, so the markup that
    /// depends on that choice is drawn both ways and left in a slot, keyed by the asset; the page is
    /// drawn once, and filling its slots is arithmetic (see `SingleFilePacker`).
    package struct Slot: Sendable, Equatable {
        /// Where the slot's bytes go in ``HTML/bytes``.
        package var offset: Int
        /// The asset the choice is about.
        package var key: String
        package var content: Content

        package enum Content: Sendable, Equatable {
            /// The asset's address: a `data:` URL when it is carried inside the page, its path
            /// beside the page otherwise.
            case url
            /// Markup drawn both ways. Either may hold ``url`` slots of the same asset, no other.
            case choice(inside: HTML, beside: HTML)
        }
    }

    /// The address of the asset `key`, filled in when it is known whether the page carries it.
    package static func slot(url key: String) -> HTML {
        var html = HTML()
        html.slots = [Slot(offset: 0, key: key, content: .url)]
        return html
    }

    /// Markup for an asset carried inside the page (`inside`) or left beside it (`beside`).
    package static func slot(key: String, inside: HTML, beside: HTML) -> HTML {
        precondition(
            inside.slots.allSatisfy { $0.key == key && $0.content == .url }
                && beside.slots.allSatisfy { $0.key == key && $0.content == .url },
            "a choice holds only address slots of its own asset")
        var html = HTML()
        html.slots = [Slot(offset: 0, key: key, content: .choice(inside: inside, beside: beside))]
        return html
    }

    /// `other`'s slots, moved to where its bytes start in this markup.
    private mutating func takeSlots(of other: HTML, at base: Int) {
        guard !other.slots.isEmpty else { return }
        slots.reserveCapacity(slots.count + other.slots.count)
        for var slot in other.slots { slot.offset += base; slots.append(slot) }
    }

    /// Markup written in source code, taken as it is. The one door for raw markup.
    package static func trusted(_ markup: StaticString) -> HTML { HTML(stringLiteral: markup) }

    /// Text escaped for HTML.
    package static func text(_ string: String) -> HTML {
        var html = HTML()
        html.appendEscaped(string)
        return html
    }

    /// Text escaped as an element's content (`& < >`; see the type's notes): never an attribute value.
    package static func content(_ string: String) -> HTML {
        var html = HTML()
        var string = string
        string.withUTF8 { utf8 in HTML.escape(utf8, 0, utf8.count, into: &html.bytes, lineBreaks: false, quotes: false) }
        return html
    }

    package var description: String { String(decoding: bytes, as: UTF8.self) }
    package var isEmpty: Bool { bytes.isEmpty }
    /// Bytes of markup so far.
    package var byteCount: Int { bytes.count }

    /// Takes back `literal` when the markup ends with it (an opening tag that turned out to have
    /// nothing to open); otherwise changes nothing. Only source literals can be taken back, so
    /// no escaped text is ever cut.
    package mutating func removeTrailing(_ literal: StaticString) {
        let count = literal.utf8CodeUnitCount
        guard bytes.count >= count,
            bytes[(bytes.count - count)...].elementsEqual(UnsafeBufferPointer(start: literal.utf8Start, count: count))
        else { return }
        bytes.removeLast(count)
    }

    /// Escapes `utf8[start..<end]` onto the markup; with `lineBreaks`, line ends become `<br>`.
    package mutating func appendEscaped(_ utf8: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int, lineBreaks: Bool) {
        HTML.escape(utf8, start, end, into: &bytes, lineBreaks: lineBreaks)
    }

    /// ``appendEscaped(_:_:_:lineBreaks:)`` for an element's content: quotes stay as they are.
    package mutating func appendContent(_ utf8: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int, lineBreaks: Bool) {
        HTML.escape(utf8, start, end, into: &bytes, lineBreaks: lineBreaks, quotes: false)
    }

    /// ``appendEscaped(_:)`` for an element's content: quotes stay as they are.
    package mutating func appendContent(_ string: String) {
        var string = string
        string.withUTF8 { utf8 in HTML.escape(utf8, 0, utf8.count, into: &bytes, lineBreaks: false, quotes: false) }
    }

    /// ``appendEscaped(cString:)`` for an element's content: quotes stay as they are.
    package mutating func appendContent(cString: UnsafePointer<CChar>) {
        let count = strlen(cString)
        cString.withMemoryRebound(to: UInt8.self, capacity: count) { pointer in
            HTML.escape(UnsafeBufferPointer(start: pointer, count: count), 0, count, into: &bytes, lineBreaks: false, quotes: false)
        }
    }

    // Disfavoured so that a plain literal, `html.append("<p>")`, takes the `StaticString` overload.
    @_disfavoredOverload
    package mutating func append(_ other: HTML) {
        // Pages are built from many fragments appended to growing buffers; an empty buffer takes
        // the fragment's storage as it is, and a full one grows at least twofold (and never to
        // less than a few hundred bytes), so fragments are rarely copied twice.
        takeSlots(of: other, at: bytes.count)
        if bytes.isEmpty && bytes.capacity < other.bytes.count {
            bytes = other.bytes
            return
        }
        let needed = bytes.count + other.bytes.count
        if needed > bytes.capacity { bytes.reserveCapacity(Swift.max(needed, bytes.capacity * 2, 512)) }
        bytes.append(contentsOf: other.bytes)
    }

    /// Markup written in source code, appended as it is without making an `HTML` of it first
    /// (which allocated an array for every tag of every turn).
    package mutating func append(_ literal: StaticString) {
        let needed = bytes.count + literal.utf8CodeUnitCount
        if needed > bytes.capacity { bytes.reserveCapacity(Swift.max(needed, bytes.capacity * 2, 512)) }
        bytes.append(contentsOf: UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount))
    }

    /// Room for `count` bytes, so a large page grows its buffer once.
    package mutating func reserveCapacity(_ count: Int) { bytes.reserveCapacity(count) }

    package mutating func appendEscaped(_ string: String) { HTML.escape(string, into: &bytes) }

    /// Escapes NUL-terminated UTF-8 from C (valid UTF-8, as cmark's validated output is) without
    /// making a `String` of it first.
    package mutating func appendEscaped(cString: UnsafePointer<CChar>) {
        let count = strlen(cString)  // the C library's, a word or a vector at a time
        cString.withMemoryRebound(to: UInt8.self, capacity: count) { pointer in
            HTML.escape(UnsafeBufferPointer(start: pointer, count: count), 0, count, into: &bytes, lineBreaks: false)
        }
    }

    package static func + (lhs: HTML, rhs: HTML) -> HTML {
        var result = lhs
        result.append(rhs)
        return result
    }

    /// Escapes `& < > " '`. Runs without special characters are copied in bulk.
    static func escape(_ string: String, into out: inout [UInt8]) {
        var string = string
        string.withUTF8 { utf8 in escape(utf8, 0, utf8.count, into: &out, lineBreaks: false) }
    }

    /// Escapes `utf8[start..<end]` into `out`; with `lineBreaks`, each `\n` becomes `<br>`;
    /// without `quotes`, `"` and `'` are left as they are (an element's content only).
    /// Every byte that needs attention is at most `>` (0x3E), so most bytes cost one comparison.
    static func escape(
        _ utf8: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int, into out: inout [UInt8], lineBreaks: Bool,
        quotes: Bool = true
    ) {
        var runStart = start
        var i = start
        while i < end {
            let byte = utf8[i]
            i += 1
            if byte > 0x3E { continue }
            let replacement: StaticString
            switch byte {
            case UInt8(ascii: "&"): replacement = "&amp;"
            case UInt8(ascii: "<"): replacement = "&lt;"
            case UInt8(ascii: ">"): replacement = "&gt;"
            case UInt8(ascii: "\"") where quotes: replacement = "&quot;"
            case UInt8(ascii: "'") where quotes: replacement = "&#39;"
            case 0: replacement = "\u{FFFD}"  // NUL is a parse error in HTML; show the replacement character
            case 0x0A where lineBreaks: replacement = "<br>"
            default: continue
            }
            if runStart < i - 1 { out.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<(i - 1)])) }
            out.append(contentsOf: UnsafeBufferPointer(start: replacement.utf8Start, count: replacement.utf8CodeUnitCount))
            runStart = i
        }
        if runStart < end { out.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<end])) }
    }

    /// Builds HTML from literals (trusted) and interpolations (escaped unless they are `HTML`).
    package struct StringInterpolation: StringInterpolationProtocol {
        var bytes: [UInt8]
        var slots: [Slot] = []

        private mutating func take(_ html: HTML) {
            for var slot in html.slots { slot.offset += bytes.count; slots.append(slot) }
            bytes.append(contentsOf: html.bytes)
        }

        package init(literalCapacity: Int, interpolationCount: Int) {
            bytes = []
            bytes.reserveCapacity(literalCapacity + interpolationCount * 16)
        }

        package mutating func appendLiteral(_ literal: StaticString) {
            bytes.append(contentsOf: UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount))
        }

        /// Text from anywhere: escaped.
        package mutating func appendInterpolation(_ string: String) { HTML.escape(string, into: &bytes) }

        /// Text from anywhere: escaped.
        package mutating func appendInterpolation(_ string: Substring) { HTML.escape(String(string), into: &bytes) }

        /// Markup already made safe.
        package mutating func appendInterpolation(_ html: HTML) { take(html) }

        /// Optional markup: nothing when nil.
        package mutating func appendInterpolation(_ html: HTML?) { if let html { take(html) } }

        /// A list of fragments, joined without separators.
        package mutating func appendInterpolation(_ list: [HTML]) { for html in list { take(html) } }

        /// Numbers are safe as they are.
        package mutating func appendInterpolation(_ value: Int) { bytes.append(contentsOf: String(value).utf8) }

        /// A CSS/SVG number: fixed notation, at most 4 decimals, no trailing zeros.
        package mutating func appendInterpolation(_ value: Double) { bytes.append(contentsOf: NumberFormat.decimal(value).utf8) }
    }
}

/// Locale-free number text for markup and CSS.
package enum NumberFormat {
    /// Fixed notation with at most `maxDigits` decimals and no trailing zeros: 0.45 → "0.45", 2 → "2".
    package static func decimal(_ value: Double, maxDigits: Int = 4) -> String {
        guard value.isFinite else { return "0" }
        var scale = 1.0
        for _ in 0..<maxDigits { scale *= 10 }
        let scaled = (value * scale).rounded()
        let negative = scaled < 0
        let magnitude = UInt64(min(abs(scaled), 9.0e18))
        let divisor = UInt64(scale)
        let whole = magnitude / divisor
        var fraction = magnitude % divisor
        var text = (negative && magnitude != 0 ? "-" : "") + String(whole)
        if fraction != 0 {
            var width = maxDigits
            while fraction % 10 == 0 { fraction /= 10; width -= 1 }
            let digits = String(fraction)
            text += "." + String(repeating: "0", count: width - digits.count) + digits
        }
        return text
    }
}
