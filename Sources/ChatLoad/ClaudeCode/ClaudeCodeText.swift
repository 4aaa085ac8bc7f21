import Foundation
import ChatModel
import ChatSupport

/// The text conventions of Claude Code's logs: the tags it wraps around slash commands, shell
/// escapes and reminders it gave the model, and the figures the header shows.
enum ClaudeCodeText {
    /// A slash command the person typed: `/review` and what followed it.
    struct Command: Equatable {
        var name: String
        var args: String
    }

    /// Commands that change a setting or show something rather than ask for work: not a title.
    static let settingCommands: Set<String> = ["/model", "/clear", "/mcp", "/config", "/status", "/cost", "/help", "/login",
                                                "/logout", "/permissions", "/resume", "/theme", "/doctor", "/vim", "/exit",
                                                "/context", "/usage", "/output-style", "/hooks", "/agents", "/memory", "/ide",
                                                "/terminal-setup", "/privacy-settings", "/statusline", "/add-dir", "/upgrade"]

    /// The text between `<tag>` and `</tag>` (the first pair), or nil when there is none.
    static func tagged(_ tag: String, in text: String) -> String? {
        // Most text has no tags at all: one pass over its bytes, and no needle built.
        guard has(UInt8(ascii: "<"), in: text) else { return nil }
        let whole = Substring(text)
        guard let open = find("<\(tag)>", in: whole) else { return nil }
        guard let close = find("</\(tag)>", in: whole[open.upperBound...]) else { return nil }
        return String(text[open.upperBound..<close.lowerBound])
    }

    /// Whether `text` has the byte `byte`: memchr, a vector at a time (through the UTF-8 view, a
    /// long tool output was walked a byte at a time for each tag looked for).
    static func has(_ byte: UInt8, in text: String) -> Bool {
        text.utf8.withContiguousStorageIfAvailable { bytes in
            guard let base = bytes.baseAddress, bytes.count > 0 else { return false }
            return memchr(base, Int32(byte), bytes.count) != nil
        } ?? text.utf8.contains(byte)
    }

    /// Where `needle` (ASCII) first occurs in `text`: a search of the UTF-8 bytes, since
    /// Foundation's `range(of:)` goes through UTF-16 and is a twentieth of the session's time.
    static func find(_ needle: String, in text: Substring) -> Range<String.Index>? {
        guard let found = text.utf8Offset(of: needle) else { return nil }
        let start = text.utf8.index(text.startIndex, offsetBy: found)
        return start..<text.utf8.index(start, offsetBy: needle.utf8.count)
    }

    /// `<command-name>/model</command-name><command-args>opus</command-args>` as a command.
    static func command(_ text: String) -> Command? {
        guard let name = tagged("command-name", in: text)?.trimmingASCIIWhitespace(), !name.isEmpty else { return nil }
        let args = (tagged("command-args", in: text) ?? "").trimmingASCIIWhitespace()
        return Command(name: name.hasPrefix("/") ? name : "/" + name, args: args)
    }

    /// The text without the `<system-reminder>` blocks Claude Code adds for the model.
    static func withoutReminders(_ text: String) -> String {
        var rest = Substring(text)
        guard find("<system-reminder>", in: rest) != nil else { return text }
        var out = ""
        while let open = find("<system-reminder>", in: rest) {
            out += rest[..<open.lowerBound]
            guard let close = find("</system-reminder>", in: rest[open.upperBound...]) else { return out }
            rest = rest[close.upperBound...]
        }
        out += rest
        return out
    }

    /// What a message Claude Code wrote in the person's place becomes, by the tag it is wrapped in.
    enum Harness: Equatable {
        /// Left out: context for the model, which Claude Code does not show either.
        case hidden
        /// A notice, its text taken from the child element named (else the whole text).
        case notice(from: String?)
    }

    /// The tags Claude Code wraps around messages it writes in the person's turn: one table, so a
    /// new one is a row here. A message wrapped whole in tags of this table (or in any other
    /// lower-case hyphenated tag, which is how Claude Code names them and no person writes) is
    /// never shown as the person's words. Slash commands, their output and shell escapes have
    /// their own readings (a command chip, a terminal).
    static let harnessTags: [String: Harness] = [
        "task-notification": .notice(from: "summary"),
        "system-reminder": .hidden,
        "local-command-caveat": .hidden,
        "user-prompt-submit-hook": .hidden,
        "session-start-hook": .hidden,
        "command-message": .hidden,
        "user-memory-input": .notice(from: nil),
        "bash-notification": .notice(from: "summary"),
    ]

    /// The harness elements `text` is made of, in order, with what each holds; nil when any of
    /// the text is not inside one (then it is the person's).
    static func harness(_ text: String) -> [(tag: String, kind: Harness, body: String)]? {
        var rest = Substring(text.trimmingASCIIWhitespace())
        var found: [(String, Harness, String)] = []
        while !rest.isEmpty {
            guard rest.first == "<", let end = rest.firstIndex(of: ">") else { return nil }
            let tag = rest[rest.index(after: rest.startIndex)..<end]
            guard !tag.isEmpty, tag.utf8.allSatisfy({ ($0 >= 0x61 && $0 <= 0x7A) || ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x2D }),
                  let kind = harnessTags[String(tag)] ?? (tag.contains("-") ? .notice(from: nil) : nil),
                  let close = find("</\(tag)>", in: rest[rest.index(after: end)...]) else { return nil }
            found.append((String(tag), kind, String(rest[rest.index(after: end)..<close.lowerBound])))
            rest = Substring(String(rest[close.upperBound...]).trimmingASCIIWhitespace())
        }
        return found.isEmpty ? nil : found
    }

    /// A harness element's words for a notice: the named child's text, else its text without tags.
    static func harnessLine(_ body: String, from child: String?) -> String {
        if let child, let picked = tagged(child, in: body)?.trimmingASCIIWhitespace(), !picked.isEmpty { return oneLine(picked) }
        var out = ""
        var inTag = false
        for character in body {
            if character == "<" { inTag = true; out += " "; continue }
            if character == ">" { inTag = false; continue }
            if !inTag { out.append(character) }
        }
        return oneLine(out.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" }).joined(separator: " "))
    }

    /// "[Request interrupted by user]" and "… for tool use]": the person stopped the reply.
    static func isInterruption(_ text: String) -> Bool {
        let trimmed = text.trimmingASCIIWhitespace()
        return trimmed.hasPrefix("[Request interrupted by user") && trimmed.hasSuffix("]")
    }

    /// A tool result that says the person declined the call (and, maybe, why).
    static func rejection(_ text: String) -> (rejected: Bool, reason: String?) {
        let markers = ["The user doesn't want to proceed with this tool use", "The user doesn't want to take this action right now",
                       "User rejected tool use", "Error: User rejected"]
        guard markers.contains(where: { text.hasPrefix($0) }) else { return (false, nil) }
        if let said = find("the user said:\n", in: Substring(text)) {
            let reason = String(text[said.upperBound...]).trimmingASCIIWhitespace()
            return (true, reason.isEmpty ? nil : reason)
        }
        return (true, nil)
    }

    /// A command's printout as words: its terminal escapes (`ESC[1m` bold and the like) dropped,
    /// since a chip's detail is text, not a terminal.
    static func plain(_ text: String) -> String {
        guard text.containsBytes("\u{1B}") else { return text }
        var out = String.UnicodeScalarView()
        var scalars = text.unicodeScalars.makeIterator()
        while let scalar = scalars.next() {
            guard scalar == "\u{1B}" else { out.append(scalar); continue }
            // ESC [ parameters final-byte; any other escape drops its next character.
            guard let next = scalars.next(), next == "[" else { continue }
            while let c = scalars.next(), !(c.value >= 0x40 && c.value <= 0x7E) {}
        }
        return String(out)
    }

    /// The first line, at most 200 characters.
    static func oneLine(_ text: String) -> String {
        let line = text.trimmingASCIIWhitespace().prefix { $0 != "\n" && $0 != "\r" }
        return line.count > 200 ? String(line.prefix(199)) + "…" : String(line)
    }

    /// A title from the first prompt: its first line, at most 80 characters.
    static func titleLine(_ text: String) -> String {
        let line = oneLine(text)
        return line.count > 80 ? String(line.prefix(79)) + "…" : line
    }

    /// The first `message` string found in an error record (`error.error.error.message`).
    static func firstMessage(in node: JSONNode?, depth: Int = 0) -> String? {
        guard let node, depth < 6, case .object(let members) = node.value else { return nil }
        if let message = ImportSource.string(node["message"]), !message.isEmpty { return message }
        for member in members { if let found = firstMessage(in: member.node, depth: depth + 1) { return found } }
        return nil
    }

    /// 1234 → "1,234", 45_600 → "45.6k", 2_300_000 → "2.3M".
    static func tokens(_ count: Int) -> String {
        func tenths(_ value: Int, _ unit: Int) -> String {
            let scaled = (value * 10 + unit / 2) / unit
            return scaled % 10 == 0 || scaled >= 1000 ? "\(scaled / 10)" : "\(scaled / 10).\(scaled % 10)"
        }
        if count >= 1_000_000 { return tenths(count, 1_000_000) + "M" }
        if count >= 10_000 { return tenths(count, 1_000) + "k" }
        if count >= 1_000 { return "\(count / 1000),\(String(count % 1000).leftPadded(3))" }
        return String(count)
    }

    /// 75 → "1 min 15 s", 3720 → "1 h 2 min", 9 → "9 s".
    static func duration(_ seconds: Int) -> String {
        if seconds < 60 { return "\(seconds) s" }
        if seconds < 3600 { return seconds % 60 == 0 ? "\(seconds / 60) min" : "\(seconds / 60) min \(seconds % 60) s" }
        let minutes = (seconds % 3600) / 60
        return minutes == 0 ? "\(seconds / 3600) h" : "\(seconds / 3600) h \(minutes) min"
    }

    /// "2026-03-02 09:14 – 11:02 UTC (1 h 48 min)"; the second date is written out when the day changes.
    static func span(_ first: ChatDate, _ last: ChatDate) -> String {
        guard let (span, length) = spanAndLength(first, last) else { return spanText(first, last) }
        return "\(span) (\(duration(length)))"
    }

    /// The span without its length, and the length in seconds; nil for a span under a minute.
    static func spanAndLength(_ first: ChatDate, _ last: ChatDate) -> (String, Int)? {
        let length = Int(last.secondsSinceEpoch - first.secondsSinceEpoch)
        guard length >= 60 else { return nil }
        return (spanText(first, last), length)
    }

    /// "2026-03-31 09:12 – 09:23 UTC", or the start alone for a span under a minute.
    private static func spanText(_ first: ChatDate, _ last: ChatDate) -> String {
        func parts(_ date: ChatDate) -> (day: String, time: String) {
            let seconds = Int(date.secondsSinceEpoch)
            let days = seconds >= 0 ? seconds / 86400 : (seconds - 86399) / 86400
            let rest = seconds - days * 86400
            let (year, month, day) = ChatDate.civilFromDays(days)
            return ("\(year)-\(String(month).leftPadded(2))-\(String(day).leftPadded(2))",
                    "\(String(rest / 3600).leftPadded(2)):\(String(rest / 60 % 60).leftPadded(2))")
        }
        let a = parts(first), b = parts(last)
        let end = a.day == b.day ? b.time : "\(b.day) \(b.time)"
        let length = Int(last.secondsSinceEpoch - first.secondsSinceEpoch)
        if length < 60 { return "\(a.day) \(a.time) UTC" }
        return "\(a.day) \(a.time) – \(end) UTC"
    }
}

extension String {
    /// Zeros in front up to `width` characters.
    func leftPadded(_ width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
