import ChatModel
import ChatPlan
import ChatTheme
/// One turn of the conversation as an `<article>` with an `<h2>` naming the speaker, so a screen
/// reader can jump from turn to turn by heading.
///
/// The person's turn: photos over files over text, on the trailing side; their text is
/// `type.body` on `fill` at `radius.md`. The assistant's turn: text in `textPrimary` with inline
/// bold (semibold) and code, then returned files as cards.
package enum TurnView {
    /// `idPrefix` starts the heading's id (`cr-t3-h`); a page that shows a thread more than once
    /// (the preview gallery) gives each copy its own.
    static func render(_ message: Message, index: Int, assets: AssetTable, options: RenderOptions, idPrefix: String = "cr") -> HTML {
        let headingID: HTML = "\(idPrefix)-t\(index)-h"
        let speaker: HTML = message.role == .user ? "You" : "Assistant"
        var head: HTML = "<h2 class=\"cr-turn-speaker\" id=\"\(headingID)\">\(speaker)</h2>"
        if let date = message.date {
            head.append("<time class=\"cr-turn-time\" datetime=\"\(date.iso)\" title=\"\(date.iso)\">\(options.clock.dateTime(date))</time>")
        }
        var photos: [(index: Int, attachment: Attachment)] = []
        var files: [(index: Int, attachment: Attachment)] = []
        for (i, attachment) in message.attachments.enumerated() {
            if attachment.isPhoto { photos.append((i, attachment)) } else { files.append((i, attachment)) }
        }
        var body = HTML()
        let photoGrid = photos.isEmpty ? nil : PhotoGrid.render(message: message, messageIndex: index, photos: photos, assets: assets, options: options)
        let text = message.text.isEmpty ? nil : TurnText.render(message.text, role: message.role, options: options)
        switch message.role {
        case .user:
            if let photoGrid { body.append(photoGrid) }
            if !files.isEmpty {
                var chips = HTML()
                for file in files { chips.append(FileChip.render(message: message, attachment: file.attachment, asset: assets[index, file.index], options: options)) }
                body.append("<ul class=\"cr-files\" aria-label=\"Files\">\(chips)</ul>")
            }
            if let text { body.append("<div class=\"cr-bubble\" dir=\"auto\">\(text)</div>") }
        case .assistant:
            if let text { body.append("<div class=\"cr-reply\" dir=\"auto\">\(text)</div>") }
            if let photoGrid { body.append(photoGrid) }
            if !files.isEmpty {
                var cards = HTML()
                for file in files { cards.append(FileCard.render(message: message, attachment: file.attachment, asset: assets[index, file.index], options: options)) }
                body.append("<ul class=\"cr-cards\" aria-label=\"Files\">\(cards)</ul>")
            }
        }
        let role: HTML = message.role == .user ? "user" : "assistant"
        return "<article class=\"cr-turn cr-turn--\(role)\" aria-labelledby=\"\(headingID)\" data-message-id=\"\(message.id)\"><header class=\"cr-turn-head\">\(head)</header>\(body)</article>\n"
    }

    /// Grey turns drawn while the conversation loads (`messages: null`).
    static func skeleton() -> HTML {
        let shapes: [HTML] = [
            "<div class=\"cr-skeleton cr-skeleton--user\"><span class=\"cr-skeleton-block cr-skeleton-photo\"></span><span class=\"cr-skeleton-block cr-skeleton-line cr-skeleton-line--short\"></span></div>",
            "<div class=\"cr-skeleton cr-skeleton--assistant\"><span class=\"cr-skeleton-block cr-skeleton-line\"></span><span class=\"cr-skeleton-block cr-skeleton-line\"></span><span class=\"cr-skeleton-block cr-skeleton-line cr-skeleton-line--short\"></span></div>",
            "<div class=\"cr-skeleton cr-skeleton--user\"><span class=\"cr-skeleton-block cr-skeleton-line cr-skeleton-line--medium\"></span></div>",
            "<div class=\"cr-skeleton cr-skeleton--assistant\"><span class=\"cr-skeleton-block cr-skeleton-line\"></span><span class=\"cr-skeleton-block cr-skeleton-line cr-skeleton-line--medium\"></span></div>",
        ]
        return "<p class=\"cr-visually-hidden\" role=\"status\">Loading conversation…</p><div class=\"cr-skeletons\" aria-hidden=\"true\">\(shapes)</div>"
    }
}
