import Testing
@testable import ChatModel
@testable import ChatTheme
@testable import ChatPlan
@testable import ChatRenderHTML
import TestSupport

/// `InlineText.render` reads bytes for speed; the character-based `referenceRender` defines the
/// format. These hold the two together on random text built from the pieces that matter: markers,
/// line ends, blanks, escapes, and scalars that join a marker into one character.
@Suite struct InlineTextBytesTests {
    static let pieces = [
        "**", "*", "`", "``", "\n", "\n\n", "\r\n", "\r", " ", "\t", " \n \t\n", "a", "word",
        "<&>\"'", "\u{0}", "é", "e\u{301}", "\u{301}", "\u{200D}", "東京", "👩🏽‍🌾", "🇫🇷",
        "\u{0600}", "\u{FE0F}", "\u{20E3}", "ก\u{0E33}", "\u{1F3FB}",
    ]

    @Test(arguments: [false, true]) func bytesAgreeWithCharacters(formatted: Bool) {
        var generator = SplitMix(seed: 0x5EED)
        for _ in 0..<4000 {
            var text = ""
            for _ in 0..<Int.random(in: 0...14, using: &generator) {
                text += Self.pieces.randomElement(using: &generator)!
            }
            let fast = InlineText.render(text, formatted: formatted).description
            let reference = InlineText.referenceRender(text, formatted: formatted).description
            #expect(fast == reference, "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
        }
    }

    @Test func markersThatJoinTheirNeighbourTakeTheCharacterReading() {
        for text in ["**a\u{301}**", "`\u{301}x`", "\u{0600}**b**", "a*\u{200D}*b"] {
            #expect(InlineText.render(text, formatted: true) == InlineText.referenceRender(text, formatted: true))
        }
    }
}
