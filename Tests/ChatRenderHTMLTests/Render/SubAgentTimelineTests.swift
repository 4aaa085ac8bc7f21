import Testing
@testable import ChatModel
@testable import ChatTheme
@testable import ChatPlan
@testable import ChatRenderHTML

/// Sub-agents a turn ran at the same time get a timeline where the turn started them; those that
/// ran one after the other, or whose times are not known, get none.
@Suite struct SubAgentTimelineTests {
    /// A transcript that ran from `start` to `end` ("10:02:06") on 2026-03-04.
    static func agent(_ title: String, _ start: String?, _ end: String?) -> TurnPart {
        func date(_ clock: String?) -> ChatDate? { clock.flatMap { ChatDate(iso: "2026-03-04T\($0)Z") } }
        let prompt = Message(id: "p", role: .user, text: "Go")
        return .transcript(TranscriptPart(title: title, messages: [prompt], started: date(start), ended: date(end)))
    }

    /// The assistant's turn with `parts`, as the page draws it.
    static func turn(_ parts: [TurnPart], options: RenderOptions = RenderOptions()) -> String {
        var message = Message(id: "m", role: .assistant, text: "")
        message.parts = parts
        return TurnView.render(message, index: 1, assets: AssetTable(), options: options).description
    }

    /// The timelines of `html`, each from its opening tag to its end.
    static func rails(_ html: String) -> [String] {
        html.components(separatedBy: "<div class=\"cr-rail\"").dropFirst().map { "<div class=\"cr-rail\"" + $0.components(separatedBy: "</ol>")[0] }
    }

    @Test func overlappingAgentsGetATimelineBeforeTheirTranscripts() throws {
        let html = Self.turn([
            .text("Two at once."),
            Self.agent("Explore agent: Find callers", "10:02:06", "10:03:12"),
            Self.agent("Plan agent: Review tests", "10:02:08", "10:04:17"),
            .text("Both done."),
        ])
        let rails = Self.rails(html)
        try #require(rails.count == 1)
        let rail = rails[0]
        // Where the turn started them: after the text before, before the first transcript.
        let railAt = try #require(html.range(of: "<div class=\"cr-rail\""))
        let firstAgent = try #require(html.range(of: "<details class=\"cr-part cr-part--transcript\" id=\"cr-t1-p1\""))
        let textBefore = try #require(html.range(of: "Two at once."))
        #expect(textBefore.upperBound < railAt.lowerBound && railAt.upperBound < firstAgent.lowerBound)
        // A list named by its caption; each row a link to its transcript with its name, times and length.
        #expect(rail.contains("<p class=\"cr-rail-caption\" id=\"cr-t1-p1-rail-h\">Sub-agents, 2 running in parallel</p>"))
        #expect(rail.contains("<ol class=\"cr-rail-list\" aria-labelledby=\"cr-t1-p1-rail-h\">"))
        #expect(
            rail.contains(
                "<a class=\"cr-rail-link\" href=\"#cr-t1-p1\"><span class=\"cr-rail-name\" dir=\"auto\">Explore agent: Find callers</span> <span class=\"cr-rail-time\"><time datetime=\"2026-03-04T10:02:06Z\">10:02:06 AM</time>–<time datetime=\"2026-03-04T10:03:12Z\">10:03:12 AM</time> (1 min 6 s)</span>"
            ))
        #expect(rail.contains("<a class=\"cr-rail-link\" href=\"#cr-t1-p2\">"))
        #expect(rail.contains("10:02:08 AM</time>–<time datetime=\"2026-03-04T10:04:17Z\">10:04:17 AM</time> (2 min 9 s)"))
        // Bars placed in the group's 131 seconds: the first from 0 for 66 s, the second from 2 s to the end.
        #expect(rail.contains("<rect class=\"cr-rail-bar\" x=\"0%\" y=\"0\" width=\"50.4%\" height=\"100%\" rx=\"4\"/>"))
        #expect(rail.contains("<rect class=\"cr-rail-bar\" x=\"1.5%\" y=\"0\" width=\"98.5%\" height=\"100%\" rx=\"4\"/>"))
        // Drawn for the eye only: no inline style, which the page's policy would block.
        #expect(rail.contains("<svg class=\"cr-rail-track\" aria-hidden=\"true\" focusable=\"false\">"))
        #expect(!rail.contains("style="))
        #expect(html.contains("<div class=\"cr-rail-axis\" aria-hidden=\"true\"><span>10:02:06 AM</span><span>10:04:17 AM</span></div>"))
    }

    @Test func rowsGoInTheOrderTheAgentsStarted() throws {
        let html = Self.turn([
            Self.agent("Late", "10:00:30", "10:01:00"),
            Self.agent("Early", "10:00:00", "10:00:45"),
        ])
        let rail = try #require(Self.rails(html).first)
        let early = try #require(rail.range(of: ">Early<")), late = try #require(rail.range(of: ">Late<"))
        #expect(early.lowerBound < late.lowerBound)
        #expect(rail.contains("href=\"#cr-t1-p1\"><span class=\"cr-rail-name\" dir=\"auto\">Early"))
        // The timeline still stands before the first transcript of the turn.
        #expect(html.range(of: "cr-rail")!.lowerBound < html.range(of: "id=\"cr-t1-p0\"")!.lowerBound)
    }

    @Test func agentsThatRanOneAfterTheOtherGetNone() {
        // Apart, and one starting the second the other ended.
        #expect(Self.rails(Self.turn([Self.agent("A", "10:00:00", "10:00:40"), Self.agent("B", "10:00:50", "10:01:30")])).isEmpty)
        #expect(Self.rails(Self.turn([Self.agent("A", "10:00:00", "10:00:40"), Self.agent("B", "10:00:40", "10:01:30")])).isEmpty)
        // One agent alone, agents without times, and one of two without its end.
        #expect(Self.rails(Self.turn([Self.agent("A", "10:00:00", "10:00:40")])).isEmpty)
        #expect(Self.rails(Self.turn([Self.agent("A", nil, nil), Self.agent("B", nil, nil)])).isEmpty)
        #expect(Self.rails(Self.turn([Self.agent("A", "10:00:00", "10:00:40"), Self.agent("B", "10:00:10", nil)])).isEmpty)
    }

    @Test func eachRunOfOverlappingAgentsIsAGroupOfItsOwn() {
        let parts = [
            Self.agent("A", "10:00:00", "10:00:40"), Self.agent("B", "10:00:20", "10:01:00"),
            .text("Then two more."),
            Self.agent("C", "10:02:00", "10:03:00"), Self.agent("D", "10:02:59", "10:03:30"), Self.agent("E", "10:03:10", "10:03:20"),
            Self.agent("F", "10:05:00", "10:06:00"),
        ]
        let groups = SubAgentTimeline.groups(in: parts)
        #expect(groups.keys.sorted() == [0, 3])
        #expect(groups[0]?.members == [0, 1])
        #expect(groups[3]?.members == [3, 4, 5])
        #expect(groups[3]?.first.iso == "2026-03-04T10:02:00Z" && groups[3]?.last.iso == "2026-03-04T10:03:30Z")
        let html = Self.turn(parts)
        #expect(Self.rails(html).count == 2)
        #expect(html.contains("Sub-agents, 3 running in parallel"))
    }

    @Test func aBarTooShortToSeeIsDrawnAPerCentLongInsideTheTrack() {
        #expect(SubAgentTimeline.bar(from: 0, length: 60, total: 120) == ("0", "50"))
        #expect(SubAgentTimeline.bar(from: 40, length: 40, total: 120) == ("33.3", "33.3"))
        #expect(SubAgentTimeline.bar(from: 50, length: 0, total: 100) == ("50", "1"))
        #expect(SubAgentTimeline.bar(from: 100, length: 0, total: 100) == ("99", "1"))
        #expect(SubAgentTimeline.bar(from: 0, length: 0, total: 0) == ("0", "100"))
    }

    @Test func theTimelineSpeaksThePagesLanguage() throws {
        var options = RenderOptions()
        options.locale = PageLocale(tag: "de-DE", offsetSeconds: 3600)
        var german = UIStrings(tag: "de")
        german.set(.subAgentsInParallel, forms: [.one: "Sub-Agenten, {count} läuft parallel", .other: "Sub-Agenten, {count} laufen parallel"])
        german.set(.durationMinutesSeconds, text: "{m} min {s} s")
        options.strings = german
        let html = Self.turn([Self.agent("A", "10:02:06", "10:03:12"), Self.agent("B", "10:02:08", "10:04:17")], options: options)
        let rail = try #require(Self.rails(html).first)
        #expect(rail.contains(">Sub-Agenten, 2 laufen parallel</p>"))
        #expect(rail.contains(">11:02:06</time>–<time datetime=\"2026-03-04T10:03:12Z\">11:03:12</time> (1 min 6 s)"))
    }
}
