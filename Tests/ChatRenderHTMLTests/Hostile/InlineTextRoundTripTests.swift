import Foundation
import Testing
@testable import ChatModel
@testable import ChatTheme
@testable import ChatPlan
@testable import ChatRenderHTML
import TestSupport

/// Property tests for the inline parser: escaping then parsing round-trips the visible text, and
/// formatting only ever consumes `**` and backtick markers. (The balance property is in
/// Render/InlineTextTests.swift.)
@Suite struct InlineTextRoundTripTests {
    /// What a browser shows for the markup InlineText makes: tags gone, `<br>` a line break,
    /// paragraphs a blank line, entities decoded.
    static func visibleText(_ html: HTML) -> String {
        var text = html.description
        text = text.replacingOccurrences(of: "</p><p class=\"cr-text\">", with: "\n\n")
        for tag in ["<p class=\"cr-text\">", "</p>", "<strong>", "</strong>", "<code>", "</code>"] { text = text.replacingOccurrences(of: tag, with: "") }
        text = text.replacingOccurrences(of: "<br>", with: "\n")
        #expect(!text.contains("<"), "markup left after removing the known tags: \(text)")
        for (entity, character) in [("&lt;", "<"), ("&gt;", ">"), ("&quot;", "\""), ("&#39;", "'"), ("&amp;", "&")] {
            text = text.replacingOccurrences(of: entity, with: character)
        }
        return text
    }

    /// What the parser should keep of the input: paragraphs split on blank lines, CRLF as LF, NUL shown as U+FFFD.
    static func expectedText(_ input: String) -> String {
        InlineText.paragraphs(of: input).map(String.init).joined(separator: "\n\n")
            .replacingOccurrences(of: "\u{0}", with: "\u{FFFD}")
    }

    static let alphabet: [String] = [
        "a", "b", " ", "\t", "\n", "\n\n", "\r\n", "\r", "*", "**", "`", "<", ">", "&", "\"", "'",
        "&amp;", "&lt;", "<p>", "</p>", "<br>", "</code>", "<script>", "\u{0}", "é", "e\u{301}",
        "\u{202E}", "\u{200B}", "𝕏", "😀", "\u{FEFF}", "\\", "_", "~", "[x](y)", "\u{2028}",
    ]

    static func randomText(_ generator: inout SplitMix) -> String {
        let length = Int(generator.next() % 40)
        return (0..<length).map { _ in alphabet[Int(generator.next() % UInt64(alphabet.count))] }.joined()
    }

    @Test func literalTextRoundTripsThroughEscaping() {
        var generator = SplitMix(seed: 0xC0FFEE)
        for _ in 0..<5_000 {
            let input = Self.randomText(&generator)
            let shown = Self.visibleText(InlineText.render(input, formatted: false))
            #expect(shown == Self.expectedText(input), "input \(input.debugDescription)")
        }
    }

    @Test func formattingOnlyConsumesMarkers() {
        var generator = SplitMix(seed: 0xBEEF)
        func strip(_ text: String) -> String { text.replacingOccurrences(of: "*", with: "").replacingOccurrences(of: "`", with: "") }
        for _ in 0..<5_000 {
            let input = Self.randomText(&generator)
            let formatted = Self.visibleText(InlineText.render(input, formatted: true))
            #expect(strip(formatted) == strip(Self.expectedText(input)), "input \(input.debugDescription)")
            // Markers that were not consumed stay as typed: never more markers than in the input.
            #expect(formatted.filter { $0 == "*" }.count <= input.filter { $0 == "*" }.count)
        }
    }

    @Test(arguments: ["**a**", "`a`", "****", "``", "**`a**`", "`**a`**", "** **", "a**b**c`d`e", "`<script>`", "**<b>**"])
    func knownShapesRoundTrip(input: String) {
        let shown = Self.visibleText(InlineText.render(input, formatted: true))
        #expect(
            shown.replacingOccurrences(of: "*", with: "").replacingOccurrences(of: "`", with: "")
                == input.replacingOccurrences(of: "*", with: "").replacingOccurrences(of: "`", with: ""))
    }
}
