/// A moment from the conversation, parsed from ISO 8601 and shown in en-US, UTC.
///
/// Parsed and formatted by hand so output never depends on the machine's ICU data or clock
/// (newer ICU versions put a narrow no-break space before "AM", which would break snapshots).
public struct ChatDate: Sendable, Equatable, Hashable, Codable {
    /// The value as written in the input, already checked against the ISO 8601 grammar; used as the
    /// `<time datetime>` attribute.
    public let iso: String
    /// Seconds since 1970-01-01T00:00:00Z (whole seconds; fractions are kept only in `iso`).
    public let secondsSinceEpoch: Int64
    /// Whether the input carried a time of day; a bare date is shown without one.
    public let hasTime: Bool

    /// Parses `YYYY-MM-DD` or `YYYY-MM-DDTHH:MM[:SS[.fff]](Z|±HH:MM)`; nil when it does not match.
    /// A date-time without a zone is read as UTC.
    public init?(iso text: String) {
        let b = Array(text.utf8)
        func num(_ start: Int, _ count: Int) -> Int? {
            guard start + count <= b.count else { return nil }
            var v = 0
            for i in start..<start + count {
                guard b[i] >= 48 && b[i] <= 57 else { return nil }
                v = v * 10 + Int(b[i] - 48)
            }
            return v
        }
        guard b.count >= 10, let year = num(0, 4), b[4] == UInt8(ascii: "-"), let month = num(5, 2),
            b[7] == UInt8(ascii: "-"), let day = num(8, 2),
            (1...12).contains(month), day >= 1, day <= ChatDate.daysIn(month: month, year: year)
        else { return nil }
        var hour = 0, minute = 0, second = 0, offsetSeconds = 0
        var i = 10
        var hasTime = false
        if i < b.count {
            guard b[i] == UInt8(ascii: "T") || b[i] == UInt8(ascii: "t") || b[i] == UInt8(ascii: " "),
                let h = num(i + 1, 2), i + 3 < b.count, b[i + 3] == UInt8(ascii: ":"), let m = num(i + 4, 2),
                h < 24, m < 60
            else { return nil }
            hour = h; minute = m; hasTime = true
            i += 6
            if i < b.count, b[i] == UInt8(ascii: ":") {
                guard let s = num(i + 1, 2), s < 61 else { return nil }
                second = min(s, 59)
                i += 3
                if i < b.count, b[i] == UInt8(ascii: ".") || b[i] == UInt8(ascii: ",") {
                    i += 1
                    let start = i
                    while i < b.count, b[i] >= 48, b[i] <= 57 { i += 1 }
                    guard i > start, i - start <= 9 else { return nil }
                }
            }
            if i < b.count {
                if b[i] == UInt8(ascii: "Z") || b[i] == UInt8(ascii: "z") {
                    i += 1
                } else if b[i] == UInt8(ascii: "+") || b[i] == UInt8(ascii: "-") {
                    let sign = b[i] == UInt8(ascii: "-") ? -1 : 1
                    guard let oh = num(i + 1, 2), oh <= 23 else { return nil }
                    var om = 0
                    if i + 3 < b.count, b[i + 3] == UInt8(ascii: ":") {
                        guard let m = num(i + 4, 2), m < 60 else { return nil }
                        om = m; i += 6
                    } else if let m = num(i + 3, 2) {
                        guard m < 60 else { return nil }
                        om = m; i += 5
                    } else {
                        i += 3
                    }
                    offsetSeconds = sign * (oh * 3600 + om * 60)
                } else {
                    return nil
                }
            }
            guard i == b.count else { return nil }
        }
        let days = ChatDate.daysFromCivil(year: year, month: month, day: day)
        self.iso = text
        self.secondsSinceEpoch = Int64(days) * 86400 + Int64(hour * 3600 + minute * 60 + second - offsetSeconds)
        self.hasTime = hasTime
    }

    /// "Mar 14, 2026 at 9:41 AM" in UTC, or "Mar 14, 2026" for a bare date.
    public var displayText: String {
        let days = Int(floorDiv(secondsSinceEpoch, 86400))
        let secondsOfDay = Int(secondsSinceEpoch - Int64(days) * 86400)
        let (year, month, day) = ChatDate.civilFromDays(days)
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        let date = "\(months[month - 1]) \(day), \(year)"
        guard hasTime else { return date }
        let hour24 = secondsOfDay / 3600
        let minute = (secondsOfDay % 3600) / 60
        let hour12 = hour24 % 12 == 0 ? 12 : hour24 % 12
        let minuteText = minute < 10 ? "0\(minute)" : "\(minute)"
        return "\(date) at \(hour12):\(minuteText) \(hour24 < 12 ? "AM" : "PM")"
    }

    /// The UTC calendar day, for telling turns on different days apart.
    public var dayNumber: Int64 { floorDiv(secondsSinceEpoch, 86400) }

    private func floorDiv(_ a: Int64, _ b: Int64) -> Int64 { a >= 0 ? a / b : -((-a + b - 1) / b) }

    static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    // Howard Hinnant's days_from_civil / civil_from_days.
    package static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let mp = (month + 9) % 12
        let doy = (153 * mp + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146097 + doe - 719468
    }

    package static func civilFromDays(_ z0: Int) -> (Int, Int, Int) {
        let z = z0 + 719468
        let era = (z >= 0 ? z : z - 146096) / 146097
        let doe = z - era * 146097
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let d = doy - (153 * mp + 2) / 5 + 1
        let m = mp < 10 ? mp + 3 : mp - 9
        return (yoe + era * 400 + (m <= 2 ? 1 : 0), m, d)
    }
}
