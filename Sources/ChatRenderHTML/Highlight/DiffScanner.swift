/// Unified diffs and patches, line by line: added and removed lines (their `+` and `-` kept
/// as text, so the change reads without colour), hunk and file headers as meta.
enum DiffScanner {
    static func scan(_ out: HighlightWriter, from start: Int, to end: Int) {
        let s = out.text
        var line = start
        while line < end {
            let lineEnd = s.lineEnd(from: line, end)
            let kind: TokenKind?
            if s.has("+++ ", at: line, lineEnd) || s.has("--- ", at: line, lineEnd) || s.has("@@", at: line, lineEnd)
                || s.has("diff ", at: line, lineEnd) || s.has("index ", at: line, lineEnd)
                || s.has("new file mode", at: line, lineEnd) || s.has("deleted file mode", at: line, lineEnd)
                || s.has("rename ", at: line, lineEnd) || s.has("similarity index", at: line, lineEnd)
            {
                kind = .meta
            } else if s[line] == UInt8(ascii: "+") || s[line] == UInt8(ascii: ">") {
                kind = .inserted
            } else if s[line] == UInt8(ascii: "-") || s[line] == UInt8(ascii: "<") {
                kind = .deleted
            } else if s[line] == UInt8(ascii: "\\") {
                kind = .comment  // "\ No newline at end of file"
            } else {
                kind = nil
            }
            if let kind, lineEnd > line { out.token(kind, line, lineEnd) }
            line = lineEnd + 1
        }
    }
}
