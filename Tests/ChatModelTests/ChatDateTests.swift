import Testing
@testable import ChatModel
import TestSupport

extension ModelTests {
    @Suite("ChatDate")
    struct ChatDateTests {
        // The accepted and rejected forms live in one file that Tests/schema/test_schema.py also checks
        // against the schema's date pattern, so the two grammars cannot drift apart.
        static let forms: [String: [String]] = (try? ConversationFixtures.stringLists("date-forms.json")) ?? [:]

        @Test func theSharedListOfFormsIsFound() {
            #expect(Self.forms["accepted", default: []].count >= 20)
            #expect(Self.forms["rejected", default: []].count >= 40)
        }

        @Test(arguments: forms["accepted", default: []])
        func acceptsTheISO8601FormsTheSchemaAllows(_ text: String) throws {
            let date = try #require(ChatDate(iso: text))
            #expect(date.iso == text)
        }

        @Test(arguments: forms["rejected", default: []])
        func rejectsEverythingElse(_ text: String) {
            #expect(ChatDate(iso: text) == nil)
        }

        // MARK: Instants

        private static func seconds(_ text: String) -> Int64? { ChatDate(iso: text)?.secondsSinceEpoch }

        @Test func countsSecondsFromTheUnixEpoch() {
            #expect(Self.seconds("1970-01-01") == 0)
            #expect(Self.seconds("1970-01-01T00:00:00Z") == 0)
            #expect(Self.seconds("1970-01-02") == 86_400)
            #expect(Self.seconds("2000-01-01T00:00:00Z") == 946_684_800)
            #expect(Self.seconds("2026-03-14T09:41:00Z") == 1_773_481_260)
            #expect(Self.seconds("1969-12-31T23:59:59Z") == -1)
            #expect(Self.seconds("0001-01-01T00:00:00Z") == -62_135_596_800)
        }

        @Test func aTimeWithoutAZoneIsUTC() {
            #expect(Self.seconds("2026-03-14T09:41:00") == Self.seconds("2026-03-14T09:41:00Z"))
            #expect(Self.seconds("2026-03-14T09:41") == Self.seconds("2026-03-14T09:41:00Z"))
        }

        @Test(arguments: [
            ("2026-03-14T09:41:00+05:30", "2026-03-14T04:11:00Z"),
            ("2026-03-14T09:41:00+0530", "2026-03-14T04:11:00Z"),
            ("2026-03-14T09:41:00+05", "2026-03-14T04:41:00Z"),
            ("2026-03-14T09:41:00-08:00", "2026-03-14T17:41:00Z"),
            ("2026-03-14T09:41:00-00:00", "2026-03-14T09:41:00Z"),
            ("2026-03-14T23:30:00-02:00", "2026-03-15T01:30:00Z"),
            ("2026-03-15T00:30:00+01:00", "2026-03-14T23:30:00Z"),
            ("2024-03-01T00:30:00+01:00", "2024-02-29T23:30:00Z"),
            ("2026-01-01T00:00:00+14:00", "2025-12-31T10:00:00Z"),
            ("2025-12-31T20:00:00-23:59", "2026-01-01T19:59:00Z"),
        ])
        func offsetsAreConvertedToUTC(_ local: String, _ utc: String) throws {
            let a = try #require(ChatDate(iso: local))
            let b = try #require(ChatDate(iso: utc))
            #expect(a.secondsSinceEpoch == b.secondsSinceEpoch)
            #expect(a.displayText == b.displayText)
            #expect(a.dayNumber == b.dayNumber)
        }

        @Test func fractionsOfASecondAreKeptOnlyInTheText() throws {
            let date = try #require(ChatDate(iso: "2026-03-14T09:41:07.999Z"))
            #expect(date.secondsSinceEpoch == Self.seconds("2026-03-14T09:41:07Z"))
            #expect(date.iso == "2026-03-14T09:41:07.999Z")
        }

        @Test func aLeapSecondCountsAsTheLastSecondOfTheMinute() {
            #expect(Self.seconds("2016-12-31T23:59:60Z") == Self.seconds("2016-12-31T23:59:59Z"))
        }

        // MARK: Shown text

        @Test(arguments: [
            ("2026-03-14T09:41:00Z", "Mar 14, 2026 at 9:41 AM"),
            ("2026-03-14T00:00:00Z", "Mar 14, 2026 at 12:00 AM"),
            ("2026-03-14T00:05Z", "Mar 14, 2026 at 12:05 AM"),
            ("2026-03-14T12:00:00Z", "Mar 14, 2026 at 12:00 PM"),
            ("2026-03-14T12:59Z", "Mar 14, 2026 at 12:59 PM"),
            ("2026-03-14T13:07Z", "Mar 14, 2026 at 1:07 PM"),
            ("2026-03-14T23:59:59Z", "Mar 14, 2026 at 11:59 PM"),
            ("2026-03-14T11:59:59.999Z", "Mar 14, 2026 at 11:59 AM"),
            ("2026-01-05T10:10Z", "Jan 5, 2026 at 10:10 AM"),
            ("2026-12-31T23:30:00-01:00", "Jan 1, 2027 at 12:30 AM"),
            ("1969-12-31T23:59:59Z", "Dec 31, 1969 at 11:59 PM"),
        ])
        func displayTextIsEnglishInUTCWithTwelveHourTime(_ iso: String, _ shown: String) {
            #expect(ChatDate(iso: iso)?.displayText == shown)
        }

        @Test(arguments: [
            ("2026-03-14", "Mar 14, 2026"),
            ("2024-02-29", "Feb 29, 2024"),
            ("2000-02-29", "Feb 29, 2000"),
            ("1999-12-31", "Dec 31, 1999"),
            ("2026-01-01", "Jan 1, 2026"),
            ("0001-01-01", "Jan 1, 1"),
        ])
        func aBareDateIsShownWithoutATime(_ iso: String, _ shown: String) throws {
            let date = try #require(ChatDate(iso: iso))
            #expect(!date.hasTime)
            #expect(date.displayText == shown)
        }

        @Test func aDateWithATimeSaysSo() {
            #expect(ChatDate(iso: "2026-03-14T00:00")?.hasTime == true)
            #expect(ChatDate(iso: "2026-03-14")?.hasTime == false)
        }

        @Test func everyMonthHasItsEnglishAbbreviation() {
            let shown = (1...12).map { month in
                ChatDate(iso: "2026-\(month < 10 ? "0" : "")\(month)-01")?.displayText ?? "?"
            }
            #expect(
                shown == [
                    "Jan 1, 2026", "Feb 1, 2026", "Mar 1, 2026", "Apr 1, 2026", "May 1, 2026", "Jun 1, 2026",
                    "Jul 1, 2026", "Aug 1, 2026", "Sep 1, 2026", "Oct 1, 2026", "Nov 1, 2026", "Dec 1, 2026",
                ])
        }

        // MARK: Calendar rules

        @Test(arguments: [2024, 2000, 1996, 2400, 4])
        func leapYearsHaveFebruary29(_ year: Int) {
            let text = String(repeating: "0", count: 4 - String(year).count) + "\(year)-02-29"
            #expect(ChatDate(iso: text) != nil)
        }

        @Test(arguments: [2026, 1900, 2100, 2023, 1])
        func otherYearsDoNot(_ year: Int) {
            let text = String(repeating: "0", count: 4 - String(year).count) + "\(year)-02-29"
            #expect(ChatDate(iso: text) == nil)
        }

        @Test func impossibleDaysAreRejected() {
            for text in ["2026-02-30", "2024-02-30", "2026-02-31", "2026-04-31", "2026-06-31", "2026-09-31", "2026-11-31", "2026-01-32"] {
                #expect(ChatDate(iso: text) == nil, "\(text)")
            }
        }

        @Test func theDayAfterFebruary28InALeapYearIsFebruary29() throws {
            let feb28 = try #require(ChatDate(iso: "2024-02-28"))
            let feb29 = try #require(ChatDate(iso: "2024-02-29"))
            let mar1 = try #require(ChatDate(iso: "2024-03-01"))
            #expect(feb29.dayNumber == feb28.dayNumber + 1)
            #expect(mar1.dayNumber == feb29.dayNumber + 1)
            let mar1NonLeap = try #require(ChatDate(iso: "2026-03-01"))
            let feb28NonLeap = try #require(ChatDate(iso: "2026-02-28"))
            #expect(mar1NonLeap.dayNumber == feb28NonLeap.dayNumber + 1)
        }

        @Test func dayNumbersSplitTurnsByUTCDay() throws {
            let late = try #require(ChatDate(iso: "2026-03-14T23:59:59Z"))
            let early = try #require(ChatDate(iso: "2026-03-15T00:00:00Z"))
            let before = try #require(ChatDate(iso: "1969-12-31T23:59:59Z"))
            #expect(early.dayNumber == late.dayNumber + 1)
            #expect(before.dayNumber == -1)
            #expect(ChatDate(iso: "1970-01-01T00:00:00Z")?.dayNumber == 0)
        }

        /// A few minutes' work is read to the second, on the page's own clock: the seconds follow
        /// the minutes whatever the language puts around them.
        @Test func aTimeWithSecondsKeepsTheLocalesClock() throws {
            let date = try #require(ChatDate(iso: "2026-03-04T14:02:07.905Z"))
            #expect(PageLocale.standard.time(date, seconds: true) == "2:02:07 PM")
            #expect(PageLocale.standard.time(date) == "2:02 PM")
            #expect(PageLocale(tag: "en-GB", offsetSeconds: 3600).time(date, seconds: true) == "15:02:07")
            var korean = PageLocale(tag: "ko")
            korean.strings = UIStrings(tag: "ko")
            korean.strings.set(.timeFormat, text: "{period} {h}:{mm}")
            korean.strings.set(.pm, text: "오후")
            #expect(korean.time(date, seconds: true) == "오후 2:02:07")
            #expect(korean.time(date) == "오후 2:02")
        }
    }
}
