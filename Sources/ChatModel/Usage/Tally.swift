/// A count that came from input — tokens, a context window, a number of requests — whose
/// arithmetic cannot trap: it is never negative, `+` and `*` stop at `Int.max` instead of
/// overflowing, and `-` stops at zero.
///
/// Logs are written by other programs and sometimes by hostile ones: one line whose
/// `input_tokens` is 1e18 once killed a whole site's run when the session's total overflowed.
/// Every value that adds up what a log says is a `Tally`, so plain `+` is the safe one and no
/// call site has to remember a check (an architecture test keeps raw `Int` arithmetic off these
/// values). A value read from input is accepted only up to ``inputLimit``; readers warn about a
/// larger one (``TallyReading``) and leave it out.
package struct Tally: Sendable, Hashable, Codable, Comparable, ExpressibleByIntegerLiteral, CustomStringConvertible {
    /// The count, 0...Int.max.
    package let value: Int

    /// The largest count accepted from input: 2^53, the last whole number a JSON reader that
    /// keeps numbers as doubles (JavaScript's, Python's `float`) still holds exactly. No real log
    /// comes near it: a billion tokens a second for a hundred days is 2^53.
    package static let inputLimit = 1 << 53

    /// `value`, or 0 when it is negative.
    package init(_ value: Int) { self.value = Swift.max(0, value) }

    package init(integerLiteral value: Int) { self.init(value) }

    /// A count of input, as a JSON number gives it (a fraction rounded down, as a count written
    /// as `12.0` means 12): nil unless in 0...``inputLimit`` (a negative number, 1e300, infinity).
    package init?(input double: Double) {
        guard double.isFinite, double >= 0, double <= Double(Self.inputLimit) else { return nil }
        self.init(Int(double))
    }

    /// A whole number of input already exact as an integer: nil unless in 0...``inputLimit``.
    package init?(input integer: Int64) {
        guard integer >= 0, integer <= Int64(Self.inputLimit) else { return nil }
        self.init(Int(integer))
    }

    package static let zero: Tally = 0
    /// Where sums stop.
    package static let max = Tally(Int.max)

    /// The sum, or ``max`` when it would overflow.
    package static func + (a: Tally, b: Tally) -> Tally {
        let (sum, overflow) = a.value.addingReportingOverflow(b.value)
        return overflow ? .max : Tally(sum)
    }

    package static func += (a: inout Tally, b: Tally) { a = a + b }

    /// The product, or ``max`` when it would overflow.
    package static func * (a: Tally, b: Tally) -> Tally {
        let (product, overflow) = a.value.multipliedReportingOverflow(by: b.value)
        return overflow ? .max : Tally(product)
    }

    /// What is left of `a` once `b` is taken away, or zero when `b` is larger (the part of a
    /// total not in a subset the log also counts, such as input not read from the cache).
    package static func - (a: Tally, b: Tally) -> Tally { Tally(a.value - b.value) }

    package static func -= (a: inout Tally, b: Tally) { a = a - b }

    /// `a` divided by `b`, rounded down; zero when `b` is zero.
    package static func / (a: Tally, b: Tally) -> Tally { b.value == 0 ? .zero : Tally(a.value / b.value) }

    package static func < (a: Tally, b: Tally) -> Bool { a.value < b.value }

    /// The sum of `counts`, saturating.
    package static func sum<S: Sequence>(_ counts: S) -> Tally where S.Element == Tally { counts.reduce(.zero, +) }

    /// The count as a floating-point number, for prices and shares.
    package var double: Double { Double(value) }

    package var isZero: Bool { value == 0 }

    package var description: String { String(value) }
}

/// What a count read from input turned out to be.
package enum TallyReading: Sendable, Equatable {
    /// No value, or not a number: the field is treated as absent, as before.
    case absent
    /// A whole number in range.
    case count(Tally)
    /// A number out of range (negative, past ``Tally/inputLimit``, not finite), as
    /// the log wrote it, for the warning.
    case outOfRange(String)

    /// The count, or nil.
    package var tally: Tally? {
        if case .count(let value) = self { return value }
        return nil
    }
}
