extension String {
    /// The text with CR LF and lone CR line ends made LF.
    package func replacingCRLF() -> String {
        var out = ""
        out.reserveCapacity(utf8.count)
        var previousCR = false
        for scalar in unicodeScalars {
            if scalar == "\r" { out.unicodeScalars.append("\n"); previousCR = true; continue }
            if scalar == "\n" && previousCR { previousCR = false; continue }
            previousCR = false
            out.unicodeScalars.append(scalar)
        }
        return out
    }
}

extension StringProtocol {
    /// Whether `needle` occurs in the string, compared byte for byte in UTF-8. With Foundation
    /// imported, `contains("x")` is Foundation's substring search, which converts to UTF-16 first:
    /// this is the one to use on hot paths (every turn, every tool result).
    package func containsBytes(_ needle: String) -> Bool { utf8Offset(of: needle) != nil }

    /// Where `needle` first occurs, in UTF-8 bytes from the start; nil when it does not.
    package func utf8Offset(of needle: String) -> Int? {
        let n = Array(needle.utf8)
        guard let first = n.first else { return 0 }
        func search(_ hay: UnsafeBufferPointer<UInt8>) -> Int? {
            guard hay.count >= n.count else { return nil }
            var i = 0
            let last = hay.count - n.count
            while i <= last {
                guard let at = hay[i...last].firstIndex(of: first) else { return nil }
                if hay[(at + 1)..<(at + n.count)].elementsEqual(n.dropFirst()) { return at }
                i = at + 1
            }
            return nil
        }
        // Native strings are contiguous UTF-8; a bridged one is searched in a copy.
        return utf8.withContiguousStorageIfAvailable(search) ?? Array(utf8).withUnsafeBufferPointer(search)
    }
}

extension String {
    /// `split(separator: "\n", omittingEmptySubsequences:)`, the same pieces, found in the UTF-8
    /// bytes rather than Character by Character: a line feed is a Character of its own except
    /// right after a carriage return (`\r\n` is one Character), so that is where it cuts.
    package func splitLines(omittingEmptySubsequences: Bool = true) -> [Substring] {
        var offsets: [(Int, Int)] = []
        let found: Void? = utf8.withContiguousStorageIfAvailable { bytes in
            var start = 0
            var previous: UInt8 = 0
            for i in 0..<bytes.count {
                let byte = bytes[i]
                if byte == 0x0A && previous != 0x0D {
                    if !omittingEmptySubsequences || i > start { offsets.append((start, i)) }
                    start = i + 1
                }
                previous = byte
            }
            if !omittingEmptySubsequences || bytes.count > start { offsets.append((start, bytes.count)) }
        }
        guard found != nil else { return split(separator: "\n", omittingEmptySubsequences: omittingEmptySubsequences) }
        let utf8 = self.utf8
        return offsets.map { start, end in
            self[utf8.index(startIndex, offsetBy: start)..<utf8.index(startIndex, offsetBy: end)]
        }
    }
}
