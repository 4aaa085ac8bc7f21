import Testing
@testable import ChatModel
@testable import ChatLoad
@testable import ChatTheme
@testable import ChatPlan
@testable import ChatRenderHTML
@testable import ChatOutput
@testable import ChatAssets
@testable import ChatBrowser
@testable import ChatRender

@Suite struct SHA256Tests {
    @Test func knownVectors() {
        #expect(SHA256.hash([UInt8]()).hexString == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(SHA256.hash(Array("abc".utf8)).hexString == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(SHA256.hash(Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8)).hexString == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
        #expect(SHA256.hash([UInt8](repeating: 0x61, count: 1_000_000)).hexString == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
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
