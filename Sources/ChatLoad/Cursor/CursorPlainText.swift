import ChatModel
import ChatSupport

/// The grammar of Cursor's plain-text agent transcripts (`agent-transcripts/<id>.txt`, what
/// Cursor wrote before its JSON Lines ones, and still writes beside them in some builds): the
/// text cut into blocks, each with the line it starts at. What the blocks mean is
/// ``CursorSession``'s (see `CursorSession+PlainText.swift`).
///
/// ```
/// user:
/// <user_query>
/// Add a to_csv function.
/// </user_query>
///
/// assistant:
/// [Thinking] The person wants a CSV export.
/// I'll look at the model first.
/// [Tool call] Read
///   path: /home/ana/src/invoice-tools/invoice_tools/models.py
///
/// [Tool result] Read
/// class Invoice: ...
/// ```
///
/// - A line that is exactly `user:` or `assistant:` starts a message of that role.
/// - A line that begins with a bracketed marker of capitalised words (`[Thinking]`,
///   `[Tool call] NAME`, `[Tool result] NAME`) starts a block of that kind; the rest of the line
///   is its first words. Any other such marker is a block of its own, unknown to the reader.
///   `[REDACTED]` is not a marker: it is the text Cursor writes in place of hidden reasoning.
/// - `[Thinking]` runs to the first blank line (the reply's text follows it); a tool call's
///   input is the indented lines after it up to the first blank line: `key: value` (or
///   `key=value`) lines, a value going on over the lines that name no key, or one JSON object;
///   a tool result runs to the next marker or role line.
/// - Any other line is text of the message it is in.
struct CursorPlainText {
    /// One block of the transcript.
    enum Block: Equatable {
        case role(String)
        case text(String)
        case thinking(String)
        case call(name: String, input: String)
        case result(name: String, output: String)
        /// A bracketed marker this grammar does not know (its name).
        case marker(String)
    }

    /// The blocks, each with the 1-based line it starts at.
    private(set) var blocks: [(block: Block, line: Int)] = []

    /// What is being gathered: its kind, the line it began at, its lines.
    private enum Open { case text, thinking, call(String), result(String) }
    private var open: Open = .text
    private var start = 1
    private var lines: [Substring] = []

    /// The blocks of `text`.
    init(_ text: String) {
        var number = 0
        for raw in text.split(separator: "\n", omittingEmptySubsequences: false) {
            number += 1
            let line = raw.last == "\r" ? raw.dropLast() : raw
            read(line, number: number)
        }
        close()
    }

    private mutating func read(_ line: Substring, number: Int) {
        let bare = String(line).trimmingASCIIWhitespace()
        if line.first != " " && line.first != "\t" && (bare == "user:" || bare == "assistant:") {
            close()
            blocks.append((.role(String(bare.dropLast())), number))
            begin(.text, at: number + 1)
            return
        }
        if let (marker, rest) = Self.marker(line) {
            close()
            switch marker {
            case "Thinking": begin(.thinking, at: number, first: rest)
            case "Tool call": begin(.call(String(rest).trimmingASCIIWhitespace()), at: number)
            case "Tool result": begin(.result(String(rest).trimmingASCIIWhitespace()), at: number)
            default:
                blocks.append((.marker(marker), number))
                begin(.text, at: number + 1)
            }
            return
        }
        switch open {
        case .thinking, .call:
            // A blank line ends the reasoning or the call's input; text follows.
            if bare.isEmpty {
                close()
                begin(.text, at: number + 1)
                return
            }
        case .text, .result:
            break
        }
        if lines.isEmpty, case .text = open, bare.isEmpty { start = number + 1; return }
        lines.append(line)
    }

    private mutating func begin(_ kind: Open, at line: Int, first: Substring? = nil) {
        open = kind
        start = line
        lines = first.map { String($0).trimmingASCIIWhitespace().isEmpty ? [] : [$0.drop { $0 == " " }] } ?? []
    }

    /// Ends the block being gathered.
    private mutating func close() {
        let body = lines.joined(separator: "\n").trimmingASCIIWhitespace()
        lines = []
        switch open {
        case .text: if !body.isEmpty { blocks.append((.text(body), start)) }
        case .thinking: blocks.append((.thinking(body), start))
        case .call(let name): blocks.append((.call(name: name, input: body), start))
        case .result(let name): blocks.append((.result(name: name, output: body), start))
        }
        open = .text
    }

    /// `[Words] rest` at the start of a line: the words (capitalised, letters and spaces) and the
    /// rest; `[REDACTED]` is text.
    static func marker(_ line: Substring) -> (String, Substring)? {
        guard line.first == "[", let close = line.firstIndex(of: "]") else { return nil }
        let name = line[line.index(after: line.startIndex)..<close]
        guard let first = name.first, first.isUppercase, name.count <= 40, name != "REDACTED",
            name.allSatisfy({ $0.isLetter || $0 == " " })
        else { return nil }
        let rest = line[line.index(after: close)...]
        guard rest.isEmpty || rest.first == " " else { return nil }
        return (String(name), rest)
    }

    // MARK: - Tool input

    /// A call's input as a JSON object: the JSON object it is, or its `key: value` lines (a
    /// value that is itself JSON, like a to-do list, read as JSON).
    static func input(_ text: String) -> JSONNode? {
        let body = text.trimmingASCIIWhitespace()
        guard !body.isEmpty else { return nil }
        if body.first == "{", let node = try? JSONParser.parse(Array(body.utf8)), case .object = node.value { return node }
        var members: [(key: String, value: String)] = []
        for line in body.split(separator: "\n", omittingEmptySubsequences: false) {
            if let (key, value) = pair(line) {
                members.append((key, String(value)))
            } else if !members.isEmpty {
                members[members.count - 1].value += "\n" + line
            } else {
                members.append(("input", String(line).trimmingASCIIWhitespace()))
            }
        }
        var seen: Set<String> = []
        let object = members.filter { seen.insert($0.key).inserted }.map { key, value in
            (key: key, node: jsonValue(value))
        }
        return JSONNode(.object(object))
    }

    /// `key: value` or `key=value` after the line's indent (a key is a word: letters, digits, `_`,
    /// `-`, `.`).
    static func pair(_ line: Substring) -> (String, Substring)? {
        let text = line.drop { $0 == " " || $0 == "\t" }
        guard let end = text.firstIndex(where: { !($0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" || $0 == ".") }),
            end > text.startIndex
        else { return nil }
        let key = String(text[..<end])
        let after = text[end...]
        if after.hasPrefix(": ") { return (key, after.dropFirst(2)) }
        if after == ":" { return (key, "") }
        if after.hasPrefix("=") { return (key, after.dropFirst()) }
        return nil
    }

    /// A value: JSON when it is an array or object, else the string.
    static func jsonValue(_ value: String) -> JSONNode {
        let body = value.trimmingASCIIWhitespace()
        if body.first == "[" || body.first == "{", let node = try? JSONParser.parse(Array(body.utf8)) { return node }
        return JSONNode(.string(value))
    }
}
