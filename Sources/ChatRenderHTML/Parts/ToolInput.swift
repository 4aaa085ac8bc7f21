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
    var tokens: [Substring] = []

    init(_ text: String) {
        self.text = text
        self.pretty = text
        self.isJSON = false
        guard let tokens = ToolInput.tokens(text), let first = tokens.first, first == "{" || first == "[" else { return }
        guard let pretty = ToolInput.indent(tokens) else { return }
        self.isJSON = true
        self.pretty = pretty
        self.command = ToolInput.command(tokens)
        self.tokens = tokens
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
    static func tokens(_ text: String) -> [Substring]? {
        // Walked in UTF-8 bytes: every delimiter is ASCII, so each cut falls between characters
        // (and Character by Character, grapheme breaking was most of a long session's tool time).
        var tokens: [Substring] = []
        let bytes = text.utf8
        var i = bytes.startIndex
        while i < bytes.endIndex {
            let c = bytes[i]
            if c == 0x20 || c == 0x0A || c == 0x09 || c == 0x0D { i = bytes.index(after: i); continue }
            if c == 0x7B || c == 0x7D || c == 0x5B || c == 0x5D || c == 0x3A || c == 0x2C {   // { } [ ] : ,
                let next = bytes.index(after: i)
                tokens.append(text[i..<next]); i = next; continue
            }
            if c == 0x22 {
                var j = bytes.index(after: i)
                var closed = false
                while j < bytes.endIndex {
                    let d = bytes[j]
                    if d == 0x5C { j = bytes.index(after: j); if j < bytes.endIndex { j = bytes.index(after: j) }; continue }
                    if d == 0x0A { return nil }
                    j = bytes.index(after: j)
                    if d == 0x22 { closed = true; break }
                }
                guard closed else { return nil }
                tokens.append(text[i..<j]); i = j; continue
            }
            var j = i
            while j < bytes.endIndex, case let ascii = bytes[j],
                  (ascii >= 0x30 && ascii <= 0x39) || (ascii >= 0x61 && ascii <= 0x7A) || ascii == 0x2E || ascii == 0x2B || ascii == 0x2D || ascii == 0x45 {
                j = bytes.index(after: j)
            }
            guard j > i else { return nil }
            tokens.append(text[i..<j]); i = j
        }
        return tokens
    }

    /// The tokens indented; nil when brackets do not match. Written as UTF-8 into one buffer:
    /// every tool call's input on a page goes through it.
    static func indent(_ tokens: [Substring]) -> String? {
        var out: [UInt8] = []
        out.reserveCapacity(tokens.count * 8)
        // The closing bracket each open one expects.
        var stack: [UInt8] = []
        var k = 0
        func newline() {
            out.append(0x0A)
            for _ in 0..<stack.count { out.append(0x20); out.append(0x20) }
        }
        while k < tokens.count {
            let token = tokens[k]
            let first = token.utf8.first!
            if token.utf8.count == 1 {
                switch first {
                case UInt8(ascii: "{"), UInt8(ascii: "["):
                    let close = first == UInt8(ascii: "{") ? UInt8(ascii: "}") : UInt8(ascii: "]")
                    stack.append(close)
                    out.append(first)
                    if k + 1 < tokens.count, tokens[k + 1].utf8.count == 1, tokens[k + 1].utf8.first == close {
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
            // As one copy of its bytes (an append of the view is a byte-by-byte walk).
            if token.utf8.withContiguousStorageIfAvailable({ out.append(contentsOf: $0) }) == nil { out.append(contentsOf: token.utf8) }
            k += 1
        }
        return stack.isEmpty ? String(decoding: out, as: UTF8.self) : nil
    }

    // Tokens are compared in UTF-8 bytes: as Substrings each comparison went through the
    // Unicode-aware string comparison, most of a tool's input walk. The names and punctuation
    // compared are ASCII with no other canonically equal spelling, so the answers are the same.

    /// Whether `token` is the one-byte punctuation `byte` (`{ } [ ] : ,`).
    static func isPunctuation(_ token: Substring, _ byte: UInt8) -> Bool {
        let utf8 = token.utf8
        return utf8.count == 1 && utf8.first == byte
    }

    /// Whether `token` opens (`{`, `[`) or closes (`}`, `]`) a level.
    static func depthChange(_ token: Substring) -> Int {
        let utf8 = token.utf8
        guard utf8.count == 1, let byte = utf8.first else { return 0 }
        switch byte {
        case UInt8(ascii: "{"), UInt8(ascii: "["): return 1
        case UInt8(ascii: "}"), UInt8(ascii: "]"): return -1
        default: return 0
        }
    }

    /// Whether `token` is a JSON string (it starts with its quote).
    static func isString(_ token: Substring) -> Bool { token.utf8.first == UInt8(ascii: "\"") }

    /// Whether `token` is the string `"name"` written without escapes.
    static func isName(_ token: Substring, _ name: String) -> Bool {
        let utf8 = token.utf8
        guard utf8.count == name.utf8.count + 2, utf8.first == UInt8(ascii: "\""), utf8.last == UInt8(ascii: "\"") else { return false }
        return utf8.dropFirst().dropLast().elementsEqual(name.utf8)
    }

    /// `"command": "…"` or `"command": ["bash", "-lc", "…"]` at the top level of an object.
    static func command(_ tokens: [Substring]) -> String? {
        guard let first = tokens.first, isPunctuation(first, UInt8(ascii: "{")) else { return nil }
        let colon = UInt8(ascii: ":")
        var depth = 0
        var k = 0
        while k < tokens.count {
            let token = tokens[k]
            depth += depthChange(token)
            if depth == 1, isName(token, "command") || isName(token, "cmd"), k + 2 < tokens.count, isPunctuation(tokens[k + 1], colon) {
                let value = tokens[k + 2]
                if isString(value) { return decode(value) }
                if isPunctuation(value, UInt8(ascii: "[")) {
                    var words: [String] = []
                    var m = k + 3
                    while m < tokens.count, !isPunctuation(tokens[m], UInt8(ascii: "]")) {
                        if isString(tokens[m]), let word = decode(tokens[m]) { words.append(word) }
                        else if !isPunctuation(tokens[m], UInt8(ascii: ",")) { return nil }
                        m += 1
                    }
                    if words.count == 3, ["bash", "sh", "zsh", "/bin/bash", "/bin/sh", "/bin/zsh"].contains(words[0]),
                       ["-c", "-lc", "-ic"].contains(words[1]) { return words[2] }
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
