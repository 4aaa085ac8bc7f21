import ChatModel
import Foundation

/// The search index of a site: every conversation's turn texts in shards, each a small script
/// (`search/0.js` …) that hands its part to the page's search with one call:
///
///     crSearchShard(0,[["slug","Title",[0,"u",1,"a"],1733580000],…],"eJzLSM3JyVcozy/KSQEAGgQEXQ==");
///
/// Scripts, not JSON files, because a page opened from disk (`file://`) may load a script but
/// not fetch a file. Each conversation lists its turns (their place on the page, `#cr-tN`, and
/// who spoke); the texts of all turns of the shard follow as one string, in the same order,
/// joined by U+0001: the page searches it with one `indexOf` per match rather than one per turn.
/// That string is sent compressed (zlib, then base64; the page inflates it with the browser's
/// `DecompressionStream`): the texts are every word of the site a second time, and a third of
/// their size. Base64 has nothing a script or a page could read as anything but a literal.
/// Conversations stay whole and in the index's order (newest first) inside a shard, and each
/// carries its date (seconds since 1970, none when undated), by which the page merges the
/// shards' results newest first whichever shard holds them; a shard is closed once its uncompressed texts and list pass ``shardLimit`` bytes.
/// Case and accents are folded by the page (one rule for the texts and the query), so the shards
/// carry each text once, as written.
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
        /// When it was, in seconds since 1970: the page puts results newest first across the
        /// shards by it (a site's shards are chosen by slug, not by date). nil: undated, last.
        package var date: Int64?

        package init(slug: String, title: String, turns: [SearchTurn], date: Int64? = nil) {
            self.slug = slug
            self.title = title
            self.turns = turns
            self.date = date
        }
    }

    /// zlib's level for a site's shards: 5. The site is held to twice its export's size, and the
    /// export shape closest to it (replies mostly code) leaves no room for level 4 or lower:
    /// 1.985× at level 6, 1.988× at 5, 1.997× at 4, 2.02× at 1. On the 2,000-conversation
    /// bench's shards, level 5 packs the texts to 34.0% in half the time level 6 takes (32.9%),
    /// which was a fifth of the site's instructions (bench/RESULTS.md).
    package static let siteLevel: Int32 = 5
    /// What joins the turn texts of a shard (control characters in a text become spaces).
    package static let separator: UInt8 = 0x01

    /// One shard, planned: its conversations' list and their texts, joined and not yet packed.
    package struct Shard: Sendable {
        /// Its place among the shards: `search/N.js`.
        package let number: Int
        let documents: [UInt8]
        let texts: [UInt8]

        /// What the shard's script is made from, to tell whether it changed without packing it.
        package var fingerprint: String {
            var print = Fingerprint("chatrender search shard 1")
            print.add(number)
            print.add(documents)
            print.add(texts)
            return print.finish()
        }

        /// The shard's script: the list as it is, the texts compressed and in base64. Most of a
        /// shard's making (zlib on every word of the site), so a site does it beside its pages
        /// (``SiteWriter``), once the shards are planned and each page knows how many there are.
        package func bytes(level: Int32 = SearchIndex.siteLevel) -> [UInt8] {
            script(packed: Deflate.compress(texts, level: level))
        }

        /// The shard's script with its texts packed by libdeflate (``Deflate/fast(_:)``): a page
        /// in chunks', made beside its turns. The same script as ``bytes(level:)`` once its texts
        /// are inflated.
        package func fastBytes() -> [UInt8] {
            script(packed: Deflate.fast(texts))
        }

        private func script(packed texts: [UInt8]) -> [UInt8] {
            let packed = Data(texts).base64EncodedString()
            var shard = Array("crSearchShard(\(number),[".utf8)
            shard.reserveCapacity(documents.count + packed.utf8.count + 32)
            shard.append(contentsOf: documents)
            shard.append(contentsOf: "],\"".utf8)
            shard.append(contentsOf: packed.utf8)
            shard.append(contentsOf: "\");\n".utf8)
            return shard
        }
    }

    /// The shards' bytes, in order; at least one (an empty site still answers "No matches").
    package static func shards(_ documents: [Document], limit: Int = shardLimit) -> [[UInt8]] {
        plan(documents, limit: limit).map { $0.bytes() }
    }

    /// The shards, planned in order: each closed at the first conversation that takes its list
    /// and texts past `limit` bytes; at least one.
    package static func plan(_ documents: [Document], limit: Int = shardLimit) -> [Shard] {
        plan(documents, limit: limit, first: 0)
    }

    /// The shards of a site kept up to date in place (see `SiteUpdate`): their number is the
    /// smallest power of two that keeps the texts within ``shardLimit`` a shard on average, and
    /// each conversation is in the shard its slug hashes to (in the index's order inside it). A
    /// conversation that grows then changes its own shard alone, and the number (which every page
    /// carries) changes only when the site's text doubles or halves.
    package static func planStable(_ documents: [Document], limit: Int = shardLimit) -> [Shard] {
        let total = documents.reduce(0) { sum, document in
            sum + document.slug.utf8.count + document.title.utf8.count + 8 + document.turns.reduce(0) { $0 + $1.text.utf8.count + 12 }
        }
        var count = 1
        while count < 1 << 16 && total > count * limit { count *= 2 }
        var buckets = [[Document]](repeating: [], count: count)
        for document in documents { buckets[Int(stableHash(document.slug) % UInt64(count))].append(document) }
        return buckets.enumerated().map { plan($0.element, limit: .max, first: $0.offset)[0] }
    }

    /// FNV-1a of `text`'s bytes: the same on every run and machine (Swift's `Hasher` is seeded).
    package static func stableHash(_ text: String) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return hash
    }

    /// One shard numbered `number` holding `document` whole, however long: a chunk's turns on a
    /// page in chunks (``ChunkedPage``), whose shards are its chunks.
    package static func shard(_ number: Int, _ document: Document) -> Shard {
        plan([document], limit: .max, first: number)[0]
    }

    /// ``shard(_:_:)`` of a document with no slug or title whose turns are `listing` (each turn's
    /// index on the page and who spoke) and whose texts, joined and without control characters,
    /// are `texts` already (``SessionSearch/shard(_:_:_:strings:)``).
    package static func shard(_ number: Int, listing: [(index: Int, role: Message.Role)], texts: [UInt8]) -> Shard {
        var item = Array("[\"\",\"\",[".utf8)
        for (n, turn) in listing.enumerated() {
            if n > 0 { item.append(UInt8(ascii: ",")) }
            appendTurn(turn.index, turn.role, to: &item)
        }
        item.append(contentsOf: "]]".utf8)
        return Shard(number: number, documents: item, texts: texts)
    }

    /// A turn in a conversation's list: its place on the page and who spoke, `4,"u"`.
    private static func appendTurn(_ index: Int, _ role: Message.Role, to item: inout [UInt8]) {
        item.append(contentsOf: "\(index),\"\(role == .user ? "u" : "a")\"".utf8)
    }

    private static func plan(_ documents: [Document], limit: Int, first: Int) -> [Shard] {
        var shards: [Shard] = []
        var docs: [UInt8] = []
        var texts: [UInt8] = []
        var turns = 0
        func close() {
            shards.append(Shard(number: first + shards.count, documents: docs, texts: texts))
            docs = []
            texts = []
            turns = 0
        }
        for document in documents {
            var item: [UInt8] = [UInt8(ascii: "[")]
            JSONQuote.append(document.slug, to: &item, .htmlSafe)
            item.append(UInt8(ascii: ","))
            JSONQuote.append(document.title, to: &item, .htmlSafe)
            item.append(contentsOf: ",[".utf8)
            var itemTexts: [UInt8] = []
            itemTexts.reserveCapacity(document.turns.reduce(0) { $0 + $1.text.utf8.count + 1 })
            for (n, turn) in document.turns.enumerated() {
                if n > 0 { item.append(UInt8(ascii: ",")) }
                appendTurn(turn.index, turn.role, to: &item)
                if n > 0 { itemTexts.append(separator) }
                // A control character means nothing in a text searched for words: a space, so
                // that U+0001 only ever joins turns.
                appendText(turn.text, to: &itemTexts)
            }
            item.append(UInt8(ascii: "]"))
            if let date = document.date { item.append(contentsOf: ",\(date)".utf8) }
            item.append(UInt8(ascii: "]"))
            // 32: the call around them, the comma and the separator before this conversation.
            if !docs.isEmpty && docs.count + texts.count + item.count + itemTexts.count + 32 > limit { close() }
            if !docs.isEmpty { docs.append(contentsOf: ",\n".utf8) }
            docs.append(contentsOf: item)
            // Between the last turn before and this conversation's first, if both are there.
            if turns > 0 && !document.turns.isEmpty { texts.append(separator) }
            texts.append(contentsOf: itemTexts)
            turns += document.turns.count
        }
        close()
        return shards
    }

    /// A turn's text as the shard holds it: its bytes, a control character as a space. Copied a
    /// buffer at a time and the few controls replaced after (a lazy map over the bytes was half
    /// the cost of a page's search in chunks).
    private static func appendText(_ text: String, to out: inout [UInt8]) {
        var text = text
        text.withUTF8 { bytes in
            let from = out.count
            out.append(contentsOf: bytes)
            out.withUnsafeMutableBufferPointer { all in
                for i in from..<all.count where all[i] < 0x20 { all[i] = UInt8(ascii: " ") }
            }
        }
    }
}
