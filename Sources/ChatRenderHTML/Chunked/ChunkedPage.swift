import ChatModel
import ChatPlan
import ChatTheme

/// A page too long to open whole (a coding agent's session of hundreds of megabytes), written in
/// chunks: `index.html` holds the header, the overview, the list of prompts, the first chunk of
/// turns and the last (so the page opens on its start and "Jump to latest" and End work at
/// once), and a placeholder of about the right height for each chunk between them. Each chunk is
/// a script of the page's folder (`chunks/N.js`, which a `file:` page can load where it cannot
/// fetch) that `templates/chunks/chunks.js` loads as its placeholder nears the window, or when a
/// link (the list of prompts, a permalink) leads into it. Only a page alone is split: a site's
/// pages, `--single-file` and `--pdf` stay whole.
///
/// A chunk is ``groupsPerChunk`` groups of turns (``TurnList/groupSize`` each), so its markup is
/// the same bytes the whole page would have there, and its placeholder's height is that many
/// groups' estimate (`.cr-chunk--gN` in `templates/chunks/chunks.css`).
package enum ChunkedPage {
    /// Groups of turns per chunk: 256 turns.
    package static let groupsPerChunk = 16
    /// The folder the chunks are written in, and chunk `number`'s file in it.
    package static let folder = "chunks"
    package static func file(_ number: Int) -> String { "\(folder)/\(number).js" }

    /// Turns of the page a chunk holds: `turns` (indexes in the conversation), in `groups` groups.
    package struct Chunk: Equatable, Sendable {
        package var turns: Range<Int>
        package var groups: Int
    }

    /// The chunks of `messages` when its turns would weigh more than `limit` (about bytes of
    /// text, see ``TurnList/weight(of:)``) and make at least three chunks; nil when the page is
    /// written whole (`limit` 0: never split).
    package static func chunks(_ messages: [Message], over limit: Int) -> [Chunk]? {
        guard limit > 0 else { return nil }
        var total = 0
        for message in messages {
            total += TurnList.weight(of: message)
            if total > limit { break }
        }
        guard total > limit else { return nil }
        let groups = TurnList.groupRanges(messages)
        guard groups.count > 2 * groupsPerChunk else { return nil }
        var chunks: [Chunk] = []
        var first = 0
        while first < groups.count {
            let end = min(groups.count, first + groupsPerChunk)
            chunks.append(Chunk(turns: groups[first].lowerBound..<groups[end - 1].upperBound, groups: end - first))
            first = end
        }
        return chunks
    }

    /// Writes the page into `sink` and each chunk between the first and the last through `chunk`
    /// (its number and its script), on the caller's thread in order, as they are rendered.
    package static func write(
        _ conversation: Conversation, chunks: [Chunk], style: PageStyle, assets: AssetTable, options: RenderOptions,
        into sink: @escaping ByteSink, chunk: (Int, [UInt8]) -> Void
    ) {
        let messages = conversation.messages ?? []
        let units = TurnList.Units(messages)
        let s = options.strings
        // The chunks between the first and the last, rendered on all cores and handed over in order.
        ParallelChunks.forEachInOrderOnCaller(
            max(0, chunks.count - 2),
            { index in
                (index + 1, script(number: index + 1, html: TurnList.renderRange(messages, chunks[index + 1].turns, assets, options, units: units)))
            },
            deliver: { made in chunk(made.0, made.1) })
        var turns = TurnList.renderRange(messages, chunks[0].turns, assets, options, units: units)
        for number in 1..<chunks.count - 1 {
            let held = chunks[number]
            let first = s.number(held.turns.lowerBound + 1)
            let last = s.number(held.turns.upperBound)
            turns.append(
                "<div class=\"cr-chunk cr-chunk--g\(String(held.groups))\" id=\"cr-chunk-\(String(number))\" data-cr-chunk=\"\(String(number))\" data-cr-turns=\"\(String(held.turns.lowerBound)) \(String(held.turns.upperBound - 1))\"><p class=\"cr-chunk-note\">\(s.text(.chunkNotPrinted, ["first": first, "last": last]))</p></div>\n"
            )
        }
        turns.append(TurnList.renderRange(messages, chunks[chunks.count - 1].turns, assets, options, units: units))
        PageAssembler.fill(conversation, style: style, strings: s, into: sink) { sink in
            sink(PageBody.render(conversation, turns: turns, assets: assets, options: options, hasDarkMode: style.theme.hasDarkMode).bytes)
        }
    }

    /// `chunks/N.js`: one call with the chunk's markup as a JSON string (the markup was escaped as
    /// it was made; a script file of its own needs no escaping of `<`).
    static func script(number: Int, html: HTML) -> [UInt8] {
        var out = Array("window.crChunk && window.crChunk(\(number), ".utf8)
        out.reserveCapacity(html.byteCount + html.byteCount / 8 + 64)
        JSONQuote.append(html.description, to: &out)
        out.append(contentsOf: ");\n".utf8)
        return out
    }
}
