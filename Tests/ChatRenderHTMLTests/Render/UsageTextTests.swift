import Testing

@testable import ChatModel
@testable import ChatRenderHTML

/// An estimated cost is written as the page writes every number: the language's grouping and
/// decimal separator, two decimals, and the first non-zero digits of an amount under a cent.
@Suite struct UsageTextTests {
    static func strings(_ tag: String, group: String, decimal: String) -> UIStrings {
        var strings = UIStrings(tag: tag)
        strings.set(.groupSeparator, text: group)
        strings.set(.decimalSeparator, text: decimal)
        return strings
    }

    @Test func dollarsInEnglish() {
        let english = UIStrings.english
        #expect(UsageText.dollars(1234.5, english) == "$1,234.50")
        #expect(UsageText.dollars(0.43, english) == "$0.43")
        #expect(UsageText.dollars(1_000_000.004, english) == "$1,000,000.00")
        #expect(UsageText.dollars(0, english) == "$0.00")
        #expect(UsageText.dollars(0.0042, english) == "$0.0042")
        #expect(UsageText.dollars(0.00004, english) == "$0.0001")
    }

    @Test func dollarsInOtherLanguagesGroupAsTheirNumbersDo() {
        let german = Self.strings("de", group: ".", decimal: ",")
        #expect(UsageText.dollars(1234.5, german) == "$1.234,50")
        #expect(UsageText.dollars(0.0042, german) == "$0,0042")
        // CLDR: Polish leaves a four-digit number ungrouped, as the page's other numbers.
        let polish = Self.strings("pl", group: "\u{A0}", decimal: ",")
        #expect(UsageText.dollars(1234.5, polish) == "$1234,50")
        #expect(UsageText.dollars(12345.5, polish) == "$12\u{A0}345,50")
        #expect(UsageText.dollars(12345.5, polish).hasPrefix("$" + polish.number(12345)))
    }
}
