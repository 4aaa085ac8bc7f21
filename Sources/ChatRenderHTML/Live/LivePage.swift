import ChatModel
import ChatPlan
import ChatTheme

/// A watched session's page (`render --watch`), kept up to date as its conversation grows.
///
/// The turn list is kept as the markup of its groups (``TurnList/groupRanges(_:)``): an update
/// renders again only the groups from the first turn that changed (and the last two, which are
/// marked as the end), and reuses the others' bytes. The page on disk is written whole from them
/// each time; a page already open in a browser loads the update instead, as a script of its own
/// folder (`live/N.js`, which a `file:` page can load where it cannot fetch), holding the markup
/// of what changed: the title, the header's facts, the overview and list of prompts, the groups
/// from the first changed one, and what follows the turns. `templates/live/live.js` puts them in
/// place, keeping the reader where they are.
package struct LivePage {
    /// The turns as last rendered.
    package private(set) var messages: [Message] = []
    /// The turn list's markup, a piece per group (one piece while the turns are not grouped).
    private var pieces: [HTML] = []
    /// The turns of each piece.
    private var ranges: [Range<Int>] = []

    /// The folder the updates are written in, and the name of update `number` in it.
    package static let folder = "live"
    package static func file(_ number: Int) -> String { "\(folder)/\(number).js" }
    /// The script that names the first update the folder still keeps.
    package static let firstFile = "\(folder)/first.js"

    package init() {}

    /// Brings the turn list up to `messages`: renders again the pieces from the first that holds
    /// a changed turn (or from the first of the old last two groups, whose marks move as turns are
    /// added). Returns the first piece rendered again (the number of pieces when none was).
    @discardableResult
    package mutating func update(_ messages: [Message], assets: AssetTable, options: RenderOptions) -> Int {
        let newRanges = TurnList.groupRanges(messages)
        var first = 0
        let sameShape = TurnList.firstEndGroup(messages) != nil && TurnList.firstEndGroup(self.messages) != nil
        if sameShape {
            // The first turn that differs, then its piece; no piece before it changes.
            var turn = 0
            let common = min(messages.count, self.messages.count)
            while turn < common && messages[turn] == self.messages[turn] { turn += 1 }
            let changed = newRanges.firstIndex { $0.upperBound > turn } ?? newRanges.count
            first = min(changed, TurnList.firstEndGroup(self.messages) ?? 0, ranges.count)
            // The pieces kept must be the same turns (a group's cut moves when branches do).
            while first > 0 && (first > ranges.count || newRanges[first - 1] != ranges[first - 1]) { first -= 1 }
        }
        pieces.removeSubrange(min(first, pieces.count)...)
        for range in newRanges[first...] {
            pieces.append(TurnList.renderRange(messages, range, assets, options))
        }
        if pieces.isEmpty { pieces = [HTML()] }
        ranges = newRanges
        self.messages = messages
        return first
    }

    /// The turn list's markup from piece `first` on.
    package func turns(from first: Int = 0) -> HTML {
        var html = HTML()
        for piece in pieces[min(first, pieces.count)...] { html.append(piece) }
        return html
    }

    /// The whole page into `sink`: the same page as ``PageAssembler`` writes for the conversation
    /// and `options` (with `options.live`), its turns from the pieces kept.
    package func write(_ conversation: Conversation, style: PageStyle, assets: AssetTable, options: RenderOptions, into sink: @escaping ByteSink) {
        PageAssembler.fill(conversation, style: style, strings: options.strings, live: options.live, into: sink) { sink in
            sink(PageBody.render(conversation, turns: turns(), assets: assets, options: options, hasDarkMode: style.theme.hasDarkMode).bytes)
        }
    }

    /// `live/N.js` for update `number`: the parts of the page that changed since the update
    /// before, the turns from piece `first` on, and what a screen reader is told (`newTurns`
    /// turns were added). Every text is JSON-quoted; the markup in it was escaped as it was made.
    package func script(
        number: Int, from first: Int, conversation: Conversation, assets: AssetTable, options: RenderOptions, newTurns: Int
    ) -> [UInt8] {
        let s = options.strings
        let fields: [(String, String)] = [
            ("title", PageBody.title(conversation, strings: s)),
            ("facts", PageBody.headFacts(conversation, options: options).description),
            ("before", PageBody.beforeTurns(conversation, messages: conversation.messages ?? [], options: options).description),
            ("turns", turns(from: first).description),
            ("after", PageBody.afterTurns(conversation, options: options, assets: assets).description),
            ("said", newTurns > 0 ? s.counted(.liveNewTurns, newTurns) : ""),
        ]
        var out = Array("window.crLive && window.crLive(\(number), {\"from\":\(first),\"watching\":\(options.live?.watching ?? false)".utf8)
        for (key, value) in fields {
            out.append(contentsOf: ",\"\(key)\":".utf8)
            JSONQuote.append(value, to: &out, .htmlSafe)
        }
        out.append(contentsOf: "});\n".utf8)
        return out
    }

    /// The header's line that says the page is live (or no longer is).
    static func status(_ live: LiveStatus, strings s: UIStrings, locale: PageLocale) -> HTML {
        live.watching
            ? "<p class=\"cr-live\"><span class=\"cr-live-dot\" aria-hidden=\"true\"></span>\(s[.liveFollowing])</p>"
            : "<p class=\"cr-live cr-live--stopped\">\(s[.liveStopped])</p>"
    }
}
