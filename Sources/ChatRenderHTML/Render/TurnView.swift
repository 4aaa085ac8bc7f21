import ChatModel
import ChatPlan
import ChatTheme
/// One turn of the conversation as an `<article>` with an `<h2>` naming the speaker, so a screen
/// reader can jump from turn to turn by heading. Every turn has an id (`cr-t3`) and a permalink
/// to it, shown on hover and focus (always, on touch screens).
///
/// The person's turn: photos over files over text, on the trailing side; their text is
/// `type.body` on `fill` at `radius.md`. The assistant's turn: text in `textPrimary` with inline
/// bold (semibold) and code, then returned files as cards. A turn with parts shows them in order
/// (thinking, tool calls, text …), each attachment a part names inside that part and not again
/// under the turn, then the sources its text cites.
package enum TurnView {
    /// `idPrefix` starts the turn's id (`cr-t3`) and its heading's (`cr-t3-h`); a page that shows
    /// a thread more than once (the preview gallery) gives each copy its own.
    /// `headingLevel` is 2 but for a turn of a branch folded at a fork (see ``BranchView``).
    static func render(_ message: Message, index: Int, assets: AssetTable, options: RenderOptions, idPrefix: String = "cr", headingLevel: Int = 2) -> HTML {
        let turnID = "\(idPrefix)-t\(index)"
        let context = PartContext(
            message: message, messageIndex: index, assets: assets, options: options, role: message.role,
            turnID: turnID, headingLevel: headingLevel,
            citations: CitationLinks(sources: message.sources, turnIDPrefix: turnID, label: options.strings[.sourceNumber]))
        return article(message, context: context, nested: false)
    }

    /// A turn of a transcript inside a part: one heading level below the enclosing turn, its id
    /// under the part's (`cr-t3-p2-t0`), its parts' attachments the top-level message's.
    static func nested(_ message: Message, index: Int, idPrefix: String, context outer: PartContext) -> HTML {
        var context = outer
        context.role = message.role
        context.turnID = "\(idPrefix)-t\(index)"
        context.headingLevel = outer.headingLevel + 1
        context.citations = CitationLinks(sources: message.sources, turnIDPrefix: context.turnID, label: outer.options.strings[.sourceNumber])
        return article(message, context: context, nested: true)
    }

    private static func article(_ message: Message, context: PartContext, nested: Bool) -> HTML {
        let options = context.options
        let turnID = context.turnID
        let headingID = turnID + "-h"
        let level = min(context.headingLevel, 6)
        let named = message.speaker.flatMap { $0.isEmpty ? nil : options.strings.phrase(message.speakerPhrase, or: $0) }
        let s = options.strings
        let speaker = named ?? (message.role == .user ? s[.you] : s[.assistant])
        // A name from the input may be written right to left; the words chatrender writes are not.
        let speakerClass: HTML = named == nil ? "cr-turn-speaker" : "cr-turn-speaker cr-turn-speaker--named"
        let dir: HTML = named == nil ? "" : " dir=\"auto\""
        var head: HTML = "<h\(level) class=\"\(speakerClass)\" id=\"\(headingID)\"\(dir)>\(speaker)</h\(level)>"
        if let model = message.model, !model.isEmpty {
            if let id = message.modelID, id != model {
                head.append("<span class=\"cr-turn-model\" dir=\"auto\" title=\"\(id)\" data-model-id=\"\(id)\">\(model)</span>")
            } else {
                head.append("<span class=\"cr-turn-model\" dir=\"auto\">\(model)</span>")
            }
        }
        if let version = message.version, version.count > 1 {
            // The chat apps' "‹ 2/3 ›": the other versions are not on the page, so nothing to press;
            // a screen reader hears the words instead of the arrows.
            head.append(
                "<span class=\"cr-turn-version\"><span aria-hidden=\"true\">‹ \(s.number(version.index))/\(s.number(version.count)) ›</span><span class=\"cr-visually-hidden\">\(s.text(.versionOf, ["number": s.number(version.index), "count": s.number(version.count)]))</span></span>"
            )
        }
        if let date = message.date {
            head.append("<time class=\"cr-turn-time\" datetime=\"\(date.iso)\" title=\"\(date.iso)\">\(options.locale.dateTime(date))</time>")
        }
        // The glyph comes from the stylesheet (parts.css): markup in every turn of a long page adds up.
        head.append("<a class=\"cr-permalink\" href=\"#\(turnID)\" aria-label=\"\(s[.permalink])\"></a>")

        // Attachments a part shows are drawn there; the rest under the turn, as before parts.
        let shownInParts = nested ? [] : attachmentIDs(in: message.parts)
        var photos: [(index: Int, attachment: Attachment)] = []
        var files: [(index: Int, attachment: Attachment)] = []
        if !nested {
            for (i, attachment) in message.attachments.enumerated() where !shownInParts.contains(attachment.id) {
                if attachment.isPhoto { photos.append((i, attachment)) } else { files.append((i, attachment)) }
            }
        }
        let index = context.messageIndex
        let assets = context.assets
        var body = HTML()
        let photoGrid = photos.isEmpty ? nil : PhotoGrid.render(message: message, messageIndex: index, photos: photos, assets: assets, options: options)
        let content: HTML? =
            message.parts.isEmpty
            ? (message.text.isEmpty
                ? nil : textBlock(TurnText.render(message.text, role: message.role, options: options, citations: context.citations), role: message.role))
            : parts(message.parts, context: context)
        switch message.role {
        case .user:
            if let photoGrid { body.append(photoGrid) }
            if !files.isEmpty {
                var chips = HTML()
                for file in files {
                    chips.append(FileChip.render(message: message, attachment: file.attachment, asset: assets[index, file.index], options: options))
                }
                body.append("<ul class=\"cr-files\" aria-label=\"\(s[.files])\">\(chips)</ul>")
            }
            if let content { body.append(content) }
        case .assistant:
            if let content { body.append(content) }
            if let photoGrid { body.append(photoGrid) }
            if !files.isEmpty {
                var cards = HTML()
                for file in files {
                    cards.append(FileCard.render(message: message, attachment: file.attachment, asset: assets[index, file.index], options: options))
                }
                body.append("<ul class=\"cr-cards\" aria-label=\"\(s[.files])\">\(cards)</ul>")
            }
        }
        body.append(SourceList.render(message.sources, turnID: turnID, headingLevel: context.headingLevel + 1, strings: s))
        body.append(TurnUsage.render(message, options: options))
        let role: HTML = message.role == .user ? "user" : "assistant"
        if nested {
            return
                "<article class=\"cr-turn cr-turn--\(role) cr-turn--nested\" aria-labelledby=\"\(headingID)\" id=\"\(turnID)\"><header class=\"cr-turn-head\">\(head)</header>\(body)</article>"
        }
        return
            "<article class=\"cr-turn cr-turn--\(role)\" aria-labelledby=\"\(headingID)\" id=\"\(turnID)\" data-message-id=\"\(message.id)\"><header class=\"cr-turn-head\">\(head)</header>\(body)</article>\n"
    }

    /// The person's words in their bubble, the assistant's as a reply.
    private static func textBlock(_ text: HTML, role: Message.Role) -> HTML {
        role == .user ? "<div class=\"cr-bubble\" dir=\"auto\">\(text)</div>" : "<div class=\"cr-reply\" dir=\"auto\">\(text)</div>"
    }

    /// The parts in order, each with its id (`cr-t3-p0`, …); before sub-agents that ran at the
    /// same time, their timeline.
    static func parts(_ parts: [TurnPart], context: PartContext) -> HTML {
        var html = HTML()
        let timelines = SubAgentTimeline.groups(in: parts)
        for (i, part) in parts.enumerated() {
            let id = "\(context.turnID)-p\(i)"
            if let group = timelines[i] {
                html.append(SubAgentTimeline.render(group, parts: parts, partID: { "\(context.turnID)-p\($0)" }, context: context))
            }
            switch part {
            case .text(let text):
                guard !text.isEmpty else { continue }
                html.append(textBlock(context.text(text), role: context.role))
            case .thinking(let thinking): html.append(ThinkingView.render(thinking, id: id, context: context))
            case .toolCall(let call): html.append(ToolCallView.render(call, id: id, context: context))
            case .codeExecution(let run): html.append(CodeExecutionView.render(run, id: id, context: context))
            case .diff(let diff): html.append(DiffView.render(diff, id: id, context: context))
            case .terminal(let terminal): html.append(TerminalView.render(terminal, id: id, context: context))
            case .document(let document): html.append(DocumentView.render(document, id: id, context: context))
            case .notice(let notice): html.append(NoticeView.render(notice, id: id, context: context))
            case .transcript(let transcript): html.append(TranscriptView.render(transcript, id: id, context: context))
            }
        }
        return html
    }

    /// Every attachment id the parts name, nested transcripts included.
    static func attachmentIDs(in parts: [TurnPart]) -> Set<String> {
        var ids: Set<String> = []
        var stack: [[TurnPart]] = [parts]
        while let list = stack.popLast() {
            for part in list {
                switch part {
                case .toolCall(let call): ids.formUnion(call.attachmentIDs)
                case .codeExecution(let run): ids.formUnion(run.attachmentIDs)
                case .transcript(let transcript): stack.append(contentsOf: transcript.messages.map(\.parts))
                default: break
                }
            }
        }
        return ids
    }

    /// Grey turns drawn while the conversation loads (`messages: null`).
    static func skeleton(_ s: UIStrings) -> HTML {
        let shapes: [HTML] = [
            "<div class=\"cr-skeleton cr-skeleton--user\"><span class=\"cr-skeleton-block cr-skeleton-photo\"></span><span class=\"cr-skeleton-block cr-skeleton-line cr-skeleton-line--short\"></span></div>",
            "<div class=\"cr-skeleton cr-skeleton--assistant\"><span class=\"cr-skeleton-block cr-skeleton-line\"></span><span class=\"cr-skeleton-block cr-skeleton-line\"></span><span class=\"cr-skeleton-block cr-skeleton-line cr-skeleton-line--short\"></span></div>",
            "<div class=\"cr-skeleton cr-skeleton--user\"><span class=\"cr-skeleton-block cr-skeleton-line cr-skeleton-line--medium\"></span></div>",
            "<div class=\"cr-skeleton cr-skeleton--assistant\"><span class=\"cr-skeleton-block cr-skeleton-line\"></span><span class=\"cr-skeleton-block cr-skeleton-line cr-skeleton-line--medium\"></span></div>",
        ]
        return "<p class=\"cr-visually-hidden\" role=\"status\">\(s[.loadingConversation])</p><div class=\"cr-skeletons\" aria-hidden=\"true\">\(shapes)</div>"
    }
}
