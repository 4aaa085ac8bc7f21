import ChatModel

/// A conversation inside a turn (a sub-agent's work), closed: its title and "(12 turns)" (no count for one turn). Its
/// turns are drawn as the page's are, one heading level deeper, with ids under the part's, and
/// the attachments their parts name are the enclosing top-level message's.
enum TranscriptView {
    static func render(_ part: TranscriptPart, id: String, context: PartContext) -> HTML {
        let count = part.messages.count
        // One turn (an agent's steps, folded) needs no count.
        var title: HTML = "<span dir=\"auto\">\(context.options.strings.phrase(part.phrase, or: part.title))</span>"
        if count != 1 { title.append(" <span class=\"cr-part-meta\">(\(context.options.strings.counted(.turnCount, count)))</span>") }
        var body: HTML = "<div class=\"cr-transcript\">"
        for (index, message) in part.messages.enumerated() {
            body.append(TurnView.nested(message, index: index, idPrefix: id, context: context))
        }
        body.append("</div>")
        return PartFrame.collapsed(kind: "transcript", id: id, icon: Icon.transcript, title: title, body: body)
    }
}
