import Testing
@testable import ChatModel

/// The one type counts from input are added with: it saturates where `Int` traps.
@Suite struct TallyTests {
    @Test func sumsAndProductsStopAtTheTopInsteadOfTrapping() {
        let big = Tally(Int.max - 1)
        #expect(big + 5 == .max)
        #expect(Tally.max + .max == .max)
        #expect(Tally(1 << 40) * Tally(1 << 40) == .max)
        #expect(Tally(3) * 4 == 12)
        var total: Tally = 0
        for _ in 0..<2000 { total += Tally(1 << 53) }
        #expect(total == .max)
        #expect(Tally.sum([1, 2, 3]) == 6)
    }

    @Test func aDifferenceStopsAtZero() {
        #expect(Tally(5) - 7 == 0)
        #expect(Tally(7) - 5 == 2)
        #expect(Tally(-3) == 0)
        #expect(Tally(9) / 0 == 0)
        #expect(Tally(9) / 2 == 4)
    }

    @Test func inputIsAcceptedUpToTwoToTheFiftyThird() {
        #expect(Tally(input: Int64(1 << 53)) == Tally(1 << 53))
        #expect(Tally(input: Int64(1 << 53) + 1) == nil)
        #expect(Tally(input: Int64(-1)) == nil)
        #expect(Tally(input: Int64.max) == nil)
        #expect(Tally(input: Int64.min) == nil)
        #expect(Tally(input: 12.0) == 12)
        #expect(Tally(input: 12.9) == 12)
        #expect(Tally(input: 1e18) == nil)
        #expect(Tally(input: 1e300) == nil)
        #expect(Tally(input: -0.5) == nil)
        #expect(Tally(input: .infinity) == nil)
        #expect(Tally(input: .nan) == nil)
    }

    @Test func theShortFormReadsEveryCountUpToTheTop() {
        #expect(TokenCount.short(999) == "999")
        #expect(TokenCount.short(1234) == "1,234")
        #expect(TokenCount.short(45_600) == "45.6k")
        #expect(TokenCount.short(2_300_000) == "2.3M")
        #expect(TokenCount.short(999_960) == "1000k")
        #expect(TokenCount.short(.max) == "9223372036854M")
    }

    @Test func usageAddsUpWithoutTrapping() {
        let huge = TokenUsage(input: .max, output: .max, cacheRead: .max, cacheWrite: .max, context: .max, contextWindow: 1)
        #expect((huge + huge).input == .max)
        #expect(huge.adding(huge).total == .max)
        #expect(huge.total == .max)
        let price = PriceTable.ModelPrice(input: 1_000_000, output: 1_000_000, cacheRead: 1_000_000, cacheWrite: 1_000_000)
        #expect(price.cost(of: huge).isFinite)
    }
}
