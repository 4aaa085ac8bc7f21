import CPlatform

/// SHA-256 (FIPS 180-4), for content-hash asset names and Content-Security-Policy hashes.
/// The toolchain on Linux has no hashing API and the package takes no dependencies.
package struct SHA256: Sendable {
    private var state: [UInt32] = [0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19]
    private var buffer: [UInt8] = []
    private var length: UInt64 = 0

    package init() {}

    /// The digest of `bytes` in one call.
    package static func hash<C: Collection>(_ bytes: C) -> [UInt8] where C.Element == UInt8 {
        var hasher = SHA256()
        hasher.update(Array(bytes))
        return hasher.finalize()
    }

    package mutating func update(_ bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { update($0) }
    }

    /// Hashes bytes in place: whole 64-byte blocks straight from the caller's buffer.
    package mutating func update(_ bytes: UnsafeBufferPointer<UInt8>) {
        length &+= UInt64(bytes.count)
        var offset = 0
        if !buffer.isEmpty {
            let take = min(64 - buffer.count, bytes.count)
            buffer.append(contentsOf: bytes[0..<take])
            offset = take
            if buffer.count == 64 {
                buffer.withUnsafeBufferPointer { compress($0.baseAddress!) }
                buffer.removeAll(keepingCapacity: true)
            }
        }
        if let base = bytes.baseAddress, bytes.count - offset >= 64 {
            let blocks = (bytes.count - offset) / 64
            compress(base + offset, count: blocks)
            offset += blocks * 64
        }
        if offset < bytes.count { buffer.append(contentsOf: bytes[offset...]) }
    }

    package mutating func finalize() -> [UInt8] {
        let bitLength = length &* 8
        var tail = buffer
        tail.append(0x80)
        while tail.count % 64 != 56 { tail.append(0) }
        for shift in stride(from: 56, through: 0, by: -8) { tail.append(UInt8(truncatingIfNeeded: bitLength >> UInt64(shift))) }
        tail.withUnsafeBufferPointer { t in
            compress(t.baseAddress!, count: t.count / 64)
        }
        var out: [UInt8] = []
        out.reserveCapacity(32)
        for word in state { for shift in [24, 16, 8, 0] { out.append(UInt8(truncatingIfNeeded: word >> UInt32(shift))) } }
        return out
    }

    /// `count` 64-byte blocks, in C: with the processor's SHA instructions where it has them,
    /// which matters for the megabytes of every photo source hashed for its content name.
    private mutating func compress(_ blocks: UnsafePointer<UInt8>, count: Int = 1) {
        state.withUnsafeMutableBufferPointer { cplatform_sha256_blocks($0.baseAddress!, blocks, count) }
    }
}

package extension Array where Element == UInt8 {
    /// Lower-case hex.
    var hexString: String {
        let digits = Array("0123456789abcdef".utf8)
        var out = [UInt8]()
        out.reserveCapacity(count * 2)
        for byte in self { out.append(digits[Int(byte >> 4)]); out.append(digits[Int(byte & 15)]) }
        return String(decoding: out, as: UTF8.self)
    }

    /// Standard base64 with padding, for CSP hash sources.
    var base64String: String {
        let table = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)
        var out = [UInt8]()
        var i = 0
        while i + 3 <= count {
            let n = UInt32(self[i]) << 16 | UInt32(self[i + 1]) << 8 | UInt32(self[i + 2])
            out += [table[Int(n >> 18 & 63)], table[Int(n >> 12 & 63)], table[Int(n >> 6 & 63)], table[Int(n & 63)]]
            i += 3
        }
        let rest = count - i
        if rest == 1 {
            let n = UInt32(self[i]) << 16
            out += [table[Int(n >> 18 & 63)], table[Int(n >> 12 & 63)], UInt8(ascii: "="), UInt8(ascii: "=")]
        } else if rest == 2 {
            let n = UInt32(self[i]) << 16 | UInt32(self[i + 1]) << 8
            out += [table[Int(n >> 18 & 63)], table[Int(n >> 12 & 63)], table[Int(n >> 6 & 63)], UInt8(ascii: "=")]
        }
        return String(decoding: out, as: UTF8.self)
    }
}
