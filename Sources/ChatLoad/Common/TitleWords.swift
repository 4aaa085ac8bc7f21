import ChatModel

/// A page's title as words. What a session is titled by (its first prompt, or a title the agent
/// keeps) often starts with what a reader does not read as words: the Markdown of the prompt
/// ("## User Input", "Why does `make` fail?"), tags a harness wraps around it for the model
/// (`<system-reminder>…</system-reminder>`, `<user_query>…</user_query>`), or a slash command
/// as its tags (`<command-name>/review</command-name>`, whatever it expands to after).
enum TitleWords {
    /// The first line of `text` that has words, as words, at most 80 characters; nil when it has
    /// none (only harness tags, code, fences or rules).
    static func of(_ text: String) -> String? {
        var text = Substring(text)
        if text.containsBytes("<") {
            // A slash command is titled as typed: its name and arguments.
            if let name = element("command-name", in: text).map { String($0).trimmingASCIIWhitespace() }, !name.isEmpty {
                let args = String(element("command-args", in: text) ?? "").trimmingASCIIWhitespace()
                text = Substring((name.hasPrefix("/") ? name : "/" + name) + (args.isEmpty ? "" : " " + args))
            } else {
                text = Substring(withoutHarness(text))
            }
        }
        var fenced = false
        for line in text.split(whereSeparator: \.isNewline) {
            let start = line.drop { $0 == " " || $0 == "\t" }
            if start.hasPrefix("```") || start.hasPrefix("~~~") {
                fenced.toggle()
                continue
            }
            guard !fenced else { continue }
            // The title shows 80 characters: a line of a megabyte is not read whole.
            let words = plain(line.prefix(1000))
            if !words.isEmpty { return SessionText.titleLine(words) }
        }
        return nil
    }

    /// Tags around the person's own words: the tags go, the words stay. Every other harness
    /// tag goes with what it holds (context for the model, never the person's words).
    static let wrappers: Set<Substring> = ["user_query", "user_input", "user_request", "user-prompt", "query", "task"]

    /// Whether `<name>` is a harness's tag rather than, say, HTML in a question: lower-case
    /// words joined by `-` or `_` (`system-reminder`, `environment_context`), or a wrapper.
    static func isHarness(_ name: Substring) -> Bool {
        guard let first = name.first, first >= "a" && first <= "z" else { return false }
        guard name.utf8.allSatisfy({ ($0 >= 0x61 && $0 <= 0x7A) || ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x2D || $0 == 0x5F }) else { return false }
        return name.utf8.contains(0x2D) || name.utf8.contains(0x5F) || wrappers.contains(name) || name == "timestamp"
    }

    /// The text between `<tag>` and `</tag>`, when both are there.
    static func element(_ tag: String, in text: Substring) -> Substring? {
        guard let open = find("<\(tag)>", in: text), let close = find("</\(tag)>", in: text[open.upperBound...]) else { return nil }
        return text[open.upperBound..<close.lowerBound]
    }

    /// Where `needle` first occurs in `text`, searched byte for byte.
    static func find(_ needle: String, in text: Substring) -> Range<String.Index>? {
        guard let offset = text.utf8Offset(of: needle) else { return nil }
        let start = text.utf8.index(text.startIndex, offsetBy: offset)
        return start..<text.utf8.index(start, offsetBy: needle.utf8.count)
    }

    /// The most harness elements taken out before a title is found: a log's first prompt may be
    /// long, and a title needs only its first line of words.
    static let mostElements = 64

    /// `text` without harness elements: a wrapper's words kept, its tags dropped; any other
    /// element dropped whole (with a line break in its place), or, never closed, with all after it.
    static func withoutHarness(_ text: Substring) -> String {
        var out = ""
        var rest = text
        var elements = 0
        while let open = rest.firstIndex(of: "<") {
            out += rest[..<open]
            let after = rest[rest.index(after: open)...]
            let closing = after.first == "/"
            let nameStart = closing ? after.index(after: after.startIndex) : after.startIndex
            let name = after[nameStart...].prefix { $0 != ">" && $0 != " " && $0 != "\n" }
            guard name.endIndex < after.endIndex, isHarness(name), let end = after[name.endIndex...].firstIndex(of: ">") else {
                out += "<"
                rest = after
                continue
            }
            let body = after[after.index(after: end)...]
            elements += 1
            if closing || wrappers.contains(name) {
                out += " "
                rest = body
            } else if let close = find("</\(name)>", in: body) {
                out += "\n"
                rest = body[close.upperBound...]
            } else {
                return out
            }
            // Enough once a line of words is out.
            if elements >= mostElements || out.split(whereSeparator: \.isNewline).dropLast().contains(where: { !plain($0.prefix(1000)).isEmpty }) {
                return elements >= mostElements ? out : out + rest
            }
        }
        return out + rest
    }

    /// One line as words: its block markers (a heading's `#`, a quote's `>`, a list's `-` or `1.`)
    /// and its inline Markdown (emphasis, code spans, links, images, escapes) taken away, its
    /// spaces folded; empty when no letter or digit is left (a rule, a lone marker).
    static func plain(_ line: Substring) -> String {
        var line = line.drop { $0 == " " || $0 == "\t" }
        while let marked = withoutBlockMarker(line) { line = marked.drop { $0 == " " || $0 == "\t" } }
        let chars = Array(withoutLinks(line))
        var out = ""
        var i = 0
        while i < chars.count {
            let c = chars[i]
            if c == "\\", i + 1 < chars.count, chars[i + 1].isPunctuation || chars[i + 1].isSymbol {
                out.append(chars[i + 1])
                i += 2
                continue
            }
            if c == "`" || c == "*" || c == "_" || c == "~" {
                let run = chars[i...].prefix { $0 == c }.count
                // A code span: its text without the backticks. Emphasis: a run that opens before
                // a word (not inside one: `snake_case`, `2 * 3`) and closes after one.
                let before = i == 0 ? " " : chars[i - 1]
                let next = i + run < chars.count ? chars[i + run] : " "
                let opens = c == "`" || ((before.isWhitespace || before.isPunctuation) && !next.isWhitespace && run <= 3 && (c != "~" || run == 2))
                if opens, let close = closing(c, run, in: chars, from: i + run, emphasis: c != "`") {
                    let inner = String(chars[(i + run)..<close])
                    out += c == "`" ? inner.trimmingASCIIWhitespace() : plain(Substring(inner))
                    i = close + run
                    continue
                }
                out += String(chars[i..<(i + run)])
                i += run
                continue
            }
            out.append(c)
            i += 1
        }
        guard out.contains(where: { $0.isLetter || $0.isNumber }) else { return "" }
        return out.split(whereSeparator: { $0 == " " || $0 == "\t" }).joined(separator: " ")
    }

    /// `line` without the block marker it starts with; nil when it starts with none.
    static func withoutBlockMarker(_ line: Substring) -> Substring? {
        let hashes = line.prefix { $0 == "#" }.count
        if hashes > 0 {
            let rest = line.dropFirst(hashes)
            return hashes <= 6 && (rest.isEmpty || rest.first == " " || rest.first == "\t") ? rest : nil
        }
        if line.first == ">" { return line.dropFirst() }
        for box in ["[ ] ", "[x] ", "[X] "] where line.hasPrefix(box) { return line.dropFirst(4) }
        if let marker = line.first, marker == "-" || marker == "*" || marker == "+", line.dropFirst().first == " " { return line.dropFirst(2) }
        let digits = line.prefix { $0.isASCII && $0.isNumber }.count
        let rest = line.dropFirst(digits)
        if digits > 0, digits < 10, rest.first == "." || rest.first == ")", rest.dropFirst().first == " " { return rest.dropFirst(2) }
        return nil
    }

    /// `line` with each link (`[words](url)`) and image (`![alt](url)`) as its words.
    static func withoutLinks(_ line: Substring) -> Substring {
        guard line.contains("](") else { return line }
        var out = Substring()
        var rest = line
        while let open = rest.firstIndex(of: "[") {
            let inner = rest[rest.index(after: open)...]
            guard let close = inner.firstIndex(of: "]"), inner[close...].hasPrefix("]("),
                let end = inner[close...].firstIndex(of: ")")
            else {
                out += rest[...open]
                rest = inner
                continue
            }
            var before = rest[..<open]
            if before.last == "!" { before = before.dropLast() }
            out += before
            out += inner[..<close]
            rest = inner[inner.index(after: end)...]
        }
        return out + rest
    }

    /// Where a run of `count` markers `c` next closes in `chars` from `start`: for emphasis, only
    /// after a word and before a space, punctuation or the end; never a longer run's part.
    private static func closing(_ c: Character, _ count: Int, in chars: [Character], from start: Int, emphasis: Bool) -> Int? {
        var j = start
        while j < chars.count {
            guard chars[j] == c else { j += 1; continue }
            let run = chars[j...].prefix { $0 == c }.count
            let after = j + run < chars.count ? chars[j + run] : " "
            if run == count, j > start, !emphasis || (!chars[j - 1].isWhitespace && (after.isWhitespace || after.isPunctuation)) { return j }
            j += run
        }
        return nil
    }
}
