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
    static func render(_ messages: [Message], assets: AssetTable, options: RenderOptions, into sink: @escaping ByteSink) {
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
        let cuts = bounds
        ParallelChunks.forEachInOrder(chunkCount, { chunk in
            renderRange(messages, cuts[chunk]..<cuts[chunk + 1], assets, options)
        }, deliver: { html in sink(html.bytes) })
    }

    private static func renderRange(_ messages: [Message], _ range: Range<Int>, _ assets: AssetTable, _ options: RenderOptions) -> HTML {
        var html = HTML()
        // A turn's markup is its text and about half a kilobyte of structure: reserve that once.
        html.reserveCapacity(range.reduce(0) { $0 + messages[$1].text.utf8.count + messages[$1].text.utf8.count / 4 + 512 })
        // The day of the dated turn before this range, so a chunk boundary changes nothing.
        var previousDay: Int64? = nil
        var back = range.lowerBound - 1
        while back >= 0, previousDay == nil {
            previousDay = messages[back].date.map(options.locale.localDay)
            back -= 1
        }
        // Groups are cut by the turn's index in the whole conversation, not in this range, so a
        // group may open in one chunk and close in the next.
        let grouped = messages.count > groupSize
        // The last two groups are marked: they are always laid out (see `.cr-turns--end`), so
        // End lands on the true end. A class, not `:nth-last-child`, which would restyle every
        // group before as each new one is parsed.
        let endGroupsStart = ((messages.count - 1) / groupSize - 1) * groupSize
        for index in range {
            if grouped, index % groupSize == 0 {
                html.append(index >= endGroupsStart ? "<div class=\"cr-turns cr-turns--end\">\n" : "<div class=\"cr-turns\">\n")
            }
            if let date = messages[index].date {
                let day = options.locale.localDay(date)
                if let previousDay, previousDay != day { html.append(daySeparator(date, options: options)) }
                previousDay = day
            }
            html.append(TurnView.render(messages[index], index: index, assets: assets, options: options))
            if grouped, index % groupSize == groupSize - 1 || index == messages.count - 1 { html.append("</div>\n") }
        }
        return html
    }

    /// Between turns on different days (in the page's time zone): the new day, as text a screen
    /// reader reads in order, with the machine-readable date on `<time>`.
    static func daySeparator(_ date: ChatDate, options: RenderOptions) -> HTML {
        "<p class=\"cr-day\"><time datetime=\"\(options.locale.isoDay(date))\">\(options.locale.day(date))</time></p>\n"
    }
}
