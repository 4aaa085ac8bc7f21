import ChatModel
import ChatSupport

/// The shapes of Aider's two history files, as its terminal writes them.
///
/// `.aider.chat.history.md`, appended to as Aider runs:
///
/// - `# aider chat started at 2026-12-07 10:00:00` starts a session (the machine's clock, no zone);
/// - `#### text` lines are a message sent as the person's (each line of it prefixed, a line
///   break written as two spaces at the end of the line);
/// - `> text` lines are the tool's own output (its banner, questions and answers, "Applied edit
///   to FILE", "Commit …", the `Tokens: … sent, … received. Cost: $… message, $… session.` line);
/// - every other line is the model's reply, as Markdown.
///
/// `.aider.input.history` (prompt_toolkit's history): for each thing typed, `# <date>` then the
/// text, a `+` before each line.
enum AiderHistory {
    /// One session: its start as written, and its lines after that line, with their numbers.
    struct Session {
        var header: String?
        /// The line number of the header (or 1).
        var line: Int
        var lines: [String]
        /// Whether the person (or the tool for them) sent anything.
        var hasMessages: Bool { lines.contains { $0.hasPrefix("####") } }
    }

    /// The sessions of a chat history, in order; text before the first header is a session with no header.
    static func sessions(in text: String) -> [Session] {
        var sessions: [Session] = [Session(header: nil, line: 1, lines: [])]
        var number = 0
        for raw in text.split(separator: "\n", omittingEmptySubsequences: false) {
            number += 1
            var line = raw
            if line.last == "\r" { line = line.dropLast() }
            if line.hasPrefix(AiderReader.started) {
                sessions.append(Session(header: String(line.dropFirst(AiderReader.started.count)).trimmingASCIIWhitespace(), line: number, lines: []))
            } else {
                sessions[sessions.count - 1].lines.append(String(line))
            }
        }
        if sessions[0].lines.allSatisfy({ $0.trimmingASCIIWhitespace().isEmpty }) { sessions.removeFirst() }
        return sessions
    }

    /// What the person typed: each entry's date and text, in order.
    struct Typed {
        var entries: [(date: ChatDate?, text: String)]
        var unknown: UnknownKinds
        var hasEntries: Bool { !entries.isEmpty }
    }

    /// Reads `.aider.input.history`; a line of another shape is counted as unknown.
    static func typed(_ text: String) -> Typed {
        var typed = Typed(entries: [], unknown: UnknownKinds())
        var open = false
        var number = 0
        for raw in text.split(separator: "\n", omittingEmptySubsequences: false) {
            number += 1
            var line = raw
            if line.last == "\r" { line = line.dropLast() }
            if line.hasPrefix("# ") {
                typed.entries.append((AiderSession.date(String(line.dropFirst(2)).trimmingASCIIWhitespace()), ""))
                open = true
            } else if line.hasPrefix("+"), open {
                let last = typed.entries.count - 1
                typed.entries[last].text += (typed.entries[last].text.isEmpty ? "" : "\n") + line.dropFirst()
            } else if !line.isEmpty {
                typed.unknown.note("unknown input history line (not \"# date\" or \"+text\")", line: number)
            }
        }
        // An entry's lines are one text, as sent.
        for k in typed.entries.indices where typed.entries[k].text.hasSuffix("\n") { typed.entries[k].text.removeLast() }
        return typed
    }

    /// `12`, `2.3k`, `45k`, `1.2M` as a count.
    static func count(_ text: Substring) -> Tally? {
        var digits = text
        var scale = 1.0
        if digits.hasSuffix("k") { scale = 1_000; digits = digits.dropLast() } else if digits.hasSuffix("M") { scale = 1_000_000; digits = digits.dropLast() }
        guard let value = Double(String(digits).replacingOccurrences(of: ",", with: "")) else { return nil }
        return Tally(input: (value * scale).rounded())
    }

    /// `Tokens: 12k sent, 1.2k cache write, 8.3k cache hit, 500 received.` and `Cost: $0.02
    /// message, $0.05 session.` as one request's use: `sent` counts the cache's tokens too.
    static func usage(_ line: String, cost: String?) -> TokenUsage? {
        guard line.hasPrefix("Tokens: ") else { return nil }
        var sent: Tally = 0, received: Tally = 0, write: Tally = 0, hit: Tally = 0
        var body = line.dropFirst("Tokens: ".count)
        var cost = cost
        // The cost on the same line, or (with both cache figures) on the next.
        if let said = body.range(of: "Cost: ") {
            cost = String(body[said.upperBound...])
            body = body[..<said.lowerBound]
        }
        for piece in body.split(separator: ",") {
            let words = piece.trimmingCharacters(in: " .").split(separator: " ", maxSplits: 1)
            guard words.count == 2, let number = count(words[0]) else { continue }
            switch words[1].trimmingCharacters(in: " .") {
            case "sent": sent = number
            case "received": received = number
            case "cache write": write = number
            case "cache hit": hit = number
            default: continue
            }
        }
        var usage = TokenUsage(input: sent - write - hit, output: received, cacheRead: hit, cacheWrite: write)
        usage.context = sent + received
        if let cost, let dollar = cost.range(of: "$") {
            let amount = cost[dollar.upperBound...].prefix { $0.isNumber || $0 == "." }
            if let value = Double(amount), value > 0, value <= 1e9 { usage.recordedCost = value }
        }
        return usage
    }
}

extension Substring {
    /// The text without `characters` at either end.
    fileprivate func trimmingCharacters(in characters: String) -> String {
        var text = self
        while let first = text.first, characters.contains(first) { text = text.dropFirst() }
        while let last = text.last, characters.contains(last) { text = text.dropLast() }
        return String(text)
    }
}
