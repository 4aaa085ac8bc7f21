import ChatModel
import ChatSupport

/// Reads one session of Aider's chat history (see ``AiderHistory``) into a conversation:
///
/// - a `####` message is the person's turn when they typed it. Aider also writes as the
///   person's what it sends for them: the text of an `/ask`, `/code`, `/architect` or
///   `/context` command again (left out: the command, as typed, is the turn), and the
///   architect's answer handed to the editor model (a line "Handed to the editor" in the reply).
///   `.aider.input.history`, when it is there, tells what was typed, and when;
/// - the reply's Markdown is the reply's text; its SEARCH/REPLACE blocks are diffs, and an
///   edit that no "Applied edit to FILE" followed says so; reasoning in Aider's
///   `<thinking-content-…>` tags (or `<think>`) is thinking;
/// - the tool's `>` output is a line in the reply (its banner, before the first message, gives
///   the version and model instead), and its `Tokens:` and `Cost:` lines the reply's tokens and
///   recorded cost.
struct AiderSession: AgentSession {
    var log: SessionBuilder<Never>
    /// What was typed (`.aider.input.history`), nil when there is no such file.
    let typed: [(date: ChatDate?, text: String)]?
    /// The next entry of ``typed`` a message may be.
    var cursor: Int
    /// The reply's text as written, to know the architect's answer when it is handed on.
    var lastReply: String?
    /// The text an `/ask`-like command sends again as the person's next.
    var echo: String?
    /// Whether Aider asked "Edit the files?" and was told yes: the architect's hand-off comes next.
    var askedToEdit = false
    /// The files of the reply's edits no "Applied edit to" has followed yet.
    var unapplied: [String] = []

    init(file: String, typed: [(date: ChatDate?, text: String)]?, cursor: Int) {
        log = SessionBuilder(file: file, versionLabel: "Aider")
        self.typed = typed
        self.cursor = cursor
    }

    /// `2026-12-07 10:00:31.120441`, the machine's clock as Aider writes it (no zone: read as written).
    static func date(_ text: String) -> ChatDate? {
        ChatDate(iso: text.replacingOccurrences(of: " ", with: "T"))
    }

    /// Aider's history has no tool calls.
    mutating func parts(for call: Never, id: String, once: Bool) -> [TurnPart] {}

    /// The commands whose text Aider then sends as the person's message.
    static let echoing: Set<String> = ["/ask", "/code", "/architect", "/context", "/help"]

    /// The session's lines, in runs: the person's `####` message, the tool's `>` output, the reply.
    mutating func read(_ session: AiderHistory.Session) {
        if let header = session.header, let start = Self.date(header) { log.widenSpan(start) }
        let lines = session.lines
        var index = 0
        var started = false
        while index < lines.count {
            let line = lines[index]
            if line.hasPrefix("####") {
                var text: [String] = []
                while index < lines.count, lines[index].hasPrefix("####") {
                    text.append(Self.unquoted(lines[index].dropFirst(4)))
                    index += 1
                }
                message(text.joined(separator: "\n"))
                started = true
            } else if Self.isOutput(line) {
                var output: [String] = []
                while index < lines.count {
                    let next = lines[index]
                    if Self.isOutput(next) {
                        output.append(Self.unquoted(next.dropFirst()))
                    } else if next.hasPrefix("Cost: $"), output.last?.hasPrefix("Tokens: ") == true {
                        // A two-line report is quoted on its first line only.
                        output.append(Self.unquoted(next[...]))
                    } else {
                        break
                    }
                    index += 1
                }
                self.output(output, banner: !started)
            } else {
                var reply: [String] = []
                while index < lines.count, !lines[index].hasPrefix("####"), !Self.isOutput(lines[index]) {
                    reply.append(lines[index])
                    index += 1
                }
                self.reply(reply)
            }
        }
        flushUnapplied()
    }

    /// Whether `line` is the tool's output: `> ` (an edit block's `>>>>>>> REPLACE` is the reply's).
    static func isOutput(_ line: String) -> Bool { line.hasPrefix("> ") || line == ">" }

    /// A line without its marker's space and the two spaces Markdown's line break adds.
    static func unquoted(_ line: Substring) -> String {
        var text = line
        if text.first == " " { text = text.dropFirst() }
        while let last = text.last, last == " " || last == "\t" { text = text.dropLast() }
        return String(text)
    }

    // MARK: - Messages

    /// A `####` message: the person's turn, an echo of a command's text (left out), or the
    /// architect's answer handed to the editor.
    mutating func message(_ raw: String) {
        let text = raw == "<blank>" ? "" : raw.trimmingASCIIWhitespace()
        guard !text.isEmpty else { return }
        if let expected = echo, expected == text {
            echo = nil
            return
        }
        echo = nil
        let (wasTyped, date) = match(text)
        let same = lastReply.map { $0 == text } ?? false
        if same || (askedToEdit && typed != nil && !wasTyped) {
            log.reply(.notice(NoticePart(kind: .info, text: "Handed to the editor", detail: same ? nil : text)))
            askedToEdit = false
            lastReply = nil
            return
        }
        if text.hasPrefix("/") {
            let words = text.split(separator: " ", maxSplits: 1)
            if words.count == 2, Self.echoing.contains(String(words[0])) { echo = String(words[1]).trimmingASCIIWhitespace() }
        }
        flushUnapplied()
        if let date { log.widenSpan(date) }
        log.prompt(text, date: date)
        lastReply = nil
        askedToEdit = false
    }

    /// Whether `text` is the next thing typed, and when it was.
    mutating func match(_ text: String) -> (typed: Bool, date: ChatDate?) {
        guard let typed else { return (false, nil) }
        var at = cursor
        while at < typed.count {
            if typed[at].text.trimmingASCIIWhitespace() == text {
                cursor = at + 1
                return (true, typed[at].date)
            }
            at += 1
        }
        return (false, nil)
    }

    /// Edits no "Applied edit to" followed: said so after the tool's output that follows them.
    mutating func flushUnapplied() {
        guard !unapplied.isEmpty else { return }
        for path in unapplied { log.reply(.notice(NoticePart(kind: .info, text: "Not applied: \(path)"))) }
        unapplied = []
    }

    // MARK: - The tool's output

    /// A run of the tool's output: reports as tokens and costs, applied edits, the banner's version
    /// and model, and the rest one line in the reply.
    mutating func output(_ lines: [String], banner: Bool) {
        var shown: [String] = []
        for (k, line) in lines.enumerated() {
            if line.hasPrefix("Tokens: ") {
                let cost = k + 1 < lines.count && lines[k + 1].hasPrefix("Cost: ") ? lines[k + 1] : nil
                if let usage = AiderHistory.usage(line, cost: cost) {
                    log.tokens = log.tokens + usage
                    log.spend(usage)
                }
                continue
            }
            if line.hasPrefix("Cost: ") { continue }
            if line.hasPrefix("Applied edit to ") {
                let path = String(line.dropFirst("Applied edit to ".count))
                if let at = unapplied.firstIndex(of: path) { unapplied.remove(at: at) }
                continue
            }
            if line.hasPrefix("Aider v") {
                log.version = line.dropFirst("Aider ".count).split(separator: " ").first.map(String.init)
                continue
            }
            for label in ["Main model: ", "Model: "] where line.hasPrefix(label) {
                let rest = line.dropFirst(label.count)
                let name = rest.range(of: " with ").map { rest[..<$0.lowerBound] } ?? rest
                if !name.isEmpty { log.useModel(String(name)) }
            }
            if line.contains("Edit the files?") {
                let answer = line.split(separator: ":").last.map { String($0).trimmingASCIIWhitespace().lowercased() } ?? ""
                askedToEdit = !(answer == "n" || answer == "no")
            }
            shown.append(line)
        }
        // The banner is the header's: the version and the model.
        guard !banner else { return }
        let text = shown.filter { !$0.trimmingASCIIWhitespace().isEmpty }
        if let first = text.first {
            log.reply(.notice(NoticePart(kind: .info, text: SessionText.oneLine(first), detail: text.count > 1 ? text.joined(separator: "\n") : nil)))
        }
        // Aider applies a reply's edits right after it: those this output did not name were not.
        flushUnapplied()
    }

    // MARK: - Replies

    /// The model's reply: its reasoning, text and edits.
    mutating func reply(_ lines: [String]) {
        var text = lines.joined(separator: "\n").trimmingASCIIWhitespace()
        guard !text.isEmpty else { return }
        var parts: [TurnPart] = []
        for thought in Self.thoughts(in: &text) { parts.append(.thinking(ThinkingPart(text: thought))) }
        lastReply = text
        let (pieces, edited) = Self.edits(in: text)
        parts += pieces
        unapplied += edited
        log.reply(parts, id: "t\(log.drafts.count + 1)", date: nil, model: log.model)
    }

    /// The reasoning Aider writes in tags before the answer, taken out of `text`.
    static func thoughts(in text: inout String) -> [String] {
        var found: [String] = []
        while true {
            guard let open = text.range(of: "<thinking-content-") ?? text.range(of: "<think>"),
                let end = text[open.lowerBound...].firstIndex(of: ">")
            else { break }
            let name = text[text.index(after: open.lowerBound)..<end]
            let bodyStart = text.index(after: end)
            let close = text.range(of: "</\(name)>", range: bodyStart..<text.endIndex)
            let body = String(text[bodyStart..<(close?.lowerBound ?? text.endIndex)]).trimmingASCIIWhitespace()
            if !body.isEmpty { found.append(body) }
            text.removeSubrange(open.lowerBound..<(close?.upperBound ?? text.endIndex))
            text = text.trimmingASCIIWhitespace()
        }
        return found
    }

    /// The reply's text with each SEARCH/REPLACE block (its file's name on the line before the
    /// fence, or just inside it) made a diff, and the files edited.
    static func edits(in text: String) -> ([TurnPart], [String]) {
        var parts: [TurnPart] = []
        var edited: [String] = []
        var words: [Substring] = []
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)[...]
        func flush(_ kept: [Substring]) {
            let said = kept.joined(separator: "\n").trimmingASCIIWhitespace()
            if !said.isEmpty { parts.append(.text(said)) }
        }
        while let line = lines.first {
            lines = lines.dropFirst()
            guard SearchReplace.marker(line) == .search else {
                words.append(line)
                continue
            }
            var before = words
            var fenced = false
            if let last = before.last, last.hasPrefix("```") { before.removeLast(); fenced = true }
            var path = before.last.map(Self.fileName) ?? ""
            if !path.isEmpty { before.removeLast() }
            if !fenced, let last = before.last, last.hasPrefix("```") { before.removeLast(); fenced = true }
            if path.isEmpty, let last = before.last.map(Self.fileName), !last.isEmpty { path = last; before.removeLast() }
            let rest = lines
            guard let block = SearchReplace.block(after: &lines) else {
                words.append(line)
                lines = rest
                continue
            }
            flush(before)
            words = []
            parts.append(.diff(DiffPart(path: path.isEmpty ? nil : path, old: block.search, new: block.replace, created: block.search.isEmpty)))
            if !path.isEmpty { edited.append(path) }
            // More blocks for the same file in the same fence, then the fence's end.
            while let next = lines.first, SearchReplace.marker(next) == .search {
                var after = lines.dropFirst()
                guard let more = SearchReplace.block(after: &after) else { break }
                lines = after
                parts.append(.diff(DiffPart(path: path.isEmpty ? nil : path, old: more.search, new: more.replace, created: more.search.isEmpty)))
                if !path.isEmpty { edited.append(path) }
            }
            if fenced, let next = lines.first, next.hasPrefix("```") { lines = lines.dropFirst() }
        }
        flush(words)
        return (parts, edited)
    }

    /// A line naming a file: the name without Markdown's marks around it; empty for a line that
    /// cannot be one (empty, a sentence, a fence).
    static func fileName(_ line: Substring) -> String {
        var name = line
        while let first = name.first, "`*#: ".contains(first) { name = name.dropFirst() }
        while let last = name.last, "`*: ".contains(last) { name = name.dropLast() }
        guard !name.isEmpty, name.count < 200, !name.contains(" ") || name.contains("/") else { return "" }
        return String(name)
    }
}
