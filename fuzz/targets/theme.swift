// Fuzz target: the theme loader with aliases (token files and resolver documents), then the CSS
// written from a theme that loads.
@testable import ChatTheme

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTheme(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size > 0 else { return 0 }
    let bytes = Array(UnsafeBufferPointer(start: data + 1, count: size - 1))
    let name = data[0] & 1 == 1 ? "fuzz.resolver.json" : "fuzz.tokens.json"
    // $refs resolve against a folder that does not exist: only the document itself is fuzzed.
    guard let theme = try? ThemeLoader.load(bytes: bytes, displayPath: name, baseDirectory: "/nonexistent-chatrender-fuzz") else { return 0 }
    let css = ThemeStylesheet.css(for: theme)
    if css.contains("</") || css.contains("<!--") { fatalError("markup in CSS: \(css)") }
    return 0
}
