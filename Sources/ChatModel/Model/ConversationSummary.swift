/// What a site's index and search know of one conversation, taken from its messages once, when
/// it is imported: the first prompt's first line, the model, what it carries, and the text of
/// every turn for the search index.
package struct ConversationSummary: Sendable, Equatable {
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

    /// Characters kept of the first prompt's first line.
    package static let snippetLimit = 160

    package init() {}

    package init(_ messages: [Message]) {
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
    static func collapsed(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        var space = false
        var lineStart = true
        let scalars = Array(text.unicodeScalars)
        var i = 0
        while i < scalars.count {
            let scalar = scalars[i]
            i += 1
            if scalar == "`" { continue }
            // A citation marker (`[^s1]`) is drawn as a numbered link, not read.
            if scalar == "[", i < scalars.count, scalars[i] == "^" {
                var j = i + 1
                while j < scalars.count, j - i < 40, scalars[j] != "]", !isSpace(scalars[j]) { j += 1 }
                if j < scalars.count, scalars[j] == "]" { i = j + 1; continue }
            }
            if (scalar == "*" || scalar == "_"), i < scalars.count, scalars[i] == scalar {
                while i < scalars.count, scalars[i] == scalar { i += 1 }
                continue
            }
            // What opens a line in Markdown without being read: a heading's #s, a list's bullet,
            // a quote's >.
            if lineStart, "#-*+>".unicodeScalars.contains(scalar) {
                var j = i
                if scalar == "#" { while j < scalars.count, scalars[j] == "#" { j += 1 } }
                if j < scalars.count, scalars[j] == " " { i = j; continue }
            }
            if isSpace(scalar) || scalar.value < 0x20 {
                space = !out.isEmpty
                if scalar == "\n" { lineStart = true }
            } else {
                if space { out.unicodeScalars.append(" ") }
                space = false
                lineStart = false
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// Unicode's White_Space, without a property lookup for ASCII (tab to carriage return, and
    /// space): the lookup was most of the time a long conversation's search text took.
    static func isSpace(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x80 ? scalar.value == 0x20 || (scalar.value >= 0x09 && scalar.value <= 0x0D) : scalar.properties.isWhitespace
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
package struct SearchTurn: Sendable, Equatable {
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
