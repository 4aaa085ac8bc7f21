import Testing
@testable import ChatModel
@testable import ChatPlan

/// `--inline-limit SIZE`: decimal units as sizes are printed, binary ones by name, exact fractions.
@Suite struct InlineLimitTests {
    @Test(arguments: [
        ("25MB", 25_000_000), ("25 MB", 25_000_000), ("25mb", 25_000_000), ("25M", 25_000_000),
        ("500KB", 500_000), ("500k", 500_000), ("1.5MB", 1_500_000), ("0.5 KB", 500),
        ("2MiB", 2_097_152), ("1KiB", 1024), ("1GB", 1_000_000_000), ("1048576", 1_048_576),
        ("1048576B", 1_048_576), ("0", 0), ("0MB", 0), (" 7 ", 7),
    ])
    func parses(_ text: String, _ bytes: Int) {
        #expect(InlineLimit(parsing: text) == InlineLimit(bytes: bytes))
    }

    @Test(arguments: [
        "", "MB", "-1", "-1MB", "1e6", "0x10", "1.", ".5MB", "1.2.3MB", "25 TB", "25MBs",
        "ten", "1,000", "99999999999999999999", "9999999999GB", "+5",
    ])
    func refuses(_ text: String) {
        #expect(InlineLimit(parsing: text) == nil)
    }

    @Test func readsBackAsSizesAreShown() {
        #expect(InlineLimit.standard.description == "25 MB")
        #expect(InlineLimit(bytes: 150_000).description == "150 KB")
        #expect(InlineLimit(bytes: 0).description == "0 bytes")
    }
}
