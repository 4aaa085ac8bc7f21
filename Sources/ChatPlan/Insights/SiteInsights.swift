import ChatModel

/// The whole archive at a glance: what a site's insights page (`insights/index.html`) draws and
/// its `data.json` and CSV files hold, gathered from the summaries the site's index already has
/// (``ImportedEntry/summary``), never from the sessions themselves: one pass over the entries,
/// however long their sessions were.
///
/// Every figure adds up the same way the index's totals do: tokens as saturating ``Tally`` sums,
/// cost as what the agent recorded where it recorded it and an estimate from `prices` for the rest
/// (models without a price are named in ``unpricedModels`` and counted as nothing). Days and hours
/// are the page's time zone's (`--time-zone`), so the page is the same on every machine.
package struct SiteInsights: Sendable, Equatable {
    /// Sessions, tokens and cost: what every chart adds up.
    package struct Amounts: Sendable, Equatable {
        package var sessions = 0
        package var tokens = Tally.zero
        /// US dollars the agents recorded.
        package var recorded = 0.0
        /// US dollars estimated from list prices, for tokens with no recorded cost.
        package var estimated = 0.0

        package init() {}

        /// Recorded and estimated, together.
        package var cost: Double { recorded + estimated }

        package static func += (a: inout Amounts, b: Amounts) {
            a.sessions += b.sessions
            a.tokens += b.tokens
            a.recorded += b.recorded
            a.estimated += b.estimated
        }
    }

    /// One session as the insights see it: also a row of `sessions.csv`.
    package struct Session: Sendable, Equatable {
        package var slug: String
        package var title: String
        package var date: ChatDate?
        /// The agent's name (``SiteInsights/agents``); "" for a session whose entry names none
        /// (every session of a site of one export).
        package var agent: String
        package var project: String?
        /// The model that wrote most of the replies.
        package var model: String?
        package var turns: Int
        package var seconds: Double?
        package var usage: TokenUsage
        package var amounts: Amounts
        package var toolCalls: Int
        package var failedCalls: Int
        package var subAgents: Int
        package var compactions: Int
    }

    /// How long a bar of the charts over time is.
    package enum PeriodUnit: String, Sendable, Equatable {
        case week, month, year
    }

    /// One bar of the charts over time: its first day and what fell in it, by agent and by model
    /// (in the order of ``agents`` and ``models``).
    package struct Period: Sendable, Equatable {
        /// Days since 1970-01-01 of its first day (a Monday for weeks).
        package var start: Int64
        package var byAgent: [Amounts]
        package var byModel: [Amounts]

        package var total: Amounts { byAgent.reduce(into: Amounts()) { $0 += $1 } }
    }

    /// A project, for the list of the busiest.
    package struct Project: Sendable, Equatable {
        /// As the export names it ("" for a project with no name).
        package var name: String
        package var amounts: Amounts
        /// Its agents, most sessions first.
        package var agents: [String]
        /// Days since 1970-01-01 of its latest session, when dated.
        package var lastDay: Int64?
    }

    /// Calls of one tool (or kind of call), by agent (in the order of ``agents``).
    package struct Tool: Sendable, Equatable {
        package var tool: SessionStats.Tool
        package var calls: [Int]
        package var failures: [Int]

        package var totalCalls: Int { calls.reduce(0, +) }
        package var totalFailures: Int { failures.reduce(0, +) }
    }

    /// What one agent's sessions handed to sub-agents and how often they were compacted.
    package struct AgentWork: Sendable, Equatable {
        package var agent: String
        package var sessions = 0
        package var sessionsWithSubAgents = 0
        package var subAgents = 0
        package var sessionsWithCompactions = 0
        package var compactions = 0
    }

    /// The sessions, newest first, as the index lists them.
    package var sessions: [Session] = []
    /// Everything added up.
    package var totals = Amounts()
    /// Agents, most sessions first (equals by name); "" stands for sessions that name none.
    package var agents: [String] = []
    /// Models, most tokens first (equals by name); nil is turns naming no model.
    package var models: [String?] = []
    /// Models with tokens and no price (their tokens count, their cost does not).
    package var unpricedModels: [String?] = []
    /// Days with sessions (days since 1970-01-01, in the page's time zone), in order.
    package var days: [(day: Int64, amounts: Amounts)] = []
    /// Sessions started in each hour of the week: `[weekday * 24 + hour]`, Sunday first.
    package var hourOfWeek = [Int](repeating: 0, count: 7 * 24)
    /// Sessions whose start has no time of day (a bare date) or no date at all.
    package var untimed = 0
    package var periodUnit = PeriodUnit.month
    /// Every period from the first session's to the last's, empty ones included.
    package var periods: [Period] = []
    /// Projects, most sessions first.
    package var projects: [Project] = []
    /// Tools, most calls first.
    package var tools: [Tool] = []
    /// Sessions by length in turns: a count per ``turnBounds`` bin.
    package var turnBins = [Int](repeating: 0, count: SiteInsights.turnBounds.count)
    /// Sessions by duration: a count per ``durationBounds`` bin; sessions with fewer than two
    /// dated turns are in ``untimedDurations``.
    package var durationBins = [Int](repeating: 0, count: SiteInsights.durationBounds.count)
    package var untimedDurations = 0
    /// Per agent, in the order of ``agents``.
    package var agentWork: [AgentWork] = []

    /// The least number of turns of each bin of ``turnBins``.
    package static let turnBounds = [0, 3, 6, 11, 21, 51, 101, 201]
    static let turnBoundsAsDoubles = turnBounds.map(Double.init)
    /// The least number of seconds of each bin of ``durationBounds``.
    package static let durationBounds: [Double] = [0, 60, 300, 900, 1800, 3600, 7200, 14400]

    /// Equality of everything, the days' tuples included.
    package static func == (a: SiteInsights, b: SiteInsights) -> Bool {
        a.sessions == b.sessions && a.totals == b.totals && a.agents == b.agents && a.models == b.models
            && a.unpricedModels == b.unpricedModels && a.days.map(\.day) == b.days.map(\.day)
            && a.days.map(\.amounts) == b.days.map(\.amounts) && a.hourOfWeek == b.hourOfWeek && a.untimed == b.untimed
            && a.periodUnit == b.periodUnit && a.periods == b.periods && a.projects == b.projects && a.tools == b.tools
            && a.turnBins == b.turnBins && a.durationBins == b.durationBins && a.untimedDurations == b.untimedDurations
            && a.agentWork == b.agentWork
    }

    package init() {}

    /// The insights of `entries` (a site's index), with costs estimated by `prices` and days in
    /// the time zone `offsetSeconds` east of UTC.
    package init(_ entries: [ImportedEntry], prices: PriceTable, offsetSeconds: Int) {
        let locale = PageLocale(offsetSeconds: offsetSeconds)
        var agentTotals: [String: Amounts] = [:]
        // Models by tokens spent, then by sessions they led: a chat export records no tokens,
        // and its sessions still count under their model.
        var modelTokens: [String?: Tally] = [:], modelSessions: [String?: Int] = [:]
        var unpriced: [String?] = []
        // A model's price is looked up once (the lookup normalises the name), and each model's
        // share of a session is worked out once, for the totals and again for the periods.
        var priceOf: [String: PriceTable.ModelPrice?] = [:]
        func price(_ model: String?) -> PriceTable.ModelPrice? {
            guard let model else { return nil }
            if let known = priceOf[model] { return known }
            let found = prices.price(for: model)
            priceOf[model] = found
            return found
        }
        var parts: [[(model: String?, amounts: Amounts)]] = []
        var localDays: [Int64?] = []
        parts.reserveCapacity(entries.count)
        sessions.reserveCapacity(entries.count)
        for entry in entries {
            let summary = entry.summary
            var amounts = Amounts()
            amounts.sessions = 1
            var shares: [(model: String?, amounts: Amounts)] = []
            for item in summary.usage {
                var part = Amounts()
                part.tokens = item.usage.total
                if let recorded = item.usage.recordedCost {
                    part.recorded = recorded
                } else if !item.usage.total.isZero {
                    if let known = price(item.model) {
                        part.estimated = known.cost(of: item.usage)
                    } else if !unpriced.contains(item.model) {
                        unpriced.append(item.model)
                    }
                }
                amounts.tokens += part.tokens
                amounts.recorded += part.recorded
                amounts.estimated += part.estimated
                shares.append((item.model, part))
                modelTokens[item.model, default: .zero] += item.usage.total
            }
            parts.append(shares)
            localDays.append(entry.date.map { locale.localDay($0) })
            modelSessions[summary.model, default: 0] += 1
            if modelTokens[summary.model] == nil { modelTokens[summary.model] = .zero }
            let activity = summary.activity
            let agent = entry.agent ?? ""
            agentTotals[agent, default: Amounts()] += amounts
            totals += amounts
            sessions.append(
                Session(
                    slug: entry.slug, title: entry.title, date: entry.date, agent: agent, project: entry.project, model: summary.model,
                    turns: activity.turns, seconds: activity.seconds, usage: ModelUsage.total(summary.usage), amounts: amounts,
                    toolCalls: activity.tools.reduce(0) { $0 + $1.count }, failedCalls: activity.tools.reduce(0) { $0 + $1.failures },
                    subAgents: activity.subAgents, compactions: activity.compactions))
        }
        unpricedModels = unpriced
        // Sessions naming no agent last, as the index's "Other conversations".
        agents = agentTotals.keys.sorted { a, b in
            if a.isEmpty != b.isEmpty { return !a.isEmpty }
            return agentTotals[a]!.sessions != agentTotals[b]!.sessions ? agentTotals[a]!.sessions > agentTotals[b]!.sessions : a < b
        }
        models = modelTokens.keys.sorted { a, b in
            if modelTokens[a]! != modelTokens[b]! { return modelTokens[a]! > modelTokens[b]! }
            if modelSessions[a, default: 0] != modelSessions[b, default: 0] { return modelSessions[a, default: 0] > modelSessions[b, default: 0] }
            // Turns naming no model last among equals.
            switch (a, b) {
            case (let x?, let y?): return x < y
            case (_?, nil): return true
            default: return false
            }
        }
        let agentIndex = Dictionary(uniqueKeysWithValues: agents.enumerated().map { ($0.element, $0.offset) })
        let modelIndex = Dictionary(uniqueKeysWithValues: models.enumerated().map { ($0.element, $0.offset) })

        // By day, by hour of the week, and the span the periods cover.
        var byDay: [Int64: Amounts] = [:]
        for (session, localDay) in zip(sessions, localDays) {
            guard let date = session.date, let localDay else { untimed += 1; continue }
            byDay[localDay, default: Amounts()] += session.amounts
            guard date.hasTime else { untimed += 1; continue }
            let local = date.secondsSinceEpoch + Int64(offsetSeconds)
            let day = Self.floorDiv(local, 86400)
            let weekday = Int(Self.floorMod(day + 4, 7))  // 1970-01-01 was a Thursday
            hourOfWeek[weekday * 24 + Int((local - day * 86400) / 3600)] += 1
        }
        days = byDay.keys.sorted().map { ($0, byDay[$0]!) }
        if let first = days.first?.day, let last = days.last?.day {
            periodUnit = last - first <= 90 ? .week : last - first <= 6 * 366 ? .month : .year
            var starts: [Int64] = []
            var start = Self.periodStart(first, periodUnit)
            while start <= last {
                starts.append(start)
                start = Self.periodStart(start, periodUnit, next: true)
            }
            let position = Dictionary(uniqueKeysWithValues: starts.enumerated().map { ($0.element, $0.offset) })
            periods = starts.map {
                Period(start: $0, byAgent: Array(repeating: Amounts(), count: agents.count), byModel: Array(repeating: Amounts(), count: models.count))
            }
            for (n, session) in sessions.enumerated() {
                guard let day = localDays[n], let at = position[Self.periodStart(day, periodUnit)] else { continue }
                periods[at].byAgent[agentIndex[session.agent]!] += session.amounts
                // A session counts once, under its main model; its tokens and cost under the
                // models that spent them.
                periods[at].byModel[modelIndex[session.model]!].sessions += 1
                for share in parts[n] { periods[at].byModel[modelIndex[share.model]!] += share.amounts }
            }
        }

        // Projects.
        var projectTotals: [String: Project] = [:]
        var projectAgents: [String: [String: Int]] = [:]
        for (session, localDay) in zip(sessions, localDays) {
            guard let name = session.project else { continue }
            var project = projectTotals[name] ?? Project(name: name, amounts: Amounts(), agents: [], lastDay: nil)
            project.amounts += session.amounts
            if let localDay { project.lastDay = max(project.lastDay ?? .min, localDay) }
            projectTotals[name] = project
            projectAgents[name, default: [:]][session.agent, default: 0] += 1
        }
        projects = projectTotals.values.map { project in
            var project = project
            let counts = projectAgents[project.name] ?? [:]
            project.agents = counts.keys.sorted { counts[$0]! != counts[$1]! ? counts[$0]! > counts[$1]! : $0 < $1 }
            return project
        }.sorted { a, b in
            if a.amounts.sessions != b.amounts.sessions { return a.amounts.sessions > b.amounts.sessions }
            if a.amounts.tokens != b.amounts.tokens { return a.amounts.tokens > b.amounts.tokens }
            return a.name < b.name
        }

        // Tools by agent, lengths and durations, sub-agents and compactions.
        var toolIndex: [SessionStats.Tool: Int] = [:]
        agentWork = agents.map { AgentWork(agent: $0) }
        for (session, entry) in zip(sessions, entries) {
            let a = agentIndex[session.agent]!
            for count in entry.summary.activity.tools {
                let at: Int
                if let known = toolIndex[count.tool] {
                    at = known
                } else {
                    at = tools.count
                    toolIndex[count.tool] = at
                    tools.append(Tool(tool: count.tool, calls: Array(repeating: 0, count: agents.count), failures: Array(repeating: 0, count: agents.count)))
                }
                tools[at].calls[a] += count.count
                tools[at].failures[a] += count.failures
            }
            turnBins[Self.bin(Double(session.turns), Self.turnBoundsAsDoubles)] += 1
            if let seconds = session.seconds, seconds.isFinite, seconds >= 0 {
                durationBins[Self.bin(seconds, Self.durationBounds)] += 1
            } else {
                untimedDurations += 1
            }
            agentWork[a].sessions += 1
            agentWork[a].subAgents += session.subAgents
            agentWork[a].compactions += session.compactions
            if session.subAgents > 0 { agentWork[a].sessionsWithSubAgents += 1 }
            if session.compactions > 0 { agentWork[a].sessionsWithCompactions += 1 }
        }
        let toolOrder = tools.enumerated().sorted { a, b in
            a.element.totalCalls != b.element.totalCalls ? a.element.totalCalls > b.element.totalCalls : a.offset < b.offset
        }
        tools = toolOrder.map(\.element)
    }

    /// The bin of `value`: the last whose bound it reaches.
    static func bin(_ value: Double, _ bounds: [Double]) -> Int {
        (bounds.lastIndex { value >= $0 } ?? 0)
    }

    /// The first day of the period holding `day` (with `next`, of the period after it).
    package static func periodStart(_ day: Int64, _ unit: PeriodUnit, next: Bool = false) -> Int64 {
        switch unit {
        case .week:
            // Weeks start on Monday (ISO 8601); 1970-01-01 was a Thursday.
            let monday = day - floorMod(day + 3, 7)
            return next ? monday + 7 : monday
        case .month, .year:
            var (year, month, _) = ChatDate.civilFromDays(Int(day))
            if unit == .year { month = 1 }
            if next {
                if unit == .year { year += 1 } else if month == 12 { year += 1; month = 1 } else { month += 1 }
            }
            return Int64(ChatDate.daysFromCivil(year: year, month: month, day: 1))
        }
    }

    static func floorDiv(_ a: Int64, _ b: Int64) -> Int64 { a >= 0 ? a / b : -((-a + b - 1) / b) }
    static func floorMod(_ a: Int64, _ b: Int64) -> Int64 { ((a % b) + b) % b }
}
