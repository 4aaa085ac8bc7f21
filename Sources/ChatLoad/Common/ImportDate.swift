import ChatModel
/// Dates in exports: seconds since 1970 (ChatGPT's `create_time`) turned into ISO 8601 in UTC.
package enum ImportDate {
    /// `1710409260.5` → `2024-03-14T09:41:00Z` (fractions dropped); nil for values no date can hold.
    static func fromEpoch(_ seconds: Double) -> ChatDate? {
        guard seconds.isFinite, seconds >= 0, seconds < 253_402_300_800 else { return nil }  // before year 10000
        let whole = Int(seconds.rounded(.down))
        let days = whole / 86400
        let rest = whole % 86400
        let (year, month, day) = ChatDate.civilFromDays(days)
        func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
        let yearText = String(repeating: "0", count: max(0, 4 - String(year).count)) + String(year)
        return ChatDate(iso: "\(yearText)-\(two(month))-\(two(day))T\(two(rest / 3600)):\(two(rest / 60 % 60)):\(two(rest % 60))Z")
    }
}
