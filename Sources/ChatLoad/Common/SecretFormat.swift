/// One published token format: what it is, what kind of credential, and its shape as a run of
/// pieces (a literal prefix, then runs of characters of an alphabet, with their lengths), as the
/// issuers document them and secret scanners (gitleaks' default rules, detect-secrets' plugins)
/// recognise them.
///
/// A format matches where a word starts (the byte before is not a letter, digit or `_`, or is the
/// `n`, `r` or `t` of an escape such as `\n`), and only as a whole: a run longer than its format
/// allows is some other text, not this token.
package struct SecretFormat: Sendable {
    /// "GitHub personal access token": named in the report, never the value.
    package let name: String
    package let kind: RedactionKind
    let pieces: [Piece]
    /// The check the token carries, when its format has one.
    package let checksum: TokenChecksum?
    /// Only a match with a digit in it (a generic prefix such as `sk-` is also English).
    let needsDigit: Bool

    /// A literal, or a run of `min...max` characters of `alphabet`.
    enum Piece: Sendable {
        case literal([UInt8])
        case run(ByteClass, min: Int, max: Int)
    }

    init(_ name: String, _ kind: RedactionKind, _ pieces: [Piece], checksum: TokenChecksum? = nil, needsDigit: Bool = false) {
        self.name = name
        self.kind = kind
        self.pieces = pieces
        self.checksum = checksum
        self.needsDigit = needsDigit
    }

    /// A prefix followed by one run: the shape of most formats.
    init(
        _ name: String, _ kind: RedactionKind, prefix: String, _ alphabet: ByteClass, _ count: ClosedRange<Int>,
        checksum: TokenChecksum? = nil, needsDigit: Bool = false
    ) {
        self.init(
            name, kind, [.literal(Array(prefix.utf8)), .run(alphabet, min: count.lowerBound, max: count.upperBound)], checksum: checksum, needsDigit: needsDigit
        )
    }

    /// The bytes a match can start with.
    var firstBytes: [UInt8] {
        switch pieces[0] {
        case .literal(let bytes): [bytes[0]]
        case .run(let alphabet, _, _): (0...255).map(UInt8.init).filter(alphabet.contains)
        }
    }

    /// A digit, or capitals and small letters both: not a word cut short ("pattern…").
    static func looksRandom(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Bool {
        let run = range.map { bytes[$0] }
        return run.contains(where: ByteClass.digits.contains)
            || (run.contains(where: ByteClass.upper.contains) && run.contains(where: ByteClass.lower.contains))
    }

    /// Whether `…` (or `...`) starts at `index`.
    static func ellipsis(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Bool {
        guard bytes.count - index >= 3 else { return false }
        return (bytes[index] == 0xE2 && bytes[index + 1] == 0x80 && bytes[index + 2] == 0xA6)
            || (bytes[index] == UInt8(ascii: ".") && bytes[index + 1] == UInt8(ascii: ".") && bytes[index + 2] == UInt8(ascii: "."))
    }

    /// The length of this format's match starting at `start`, or nil.
    func match(_ bytes: UnsafeBufferPointer<UInt8>, at start: Int) -> Int? {
        var index = start
        let end = bytes.count
        var lastAlphabet: ByteClass? = nil
        for piece in pieces {
            switch piece {
            case .literal(let literal):
                guard end - index >= literal.count else { return nil }
                for (offset, byte) in literal.enumerated() where bytes[index + offset] != byte { return nil }
                index += literal.count
                lastAlphabet = nil
            case .run(let alphabet, let min, let max):
                var count = 0
                while count < max && index < end && alphabet.contains(bytes[index]) {
                    index += 1
                    count += 1
                }
                if count < min {
                    // A token cut short where a title or a summary was shortened ("ghp_x3Fq…"):
                    // what is left after its prefix is still part of the secret.
                    guard case .literal = pieces[0], count >= 6, Self.ellipsis(bytes, at: index), Self.looksRandom(bytes, index - count..<index)
                    else { return nil }
                    return index - start
                }
                lastAlphabet = alphabet
            }
        }
        // The whole token, not the start of a longer word.
        if let lastAlphabet, index < end, lastAlphabet.contains(bytes[index]) { return nil }
        if lastAlphabet == nil, index < end, ByteClass.word.contains(bytes[index]) { return nil }
        if needsDigit, !(start..<index).contains(where: { ByteClass.digits.contains(bytes[$0]) }) { return nil }
        return index - start
    }
}

/// A set of ASCII bytes, tested in one step.
package struct ByteClass: Sendable, Equatable {
    private var low: UInt64 = 0
    private var high: UInt64 = 0

    init(_ characters: String) {
        for byte in characters.utf8 where byte < 128 {
            if byte < 64 { low |= 1 << UInt64(byte) } else { high |= 1 << UInt64(byte - 64) }
        }
    }

    func contains(_ byte: UInt8) -> Bool {
        byte < 64 ? (low >> UInt64(byte)) & 1 == 1 : byte < 128 ? (high >> UInt64(byte - 64)) & 1 == 1 : false
    }

    static func + (a: ByteClass, b: ByteClass) -> ByteClass {
        var sum = a
        sum.low |= b.low
        sum.high |= b.high
        return sum
    }

    static let lower = ByteClass("abcdefghijklmnopqrstuvwxyz")
    static let upper = ByteClass("ABCDEFGHIJKLMNOPQRSTUVWXYZ")
    static let digits = ByteClass("0123456789")
    static let letters = lower + upper
    static let alnum = letters + digits
    static let upperDigits = upper + digits
    static let lowerDigits = lower + digits
    static let hexLower = digits + ByteClass("abcdef")
    static let hex = hexLower + ByteClass("ABCDEF")
    static let word = alnum + ByteClass("_")
    static let wordDash = word + ByteClass("-")
    static let base64 = alnum + ByteClass("+/")
    static let base32Upper = upper + ByteClass("234567")
    static let bech32Upper = ByteClass("QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L")
}
