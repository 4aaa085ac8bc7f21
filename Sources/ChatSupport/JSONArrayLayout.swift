import Foundation
import ChatModel

/// Where the elements of a large top-level array start and end, found by a quick structural scan
/// that skips strings and counts newlines, so each element can be parsed on its own thread with
/// the line and column the one-thread parse would give it.
///
/// The scan trusts the input: it checks nothing. It is sound because the parser checks every
/// element it parses from here ends exactly at the `,` or `]` the scan saw after it; an element
/// that does not, or any syntax error, sends the whole document back through the one-thread parse.
package struct JSONArrayLayout: Sendable {
    /// Offset of the opening `[`.
    package var open: Int
    /// The parser's nesting depth inside the array (1 for the document's own array).
    package var depth: Int
    /// Offset of each element's first byte, with its 1-based line and the offset where that line starts.
    package var starts: [Int] = []
    package var lines: [Int] = []
    package var lineStarts: [Int] = []
    /// Offset of the `,` or `]` after each element.
    package var ends: [Int] = []
    /// Offset of the closing `]`, with its line and the offset where that line starts.
    package var close = 0
    package var closeLine = 0
    package var closeLineStart = 0

    /// Arrays worth splitting, in source order: the document itself when it is an array, or the
    /// members of the document's object that are arrays, each with at least `minimumElements`.
    package static func scan(_ bytes: UnsafeBufferPointer<UInt8>, minimumElements: Int) -> [JSONArrayLayout] {
        var found: [JSONArrayLayout] = []
        guard let base = bytes.baseAddress else { return found }
        let count = bytes.count
        var i = byteOrderMarkLength(bytes)
        var line = 1
        var lineStart = i
        var depth = 0
        var rootIsObject = false
        var current = JSONArrayLayout(open: 0, depth: 0)
        var recording = false
        // After the '[' or a ',' of the recorded array, until the next byte that is not whitespace.
        var expectingElement = false
        // A ']' straight after a ',': the array is invalid, and the parser must find that itself.
        var broken = false
        while i < count {
            let byte = base[i]
            // Indentation is most of what lies between strings.
            if byte == 0x20 {
                i += 1
                continue
            }
            if expectingElement && byte != 0x0A && byte != 0x09 && byte != 0x0D {
                expectingElement = false
                if byte != UInt8(ascii: "]") {
                    current.starts.append(i)
                    current.lines.append(line)
                    current.lineStarts.append(lineStart)
                } else if !current.starts.isEmpty {
                    broken = true
                }
            }
            switch byte {
            case UInt8(ascii: "\""):
                i = skipString(base, from: i + 1, count: count)
                continue
            case 0x0A:
                line += 1
                lineStart = i + 1
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                depth += 1
                if depth == 1 { rootIsObject = byte == UInt8(ascii: "{") }
                if byte == UInt8(ascii: "["), !recording, depth == 1 || (depth == 2 && rootIsObject) {
                    current = JSONArrayLayout(open: i, depth: depth)
                    recording = true
                    expectingElement = true
                    broken = false
                }
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                if recording && depth == current.depth {
                    recording = false
                    expectingElement = false
                    if byte == UInt8(ascii: "]"), !broken, current.starts.count == current.ends.count + 1,
                        current.starts.count >= minimumElements
                    {
                        current.ends.append(i)
                        current.close = i
                        current.closeLine = line
                        current.closeLineStart = lineStart
                        found.append(current)
                    }
                    current = JSONArrayLayout(open: 0, depth: 0)
                }
                depth -= 1
                // The document's value has ended; whatever follows is the parser's to judge.
                if depth <= 0 { return found }
            case UInt8(ascii: ","):
                if recording && depth == current.depth {
                    current.ends.append(i)
                    expectingElement = true
                }
            default:
                break
            }
            i += 1
        }
        return found
    }

    /// The offset just past the string's closing quote (or the end of the input), skipping escapes.
    private static func skipString(_ base: UnsafePointer<UInt8>, from start: Int, count: Int) -> Int {
        // memchr (vectorised in the C library) finds the next quote, then the backslashes before
        // it; an escape past that quote means the quote was escaped, so look for the next one.
        // Each byte is looked at once by each search: linear however many escapes a string has.
        // This scan runs on one thread ahead of the parallel parse; eight bytes at a time it took
        // 2.6 instructions a byte.
        var i = start
        var quote = find(UInt8(ascii: "\""), base, from: i, count: count)
        while true {
            guard quote < count else { return count }
            let backslash = find(UInt8(ascii: "\\"), base, from: i, count: quote)
            if backslash == quote { return quote + 1 }
            i = backslash + 2  // the backslash and the byte it escapes
            if i > quote { quote = find(UInt8(ascii: "\""), base, from: i, count: count) }
        }
    }

    /// The offset of the first `byte` in `base[from..<count]`, or `count`.
    @inline(__always)
    private static func find(_ byte: UInt8, _ base: UnsafePointer<UInt8>, from: Int, count: Int) -> Int {
        guard from < count, let hit = memchr(base + from, Int32(byte), count - from) else { return count }
        return UnsafePointer(hit.assumingMemoryBound(to: UInt8.self)) - base
    }

    /// 3 when the input starts with a UTF-8 byte order mark, which is skipped and is not a column.
    package static func byteOrderMarkLength(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF ? 3 : 0
    }

    // MARK: Eight bytes at a time

    private static let ones: UInt64 = 0x0101_0101_0101_0101
    private static let highs: UInt64 = 0x8080_8080_8080_8080

    /// The high bit of each byte of `word` that is zero. Bytes above the lowest flagged one may be
    /// flagged wrongly (a borrow carries), so only the lowest flag is exact.
    @inline(__always)
    private static func zeroBytes(_ word: UInt64) -> UInt64 { (word &- ones) & ~word & highs }

    /// Flags bytes that are '"' or '\'; the lowest flag is exact.
    @inline(__always)
    package static func quoteOrBackslash(_ word: UInt64) -> UInt64 {
        zeroBytes(word ^ (ones &* 0x22)) | zeroBytes(word ^ (ones &* 0x5C))
    }

    /// Flags bytes that end a run of plain string content: '"', '\' or a control character below
    /// 0x20; the lowest flag is exact.
    @inline(__always)
    package static func stringStops(_ word: UInt64) -> UInt64 {
        quoteOrBackslash(word) | ((word &- ones &* 0x20) & ~word & highs)
    }
}
