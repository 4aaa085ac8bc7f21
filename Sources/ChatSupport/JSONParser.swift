import Foundation
import ChatModel

/// A strict RFC 8259 JSON parser that records the line and column of every value.
///
/// Foundation's decoders on Linux give no position for syntax errors and none at all for values;
/// chatrender's messages name `file:line:column`, so it parses JSON itself. It works on UTF-8 bytes,
/// scans strings and columns a word at a time, and bounds nesting depth so hostile input cannot
/// exhaust the stack. The elements of a large array are parsed on all cores (see
/// ``JSONArrayLayout``); any error sends the whole document back through the one-thread parse, so
/// messages and positions never depend on how the work was split.
package struct JSONParser {
    /// Limits that keep hostile input from exhausting the stack or memory.
    package struct Limits: Sendable {
        /// Deepest nesting of arrays and objects accepted.
        package var maxDepth: Int = 128
        package init(maxDepth: Int = 128) { self.maxDepth = maxDepth }
    }

    /// A syntax error with the 1-based position where it was found.
    package struct SyntaxError: Error, Sendable, Equatable {
        package var line: Int
        package var column: Int
        package var message: String
    }

    /// Documents smaller than this are parsed on one thread: the structural scan and the hand-off
    /// between threads only pay for themselves on large files.
    package static let parallelThreshold = 256 * 1024
    /// Arrays with fewer elements than this are parsed in line with the rest of the document.
    package static let minimumSplitElements = 64

    private let bytes: UnsafeBufferPointer<UInt8>
    private var index = 0
    private let limits: Limits
    private var depth = 0
    // Position tracking: lines are counted as newlines pass; columns are counted lazily and
    // incrementally from the last point asked about, so minified one-line input stays linear.
    private var line = 1
    private var lineStart = 0
    private var columnCursor = 0
    private var columnAtCursor = 1
    /// Whether every byte of the current line before `index` is ASCII (only a string can hold
    /// another): until one is not, a column is the byte offset from the line's start, asked for
    /// every value without counting. Cleared whenever that is not known (a split array's
    /// parsers, an error's position).
    private var lineIsASCII = true
    /// Arrays whose elements were already parsed on other threads, in source order; the parse
    /// takes each one when it reaches its opening bracket.
    private var splits: [SplitArray] = []
    private var nextSplit = 0
    /// Where strings with escapes are decoded; kept from string to string so it rarely grows.
    private let scratch = Scratch()

    /// Parses a whole document: one value, optionally surrounded by whitespace.
    package static func parse(_ bytes: [UInt8], limits: Limits = .init()) throws(SyntaxError) -> JSONNode {
        // Worker threads may have smaller stacks than the main thread: a deeper limit than the
        // default keeps the whole parse here.
        let split = ParallelChunks.cores > 1 && limits.maxDepth <= Limits().maxDepth
        return try parse(
            bytes, limits: limits, parallelThreshold: split ? parallelThreshold : .max,
            minimumElements: minimumSplitElements
        ).get()
    }

    /// ``parse(_:limits:)`` with the thresholds for splitting open to tests.
    package static func parse(
        _ bytes: [UInt8], limits: Limits, parallelThreshold: Int, minimumElements: Int,
        chunksPerArray: Int? = nil
    ) -> Result<JSONNode, SyntaxError> {
        bytes.withUnsafeBufferPointer { buffer in
            if buffer.count >= parallelThreshold,
                let node = parseSplittingArrays(
                    buffer, limits: limits, minimumElements: minimumElements,
                    chunksPerArray: chunksPerArray)
            {
                return .success(node)
            }
            return parseSerially(buffer, limits: limits)
        }
    }

    /// The whole document on this thread.
    package static func parseSerially(_ buffer: UnsafeBufferPointer<UInt8>, limits: Limits) -> Result<JSONNode, SyntaxError> {
        var parser = JSONParser(bytes: buffer, limits: limits)
        do {
            return .success(try parser.parseDocument())
        } catch {
            return .failure(error)
        }
    }

    /// The document with the elements of its large top-level arrays parsed concurrently, or nil
    /// when it has no such array or has an error anywhere (the one-thread parse then reports it).
    package static func parseSplittingArrays(
        _ buffer: UnsafeBufferPointer<UInt8>, limits: Limits, minimumElements: Int,
        chunksPerArray: Int? = nil
    ) -> JSONNode? {
        let layouts = JSONArrayLayout.scan(buffer, minimumElements: minimumElements)
        guard !layouts.isEmpty else { return nil }
        var splits: [SplitArray] = []
        splits.reserveCapacity(layouts.count)
        for layout in layouts {
            // An array nested deeper than the limit allows is left to the one-thread parse.
            guard layout.depth <= limits.maxDepth,
                let split = parseElements(of: layout, in: buffer, limits: limits, chunkCount: chunksPerArray)
            else { return nil }
            splits.append(split)
        }
        var parser = JSONParser(bytes: buffer, limits: limits)
        parser.splits = splits
        return try? parser.parseDocument()
    }

    private init(bytes: UnsafeBufferPointer<UInt8>, limits: Limits) {
        self.bytes = bytes
        self.limits = limits
    }

    private mutating func parseDocument() throws(SyntaxError) -> JSONNode {
        let bom = JSONArrayLayout.byteOrderMarkLength(bytes)
        index = bom; lineStart = bom; columnCursor = bom
        skipWhitespace()
        guard index < bytes.count else { throw error("the file is empty; expected a JSON value") }
        let node = try parseValue()
        skipWhitespace()
        if index < bytes.count { throw error("unexpected \(describeCurrent()) after the end of the JSON value") }
        return node
    }

    // MARK: Arrays split across threads

    /// An array whose elements were parsed ahead, with the position just after its closing bracket.
    private struct SplitArray {
        var open: Int
        var depth: Int
        var elements: [JSONNode]
        var close: Int
        var closeLine: Int
        var closeLineStart: Int
        /// A position whose column is known (from the last element's parse), to keep counting from.
        var columnCursor: Int
        var columnAtCursor: Int
    }

    /// The input, shared read-only with the worker threads while the caller keeps it alive.
    private struct SharedBytes: @unchecked Sendable { let buffer: UnsafeBufferPointer<UInt8> }

    private static func parseElements(
        of layout: JSONArrayLayout, in buffer: UnsafeBufferPointer<UInt8>, limits: Limits,
        chunkCount requested: Int?
    ) -> SplitArray? {
        let count = layout.starts.count
        let workers = ParallelChunks.cores
        // A few chunks per core so one chunk of long elements does not leave a core idle.
        let chunkCount = max(1, min(requested ?? workers * 8, count))
        let lowers = (0...chunkCount).map { count * $0 / chunkCount }
        // Each chunk's parser starts at the column of its first element, counted here once in
        // source order so a long minified line is not rescanned by every chunk.
        var counter = JSONParser(bytes: buffer, limits: limits)
        counter.lineIsASCII = false
        let columns = lowers.dropLast().map { first in
            counter.lineStart = layout.lineStarts[first]
            return counter.columnOf(layout.starts[first])
        }
        let shared = SharedBytes(buffer: buffer)
        // Each chunk: its elements (nil when one failed to parse) and where its parser last knew a column.
        let results = ParallelChunks.map(chunkCount, placeholder: ([JSONNode]?.none, (position: 0, column: 1))) { chunk in
            var parser = JSONParser(bytes: shared.buffer, limits: limits)
            parser.lineIsASCII = false
            parser.depth = layout.depth
            let lower = lowers[chunk], upper = lowers[chunk + 1]
            parser.columnCursor = layout.starts[lower]
            parser.columnAtCursor = columns[chunk]
            var elements: [JSONNode] = []
            elements.reserveCapacity(upper - lower)
            for element in lower..<upper {
                parser.index = layout.starts[element]
                parser.line = layout.lines[element]
                parser.lineStart = layout.lineStarts[element]
                guard let node = try? parser.parseValue() else { return (nil, (0, 1)) }
                parser.skipWhitespace()
                // The element must end exactly where the scan saw its ',' or ']'; then the array
                // as a whole is valid and each element parsed as it would have in line.
                guard parser.index == layout.ends[element] else { return (nil, (0, 1)) }
                elements.append(node)
            }
            return (elements, (parser.columnCursor, parser.columnAtCursor))
        }
        var elements: [JSONNode] = []
        elements.reserveCapacity(count)
        for chunk in 0..<chunkCount {
            guard let parsed = results[chunk].0 else { return nil }
            elements.append(contentsOf: parsed)
        }
        let last = results[chunkCount - 1].1
        return SplitArray(
            open: layout.open, depth: layout.depth, elements: elements, close: layout.close,
            closeLine: layout.closeLine, closeLineStart: layout.closeLineStart,
            columnCursor: last.position, columnAtCursor: last.column)
    }

    /// The parsed elements of the array that opens at the current index, if it was split.
    private mutating func takeSplit() throws(SyntaxError) -> [JSONNode]? {
        while nextSplit < splits.count, splits[nextSplit].open < index { nextSplit += 1 }
        guard nextSplit < splits.count, splits[nextSplit].open == index else { return nil }
        let split = splits[nextSplit]
        nextSplit += 1
        // The scan and the parse agree on depth whenever the text before the array is valid.
        guard split.depth == depth else { throw error("internal: split array at an unexpected depth") }
        index = split.close + 1
        line = split.closeLine
        lineStart = split.closeLineStart
        lineIsASCII = false
        if split.columnCursor >= lineStart && split.columnCursor <= index {
            columnCursor = split.columnCursor
            columnAtCursor = split.columnAtCursor
        }
        return split.elements
    }

    // MARK: Positions

    private mutating func columnOf(_ position: Int) -> Int {
        if lineIsASCII { return position - lineStart + 1 }
        if columnCursor < lineStart || columnCursor > position {
            columnCursor = lineStart
            columnAtCursor = 1
        }
        var i = columnCursor
        var column = columnAtCursor
        // Every byte that does not continue a UTF-8 sequence starts a new scalar: count them a word
        // at a time (a continuation byte is 10xxxxxx).
        if position - i >= 8, let base = bytes.baseAddress {
            var continuations = 0
            let wordsEnd = position - 8
            while i <= wordsEnd {
                let word = UInt64(littleEndian: UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self))
                continuations += (word & ~(word << 1) & 0x8080_8080_8080_8080).nonzeroBitCount
                i += 8
            }
            column += (i - columnCursor) - continuations
        }
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
        // Inside a string, a byte before the error may not be ASCII yet: counted.
        lineIsASCII = false
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
                lineIsASCII = true
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
                // Lengths first: most names differ in length, and comparing those costs nothing.
                let length = key.utf8.count
                duplicate = members.contains(where: { $0.key.utf8.count == length && $0.key == key })
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
            if members.isEmpty { members.reserveCapacity(4) }
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
        if nextSplit < splits.count, let elements = try takeSplit() {
            depth -= 1
            return .array(elements)
        }
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

    /// A growable byte buffer without the checks of `Array`: escapes split strings into many short
    /// runs, and appending each to an array cost more than the rest of the string's parse.
    private final class Scratch {
        private(set) var base: UnsafeMutablePointer<UInt8>
        private var capacity = 1024
        var count = 0

        init() { base = .allocate(capacity: capacity) }
        deinit { base.deallocate() }

        var bytes: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: base, count: count) }

        func append(_ run: UnsafeBufferPointer<UInt8>) {
            guard let source = run.baseAddress, run.count > 0 else { return }
            if count + run.count > capacity { grow(to: count + run.count) }
            (base + count).initialize(from: source, count: run.count)
            count += run.count
        }

        func append(_ scalar: Unicode.Scalar) {
            if count + 4 > capacity { grow(to: count + 4) }
            if scalar.value < 0x80 {
                base[count] = UInt8(scalar.value)
                count += 1
            } else {
                for byte in UTF8.encode(scalar)! {
                    base[count] = byte
                    count += 1
                }
            }
        }

        private func grow(to minimum: Int) {
            capacity = max(minimum, capacity * 2)
            let larger = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
            larger.initialize(from: base, count: count)
            base.deallocate()
            base = larger
        }
    }

    private mutating func parseString() throws(SyntaxError) -> String {
        index += 1  // opening quote
        let contentStart = index
        var escaped = false
        var runStart = index
        // The OR of every raw byte: below 0x80 means plain ASCII, which needs no UTF-8 check.
        var seen: UInt64 = 0
        while true {
            // Skip the plain bytes of the run a word at a time, then byte by byte near the end.
            var i = index
            if let base = bytes.baseAddress {
                let wordsEnd = bytes.count - 8
                while i <= wordsEnd {
                    let word = UInt64(littleEndian: UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self))
                    let stops = JSONArrayLayout.stringStops(word)
                    if stops != 0 {
                        let offset = stops.trailingZeroBitCount >> 3
                        // Only the bytes before the stop belong to the run.
                        seen |= offset == 0 ? 0 : word & (~UInt64(0) >> UInt64(64 - 8 * offset))
                        i += offset
                        break
                    }
                    seen |= word
                    i += 8
                }
            }
            while i < bytes.count {
                let byte = bytes[i]
                if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte < 0x20 { break }
                seen |= UInt64(byte)
                i += 1
            }
            index = i
            guard index < bytes.count else { throw error("unterminated string; expected a closing '\"'") }
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                let result: String
                if !escaped {
                    let run = UnsafeBufferPointer(rebasing: bytes[runStart..<index])
                    if seen & 0x8080_8080_8080_8080 == 0 {
                        result = String(decoding: run, as: UTF8.self)
                    } else {
                        result = try makeString(run, sourceStart: contentStart)
                    }
                } else {
                    scratch.append(UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
                    result = try makeString(scratch.bytes, sourceStart: contentStart)
                }
                index += 1
                if seen & 0x8080_8080_8080_8080 != 0 { lineIsASCII = false }
                // An ASCII string's columns are its bytes: the column after it is known without
                // counting its scalars again when the next value asks.
                if seen & 0x8080_8080_8080_8080 == 0 && index - contentStart >= 16 {
                    let column = columnOf(contentStart - 1)
                    columnCursor = index
                    columnAtCursor = column + (index - contentStart + 1)
                }
                return result
            }
            if byte == UInt8(ascii: "\\") {
                if !escaped {
                    scratch.count = 0
                    escaped = true
                }
                scratch.append(UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
                scratch.append(try parseEscape())
                runStart = index
                continue
            }
            throw error(
                byte == 0x0A
                    ? "unterminated string; a line break must be written as \\n"
                    : "control character 0x\(String(byte, radix: 16, uppercase: true)) in a string must be escaped")
        }
    }

    private mutating func makeString(_ run: UnsafeBufferPointer<UInt8>, sourceStart: Int) throws(SyntaxError) -> String {
        guard let string = String(validating: run, as: UTF8.self) else {
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
                String(validating: bytes[i..<i + length], as: UTF8.self) != nil
            else { return i }
            i += length
        }
        return i
    }

    /// The scalar an escape stands for; `index` is at its backslash.
    private mutating func parseEscape() throws(SyntaxError) -> Unicode.Scalar {
        let escapeStart = index
        index += 1
        guard index < bytes.count else { throw error("unterminated escape sequence") }
        let byte = bytes[index]
        index += 1
        switch byte {
        case UInt8(ascii: "\""): return "\""
        case UInt8(ascii: "\\"): return "\\"
        case UInt8(ascii: "/"): return "/"
        case UInt8(ascii: "b"): return "\u{08}"
        case UInt8(ascii: "f"): return "\u{0C}"
        case UInt8(ascii: "n"): return "\n"
        case UInt8(ascii: "r"): return "\r"
        case UInt8(ascii: "t"): return "\t"
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
            return unicode
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
        let negative = bytes[index] == UInt8(ascii: "-")
        if negative { index += 1 }
        guard index < bytes.count, Self.isDigit(bytes[index]) else { throw error("invalid number; expected a digit", at: index) }
        let digitsStart = index
        // Up to 18 digits fit in Int64 whatever they are; the common small integer needs no text.
        var magnitude: Int64 = 0
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
            if index < bytes.count, Self.isDigit(bytes[index]) { throw error("invalid number; leading zeros are not allowed", at: start) }
        } else {
            while index < bytes.count, Self.isDigit(bytes[index]) {
                if index - digitsStart < 18 { magnitude = magnitude &* 10 &+ Int64(bytes[index] &- UInt8(ascii: "0")) }
                index += 1
            }
        }
        let digitCount = index - digitsStart
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
        if isInteger && digitCount <= 18 {
            // Int64 to Double rounds to nearest, as reading the text would; "-0" keeps its sign.
            let integer = negative ? -magnitude : magnitude
            return .number(negative && magnitude == 0 ? -0.0 : Double(integer), integer: integer)
        }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
        guard let double = Double(text), double.isFinite else { throw error("number \(Self.clip(text)) is out of range", at: start) }
        return .number(double, integer: isInteger ? Int64(text) : nil)
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    package static func clip(_ text: String) -> String { text.count > 40 ? String(text.prefix(40)) + "…" : text }
}
