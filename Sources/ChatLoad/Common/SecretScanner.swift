/// Finds every ``SecretFormat`` in a text in one pass over its bytes: at each place a word
/// starts, only the formats that can begin with that byte are tried, and the longest match wins
/// (a GitLab token with its routing suffix over the same token without it). A hundred formats
/// cost one look-up per byte, not a hundred searches.
enum SecretScanner {
    /// A format found: its byte range in the text and which format.
    struct Match {
        var range: Range<Int>
        var format: Int
    }

    /// For each byte, the formats (indices into ``SecretFormats/all``) that can start with it.
    static let candidates: [[Int]] = {
        var table = [[Int]](repeating: [], count: 256)
        for (index, format) in SecretFormats.all.enumerated() {
            for byte in format.firstBytes { table[Int(byte)].append(index) }
        }
        return table
    }()

    static func scan(_ bytes: UnsafeBufferPointer<UInt8>) -> [Match] {
        var matches: [Match] = []
        let formats = SecretFormats.all
        var index = 0
        let count = bytes.count
        while index < count {
            let candidates = Self.candidates[Int(bytes[index])]
            if candidates.isEmpty || !startsWord(bytes, at: index) {
                index += 1
                continue
            }
            var best: Match? = nil
            for candidate in candidates {
                if let length = formats[candidate].match(bytes, at: index), length > (best?.range.count ?? 0) {
                    best = Match(range: index..<(index + length), format: candidate)
                }
            }
            if let best {
                matches.append(best)
                index = best.range.upperBound
            } else {
                index += 1
            }
        }
        return matches
    }

    /// A word starts here: at the text's start, after a byte that is not a letter, digit or `_`,
    /// or right after an escape such as `\n` in JSON printed as text.
    static func startsWord(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Bool {
        guard index > 0 else { return true }
        let before = bytes[index - 1]
        if !ByteClass.word.contains(before) { return true }
        if index >= 2, bytes[index - 2] == UInt8(ascii: "\\"), before == UInt8(ascii: "n") || before == UInt8(ascii: "r") || before == UInt8(ascii: "t") {
            return true
        }
        return false
    }
}
