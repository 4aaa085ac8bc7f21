import Foundation
import Testing
@testable import ChatModel
@testable import ChatLoad
@testable import ChatTheme
@testable import ChatPlan
@testable import ChatRenderHTML
@testable import ChatRender
import TestSupport

/// A site's insights page (`insights/index.html`) and its data files: the figures add up from
/// the entries' summaries as the index's totals do, each chart is named and has its table, every
/// name from the export is escaped (in the page, the JSON and the CSV), the page matches its
/// golden for a fixed archive, and a site of the test fixtures' agents has one.
@Suite struct InsightsPageTests {
    /// A session's entry with its summary: tokens by model, tools with failures, sub-agents,
    /// compactions, its length and duration.
    static func entry(
        _ title: String, _ iso: String?, agent: String?, project: String? = nil, model: String? = nil, turns: Int = 4,
        seconds: Double? = nil, usage: [ModelUsage] = [], tools: [SessionStats.ToolCount] = [], compactions: Int = 0
    ) -> ImportedEntry {
        let slug = ImportWriter.slug(title)
        var entry = ImportedEntry(
            title: title, file: "\(slug).json", slug: slug, date: iso.flatMap { ChatDate(iso: $0) }, messageCount: turns, project: project, agent: agent)
        entry.summary.model = model
        entry.summary.usage = usage
        var activity = SessionActivity()
        activity.turns = turns
        activity.seconds = seconds
        activity.tools = tools
        activity.subAgents = tools.first { $0.tool == .subAgent }?.count ?? 0
        activity.compactions = compactions
        entry.summary.activity = activity
        return entry
    }

    static func tokens(_ model: String?, input: Int, output: Int, cacheRead: Int = 0, recorded: Double? = nil) -> ModelUsage {
        ModelUsage(model: model, usage: TokenUsage(input: Tally(input), output: Tally(output), cacheRead: Tally(cacheRead), recordedCost: recorded))
    }

    static let prices = PriceTable(
        date: "2026-06-01",
        models: [
            "claude-sonnet-4-5": .init(input: 3, output: 15, cacheRead: 0.3, cacheWrite: 3.75),
            "gpt-5": .init(input: 1.25, output: 10, cacheRead: 0.125, cacheWrite: 0),
        ])

    /// A fixed archive: three agents, four projects, recorded and estimated costs, a model with no
    /// price, an undated session, tools that failed, sub-agents and compactions, and names that
    /// would be markup, a formula and a broken CSV line if they were not escaped.
    static let entries: [ImportedEntry] = [
        entry(
            "Fix the tide table rounding", "2026-06-09T14:05:00Z", agent: "Codex", project: "tides", model: "gpt-5", turns: 12, seconds: 1_500,
            usage: [tokens("gpt-5", input: 120_000, output: 8_000, cacheRead: 400_000)],
            tools: [.init(tool: .command, count: 9, failures: 2), .init(tool: .fileEdit, count: 4), .init(tool: .named("web_search"), count: 1)]),
        entry(
            "Why does make test fail", "2026-06-08T09:30:00Z", agent: "Claude Code", project: "shop", model: "claude-sonnet-4-5", turns: 30,
            seconds: 5_400, usage: [tokens("claude-sonnet-4-5", input: 2_000, output: 30_000, cacheRead: 900_000)],
            tools: [
                .init(tool: .named("Bash"), count: 14, failures: 3), .init(tool: .named("Read"), count: 11), .init(tool: .subAgent, count: 2),
                .init(tool: .named("mcp__github__create_issue"), count: 1, failures: 1),
            ], compactions: 1),
        entry(
            "Refactor the cart", "2026-05-20T22:45:00Z", agent: "opencode", project: "shop", model: "kimi-k2", turns: 7, seconds: 240,
            usage: [tokens("kimi-k2", input: 50_000, output: 4_000, recorded: 1.77)], tools: [.init(tool: .named("edit"), count: 3, failures: 0)]),
        entry(
            "<script>alert(1)</script> & \"quotes\"", "2026-03-02T07:00:00+02:00", agent: "Claude Code", project: "=HYPERLINK(\"x\")",
            model: "<b>model</b>", turns: 2, seconds: 30, usage: [tokens("<b>model</b>", input: 10, output: 5)],
            tools: [.init(tool: .named("<img src=x onerror=alert(1)>"), count: 1, failures: 1)]),
        entry("Notes, with a comma\nand a line", nil, agent: "Codex", project: nil, model: nil, turns: 1),
        entry("A quick question", "2025-12-18T16:04:00Z", agent: "Codex", project: "garden-api", model: "gpt-5", turns: 2, seconds: 20),
    ]

    static func insights(offset: Int = 0) -> SiteInsights {
        SiteInsights(entries, prices: prices, offsetSeconds: offset)
    }

    @Test func theFiguresAddUpAsTheIndexsTotalsDo() throws {
        let insights = Self.insights()
        let usage = Self.entries.reduce([ModelUsage]()) { ModelUsage.merged($0, $1.summary.usage) }
        #expect(insights.totals.sessions == 6)
        #expect(insights.totals.tokens == ModelUsage.total(usage).total)
        // Recorded where the agent recorded it; estimated for the rest, by the same prices.
        #expect(insights.totals.recorded == 1.77)
        let estimated = try #require(ModelUsage.cost(usage, Self.prices).dollars)
        #expect(abs(insights.totals.estimated - estimated) < 1e-9)
        #expect(insights.unpricedModels == ["<b>model</b>"])
        // Agents by sessions, then name; models by tokens.
        #expect(insights.agents == ["Codex", "Claude Code", "opencode"])
        #expect(insights.models.first == "claude-sonnet-4-5")
        #expect(insights.models.contains(nil), "the undated session names no model and still counts under one")
        // Days: five dated sessions on five days; the undated one is in no day.
        #expect(insights.days.map { InsightsWords.iso($0.day) } == ["2025-12-18", "2026-03-02", "2026-05-20", "2026-06-08", "2026-06-09"])
        #expect(insights.days.reduce(0) { $0 + $1.amounts.sessions } == 5)
        #expect(insights.untimed == 1)
        // More than 90 days: a bar a month, every month from the first to the last, empty ones too.
        #expect(insights.periodUnit == .month)
        #expect(insights.periods.count == 7)
        #expect(insights.periods.map { $0.total.sessions } == [1, 0, 0, 1, 0, 1, 2])
        for period in insights.periods {
            #expect(period.byModel.reduce(0) { $0 + $1.sessions } == period.total.sessions, "a session counts once by model too")
            #expect(period.byModel.reduce(Tally.zero) { $0 + $1.tokens } == period.total.tokens)
        }
        // Projects by sessions, then tokens; the undated session has none.
        #expect(insights.projects.map(\.name) == ["shop", "tides", "=HYPERLINK(\"x\")", "garden-api"])
        #expect(insights.projects[0].agents == ["Claude Code", "opencode"])
        // Tools by calls, failures by agent.
        let bash = try #require(insights.tools.first { $0.tool == .named("Bash") })
        #expect(insights.tools.first?.tool == .named("Bash"))
        #expect(bash.calls == [0, 14, 0] && bash.failures == [0, 3, 0])
        let commands = try #require(insights.tools.first { $0.tool == .command })
        #expect(commands.calls == [9, 0, 0] && commands.totalFailures == 2)
        // Lengths and durations in their bins; one session has no duration.
        #expect(insights.turnBins == [3, 0, 1, 1, 1, 0, 0, 0])
        #expect(insights.durationBins == [2, 1, 0, 1, 0, 1, 0, 0])
        #expect(insights.untimedDurations == 1)
        #expect(insights.agentWork.map(\.subAgents) == [0, 2, 0])
        #expect(insights.agentWork.map(\.compactions) == [0, 1, 0])
        #expect(insights.agentWork.map(\.sessionsWithCompactions) == [0, 1, 0])
    }

    @Test func hoursAndDaysAreThePagesTimeZones() {
        // 22:45 UTC on Wednesday 20 May is 00:45 on Thursday 21 May two hours east.
        let utc = Self.insights()
        let east = Self.insights(offset: 2 * 3600)
        #expect(utc.hourOfWeek[3 * 24 + 22] == 1)
        #expect(east.hourOfWeek[4 * 24 + 0] == 1)
        #expect(utc.days.map { InsightsWords.iso($0.day) }.contains("2026-05-20"))
        #expect(east.days.map { InsightsWords.iso($0.day) }.contains("2026-05-21"))
        #expect(utc.hourOfWeek.reduce(0, +) == 5)
    }

    @Test func aShortArchiveIsDrawnByWeekAndALongOneByYear() {
        let short = SiteInsights(Array(Self.entries.prefix(3)), prices: Self.prices, offsetSeconds: 0)
        #expect(short.periodUnit == .week)
        // Weeks start on Monday: 2026-05-18 holds the 20th; the 8th and 9th of June share one.
        #expect(short.periods.map { InsightsWords.iso($0.start) } == ["2026-05-18", "2026-05-25", "2026-06-01", "2026-06-08"])
        var old = Self.entries
        old[5].date = ChatDate(iso: "2018-01-01T00:00:00Z")
        #expect(SiteInsights(old, prices: Self.prices, offsetSeconds: 0).periodUnit == .year)
    }

    /// A session's failures by tool and its compactions, counted where its overview counts its
    /// calls and failures (so the two always agree).
    @Test func aSessionsFailuresByToolAndCompactionsAreCounted() {
        var turn = Message(id: "a", role: .assistant, text: "")
        let failed = ToolCallPart(name: "Bash", status: .error, result: "exit 1")
        var inner = Message(id: "s", role: .assistant, text: "")
        inner.parts = [.notice(NoticePart(kind: .compacted, text: "c"))]
        turn.parts = [
            .toolCall(failed), .toolCall(ToolCallPart(name: "Bash")), .terminal(TerminalPart(command: "make", output: "", exitCode: 2)),
            .notice(NoticePart(kind: .compacted, text: "Conversation compacted")),
            .transcript(TranscriptPart(title: "Explore", messages: [inner])),
        ]
        let stats = SessionStats([turn])
        #expect(stats.errors == 2)
        #expect(stats.tools.first { $0.tool == .named("Bash") }.map { ($0.count, $0.failures) } ?? (0, 0) == (2, 1))
        #expect(stats.tools.first { $0.tool == .command }?.failures == 1)
        #expect(stats.compactions == 2)
        let activity = SessionActivity(stats)
        #expect(activity.subAgents == 1 && activity.compactions == 2 && activity.turns == 1)
        // The summary a site makes keeps it.
        #expect(ConversationSummary([turn]).activity == activity)
    }

    static func render(_ insights: SiteInsights, locale: PageLocale = .standard) throws -> String {
        let theme = try SiteIndexPageTests.theme()
        let files = SiteIndexPageTests.files(theme, strings: locale.strings)
        var page = String(
            decoding: InsightsPage.render(insights, theme: theme, files: files, locale: locale, shards: 2, prices: Self.prices), as: UTF8.self)
        for (path, name) in [
            (files.stylesheetPath, "static/chatrender-HASH.css"), (files.scriptPath, "static/chatrender-HASH.js"),
            (files.insightsStylesheetPath ?? "-", "static/insights-HASH.css"),
        ] {
            #expect(page.components(separatedBy: path).count == 2, "\(name) once")
            page = page.replacingOccurrences(of: path, with: name)
        }
        return page
    }

    @Test func thePageMatchesItsGolden() throws {
        Golden.assertMatches(try Self.render(Self.insights()), named: "site/insights.html")
    }

    @Test func theDataFilesMatchTheirGoldens() throws {
        let files = InsightsData.files(Self.insights(), offsetSeconds: 0, prices: Self.prices)
        #expect(files.map(\.name) == InsightsData.fileNames)
        for file in files where file.name == "data.json" || file.name == "sessions.csv" || file.name == "tools.csv" {
            Golden.assertMatches(String(decoding: file.bytes, as: UTF8.self), named: "site/insights-\(file.name)")
        }
        // Every file reads back: the JSON as JSON, each CSV with its header's number of fields.
        let json = try #require(try JSONSerialization.jsonObject(with: Data(files[0].bytes)) as? [String: Any])
        #expect(json["sessions"] == nil, "a row per conversation is sessions.csv's")
        #expect(json["agents"] as? [String] == ["Codex", "Claude Code", "opencode"])
        #expect(((json["totals"] as? [String: Any])?["conversations"] as? Int) == 6)
    }

    @Test func everyChartIsNamedAndHasItsTable() throws {
        let page = try Self.render(Self.insights())
        let charts = page.matches(of: /<svg class="cr-chart-svg" role="img" aria-labelledby="([a-z0-9-]+)-t"[^>]*><title id="\1-t">([^<]+)<\/title>/).map {
            String($0.2)
        }
        #expect(
            charts == [
                "Activity by day", "Hour of the week", "Conversations by agent", "Tokens by agent", "Cost by agent", "Conversations by model",
                "Tokens by model", "Cost by model", "Top projects", "Tool use", "Conversation length", "Duration", "Sub-agent runs", "Compactions",
            ], "\(charts)")
        #expect(page.components(separatedBy: "<details class=\"cr-chart-data\">").count - 1 == charts.count)
        // A year of days, each its own mark with its title.
        let days = page.matches(of: /<rect class="cr-heat-\d"[^>]*><title>(\d{4}-\d\d-\d\d): [^<]*<\/title><\/rect>/)
        #expect(days.count == 365)
        #expect(page.contains("<title>2026-06-09: 1 conversation, 528k tokens</title>"))
        #expect(page.contains("<title>2026-06-07: 0 conversations</title>"))
        // Colours only through the stylesheet: no fill or colour written in the page.
        #expect(!page.contains("fill=") && !page.contains("style=") && !page.contains("rgb("))
        #expect(page.firstMatch(of: /#[0-9a-fA-F]{3,8}\b/) == nil)
        // The way back, and the files.
        #expect(page.contains("<a href=\"../index.html\">Conversations</a>"))
        for file in InsightsData.fileNames { #expect(page.contains("<a href=\"\(file)\" download>\(file)</a>")) }
    }

    @Test func everyNameFromTheExportIsEscaped() throws {
        let page = try Self.render(Self.insights())
        #expect(!page.contains("<script>alert") && !page.contains("<img src=x") && !page.contains("<b>model"))
        #expect(page.contains("&lt;b&gt;model&lt;/b&gt;"))
        #expect(page.contains("&lt;img src=x onerror=alert(1)&gt;"))
        let files = InsightsData.files(Self.insights(), offsetSeconds: 0, prices: Self.prices)
        let csv = String(decoding: try #require(files.first { $0.name == "projects.csv" }).bytes, as: UTF8.self)
        // A formula is text in a spreadsheet, and its quotes are doubled.
        #expect(csv.contains("\r\n\"'=HYPERLINK(\"\"x\"\")\",1,"), "\(csv)")
        let sessions = String(decoding: try #require(files.first { $0.name == "sessions.csv" }).bytes, as: UTF8.self)
        #expect(sessions.contains(",\"Notes, with a comma\nand a line\","))
        #expect(sessions.components(separatedBy: "\r\n").count == 8, "a header, six rows and the last line's end")
    }

    /// Names are data, never keys that could meet: a model called NUL beside turns naming none,
    /// an agent called "" beside sessions naming none, a project called like a page's folder.
    @Test func namesThatLookLikeNothingAreKeptApart() throws {
        let entries = [
            Self.entry("a", "2026-01-01T00:00:00Z", agent: "", project: "insights", model: "\u{0}", usage: [Self.tokens("\u{0}", input: 5, output: 1)]),
            Self.entry("b", "2026-01-02T00:00:00Z", agent: nil, project: "", model: nil, usage: [Self.tokens(nil, input: 7, output: 1)]),
        ]
        let insights = SiteInsights(entries, prices: .empty, offsetSeconds: 0)
        #expect(insights.models.count == 2 && insights.models.contains("\u{0}") && insights.models.contains(nil))
        #expect(insights.periods.reduce(0) { $0 + $1.byModel.reduce(0) { $0 + $1.sessions } } == 2)
        #expect(insights.agents == [""] && insights.projects.count == 2)
        _ = try Self.render(insights)
        _ = InsightsData.files(insights, offsetSeconds: 0, prices: .empty)
    }

    @Test func theInsightsSpeakThePagesLanguage() throws {
        let (strings, _) = try UIStrings.read(path: TestPaths.repo("templates/strings/de.json"), tag: "de")
        var locale = PageLocale(tag: "de-DE")
        locale.strings = strings
        let page = try Self.render(Self.insights(), locale: locale)
        #expect(page.contains("<html lang=\"de\""))
        #expect(page.contains("<h1 class=\"cr-title\">Einblicke</h1>"))
        #expect(page.contains("<title>2026-06-09: 1 Unterhaltung, 528k Tokens</title>"))
        #expect(page.contains(">Aktivität nach Tag<") && page.contains(">Stunde der Woche<"))
        for english in ["Activity by day", "Hour of the week", "Top projects", "Tool use", "Conversations by agent"] {
            #expect(!page.contains(">\(english)<"), "\(english)")
        }
    }

    @Test func aFolderWithNoDatesOrToolsSaysSoInsteadOfDrawingNothing() throws {
        let plain = SiteInsights([Self.entry("Hello", nil, agent: nil)], prices: .empty, offsetSeconds: 0)
        let page = try Self.render(plain)
        #expect(page.contains("No dated conversations.") && page.contains("No tool calls recorded.") && page.contains("No conversation names a project."))
        #expect(page.contains("No sub-agents or compactions recorded."))
        #expect(!page.contains("<svg class=\"cr-chart-svg\" role=\"img\" aria-labelledby=\"cr-i-days-t\""))
    }

    /// A site of one export names no agent (so a folder of its imported files, which do not
    /// either, has the same insights): no charts by agent, and its agent is null in the data.
    @Test func aSiteOfOneExportHasNoChartsByAgent() throws {
        let entries = Self.entries.map { entry in
            var entry = entry
            entry.agent = nil
            return entry
        }
        let insights = SiteInsights(entries, prices: Self.prices, offsetSeconds: 0)
        #expect(insights.agents == [""])
        let page = try Self.render(insights)
        #expect(!page.contains(">Conversations by agent<") && page.contains(">Conversations by model<"))
        #expect(page.contains("<text class=\"cr-bar-label\" x=\"130\" y=\"17\" text-anchor=\"end\">Conversations</text>"))
        let data = String(decoding: InsightsData.files(insights, offsetSeconds: 0, prices: Self.prices)[0].bytes, as: UTF8.self)
        #expect(data.contains("\"agents\": [null]"))
    }

    /// The test fixtures' agents (Claude Code, Codex, Gemini CLI, GitHub Copilot, Cursor and
    /// opencode), a folder each, rendered as one site by the built command: it has its insights,
    /// linked from the index, whose figures are the site's.
    @Test func aSiteOfTheFixturesAgentsHasInsights() throws {
        let temp = TestPaths.temporaryFolder("insights")
        defer { try? FileManager.default.removeItem(atPath: temp) }
        let logs = temp + "/logs"
        try FileManager.default.createDirectory(atPath: logs, withIntermediateDirectories: true)
        for (name, source) in [
            ("codex", "codex/sessions"), ("gemini", "gemini/tmp"), ("claude", "claude-code/projects"), ("cursor", "cursor/projects"),
            ("copilot", "copilot"), ("opencode", "opencode/data"),
        ] {
            try FileManager.default.copyItem(atPath: TestPaths.fixture("import/" + source), toPath: logs + "/" + name)
        }
        let run = try CLIRun.run(["render", logs, "--out", temp + "/site", "-q"])
        #expect(run.status == 0, "\(run.stderr)")
        let index = try String(contentsOfFile: temp + "/site/index.html", encoding: .utf8)
        #expect(index.contains("<a href=\"insights/index.html\">"))
        let page = try String(contentsOfFile: temp + "/site/insights/index.html", encoding: .utf8)
        let pages = try FileManager.default.contentsOfDirectory(atPath: temp + "/site").filter {
            FileManager.default.fileExists(atPath: temp + "/site/\($0)/index.html") && $0 != "insights"
        }
        let data = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: temp + "/site/insights/data.json"))) as? [String: Any])
        let totals = try #require(data["totals"] as? [String: Any])
        #expect(totals["conversations"] as? Int == pages.count)
        #expect(Set(data["agents"] as? [String] ?? []) == ["Claude Code", "Codex", "Cursor", "Gemini CLI", "GitHub Copilot", "opencode"])
        // Every agent's tool calls, sub-agents and compactions are there.
        let tools = try #require(data["tools"] as? [[String: Any]])
        let agentsWithTools = Set(tools.flatMap { ($0["byAgent"] as? [[String: Any]] ?? []).compactMap { $0["agent"] as? String } })
        #expect(agentsWithTools == ["Claude Code", "Codex", "Cursor", "Gemini CLI", "GitHub Copilot", "opencode"], "\(agentsWithTools)")
        let work = try #require(data["agentWork"] as? [[String: Any]])
        #expect(work.reduce(0) { $0 + ($1["subAgents"] as? Int ?? 0) } > 0 && work.reduce(0) { $0 + ($1["compactions"] as? Int ?? 0) } > 0)
        // The recorded cost of opencode is there as recorded.
        #expect((totals["costRecorded"] as? Double ?? 0) > 0)
        for name in ["Activity by day", "Hour of the week", "Tokens by agent", "Cost by model", "Top projects", "Tool use", "Sub-agent runs"] {
            #expect(page.contains(">\(name)</title>"), "\(name)")
        }
        for file in InsightsData.fileNames { #expect(FileManager.default.fileExists(atPath: temp + "/site/insights/" + file), "\(file)") }
        // Without them, asked: no folder and no link.
        #expect(try CLIRun.run(["render", logs, "--out", temp + "/plain", "-q", "--no-insights"]).status == 0)
        #expect(!FileManager.default.fileExists(atPath: temp + "/plain/insights"))
        #expect(!(try String(contentsOfFile: temp + "/plain/index.html", encoding: .utf8)).contains("insights/"))
    }
}
