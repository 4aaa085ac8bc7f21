/// A tool call's input as the reader sees it. Inputs are usually a JSON object; such text is
/// indented two spaces a level without changing a single token (key order, numbers and escapes
/// stay as written), and a shell tool's `command` is read out for the summary line. Text that is
/// not well-formed JSON is shown exactly as it came.
struct ToolInput {
    /// The input as it came.
    var text: String
    /// Whether `text` is a JSON object or array.
    var isJSON: Bool
    /// The input indented, or `text` when it is not JSON.
    var pretty: String
    /// The top-level `command` (or `cmd`) string, or an argument list's last word after
    /// `bash -lc`: what a shell tool ran.
    var command: String?
    /// The JSON tokens of `text` when it is JSON, for the views that read a member of it.
    var tokens = Tokens(bytes: [], ranges: [])

    init(_ text: String) {
        self.text = text
        self.pretty = text
        self.isJSON = false
        guard let tokens = ToolInput.tokens(text), tokens.count > 0,
            tokens.isPunctuation(0, UInt8(ascii: "{")) || tokens.isPunctuation(0, UInt8(ascii: "["))
        else { return }
        guard let pretty = ToolInput.indent(tokens) else { return }
        self.isJSON = true
        self.pretty = pretty
        self.command = ToolInput.command(tokens)
        self.tokens = tokens
    }

    /// What a shell tool ran (``command``), read from `text` without indenting it: for the search
    /// of a page in chunks, which needs the command and not the pretty input.
    static func command(in text: String) -> String? {
        guard let tokens = tokens(text), tokens.count > 0, tokens.isPunctuation(0, UInt8(ascii: "{")) || tokens.isPunctuation(0, UInt8(ascii: "["))
        else { return nil }
        return command(tokens)
    }

    /// JSON tokens as ranges of a text's UTF-8 bytes, read and compared as bytes: as Substrings,
    /// making each and comparing it through the Unicode-aware string comparison was most of a
    /// tool input's cost. The punctuation and names compared are ASCII with no other canonically
    /// equal spelling, so the answers are the ones the strings gave.
    struct Tokens {
        let bytes: [UInt8]
        let ranges: [Range<Int>]

        var count: Int { ranges.count }
        var isEmpty: Bool { ranges.isEmpty }

        /// Whether token `k` is the one-byte punctuation `byte` (`{ } [ ] : ,`).
        func isPunctuation(_ k: Int, _ byte: UInt8) -> Bool {
            let range = ranges[k]
            return range.count == 1 && bytes[range.lowerBound] == byte
        }

        /// Whether token `k` opens (`{`, `[`) or closes (`}`, `]`) a level: +1, -1 or 0.
        func depthChange(_ k: Int) -> Int {
            let range = ranges[k]
            guard range.count == 1 else { return 0 }
            switch bytes[range.lowerBound] {
            case UInt8(ascii: "{"), UInt8(ascii: "["): return 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"): return -1
            default: return 0
            }
        }

        /// Whether token `k` is a JSON string (it starts with its quote).
        func isString(_ k: Int) -> Bool { bytes[ranges[k].lowerBound] == UInt8(ascii: "\"") }

        /// Whether token `k` is the string `"name"` written without escapes.
        func isName(_ k: Int, _ name: String) -> Bool {
            let range = ranges[k]
            guard range.count == name.utf8.count + 2, isString(k), bytes[range.upperBound - 1] == UInt8(ascii: "\"") else { return false }
            return bytes[range.lowerBound + 1..<range.upperBound - 1].elementsEqual(name.utf8)
        }

        /// The value of string token `k` (see ``ToolInput/decode(_:)``).
        func decode(_ k: Int) -> String? {
            let range = ranges[k]
            // Most strings have no escapes: their value is what is between the quote bytes.
            if !bytes[range].contains(UInt8(ascii: "\\")) {
                return String(decoding: bytes[range.lowerBound + 1..<range.upperBound - 1], as: UTF8.self)
            }
            return ToolInput.decode(Substring(String(decoding: bytes[range], as: UTF8.self)))
        }
    }

    /// The first line of a command, with "…" when there is more: the summary is one line.
    static func oneLine(_ command: String) -> String {
        if let line = oneLineInASCII(command) { return line }
        return oneLineByCharacter(command)
    }

    /// ``oneLine(_:)`` read in bytes, for the usual command whose first line, and the bytes at
    /// each cut, are ASCII: there every byte is a character (a CR aside, whose CR LF pair is one,
    /// so a CR goes to ``oneLineByCharacter(_:)``). nil for anything else. Character by
    /// Character, the count of the whole command was most of a command title's cost.
    static func oneLineInASCII(_ command: String) -> String? {
        let bytes = command.utf8
        return bytes.withContiguousStorageIfAvailable { utf8 -> String? in
            func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D }
            var start = 0, end = utf8.count
            while start < end, isSpace(utf8[start]) { start += 1 }
            while end > start, isSpace(utf8[end - 1]) { end -= 1 }
            guard start < end else { return "" }
            // A space joins a combining mark after it, and a prepended mark joins what follows it:
            // at a non-ASCII edge the trim is not in whole bytes.
            if utf8[start] >= 0x80 || utf8[end - 1] >= 0x80 { return nil }
            var cut = start
            while cut < end, cut - start < 120 {
                let byte = utf8[cut]
                if byte == 0x0A { break }
                if byte == 0x0D || byte >= 0x80 { return nil }
                cut += 1
            }
            // Cut at 120 before the line ends: the byte after the cut must start a character.
            if cut < end, utf8[cut] != 0x0A, utf8[cut] >= 0x80 || utf8[cut] == 0x0D { return nil }
            let line = String(decoding: UnsafeBufferPointer(rebasing: utf8[start..<cut]), as: UTF8.self)
            return cut < end ? line + " …" : line
        } ?? nil
    }

    static func oneLineByCharacter(_ command: String) -> String {
        let trimmed = command.trimmingASCIIWhitespaceForSummary()
        let firstLine = trimmed.prefix { $0 != "\n" && $0 != "\r" }
        var line = String(firstLine.prefix(120))
        if line.count < trimmed.count { line += " …" }
        return line
    }

    /// JSON tokens: strings with their quotes and escapes, punctuation, and literal words; nil
    /// when the text is not made of them.
    static func tokens(_ text: String) -> Tokens? {
        // Walked in UTF-8 bytes: every delimiter is ASCII, so each cut falls between characters
        // (and Character by Character, grapheme breaking was most of a long session's tool time).
        let bytes = Array(text.utf8)
        var ranges: [Range<Int>] = []
        let count = bytes.count
        let found = bytes.withUnsafeBufferPointer { bytes -> Bool in
            var i = 0
            while i < count {
                let c = bytes[i]
                if c == 0x20 || c == 0x0A || c == 0x09 || c == 0x0D { i += 1; continue }
                if c == 0x7B || c == 0x7D || c == 0x5B || c == 0x5D || c == 0x3A || c == 0x2C {  // { } [ ] : ,
                    ranges.append(i..<i + 1); i += 1; continue
                }
                if c == 0x22 {
                    var j = i + 1
                    var closed = false
                    while j < count {
                        let d = bytes[j]
                        if d == 0x5C { j += 1; if j < count { j += 1 }; continue }
                        if d == 0x0A { return false }
                        j += 1
                        if d == 0x22 { closed = true; break }
                    }
                    guard closed else { return false }
                    ranges.append(i..<j); i = j; continue
                }
                var j = i
                while j < count, case let ascii = bytes[j],
                    (ascii >= 0x30 && ascii <= 0x39) || (ascii >= 0x61 && ascii <= 0x7A) || ascii == 0x2E || ascii == 0x2B || ascii == 0x2D || ascii == 0x45
                {
                    j += 1
                }
                guard j > i else { return false }
                ranges.append(i..<j); i = j
            }
            return true
        }
        return found ? Tokens(bytes: bytes, ranges: ranges) : nil
    }

    /// The tokens indented; nil when brackets do not match. Written as UTF-8 into one buffer:
    /// every tool call's input on a page goes through it.
    static func indent(_ tokens: Tokens) -> String? {
        var out: [UInt8] = []
        out.reserveCapacity(tokens.bytes.count + tokens.count * 4)
        // The closing bracket each open one expects.
        var stack: [UInt8] = []
        var k = 0
        func newline() {
            out.append(0x0A)
            for _ in 0..<stack.count { out.append(0x20); out.append(0x20) }
        }
        while k < tokens.count {
            let range = tokens.ranges[k]
            let first = tokens.bytes[range.lowerBound]
            if range.count == 1 {
                switch first {
                case UInt8(ascii: "{"), UInt8(ascii: "["):
                    let close = first == UInt8(ascii: "{") ? UInt8(ascii: "}") : UInt8(ascii: "]")
                    stack.append(close)
                    out.append(first)
                    if k + 1 < tokens.count, tokens.isPunctuation(k + 1, close) {
                        out.append(close); stack.removeLast(); k += 2; continue
                    }
                    newline()
                    k += 1
                    continue
                case UInt8(ascii: "}"), UInt8(ascii: "]"):
                    guard stack.last == first else { return nil }
                    stack.removeLast()
                    newline()
                    out.append(first)
                    k += 1
                    continue
                case UInt8(ascii: ","):
                    guard !stack.isEmpty else { return nil }
                    out.append(first)
                    newline()
                    k += 1
                    continue
                case UInt8(ascii: ":"):
                    out.append(first); out.append(0x20)
                    k += 1
                    continue
                default: break
                }
            }
            out.append(contentsOf: tokens.bytes[range])
            k += 1
        }
        return stack.isEmpty ? String(decoding: out, as: UTF8.self) : nil
    }

    /// `"command": "…"` or `"command": ["bash", "-lc", "…"]` at the top level of an object.
    static func command(_ tokens: Tokens) -> String? {
        guard tokens.count > 0, tokens.isPunctuation(0, UInt8(ascii: "{")) else { return nil }
        let colon = UInt8(ascii: ":")
        var depth = 0
        var k = 0
        while k < tokens.count {
            depth += tokens.depthChange(k)
            if depth == 1, tokens.isName(k, "command") || tokens.isName(k, "cmd"), k + 2 < tokens.count, tokens.isPunctuation(k + 1, colon) {
                let value = k + 2
                if tokens.isString(value) { return tokens.decode(value) }
                if tokens.isPunctuation(value, UInt8(ascii: "[")) {
                    var words: [String] = []
                    var m = k + 3
                    while m < tokens.count, !tokens.isPunctuation(m, UInt8(ascii: "]")) {
                        if tokens.isString(m), let word = tokens.decode(m) {
                            words.append(word)
                        } else if !tokens.isPunctuation(m, UInt8(ascii: ",")) {
                            return nil
                        }
                        m += 1
                    }
                    if words.count == 3, ["bash", "sh", "zsh", "/bin/bash", "/bin/sh", "/bin/zsh"].contains(words[0]),
                        ["-c", "-lc", "-ic"].contains(words[1])
                    {
                        return words[2]
                    }
                    return words.isEmpty ? nil : words.joined(separator: " ")
                }
                return nil
            }
            k += 1
        }
        return nil
    }

    /// A JSON string token's value.
    static func decode(_ token: Substring) -> String? {
        // Most strings have no escapes: their value is what is between the quotes.
        // In bytes: the quotes are a byte each (as Characters, a mark after the opening quote
        // went with it).
        if !token.utf8.contains(UInt8(ascii: "\\")) { return String(decoding: token.utf8.dropFirst().dropLast(), as: UTF8.self) }
        var out = String.UnicodeScalarView()
        var scalars = token.unicodeScalars.dropFirst().dropLast().makeIterator()
        var pendingHigh: UInt32? = nil
        while let s = scalars.next() {
            guard s == "\\" else { out.append(s); continue }
            guard let e = scalars.next() else { return nil }
            switch e {
            case "n": out.append("\n")
            case "t": out.append("\t")
            case "r": out.append("\r")
            case "b", "f": break
            case "u":
                var value: UInt32 = 0
                for _ in 0..<4 {
                    guard let h = scalars.next(), let digit = UInt32(String(h), radix: 16) else { return nil }
                    value = value * 16 + digit
                }
                if value >= 0xD800 && value < 0xDC00 { pendingHigh = value; continue }
                if value >= 0xDC00 && value < 0xE000, let high = pendingHigh {
                    if let scalar = Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (value - 0xDC00)) { out.append(scalar) }
                } else if let scalar = Unicode.Scalar(value) {
                    out.append(scalar)
                }
                pendingHigh = nil
            default: out.append(e)  // \" \\ \/
            }
        }
        return String(out)
    }
}

extension String {
    /// Without leading and trailing spaces, tabs and line breaks.
    func trimmingASCIIWhitespaceForSummary() -> Substring {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\n" || $0 == "\t" || $0 == "\r" || $0 == "\r\n" }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else { return "" }
        return self[first...last]
    }
}
