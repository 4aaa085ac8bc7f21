import Foundation
import Testing
@testable import ChatModel

/// The importers' trimming is Foundation's, without its round trip through UTF-16.
struct TrimmingTests {
    @Test func trimsWhatFoundationTrims() {
        let samples = [
            "", " ", "  a b  ", "\n\t x \r\n", "\u{00A0}a\u{2003}", "\u{2028}b\u{85}", " \u{301}abc ", "é", "\u{1F600} ",
            "\u{FEFF}x", "x\u{200B}", "\u{3000}全角\u{3000}", "a\u{0B}", "\u{1680}z",
        ]
        for text in samples {
            for (mine, theirs) in [(TrimSet.whitespacesAndNewlines, CharacterSet.whitespacesAndNewlines), (.whitespaces, .whitespaces), (.newlines, .newlines)]
            {
                #expect(text.trimming(mine) == text.trimmingCharacters(in: theirs), "\(text.unicodeScalars.map(\.value))")
                #expect(text.isBlank(mine) == text.trimmingCharacters(in: theirs).isEmpty)
            }
            #expect(text.dropFirst(0).trimming(.whitespaces) == text.trimmingCharacters(in: .whitespaces))
        }
    }
}
