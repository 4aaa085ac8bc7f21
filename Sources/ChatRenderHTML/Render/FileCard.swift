import ChatModel
import ChatPlan
import ChatTheme
/// A file the assistant hands back: `surface` card at `radius.lg` with icon, name, size, and Open
/// (a `fill` capsule) and Share, each named with the file. No url, no Open or Share; an
/// unavailable file (`"status": "unavailable"`) reads "File unavailable" in place of its size.
package enum FileCard {
    static func render(message: Message, attachment: Attachment, asset: AttachmentAssets, options: RenderOptions) -> HTML {
        let s = options.strings
        let size = s.sizeHTML(attachment.byteCount)
        var actions = HTML()
        if let file = asset.file {
            actions = AssetMarkup.choose(file.href, deferred: asset.fileDeferred) { url, inside in
                if inside {
                    // Inside a single-file page the file is written once: Open saves it (browsers do
                    // not open data: URLs as pages); Share is a button the script shows and points at
                    // Open's data, since without the Web Share API it would only save it again.
                    let saveAs = FileLink.downloadName(for: attachment.name)
                    return
                        "<span class=\"cr-card-actions\"><a class=\"cr-capsule cr-open\" href=\"\(url)\" download=\"\(saveAs)\" aria-label=\"\(s.text(.openFile, ["name": attachment.name]))\">\(Icon.open)<span>\(s[.open])</span></a><button type=\"button\" class=\"cr-capsule cr-share\" data-cr-share data-name=\"\(saveAs)\" aria-label=\"\(s.text(.shareFile, ["name": attachment.name]))\" hidden>\(Icon.share)<span>\(s[.share])</span></button></span>"
                }
                let download: HTML = {
                    if case .asset = file { return " download=\"\(attachment.name)\"" }
                    return ""
                }()
                return
                    "<span class=\"cr-card-actions\"><a class=\"cr-capsule cr-open\" href=\"\(url)\"\(linkAttributes(file)) aria-label=\"\(s.text(.openFile, ["name": attachment.name]))\">\(Icon.open)<span>\(s[.open])</span></a><a class=\"cr-capsule cr-share\" href=\"\(url)\"\(download)\(linkAttributes(file)) data-cr-share data-name=\"\(attachment.name)\" aria-label=\"\(s.text(.shareFile, ["name": attachment.name]))\">\(Icon.share)<span>\(s[.share])</span></a></span>"
            }
        }
        var line: HTML = "<span class=\"cr-card-line\">\(size)</span>"
        var classes: HTML = "cr-card"
        switch attachment.upload {
        case _ where attachment.status == .unavailable:
            // Nothing to open or share: the name stays, the line says why.
            classes.append(" cr-card--unavailable")
            line = "<span class=\"cr-card-line\">\(FileChip.unavailableLine(attachment, s))</span>"
            actions = HTML()
        case .done: break
        case .uploading(let fraction):
            line = "<span class=\"cr-card-line\">\(ProgressRing.render(fraction))\(s.uploading(percent: ProgressRing.percent(fraction)))</span>"
            actions = HTML()
        case .failed(let reason):
            classes.append(" cr-card--failed")
            line = "<span class=\"cr-card-line\">\(s.uploadFailed(reason))</span>"
            actions = options.showRetry ? UploadStatus.retryButton(message: message, attachment: attachment, onPhoto: false, s) : HTML()
        }
        return
            "<li class=\"cr-file\"><div class=\"\(classes)\" role=\"group\" aria-label=\"\(FileChip.accessibleName(attachment, s))\">\(FileChip.icon(attachment, asset: asset))<span class=\"cr-card-text\"><span class=\"cr-card-name\" dir=\"auto\">\(attachment.name)</span>\(line)</span>\(actions)</div></li>"
    }

    /// Remote links open in a new tab without handing over the opener or referrer.
    static func linkAttributes(_ file: FileLink) -> HTML {
        switch file {
        case .remote: return " target=\"_blank\" rel=\"noopener noreferrer\""
        case .asset: return " target=\"_blank\" rel=\"noopener\""
        }
    }
}
