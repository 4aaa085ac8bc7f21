/// Byte tests the scanners share. Bytes from 0x80 up are parts of non-ASCII characters: they
/// count as letters, so a name in any script stays one token and no character is ever split.
enum ByteClass {
    @inline(__always) static func isLetter(_ byte: UInt8) -> Bool {
        (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
    }
    @inline(__always) static func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }
    @inline(__always) static func isIdentifierStart(_ byte: UInt8) -> Bool {
        isLetter(byte) || byte == UInt8(ascii: "_") || byte >= 0x80
    }
    @inline(__always) static func isIdentifier(_ byte: UInt8) -> Bool {
        isIdentifierStart(byte) || isDigit(byte)
    }
    @inline(__always) static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0D || byte == 0x0C
    }
    @inline(__always) static func isUpper(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z")
    }
    @inline(__always) static func isLower(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")
    }
}

extension UnsafeBufferPointer<UInt8> {
    /// The byte at `index`, or 0 past `end` (0 matches no rule, so look-ahead needs no bounds checks).
    @inline(__always) func at(_ index: Int, _ end: Int) -> UInt8 { index < end ? self[index] : 0 }

    /// Whether `self[index...]` starts with `literal` within `end`.
    func has(_ literal: StaticString, at index: Int, _ end: Int, ignoringCase: Bool = false) -> Bool {
        let count = literal.utf8CodeUnitCount
        guard index + count <= end else { return false }
        let bytes = literal.utf8Start
        for k in 0..<count {
            let a = self[index + k], b = bytes[k]
            if a != b && !(ignoringCase && ByteClass.isLetter(a) && (a | 0x20) == (b | 0x20)) { return false }
        }
        return true
    }

    /// The end of the line holding `index`: the index of its `\n`, or `end`.
    func lineEnd(from index: Int, _ end: Int) -> Int {
        HighlightWriter.newline(in: self, index, end) ?? end
    }
}
