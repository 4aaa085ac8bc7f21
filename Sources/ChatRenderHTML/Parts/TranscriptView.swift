import ChatModel

/// A conversation inside a turn (a sub-agent's work), closed: its title and "(12 turns)" (no count for one turn). Its
/// turns are drawn as the page's are, one heading level deeper, with ids under the part's, and
/// the attachments their parts name are the enclosing top-level message's.
enum TranscriptView {
    static func render(_ part: TranscriptPart, id: String, context: PartContext) -> HTML {
        let s = context.options.strings
        // A sub-agent shown at another call: a line that says so, linking there.
        if let reference = part.reference {
            var title: HTML = "<span dir=\"auto\">\(s.phrase(part.phrase, or: part.title))</span> "
            switch reference {
            case .shownElsewhere:
                let link = part.agent.map { "#" + TranscriptPart.anchor(agent: $0) } ?? ""
                title.append("<span class=\"cr-part-meta\">— <a href=\"\(link)\">\(s[.subAgentShownElsewhere])</a></span>")
            case .cycle:
                title.append("<span class=\"cr-part-meta\">— \(s[.subAgentCycle])</span>")
            }
            return PartFrame.line(kind: "transcript", id: id, icon: Icon.transcript, title: title)
        }
        let count = part.messages.count
        // One turn (an agent's steps, folded) needs no count.
        var title: HTML = "<span dir=\"auto\">\(context.options.strings.phrase(part.phrase, or: part.title))</span>"
        if count != 1 { title.append(" <span class=\"cr-part-meta\">(\(context.options.strings.counted(.turnCount, count)))</span>") }
        var body: HTML = "<div class=\"cr-transcript\">"
        for (index, message) in part.messages.enumerated() {
            body.append(TurnView.nested(message, index: index, idPrefix: id, context: context))
        }
        body.append("</div>")
        // The place other calls of the same sub-agent link to.
        if let agent = part.agent { title.append("<span class=\"cr-anchor\" id=\"\(TranscriptPart.anchor(agent: agent))\"></span>") }
        return PartFrame.collapsed(kind: "transcript", id: id, icon: Icon.transcript, title: title, body: body)
    }
}
