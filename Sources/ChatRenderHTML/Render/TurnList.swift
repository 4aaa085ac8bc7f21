import Foundation
import ChatModel
import ChatPlan
import ChatTheme

/// Every turn of the conversation, in order.
///
/// Turns are independent (each is a pure function of its message), so a long conversation is
/// rendered in contiguous chunks on all cores and the chunks are joined in order: the bytes are
/// the same as one turn after another on one thread, whatever the number of cores.
package enum TurnList {
    /// From this many turns the work is worth other threads, whatever the turns hold.
    static let parallelThreshold = 256

    /// From this much work (see ``weight(of:)``) a conversation of fewer turns goes to other
    /// threads too: a coding agent's turn of tool calls, diffs and listings is the work of a
    /// dozen text turns, so 150 of them took a whole core while the others idled.
    static let parallelWeight = 256 * 1024

    /// Roughly how much rendering a turn is, in bytes of text: its text, a few kilobytes for each
    /// part (tool calls, diffs and listings are most of a coding session's page), and the turns of
    /// a transcript inside it. Only for sharing the turns between threads; the bytes written do
    /// not depend on it.
    static func weight(of message: Message) -> Int {
        var work = 512 + message.text.utf8.count
        for part in message.parts {
            switch part {
            case .text(let text): work += text.utf8.count
            case .thinking(let thinking): work += 256 + thinking.text.utf8.count
            case .transcript(let transcript): work += 2048 + transcript.messages.reduce(0) { $0 + Self.weight(of: $1) }
            default: work += 2048
            }
        }
        return work
    }

    /// Turns per `.cr-turns` group. A long page skips off-screen groups (`content-visibility`), and
    /// the browser checks each skipped box on every frame: one box per group costs that many times
    /// fewer checks than one per turn. A conversation of at most this many turns is not grouped.
    /// Its `contain-intrinsic-block-size` in the stylesheets assumes this number.
    static let groupSize = 16

    static func render(_ messages: [Message], assets: AssetTable, options: RenderOptions) -> HTML {
        // The same bytes as the chunked rendering (ChunkedWriteTests), made in one piece.
        renderRange(messages, 0..<messages.count, assets, options)
    }

    /// The turns as the chunks they were rendered in, in order (see ``ByteChunks``).
    static func renderChunks(_ messages: [Message], assets: AssetTable, options: RenderOptions) -> ByteChunks {
        ByteCollector.collect { sink in render(messages, assets: assets, options: options, into: sink) }
    }

    /// Renders the turns into `sink` in order, chunk by chunk, each as soon as it and those before
    /// it are done, while later chunks are still being rendered.
    ///
    /// `before`, when given, is what goes into `sink` before the turns, made on another core
    /// while the first turns are rendered: a long session's header, overview and list of prompts
    /// took one core for a tenth of its render while the other idled.
    static func render(
        _ messages: [Message], assets: AssetTable, options: RenderOptions, before: (@Sendable () -> HTML)? = nil,
        into sink: @escaping ByteSink
    ) {
        let workers = ParallelChunks.cores
        // Where each turn's work ends, summed from the first.
        var ends: [Int] = []
        ends.reserveCapacity(messages.count)
        var total = 0
        for message in messages {
            total += weight(of: message)
            ends.append(total)
        }
        guard workers > 1, messages.count >= parallelThreshold || (messages.count >= 8 && total >= parallelWeight) else {
            if let before { sink(before().bytes) }
            sink(renderRange(messages, 0..<messages.count, assets, options).bytes)
            return
        }
        // A few chunks per core so one slow chunk (long replies) does not leave a core idle, cut
        // where the work is shared evenly rather than the turns.
        let chunkCount = min(workers * 8, max(2, messages.count / 8))
        var bounds = [0]
        var index = 0
        for chunk in 1..<chunkCount {
            let target = total / chunkCount * chunk
            while index < messages.count && ends[index] <= target { index += 1 }
            bounds.append(max(index, bounds[bounds.count - 1]))
        }
        bounds.append(messages.count)
        // A fork's branches are drawn together: no chunk starts inside them.
        for chunk in 1..<chunkCount {
            var cut = bounds[chunk]
            while cut < messages.count, cut > 0, !messages[cut].branch.isEmpty, !messages[cut - 1].branch.isEmpty { cut += 1 }
            bounds[chunk] = max(cut, bounds[chunk - 1])
        }
        let cuts = bounds
        let units = Units(messages)
        // Job 0 is `before` when there is one: it is started first and delivered first.
        let first = before == nil ? 0 : 1
        ParallelChunks.forEachInOrder(
            chunkCount + first,
            { job -> HTML in
                if let before, job == 0 { return before() }
                return renderRange(messages, cuts[job - first]..<cuts[job - first + 1], assets, options, units: units)
            }, deliver: { html in sink(html.bytes) })
    }

    /// What the page shows one after another: a turn of the shown path, or one fork's other
    /// branches (a run of turns off the path, drawn as one ``BranchView``). Groups of turns are
    /// made of these, so a fork never straddles two groups. A conversation without branches has
    /// one unit a turn.
    struct Units: Sendable {
        /// Each turn's unit, by the turn's index; nil when no turn lies off the path.
        let index: [Int]?
        let count: Int

        init(_ messages: [Message]) {
            guard messages.contains(where: { !$0.branch.isEmpty }) else {
                index = nil
                count = messages.count
                return
            }
            var units: [Int] = []
            units.reserveCapacity(messages.count)
            var next = -1
            for (i, message) in messages.enumerated() {
                if message.branch.isEmpty || i == 0 || messages[i - 1].branch.isEmpty { next += 1 }
                units.append(next)
            }
            index = units
            count = next + 1
        }

        func of(_ turn: Int) -> Int { index?[turn] ?? turn }
    }

    /// The turns of each group of the page (see ``groupSize``), in order: the turn list is their
    /// ranges' markup one after another, each range a whole number of `.cr-turns` groups (a
    /// conversation too short to be grouped is one range). A watched page renders again only
    /// the ranges whose turns changed (see ``LivePage``).
    static func groupRanges(_ messages: [Message]) -> [Range<Int>] {
        let units = Units(messages)
        guard units.count > groupSize else { return [0..<messages.count] }
        var ranges: [Range<Int>] = []
        var start = 0
        for index in 1..<messages.count + 1 where index == messages.count || (units.of(index) != units.of(index - 1) && units.of(index) % groupSize == 0) {
            ranges.append(start..<index)
            start = index
        }
        return ranges
    }

    /// The first group marked as one of the last two (`.cr-turns--end`) for `messages`, or nil
    /// when they are not grouped.
    static func firstEndGroup(_ messages: [Message]) -> Int? {
        let units = Units(messages)
        guard units.count > groupSize else { return nil }
        return max(0, (units.count - 1) / groupSize - 1)
    }

    static func renderRange(_ messages: [Message], _ range: Range<Int>, _ assets: AssetTable, _ options: RenderOptions, units: Units? = nil) -> HTML {
        let units = units ?? Units(messages)
        var html = HTML()
        // A turn's markup is its text and about half a kilobyte of structure: reserve that once.
        html.reserveCapacity(range.reduce(0) { $0 + messages[$1].text.utf8.count + messages[$1].text.utf8.count / 4 + 512 })
        // The day of the dated turn of the shown path before this range, so a chunk boundary
        // changes nothing.
        var previousDay: Int64? = nil
        var back = range.lowerBound - 1
        while back >= 0, previousDay == nil {
            if messages[back].branch.isEmpty { previousDay = messages[back].date.map(options.locale.localDay) }
            back -= 1
        }
        // Groups are cut by the unit's index in the whole conversation, not in this range, so a
        // group may open in one chunk and close in the next.
        let grouped = units.count > groupSize
        // The last two groups are marked: they are always laid out (see `.cr-turns--end`), so
        // End lands on the true end. A class, not `:nth-last-child`, which would restyle every
        // group before as each new one is parsed.
        let endGroupsStart = ((units.count - 1) / groupSize - 1) * groupSize
        var index = range.lowerBound
        while index < range.upperBound {
            let unit = units.of(index)
            if grouped, unit % groupSize == 0 {
                html.append(unit >= endGroupsStart ? "<div class=\"cr-turns cr-turns--end\">\n" : "<div class=\"cr-turns\">\n")
            }
            var end = index + 1
            if messages[index].branch.isEmpty {
                if let date = messages[index].date {
                    let day = options.locale.localDay(date)
                    if let previousDay, previousDay != day { html.append(daySeparator(date, options: options)) }
                    previousDay = day
                }
                html.append(TurnView.render(messages[index], index: index, assets: assets, options: options))
            } else {
                while end < messages.count && !messages[end].branch.isEmpty { end += 1 }
                html.append(BranchView.render(messages, index..<end, depth: 0, headingLevel: 2, assets: assets, options: options))
            }
            if grouped, unit % groupSize == groupSize - 1 || unit == units.count - 1 { html.append("</div>\n") }
            index = end
        }
        return html
    }

    /// Between turns on different days (in the page's time zone): the new day, as text a screen
    /// reader reads in order, with the machine-readable date on `<time>`.
    static func daySeparator(_ date: ChatDate, options: RenderOptions) -> HTML {
        "<p class=\"cr-day\"><time datetime=\"\(options.locale.isoDay(date))\">\(options.locale.day(date))</time></p>\n"
    }
}
