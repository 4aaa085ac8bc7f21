import ChatModel
/// The search index of a site: every conversation's turn texts in shards, each a small script
/// (`search/0.js` …) that hands its part to the page's search with one call:
///
///     crSearchShard(0,[["slug","Title",[0,"u",1,"a"]],…],"text of turn 0\u0001text of turn 1…");
///
/// Scripts, not JSON files, because a page opened from disk (`file://`) may load a script but
/// not fetch a file. Each conversation lists its turns (their place on the page, `#cr-tN`, and
/// who spoke); the texts of all turns of the shard follow as one string, in the same order,
/// joined by U+0001: a browser reads one long string literal far faster than thousands of short
/// ones, and the page searches it with one `indexOf` per match rather than one per turn.
/// Conversations stay whole and in the index's order (newest first), so results come in that
/// order; a shard is closed once it passes ``shardLimit`` bytes. Case and accents are folded by
/// the page (one rule for the texts and the query), so the shards carry each text once, as written.
package enum SearchIndex {
    /// A shard is closed at the first conversation that takes it past this many bytes: small
    /// enough that the shards load side by side, few enough that a site holds a handful.
    package static let shardLimit = 1 << 20

    /// One conversation of the index.
    package struct Document: Sendable, Equatable {
        /// The conversation's folder in the site: its page is `SLUG/index.html`.
        package var slug: String
        package var title: String
        package var turns: [SearchTurn]

        package init(slug: String, title: String, turns: [SearchTurn]) {
            self.slug = slug
            self.title = title
            self.turns = turns
        }
    }

    /// What joins the turn texts of a shard (control characters in a text become spaces).
    package static let separator = "\\u0001"

    /// The shards' bytes, in order; at least one (an empty site still answers "No matches").
    package static func shards(_ documents: [Document], limit: Int = shardLimit) -> [[UInt8]] {
        var shards: [[UInt8]] = []
        var docs: [UInt8] = []
        var texts: [UInt8] = []
        var turns = 0
        func close() {
            var shard = Array("crSearchShard(\(shards.count),[".utf8)
            shard.reserveCapacity(docs.count + texts.count + 32)
            shard.append(contentsOf: docs)
            shard.append(contentsOf: "],\"".utf8)
            shard.append(contentsOf: texts)
            shard.append(contentsOf: "\");\n".utf8)
            shards.append(shard)
            docs = []
            texts = []
            turns = 0
        }
        for document in documents {
            var item: [UInt8] = [UInt8(ascii: "[")]
            appendString(document.slug, to: &item)
            item.append(UInt8(ascii: ","))
            appendString(document.title, to: &item)
            item.append(contentsOf: ",[".utf8)
            var itemTexts: [UInt8] = []
            itemTexts.reserveCapacity(document.turns.reduce(0) { $0 + $1.text.utf8.count + 8 })
            for (n, turn) in document.turns.enumerated() {
                if n > 0 { item.append(UInt8(ascii: ",")) }
                item.append(contentsOf: "\(turn.index),\"\(turn.role == .user ? "u" : "a")\"".utf8)
                if n > 0 { itemTexts.append(contentsOf: separator.utf8) }
                appendString(turn.text, to: &itemTexts, quoted: false, controlsAsSpaces: true)
            }
            item.append(contentsOf: "]]".utf8)
            // 48: the call around them, the comma and the separator before this conversation.
            if !docs.isEmpty && docs.count + texts.count + item.count + itemTexts.count + 48 > limit { close() }
            if !docs.isEmpty { docs.append(contentsOf: ",\n".utf8) }
            docs.append(contentsOf: item)
            // Between the last turn before and this conversation's first, if both are there.
            if turns > 0 && !document.turns.isEmpty { texts.append(contentsOf: separator.utf8) }
            texts.append(contentsOf: itemTexts)
            turns += document.turns.count
        }
        close()
        return shards
    }

    /// `text` as a JavaScript string literal that is also valid JSON: quotes, backslashes and
    /// control characters escaped, and `<`, `>`, `&`, U+2028 and U+2029 too, so the literal
    /// stays inert wherever it is read (inside a page as well as in a script of its own).
    /// `quoted: false` leaves the quotes off (a piece of a longer literal); `controlsAsSpaces`
    /// writes control characters as spaces (in a turn text, where U+0001 joins turns).
    package static func appendString(_ text: String, to out: inout [UInt8], quoted: Bool = true, controlsAsSpaces: Bool = false) {
        let hex = Array("0123456789abcdef".utf8)
        func escaped(_ v: Int) {
            out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "u"), hex[(v >> 12) & 15], hex[(v >> 8) & 15], hex[(v >> 4) & 15], hex[v & 15]])
        }
        if quoted { out.append(UInt8(ascii: "\"")) }
        // Byte by byte: every byte to escape is ASCII, save U+2028 and U+2029 (E2 80 A8, E2 80 A9).
        var utf8 = Array(text.utf8)[...]
        while let byte = utf8.first {
            utf8 = utf8.dropFirst()
            switch byte {
            case UInt8(ascii: "\""): out.append(contentsOf: [UInt8(ascii: "\\"), byte])
            case UInt8(ascii: "\\"): out.append(contentsOf: [UInt8(ascii: "\\"), byte])
            case 0..<0x20 where controlsAsSpaces: out.append(UInt8(ascii: " "))
            case UInt8(ascii: "\n"): out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "n")])
            case 0..<0x20, 0x7F, UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "&"): escaped(Int(byte))
            case 0xE2 where utf8.count >= 2 && utf8[utf8.startIndex] == 0x80 && (utf8[utf8.startIndex + 1] == 0xA8 || utf8[utf8.startIndex + 1] == 0xA9):
                escaped(utf8[utf8.startIndex + 1] == 0xA8 ? 0x2028 : 0x2029)
                utf8 = utf8.dropFirst(2)
            default: out.append(byte)
            }
        }
        if quoted { out.append(UInt8(ascii: "\"")) }
    }
}
