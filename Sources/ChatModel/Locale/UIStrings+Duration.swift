extension UIStrings {
    /// A length of time in the language: "41 s", "2 min 5 s", "1 h 3 min" in English, "2分5秒" in
    /// Japanese; nil for a length that is not a time (negative, NaN). The one formatter for every
    /// length a page shows (the header's Time fact, the session overview, thinking, a sub-agent's
    /// row), so they read alike; the importers' English text is written with it too.
    package func duration(_ seconds: Double) -> String? {
        guard seconds.isFinite, seconds >= 0, seconds < 1e9 else { return nil }
        let total = Int(seconds.rounded())
        if total < 1 { return self[.lessThanASecond] }
        if total < 60 { return text(.durationSeconds, ["s": number(total)]) }
        if total < 3600 {
            return total % 60 == 0
                ? text(.durationMinutes, ["m": number(total / 60)])
                : text(.durationMinutesSeconds, ["m": number(total / 60), "s": number(total % 60)])
        }
        let minutes = (total % 3600) / 60
        return minutes == 0
            ? text(.durationHours, ["h": number(total / 3600)])
            : text(.durationHoursMinutes, ["h": number(total / 3600), "m": number(minutes)])
    }
}
