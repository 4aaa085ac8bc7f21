/// The scanner shared by the programming languages (C family, Python, Ruby, PHP, SQL, …): one
/// pass over the bytes, every step moving forward, so any input ends in linear time. What a
/// language changes is in its ``CodeRules``.
///
/// Strings that splice in code (`${…}`, `\(…)`, `#{…}`, f-string `{…}`) are read with a stack of
/// open strings instead of recursion: the spliced code is scanned as code, and its closing
/// bracket resumes the string. Deep nesting costs heap, never stack.
struct CodeScanner {
    /// One string form: its quote, whether it is tripled, `#`s around it (Swift and Rust raw
    /// strings), and what may happen inside.
    struct StringForm {
        enum Splice { case none, dollar, dollarBrace, hashBrace, backslashParen, brace }
        var quote: UInt8
        var triple = false
        var hashes = 0
        var escapes = true
        var multiline = false
        var splice = Splice.none
    }

    /// A string waiting for its spliced code to close.
    private struct Frame {
        var form: StringForm
        var open: UInt8
        var close: UInt8
        var depth = 0
    }

    /// What came before, for the choices that depend on it (regex or division, member or keyword).
    private enum Previous { case start, operatorLike, name, value, keyword, dot }

    private let rules: CodeRules
    private let s: UnsafeBufferPointer<UInt8>
    private let out: HighlightWriter
    private let end: Int
    private var i: Int
    private var lineStart = true
    private var previous = Previous.start
    private var introduces: TokenKind?
    private var frames: [Frame] = []

    init(_ rules: CodeRules, _ out: HighlightWriter, from start: Int, to end: Int) {
        self.rules = rules
        self.out = out
        self.s = out.text
        self.i = start
        self.end = end
    }

    /// Scans `text[start..<end]` into `out`.
    static func scan(_ rules: CodeRules, _ out: HighlightWriter, from start: Int, to end: Int) {
        var scanner = CodeScanner(rules, out, from: start, to: end)
        scanner.run()
    }

    private typealias B = ByteClass

    mutating func run() {
        if nesting == 0 && s.has("#!", at: i, end) {
            let stop = s.lineEnd(from: i, end)
            out.token(.meta, i, stop)
            i = stop
        }
        while i < end && !stopped {
            let c = s[i]
            if c == 0x0A {
                i += 1
                lineStart = true
                // A spliced string that cannot span lines ended with its line.
                while let top = frames.last, !top.form.multiline { frames.removeLast() }
                continue
            }
            if B.isSpace(c) { i += 1; continue }
            let atLineStart = lineStart
            lineStart = false
            step(c, atLineStart: atLineStart)
        }
    }

    private mutating func step(_ c: UInt8, atLineStart: Bool) {
        let next = s.at(i + 1, end)
        // Spliced code inside a string: its closing bracket resumes the string.
        if !frames.isEmpty {
            if c == frames[frames.count - 1].close {
                if frames[frames.count - 1].depth == 0 {
                    let frame = frames.removeLast()
                    i += 1
                    if frame.form.quote == 0 {  // the end of a `{…}` read by its own scanner
                        stopped = true
                        return
                    }
                    stringBody(frame.form, from: i)
                    previous = .value
                    return
                }
                frames[frames.count - 1].depth -= 1
            } else if c == frames[frames.count - 1].open {
                frames[frames.count - 1].depth += 1
            }
        }
        // Comments.
        if c == UInt8(ascii: "/") && next == UInt8(ascii: "/") && rules.slashComments
            || c == UInt8(ascii: "#") && rules.hashComments && !(rules.hashAttributes && (next == UInt8(ascii: "[") || next == UInt8(ascii: "!")))
            || c == UInt8(ascii: "-") && next == UInt8(ascii: "-") && rules.dashComments
        {
            let stop = s.lineEnd(from: i, end)
            out.token(.comment, i, stop)
            i = stop
            return
        }
        if c == UInt8(ascii: "/") && next == UInt8(ascii: "*") && rules.blockComments {
            blockComment()
            return
        }
        if rules.ruby && atLineStart && c == UInt8(ascii: "=") && s.has("=begin", at: i, end) {
            let start = i
            var line = s.lineEnd(from: i, end)
            while line < end && !s.has("=end", at: line + 1, end) { line = s.lineEnd(from: line + 1, end) }
            i = line < end ? s.lineEnd(from: line + 1, end) : end
            out.token(.comment, start, i)
            return
        }
        // Strings.
        if c == UInt8(ascii: "\"") {
            openString(StringForm(quote: c, multiline: rules.multilineStrings, splice: doubleQuoteSplice), from: i, prefixLength: 0)
            return
        }
        if c == UInt8(ascii: "'") {
            switch rules.singleQuote {
            case .string:
                openString(StringForm(quote: c, multiline: rules.multilineStrings), from: i, prefixLength: 0)
                return
            case .charOrLifetime:
                charOrLifetime()
                return
            case .none: break
            }
        }
        if c == UInt8(ascii: "`") {
            switch rules.backtick {
            case .template:
                openString(StringForm(quote: c, multiline: true, splice: .dollarBrace), from: i, prefixLength: 0)
                return
            case .raw:
                openString(StringForm(quote: c, escapes: false, multiline: true), from: i, prefixLength: 0)
                return
            case .name:
                let close = s.lineEnd(from: i + 1, end)
                var j = i + 1
                while j < close && s[j] != UInt8(ascii: "`") { j += 1 }
                i = Swift.min(j + 1, close)
                previous = .name
                return
            case .none: break
            }
        }
        if B.isDigit(c) || (c == UInt8(ascii: ".") && B.isDigit(next) && previous != .name) {
            number()
            return
        }
        if B.isIdentifierStart(c) || (c == UInt8(ascii: "$") && rules.dollarNames) {
            identifier()
            return
        }
        if c == UInt8(ascii: "@") && rules.decorators && B.isIdentifierStart(next) {
            let start = i
            i += 1
            while i < end && (B.isIdentifier(s[i]) || (s[i] == UInt8(ascii: ".") && B.isIdentifierStart(s.at(i + 1, end)))) { i += 1 }
            out.token(.meta, start, i)
            previous = .operatorLike
            return
        }
        if c == UInt8(ascii: "#") {
            if rules.preprocessor && atLineStart { preprocessorLine(); return }
            if rules.hashAttributes && (next == UInt8(ascii: "[") || next == UInt8(ascii: "!")) { attribute(); return }
            if rules.hashRawStrings {
                var j = i
                while j < end && s[j] == UInt8(ascii: "#") { j += 1 }
                if s.at(j, end) == UInt8(ascii: "\"") {
                    openString(StringForm(quote: UInt8(ascii: "\""), hashes: j - i, multiline: false, splice: .backslashParen), from: i, prefixLength: j - i)
                    return
                }
                if j == i + 1 && B.isIdentifierStart(next) {
                    let start = i
                    i += 1
                    while i < end && B.isIdentifier(s[i]) { i += 1 }
                    out.token(.meta, start, i)
                    previous = .keyword
                    return
                }
            }
        }
        if c == UInt8(ascii: "/") && rules.regexLiterals && regexAllowed && regex() { return }
        if rules.phpTags {
            if s.has("<?php", at: i, end) { out.token(.meta, i, i + 5); i += 5; previous = .start; return }
            if s.has("<?=", at: i, end) || s.has("?>", at: i, end) {
                let length = c == UInt8(ascii: "<") ? 3 : 2
                out.token(.meta, i, i + length); i += length; previous = .start; return
            }
        }
        if rules.jsx && nesting < 16 && c == UInt8(ascii: "<") && regexAllowed && (B.isLetter(next) || next == UInt8(ascii: ">")) && jsxElement() { return }
        if rules.ruby && c == UInt8(ascii: ":") && B.isIdentifierStart(next) && previous != .name && previous != .value && s.at(i - 1, end) != UInt8(ascii: ":")
        {
            let start = i
            i += 1
            while i < end && B.isIdentifier(s[i]) { i += 1 }
            if s.at(i, end) == UInt8(ascii: "?") || s.at(i, end) == UInt8(ascii: "!") { i += 1 }
            out.token(.constant, start, i)
            previous = .value
            return
        }
        // Punctuation and operators.
        i += 1
        introduces = nil
        switch c {
        case UInt8(ascii: "."): previous = .dot
        case UInt8(ascii: ")"), UInt8(ascii: "]"): previous = .value
        default: previous = .operatorLike
        }
    }

    private var doubleQuoteSplice: StringForm.Splice {
        switch rules.interpolation {
        case .none: .none
        case .dollar: .dollar
        case .hashBrace: .hashBrace
        case .backslashParen: .backslashParen
        }
    }

    private var regexAllowed: Bool {
        switch previous {
        case .start, .operatorLike, .keyword: true
        case .name, .value, .dot: false
        }
    }

    // MARK: Comments and directives

    private mutating func blockComment() {
        let start = i
        var depth = 0
        while i < end {
            if s[i] == UInt8(ascii: "/") && s.at(i + 1, end) == UInt8(ascii: "*") {
                if depth == 0 || rules.nestedComments { depth += 1 }
                i += 2
            } else if s[i] == UInt8(ascii: "*") && s.at(i + 1, end) == UInt8(ascii: "/") {
                depth -= 1
                i += 2
                if depth == 0 { break }
            } else {
                i += 1
            }
        }
        out.token(.comment, start, i)
    }

    /// `#include <x.h>`, `#define N 1`: the directive is meta; what follows is code, except an
    /// include's `<file>`, which is a string.
    private mutating func preprocessorLine() {
        let start = i
        i += 1
        while i < end && B.isSpace(s[i]) { i += 1 }
        let wordStart = i
        while i < end && B.isIdentifier(s[i]) { i += 1 }
        out.token(.meta, start, i)
        let isInclude = s.has("include", at: wordStart, i) || s.has("import", at: wordStart, i)
        while i < end && B.isSpace(s[i]) { i += 1 }
        if isInclude && s.at(i, end) == UInt8(ascii: "<") {
            let stop = s.lineEnd(from: i, end)
            var j = i + 1
            while j < stop && s[j] != UInt8(ascii: ">") { j += 1 }
            let close = Swift.min(j + 1, stop)
            out.token(.string, i, close)
            i = close
        }
        previous = .keyword
    }

    /// `#[derive(Debug)]`, `#![allow(x)]`: meta up to the matching `]` on the same line.
    private mutating func attribute() {
        let start = i
        let stop = s.lineEnd(from: i, end)
        var depth = 0
        i += 1
        while i < stop {
            let b = s[i]
            i += 1
            if b == UInt8(ascii: "[") { depth += 1 } else if b == UInt8(ascii: "]") { depth -= 1; if depth == 0 { break } }
        }
        out.token(.meta, start, i)
        previous = .operatorLike
    }

    // MARK: Strings

    /// A string starting at `start` (its prefix letters or `#`s included), whose quotes start at
    /// `start + prefixLength`.
    private mutating func openString(_ form: StringForm, from start: Int, prefixLength: Int) {
        var form = form
        i = start + prefixLength + 1
        if rules.tripleQuotes && form.quote != UInt8(ascii: "`") && s.at(i, end) == form.quote && s.at(i + 1, end) == form.quote {
            form.triple = true
            form.multiline = true
            i += 2
        }
        introduces = nil
        stringBody(form, from: start)
    }

    /// Reads a string's body from `i` to its closing quote, a splice, its line's end (a string
    /// that cannot span lines and is not closed) or the end. `tokenStart` is where the token began.
    private mutating func stringBody(_ form: StringForm, from tokenStart: Int) {
        var tokenStart = tokenStart
        let quote = form.quote
        while i < end {
            let c = s[i]
            if c == 0x0A && !form.multiline { break }
            if c == UInt8(ascii: "\\") && form.escapes {
                if form.hashes > 0 {
                    var j = i + 1
                    while j < end && j - i - 1 < form.hashes && s[j] == UInt8(ascii: "#") { j += 1 }
                    if j - i - 1 == form.hashes {
                        if form.splice == .backslashParen && s.at(j, end) == UInt8(ascii: "(") {
                            splice(form, tokenStart, at: i, length: j + 1 - i, open: UInt8(ascii: "("), close: UInt8(ascii: ")"))
                            return
                        }
                        i = j + 1
                    } else {
                        i += 1
                    }
                    continue
                }
                if form.splice == .backslashParen && s.at(i + 1, end) == UInt8(ascii: "(") {
                    splice(form, tokenStart, at: i, length: 2, open: UInt8(ascii: "("), close: UInt8(ascii: ")"))
                    return
                }
                i += 2
                continue
            }
            if c == quote {
                var j = i + 1
                if form.triple {
                    guard s.at(j, end) == quote && s.at(j + 1, end) == quote else { i += 1; continue }
                    j += 2
                }
                var hashes = 0
                while hashes < form.hashes && s.at(j, end) == UInt8(ascii: "#") { hashes += 1; j += 1 }
                if hashes == form.hashes {
                    i = j
                    out.token(.string, tokenStart, i)
                    previous = .value
                    return
                }
                i += 1
                continue
            }
            switch form.splice {
            case .dollar, .dollarBrace:
                if c == UInt8(ascii: "$") && s.at(i + 1, end) == UInt8(ascii: "{") {
                    splice(form, tokenStart, at: i, length: 2, open: UInt8(ascii: "{"), close: UInt8(ascii: "}"))
                    return
                }
                if form.splice == .dollar && c == UInt8(ascii: "$") && B.isIdentifierStart(s.at(i + 1, end)) {
                    out.token(.string, tokenStart, i)
                    i += 1
                    while i < end && B.isIdentifier(s[i]) { i += 1 }
                    tokenStart = i
                    continue
                }
            case .hashBrace:
                if c == UInt8(ascii: "#") && s.at(i + 1, end) == UInt8(ascii: "{") {
                    splice(form, tokenStart, at: i, length: 2, open: UInt8(ascii: "{"), close: UInt8(ascii: "}"))
                    return
                }
            case .brace:
                if c == UInt8(ascii: "{") {
                    if s.at(i + 1, end) == UInt8(ascii: "{") { i += 2; continue }
                    splice(form, tokenStart, at: i, length: 1, open: UInt8(ascii: "{"), close: UInt8(ascii: "}"))
                    return
                }
            case .none, .backslashParen: break
            }
            i += 1
        }
        out.token(.string, tokenStart, i)
        previous = .value
    }

    /// Ends the string token before a splice (`${`, `\(`, …) and scans on as code until the
    /// splice's closing bracket.
    private mutating func splice(_ form: StringForm, _ tokenStart: Int, at index: Int, length: Int, open: UInt8, close: UInt8) {
        out.token(.string, tokenStart, index)
        i = index + length
        frames.append(Frame(form: form, open: open, close: close))
        previous = .operatorLike
    }

    /// `'a'`, `'\n'` are characters; `'a` without a closing quote is a Rust lifetime or label.
    private mutating func charOrLifetime() {
        let start = i
        let next = s.at(i + 1, end)
        if B.isIdentifierStart(next) {
            var j = i + 1
            while j < end && B.isIdentifier(s[j]) { j += 1 }
            if s.at(j, end) != UInt8(ascii: "'") || j - i > 5 {
                out.token(.type, start, j)
                i = j
                previous = .name
                return
            }
        }
        openString(StringForm(quote: UInt8(ascii: "'")), from: start, prefixLength: 0)
    }

    /// C++ `R"delim(…)delim"`: no escapes, ends only at `)delim"`. The delimiter is at most 16
    /// characters, so the search stays linear.
    private mutating func cppRawString(from start: Int, quoteAt quote: Int) -> Bool {
        var j = quote + 1
        while j < end && j - quote <= 17 && s[j] != UInt8(ascii: "(") {
            let b = s[j]
            if b == UInt8(ascii: ")") || b == UInt8(ascii: "\\") || B.isSpace(b) || b == 0x0A { return false }
            j += 1
        }
        guard s.at(j, end) == UInt8(ascii: "(") else { return false }
        let delimiter = (quote + 1)..<j
        i = j + 1
        while i < end {
            if s[i] == UInt8(ascii: ")") {
                var k = 0
                while k < delimiter.count && s.at(i + 1 + k, end) == s[delimiter.lowerBound + k] { k += 1 }
                if k == delimiter.count && s.at(i + 1 + k, end) == UInt8(ascii: "\"") {
                    i += k + 2
                    out.token(.string, start, i)
                    previous = .value
                    return true
                }
            }
            i += 1
        }
        out.token(.string, start, end)
        return true
    }

    private mutating func regex() -> Bool {
        let stop = s.lineEnd(from: i, end)
        var j = i + 1
        var inClass = false
        guard j < stop, s[j] != UInt8(ascii: "/"), s[j] != UInt8(ascii: "*") else { return false }
        while j < stop {
            let b = s[j]
            if b == UInt8(ascii: "\\") { j += 2; continue }
            if b == UInt8(ascii: "[") { inClass = true } else if b == UInt8(ascii: "]") { inClass = false } else if b == UInt8(ascii: "/") && !inClass { break }
            j += 1
        }
        guard j < stop else { return false }
        j += 1
        while j < end && B.isLetter(s[j]) { j += 1 }
        out.token(.string, i, j)
        i = j
        previous = .value
        return true
    }

    // MARK: Numbers and names

    /// `0x1F`, `1_000`, `3.14e-10`, `0b1010`, `10n`, `2.5f32`, `0x1.8p3`: digits, letters and `_`
    /// run on; one `.` joins a fraction when a digit follows (so `1..10` stays a range); a sign
    /// joins after an exponent.
    private mutating func number() {
        let start = i
        let hex = s[i] == UInt8(ascii: "0") && (s.at(i + 1, end) | 0x20) == UInt8(ascii: "x")
        var sawDot = false
        while i < end {
            let b = s[i]
            if B.isIdentifier(b) && b < 0x80 {
                i += 1
                let lower = b | 0x20
                if (lower == UInt8(ascii: "e") && !hex) || (lower == UInt8(ascii: "p") && hex),
                    s.at(i, end) == UInt8(ascii: "+") || s.at(i, end) == UInt8(ascii: "-"),
                    B.isDigit(s.at(i + 1, end))
                {
                    i += 1
                }
            } else if b == UInt8(ascii: ".") && !sawDot && B.isDigit(s.at(i + 1, end)) {
                sawDot = true
                i += 1
            } else if b == UInt8(ascii: "'") && rules.prefixes == .cpp && B.isDigit(s.at(i + 1, end)) {
                i += 1  // C++14 digit separator
            } else {
                break
            }
        }
        out.token(.number, start, i)
        previous = .value
        introduces = nil
    }

    private mutating func identifier() {
        let start = i
        i += 1
        while i < end && (B.isIdentifier(s[i]) || (s[i] == UInt8(ascii: "$") && rules.dollarNames)) { i += 1 }
        if rules.ruby && (s.at(i, end) == UInt8(ascii: "?") || s.at(i, end) == UInt8(ascii: "!")) && s.at(i + 1, end) != UInt8(ascii: "=") {
            i += 1
        }
        let wordEnd = i
        let next = s.at(i, end)
        if next == UInt8(ascii: "\"") || next == UInt8(ascii: "'") || (next == UInt8(ascii: "#") && rules.prefixes == .rust), stringPrefix(start, wordEnd) {
            return
        }
        let afterDot = previous == .dot
        previous = .name
        if rules.macros && next == UInt8(ascii: "!") && !afterDot {
            let after = s.at(i + 1, end)
            if after == UInt8(ascii: "(") || after == UInt8(ascii: "[") || after == UInt8(ascii: "{") {
                i += 1
                out.token(.function, start, i)
                introduces = nil
                return
            }
        }
        if afterDot {
            if next == UInt8(ascii: "(") { out.token(.function, start, wordEnd) }
            introduces = nil
            return
        }
        if let entry = rules.words.lookup(s, start, wordEnd) {
            out.token(entry.kind, start, wordEnd)
            introduces = entry.introduces
            if entry.kind == .keyword { previous = .keyword } else if entry.kind == .constant { previous = .value }
            return
        }
        if let introduced = introduces {
            out.token(introduced, start, wordEnd)
            introduces = nil
            return
        }
        if next == UInt8(ascii: "(") {
            out.token(.function, start, wordEnd)
            return
        }
        guard rules.capitalisedTypes else { return }
        var first = s[start]
        if first == UInt8(ascii: "$") || first == UInt8(ascii: "_") {
            guard start + 1 < wordEnd else { return }
            first = s[start + 1]
        }
        guard B.isUpper(first) else { return }
        var hasLower = false
        for k in start..<wordEnd where B.isLower(s[k]) { hasLower = true; break }
        if hasLower {
            out.token(.type, start, wordEnd)
        } else if wordEnd - start > 1 {
            out.token(.constant, start, wordEnd)
        }
    }

    /// Letters before a quote that make a string of another kind. Returns false when the letters
    /// are not a prefix in this language (then they are a name).
    private mutating func stringPrefix(_ start: Int, _ wordEnd: Int) -> Bool {
        let length = wordEnd - start
        let quoteIndex = wordEnd
        var letters: UInt32 = 0  // bit per lowercased letter seen
        for k in start..<wordEnd {
            let b = s[k]
            guard B.isLetter(b) || B.isDigit(b) else { return false }
            letters |= 1 << UInt32(((b | 0x20) &- UInt8(ascii: "a")) & 31)
        }
        func has(_ letter: Unicode.Scalar) -> Bool { letters & (1 << UInt32(UInt8(ascii: letter) - UInt8(ascii: "a"))) != 0 }
        switch rules.prefixes {
        case .none:
            return false
        case .python:
            guard length <= 2, letters & ~(bit("r") | bit("b") | bit("f") | bit("u") | bit("t")) == 0 else { return false }
            let quote = s[quoteIndex]
            var form = StringForm(quote: quote, multiline: rules.multilineStrings)
            if has("f") || has("t") { form.splice = .brace }
            openString(form, from: start, prefixLength: length)
            return true
        case .rust:
            guard length <= 2, letters & ~(bit("r") | bit("b") | bit("c")) == 0 else { return false }
            var j = quoteIndex
            while j < end && s[j] == UInt8(ascii: "#") { j += 1 }
            let quote = s.at(j, end)
            guard quote == UInt8(ascii: "\"") || (quote == UInt8(ascii: "'") && j == quoteIndex && !has("r")) else { return false }
            if quote == UInt8(ascii: "'") {
                openString(StringForm(quote: quote), from: start, prefixLength: length)
                return true
            }
            guard has("r") || j == quoteIndex else { return false }
            let raw = has("r")
            openString(StringForm(quote: quote, hashes: j - quoteIndex, escapes: !raw, multiline: true), from: start, prefixLength: j - start)
            return true
        case .cpp:
            let quote = s[quoteIndex]
            guard quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") else { return false }
            let word = start..<wordEnd
            let isRaw = s[wordEnd - 1] == UInt8(ascii: "R") && quote == UInt8(ascii: "\"")
            let base = isRaw ? start..<(wordEnd - 1) : word
            let known =
                base.isEmpty || s.has("u8", at: base.lowerBound, base.upperBound) && base.count == 2
                || base.count == 1
                    && (s[base.lowerBound] == UInt8(ascii: "L") || s[base.lowerBound] == UInt8(ascii: "u") || s[base.lowerBound] == UInt8(ascii: "U"))
            guard known else { return false }
            if isRaw {
                if cppRawString(from: start, quoteAt: quoteIndex) { return true }
                i = wordEnd
                return false
            }
            openString(StringForm(quote: quote), from: start, prefixLength: length)
            return true
        }
    }

    @inline(__always) private func bit(_ letter: Unicode.Scalar) -> UInt32 { 1 << UInt32(UInt8(ascii: letter) - UInt8(ascii: "a")) }

    // MARK: JSX

    /// `<Tag attr="x" attr={…}>text {…}</Tag>` in expression position. Tags and attributes are
    /// coloured; text between tags stays plain, `{…}` inside is code. Returns false when what
    /// follows `<` does not look like a tag (a comparison or a type argument), having consumed
    /// nothing.
    private mutating func jsxElement() -> Bool {
        // A type parameter list (`<T>(x: T) => x`, `<T,>`, `<T extends U>`) is not a tag.
        var j = i + 1
        while j < end && (B.isIdentifier(s[j]) || s[j] == UInt8(ascii: ".") || s[j] == UInt8(ascii: "-") || s[j] == UInt8(ascii: ":")) { j += 1 }
        let afterName = s.at(j, end)
        if afterName == UInt8(ascii: ",") || s.has(" extends", at: j, end) { return false }
        if afterName == UInt8(ascii: ">") && s.at(j + 1, end) == UInt8(ascii: "(") { return false }
        guard afterName == UInt8(ascii: ">") || afterName == UInt8(ascii: "/") || B.isSpace(afterName) || afterName == 0x0A || j == i + 1 else { return false }
        var depth = 0
        repeat {
            // At `<`: a tag.
            let closing = s.at(i + 1, end) == UInt8(ascii: "/")
            let tagStart = i
            i += closing ? 2 : 1
            while i < end && (B.isIdentifier(s[i]) || s[i] == UInt8(ascii: ".") || s[i] == UInt8(ascii: "-") || s[i] == UInt8(ascii: ":")) { i += 1 }
            out.token(.tag, tagStart, i)
            var selfClosing = false
            while i < end {
                let b = s[i]
                if b == UInt8(ascii: ">") { out.token(.tag, i, i + 1); i += 1; break }
                if b == UInt8(ascii: "/") && s.at(i + 1, end) == UInt8(ascii: ">") { out.token(.tag, i, i + 2); i += 2; selfClosing = true; break }
                if b == UInt8(ascii: "\"") || b == UInt8(ascii: "'") {
                    var k = i + 1
                    while k < end && s[k] != b { k += 1 }
                    k = Swift.min(k + 1, end)
                    out.token(.string, i, k)
                    i = k
                } else if b == UInt8(ascii: "{") {
                    i = embeddedCode(from: i)
                } else if B.isIdentifierStart(b) {
                    let nameStart = i
                    while i < end && (B.isIdentifier(s[i]) || s[i] == UInt8(ascii: "-") || s[i] == UInt8(ascii: ":")) { i += 1 }
                    out.token(.attribute, nameStart, i)
                } else if b == UInt8(ascii: "<") {
                    break  // a broken tag: start again from the next one
                } else {
                    i += 1
                }
            }
            if closing { depth -= 1 } else if !selfClosing { depth += 1 }
            if depth <= 0 { break }
            // Text up to the next tag; `{…}` inside it is code.
            while i < end && s[i] != UInt8(ascii: "<") {
                if s[i] == UInt8(ascii: "{") { i = embeddedCode(from: i) } else { i += 1 }
            }
        } while i < end
        previous = .value
        return true
    }

    /// Scans `{…}` from `start` as code with a scanner of its own (braces balanced, strings and
    /// comments respected) and returns where it ended. The nested scanner only moves forward.
    private mutating func embeddedCode(from start: Int) -> Int {
        var inner = CodeScanner(rules, out, from: start + 1, to: end)
        inner.frames = [Frame(form: StringForm(quote: 0, multiline: true), open: UInt8(ascii: "{"), close: UInt8(ascii: "}"))]
        inner.nesting = nesting + 1
        inner.previous = .operatorLike
        inner.run()
        return inner.i
    }

    /// Set when a scanner reading one `{…}` inside JSX has reached its closing brace.
    private var stopped = false
    /// How many `{…}` scanners enclose this one; JSX deeper than a few levels is left plain, so
    /// hostile nesting cannot exhaust the stack.
    private var nesting = 0
}
