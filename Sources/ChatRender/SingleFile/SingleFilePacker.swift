import Foundation
import ChatModel
import ChatLoad
import ChatTheme
import ChatPlan
import ChatRenderHTML
import ChatOutput
import ChatAssets
import ChatBrowser

/// Decides what a single-file page carries inside it and what stays beside it, and rewrites the
/// asset table to match.
///
/// Each place shows one thumbnail: the 2x image in the 1x box (`width`/`height` of the 1x size),
/// so a data URL never appears twice in `src` and `srcset` and phones still get sharp tiles. A
/// photo's viewer image is inlined once, as the link the viewer opens.
///
/// The rule, fixed so the output is the same on every run: the page's own markup always goes in;
/// then every thumbnail, then every viewer image, then every file, each group in page order. An
/// asset goes in as a `data:` URL when the page stays within the limit with it; otherwise it is
/// left in the folder beside the page (a smaller one later in the order may still fit).
package struct SingleFilePacker {
    let conversation: Conversation
    /// How the conversation file is named in warnings.
    let displayPath: String
    let limit: InlineLimit
    /// The folder beside the page as its links spell it (percent-encoded), e.g. `garden_files`.
    let spillHref: String
    /// The same folder as the person reads it, for warnings.
    let spillName: String

    enum Tier: Int, Comparable {
        case thumbnail, viewer, file
        static func < (a: Tier, b: Tier) -> Bool { a.rawValue < b.rawValue }
    }

    /// One asset the page refers to, at its first place in the page.
    struct Item: Equatable {
        /// `assets/NAME` in the staging folder.
        var path: String
        var tier: Tier
        var order: Int
        var jsonPath: String
        /// `the viewer image of "garden.jpg"`, for warnings.
        var label: String
        var name: String { FilePath.lastComponent(path) }
    }

    /// What goes in and what stays out.
    struct Plan {
        /// Asset paths inlined as data URLs.
        var inlined: Set<String> = []
        /// Assets left beside the page, in the packing order.
        var spilled: [Item] = []
        /// The page's size in bytes as worked out before any byte is encoded (the marker included).
        var predictedSize = 0
        var warnings: [Diagnostic] = []
    }

    // MARK: 1. One thumbnail per place

    /// The table the page is drawn from, and every asset it refers to.
    func represent(_ table: AssetTable) -> (AssetTable, [Item]) {
        var result = AssetTable()
        var items: [Item] = []
        var seen: [String: Int] = [:]
        var order = 0
        func add(_ path: String, _ tier: Tier, _ jsonPath: String, _ label: String) {
            order += 1
            if let existing = seen[path] {
                if tier < items[existing].tier { items[existing].tier = tier }
                return
            }
            seen[path] = items.count
            items.append(Item(path: path, tier: tier, order: order, jsonPath: jsonPath, label: label))
        }
        let messages = conversation.messages ?? []
        for (m, message) in messages.enumerated() {
            let layout = PhotoLayout(count: message.attachments.lazy.filter(\.isPhoto).count)
            let (small, large) = (layout.oneX, layout.twoX)
            for (a, attachment) in message.attachments.enumerated() {
                var entry = table[m, a]
                let base = "messages[\(m)].attachments[\(a)]"
                let name = JSONReader.quote(attachment.name)
                if var image = entry.image {
                    let source = AssetProducer.imageSource(of: attachment)?.field ?? "url"
                    if attachment.isPhoto {
                        image.sizes = Self.oneThumbnail(image.sizes, small: small, large: large)
                        if let thumb = image.sizes[small] { add(thumb.path, .thumbnail, "\(base).\(source)", "the thumbnail of \(name)") }
                        add(image.display.path, .viewer, "\(base).\(source)", "the viewer image of \(name)")
                    } else {
                        let side = PhotoLayout.filePreview.oneX
                        image.sizes = Self.oneThumbnail(image.sizes, small: side, large: PhotoLayout.filePreview.twoX)
                        if let thumb = image.sizes[side] {
                            image.display = thumb  // a preview has no viewer; nothing else to carry
                            add(thumb.path, .thumbnail, "\(base).preview", "the preview of \(name)")
                        }
                    }
                    entry.image = image
                }
                if case .asset(let path)? = entry.file, !attachment.isPhoto {
                    add(path, .file, "\(base).url", name)
                }
                result[m, a] = entry
            }
        }
        if case .attachment(let composer)? = conversation.composer {
            let side = PhotoLayout.tray.oneX
            for (i, item) in composer.attachments.enumerated() {
                guard var photo = table[trayItem: i] else { continue }
                photo.sizes = Self.oneThumbnail(photo.sizes, small: side, large: PhotoLayout.tray.twoX)
                if let thumb = photo.sizes[side] {
                    photo.display = thumb
                    let source = AssetProducer.imageSource(of: item.attachment)?.field ?? "url"
                    add(thumb.path, .thumbnail, "composer.attachments[\(i)].\(source)", "the thumbnail of \(JSONReader.quote(item.attachment.name))")
                }
                result[trayItem: i] = photo
            }
        }
        return (result, items)
    }

    /// The 2x thumbnail (when it is larger) under the 1x key with the 1x box.
    static func oneThumbnail(_ sizes: [PhotoVariant: ImageAsset], small: PhotoVariant, large: PhotoVariant) -> [PhotoVariant: ImageAsset] {
        guard let one = sizes[small] else { return sizes }
        let pick = sizes[large].flatMap { $0.width > one.width ? $0 : nil } ?? one
        return [small: ImageAsset(path: pick.path, width: one.width, height: one.height)]
    }

    // MARK: 2. What fits

    /// Packs the page: chooses what is inlined so the page stays within the limit, and returns
    /// the finished page. `assemble` draws the page from a table.
    ///
    /// Sizes are worked out from two drafts, one with everything beside the page and one with
    /// placeholders in place of every data URL (a block's markup differs a little between the
    /// two: an inlined file's Share is a button, an inlined photo link carries `download`), so
    /// each asset's cost is known before anything is encoded. The finished page is measured; in
    /// the rare case it is still over, the last inlined asset is moved out until it is not.
    func pack(_ table: AssetTable, items: [Item], assetsFolder: String,
              assemble: (AssetTable) -> [UInt8]) throws(DiagnosticError) -> (page: [UInt8], plan: Plan) {
        var sizes: [String: Int] = [:]
        for item in items { sizes[item.path] = try Self.fileSize(FilePath.join(assetsFolder, item.name), displayPath: displayPath) }
        let everything = Set(items.map(\.path))
        let outside = assemble(relink(table, inlined: [], urls: [:]))
        var placeholders: [String: String] = [:]
        for item in items { placeholders[item.path] = DataURL.prefix(forName: item.name) + "@" + item.name }
        let inside = assemble(relink(table, inlined: everything, urls: placeholders))
        let outsideCounts = Self.occurrences(in: outside, prefix: spillHref + "/")
        let insideCounts = Self.occurrences(in: inside, prefix: "data:")

        let ordered = items.sorted { ($0.tier, $0.order) < ($1.tier, $1.order) }
        var size = outside.count + SingleFileWriter.marker.utf8.count  // the page as written, marker included
        var inlinedOrder: [Item] = []
        var spilled: [Item] = []
        for item in ordered {
            let spillCount = outsideCounts[spillURL(item), default: 0]
            let inlineCount = insideCounts[placeholders[item.path]!, default: 0]
            guard spillCount > 0 || inlineCount > 0 else { continue }  // not on the page
            let growth = inlineCount * DataURL.length(forName: item.name, byteCount: sizes[item.path]!) - spillCount * spillURL(item).utf8.count
            if size + growth <= limit.bytes {
                size += growth
                inlinedOrder.append(item)
            } else {
                spilled.append(item)
            }
        }
        var urls: [String: String] = [:]
        var page: [UInt8]
        while true {
            let inlined = Set(inlinedOrder.map(\.path))
            for item in inlinedOrder where urls[item.path] == nil { urls[item.path] = try dataURL(item, assetsFolder: assetsFolder) }
            page = assemble(relink(table, inlined: inlined, urls: urls))
            guard page.count + SingleFileWriter.marker.utf8.count > limit.bytes, let last = inlinedOrder.popLast() else { break }
            spilled.append(last)
        }
        var plan = Plan()
        plan.inlined = Set(inlinedOrder.map(\.path))
        plan.spilled = spilled.sorted { ($0.tier, $0.order) < ($1.tier, $1.order) }
        plan.predictedSize = size
        plan.warnings = plan.spilled.map { item in
            Diagnostic(.warning, file: displayPath, location: SourceLocation(jsonPath: item.jsonPath),
                       message: "\(item.label) (\(ByteCountFormat.string(Int64(sizes[item.path]!)))) stays beside the page as \(spillName)/\(item.name): inlined, it would take the page over --inline-limit \(limit)")
        }
        return (page, plan)
    }

    func spillURL(_ item: Item) -> String { "\(spillHref)/\(item.name)" }

    private func dataURL(_ item: Item, assetsFolder: String) throws(DiagnosticError) -> String {
        guard let bytes = FileManager.default.contents(atPath: FilePath.join(assetsFolder, item.name)) else {
            throw DiagnosticError(Diagnostic(file: displayPath, message: "cannot read \(item.name) back from the staging folder to inline it"), kind: .cannotWrite)
        }
        return DataURL.make(name: item.name, bytes: bytes)
    }

    /// How many times each URL starting with `prefix` appears in the page as a whole attribute
    /// value or a `srcset` candidate (after `"` or a space, up to `"` or a space).
    static func occurrences(in page: [UInt8], prefix: String) -> [String: Int] {
        let needle = Array(prefix.utf8)
        var counts: [String: Int] = [:]
        guard let first = needle.first else { return counts }
        var i = 0
        let n = page.count
        while i + needle.count <= n {
            guard page[i] == first, page[i..<(i + needle.count)].elementsEqual(needle) else { i += 1; continue }
            let before = i > 0 ? page[i - 1] : 0
            guard before == UInt8(ascii: "\"") || before == UInt8(ascii: " ") else { i += 1; continue }
            var j = i + needle.count
            while j < n, page[j] != UInt8(ascii: "\""), page[j] != UInt8(ascii: " "), page[j] != UInt8(ascii: "<") { j += 1 }
            if j < n, page[j] == UInt8(ascii: "\"") || page[j] == UInt8(ascii: " ") {
                counts[String(decoding: page[i..<j], as: UTF8.self), default: 0] += 1
            }
            i = j
        }
        return counts
    }

    // MARK: 3. Relink

    /// The table with the `inlined` assets as data URLs (from `urls`) and the rest pointing into
    /// the folder beside the page.
    func relink(_ table: AssetTable, inlined: Set<String>, urls: [String: String]) -> AssetTable {
        func url(_ path: String) -> String {
            let name = FilePath.lastComponent(path)
            if inlined.contains(path), let data = urls[path] { return data }
            return "\(spillHref)/\(name)"
        }
        func image(_ asset: ImageAsset) -> ImageAsset {
            ImageAsset(path: url(asset.path), width: asset.width, height: asset.height)
        }
        func photo(_ asset: PhotoAsset) -> PhotoAsset {
            var sizes: [PhotoVariant: ImageAsset] = [:]
            for (variant, value) in asset.sizes { sizes[variant] = image(value) }
            return PhotoAsset(display: image(asset.display), sizes: sizes)
        }
        var result = AssetTable()
        let messages = conversation.messages ?? []
        for (m, message) in messages.enumerated() {
            for a in message.attachments.indices {
                var entry = table[m, a]
                if let picture = entry.image { entry.image = photo(picture) }
                if case .asset(let path)? = entry.file { entry.file = .asset(url(path)) }
                result[m, a] = entry
            }
        }
        if case .attachment(let composer)? = conversation.composer {
            for i in composer.attachments.indices {
                if let picture = table[trayItem: i] { result[trayItem: i] = photo(picture) }
            }
        }
        return result
    }

    private static func fileSize(_ path: String, displayPath: String) throws(DiagnosticError) -> Int {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: path),
              let size = (attributes[.size] as? NSNumber)?.intValue else {
            throw DiagnosticError(Diagnostic(file: displayPath, message: "cannot read the size of \(FilePath.lastComponent(path)) in the staging folder"), kind: .cannotWrite)
        }
        return size
    }
}
