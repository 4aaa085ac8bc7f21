import ChatModel
import ChatPlan
import ChatTheme
/// The person's photos, laid out as the spec says: one large, two side by side, three or more in
/// a grid of four with `+N` on the last tile. Tiles beyond the fourth are kept in the markup but
/// hidden, so the viewer can page through every photo of the turn.
package enum PhotoGrid {
    /// Which of the spec's three layouts a number of photos takes (the plan's table).
    package typealias Layout = PhotoLayout

    /// Photos shown as tiles before the rest fold into `+N`.
    package static let visibleLimit = 4

    /// `+N` for the last visible tile: photos not shown in the grid.
    package static func overflow(count: Int) -> Int { max(0, count - visibleLimit) }

    /// The grid for `photos` (pairs of message position and attachment).
    static func render(
        message: Message, messageIndex: Int, photos: [(index: Int, attachment: Attachment)],
        assets: AssetTable, options: RenderOptions
    ) -> HTML {
        let layout = Layout(count: photos.count)
        let extra = overflow(count: photos.count)
        var tiles = HTML()
        for (position, photo) in photos.enumerated() {
            let asset = assets[messageIndex, photo.index]
            let moreOnThisTile = position == visibleLimit - 1 ? extra : 0
            tiles.append(
                tile(
                    message: message, attachment: photo.attachment, asset: asset, position: position,
                    total: photos.count, more: moreOnThisTile, hidden: position >= visibleLimit,
                    eager: messageIndex < eagerTurns && position < visibleLimit, options: options))
        }
        let label = options.strings.counted(.photoCount, photos.count)
        return "<ul class=\"cr-photos cr-photos--\(layout.rawValue)\" aria-label=\"\(label)\">\(tiles)</ul>"
    }

    /// Photos in the first turns load at once; the rest lazily, as they near the screen.
    static let eagerTurns = 2

    /// `<img>` with 1x/2x thumbnails for the layout in `srcset`/`sizes` and the 1x size as
    /// `width`/`height`, so the page never shifts as images arrive.
    static func image(_ photo: PhotoAsset, layout: Layout, eager: Bool) -> HTML {
        let (small, large) = (layout.oneX, layout.twoX)
        let sizes = HTML.trusted(layout.sizesAttribute ?? "")
        let loading: HTML = eager ? "" : " loading=\"lazy\""
        guard let one = photo.sizes[small] else {
            return
                "<img src=\"\(AssetMarkup.url(photo.display))\" alt=\"\" width=\"\(photo.display.width)\" height=\"\(photo.display.height)\"\(loading) decoding=\"async\">"
        }
        // No srcset without a larger 2x image: a single-file page's tile is already its 2x image.
        guard let two = photo.sizes[large], two.width > one.width else {
            return "<img src=\"\(AssetMarkup.url(one))\" alt=\"\" width=\"\(one.width)\" height=\"\(one.height)\"\(loading) decoding=\"async\">"
        }
        let srcset: HTML = "\(AssetMarkup.url(one)) \(one.width)w, \(AssetMarkup.url(two)) \(two.width)w"
        return
            "<img src=\"\(AssetMarkup.url(one))\" srcset=\"\(srcset)\" sizes=\"\(sizes)\" alt=\"\" width=\"\(one.width)\" height=\"\(one.height)\"\(loading) decoding=\"async\">"
    }

    /// "Photo, garden.jpg, Uploading 45%": the spec's VoiceOver text as the accessible name.
    static func accessibleName(_ attachment: Attachment, available: Bool, more: Int, _ s: UIStrings = .english) -> String {
        var parts = [available ? s[.photo] : s[.photoUnavailable], attachment.name]
        if let alt = attachment.alt, !alt.isEmpty { parts.append(alt) }
        if let state = UploadStatus.spoken(attachment.upload, s) { parts.append(state) }
        if more > 0 { parts.append(s.counted(.morePhotos, more)) }
        return parts.joined(separator: ", ")
    }

    private static func tile(
        message: Message, attachment: Attachment, asset: AttachmentAssets, position: Int, total: Int,
        more: Int, hidden: Bool, eager: Bool, options: RenderOptions
    ) -> HTML {
        var classes: HTML = "cr-photo"
        switch attachment.upload {
        case .done: break
        case .uploading: classes.append(" cr-photo--uploading")
        case .failed: classes.append(" cr-photo--failed")
        }
        let name = accessibleName(attachment, available: asset.image != nil, more: more, options.strings)
        var picture: HTML
        if let photo = asset.image {
            let img = image(photo, layout: Layout(count: total), eager: eager)
            // Without JavaScript the photo is a link to its display image; with it, the viewer opens.
            // A display image inside the page is written once, as the link (the viewer reads it
            // there), which saves it without JavaScript: browsers do not open data: URLs as pages.
            let link = AssetMarkup.choose(photo.display.path, deferred: photo.display.deferred) { url, inside in
                let display: HTML = inside ? " download=\"\(photo.display.downloadName(for: attachment.name))\"" : " data-cr-display=\"\(url)\""
                return
                    "<a class=\"cr-photo-link\" href=\"\(url)\" aria-label=\"\(name)\" data-cr-photo data-attachment-id=\"\(attachment.id)\"\(display) data-cr-display-width=\"\(photo.display.width)\" data-cr-display-height=\"\(photo.display.height)\" data-cr-name=\"\(attachment.name)\">"
            }
            picture = "\(link)\(img)</a>"
        } else {
            classes.append(" cr-photo--unavailable")
            picture = "<div class=\"cr-photo-placeholder\" role=\"img\" aria-label=\"\(name)\">\(Icon.photoUnavailable)</div>"
        }
        if more > 0 {
            picture.append("<span class=\"cr-photo-more\" aria-hidden=\"true\">+\(more)</span>")
        }
        switch attachment.upload {
        case .done: break
        case .uploading(let fraction):
            picture.append(
                "<span class=\"cr-photo-status\" aria-hidden=\"true\">\(ProgressRing.render(fraction))<span class=\"cr-photo-status-text\">\(options.strings.uploading(percent: ProgressRing.percent(fraction)))</span></span>"
            )
        case .failed:
            var status: HTML = "<span class=\"cr-photo-status cr-photo-status--failed\">"
            status.append("<span class=\"cr-photo-failed-icon\" aria-hidden=\"true\">\(Icon.warning)</span>")
            if options.showRetry { status.append(UploadStatus.retryButton(message: message, attachment: attachment, onPhoto: true, options.strings)) }
            status.append("</span>")
            picture.append(status)
        }
        let hiddenAttribute: HTML = hidden ? " hidden" : ""
        return "<li class=\"\(classes)\"\(hiddenAttribute)>\(picture)</li>"
    }
}
