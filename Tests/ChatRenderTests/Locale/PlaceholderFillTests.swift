import Testing
@testable import ChatModel
@testable import ChatRenderHTML
import TestSupport

/// Phrases are filled in UTF-8 bytes when every brace in them stands between ASCII bytes; the
/// result must be the one the Character search gives, on any pattern a string table may hold.
@Suite struct PlaceholderFillTests {
    /// The fill as it was written Character by Character: the reference.
    static func referenceFill(_ pattern: String, _ values: [(String, String)]) -> String {
        var out = ""
        var rest = Substring(pattern)
        while let open = rest.firstIndex(of: "{") {
            out += rest[..<open]
            guard let close = rest[open...].firstIndex(of: "}") else {
                rest = rest[open...]
                break
            }
            let name = rest[rest.index(after: open)..<close]
            if let value = values.last(where: { $0.0 == name })?.1 { out += value } else { out += rest[open...close] }
            rest = rest[rest.index(after: close)...]
        }
        return out + rest
    }

    static func referenceHTML(_ pattern: String, _ values: [(String, HTML)]) -> HTML {
        var out = HTML()
        var rest = Substring(pattern)
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            out.appendEscaped(String(rest[..<open]))
            let name = String(rest[rest.index(after: open)..<close])
            if let value = values.first(where: { $0.0 == name })?.1 { out.append(value) } else { out.appendEscaped(String(rest[open...close])) }
            rest = rest[rest.index(after: close)...]
        }
        out.appendEscaped(String(rest))
        return out
    }

    @Test func aPhraseFilledInBytesIsTheOneFilledByCharacter() {
        // Braces alone and in placeholders, beside combining and prepended marks, CJK, RTL text,
        // markup-special characters, a name in another normalization form.
        let pieces = [
            "{", "}", "{count}", "{name}", "{tool}", "{nope}", "{}", "Ran ", " of ", "<&>\"'", "é", "e\u{301}", "\u{301}",
            "{\u{301}", "}\u{301}", "\u{0600}{", "\u{0600}", "件", "ファイル", "مرحبا", "{caf\u{E9}}", "{cafe\u{301}}", "\n", "x",
        ]
        let values = [("count", "3"), ("name", "a <b>"), ("tool", "Bash"), ("name", "last"), ("café", "coffee")]
        let pairs: KeyValuePairs<String, HTML> = ["count": "<b>3</b>", "tool": "<code>Bash</code>", "tool": "second", "café": "<i>coffee</i>"]
        let markup = pairs.map { ($0.key, $0.value) }
        var random = SplitMix(seed: 0xB4ACE5)
        var inBytes = 0
        for _ in 0..<3000 {
            let pattern = random.text(from: pieces, fewerThan: 10)
            var copy = pattern
            if copy.withUTF8({ UIStrings.placeholderPieces($0) }) != nil { inBytes += 1 }
            #expect(UIStrings.fill(pattern, values) == Self.referenceFill(pattern, values), "\(pattern.debugDescription)")
            #expect(UIStrings.html(pattern, pairs) == Self.referenceHTML(pattern, markup), "\(pattern.debugDescription)")
            #expect(UIStrings.placeholders(in: pattern) == UIStrings.placeholdersByCharacter(in: pattern), "\(pattern.debugDescription)")
        }
        #expect(inBytes > 500)
    }
}
