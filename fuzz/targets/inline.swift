// Fuzz target: the inline bold/code parser and the full CommonMark renderer.
// Properties: the only tags are <p class="cr-text">, <br>, <strong>, <code> (balanced) for
// inline; no raw '<' from the input survives in either.
@testable import ChatModel
@testable import ChatRenderHTML

// Counted on UTF-8 bytes: String comparisons work on Characters, and a combining mark after
// "<p>" would hide the tag from them.
func count(_ needle: String, in haystack: [UInt8]) -> Int {
    let n = Array(needle.utf8)
    guard haystack.count >= n.count else { return 0 }
    var total = 0
    for i in 0...(haystack.count - n.count) where haystack[i] == n[0] && Array(haystack[i..<i + n.count]) == n { total += 1 }
    return total
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzInline(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size > 0 else { return 0 }
    let mode = data[0]
    let text = String(decoding: UnsafeBufferPointer(start: data + 1, count: size - 1), as: UTF8.self)
    if mode & 3 == 3 {
        let html = FullMarkup.render(text).bytes
        if count("<script", in: html) > 0 || count("href=\"javascript:", in: html) > 0 || count("<img", in: html) > 0 {
            fatalError("full markup let markup through: \(String(decoding: html, as: UTF8.self))")
        }
        return 0
    }
    let html = InlineText.render(text, formatted: mode & 1 == 1).bytes
    // A paragraph carries its class, so the page's styles reach the text and nothing else.
    for (open, close) in [("<p class=\"cr-text\">", "</p>"), ("<strong>", "</strong>"), ("<code>", "</code>")] {
        if count(open, in: html) != count(close, in: html) { fatalError("unbalanced \(open): \(String(decoding: html, as: UTF8.self))") }
    }
    let allowed = ["<p class=\"cr-text\">", "</p>", "<br>", "<strong>", "</strong>", "<code>", "</code>"].map { Array($0.utf8) }
    for i in html.indices where html[i] == UInt8(ascii: "<") {
        guard allowed.contains(where: { i + $0.count <= html.count && Array(html[i..<i + $0.count]) == $0 }) else {
            fatalError("unexpected markup in \(String(decoding: html, as: UTF8.self))")
        }
    }
    return 0
}
