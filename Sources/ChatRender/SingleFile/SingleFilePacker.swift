import Foundation
import ChatModel
import ChatSupport
import ChatPlan
import ChatRenderHTML
import ChatOutput
import ChatAssets

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
        /// The page's size in bytes, worked out before any byte is encoded (the marker included).
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

    // MARK: 2. Drawn once, every asset beside

    /// The table the page is drawn from: every asset at its place beside the page, marked
    /// ``ImageAsset/deferred`` so the page leaves a slot wherever the choice changes its markup.
    func deferred(_ table: AssetTable) -> AssetTable {
        func image(_ asset: ImageAsset) -> ImageAsset {
            var image = ImageAsset(path: spillURL(FilePath.lastComponent(asset.path)), width: asset.width, height: asset.height)
            image.deferred = true
            return image
        }
        func photo(_ asset: PhotoAsset) -> PhotoAsset {
            PhotoAsset(display: image(asset.display), sizes: asset.sizes.mapValues(image))
        }
        var result = AssetTable()
        let messages = conversation.messages ?? []
        for (m, message) in messages.enumerated() {
            for a in message.attachments.indices {
                var entry = table[m, a]
                if let picture = entry.image { entry.image = photo(picture) }
                if case .asset(let path)? = entry.file {
                    entry.file = .asset(spillURL(FilePath.lastComponent(path)))
                    entry.fileDeferred = true
                }
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

    // MARK: 3. What fits

    /// Chooses what the page carries inside it so it stays within the limit, and returns the
    /// finished page.
    ///
    /// The page was drawn once with every asset's place left open (``SlottedPage``), so what each
    /// asset adds when carried inside is known exactly before a byte is encoded: its `data:` URL at
    /// each of its places, less the address it replaces, plus the few bytes by which the markup
    /// around it differs. Assets are taken in the fixed order (thumbnails, viewer images, files;
    /// each in page order) and each goes in when the page stays within the limit with it.
    func pack(_ page: SlottedPage, items: [Item], assetsFolder: String) throws(DiagnosticError) -> (page: [UInt8], plan: Plan) {
        let ordered = items.sorted { ($0.tier, $0.order) < ($1.tier, $1.order) }
        var size = page.size(inside: [:]) + SingleFileWriter.marker.utf8.count  // the page as written, marker included
        var inside: [String: Int] = [:]
        var plan = Plan()
        var sizes: [String: Int] = [:]
        for item in ordered {
            let key = spillURL(item.name)
            guard page.costs[key] != nil else { continue }  // not on the page
            let byteCount = try Self.fileSize(FilePath.join(assetsFolder, item.name), displayPath: displayPath)
            sizes[item.path] = byteCount
            let length = DataURL.length(forName: item.name, byteCount: byteCount)
            let growth = page.growth(of: key, dataURLLength: length)
            if size + growth <= limit.bytes {
                size += growth
                inside[key] = length
                plan.inlined.insert(item.path)
            } else {
                plan.spilled.append(item)
            }
        }
        var urls: [String: String] = [:]
        for item in ordered where plan.inlined.contains(item.path) {
            urls[spillURL(item.name)] = try dataURL(item, assetsFolder: assetsFolder)
        }
        let bytes = page.bytes(inside: urls)
        plan.predictedSize = size
        plan.warnings = plan.spilled.map { item in
            Diagnostic(
                .warning, file: displayPath, location: SourceLocation(jsonPath: item.jsonPath),
                message:
                    "\(item.label) (\(ByteCountFormat.string(Int64(sizes[item.path]!)))) stays beside the page as \(spillName)/\(item.name): inlined, it would take the page over --inline-limit \(limit)"
            )
        }
        return (bytes, plan)
    }

    /// Where an asset named `name` is beside the page, as the page's links spell it.
    func spillURL(_ name: String) -> String { "\(spillHref)/\(name)" }

    private func dataURL(_ item: Item, assetsFolder: String) throws(DiagnosticError) -> String {
        guard let bytes = FileManager.default.contents(atPath: FilePath.join(assetsFolder, item.name)) else {
            throw DiagnosticError(
                Diagnostic(file: displayPath, message: "cannot read \(item.name) back from the staging folder to inline it"), kind: .cannotWrite)
        }
        return DataURL.make(name: item.name, bytes: bytes)
    }

    private static func fileSize(_ path: String, displayPath: String) throws(DiagnosticError) -> Int {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: path),
            let size = (attributes[.size] as? NSNumber)?.intValue
        else {
            throw DiagnosticError(
                Diagnostic(file: displayPath, message: "cannot read the size of \(FilePath.lastComponent(path)) in the staging folder"), kind: .cannotWrite)
        }
        return size
    }
}
