import ChatModel
import ChatPlan

/// What every part of a turn needs to know about where it is drawn.
struct PartContext {
    /// The top-level message: the attachments parts name by id are its own, at any depth of
    /// nested transcripts, and so are the asset table's rows (indexed by `messageIndex`).
    var message: Message
    var messageIndex: Int
    var assets: AssetTable
    var options: RenderOptions
    /// Who speaks in the turn the part is in (a nested transcript's turn may be either).
    var role: Message.Role
    /// The id of the turn the part is in (`cr-t3`, `cr-t3-p2-t0` inside a transcript); parts
    /// add `-p<n>` for their own ids.
    var turnID: String
    /// The level of the turn's heading (2 on the page, 3 inside a transcript, …).
    var headingLevel: Int
    /// Where the turn's `[^id]` markers point.
    var citations: CitationLinks?

    /// The attachments `ids` name, in the message's order, with their index in the message.
    func attachments(_ ids: [String]) -> [(index: Int, attachment: Attachment)] {
        guard !ids.isEmpty else { return [] }
        let wanted = Set(ids)
        return message.attachments.enumerated().compactMap { wanted.contains($1.id) ? ($0, $1) : nil }
    }

    /// Photos as a grid and other files as chips (the person's) or cards (the assistant's).
    func renderAttachments(_ ids: [String]) -> HTML {
        let named = attachments(ids)
        guard !named.isEmpty else { return HTML() }
        let photos = named.filter { $0.attachment.isPhoto }
        let files = named.filter { !$0.attachment.isPhoto }
        var html: HTML = "<div class=\"cr-part-files\">"
        if !photos.isEmpty {
            html.append(PhotoGrid.render(message: message, messageIndex: messageIndex, photos: photos, assets: assets, options: options))
        }
        if !files.isEmpty {
            var items = HTML()
            for file in files {
                let asset = assets[messageIndex, file.index]
                items.append(
                    role == .user
                        ? FileChip.render(message: message, attachment: file.attachment, asset: asset, options: options)
                        : FileCard.render(message: message, attachment: file.attachment, asset: asset, options: options))
            }
            let label = options.strings[.files]
            html.append(
                role == .user ? "<ul class=\"cr-files\" aria-label=\"\(label)\">\(items)</ul>" : "<ul class=\"cr-cards\" aria-label=\"\(label)\">\(items)</ul>")
        }
        html.append("</div>")
        return html
    }

    /// Text read the way the turn's text is (markup, math, citation markers).
    func text(_ text: String) -> HTML {
        TurnText.render(text, role: role, options: options, citations: citations)
    }
}

/// The frame all collapsible parts share: a `<details>`, closed, whose `<summary>` is one line
/// (icon, what happened, its status in words and an icon) with a chevron at its end.
enum PartFrame {
    /// A collapsed part. `kind` names its class (`cr-part--tool`); `title` is the summary's text.
    static func collapsed(kind: HTML, id: String, icon: HTML, title: HTML, status: HTML = HTML(), body: HTML, extraClass: HTML = HTML()) -> HTML {
        "<details class=\"cr-part cr-part--\(kind)\(extraClass)\" id=\"\(id)\"><summary class=\"cr-part-summary\"><span class=\"cr-part-icon\">\(icon)</span><span class=\"cr-part-title\">\(title)\(status)</span><span class=\"cr-part-chevron\">\(Icon.chevron)</span></summary><div class=\"cr-part-body\">\(body)</div></details>"
    }

    /// A part with nothing to unfold: the same line, not a disclosure.
    static func line(kind: HTML, id: String, icon: HTML, title: HTML, status: HTML = HTML(), extraClass: HTML = HTML()) -> HTML {
        "<div class=\"cr-part cr-part--\(kind) cr-part--line\(extraClass)\" id=\"\(id)\"><div class=\"cr-part-summary\"><span class=\"cr-part-icon\">\(icon)</span><span class=\"cr-part-title\">\(title)\(status)</span></div></div>"
    }

    /// " — failed" with its icon, for a call that did not simply succeed; empty for one that did.
    /// Words and an icon, never colour alone.
    static func status(_ status: ToolStatus, _ s: UIStrings) -> HTML {
        switch status {
        case .ok: return HTML()
        case .error: return " <span class=\"cr-part-status cr-part-status--error\">— \(Icon.warning)\(s[.statusFailed])</span>"
        case .rejected: return " <span class=\"cr-part-status cr-part-status--rejected\">— \(Icon.rejected)\(s[.statusRejected])</span>"
        case .running: return " <span class=\"cr-part-status cr-part-status--running\">— \(Icon.running)\(s[.statusRunning])</span>"
        }
    }

    /// A label for a section inside a part's body ("Input", "Output").
    static func label(_ text: HTML) -> HTML {
        "<p class=\"cr-part-label\">\(text)</p>"
    }
}
