import ChatModel

/// Sub-agents that ran at the same time, drawn where the turn started them: a timeline with a row
/// for each (its name, when it ran and for how long, a bar placed by its start and end within the
/// whole group's time), each row a link to the agent's transcript below. A list labelled by the
/// caption, so a screen reader hears "Sub-agents, 2 running in parallel, list, 2 items" and each
/// row's name, times and length; the bars are drawn for the eye only.
///
/// Bars are SVG rectangles whose place and length are attributes, not `style`: the page's
/// Content-Security-Policy allows no inline styles, and no script is needed to draw them.
enum SubAgentTimeline {
    /// A group of a turn's sub-agents whose times overlap, one after another: each ran while
    /// another of the group was running.
    struct Group: Equatable {
        /// The members' part indices, in the order they started (then in the turn's order).
        var members: [Int]
        /// When the first started and the last ended.
        var first: ChatDate
        var last: ChatDate
        var start: Int64 { first.secondsSinceEpoch }
        var end: Int64 { last.secondsSinceEpoch }
        /// Where the timeline goes: before the first of its transcripts in the turn.
        var anchor: Int { members.min()! }
    }

    /// The groups of two or more of `parts`' transcripts that ran at the same time, by the part
    /// they are drawn before. Transcripts without a known span, and those that ran alone (one
    /// after another, however close), get none.
    static func groups(in parts: [TurnPart]) -> [Int: Group] {
        var timed: [(index: Int, start: ChatDate, end: ChatDate)] = []
        for (index, part) in parts.enumerated() {
            guard case .transcript(let transcript) = part, let span = transcript.span else { continue }
            timed.append((index, span.start, span.end))
        }
        guard timed.count >= 2 else { return [:] }
        timed.sort { ($0.start.secondsSinceEpoch, $0.index) < ($1.start.secondsSinceEpoch, $1.index) }
        var groups: [Group] = []
        var current = Group(members: [timed[0].index], first: timed[0].start, last: timed[0].end)
        for entry in timed.dropFirst() {
            // Overlapping means starting before the group's last end: one that starts as another
            // ends followed it.
            if entry.start.secondsSinceEpoch < current.end {
                current.members.append(entry.index)
                if entry.end.secondsSinceEpoch > current.end { current.last = entry.end }
            } else {
                groups.append(current)
                current = Group(members: [entry.index], first: entry.start, last: entry.end)
            }
        }
        groups.append(current)
        var byAnchor: [Int: Group] = [:]
        for group in groups where group.members.count >= 2 { byAnchor[group.anchor] = group }
        return byAnchor
    }

    /// The timeline of `group`, whose members are transcripts of `parts`; `partID` gives a part's id
    /// (`cr-t3-p2`), which each row links to.
    static func render(_ group: Group, parts: [TurnPart], partID: (Int) -> String, context: PartContext) -> HTML {
        let s = context.options.strings
        let locale = context.options.locale
        let id = partID(group.anchor) + "-rail"
        let total = group.end - group.start
        var rows = HTML()
        for index in group.members {
            guard case .transcript(let transcript) = parts[index], let span = transcript.span else { continue }
            let from = span.start.secondsSinceEpoch - group.start, length = span.end.secondsSinceEpoch - span.start.secondsSinceEpoch
            let (x, width) = bar(from: from, length: length, total: total)
            let range = s.html(
                .timeRange,
                [
                    "start": "<time datetime=\"\(span.start.iso)\">\(locale.time(span.start, seconds: true))</time>",
                    "end": "<time datetime=\"\(span.end.iso)\">\(locale.time(span.end, seconds: true))</time>",
                ])
            let duration = s.duration(Double(length)) ?? ""
            let times = s.html(.timeSpan, ["span": range, "duration": "\(duration)"])
            rows.append(
                "<li class=\"cr-rail-row\"><a class=\"cr-rail-link\" href=\"#\(partID(index))\"><span class=\"cr-rail-name\" dir=\"auto\">\(s.phrase(transcript.phrase, or: transcript.title))</span> <span class=\"cr-rail-time\">\(times)</span><svg class=\"cr-rail-track\" aria-hidden=\"true\" focusable=\"false\"><rect class=\"cr-rail-bar\" x=\"\(x)%\" y=\"0\" width=\"\(width)%\" height=\"100%\" rx=\"4\"/></svg></a></li>"
            )
        }
        let caption = s.counted(.subAgentsInParallel, group.members.count)
        // The group's first start and last end under the bars, for the eye: each row says its own.
        return
            "<div class=\"cr-rail\" id=\"\(id)\"><p class=\"cr-rail-caption\" id=\"\(id)-h\">\(caption)</p><ol class=\"cr-rail-list\" aria-labelledby=\"\(id)-h\">\(rows)</ol><div class=\"cr-rail-axis\" aria-hidden=\"true\"><span>\(locale.time(group.first, seconds: true))</span><span>\(locale.time(group.last, seconds: true))</span></div></div>"
    }

    /// A bar's start and length as percentages of the track ("12.5", "40"), to a tenth. A bar
    /// too short to see is drawn 1% long, moved back to stay inside the track.
    static func bar(from: Int64, length: Int64, total: Int64) -> (x: String, width: String) {
        guard total > 0 else { return ("0", "100") }
        // Tenths of a per cent, rounded to the nearest.
        func tenths(_ value: Int64) -> Int64 { (value * 2000 + total) / (2 * total) }
        var width = max(tenths(length), 10)
        let x = min(tenths(from), 1000 - width)
        width = min(width, 1000 - x)
        func text(_ value: Int64) -> String { value % 10 == 0 ? "\(value / 10)" : "\(value / 10).\(value % 10)" }
        return (text(x), text(width))
    }
}
