import ChatModel
import ChatPlan
import ChatTheme
/// A file the person sent: `surface` chip at `radius.md` with the type icon (`textSecondary`), the
/// name (`textPrimary`) and a line below with the size (`type.footnote`, `textTertiary`), the upload
/// progress, or the failure in `danger` with Retry.
package enum FileChip {
    /// What a chip or card says when the file's bytes are missing (`"status": "unavailable"`),
    /// in the words of the photo grid's "Photo unavailable".

    /// "survey.pdf, PDF document, 2.3 MB": the spec's VoiceOver text; "notes.docx, Document,
    /// 118 KB, File unavailable" for a file whose bytes are missing: what the export knows of it
    /// (its size, when it gives one) stays, and it says the file is not there.
    static func accessibleName(_ attachment: Attachment, _ s: UIStrings = .english) -> String {
        if attachment.status == .unavailable {
            return
                ([attachment.name, s.spokenName(attachment.kind)] + (attachment.byteCount > 0 ? [s.size(attachment.byteCount)] : [])
                + [s[.fileUnavailable]]).joined(separator: ", ")
        }
        var parts = [attachment.name, s.spokenName(attachment.kind), s.size(attachment.byteCount)]
        if let state = UploadStatus.spoken(attachment.upload, s) { parts.append(state) }
        return parts.joined(separator: ", ")
    }

    /// The type icon, or the file's preview image when it has one (decorative: the name says it).
    static func icon(_ attachment: Attachment, asset: AttachmentAssets) -> HTML {
        if let preview = asset.image, let one = preview.sizes[PhotoLayout.filePreview.oneX] {
            // No srcset without a 2x image (a single-file page keeps only the 2x one, in the 1x box).
            let srcset: HTML = preview.sizes[PhotoLayout.filePreview.twoX].map { " srcset=\"\(AssetMarkup.url(one)) 1x, \(AssetMarkup.url($0)) 2x\"" } ?? ""
            return
                "<span class=\"cr-file-icon cr-file-icon--preview\"><img class=\"cr-file-preview\" src=\"\(AssetMarkup.url(one))\"\(srcset) alt=\"\" width=\"\(one.width)\" height=\"\(one.height)\" loading=\"lazy\" decoding=\"async\"></span>"
        }
        return "<span class=\"cr-file-icon cr-file-icon--\(attachment.kind.rawValue)\">\(Icon.file(attachment.kind))</span>"
    }

    /// "118 KB · File unavailable", or "File unavailable" when the size is not known either.
    static func unavailableLine(_ attachment: Attachment, _ s: UIStrings) -> HTML {
        attachment.byteCount > 0 ? "\(s.sizeHTML(attachment.byteCount)) · \(s[.fileUnavailable])" : "\(s[.fileUnavailable])"
    }

    static func render(message: Message, attachment: Attachment, asset: AttachmentAssets, options: RenderOptions) -> HTML {
        var classes: HTML = "cr-chip"
        var line: HTML
        var trailing = HTML()
        let s = options.strings
        let size = s.sizeHTML(attachment.byteCount)
        switch attachment.upload {
        case _ where attachment.status == .unavailable:
            classes.append(" cr-chip--unavailable")
            line = "<span class=\"cr-chip-line\">\(unavailableLine(attachment, s))</span>"
        case .done:
            line = "<span class=\"cr-chip-line\">\(size)</span>"
        case .uploading(let fraction):
            classes.append(" cr-chip--uploading")
            line = "<span class=\"cr-chip-line\">\(s.uploading(percent: ProgressRing.percent(fraction)))</span>"
            trailing = "<span class=\"cr-chip-ring\">\(ProgressRing.render(fraction))</span>"
        case .failed(let reason):
            classes.append(" cr-chip--failed")
            let text = s.uploadFailed(reason)
            line = "<span class=\"cr-chip-line\">\(text)</span>"
            if options.showRetry { trailing = UploadStatus.retryButton(message: message, attachment: attachment, onPhoto: false, s) }
        }
        let name: HTML
        if let file = asset.file, case .done = attachment.upload, attachment.status == .available {
            let link = AssetMarkup.choose(file.href, deferred: asset.fileDeferred) { url, inside in
                let download: HTML = inside ? " download=\"\(FileLink.downloadName(for: attachment.name))\"" : ""
                return "<a class=\"cr-chip-name\" dir=\"auto\" href=\"\(url)\"\(download)\(FileCard.linkAttributes(file))>"
            }
            name = "\(link)\(attachment.name)</a>"
        } else {
            name = "<span class=\"cr-chip-name\" dir=\"auto\">\(attachment.name)</span>"
        }
        return
            "<li class=\"cr-file\"><div class=\"\(classes)\" role=\"group\" aria-label=\"\(accessibleName(attachment, s))\">\(FileChip.icon(attachment, asset: asset))<span class=\"cr-chip-text\">\(name)\(line)</span>\(trailing)</div></li>"
    }
}
