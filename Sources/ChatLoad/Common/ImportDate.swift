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
        // `YYYY-MM-DDTHH:MM:SSZ` written digit by digit: one for every message of an export, and
        // interpolated it took a fortieth of a site's instructions.
        var iso: [UInt8] = Array("0000-00-00T00:00:00Z".utf8)
        for (value, end) in [(year, 4), (month, 7), (day, 10), (rest / 3600, 13), (rest / 60 % 60, 16), (rest % 60, 19)] {
            var value = value, at = end - 1
            while value > 0 {
                iso[at] = UInt8(ascii: "0") + UInt8(value % 10)
                value /= 10
                at -= 1
            }
        }
        return ChatDate(iso: String(decoding: iso, as: UTF8.self))
    }
}
