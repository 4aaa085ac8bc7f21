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
    static let settingCommands: Set<String> = [
        "/model", "/clear", "/mcp", "/config", "/status", "/cost", "/help", "/login",
        "/logout", "/permissions", "/resume", "/theme", "/doctor", "/vim", "/exit",
        "/context", "/usage", "/output-style", "/hooks", "/agents", "/memory", "/ide",
        "/terminal-setup", "/privacy-settings", "/statusline", "/add-dir", "/upgrade",
    ]

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
                let close = find("</\(tag)>", in: rest[rest.index(after: end)...])
            else { return nil }
            found.append((String(tag), kind, String(rest[rest.index(after: end)..<close.lowerBound])))
            rest = Substring(String(rest[close.upperBound...]).trimmingASCIIWhitespace())
        }
        return found.isEmpty ? nil : found
    }

    /// A harness element's words for a notice: the named child's text, else its text without tags.
    static func harnessLine(_ body: String, from child: String?) -> String {
        if let child, let picked = tagged(child, in: body)?.trimmingASCIIWhitespace(), !picked.isEmpty { return SessionText.oneLine(picked) }
        var out = ""
        var inTag = false
        for character in body {
            if character == "<" { inTag = true; out += " "; continue }
            if character == ">" { inTag = false; continue }
            if !inTag { out.append(character) }
        }
        return SessionText.oneLine(out.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" }).joined(separator: " "))
    }

    /// "[Request interrupted by user]" and "… for tool use]": the person stopped the reply.
    static func isInterruption(_ text: String) -> Bool {
        let trimmed = text.trimmingASCIIWhitespace()
        return trimmed.hasPrefix("[Request interrupted by user") && trimmed.hasSuffix("]")
    }

    /// A tool result that says the person declined the call (and, maybe, why).
    static func rejection(_ text: String) -> (rejected: Bool, reason: String?) {
        let markers = [
            "The user doesn't want to proceed with this tool use", "The user doesn't want to take this action right now",
            "User rejected tool use", "Error: User rejected",
        ]
        guard markers.contains(where: { text.hasPrefix($0) }) else { return (false, nil) }
        if let said = find("the user said:\n", in: Substring(text)) {
            let reason = String(text[said.upperBound...]).trimmingASCIIWhitespace()
            return (true, reason.isEmpty ? nil : reason)
        }
        return (true, nil)
    }

    /// The first `message` string found in an error record (`error.error.error.message`).
    static func firstMessage(in node: JSONNode?, depth: Int = 0) -> String? {
        guard let node, depth < 6, case .object(let members) = node.value else { return nil }
        if let message = ImportSource.string(node["message"]), !message.isEmpty { return message }
        for member in members { if let found = firstMessage(in: member.node, depth: depth + 1) { return found } }
        return nil
    }
}
