import Foundation

/// `trimmingCharacters(in:)` and a blank check without Foundation's round trip through
/// UTF-16 (it copies the whole string twice, which was a tenth of reading a ChatGPT export).
/// The same characters are trimmed: ASCII is looked up in a table made from the set itself,
/// anything else asks the set.
package struct TrimSet: Sendable {
    let set: CharacterSet
    private let ascii: [Bool]

    package init(_ set: CharacterSet) {
        self.set = set
        ascii = (0..<128).map { set.contains(Unicode.Scalar(UInt8($0))) }
    }

    @inline(__always) func contains(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 128 ? ascii[Int(scalar.value)] : set.contains(scalar)
    }

    package static let whitespacesAndNewlines = TrimSet(.whitespacesAndNewlines)
    package static let whitespaces = TrimSet(.whitespaces)
    package static let newlines = TrimSet(.newlines)
}

extension StringProtocol {
    /// The string less the characters of `set` at both ends.
    package func trimming(_ set: TrimSet) -> String {
        let whole = String(self)
        let scalars = whole.unicodeScalars
        guard let first = scalars.firstIndex(where: { !set.contains($0) }) else { return "" }
        let last = scalars.lastIndex(where: { !set.contains($0) })!
        if first == scalars.startIndex && scalars.index(after: last) == scalars.endIndex { return whole }
        // By scalars, as Foundation trims: a combining mark after a trimmed space stays.
        return String(Substring(scalars[first...last]))
    }

    /// Whether the string holds only characters of `set` (or nothing).
    package func isBlank(_ set: TrimSet = .whitespacesAndNewlines) -> Bool {
        unicodeScalars.allSatisfy(set.contains)
    }
}
