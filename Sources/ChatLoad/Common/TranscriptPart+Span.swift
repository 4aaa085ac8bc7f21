import ChatModel

extension TranscriptPart {
    /// Sets the time the transcript ran from the first and last times its log recorded (a
    /// sub-agent's own lines, tool results included). A start alone is kept; an end only with a
    /// start at or before it, so a log whose clock went backwards gives no span rather than a
    /// wrong one.
    mutating func setSpan(first: ChatDate?, last: ChatDate?) {
        // A bare day says nothing about when in it the work ran.
        let first = first?.hasTime == true ? first : nil, last = last?.hasTime == true ? last : nil
        started = first
        ended = nil
        if let first, let last, last.secondsSinceEpoch >= first.secondsSinceEpoch { ended = last }
    }

    /// The earliest and latest dates of `messages` (not of their transcripts: those are inside
    /// this one's time), for a log whose only times are its turns'.
    static func span(of messages: [Message]) -> (first: ChatDate, last: ChatDate)? {
        var first: ChatDate?, last: ChatDate?
        for date in messages.lazy.compactMap(\.date) where date.hasTime {
            if first.map({ date.secondsSinceEpoch < $0.secondsSinceEpoch }) ?? true { first = date }
            if last.map({ date.secondsSinceEpoch > $0.secondsSinceEpoch }) ?? true { last = date }
        }
        guard let first, let last else { return nil }
        return (first, last)
    }
}

extension ChatDate {
    /// The earlier of two dates, either of which may be missing.
    static func earlier(_ a: ChatDate?, _ b: ChatDate?) -> ChatDate? {
        guard let a, let b else { return a ?? b }
        return b.secondsSinceEpoch < a.secondsSinceEpoch ? b : a
    }

    /// The later of two dates, either of which may be missing.
    static func later(_ a: ChatDate?, _ b: ChatDate?) -> ChatDate? {
        guard let a, let b else { return a ?? b }
        return b.secondsSinceEpoch > a.secondsSinceEpoch ? b : a
    }
}
