import ChatModel

/// What the search of a page in chunks finds in a turn. A page in chunks cannot be searched with
/// the browser's find (a chunk not loaded is not on the page), so it carries its own search
/// (``ChunkedPage``, the site's search script): each chunk's turns are a shard of it.
///
/// A coding agent's turn is mostly parts, not text, so a turn is found by what it shows: its
/// text, its thinking, each tool call's title and input, each command and each file's path, and
/// the beginning of what came back (``partLimit`` characters of each result, output, document or
/// diff: where the error or the line a reader remembers usually is; a whole file read is not the
/// index's to hold twice). A sub-agent's turns count as the turn that started it.
package enum SessionSearch {
    /// Characters of each longer text of a part the search holds.
    package static let partLimit = 4_000

    /// The turns of `range` with anything to find, by their index on the page.
    package static func turns(_ messages: [Message], _ range: Range<Int>, strings: UIStrings) -> [SearchTurn] {
        range.compactMap { index in
            let text = self.text(messages[index], strings: strings)
            return text.isEmpty ? nil : SearchTurn(index: index, role: messages[index].role, text: text)
        }
    }

    /// A turn's words, white space collapsed as the site's search has them.
    package static func text(_ message: Message, strings: UIStrings) -> String {
        var pieces: [String] = []
        collect(message, strings: strings, into: &pieces)
        return ConversationSummary.collapsed(pieces.joined(separator: " "))
    }

    /// The search shard `number` of the turns of `range` (a chunk of a page in chunks): the
    /// same shard as ``SearchIndex/shard(_:_:)`` of their ``turns(_:_:strings:)``, each turn's
    /// words collapsed straight into the shard's texts from their bytes. Making each a `String`
    /// first, checked byte by byte, then copying it into the shard was a tenth of what a page's
    /// chunks cost beyond the page whole.
    package static func shard(_ number: Int, _ messages: [Message], _ range: Range<Int>, strings: UIStrings) -> SearchIndex.Shard {
        var listed: [(index: Int, role: Message.Role)] = []
        var texts: [UInt8] = []
        var joined: [UInt8] = []  // a turn's pieces joined by a space, reused turn after turn
        var pieces: [String] = []
        for index in range {
            pieces.removeAll(keepingCapacity: true)
            collect(messages[index], strings: strings, into: &pieces)
            joined.removeAll(keepingCapacity: true)
            for (n, piece) in pieces.enumerated() {
                if n > 0 { joined.append(0x20) }
                var piece = piece
                piece.withUTF8 { joined.append(contentsOf: $0) }
            }
            let before = texts.count
            if !listed.isEmpty { texts.append(SearchIndex.separator) }
            // Collapsed, a text holds no control character: U+0001 only ever joins turns.
            let written = joined.withUnsafeBufferPointer { ConversationSummary.collapsed(utf8: $0, appendingTo: &texts) }
            if written == 0 {
                texts.removeSubrange(before...)
                continue
            }
            listed.append((index, messages[index].role))
        }
        return SearchIndex.shard(number, listing: listed, texts: texts)
    }

    private static func collect(_ message: Message, strings s: UIStrings, into pieces: inout [String]) {
        if message.parts.isEmpty { pieces.append(message.text) }
        for attachment in message.attachments { pieces.append(attachment.name) }
        func add(_ text: String?) {
            guard let text, !text.isEmpty else { return }
            pieces.append(text.utf8.count > partLimit ? String(text.prefix(partLimit)) : text)
        }
        for part in message.parts {
            switch part {
            case .text(let text): pieces.append(text)
            case .thinking(let thinking):
                add(thinking.summary)
                add(thinking.text)
            case .toolCall(let call):
                pieces.append(call.name)
                if let title = call.title { pieces.append(s.phrase(call.titlePhrase, or: title)) }
                add(call.input.map { ToolInput.command(in: $0) ?? $0 })
                add(call.url)
                add(call.result)
            case .codeExecution(let run):
                add(run.code)
                add(run.output)
            case .diff(let diff):
                add(diff.path)
                add(diff.unified ?? diff.new)
            case .terminal(let terminal):
                add(terminal.title)
                add(terminal.command)
                add(terminal.output)
            case .document(let document):
                pieces.append(s.phrase(document.titlePhrase, or: document.title))
                add(document.content)
            case .notice(let notice):
                pieces.append(s.phrase(notice.phrase, or: notice.text))
                add(notice.detail)
            case .transcript(let transcript):
                pieces.append(s.phrase(transcript.phrase, or: transcript.title))
                for inner in transcript.messages { collect(inner, strings: s, into: &pieces) }
            }
        }
    }
}
