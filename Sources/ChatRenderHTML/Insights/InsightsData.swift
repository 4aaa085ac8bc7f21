import ChatModel
import ChatPlan

/// The insights' figures as files beside the page, for people who want charts of their own:
/// `data.json` (every figure the page draws, the same sums its tables hold), `sessions.csv` (a
/// row per conversation, what those sums are made of) and a CSV file per table (RFC 4180: comma
/// separated, fields with a comma, quote or line break quoted, lines ended by CRLF). Figures are
/// language-free (ISO dates, plain numbers, dollars to six decimals); names are as the export
/// gives them. A CSV field of text that a spreadsheet would read as a formula (`=`, `+`, `-`, `@`)
/// gets a `'` before it, so opening the file runs nothing from the export.
package enum InsightsData {
    /// The files, in the order the page lists them.
    package static let fileNames = ["data.json", "sessions.csv", "days.csv", "hours.csv", "periods.csv", "projects.csv", "tools.csv"]

    /// Every file's bytes, by name.
    package static func files(_ insights: SiteInsights, offsetSeconds: Int, prices: PriceTable) -> [(name: String, bytes: [UInt8])] {
        var files: [(name: String, bytes: [UInt8])] = []
        files.append(("data.json", json(insights, offsetSeconds: offsetSeconds, prices: prices)))
        files.append(("sessions.csv", csv(sessionColumns, insights.sessions.map(sessionRow))))
        let days: [[Field]] = insights.days.map { [.text(iso($0.day))] + amounts($0.amounts) }
        files.append(("days.csv", csv(["date", "conversations", "tokens", "cost_recorded", "cost_estimated"], days)))
        var hours: [[Field]] = []
        for row in 0..<7 {
            let weekday = (row + 1) % 7
            for hour in 0..<24 {
                hours.append([.text(weekdays[weekday]), .number(hour), .number(insights.hourOfWeek[weekday * 24 + hour])])
            }
        }
        files.append(("hours.csv", csv(["weekday", "hour", "conversations"], hours)))
        let periodColumns = ["period", "start", "by", "series", "conversations", "tokens", "cost_recorded", "cost_estimated"]
        files.append(("periods.csv", csv(periodColumns, periodRows(insights))))
        var projects: [[Field]] = []
        for project in insights.projects {
            let tail: [Field] = [.text(project.agents.joined(separator: "; ")), .text(project.lastDay.map(iso) ?? "")]
            projects.append([.text(project.name)] + amounts(project.amounts) + tail)
        }
        let projectColumns = ["project", "conversations", "tokens", "cost_recorded", "cost_estimated", "agents", "last_active"]
        files.append(("projects.csv", csv(projectColumns, projects)))
        files.append(("tools.csv", csv(["tool", "kind", "agent", "calls", "failed"], toolRows(insights))))
        return files
    }

    // MARK: - CSV

    /// A CSV field.
    enum Field {
        case text(String)
        case number(Int)
        case decimal(Double)
        case none
    }

    static func csv(_ columns: [String], _ rows: [[Field]]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(64 * (rows.count + 1) * max(1, columns.count / 4))
        out.append(contentsOf: columns.joined(separator: ",").utf8)
        out += [13, 10]
        for row in rows {
            for (n, field) in row.enumerated() {
                if n > 0 { out.append(UInt8(ascii: ",")) }
                append(field, to: &out)
            }
            out += [13, 10]
        }
        return out
    }

    /// The field as CSV, appended to `out` byte by byte (a site's sessions make thousands of them).
    static func append(_ field: Field, to out: inout [UInt8]) {
        switch field {
        case .number(let value): out.append(contentsOf: String(value).utf8)
        case .decimal(let value): out.append(contentsOf: NumberFormat.decimal(value, maxDigits: 6).utf8)
        case .none: break
        case .text(let value):
            let bytes = value.utf8
            // What a spreadsheet reads as a formula is written as text.
            let formula = bytes.first.map { [UInt8(ascii: "="), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "@"), 9, 13].contains($0) } ?? false
            let quoted = bytes.contains { $0 == UInt8(ascii: ",") || $0 == UInt8(ascii: "\"") || $0 == 10 || $0 == 13 }
            if quoted { out.append(UInt8(ascii: "\"")) }
            if formula { out.append(UInt8(ascii: "'")) }
            if quoted {
                for byte in bytes {
                    out.append(byte)
                    if byte == UInt8(ascii: "\"") { out.append(byte) }
                }
                out.append(UInt8(ascii: "\""))
            } else {
                out.append(contentsOf: bytes)
            }
        }
    }

    /// The field as CSV text.
    static func text(_ field: Field) -> String {
        var out: [UInt8] = []
        append(field, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    static func amounts(_ amounts: SiteInsights.Amounts) -> [Field] {
        [.number(amounts.sessions), .number(amounts.tokens.value), .decimal(amounts.recorded), .decimal(amounts.estimated)]
    }

    static let sessionColumns = [
        "slug", "title", "started", "agent", "project", "model", "turns", "seconds", "input_tokens", "output_tokens", "cache_read_tokens",
        "cache_write_tokens", "cost_recorded", "cost_estimated", "tool_calls", "failed_calls", "sub_agents", "compactions",
    ]

    static func sessionRow(_ session: SiteInsights.Session) -> [Field] {
        [
            .text(session.slug), .text(session.title), .text(session.date?.iso ?? ""), .text(session.agent), .text(session.project ?? ""),
            .text(session.model ?? ""), .number(session.turns), session.seconds.map { .decimal($0) } ?? .none, .number(session.usage.input.value),
            .number(session.usage.output.value), .number(session.usage.cacheRead.value), .number(session.usage.cacheWrite.value),
            .decimal(session.amounts.recorded), .decimal(session.amounts.estimated), .number(session.toolCalls), .number(session.failedCalls),
            .number(session.subAgents), .number(session.compactions),
        ]
    }

    static func periodRows(_ insights: SiteInsights) -> [[Field]] {
        var rows: [[Field]] = []
        for period in insights.periods {
            for (n, amounts) in period.byAgent.enumerated() where amounts.sessions > 0 || !amounts.tokens.isZero {
                rows.append([.text(insights.periodUnit.rawValue), .text(iso(period.start)), .text("agent"), .text(insights.agents[n])] + Self.amounts(amounts))
            }
            for (n, amounts) in period.byModel.enumerated() where amounts.sessions > 0 || !amounts.tokens.isZero {
                rows.append(
                    [.text(insights.periodUnit.rawValue), .text(iso(period.start)), .text("model"), .text(insights.models[n] ?? "")] + Self.amounts(amounts))
            }
        }
        return rows
    }

    static func toolRows(_ insights: SiteInsights) -> [[Field]] {
        var rows: [[Field]] = []
        for tool in insights.tools {
            let (name, kind) = toolName(tool.tool)
            for (a, agent) in insights.agents.enumerated() where tool.calls[a] > 0 {
                rows.append([.text(name), .text(kind), .text(agent), .number(tool.calls[a]), .number(tool.failures[a])])
            }
        }
        return rows
    }

    /// A tool by its name in the log, or a kind of call by a name of its kind.
    static func toolName(_ tool: SessionStats.Tool) -> (name: String, kind: String) {
        switch tool {
        case .named(let name): (name, "tool")
        case .fileEdit: ("file edit", "fileEdit")
        case .command: ("command", "command")
        case .codeRun: ("code run", "codeRun")
        case .subAgent: ("sub-agent", "subAgent")
        }
    }

    static let weekdays = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"]

    static func iso(_ day: Int64) -> String { InsightsWords.iso(day) }

    // MARK: - JSON

    static func json(_ insights: SiteInsights, offsetSeconds: Int, prices: PriceTable) -> [UInt8] {
        func q(_ text: String?) -> String { text.map { JSONQuote.quote($0) } ?? "null" }
        // An agent no session names is null.
        func agent(_ name: String) -> String { name.isEmpty ? "null" : q(name) }
        func d(_ value: Double) -> String { NumberFormat.decimal(value, maxDigits: 6) }
        func amounts(_ a: SiteInsights.Amounts) -> String {
            "\"conversations\": \(a.sessions), \"tokens\": \(a.tokens.value), \"costRecorded\": \(d(a.recorded)), \"costEstimated\": \(d(a.estimated))"
        }
        func list(_ items: [String], indent: String = "    ") -> String {
            items.isEmpty ? "[]" : "[\n" + items.map { indent + $0 }.joined(separator: ",\n") + "\n" + indent.dropLast(2) + "]"
        }
        let calls = insights.tools.reduce(0) { $0 + $1.totalCalls }
        let failed = insights.tools.reduce(0) { $0 + $1.totalFailures }
        var parts: [String] = []
        parts.append("\"timeZone\": \(q(InsightsWords(locale: PageLocale(offsetSeconds: offsetSeconds)).zone))")
        parts.append("\"pricesOf\": \(q(prices.date))")
        parts.append(
            "\"totals\": {\(amounts(insights.totals)), \"activeDays\": \(insights.days.count), \"toolCalls\": \(calls), \"failedCalls\": \(failed)}")
        parts.append("\"agents\": [\(insights.agents.map(agent).joined(separator: ", "))]")
        parts.append("\"models\": [\(insights.models.map(q).joined(separator: ", "))]")
        parts.append("\"unpricedModels\": [\(insights.unpricedModels.map(q).joined(separator: ", "))]")
        parts.append("\"days\": " + list(insights.days.map { "{\"date\": \(q(iso($0.day))), \(amounts($0.amounts))}" }))
        parts.append(
            "\"hourOfWeek\": "
                + list(
                    (0..<7).flatMap { row in
                        (0..<24).compactMap { hour -> String? in
                            let weekday = (row + 1) % 7
                            let count = insights.hourOfWeek[weekday * 24 + hour]
                            return count == 0 ? nil : "{\"weekday\": \(q(weekdays[weekday])), \"hour\": \(hour), \"conversations\": \(count)}"
                        }
                    }))
        parts.append("\"undatedOrUntimed\": \(insights.untimed)")
        var periods: [String] = []
        for period in insights.periods {
            var byAgent: [String] = [], byModel: [String] = []
            for (n, a) in period.byAgent.enumerated() where a.sessions > 0 || !a.tokens.isZero {
                byAgent.append("{\"agent\": \(agent(insights.agents[n])), \(amounts(a))}")
            }
            for (n, a) in period.byModel.enumerated() where a.sessions > 0 || !a.tokens.isZero {
                byModel.append("{\"model\": \(q(insights.models[n])), \(amounts(a))}")
            }
            periods.append(
                "{\"start\": \(q(iso(period.start))), \(amounts(period.total)), \"byAgent\": [\(byAgent.joined(separator: ", "))], \"byModel\": [\(byModel.joined(separator: ", "))]}"
            )
        }
        parts.append("\"periodUnit\": \(q(insights.periodUnit.rawValue))")
        parts.append("\"periods\": " + list(periods))
        parts.append(
            "\"projects\": "
                + list(
                    insights.projects.map {
                        "{\"project\": \(q($0.name)), \(amounts($0.amounts)), \"agents\": [\($0.agents.map(agent).joined(separator: ", "))], \"lastActive\": \(q($0.lastDay.map(iso)))}"
                    }))
        parts.append(
            "\"tools\": "
                + list(
                    insights.tools.map { tool in
                        let (name, kind) = toolName(tool.tool)
                        let byAgent = insights.agents.enumerated().filter { tool.calls[$0.offset] > 0 }.map {
                            "{\"agent\": \(agent($0.element)), \"calls\": \(tool.calls[$0.offset]), \"failed\": \(tool.failures[$0.offset])}"
                        }
                        return
                            "{\"tool\": \(q(name)), \"kind\": \(q(kind)), \"calls\": \(tool.totalCalls), \"failed\": \(tool.totalFailures), \"byAgent\": [\(byAgent.joined(separator: ", "))]}"
                    }))
        let turns = SiteInsights.turnBounds
        parts.append(
            "\"turns\": "
                + list(
                    turns.indices.map {
                        "{\"from\": \($0 == 0 ? 0 : turns[$0]), \"to\": \($0 == turns.count - 1 ? "null" : String(turns[$0 + 1] - 1)), \"conversations\": \(insights.turnBins[$0])}"
                    }))
        let seconds = SiteInsights.durationBounds
        parts.append(
            "\"durations\": "
                + list(
                    seconds.indices.map {
                        "{\"fromSeconds\": \(d(seconds[$0])), \"toSeconds\": \($0 == seconds.count - 1 ? "null" : d(seconds[$0 + 1])), \"conversations\": \(insights.durationBins[$0])}"
                    }))
        parts.append("\"durationUnknown\": \(insights.untimedDurations)")
        parts.append(
            "\"agentWork\": "
                + list(
                    insights.agentWork.map {
                        "{\"agent\": \(agent($0.agent)), \"conversations\": \($0.sessions), \"conversationsWithSubAgents\": \($0.sessionsWithSubAgents), \"subAgents\": \($0.subAgents), \"conversationsCompacted\": \($0.sessionsWithCompactions), \"compactions\": \($0.compactions)}"
                    }))
        return Array(("{\n  " + parts.joined(separator: ",\n  ") + "\n}\n").utf8)
    }
}
