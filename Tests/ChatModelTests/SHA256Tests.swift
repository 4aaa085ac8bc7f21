import Testing
import CPlatform
@testable import ChatModel

@Suite struct SHA256Tests {
    @Test func knownVectors() {
        #expect(SHA256.hash([UInt8]()).hexString == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(SHA256.hash(Array("abc".utf8)).hexString == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(
            SHA256.hash(Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8)).hexString
                == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
        #expect(SHA256.hash([UInt8](repeating: 0x61, count: 1_000_000)).hexString == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    /// Lengths around the padding and block boundaries, and many blocks in one call (the
    /// processor's SHA instructions where it has them), against values from another
    /// implementation (coreutils' sha256sum, Python's hashlib).
    @Test func blockBoundaries() {
        let expected: [Int: String] = [
            55: "595615dbe4f0f407ae397d08b4c2cb870cb9b0e11937416f950c5160acf9c005",
            56: "784f623b787495078e93ff28a25b581df0584055a7e71d8cd90c454716b92f51",
            64: "2fcd5a0d60e4c941381fcc4e00a4bf8be422c3ddfafb93c809e8d1e2bfffae8e",
            65: "1b3cd1877ab2f2f19f7be001722554f336cb799df0329de0bb4c118dc6abc06d",
            127: "1b9907986f18ddc2b37e18be502d82d69d6e18bb9dff9e16f2aceea7d88cb933",
            128: "6c05be2c4268843ae47e68e611277ce62c02153f2f4d2e1e2a1a4b44f766cf74",
            1000: "915e53a44c18b19bb06ba5b3f5fcaf1dc4651e8404c63425cfc6174e74659d87",
        ]
        for (length, digest) in expected {
            let text = (0..<length).map { UInt8(97 + $0 % 26) }
            #expect(SHA256.hash(text).hexString == digest, "\(length) bytes")
        }
        let large = (0..<300_000).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        let digest = "c12fb0010fbd782b0ffcb958d34a9cd29f9c42692ff2f8361f3379ddd0790932"
        #expect(SHA256.hash(large).hexString == digest)
        // The same bytes in uneven pieces: whole blocks from the caller's buffer and from the
        // carried-over partial block must agree.
        var hasher = SHA256()
        var start = 0
        for size in [1, 63, 64, 65, 4096, 129, 7] where start < large.count {
            let end = min(start + size * 37, large.count)
            hasher.update(Array(large[start..<end]))
            start = end
        }
        hasher.update(Array(large[start...]))
        #expect(hasher.finalize().hexString == digest)
    }

    /// The portable C path gives the same state as the one this machine uses (the processor's
    /// SHA instructions here, most likely): the machines without them run it.
    @Test func thePortablePathAgrees() {
        let data = (0..<(64 * 1000)).map { UInt8(truncatingIfNeeded: $0 &* 131 &+ 7) }
        for blocks in [1, 2, 3, 17, 1000] {
            var fast: [UInt32] = [0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19]
            var portable = fast
            data.withUnsafeBufferPointer { bytes in
                fast.withUnsafeMutableBufferPointer { cplatform_sha256_blocks($0.baseAddress!, bytes.baseAddress!, blocks) }
                portable.withUnsafeMutableBufferPointer { cplatform_sha256_blocks_portable($0.baseAddress!, bytes.baseAddress!, blocks) }
            }
            #expect(fast == portable, "\(blocks) blocks")
        }
    }

    @Test func incrementalEqualsOneShot() {
        let data = (0..<1000).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        var hasher = SHA256()
        hasher.update(Array(data[0..<7])); hasher.update(Array(data[7..<200])); hasher.update(Array(data[200...]))
        #expect(hasher.finalize() == SHA256.hash(data))
    }

    @Test func base64() {
        #expect(Array("".utf8).base64String == "")
        #expect(Array("f".utf8).base64String == "Zg==")
        #expect(Array("fo".utf8).base64String == "Zm8=")
        #expect(Array("foobar".utf8).base64String == "Zm9vYmFy")
    }
}
