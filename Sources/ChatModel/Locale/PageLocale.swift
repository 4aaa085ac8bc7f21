/// The page's locale: its language tag, the words of its string table, its clock (12 or 24
/// hours) and a fixed time zone, by which the page and the composers write dates and times,
/// worked out by hand (no ICU) so pages are the same on every machine. en-US and UTC unless told
/// otherwise. (`--locale`, `--time-zone`.)
public struct PageLocale: Sendable, Equatable {
    /// The BCP 47 tag asked for (`--locale`). `en-US` (and other English locales of the
    /// Americas) write "9:00 AM"; anything else "09:00".
    public var tag: String { didSet { usesTwelveHours = Self.twelveHours(tag) } }
    /// Seconds east of UTC.
    public var offsetSeconds: Int
    /// Whether the locale uses a 12-hour clock with AM and PM (worked out once: every dated turn asks).
    public private(set) var usesTwelveHours: Bool
    /// The words of the locale's table: month and day names and date patterns for every language
    /// but English, whose dates are written below.
    package var strings: UIStrings = .english

    public init(tag: String = "en-US", offsetSeconds: Int = 0) {
        self.tag = tag
        self.offsetSeconds = offsetSeconds
        self.usesTwelveHours = Self.twelveHours(tag)
    }

    public static let standard = PageLocale()

    /// Reads `UTC`, `GMT`, `Z`, `+02:00`, `-0530` or `+9`; nil for anything else (named zones
    /// need a time-zone database, which would make the output depend on the machine).
    public static func offset(timeZone text: String) -> Int? {
        let upper = text.uppercased()
        if upper == "UTC" || upper == "GMT" || upper == "Z" || upper == "ETC/UTC" { return 0 }
        var body = Substring(upper)
        if body.hasPrefix("UTC") || body.hasPrefix("GMT") { body = body.dropFirst(3) }
        guard let sign = body.first, sign == "+" || sign == "-" else { return nil }
        let digits = body.dropFirst().filter { $0 != ":" }
        guard !digits.isEmpty, digits.count <= 4, digits.allSatisfy(\.isASCII), let number = Int(digits) else { return nil }
        let (hours, minutes) = digits.count <= 2 ? (number, 0) : (number / 100, number % 100)
        guard hours <= 14, minutes < 60 else { return nil }
        return (sign == "-" ? -1 : 1) * (hours * 3600 + minutes * 60)
    }

    static func twelveHours(_ locale: String) -> Bool {
        let language = locale.split(whereSeparator: { $0 == "-" || $0 == "_" }).map { $0.lowercased() }
        guard language.first == "en" else { return false }
        let region = language.count > 1 ? language[1] : "us"
        return ["us", "ca", "au", "nz", "ph", "in"].contains(region)
    }

    private static let shortMonths = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// A turn's date and time: "May 2, 2026 at 9:12 AM" (en-US) or "2 May 2026, 09:12";
    /// a bare date without the time.
    public func dateTime(_ date: ChatDate) -> String {
        let months = Self.shortMonths
        let local = date.secondsSinceEpoch + Int64(date.hasTime ? offsetSeconds : 0)
        let days = local >= 0 ? local / 86400 : -((-local + 86399) / 86400)
        let (year, month, day) = ChatDate.civilFromDays(Int(days))
        if !strings.isEnglish {
            let text = strings.text(
                .dateFormat,
                [
                    "day": "\(day)", "month": strings.list(.months)[month - 1],
                    "monthShort": strings.list(.monthsShort)[month - 1], "year": "\(year)",
                ])
            guard date.hasTime else { return text }
            return strings.text(.dateTimeFormat, ["date": text, "time": time(date)])
        }
        let day12 = usesTwelveHours ? "\(months[month - 1]) \(day), \(year)" : "\(day) \(months[month - 1]) \(year)"
        guard date.hasTime else { return day12 }
        return usesTwelveHours ? "\(day12) at \(time(date))" : "\(day12), \(time(date))"
    }

    /// The day `date` falls on in this locale's time zone, as days since 1970-01-01 (a bare date is
    /// its own day, whatever the zone).
    public func localDay(_ date: ChatDate) -> Int64 {
        guard date.hasTime else { return date.dayNumber }
        let local = date.secondsSinceEpoch + Int64(offsetSeconds)
        return local >= 0 ? local / 86400 : -((-local + 86399) / 86400)
    }

    /// A day separator's text: "Saturday, May 2, 2026" (en-US) or "Saturday 2 May 2026".
    public func day(_ date: ChatDate) -> String {
        let weekdays = ["Thursday", "Friday", "Saturday", "Sunday", "Monday", "Tuesday", "Wednesday"]  // 1970-01-01 was a Thursday
        let months = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"]
        let days = localDay(date)
        let weekday = weekdays[Int(((days % 7) + 7) % 7)]
        let (year, month, day) = ChatDate.civilFromDays(Int(days))
        if !strings.isEnglish {
            let weekday = strings.list(.weekdays)[Int(((days + 4) % 7 + 7) % 7)]  // 1970-01-01 was a Thursday
            return strings.text(
                .dayFormat,
                [
                    "weekday": weekday, "day": "\(day)", "month": strings.list(.months)[month - 1],
                    "monthShort": strings.list(.monthsShort)[month - 1], "year": "\(year)",
                ])
        }
        return usesTwelveHours ? "\(weekday), \(months[month - 1]) \(day), \(year)" : "\(weekday) \(day) \(months[month - 1]) \(year)"
    }

    /// The local day as `YYYY-MM-DD`, for `<time datetime>`.
    public func isoDay(_ date: ChatDate) -> String {
        let (year, month, day) = ChatDate.civilFromDays(Int(localDay(date)))
        func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
        let y = String(abs(year))
        return "\(year < 0 ? "-" : "")\(String(repeating: "0", count: max(0, 4 - y.count)))\(y)-\(two(month))-\(two(day))"
    }

    /// The time of day of `date` in this locale: "9:00 AM" or "09:00"; with `seconds`, "9:00:07
    /// AM" or "09:00:07" (what a few minutes' work is measured against). A bare date gives "Mar 14".
    public func time(_ date: ChatDate, seconds: Bool = false) -> String {
        let local = date.secondsSinceEpoch + Int64(offsetSeconds)
        let days = local >= 0 ? local / 86400 : -((-local + 86399) / 86400)
        if !date.hasTime {
            let (_, month, day) = ChatDate.civilFromDays(Int(date.dayNumber))
            if !strings.isEnglish {
                return strings.text(
                    .shortDateFormat,
                    [
                        "day": "\(day)", "month": strings.list(.months)[month - 1],
                        "monthShort": strings.list(.monthsShort)[month - 1],
                    ])
            }
            let months = Self.shortMonths
            return usesTwelveHours ? "\(months[month - 1]) \(day)" : "\(day) \(months[month - 1])"
        }
        let secondsOfDay = Int(local - days * 86400)
        let hour = secondsOfDay / 3600, minute = (secondsOfDay % 3600) / 60, second = secondsOfDay % 60
        var mm = minute < 10 ? "0\(minute)" : "\(minute)"
        // The seconds follow the minutes in every language's clock (CLDR's medium time is its
        // short time with ":ss" after the minutes), so they travel with `{mm}`.
        if seconds { mm += second < 10 ? ":0\(second)" : ":\(second)" }
        if !strings.isEnglish {
            // The language's own clock (CLDR short time): "09:12" in German, "9:12" in Japanese,
            // "오전 9:12" in Korean, "9:12 ص" in Arabic.
            let h12 = hour % 12 == 0 ? 12 : hour % 12
            return strings.text(
                .timeFormat,
                [
                    "HH": hour < 10 ? "0\(hour)" : "\(hour)", "H": "\(hour)", "h": "\(h12)", "mm": mm,
                    "period": hour < 12 ? strings[.am] : strings[.pm],
                ])
        }
        if usesTwelveHours {
            let h12 = hour % 12 == 0 ? 12 : hour % 12
            return "\(h12):\(mm) \(hour < 12 ? "AM" : "PM")"
        }
        return "\(hour < 10 ? "0" : "")\(hour):\(mm)"
    }
}

extension ModelComposerState.Usage {
    /// The usage line as the spec words it: "12 messages left today", "12 messages left until
    /// 9:00 AM", "You've used all 40 messages. More at 9:00 AM."
    public func sentence(locale: PageLocale = .standard) -> String {
        let at = resets.map { locale.time($0) }
        let t = locale.strings
        if !t.isEnglish {
            if isExhausted {
                let all = t.counted(.usedAllMessages, limit)
                return at.map { "\(all) \(t.text(.moreAt, ["time": $0]))" } ?? all
            }
            return at.map { t.counted(.messagesLeftUntil, remaining, ["time": $0]) } ?? t.counted(.messagesLeftToday, remaining)
        }
        if isExhausted {
            let all = "You've used all \(ComposerRules.grouped(limit)) message\(limit == 1 ? "" : "s")."
            return at.map { "\(all) More at \($0)." } ?? all
        }
        let left = "\(ComposerRules.grouped(remaining)) message\(remaining == 1 ? "" : "s") left"
        return at.map { "\(left) until \($0)" } ?? "\(left) today"
    }
}
