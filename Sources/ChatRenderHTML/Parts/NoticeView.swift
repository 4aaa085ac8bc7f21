import ChatModel

/// A line about the conversation rather than in it ("Conversation compacted"), centred between
/// hairlines like a day separator; with more to read, the line unfolds it.
enum NoticeView {
    static func render(_ part: NoticePart, id: String, context: PartContext) -> HTML {
        let icon: HTML
        switch part.kind {
        case .info: icon = Icon.info
        case .compacted: icon = Icon.compacted
        case .memory: icon = Icon.memory
        case .interrupted: icon = Icon.interrupted
        case .error: icon = Icon.warning
        case .command: icon = Icon.terminal
        }
        let kind: HTML = "notice cr-part--notice-\(part.kind.rawValue)"
        // A command is code the person typed: kept left to right, in the code face.
        let title: HTML =
            part.kind == .command
            ? "<code class=\"cr-part-code\" dir=\"ltr\">\(part.text)</code>"
            : "<span dir=\"auto\">\(context.options.strings.phrase(part.phrase, or: part.text))</span>"
        guard let detail = part.detail, !detail.isEmpty else {
            return PartFrame.line(kind: kind, id: id, icon: icon, title: title)
        }
        return PartFrame.collapsed(
            kind: kind, id: id, icon: icon, title: title,
            body: "<div class=\"cr-reply cr-notice-detail\" dir=\"auto\">\(context.text(detail))</div>")
    }
}
