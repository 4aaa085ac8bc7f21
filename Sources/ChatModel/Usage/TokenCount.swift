/// Token counts as people read them at a glance, in English digits (a page's language swaps
/// the separators): the header's Tokens fact, a turn's usage line, the overview.
package enum TokenCount {
    /// 1234 → "1,234", 45_600 → "45.6k", 2_300_000 → "2.3M".
    package static func short(_ tally: Tally) -> String {
        let count = tally.value
        // Divided before it is scaled, so a count near `Int.max` (a saturated sum) cannot overflow.
        func tenths(_ value: Int, _ unit: Int) -> String {
            let whole = value / unit, rest = value % unit
            let scaled = whole * 10 + (rest * 10 + unit / 2) / unit
            return scaled % 10 == 0 || scaled >= 1000 ? "\(scaled / 10)" : "\(scaled / 10).\(scaled % 10)"
        }
        if count >= 1_000_000 { return tenths(count, 1_000_000) + "M" }
        if count >= 10_000 { return tenths(count, 1_000) + "k" }
        if count >= 1_000 {
            let rest = String(count % 1000)
            return "\(count / 1000),\(String(repeating: "0", count: 3 - rest.count))\(rest)"
        }
        return String(count)
    }
}
