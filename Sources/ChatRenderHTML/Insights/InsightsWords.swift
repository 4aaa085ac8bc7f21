import ChatModel
import ChatPlan

/// How the insights page writes its figures, in the page's language: counts, tokens, dollars,
/// shares, days and periods.
struct InsightsWords {
    let locale: PageLocale
    /// What sessions naming no agent are called: "Other conversations" beside named agents, and
    /// "Conversations" when no session names one (a site of one export).
    var unnamedAgent = ""
    var s: UIStrings { locale.strings }

    init(locale: PageLocale, agents: [String] = []) {
        self.locale = locale
        unnamedAgent = agents.contains { !$0.isEmpty } ? locale.strings[.otherAgent] : locale.strings[.conversations]
    }

    /// An agent as the page names it.
    func agent(_ name: String) -> String { name.isEmpty ? unnamedAgent : name }

    /// "14 conversations".
    func conversations(_ count: Int) -> String { s.counted(.conversationCount, count) }

    /// "1.2M" (the language's separators).
    func tokens(_ count: Tally) -> String { s.localized(decimal: TokenCount.short(count)) }

    /// "$1.23"; whole dollars from $100, as an axis reads them.
    func dollars(_ amount: Double) -> String {
        // Below the bound an Int holds the whole dollars; past it (or not a number) the bound is shown.
        let whole = amount.rounded()
        return whole >= 100 && whole < UsageText.largestDollars ? "$" + s.number(Int(whole)) : UsageText.dollars(amount, s)
    }

    /// An axis's dollars: "$0", "$5", "$2.50".
    func axisDollars(_ amount: Double) -> String {
        if amount == 0 { return "$0" }
        let whole = amount.rounded()
        if whole >= 1, amount == whole, whole < UsageText.largestDollars { return "$" + s.number(Int(whole)) }
        return UsageText.dollars(amount, s)
    }

    /// `part` of `whole` as a share: "4.2%" below 10%, "12%" above; "0%" of nothing.
    func percent(_ part: Int, of whole: Int) -> String {
        guard whole > 0, part > 0 else { return s.text(.percent, ["percent": "0"]) }
        let share = Double(part) / Double(whole) * 100
        let text: String
        if share < 10 {
            let tenths = max(1, Int((share * 10).rounded()))
            text = tenths % 10 == 0 ? String(tenths / 10) : s.localized(decimal: "\(tenths / 10).\(tenths % 10)")
        } else {
            text = String(Int(share.rounded()))
        }
        return s.text(.percent, ["percent": text])
    }

    /// `YYYY-MM-DD` of a day (days since 1970-01-01).
    static func iso(_ day: Int64) -> String {
        let (year, month, date) = ChatDate.civilFromDays(Int(day))
        if year >= 0 && year <= 9999 {
            // Ten ASCII digits and dashes, written in place: a year of days asks for hundreds.
            return String(unsafeUninitializedCapacity: 10) { out in
                let digits: [(Int, Int)] = [
                    (year / 1000 % 10, 0), (year / 100 % 10, 1), (year / 10 % 10, 2), (year % 10, 3), (month / 10, 5), (month % 10, 6), (date / 10, 8),
                    (date % 10, 9),
                ]
                for (digit, at) in digits { out[at] = UInt8(48 + digit) }
                out[4] = UInt8(ascii: "-")
                out[7] = UInt8(ascii: "-")
                return 10
            }
        }
        func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
        let y = String(abs(year))
        return "\(year < 0 ? "-" : "")\(String(repeating: "0", count: max(0, 4 - y.count)))\(y)-\(two(month))-\(two(date))"
    }

    /// A day as the page writes dates: "Jun 9, 2026".
    func day(_ day: Int64) -> String {
        guard let date = ChatDate(iso: Self.iso(day)) else { return Self.iso(day) }
        return locale.dateTime(date)
    }

    /// A day as a `<time>` element.
    func time(_ day: Int64) -> HTML {
        "<time datetime=\"\(Self.iso(day))\">\(self.day(day))</time>"
    }

    /// A period's name: "Week of Jun 8, 2026", "June 2026", "2026"; `short` for an axis:
    /// "Jun 8", "Jun 2026", "2026".
    func period(_ start: Int64, _ unit: SiteInsights.PeriodUnit, short: Bool = false) -> String {
        let (year, month, date) = ChatDate.civilFromDays(Int(start))
        switch unit {
        case .year:
            return String(year)
        case .month:
            let names = s.list(short ? .monthsShort : .monthsStandalone)
            return s.text(.monthYearFormat, ["month": names[max(0, min(names.count - 1, month - 1))], "year": String(year)])
        case .week:
            if short {
                if s.isEnglish {
                    let names = s.list(.monthsShort)
                    return locale.usesTwelveHours ? "\(names[month - 1]) \(date)" : "\(date) \(names[month - 1])"
                }
                return s.text(.shortDateFormat, ["day": "\(date)", "month": s.list(.months)[month - 1], "monthShort": s.list(.monthsShort)[month - 1]])
            }
            return s.text(.weekOf, ["date": day(start)])
        }
    }

    /// The column heading for periods of `unit`.
    func periodHeading(_ unit: SiteInsights.PeriodUnit) -> String {
        switch unit {
        case .week: s[.week]
        case .month: s[.month]
        case .year: s[.year]
        }
    }

    /// The hour `hour` (0–23) on the page's clock: "2 PM", "14:00".
    func hour(_ hour: Int) -> String {
        var plain = locale
        plain.offsetSeconds = 0
        guard let date = ChatDate(iso: "1970-01-01T\(hour < 10 ? "0" : "")\(hour):00:00Z") else { return String(hour) }
        let text = plain.time(date)
        // "2:00 PM" reads as "2 PM" on an axis.
        guard s.isEnglish, plain.usesTwelveHours, let colon = text.firstIndex(of: ":") else { return text }
        return String(text[..<colon]) + String(text[text.index(colon, offsetBy: 3)...])
    }

    /// "UTC", "UTC+02:00".
    var zone: String {
        let offset = locale.offsetSeconds
        guard offset != 0 else { return "UTC" }
        let minutes = abs(offset) / 60
        func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
        return "UTC\(offset < 0 ? "-" : "+")\(two(minutes / 60)):\(two(minutes % 60))"
    }
}
