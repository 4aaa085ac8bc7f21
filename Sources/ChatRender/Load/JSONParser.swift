import Foundation

/// A strict RFC 8259 JSON parser that records the line and column of every value.
///
/// Foundation's decoders on Linux give no position for syntax errors and none at all for values;
/// chatrender's messages name `file:line:column`, so it parses JSON itself. It works on UTF-8 bytes,
/// copies string runs in bulk, and bounds nesting depth so hostile input cannot exhaust the stack.
public struct JSONParser {
    /// Limits that keep hostile input from exhausting the stack or memory.
    public struct Limits: Sendable {
        /// Deepest nesting of arrays and objects accepted.
        public var maxDepth: Int = 128
        public init(maxDepth: Int = 128) { self.maxDepth = maxDepth }
    }

    /// A syntax error with the 1-based position where it was found.
    public struct SyntaxError: Error, Sendable, Equatable {
        public var line: Int
        public var column: Int
        public var message: String
    }

    private let bytes: [UInt8]
    private var index = 0
    private let limits: Limits
    private var depth = 0
    // Position tracking: lines are counted as newlines pass; columns are counted lazily and
    // incrementally from the last point asked about, so minified one-line input stays linear.
    private var line = 1
    private var lineStart = 0
    private var columnCursor = 0
    private var columnAtCursor = 1

    /// Parses a whole document: one value, optionally surrounded by whitespace.
    public static func parse(_ bytes: [UInt8], limits: Limits = .init()) throws(SyntaxError) -> JSONNode {
        var parser = JSONParser(bytes: bytes, limits: limits)
        return try parser.parseDocument()
    }

    private init(bytes: [UInt8], limits: Limits) {
        self.bytes = bytes
        self.limits = limits
    }

    private mutating func parseDocument() throws(SyntaxError) -> JSONNode {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3; lineStart = 3; columnCursor = 3 }
        skipWhitespace()
        guard index < bytes.count else { throw error("the file is empty; expected a JSON value") }
        let node = try parseValue()
        skipWhitespace()
        if index < bytes.count { throw error("unexpected \(describeCurrent()) after the end of the JSON value") }
        return node
    }

    // MARK: Positions

    private mutating func columnOf(_ position: Int) -> Int {
        if columnCursor < lineStart || columnCursor > position {
            columnCursor = lineStart
            columnAtCursor = 1
        }
        var i = columnCursor
        var column = columnAtCursor
        while i < position {
            if bytes[i] & 0xC0 != 0x80 { column += 1 }
            i += 1
        }
        columnCursor = position
        columnAtCursor = column
        return column
    }

    private mutating func error(_ message: String, at position: Int? = nil) -> SyntaxError {
        let position = min(position ?? index, bytes.count)
        return SyntaxError(line: line, column: columnOf(position), message: message)
    }

    private func describeCurrent() -> String {
        guard index < bytes.count else { return "end of file" }
        let byte = bytes[index]
        if byte >= 0x21 && byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
        return byte < 0x80 ? "byte 0x\(String(byte, radix: 16, uppercase: true))" : "non-ASCII character"
    }

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0D: index += 1
            case 0x0A:
                index += 1
                line += 1
                lineStart = index
            default: return
            }
        }
    }

    // MARK: Values

    private mutating func parseValue() throws(SyntaxError) -> JSONNode {
        let start = index
        let startLine = line
        let startColumn = columnOf(start)
        guard index < bytes.count else { throw error("unexpected end of file; expected a JSON value") }
        let value: JSONNode.Value
        switch bytes[index] {
        case UInt8(ascii: "{"): value = try parseObject()
        case UInt8(ascii: "["): value = try parseArray()
        case UInt8(ascii: "\""): value = .string(try parseString())
        case UInt8(ascii: "t"): try expectLiteral("true"); value = .bool(true)
        case UInt8(ascii: "f"): try expectLiteral("false"); value = .bool(false)
        case UInt8(ascii: "n"): try expectLiteral("null"); value = .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): value = try parseNumber()
        default: throw error("unexpected \(describeCurrent()); expected a JSON value")
        }
        return JSONNode(value, line: startLine, column: startColumn)
    }

    private mutating func expectLiteral(_ literal: StaticString) throws(SyntaxError) {
        let count = literal.utf8CodeUnitCount
        let expected = UnsafeBufferPointer(start: literal.utf8Start, count: count)
        guard index + count <= bytes.count, bytes[index..<index + count].elementsEqual(expected) else {
            throw error("unexpected \(describeCurrent()); expected a JSON value")
        }
        index += count
    }

    private mutating func enter() throws(SyntaxError) {
        depth += 1
        if depth > limits.maxDepth { throw error("nesting is deeper than \(limits.maxDepth) levels") }
    }

    private mutating func parseObject() throws(SyntaxError) -> JSONNode.Value {
        try enter()
        index += 1
        var members: [(key: String, node: JSONNode)] = []
        // Duplicate names: a scan of the few members most objects have, a set once there are many.
        var seen: Set<String>? = nil
        skipWhitespace()
        if index < bytes.count && bytes[index] == UInt8(ascii: "}") {
            index += 1
            depth -= 1
            return .object(members)
        }
        while true {
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
                throw error("unexpected \(describeCurrent()); expected a member name in double quotes")
            }
            let keyStart = index
            let key = try parseString()
            let duplicate: Bool
            if members.count < 16 {
                duplicate = members.contains(where: { $0.key == key })
            } else {
                if seen == nil { seen = Set(members.map(\.key)) }
                duplicate = !seen!.insert(key).inserted
            }
            if duplicate {
                throw error("duplicate member name \"\(Self.clip(key))\"", at: keyStart)
            }
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else {
                throw error("unexpected \(describeCurrent()); expected ':' after the member name")
            }
            index += 1
            skipWhitespace()
            let node = try parseValue()
            members.append((key, node))
            skipWhitespace()
            guard index < bytes.count else { throw error("unexpected end of file; expected ',' or '}'") }
            if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
            if bytes[index] == UInt8(ascii: "}") { index += 1; break }
            throw error("unexpected \(describeCurrent()); expected ',' or '}'")
        }
        depth -= 1
        return .object(members)
    }

    private mutating func parseArray() throws(SyntaxError) -> JSONNode.Value {
        try enter()
        index += 1
        var elements: [JSONNode] = []
        skipWhitespace()
        if index < bytes.count && bytes[index] == UInt8(ascii: "]") {
            index += 1
            depth -= 1
            return .array(elements)
        }
        while true {
            skipWhitespace()
            elements.append(try parseValue())
            skipWhitespace()
            guard index < bytes.count else { throw error("unexpected end of file; expected ',' or ']'") }
            if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
            if bytes[index] == UInt8(ascii: "]") { index += 1; break }
            throw error("unexpected \(describeCurrent()); expected ',' or ']'")
        }
        depth -= 1
        return .array(elements)
    }

    private mutating func parseString() throws(SyntaxError) -> String {
        index += 1  // opening quote
        let contentStart = index
        var buffer: [UInt8] = []
        var runStart = index
        while true {
            // Skip the plain bytes of the run in one tight loop.
            index = bytes.withUnsafeBufferPointer { source in
                var i = index
                while i < source.count {
                    let byte = source[i]
                    if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte < 0x20 { break }
                    i += 1
                }
                return i
            }
            guard index < bytes.count else { throw error("unterminated string; expected a closing '\"'") }
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                let result: String
                if buffer.isEmpty {
                    result = try makeString(bytes[runStart..<index], sourceStart: contentStart)
                } else {
                    buffer.append(contentsOf: bytes[runStart..<index])
                    result = try makeString(buffer[...], sourceStart: contentStart)
                }
                index += 1
                return result
            }
            if byte == UInt8(ascii: "\\") {
                buffer.append(contentsOf: bytes[runStart..<index])
                try parseEscape(into: &buffer)
                runStart = index
                continue
            }
            if byte < 0x20 {
                throw error(byte == 0x0A ? "unterminated string; a line break must be written as \\n"
                                         : "control character 0x\(String(byte, radix: 16, uppercase: true)) in a string must be escaped")
            }
            index += 1
        }
    }

    private mutating func makeString(_ slice: ArraySlice<UInt8>, sourceStart: Int) throws(SyntaxError) -> String {
        // Decoding contiguous bytes takes the standard library's fast path (ASCII a word at a time);
        // it repairs rather than rejects, so the input was valid exactly when nothing changed.
        let decoded: String? = slice.withUnsafeBufferPointer { source in
            let string = String(decoding: source, as: UTF8.self)
            guard string.utf8.count == source.count else { return nil }
            guard let base = source.baseAddress else { return string }
            let same = string.utf8.withContiguousStorageIfAvailable { memcmp($0.baseAddress!, base, source.count) == 0 }
                ?? string.utf8.elementsEqual(source)
            return same ? string : nil
        }
        guard let string = decoded else {
            throw error("the string is not valid UTF-8", at: firstInvalidUTF8(from: sourceStart))
        }
        return string
    }

    /// Where the first malformed UTF-8 sequence starts in the source, from `start` to the closing
    /// quote (escapes produce valid UTF-8, so only raw bytes can be at fault).
    private func firstInvalidUTF8(from start: Int) -> Int {
        var i = start
        while i < bytes.count {
            let byte = bytes[i]
            if byte == UInt8(ascii: "\"") { return i }
            if byte < 0x80 { i += 1; continue }
            let length: Int
            switch byte {
            case 0xC2...0xDF: length = 2
            case 0xE0...0xEF: length = 3
            case 0xF0...0xF4: length = 4
            default: return i
            }
            guard i + length <= bytes.count,
                  let _ = String(validating: bytes[i..<i + length], as: UTF8.self) else { return i }
            i += length
        }
        return i
    }

    private mutating func parseEscape(into buffer: inout [UInt8]) throws(SyntaxError) {
        let escapeStart = index
        index += 1
        guard index < bytes.count else { throw error("unterminated escape sequence") }
        let byte = bytes[index]
        index += 1
        switch byte {
        case UInt8(ascii: "\""): buffer.append(0x22)
        case UInt8(ascii: "\\"): buffer.append(0x5C)
        case UInt8(ascii: "/"): buffer.append(0x2F)
        case UInt8(ascii: "b"): buffer.append(0x08)
        case UInt8(ascii: "f"): buffer.append(0x0C)
        case UInt8(ascii: "n"): buffer.append(0x0A)
        case UInt8(ascii: "r"): buffer.append(0x0D)
        case UInt8(ascii: "t"): buffer.append(0x09)
        case UInt8(ascii: "u"):
            var scalar = try parseHex4(escapeStart)
            if (0xD800...0xDBFF).contains(scalar) {
                guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") else {
                    throw error("lone high surrogate in \\u escape", at: escapeStart)
                }
                index += 2
                let low = try parseHex4(escapeStart)
                guard (0xDC00...0xDFFF).contains(low) else { throw error("invalid surrogate pair in \\u escape", at: escapeStart) }
                scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
            } else if (0xDC00...0xDFFF).contains(scalar) {
                throw error("lone low surrogate in \\u escape", at: escapeStart)
            }
            guard let unicode = Unicode.Scalar(scalar) else { throw error("invalid \\u escape", at: escapeStart) }
            buffer.append(contentsOf: Array(String(Character(unicode)).utf8))
        default:
            throw error("invalid escape sequence '\\\(Character(Unicode.Scalar(byte)))'", at: escapeStart)
        }
    }

    private mutating func parseHex4(_ escapeStart: Int) throws(SyntaxError) -> UInt32 {
        guard index + 4 <= bytes.count else { throw error("incomplete \\u escape; expected four hex digits", at: escapeStart) }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[index]
            let digit: UInt32
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
            default: throw error("invalid \\u escape; expected four hex digits", at: escapeStart)
            }
            value = value << 4 | digit
            index += 1
        }
        return value
    }

    private mutating func parseNumber() throws(SyntaxError) -> JSONNode.Value {
        let start = index
        var isInteger = true
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        guard index < bytes.count, Self.isDigit(bytes[index]) else { throw error("invalid number; expected a digit", at: index) }
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
            if index < bytes.count, Self.isDigit(bytes[index]) { throw error("invalid number; leading zeros are not allowed", at: start) }
        } else {
            while index < bytes.count, Self.isDigit(bytes[index]) { index += 1 }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            isInteger = false
            index += 1
            guard index < bytes.count, Self.isDigit(bytes[index]) else { throw error("invalid number; expected a digit after '.'") }
            while index < bytes.count, Self.isDigit(bytes[index]) { index += 1 }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            isInteger = false
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            guard index < bytes.count, Self.isDigit(bytes[index]) else { throw error("invalid number; expected a digit in the exponent") }
            while index < bytes.count, Self.isDigit(bytes[index]) { index += 1 }
        }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        guard let double = Double(text), double.isFinite else { throw error("number \(Self.clip(text)) is out of range", at: start) }
        return .number(double, integer: isInteger ? Int64(text) : nil)
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    static func clip(_ text: String) -> String { text.count > 40 ? String(text.prefix(40)) + "…" : text }
}
