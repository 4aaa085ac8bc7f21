/// The checks some token formats carry inside them, so a scanner can tell a real token from
/// text of the same shape. `--redact` masks by shape either way; the report says whether the
/// check held, which tells a person a live token from an example in documentation.
package enum TokenChecksum: Sendable {
    /// GitHub's tokens (`ghp_`, `gho_`, `ghu_`, `ghs_`, `ghr_`) and npm's (`npm_`): after the
    /// four-character prefix, 30 random base62 characters and then the CRC-32 of those 30, in
    /// base62 (`0-9A-Za-z`), left-padded with `0` to six characters.
    case crc32Base62
    /// age's secret keys: Bech32 (BIP 173), its human-readable part `age-secret-key-`, in capitals.
    case bech32

    /// Whether `token` (the whole match, prefix included) carries a check that holds; nil for a
    /// token cut short, whose check cannot be known.
    package func holds(_ token: [UInt8]) -> Bool? {
        switch self {
        case .crc32Base62: token.count == 40 ? Self.crc32Base62Holds(token) : nil
        case .bech32: token.count == 74 ? Self.bech32Holds(token) : nil
        }
    }

    static let base62 = Array("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz".utf8)

    static func crc32Base62Holds(_ token: [UInt8]) -> Bool {
        guard token.count == 40 else { return false }
        let random = token[4..<34]
        var value = crc32(random)
        var digits = [UInt8](repeating: UInt8(ascii: "0"), count: 6)
        var place = 5
        while value > 0 && place >= 0 {
            digits[place] = base62[Int(value % 62)]
            value /= 62
            place -= 1
        }
        return value == 0 && Array(token[34...]) == digits
    }

    /// CRC-32 as zlib computes it (reflected, polynomial 0xEDB88320).
    static func crc32<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = (crc & 1) != 0 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }

    static let bech32Alphabet = Array("qpzry9x8gf2tvdw0s3jn54khce6mua7l".utf8)

    static func bech32Holds(_ token: [UInt8]) -> Bool {
        let lower = token.map { $0 >= 65 && $0 <= 90 ? $0 + 32 : $0 }
        guard let separator = lower.lastIndex(of: UInt8(ascii: "1")), separator > 0, lower.count - separator > 6 else { return false }
        var values: [UInt8] = []
        for byte in lower[..<separator] { values.append(byte >> 5) }
        values.append(0)
        for byte in lower[..<separator] { values.append(byte & 31) }
        for byte in lower[(separator + 1)...] {
            guard let value = bech32Alphabet.firstIndex(of: byte) else { return false }
            values.append(UInt8(value))
        }
        let generators: [UInt32] = [0x3b6a_57b2, 0x2650_8e6d, 0x1ea1_19fa, 0x3d42_33dd, 0x2a14_62b3]
        var check: UInt32 = 1
        for value in values {
            let top = check >> 25
            check = (check & 0x1ff_ffff) << 5 ^ UInt32(value)
            for (bit, generator) in generators.enumerated() where (top >> bit) & 1 == 1 { check ^= generator }
        }
        return check == 1
    }
}
