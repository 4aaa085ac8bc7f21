import ChatModel

/// A long conversation's table of contents: the person's prompts, numbered, each the first line
/// of its text linking to its turn (`#cr-t12`), and a link to the latest turn. Plain HTML, so it
/// works without the script; the script marks the prompt being read (`aria-current`) and adds
/// the floating "Back to top" / "Jump to latest" (see ``jumps(_:strings:)``).
///
/// Only a conversation with at least ``threshold`` prompts gets one: a short page stays as it was.
package enum PromptIndex {
    /// Prompts from which a conversation has a table of contents and the jumps. Eight prompts are
    /// sixteen turns or more, past a screen or two on a phone: below that, scrolling is quicker
    /// than a list to pick from.
    static let threshold = 8

    /// A prompt's text in the list is cut after this many characters (at a word where it can).
    /// The stylesheet ends each entry at the list's width with an ellipsis; this only keeps a
    /// pasted page from becoming a kilobyte of table of contents.
    static let maxCharacters = 100

    /// One entry: the turn's index in the conversation and the words to show.
    struct Entry: Equatable {
        var index: Int
        var label: String
    }

    /// The person's prompts that have something to show, in order.
    static func entries(_ messages: [Message], strings s: UIStrings) -> [Entry] {
        var entries: [Entry] = []
        for (index, message) in messages.enumerated() where message.role == .user {
            if let label = label(message, strings: s) { entries.append(Entry(index: index, label: label)) }
        }
        return entries
    }

    /// The first line of the prompt's text; a prompt of only photos or files says how many.
    static func label(_ message: Message, strings s: UIStrings) -> String? {
        var text = message.text
        if text.isEmpty {
            for part in message.parts {
                if case .text(let partText) = part, !partText.isEmpty { text = partText; break }
            }
        }
        if let line = firstLine(text) { return line }
        let photos = message.attachments.filter(\.isPhoto).count
        let files = message.attachments.count - photos
        if photos > 0 { return s.counted(.photoCount, photos) }
        if files > 0 { return s.counted(.fileCount, files) }
        return nil
    }

    /// The first line that has any words, its runs of spaces made one, cut at ``maxCharacters``.
    static func firstLine(_ text: String) -> String? {
        for line in text.split(whereSeparator: \.isNewline) {
            let words = line.split(whereSeparator: \.isWhitespace)
            guard !words.isEmpty else { continue }
            let joined = words.joined(separator: " ")
            guard joined.count > maxCharacters else { return joined }
            var cut = String(joined.prefix(maxCharacters))
            // Back to the last space in the second half, so a word is not broken mid-way.
            if let space = cut.lastIndex(of: " "), cut.distance(from: cut.startIndex, to: space) > maxCharacters / 2 {
                cut = String(cut[..<space])
            }
            return cut + "…"
        }
        return nil
    }

    /// Whether the conversation has at least ``threshold`` prompts with something to show.
    static func isLong(_ messages: [Message], strings s: UIStrings) -> Bool {
        var count = 0
        for message in messages where message.role == .user && label(message, strings: s) != nil {
            count += 1
            if count >= threshold { return true }
        }
        return false
    }

    /// The table of contents, or nothing for a conversation with fewer than ``threshold`` prompts.
    /// A `<nav>` landmark named by its summary's words; the list is in a closed `<details>`, so a
    /// page of 1,500 prompts opens on the conversation, not on its index.
    static func render(_ messages: [Message], strings s: UIStrings) -> HTML {
        let entries = entries(messages, strings: s)
        guard entries.count >= threshold, let last = messages.indices.last else { return HTML() }
        // The same test as `isLong`, which the page's tail asks without making the list.
        var html: HTML = "<nav class=\"cr-toc\" aria-label=\"\(s[.yourPrompts])\"><details class=\"cr-toc-details\"><summary class=\"cr-toc-summary\">\(s[.yourPrompts]) <span class=\"cr-toc-count\">\(s.number(entries.count))</span></summary><ol class=\"cr-toc-list\">"
        for entry in entries {
            html.append("<li><a href=\"#cr-t\(String(entry.index))\" dir=\"auto\">\(entry.label)</a></li>")
        }
        html.append("</ol></details><a class=\"cr-toc-latest\" href=\"#cr-t\(String(last))\">\(s[.jumpToLatest])</a></nav>\n")
        return html
    }

    /// After the conversation: "Back to top" (the fragment `#top` is the top of any page), and a
    /// "Jump to latest" the script shows; with the script both float at the window's corner, each
    /// while it is of use. Nothing for a conversation without a table of contents.
    static func jumps(_ messages: [Message], strings s: UIStrings) -> HTML {
        guard let last = messages.indices.last, isLong(messages, strings: s) else { return HTML() }
        return "<p class=\"cr-jump\"><a class=\"cr-jump-top\" href=\"#top\"><span class=\"cr-jump-text\">\(s[.backToTop])</span></a><a class=\"cr-jump-end\" href=\"#cr-t\(String(last))\" hidden><span class=\"cr-jump-text\">\(s[.jumpToLatest])</span></a></p>\n"
    }
}
