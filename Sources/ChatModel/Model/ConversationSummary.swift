/// What a site's index and search know of one conversation, taken from its messages once, when
/// it is imported: the first prompt's first line, the model, what it carries, and the text of
/// every turn for the search index.
package struct ConversationSummary: Sendable, Equatable, Codable {
    /// The first line of the person's first prompt, at most ``snippetLimit`` characters.
    package var snippet: String = ""
    /// The model that wrote most of the replies (the first of equals), when the export names one.
    package var model: String?
    /// Photos the person sent.
    package var photos = 0
    /// Files (not photos) in any turn.
    package var files = 0
    /// Images in the assistant's turns: what the chat app generated.
    package var generatedImages = 0
    /// Every turn with text, by its index on the page (its anchor is `#cr-tINDEX`).
    package var turns: [SearchTurn] = []
    /// The tokens its turns recorded, by model (sub-agents' included): the site's totals add them up.
    package var usage: [ModelUsage] = []
    /// Its length, duration, calls by tool, sub-agents and compactions: what the site's insights draw.
    package var activity = SessionActivity()

    /// Characters kept of the first prompt's first line.
    package static let snippetLimit = 160

    package init() {}

    /// The summary of `messages`; `sessionUsage`, tokens the log records only for the session as
    /// a whole, stand for the turns' when no turn records any.
    package init(_ messages: [Message], sessionUsage: [ModelUsage] = []) {
        var models: [String: Int] = [:]
        var firstModel: [String] = []
        for (index, message) in messages.enumerated() {
            for attachment in message.attachments {
                if !attachment.isPhoto { files += 1 } else if message.role == .user { photos += 1 } else { generatedImages += 1 }
            }
            if message.role == .assistant, let model = message.model, !model.isEmpty {
                if models[model] == nil { firstModel.append(model) }
                models[model, default: 0] += 1
            }
            let text = Self.searchText(message)
            if snippet.isEmpty, message.role == .user { snippet = Self.firstLine(text) }
            if !text.isEmpty { turns.append(SearchTurn(index: index, role: message.role, text: text)) }
        }
        let most = models.values.max() ?? 0
        model = firstModel.first { models[$0] == most }
        let stats = SessionStats(messages)
        usage = stats.usage.isEmpty ? sessionUsage : stats.usage
        activity = SessionActivity(stats)
    }

    /// The words of a turn a reader can find: its text, or the text of its parts, with every run
    /// of white space made one space (the results show a line of it, not its layout).
    static func searchText(_ message: Message) -> String {
        var pieces: [String] = []
        if message.parts.isEmpty {
            pieces.append(message.text)
        } else {
            for part in message.parts { if case .text(let text) = part { pieces.append(text) } }
        }
        return collapsed(pieces.joined(separator: " "))
    }

    /// White space runs as one space, none at either end, and Markdown's marks a reader does not
    /// see dropped (backticks, `**` and `__`, citation markers `[^s1]`, and what opens a line:
    /// a heading's `#`s, a list's `-`, `*` or `+`, a quote's `>`), so that a search for "tram 28"
    /// finds `**tram 28**` and a result's snippet reads as the page does.
    package static func collapsed(_ text: String) -> String {
        var text = text
        return text.withUTF8 { collapsed(utf8: $0) }
    }

    /// ``collapsed(_:)`` on the text's UTF-8 bytes: every mark it drops or looks at is ASCII, so
    /// only a byte of 0x80 or more needs its scalar decoded (for Unicode's other white space),
    /// and what is kept is copied byte for byte (building it a scalar at a time, from an array
    /// of scalars, was most of the search text's cost).
    static func collapsed(utf8 bytes: UnsafeBufferPointer<UInt8>) -> String {
        guard bytes.count > 0 else { return "" }
        return String(unsafeUninitializedCapacity: bytes.count) { collapse(bytes, into: $0) }
    }

    /// ``collapsed(_:)`` of the UTF-8 bytes of a text (valid UTF-8) appended to `out` with no
    /// `String` between, for a text made only to be written as bytes (a page's search shard):
    /// making the `String` checked its bytes once more. Returns how many bytes it appended.
    /// What it appends holds no control character (they are white space to it).
    @discardableResult
    package static func collapsed(utf8 bytes: UnsafeBufferPointer<UInt8>, appendingTo out: inout [UInt8]) -> Int {
        guard bytes.count > 0 else { return 0 }
        let start = out.count
        // Room for the text whole (collapsing never lengthens it), then cut to what was written.
        out.append(contentsOf: repeatElement(0, count: bytes.count))
        let written = out.withUnsafeMutableBufferPointer { all in
            collapse(bytes, into: UnsafeMutableBufferPointer(rebasing: all[start...]))
        }
        out.removeLast(bytes.count - written)
        return written
    }

    /// The work of ``collapsed(utf8:)``: writes the collapsed text into `out` (at least as long
    /// as `bytes`) and returns how many bytes it wrote.
    private static func collapse(_ bytes: UnsafeBufferPointer<UInt8>, into out: UnsafeMutableBufferPointer<UInt8>) -> Int {
        let count = bytes.count
        let plain = plainBytes
        var written = 0
        var space = false
        var lineStart = true
        var i = 0
        while i < count {
            // Within a line, a run of bytes that are neither white space nor a mark, with
            // single spaces between them, is copied whole: most of any text.
            if !lineStart {
                var j = i
                plain.withUnsafeBufferPointer { plain in
                    while j < count {
                        if plain[Int(bytes[j])] {
                            j += 1
                        } else if bytes[j] == 0x20, j > i, j + 1 < count, plain[Int(bytes[j + 1])] {
                            j += 2
                        } else {
                            break
                        }
                    }
                }
                if j > i {
                    if space { out[written] = 0x20; written += 1 }
                    space = false
                    UnsafeMutableRawPointer(out.baseAddress! + written).copyMemory(from: bytes.baseAddress! + i, byteCount: j - i)
                    written += j - i
                    i = j
                    continue
                }
            }
            let byte = bytes[i]
            if byte >= 0x80 {
                // One scalar of two to four bytes (the text is a String: valid UTF-8).
                let length = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : 2
                if isSpace(Self.scalar(bytes, at: i, length: length)) {
                    space = written > 0
                } else {
                    if space { out[written] = 0x20; written += 1 }
                    space = false
                    lineStart = false
                    for k in 0..<length { out[written + k] = bytes[i + k] }
                    written += length
                }
                i += length
                continue
            }
            i += 1
            if byte == UInt8(ascii: "`") { continue }
            // A citation marker (`[^s1]`) is drawn as a numbered link, not read.
            if byte == UInt8(ascii: "["), i < count, bytes[i] == UInt8(ascii: "^") {
                var j = i + 1
                var scalars = 0  // the look-ahead is bounded in scalars, as it was
                while j < count, scalars + 1 < 40 {
                    let next = bytes[j]
                    if next == UInt8(ascii: "]") { break }
                    if next < 0x80 {
                        if isSpace(Unicode.Scalar(next)) { break }
                        j += 1
                    } else {
                        let length = next >= 0xF0 ? 4 : next >= 0xE0 ? 3 : 2
                        if isSpace(Self.scalar(bytes, at: j, length: length)) { break }
                        j += length
                    }
                    scalars += 1
                }
                if j < count, bytes[j] == UInt8(ascii: "]") { i = j + 1; continue }
            }
            if byte == UInt8(ascii: "*") || byte == UInt8(ascii: "_"), i < count, bytes[i] == byte {
                while i < count, bytes[i] == byte { i += 1 }
                continue
            }
            // What opens a line in Markdown without being read: a heading's #s, a list's
            // bullet, a quote's >.
            if lineStart,
                byte == UInt8(ascii: "#") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "*")
                    || byte == UInt8(ascii: "+") || byte == UInt8(ascii: ">")
            {
                var j = i
                if byte == UInt8(ascii: "#") { while j < count, bytes[j] == UInt8(ascii: "#") { j += 1 } }
                if j < count, bytes[j] == 0x20 { i = j; continue }
            }
            if byte < 0x21 {
                // Space, and every control character below it (tab, line feed, …).
                space = written > 0
                if byte == 0x0A { lineStart = true }
            } else {
                if space { out[written] = 0x20; written += 1 }
                space = false
                lineStart = false
                out[written] = byte
                written += 1
            }
        }
        return written
    }

    /// The ASCII bytes ``collapsed(utf8:)`` copies as they are inside a line: not white space or
    /// another control, and not a mark it may drop (a backtick, `[`, `*`, `_`).
    private static let plainBytes: [Bool] = (0..<256).map { byte in
        byte > 0x20 && byte < 0x80 && byte != 0x60 && byte != 0x5B && byte != 0x2A && byte != 0x5F
    }

    /// The scalar whose `length` UTF-8 bytes start at `i`.
    private static func scalar(_ bytes: UnsafeBufferPointer<UInt8>, at i: Int, length: Int) -> Unicode.Scalar {
        var value = UInt32(bytes[i]) & (length == 2 ? 0x1F : length == 3 ? 0x0F : 0x07)
        for k in 1..<length { value = value << 6 | UInt32(bytes[i + k] & 0x3F) }
        return Unicode.Scalar(value) ?? "\u{FFFD}"
    }

    /// Unicode's White_Space, without a property lookup for ASCII (tab to carriage return, and
    /// space): the lookup was most of the time a long conversation's search text took.
    /// Past ASCII, the few scalars Unicode calls White_Space (a property Unicode keeps stable)
    /// are named: a lookup of the property for every letter of a text in Greek or Chinese was a
    /// twentieth of a long page's search.
    static func isSpace(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09...0x0D, 0x20, 0x85, 0xA0, 0x1680, 0x2000...0x200A, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000: true
        default: false
        }
    }

    /// The first line of the original text is gone once collapsed, so the snippet is the start
    /// of the text, cut at a word where it can be, with "…" when cut.
    static func firstLine(_ text: String) -> String {
        guard text.count > snippetLimit else { return text }
        var cut = String(text.prefix(snippetLimit))
        if let space = cut.lastIndex(of: " "), cut.distance(from: cut.startIndex, to: space) > snippetLimit / 2 {
            cut = String(cut[..<space])
        }
        return cut + "…"
    }
}

/// One turn's searchable text.
package struct SearchTurn: Sendable, Equatable, Codable {
    /// The turn's place in the conversation, as its anchor on the page names it.
    package var index: Int
    package var role: Message.Role
    package var text: String

    package init(index: Int, role: Message.Role, text: String) {
        self.index = index
        self.role = role
        self.text = text
    }
}
