/// The person's photos, laid out as the spec says: one large, two side by side, three or more in
/// a grid of four with `+N` on the last tile. Tiles beyond the fourth are kept in the markup but
/// hidden, so the viewer can page through every photo of the turn.
public enum PhotoGrid {
    /// Which of the spec's three layouts a number of photos takes.
    public enum Layout: String, Sendable, Equatable {
        case single, pair, grid

        public init(count: Int) {
            switch count {
            case ...1: self = .single
            case 2: self = .pair
            default: self = .grid
            }
        }
    }

    /// Photos shown as tiles before the rest fold into `+N`.
    public static let visibleLimit = 4

    /// `+N` for the last visible tile: photos not shown in the grid.
    public static func overflow(count: Int) -> Int { max(0, count - visibleLimit) }

    /// The grid for `photos` (pairs of message position and attachment).
    static func render(message: Message, messageIndex: Int, photos: [(index: Int, attachment: Attachment)],
                       assets: AssetTable, options: RenderOptions) -> HTML {
        let layout = Layout(count: photos.count)
        let extra = overflow(count: photos.count)
        var tiles = HTML()
        for (position, photo) in photos.enumerated() {
            let asset = assets[messageIndex, photo.index]
            let moreOnThisTile = position == visibleLimit - 1 ? extra : 0
            tiles.append(tile(message: message, attachment: photo.attachment, asset: asset, position: position,
                              total: photos.count, more: moreOnThisTile, hidden: position >= visibleLimit, options: options))
        }
        let label = photos.count == 1 ? "1 photo" : "\(photos.count) photos"
        return "<ul class=\"cr-photos cr-photos--\(layout.rawValue)\" aria-label=\"\(label)\">\(tiles)</ul>"
    }

    /// "Photo, garden.jpg, Uploading 45%": the spec's VoiceOver text as the accessible name.
    static func accessibleName(_ attachment: Attachment, available: Bool, more: Int) -> String {
        var parts = [available ? "Photo" : "Photo unavailable", attachment.name]
        if let alt = attachment.alt, !alt.isEmpty { parts.append(alt) }
        if let state = UploadStatus.spoken(attachment.upload) { parts.append(state) }
        if more > 0 { parts.append(more == 1 ? "1 more photo" : "\(more) more photos") }
        return parts.joined(separator: ", ")
    }

    private static func tile(message: Message, attachment: Attachment, asset: AttachmentAssets, position: Int, total: Int,
                             more: Int, hidden: Bool, options: RenderOptions) -> HTML {
        var classes: HTML = "cr-photo"
        switch attachment.upload {
        case .done: break
        case .uploading: classes.append(" cr-photo--uploading")
        case .failed: classes.append(" cr-photo--failed")
        }
        let name = accessibleName(attachment, available: asset.image != nil, more: more)
        var picture: HTML
        if let image = asset.image {
            // The first photos of a page load eagerly; later ones lazily. Dimensions always set.
            let img: HTML = "<img src=\"\(image.path)\" alt=\"\" width=\"\(image.width)\" height=\"\(image.height)\" decoding=\"async\">"
            picture = "<a class=\"cr-photo-link\" href=\"\(image.path)\" aria-label=\"\(name)\" data-cr-photo=\"\(position)\" data-cr-photo-count=\"\(total)\">\(img)</a>"
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
            picture.append("<span class=\"cr-photo-status\" aria-hidden=\"true\">\(ProgressRing.render(fraction))<span class=\"cr-photo-status-text\">Uploading \(ProgressRing.percent(fraction))%</span></span>")
        case .failed:
            var status: HTML = "<span class=\"cr-photo-status cr-photo-status--failed\">"
            status.append("<span class=\"cr-photo-failed-icon\" aria-hidden=\"true\">\(Icon.warning)</span>")
            if options.showRetry { status.append(UploadStatus.retryButton(message: message, attachment: attachment, onPhoto: true)) }
            status.append("</span>")
            picture.append(status)
        }
        let hiddenAttribute: HTML = hidden ? " hidden" : ""
        return "<li class=\"\(classes)\"\(hiddenAttribute)>\(picture)</li>"
    }
}
