import ChatModel

/// A document or artifact the assistant wrote. It is an answer, so it is open: a card with its
/// title and kind over the latest version; earlier versions wait, closed, under "2 earlier
/// versions", newest first.
enum DocumentView {
    static func render(_ part: DocumentPart, id: String, context: PartContext) -> HTML {
        let titleID = id + "-title"
        // The title is a heading one level below the turn's, so the document's own Markdown
        // headings (from h3 down) sit under it in the page's outline.
        let level = min(context.headingLevel + 1, 6)
        let s = context.options.strings
        var kind: HTML
        switch part.kind {
        case .markdown: kind = "\(s[.kindDocument])"
        case .text: kind = "\(s[.textKind])"
        case .code:
            let language = CodeExecutionView.languageName(part.language ?? "")
            kind = language.isEmpty ? "\(s[.codeKind])" : "\(s.text(.codeInLanguage, ["language": language]))"
        }
        var html: HTML =
            "<div class=\"cr-part cr-part--document\" id=\"\(id)\" role=\"group\" aria-labelledby=\"\(titleID)\"><div class=\"cr-doc-head\"><span class=\"cr-part-icon\">\(Icon.document)</span><span class=\"cr-doc-heading\"><h\(level) class=\"cr-doc-title\" id=\"\(titleID)\" dir=\"auto\">\(s.phrase(part.titlePhrase, or: part.title))</h\(level)><span class=\"cr-doc-kind\">\(kind)</span></span></div><div class=\"cr-doc-body\">\(content(part.content, part: part, context: context))</div>"
        if !part.versions.isEmpty {
            let count = part.versions.count
            var versions = HTML()
            for (offset, version) in part.versions.enumerated().reversed() {
                versions.append(
                    "<li class=\"cr-doc-version\"><p class=\"cr-part-label\">\(s.text(.version, ["number": s.number(offset + 1)]))</p>\(content(version, part: part, context: context))</li>"
                )
            }
            html.append(
                "<details class=\"cr-doc-versions\"><summary class=\"cr-long-summary\"><span>\(s.counted(.earlierVersions, count))</span>\(Icon.chevron)</summary><ol class=\"cr-doc-version-list\" reversed>\(versions)</ol></details>"
            )
        }
        html.append("</div>")
        return html
    }

    static func content(_ text: String, part: DocumentPart, context: PartContext) -> HTML {
        switch part.kind {
        case .markdown: return "<div class=\"cr-reply cr-doc-text\" dir=\"auto\">\(context.text(text))</div>"
        case .code: return CodeBlock.render(text, language: part.language)
        case .text: return "<div class=\"cr-doc-plain\" dir=\"auto\">\(text)</div>"
        }
    }
}
