import ChatModel

/// A change to a file, closed: "Edited src/x.py +3 −2". Inside, each file's name, its hunk lines
/// and every line with its old and new numbers in gutters, a `+` or `−` sign as text, and added
/// and removed lines marked `<ins>` and `<del>`. Old and new text is diffed here; a change too
/// large to diff within bounds shows as the old text removed and the new text added.
enum DiffView {
    static func render(_ part: DiffPart, id: String, context: PartContext) -> HTML {
        let diff: DiffText
        if let unified = part.unified {
            diff = DiffText(unified: unified)
        } else {
            diff = DiffText(old: part.old ?? "", new: part.new ?? "", name: part.path)
        }
        let s = context.options.strings
        let name = part.path ?? (diff.files.count == 1 ? diff.files[0].name : nil)
        var title: HTML
        if let name, !name.isEmpty {
            title = s.html(part.created ? .createdFile : .editedFile, ["name": "<span class=\"cr-part-path\" dir=\"auto\">\(name)</span>"])
        } else if diff.files.count > 1 {
            title = "\(s.counted(.editedFiles, diff.files.count))"
        } else {
            title = "\(s[.editedAFile])"
        }
        title.append(counts(added: diff.added, removed: diff.removed, s))
        var body = HTML()
        for file in diff.files { body.append(render(file, fallbackName: part.path, s)) }
        if diff.files.isEmpty || diff.files.allSatisfy({ $0.lines.isEmpty }) {
            body.append("<p class=\"cr-part-meta-line\">\(s[.noChanges])</p>")
        }
        return PartFrame.collapsed(kind: "diff", id: id, icon: Icon.diff, title: title, body: body)
    }

    /// "+3 −2" with a real minus sign, read out as "3 lines added, 2 removed".
    static func counts(added: Int, removed: Int, _ s: UIStrings) -> HTML {
        let spoken = s.counted(.linesChanged, added, ["removed": s.number(removed)])
        return
            " <span class=\"cr-diff-counts\" aria-hidden=\"true\"><span class=\"cr-diff-added\">+\(added)</span> <span class=\"cr-diff-removed\">\u{2212}\(removed)</span></span><span class=\"cr-visually-hidden\">, \(spoken)</span>"
    }

    static func render(_ file: DiffText.File, fallbackName: String?, _ s: UIStrings) -> HTML {
        var html: HTML = "<div class=\"cr-diff-file\">"
        let name = file.name ?? fallbackName
        if name != nil || !file.header.isEmpty {
            html.append("<div class=\"cr-diff-head\">")
            if let name { html.append("<span class=\"cr-diff-name\" dir=\"auto\">\(name)</span>\(counts(added: file.added, removed: file.removed, s))") }
            for line in file.header { html.append("<span class=\"cr-diff-meta\">\(line)</span>") }
            html.append("</div>")
        }
        guard !file.lines.isEmpty else { return html + "</div>" }
        // Gutter widths from the largest line number, in ch, so columns line up.
        var largest = 1
        for line in file.lines {
            switch line {
            case .context(let o, let n, _): largest = max(largest, o, n)
            case .added(let n, _): largest = max(largest, n)
            case .removed(let o, _): largest = max(largest, o)
            default: break
            }
        }
        let width = String(largest).count
        // The width is a class, not a `style` attribute: the page's CSP allows no inline styles.
        html.append(
            "<pre class=\"cr-diff cr-diff--w\(min(width, 7))\" tabindex=\"0\" aria-label=\"\(name.map { s.text(.changesTo, ["name": $0]) } ?? s[.changes])\">")
        for line in file.lines {
            switch line {
            case .hunk(let text):
                html.append("<span class=\"cr-dl cr-dl--hunk\">\(text)\n</span>")
            case .context(let o, let n, let text):
                html.append(
                    "<span class=\"cr-dl\"><span class=\"cr-dl-n\" aria-hidden=\"true\">\(o)</span><span class=\"cr-dl-n\" aria-hidden=\"true\">\(n)</span><span class=\"cr-dl-sign\" aria-hidden=\"true\"> </span>\(text)\n</span>"
                )
            case .added(let n, let text):
                html.append(
                    "<span class=\"cr-dl cr-dl--added\"><span class=\"cr-dl-n\" aria-hidden=\"true\"></span><span class=\"cr-dl-n\" aria-hidden=\"true\">\(n)</span><ins><span class=\"cr-dl-sign\">+</span>\(text)</ins>\n</span>"
                )
            case .removed(let o, let text):
                html.append(
                    "<span class=\"cr-dl cr-dl--removed\"><span class=\"cr-dl-n\" aria-hidden=\"true\">\(o)</span><span class=\"cr-dl-n\" aria-hidden=\"true\"></span><del><span class=\"cr-dl-sign\">\u{2212}</span>\(text)</del>\n</span>"
                )
            case .note(let text):
                html.append("<span class=\"cr-dl cr-dl--note\">\(text)\n</span>")
            }
        }
        html.append("</pre></div>")
        return html
    }
}
