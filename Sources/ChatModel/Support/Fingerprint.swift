/// A SHA-256 over a sequence of fields, each prefixed with its length, so no two different
/// sequences give the same bytes ("ab" + "c" is not "a" + "bc"). Keys the render cache: a page is
/// reused only when every field it was made from is the same. Fields are gathered in one buffer
/// and hashed once, at the end.
package struct Fingerprint: Sendable {
    private var bytes: [UInt8] = []

    package init(_ label: String) {
        bytes.reserveCapacity(4096)
        add(label)
    }

    package mutating func add(_ text: String) {
        var text = text
        text.withUTF8 { utf8 in
            add(utf8.count)
            bytes.append(contentsOf: utf8)
        }
    }

    package mutating func add(_ more: [UInt8]) {
        add(more.count)
        bytes.append(contentsOf: more)
    }

    package mutating func add(_ number: Int) {
        var value = UInt64(bitPattern: Int64(number))
        for _ in 0..<8 { bytes.append(UInt8(truncatingIfNeeded: value)); value >>= 8 }
    }

    package mutating func add(_ flag: Bool) { bytes.append(flag ? 1 : 0) }

    /// 32 hex digits.
    package func finish() -> String {
        String(SHA256.hash(bytes).hexString.prefix(32))
    }
}
