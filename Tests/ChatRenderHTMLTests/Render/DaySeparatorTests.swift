import Testing
@testable import ChatModel
@testable import ChatTheme
@testable import ChatPlan
@testable import ChatRenderHTML

/// A separator naming the new day sits between turns on different days, in the page's time zone.
@Suite struct DaySeparatorTests {
    func message(_ i: Int, _ iso: String?) -> Message {
        Message(id: "m\(i)", role: i % 2 == 0 ? .user : .assistant, text: "Turn \(i)", date: iso.flatMap { ChatDate(iso: $0) })
    }

    func page(_ messages: [Message], locale: PageLocale = .standard) -> String {
        var options = RenderOptions()
        options.locale = locale
        return TurnList.render(messages, assets: AssetTable(), options: options).description
    }

    func separators(_ html: String) -> [String] {
        html.components(separatedBy: "<p class=\"cr-day\">").dropFirst().map { String($0.prefix { $0 != "\n" }) }
    }

    @Test func separatorOnlyWhereTheDayChanges() {
        let html = page([
            message(0, "2026-05-01T22:00:00Z"), message(1, "2026-05-01T23:59:00Z"),
            message(2, "2026-05-02T00:01:00Z"), message(3, "2026-05-02T08:00:00Z"),
            message(4, "2026-05-04T09:00:00Z"),
        ])
        #expect(
            separators(html) == [
                "<time datetime=\"2026-05-02\">Saturday, May 2, 2026</time></p>",
                "<time datetime=\"2026-05-04\">Monday, May 4, 2026</time></p>",
            ])
        // Before the turn that starts the day, not after it.
        let turn2 = html.range(of: "id=\"cr-t2-h\"")!.lowerBound
        let first = html.range(of: "<p class=\"cr-day\">")!.lowerBound
        let turn1 = html.range(of: "id=\"cr-t1-h\"")!.lowerBound
        #expect(turn1 < first && first < turn2)
    }

    @Test func noSeparatorBeforeTheFirstTurnOrOnOneDay() {
        #expect(separators(page([message(0, "2026-05-01T08:00:00Z"), message(1, "2026-05-01T09:00:00Z")])).isEmpty)
        #expect(separators(page([message(0, nil), message(1, nil)])).isEmpty)
    }

    @Test func undatedTurnsAreSkippedWhenComparingDays() {
        let html = page([
            message(0, "2026-05-01T08:00:00Z"), message(1, nil), message(2, "2026-05-01T20:00:00Z"),
            message(3, nil), message(4, "2026-05-03"),
        ])
        #expect(separators(html) == ["<time datetime=\"2026-05-03\">Sunday, May 3, 2026</time></p>"])
    }

    @Test func theTimeZoneDecidesTheDay() {
        let turns = [message(0, "2026-05-01T20:00:00Z"), message(1, "2026-05-01T23:00:00Z")]
        #expect(separators(page(turns)).isEmpty)
        let berlin = PageLocale(tag: "en-GB", offsetSeconds: 2 * 3600)
        #expect(separators(page(turns, locale: berlin)) == ["<time datetime=\"2026-05-02\">Saturday 2 May 2026</time></p>"])
        let newYork = PageLocale(tag: "en-US", offsetSeconds: -4 * 3600)
        #expect(
            separators(page([message(0, "2026-05-02T02:00:00Z"), message(1, "2026-05-02T05:00:00Z")], locale: newYork))
                == ["<time datetime=\"2026-05-02\">Saturday, May 2, 2026</time></p>"])
    }

    @Test func weekdaysAcrossYearsAndBeforeTheEpoch() {
        let locale = PageLocale.standard
        #expect(locale.day(ChatDate(iso: "1970-01-01")!) == "Thursday, January 1, 1970")
        #expect(locale.day(ChatDate(iso: "1969-12-31T23:00:00Z")!) == "Wednesday, December 31, 1969")
        #expect(locale.day(ChatDate(iso: "2000-02-29")!) == "Tuesday, February 29, 2000")
        #expect(locale.day(ChatDate(iso: "2026-11-30T10:00:00Z")!) == "Monday, November 30, 2026")
        #expect(locale.isoDay(ChatDate(iso: "0001-01-01")!) == "0001-01-01")
    }

    /// Long conversations render in parallel chunks: a day change at a chunk boundary must still
    /// get its separator, exactly once, and the bytes must match a single-threaded render.
    @Test func chunkBoundariesChangeNothing() {
        let count = TurnList.parallelThreshold * 3
        let messages = (0..<count).map { i in
            message(i, i % 5 == 4 ? nil : "2026-01-\(String(format: "%02d", 1 + i / 40))T12:00:00Z")
        }
        let html = page(messages)
        #expect(separators(html).count == (count - 1) / 40)
        var serial = HTML()
        var previous: Int64?
        // The last two groups are marked as the end (always laid out).
        let endGroups = Set(Array(stride(from: 0, to: count, by: TurnList.groupSize)).suffix(2))
        for (i, m) in messages.enumerated() {
            if i % TurnList.groupSize == 0 {
                serial.append(endGroups.contains(i) ? "<div class=\"cr-turns cr-turns--end\">\n" : "<div class=\"cr-turns\">\n")
            }
            if let date = m.date {
                let day = PageLocale.standard.localDay(date)
                if let previous, previous != day { serial.append(TurnList.daySeparator(date, options: .init())) }
                previous = day
            }
            serial.append(TurnView.render(m, index: i, assets: AssetTable(), options: .init()))
            if i % TurnList.groupSize == TurnList.groupSize - 1 || i == count - 1 { serial.append("</div>\n") }
        }
        #expect(html == serial.description)
    }
}
