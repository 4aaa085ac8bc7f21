import Testing
@testable import ChatModel

extension ModelTests {
    /// The UTF-8 substring search hot paths use instead of Foundation's (see `containsBytes`).
    @Suite struct ByteSearchTests {
        @Test func findsTheFirstPlaceInBytes() {
            #expect("abcabc".utf8Offset(of: "bc") == 1)
            #expect("héllo <tag>".utf8Offset(of: "<tag>") == 7, "é is two bytes")
            #expect("ends with {".utf8Offset(of: "{") == 10)
            #expect("aaab".utf8Offset(of: "aab") == 1, "a false start is left behind")
            #expect("short".utf8Offset(of: "longer than it") == nil)
            #expect("anything".utf8Offset(of: "") == 0)
            #expect("no brace".utf8Offset(of: "{") == nil)
            let text = "<a>x</a><b>y</b>"
            let tail = text[text.index(text.startIndex, offsetBy: 8)...]
            #expect(tail.utf8Offset(of: "</b>") == 4, "a Substring counts from its own start")
            #expect("东京 【1†source】".containsBytes("【") && !"plain".containsBytes("【"))
        }
    }
}
