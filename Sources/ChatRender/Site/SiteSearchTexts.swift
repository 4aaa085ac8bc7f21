import ChatModel

/// The search texts of a site's conversations, kept beside its manifest (``fileName``) in a
/// layout of its own rather than in the manifest's JSON: they are most of what a site knows of
/// its conversations (every word of every turn), and decoding them as JSON was a third of a
/// re-run that found one session grown. Read again only to pack a search shard whose
/// conversations did not change but whose neighbours did.
///
/// The layout: ``magic``, then for each conversation its slug, its number of turns, and for each
/// turn its index on the page, its role (0 you, 1 the assistant) and its text; every number a
/// little-endian UInt32, every string its length in bytes and its UTF-8. A file that does not
/// read to its end exactly, or a text that is not UTF-8, is not trusted (nil): the site is made
/// again whole.
enum SiteSearchTexts {
    static let fileName = ".chatrender-search"
    static let magic = Array("chatrender search texts 1\n".utf8)

    /// The texts of `entries`, in their order.
    static func bytes(_ entries: [ImportedEntry]) -> [UInt8] {
        var out = magic
        out.reserveCapacity(magic.count + entries.reduce(0) { $0 + $1.slug.utf8.count + 8 + $1.summary.turns.reduce(0) { $0 + $1.text.utf8.count + 9 } })
        func number(_ value: Int) {
            let clamped = UInt32(clamping: value)
            for shift in stride(from: 0, to: 32, by: 8) { out.append(UInt8(truncatingIfNeeded: clamped >> UInt32(shift))) }
        }
        func string(_ text: String) {
            number(text.utf8.count)
            out.append(contentsOf: text.utf8)
        }
        for entry in entries {
            string(entry.slug)
            number(entry.summary.turns.count)
            for turn in entry.summary.turns {
                number(turn.index)
                out.append(turn.role == .user ? 0 : 1)
                string(turn.text)
            }
        }
        return out
    }

    /// Each conversation's turns by its slug; nil when `bytes` is not such a file, whole.
    static func read(_ bytes: [UInt8]) -> [String: [SearchTurn]]? {
        guard bytes.count >= magic.count, bytes[0..<magic.count].elementsEqual(magic) else { return nil }
        var at = magic.count
        func number() -> Int? {
            guard bytes.count - at >= 4 else { return nil }
            var value = 0
            for k in 0..<4 { value |= Int(bytes[at + k]) << (8 * k) }
            at += 4
            return value
        }
        func string() -> String? {
            guard let count = number(), bytes.count - at >= count else { return nil }
            defer { at += count }
            return String(validating: bytes[at..<(at + count)], as: UTF8.self)
        }
        var found: [String: [SearchTurn]] = [:]
        while at < bytes.count {
            guard let slug = string(), let count = number(), count <= bytes.count - at else { return nil }
            var turns: [SearchTurn] = []
            turns.reserveCapacity(count)
            for _ in 0..<count {
                guard let index = number(), at < bytes.count else { return nil }
                let role: Message.Role = bytes[at] == 0 ? .user : .assistant
                at += 1
                guard let text = string() else { return nil }
                turns.append(SearchTurn(index: index, role: role, text: text))
            }
            found[slug] = turns
        }
        return found
    }
}
