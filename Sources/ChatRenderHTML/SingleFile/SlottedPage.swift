import ChatModel
import ChatPlan
import ChatTheme

/// A single-file page drawn once, with the places that depend on which assets it carries inside
/// it left open as ``HTML/Slot``s.
///
/// Whether an asset goes inside the page depends on the size of the whole page, and the markup
/// around an asset depends on where it goes (an image inside the page is saved with `download`;
/// a file inside it has a Share button instead of a link). The page is drawn once with both
/// versions of each such place; its size for any choice is then a sum (``size(inside:)``), and
/// ``bytes(inside:)`` writes the chosen one.
package struct SlottedPage: Sendable {
    /// Template text, and the body markup with its slots, in order.
    package enum Piece: Sendable {
        case bytes([UInt8])
        case html(HTML)
    }

    package private(set) var pieces: [Piece] = []

    /// What one asset costs the page: bytes of markup and how many times its address appears,
    /// when it is carried inside and when it is left beside.
    package struct Cost: Sendable, Equatable {
        package var insideMarkup = 0
        package var insideAddresses = 0
        package var besideMarkup = 0
        package var besideAddresses = 0
    }

    /// Bytes outside every slot.
    package private(set) var fixedSize = 0
    /// Each asset on the page (keyed by its path beside the page), in the order it first appears.
    package private(set) var costs: [String: Cost] = [:]

    mutating func append(_ piece: Piece) {
        switch piece {
        case .bytes(let bytes):
            fixedSize += bytes.count
        case .html(let html):
            fixedSize += html.byteCount
            for slot in html.slots {
                var cost = costs[slot.key, default: Cost()]
                switch slot.content {
                case .url:
                    cost.insideAddresses += 1
                    cost.besideAddresses += 1
                case .choice(let inside, let beside):
                    cost.insideMarkup += inside.byteCount
                    cost.insideAddresses += inside.slots.count
                    cost.besideMarkup += beside.byteCount
                    cost.besideAddresses += beside.slots.count
                }
                costs[slot.key] = cost
            }
        }
        pieces.append(piece)
    }

    /// The address of an asset left beside the page, as the markup spells it.
    package static func besideAddress(_ key: String) -> [UInt8] { HTML.text(key).bytes }

    /// The page's size in bytes when the assets in `inside` (key → length of its `data:` URL) are
    /// carried inside it and every other is beside it.
    package func size(inside: [String: Int]) -> Int {
        var size = fixedSize
        for (key, cost) in costs {
            if let length = inside[key] {
                size += cost.insideMarkup + cost.insideAddresses * length
            } else {
                size += cost.besideMarkup + cost.besideAddresses * Self.besideAddress(key).count
            }
        }
        return size
    }

    /// How much carrying `key` inside (its `data:` URL `length` bytes long) adds to the page.
    package func growth(of key: String, dataURLLength length: Int) -> Int {
        guard let cost = costs[key] else { return 0 }
        return cost.insideMarkup + cost.insideAddresses * length
            - cost.besideMarkup - cost.besideAddresses * Self.besideAddress(key).count
    }

    /// The finished page: the assets in `inside` (key → its `data:` URL) carried inside it. The
    /// URLs are escaped like any text (a `data:` URL of base64 has nothing to escape).
    package func bytes(inside urls: [String: String]) -> [UInt8] {
        let inside = urls.mapValues { HTML.text($0).bytes }
        var out: [UInt8] = []
        out.reserveCapacity(size(inside: inside.mapValues(\.count)))
        for piece in pieces {
            switch piece {
            case .bytes(let bytes): out.append(contentsOf: bytes)
            case .html(let html): Self.write(html, inside: inside, into: &out)
            }
        }
        return out
    }

    private static func write(_ html: HTML, inside: [String: [UInt8]], into out: inout [UInt8]) {
        var from = 0
        let bytes = html.bytes
        for slot in html.slots {
            out.append(contentsOf: bytes[from..<slot.offset])
            from = slot.offset
            let data = inside[slot.key]
            switch slot.content {
            case .url:
                if let data { out.append(contentsOf: data) } else { out.append(contentsOf: besideAddress(slot.key)) }
            case .choice(let insideMarkup, let besideMarkup):
                write(data == nil ? besideMarkup : insideMarkup, inside: inside, into: &out)
            }
        }
        out.append(contentsOf: bytes[from...])
    }
}

extension PageAssembler {
    /// The page for `--single-file`: drawn once, in one piece, with its asset slots open (the
    /// table's assets marked ``ImageAsset/deferred``).
    package static func assembleSlotted(
        conversation: Conversation, style: PageStyle, assets: AssetTable,
        options: RenderOptions
    ) -> SlottedPage {
        let page = SlottedPageCollector()
        fill(conversation, style: style, strings: options.strings, into: page.sink) { _ in
            page.append(.html(PageBody.render(conversation, assets: assets, options: options, hasDarkMode: style.theme.hasDarkMode)))
        }
        return page.page
    }
}

/// Collects a ``SlottedPage`` as the template is filled; calls never overlap.
private final class SlottedPageCollector: @unchecked Sendable {
    private(set) var page = SlottedPage()
    func append(_ piece: SlottedPage.Piece) { page.append(piece) }
    var sink: ByteSink { { [self] bytes in page.append(.bytes(bytes)) } }
}
