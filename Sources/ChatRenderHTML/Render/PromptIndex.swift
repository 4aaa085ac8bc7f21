import ChatModel

/// A long conversation's table of contents: the person's prompts, numbered, each the first line
/// of its text linking to its turn (`#cr-t12`), and a link to the latest turn. Plain HTML, so it
/// works without the script; the script marks the prompt being read (`aria-current`) and adds
/// the floating "Back to top" / "Jump to latest" (see ``jumps(_:strings:)``).
///
/// Only a conversation with at least ``threshold`` prompts gets one: a short page stays as it was.
///
/// It lists the branch the page shows (``Message/branch`` empty), as the reader sees it: the
/// prompts of a rewound or edited branch sit folded at their fork (``BranchView``), one click
/// from it, and listing them among the shown ones would number prompts the page does not show
/// in its order, send a link into a closed branch, and count prompts twice over in a session
/// rewound many times. A folded branch is found at its fork, where its first words name it.
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

    /// The person's prompts on the shown branch that have something to show, in order.
    static func entries(_ messages: [Message], strings s: UIStrings) -> [Entry] {
        var entries: [Entry] = []
        for (index, message) in messages.enumerated() where message.role == .user && message.branch.isEmpty {
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
    ///
    /// Only as much of the text is read as the label needs: lines are found one at a time, and a
    /// line's words are gathered until the label is known to be cut (a pasted page's prompt is not
    /// split into all its lines and words to show its first hundred characters).
    static func firstLine(_ text: String) -> String? {
        var text = text
        text.makeContiguousUTF8()
        return text.utf8.withContiguousStorageIfAvailable { bytes -> String? in
            // Lines end where a newline character begins (`Character.isNewline`: LF, VT, FF, CR,
            // NEL, LS, PS). Those are control characters, so a character always begins at one and
            // lines are found in the bytes; CR LF leaves an empty line, which has no words.
            let count = bytes.count
            var start = 0
            while start < count {
                var end = start
                var newline = 0
                while end < count {
                    let byte = bytes[end]
                    if byte >= 0x0A && byte <= 0x0D { newline = 1; break }
                    if byte == 0xC2 && end + 1 < count && bytes[end + 1] == 0x85 { newline = 2; break }
                    if byte == 0xE2 && end + 2 < count && bytes[end + 1] == 0x80 && (bytes[end + 2] == 0xA8 || bytes[end + 2] == 0xA9) { newline = 3; break }
                    end += 1
                }
                if let label = label(ofLine: start..<end, bytes, in: text) { return label }
                start = end + newline
            }
            return nil
        } ?? nil
    }

    /// One line's words (the bytes `line` of `text`) joined by single spaces and cut at
    /// ``maxCharacters``; nil when it has none.
    private static func label(ofLine line: Range<Int>, _ bytes: UnsafeBufferPointer<UInt8>, in text: String) -> String? {
        // An ASCII byte followed by another is a character of its own (CR LF is not in a line), so
        // those are taken as bytes; the grapheme rules are asked only at other characters, each
        // of which begins where the previous one ended. A character is a space when its first
        // scalar is (`Character.isWhitespace`).
        //
        // Gathering stops two characters past the cut: grapheme breaks depend only on what comes
        // before, so the first `maxCharacters` characters of what was gathered are those of the
        // whole line's words. Should joining have merged characters (a space after a prepended
        // mark), the count is short and the whole line is read instead.
        let utf8 = text.utf8
        var joined: [UInt8] = []
        joined.reserveCapacity(4 * maxCharacters)
        var appended = 0
        var space = false
        var stopped = false
        var ascii = true
        var offset = line.lowerBound
        while offset < line.upperBound {
            let byte = bytes[offset]
            if byte < 0x80 && (offset + 1 == line.upperBound || bytes[offset + 1] < 0x80) {
                offset += 1
                if byte == 0x20 || byte == 0x09 {
                    space = !joined.isEmpty
                    continue
                }
                if space { joined.append(0x20); appended += 1; space = false }
                joined.append(byte)
            } else {
                let index = utf8.index(utf8.startIndex, offsetBy: offset)
                let next = utf8.distance(from: utf8.startIndex, to: text.index(after: index))
                defer { offset = next }
                if text.unicodeScalars[index].properties.isWhitespace {
                    space = !joined.isEmpty
                    continue
                }
                if space { joined.append(0x20); appended += 1; space = false }
                joined.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[offset..<next]))
                ascii = false
            }
            appended += 1
            if appended >= maxCharacters + 2 {
                stopped = true
                break
            }
        }
        guard !joined.isEmpty else { return nil }
        // No more bytes than the cut: no more characters either, and nothing to cut.
        if joined.count <= maxCharacters { return String(decoding: joined, as: UTF8.self) }
        if ascii {
            // One byte, one character.
            guard joined.count > maxCharacters else { return String(decoding: joined, as: UTF8.self) }
            var cut = joined[..<maxCharacters]
            // Back to the last space in the second half, so a word is not broken mid-way.
            if let space = cut.lastIndex(of: 0x20), space > maxCharacters / 2 { cut = cut[..<space] }
            return String(decoding: cut, as: UTF8.self) + "…"
        }
        var label = String(decoding: joined, as: UTF8.self)
        if stopped && label.count <= maxCharacters {
            let from = utf8.index(utf8.startIndex, offsetBy: line.lowerBound), to = utf8.index(utf8.startIndex, offsetBy: line.upperBound)
            label = text[from..<to].split(whereSeparator: \.isWhitespace).joined(separator: " ")
        }
        guard label.count > maxCharacters else { return label }
        var cut = String(label.prefix(maxCharacters))
        if let space = cut.lastIndex(of: " "), cut.distance(from: cut.startIndex, to: space) > maxCharacters / 2 {
            cut = String(cut[..<space])
        }
        return cut + "…"
    }

    /// Whether the conversation's shown branch has at least ``threshold`` prompts with something
    /// to show.
    static func isLong(_ messages: [Message], strings s: UIStrings) -> Bool {
        var count = 0
        for message in messages where message.role == .user && message.branch.isEmpty && label(message, strings: s) != nil {
            count += 1
            if count >= threshold { return true }
        }
        return false
    }

    /// The table of contents, or nothing for a conversation with fewer than ``threshold`` prompts.
    /// A `<nav>` landmark named by its summary's words; the list is in a closed `<details>`, so a
    /// page of 1,500 prompts opens on the conversation, not on its index.
    static func render(_ messages: [Message], strings s: UIStrings) -> HTML {
        var html = HTML()
        append(messages, strings: s, to: &html)
        return html
    }

    /// ``render(_:strings:)`` appended to `html`, with room made in it for the list and for
    /// `reserving` bytes more (what the caller appends after it). A session's list of a hundred
    /// thousand prompts is megabytes: it is written where it stays, not made apart and copied,
    /// and its labels are found twice (once to size it) rather than all held at once.
    static func append(_ messages: [Message], strings s: UIStrings, to html: inout HTML, reserving: Int = 0) {
        // The same test as `isLong`, which the page's tail asks without making the list.
        // Each label made once: a long session's five thousand prompts were labelled twice, to
        // size the list and to write it.
        var entries: [(index: Int, label: String)] = []
        var labels = 0
        for (index, message) in messages.enumerated() where message.role == .user && message.branch.isEmpty {
            if let label = label(message, strings: s) {
                entries.append((index, label))
                labels += label.utf8.count
            }
        }
        let count = entries.count
        guard count >= threshold, let last = latest(messages) else {
            html.reserveCapacity(html.byteCount + reserving)
            return
        }
        // Its labels, an eighth more for escapes, and each item's markup.
        html.reserveCapacity(html.byteCount + labels + labels / 8 + count * 56 + 1024 + reserving)
        html.append(
            "<nav class=\"cr-toc\" aria-label=\"\(s[.yourPrompts])\"><details class=\"cr-toc-details\"><summary class=\"cr-toc-summary\">\(s[.yourPrompts]) <span class=\"cr-toc-count\">\(s.number(count))</span></summary><ol class=\"cr-toc-list\">"
        )
        for (index, label) in entries {
            html.append("<li><a href=\"#cr-t\(String(index))\" dir=\"auto\">\(label)</a></li>")
        }
        html.append("</ol></details><a class=\"cr-toc-latest\" href=\"#cr-t\(String(last))\">\(s[.jumpToLatest])</a></nav>\n")
    }

    /// The latest turn the page shows: the last on the shown branch (a session rewound at its
    /// very end ends on a folded branch), else the last.
    static func latest(_ messages: [Message]) -> Int? {
        messages.lastIndex { $0.branch.isEmpty } ?? messages.indices.last
    }

    /// After the conversation: "Back to top" (the fragment `#top` is the top of any page), and a
    /// "Jump to latest" the script shows; with the script both float at the window's corner, each
    /// while it is of use. Nothing for a conversation without a table of contents, unless
    /// `always` (a watched page, which grows while it is read).
    static func jumps(_ messages: [Message], strings s: UIStrings, always: Bool = false) -> HTML {
        guard let last = latest(messages), always || isLong(messages, strings: s) else { return HTML() }
        return
            "<p class=\"cr-jump\"><a class=\"cr-jump-top\" href=\"#top\"><span class=\"cr-jump-text\">\(s[.backToTop])</span></a><a class=\"cr-jump-end\" href=\"#cr-t\(String(last))\" hidden><span class=\"cr-jump-text\">\(s[.jumpToLatest])</span></a></p>\n"
    }
}
