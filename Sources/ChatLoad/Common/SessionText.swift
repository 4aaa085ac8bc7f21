import ChatModel

/// How session logs' figures and lines read, for every agent's reader: tokens ("45.6k"), lengths
/// ("1 h 2 min"), time spans, a log line cut to one line, and the header's Time and Tokens facts.
enum SessionText {
    /// A command's printout as words: its terminal escapes (`ESC[1m` bold and the like) dropped,
    /// since a chip's detail is text, not a terminal.
    static func plain(_ text: String) -> String {
        guard text.containsBytes("\u{1B}") else { return text }
        var out = String.UnicodeScalarView()
        var scalars = text.unicodeScalars.makeIterator()
        while let scalar = scalars.next() {
            guard scalar == "\u{1B}" else { out.append(scalar); continue }
            // ESC [ parameters final-byte; any other escape drops its next character.
            guard let next = scalars.next(), next == "[" else { continue }
            while let c = scalars.next(), !(c.value >= 0x40 && c.value <= 0x7E) {}
        }
        return String(out)
    }

    /// The first line, at most 200 characters.
    static func oneLine(_ text: String) -> String {
        let line = text.trimmingASCIIWhitespace().prefix { $0 != "\n" && $0 != "\r" }
        return line.count > 200 ? String(line.prefix(199)) + "…" : String(line)
    }

    /// A title from the first prompt: its first line, at most 80 characters.
    static func titleLine(_ text: String) -> String {
        let line = oneLine(text)
        return line.count > 80 ? String(line.prefix(79)) + "…" : line
    }

    /// 1234 → "1,234", 45_600 → "45.6k", 2_300_000 → "2.3M".
    static func tokens(_ count: Tally) -> String { TokenCount.short(count) }

    /// 75 → "1 min 15 s", 3720 → "1 h 2 min", 9 → "9 s": English's words for a length, the same
    /// formatter a page in another language writes it with (``UIStrings/duration(_:)``).
    static func duration(_ seconds: Int) -> String {
        UIStrings.english.duration(Double(seconds)) ?? "\(seconds) s"
    }

    /// "2026-03-02 09:14 – 11:02 UTC (1 h 48 min)"; the second date is written out when the day changes.
    static func span(_ first: ChatDate, _ last: ChatDate) -> String {
        guard let (span, length) = spanAndLength(first, last) else { return spanText(first, last) }
        return "\(span) (\(duration(length)))"
    }

    /// The span without its length, and the length in seconds; nil for a span under a minute.
    static func spanAndLength(_ first: ChatDate, _ last: ChatDate) -> (String, Int)? {
        let length = Int(last.secondsSinceEpoch - first.secondsSinceEpoch)
        guard length >= 60 else { return nil }
        return (spanText(first, last), length)
    }

    /// "2026-03-31 09:12 – 09:23 UTC", or the start alone for a span under a minute.
    private static func spanText(_ first: ChatDate, _ last: ChatDate) -> String {
        func parts(_ date: ChatDate) -> (day: String, time: String) {
            let seconds = Int(date.secondsSinceEpoch)
            let days = seconds >= 0 ? seconds / 86400 : (seconds - 86399) / 86400
            let rest = seconds - days * 86400
            let (year, month, day) = ChatDate.civilFromDays(days)
            return (
                "\(year)-\(String(month).leftPadded(2))-\(String(day).leftPadded(2))",
                "\(String(rest / 3600).leftPadded(2)):\(String(rest / 60 % 60).leftPadded(2))"
            )
        }
        let a = parts(first), b = parts(last)
        let end = a.day == b.day ? b.time : "\(b.day) \(b.time)"
        let length = Int(last.secondsSinceEpoch - first.secondsSinceEpoch)
        if length < 60 { return "\(a.day) \(a.time) UTC" }
        return "\(a.day) \(a.time) – \(end) UTC"
    }

    /// The header's Time fact: "2026-03-02 09:14 – 11:02 UTC (1 h 48 min)", in the page's language.
    static func timeFact(_ first: ChatDate, _ last: ChatDate) -> ConversationFact {
        var fact = ConversationFact(.factTime, value: span(first, last))
        if let (span, seconds) = spanAndLength(first, last) {
            fact.valuePhrases = [UIPhrase(.timeSpan, ["span": span], seconds: Double(seconds))]
        }
        return fact
    }

    /// The header's Tokens fact ("96 in · 3,640 out · 1.2M cache read"); nil when all are zero.
    static func tokenFact(input: Tally, output: Tally, cacheRead: Tally = 0, cacheWrite: Tally = 0) -> ConversationFact? {
        guard !(input + output + cacheRead + cacheWrite).isZero else { return nil }
        var pieces = ["\(tokens(input)) in", "\(tokens(output)) out"]
        var phrases = [UIPhrase(.tokensIn, ["count": tokens(input)]), UIPhrase(.tokensOut, ["count": tokens(output)])]
        if cacheRead > 0 {
            pieces.append("\(tokens(cacheRead)) cache read")
            phrases.append(UIPhrase(.tokensCacheRead, ["count": tokens(cacheRead)]))
        }
        if cacheWrite > 0 {
            pieces.append("\(tokens(cacheWrite)) cache written")
            phrases.append(UIPhrase(.tokensCacheWritten, ["count": tokens(cacheWrite)]))
        }
        var fact = ConversationFact(.factTokens, value: pieces.joined(separator: " · "))
        fact.valuePhrases = phrases
        return fact
    }
}

extension String {
    /// Zeros in front up to `width` characters.
    func leftPadded(_ width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
