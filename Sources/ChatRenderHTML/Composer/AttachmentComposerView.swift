import ChatModel
import ChatPlan
import ChatTheme
/// The attachment composer (`attachment-composer.txt`): plus with its Photos / Camera / Files menu,
/// the tray of 64 px photo thumbnails and file chips with their upload rings, the growing field,
/// Send or Stop, the counter from 90 % of the limit, and the error under the card.
package enum AttachmentComposerView {
    static func render(
        _ s: AttachmentComposerState, id: String, label: String, assets: AssetTable = AssetTable(),
        strings t: UIStrings = .english
    ) -> HTML {
        var tray = HTML()
        if !s.attachments.isEmpty {
            var tiles = HTML()
            for (index, item) in s.attachments.enumerated() { tiles.append(tile(item, id: id, thumbnail: assets[trayItem: index], t)) }
            tray = "<ul class=\"cr-tray\" aria-label=\"\(t[.attachments])\">\(tiles)</ul>"
        }
        let counter = counterMarkup(s.counter, id: id, t)
        let field = ComposerParts.field(
            id: id, text: s.text, placeholder: ComposerParts.placeholder(s.placeholder, t), describedBy: [id + "-counter"], strings: t)
        let send = ComposerParts.send(label: s.sendLabel(t), enabled: s.sendBlock == nil, sending: s.sending, strings: t)
        let limit: HTML = s.characterLimit.map { " data-limit=\"\($0)\"" } ?? ""
        return
            "<div class=\"cr-composer cr-composer--attachment\" id=\"\(id)\" role=\"group\" aria-label=\"\(label)\" data-cr-composer=\"attachment\"\(limit) data-max-attachments=\"\(s.maxAttachments)\"><div class=\"\(ComposerParts.cardClasses(focused: s.focused))\">\(tray)<div class=\"cr-composer-row\">\(plus(s, id: id, t))\(field)\(send)</div>\(counter)</div>\(ComposerParts.error(s.error, id: id, strings: t))</div>"
    }

    /// Plus: a 36 px `fill` circle in a 44 px target; dimmed at the attachment limit.
    static func plus(_ s: AttachmentComposerState, id: String, _ t: UIStrings = .english) -> HTML {
        let full = s.isAtAttachmentLimit
        let name = full ? t.text(.addAttachmentFull, ["count": t.number(s.maxAttachments)]) : t[.addAttachment]
        let disabled: HTML = full ? " disabled" : ""
        let expanded: HTML = s.menuOpen && !full ? "true" : "false"
        var items: [HTML] = [menuItem("photos", "\(t[.photos])", ComposerIcon.photos)]
        if s.hasCamera { items.append(menuItem("camera", "\(t[.camera])", ComposerIcon.camera)) }
        items.append(menuItem("files", "\(t[.files])", ComposerIcon.files))
        let hidden: HTML = s.menuOpen && !full ? "" : " hidden"
        return
            "<div class=\"cr-menu-anchor\"><button type=\"button\" class=\"cr-round cr-round--fill cr-plus\" data-cr-menu-button aria-label=\"\(name)\" aria-haspopup=\"menu\" aria-expanded=\"\(expanded)\" aria-controls=\"\(id)-menu\"\(disabled)>\(ComposerIcon.plus)</button><ul class=\"cr-menu\" id=\"\(id)-menu\" role=\"menu\" aria-label=\"\(t[.addAttachment])\" data-cr-menu\(hidden)>\(items)</ul></div>"
    }

    static func menuItem(_ source: HTML, _ title: HTML, _ icon: HTML) -> HTML {
        "<li role=\"none\"><button type=\"button\" class=\"cr-menu-item\" role=\"menuitem\" data-cr-attach=\"\(source)\">\(icon)<span class=\"cr-menu-name\">\(title)</span></button></li>"
    }

    /// "3,600/4,000" in `type.caption` with tabular digits; `danger` past the limit.
    static func counterMarkup(_ counter: AttachmentComposerState.Counter, id: String, _ t: UIStrings = .english) -> HTML {
        switch counter {
        case .hidden:
            return "<p class=\"cr-counter\" id=\"\(id)-counter\" hidden></p>"
        case .shown(let count, let limit):
            return "<p class=\"cr-counter\" id=\"\(id)-counter\">\(counterText(count, limit, t))</p>"
        case .over(let count, let limit):
            return "<p class=\"cr-counter cr-counter--over\" id=\"\(id)-counter\">\(counterText(count, limit, t))</p>"
        }
    }

    static func counterText(_ count: Int, _ limit: Int, _ t: UIStrings = .english) -> HTML {
        let spoken =
            count > limit
            ? t.text(.charactersOver, ["count": t.number(count), "limit": t.number(limit), "over": t.number(count - limit)])
            : t.text(.characters, ["count": t.number(count), "limit": t.number(limit)])
        return "<span aria-hidden=\"true\">\(t.number(count))/\(t.number(limit))</span><span class=\"cr-visually-hidden\">\(spoken)</span>"
    }

    /// How VoiceOver reads a tile's state: "Uploading, 40 percent", "Uploaded" or the failure.
    static func spokenState(_ item: AttachmentComposerState.TrayItem, _ t: UIStrings = .english) -> String {
        if item.isLoading { return t[.loading] }
        switch item.attachment.upload {
        case .done: return t[.uploaded]
        case .uploading(let fraction): return t.text(.uploadingSpoken, ["percent": t.number(ProgressRing.percent(fraction))])
        case .failed(let reason): return t.uploadFailed(reason)
        }
    }

    /// "Photo, IMG_0042.jpeg, Uploading, 40 percent" / "survey.pdf, PDF document, 2.3 MB, Uploaded".
    static func accessibleName(_ item: AttachmentComposerState.TrayItem, _ t: UIStrings = .english) -> String {
        let a = item.attachment
        if a.isPhoto { return "\(t[.photo]), \(a.name), \(spokenState(item, t))" }
        return "\(a.name), \(t.spokenName(a.kind)), \(t.size(a.byteCount)), \(spokenState(item, t))"
    }

    static func tile(_ item: AttachmentComposerState.TrayItem, id: String, thumbnail: PhotoAsset? = nil, _ t: UIStrings = .english) -> HTML {
        let a = item.attachment
        let remove: HTML =
            "<button type=\"button\" class=\"cr-tile-remove\" data-cr-remove aria-label=\"\(t.text(.remove, ["name": a.name]))\">\(ComposerIcon.xmark)</button>"
        let retry: HTML =
            "<button type=\"button\" class=\"cr-tile-retry\" data-cr-composer-retry aria-label=\"\(t.text(.retryUploadOf, ["name": a.name]))\">\(ComposerIcon.retry)</button>"
        var state: HTML = "done"
        var status = HTML()
        if item.isLoading {
            state = "loading"
            status = "<span class=\"cr-tile-spinner\">\(ComposerIcon.spinner)</span>"
        } else {
            switch a.upload {
            case .done: break
            case .uploading(let fraction):
                state = "uploading"
                status = ring(fraction)
            case .failed:
                state = "failed"
                status = retry
            }
        }
        let data: HTML = "data-attachment-id=\"\(a.id)\" data-state=\"\(state)\""
        if a.isPhoto {
            return
                "<li class=\"cr-tile cr-tile--photo cr-tile--\(state)\" \(data)><div class=\"cr-tile-body\" role=\"group\" aria-label=\"\(accessibleName(item, t))\"><span class=\"cr-tile-thumb\">\(thumb(thumbnail))</span><span class=\"cr-tile-status\">\(status)</span>\(remove)</div></li>"
        }
        var detail: HTML = "\(t.spokenName(a.kind)) · \(t.size(a.byteCount))"
        if case .failed(let reason) = a.upload, !item.isLoading {
            detail = "\(t.uploadFailed(reason))"
        }
        return
            "<li class=\"cr-tile cr-tile--file cr-tile--\(state)\" \(data)><div class=\"cr-tile-body\" role=\"group\" aria-label=\"\(accessibleName(item, t))\"><span class=\"cr-file-icon cr-file-icon--\(a.kind.rawValue)\">\(Icon.file(a.kind))</span><span class=\"cr-tile-text\"><span class=\"cr-tile-name\" dir=\"auto\">\(a.name)</span><span class=\"cr-tile-detail\">\(detail)</span></span><span class=\"cr-tile-status\">\(status)</span>\(remove)</div></li>"
    }

    /// The tray tile's picture: its 64 px thumbnail (1x, 2x), or the image icon until it has one.
    static func thumb(_ photo: PhotoAsset?) -> HTML {
        guard let photo, let one = photo.sizes[PhotoLayout.tray.oneX] else { return Icon.file(.image) }
        // No srcset without a 2x image (a single-file page keeps only the 2x one, in the 1x box).
        let srcset: HTML = photo.sizes[PhotoLayout.tray.twoX].map { " srcset=\"\(AssetMarkup.url(one)) 1x, \(AssetMarkup.url($0)) 2x\"" } ?? ""
        return "<img src=\"\(AssetMarkup.url(one))\"\(srcset) alt=\"\" width=\"\(one.width)\" height=\"\(one.height)\" decoding=\"async\">"
    }

    /// A thin ring: white over a dark scrim on photos, `textPrimary` on a `separator` track on chips.
    static func ring(_ fraction: Double) -> HTML {
        let clamped = fraction.isFinite ? min(max(fraction, 0), 1) : 0
        return
            "<svg class=\"cr-tray-ring\" viewBox=\"0 0 24 24\" width=\"24\" height=\"24\" aria-hidden=\"true\" focusable=\"false\"><circle class=\"cr-tray-ring-track\" cx=\"12\" cy=\"12\" r=\"9\" pathLength=\"100\"/><circle class=\"cr-tray-ring-value\" cx=\"12\" cy=\"12\" r=\"9\" pathLength=\"100\" stroke-dasharray=\"\(clamped * 100) 100\" transform=\"rotate(-90 12 12)\"/></svg>"
    }
}
