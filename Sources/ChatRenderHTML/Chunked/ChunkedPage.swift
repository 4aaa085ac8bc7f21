import ChatModel
import ChatPlan
import ChatTheme

/// A page too long to open whole (a coding agent's session of hundreds of megabytes), written in
/// chunks: `index.html` holds the header, the overview, the list of prompts, the first chunk of
/// turns and the last (so the page opens on its start and "Jump to latest" and End work at
/// once), and a placeholder of about the right height for each chunk between them. Each chunk is
/// a script of the page's folder (`chunks/N.js`, which a `file:` page can load where it cannot
/// fetch) that `templates/chunks/chunks.js` loads as its placeholder nears the window, or when a
/// link (the list of prompts, a permalink, a search result) leads into it. Only a page alone is
/// split: a site's pages, `--single-file` and `--pdf` stay whole.
///
/// The browser's find cannot reach a chunk not loaded, so the page carries its own search (the
/// site's script, `templates/site/search.js`, on a form above the header): each chunk's turns
/// (``SessionSearch``) are a shard of it, `search/N.js`, loaded on the first search. Beside it,
/// "Print every turn" (and Ctrl+P) loads every chunk before printing.
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

    /// The placeholders' height the page may take, in rem: 20 million pixels at 16 px, so the
    /// page and the chunks a reader loads stay well inside the height a browser lays out
    /// (Chromium's is 2^25 pixels, about 33.5 million; past it the end of the page is cut off).
    /// A generated Claude Code session's placeholders take 1.1 million rem at 500 MB.
    package static let placeholderBudget = 1_250_000.0
    /// A group's estimated height in a placeholder with the gap after it, in rem (`chunks.css`).
    static let groupHeight = 16 * 8 + 15 * 1.25 + 1.25

    /// The stylesheet that scales the placeholders down when their estimated height would pass
    /// ``placeholderBudget`` (the scroll bar then stands for the chunks not loaded at less than
    /// their size); nil when they fit.
    package static func stylesheet(_ chunks: [Chunk]) -> String? {
        let groups = chunks.dropFirst().dropLast().reduce(0) { $0 + $1.groups }
        let height = Double(groups) * groupHeight
        guard height > placeholderBudget else { return nil }
        return ".cr-chunk { --cr-chunk-scale: \(NumberFormat.decimal(placeholderBudget / height)); }\n"
    }

    /// The search's shard of chunk `number` (``SessionSearch``): `search/N.js`.
    package static func searchFile(_ number: Int) -> String { "search/\(number).js" }

    /// Writes the page into `sink`, and through `file` each chunk between the first and the last
    /// and every chunk's search shard (its path in the page's folder and its bytes), on the
    /// caller's thread in order, as they are made.
    package static func write(
        _ conversation: Conversation, chunks: [Chunk], style: PageStyle, assets: AssetTable, options: RenderOptions,
        into sink: @escaping ByteSink, file: (String, [UInt8]) -> Void
    ) {
        let messages = conversation.messages ?? []
        let units = TurnList.Units(messages)
        let groups = TurnList.groupRanges(messages)
        let s = options.strings
        let hasDarkMode = style.theme.hasDarkMode
        // Job 0 is everything before the turns (the header, the overview and a long session's
        // list of prompts: a core's work for a while, which it did alone once the chunks were
        // made); job N + 1 is chunk N: its search shard, and the markup of those between the
        // first and the last (as a script). Made on all cores, handed over in order.
        var head = HTML()
        var ends: [Int: HTML] = [:]
        ParallelChunks.forEachInOrderOnCaller(
            chunks.count + 1,
            { job -> Made in
                guard job > 0 else {
                    let above = Self.bar(shards: chunks.count, strings: s)
                    return Made(index: -1, shard: [], html: PageBody.head(conversation, assets: assets, options: options, hasDarkMode: hasDarkMode, bar: above))
                }
                let index = job - 1
                let shard = SessionSearch.shard(index, messages, chunks[index].turns, strings: s).fastBytes()
                let turns = chunks[index].turns
                if index == 0 || index == chunks.count - 1 {
                    return Made(index: index, shard: shard, html: TurnList.renderRange(messages, turns, assets, options, units: units))
                }
                // Group by group, which the page puts in place a few at a time (chunk N is the
                // groups from N × groupsPerChunk on).
                let held = groups[index * groupsPerChunk..<index * groupsPerChunk + chunks[index].groups]
                return Made(
                    index: index, shard: shard,
                    chunk: script(number: index, groups: held.map { TurnList.renderRange(messages, $0, assets, options, units: units) }))
            },
            deliver: { made in
                guard made.index >= 0 else {
                    head = made.html ?? HTML()
                    return
                }
                file(searchFile(made.index), made.shard)
                if let chunk = made.chunk { file(Self.file(made.index), chunk) }
                if let html = made.html { ends[made.index] = html }
            })
        var turns = ends[0] ?? HTML()
        for number in 1..<chunks.count - 1 {
            let held = chunks[number]
            let first = s.number(held.turns.lowerBound + 1)
            let last = s.number(held.turns.upperBound)
            turns.append(
                "<div class=\"cr-chunk cr-chunk--g\(String(held.groups))\" id=\"cr-chunk-\(String(number))\" data-cr-chunk=\"\(String(number))\" data-cr-turns=\"\(String(held.turns.lowerBound)) \(String(held.turns.upperBound - 1))\"><p class=\"cr-chunk-note\">\(s.text(.chunkNotPrinted, ["first": first, "last": last]))</p></div>\n"
            )
        }
        turns.append(ends[chunks.count - 1] ?? HTML())
        PageAssembler.fill(conversation, style: style, strings: s, into: sink) { sink in
            PageBody.render(conversation, head: head, turns: turns, options: options, assets: assets, into: sink)
        }
    }

    /// What one job of ``write(_:chunks:style:assets:options:into:file:)`` made: the page's head
    /// (`index` -1), or chunk `index`'s search shard with its markup, as HTML for the first and
    /// the last chunk (on the page itself) or as its script for the others.
    private struct Made {
        var index: Int
        var shard: [UInt8]
        var html: HTML? = nil
        var chunk: [UInt8]? = nil
    }

    /// Above the header: the search of the page's turns (drawn by the search script, hidden
    /// without it) and the button that prints every turn (`chunks.js` loads the chunks not yet
    /// loaded first; hidden without it). Neither is printed.
    static func bar(shards: Int, strings s: UIStrings) -> HTML {
        "<div class=\"cr-site-bar cr-chunk-bar\">\(SiteSearch.pageForm(shards: shards, strings: s))<button type=\"button\" class=\"cr-print-all\" data-cr-busy=\"\(s[.printLoading])\" hidden>\(s[.printEveryTurn])</button></div>\n"
    }

    /// `chunks/N.js`: one call with the chunk's markup as a JSON array of strings, one a group of
    /// turns (the markup was escaped as it was made; a script file of its own needs no escaping
    /// of `<`). `chunks.js` parses and puts in place a few groups a frame, so a chunk of 256 long
    /// turns (a megabyte of markup, some 40 ms to parse whole) never stops the scrolling.
    static func script(number: Int, groups: [HTML]) -> [UInt8] {
        var out = Array("window.crChunk && window.crChunk(\(number), [".utf8)
        let size = groups.reduce(0) { $0 + $1.byteCount }
        out.reserveCapacity(size + size / 8 + 64)
        for (n, html) in groups.enumerated() {
            if n > 0 { out.append(contentsOf: ",\n".utf8) }
            html.bytes.withUnsafeBufferPointer { JSONQuote.append(utf8: $0, to: &out) }
        }
        out.append(contentsOf: "]);\n".utf8)
        return out
    }
}
