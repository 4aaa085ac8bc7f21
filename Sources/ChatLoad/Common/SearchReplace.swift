/// The SEARCH/REPLACE edit blocks coding agents write to change a file: the text to find, a
/// divider, the text to put in its place. Several agents share the shape with their own markers:
///
/// ```
/// <<<<<<< SEARCH          (or ------- SEARCH)
/// old lines
/// =======
/// new lines
/// >>>>>>> REPLACE         (or +++++++ REPLACE)
/// ```
///
/// Some write `:start_line:N` (and `-------`) after the opening marker: where the old lines
/// were, not part of them. Read here once, so each reader shows such an edit as a diff.
enum SearchReplace {
    /// One edit: the old text and the new, each ending in a line break when not empty.
    struct Block: Equatable {
        var search: String
        var replace: String
    }

    /// What a line of an edit block is.
    enum Marker { case search, divider, replace }

    /// The marker `line` is, if it is one.
    static func marker(_ line: Substring) -> Marker? {
        var text = line
        while let last = text.last, last == " " || last == "\t" || last == "\r" { text = text.dropLast() }
        func run(_ c: Character, _ range: ClosedRange<Int>, then rest: String) -> Bool {
            let count = text.prefix { $0 == c }.count
            return range.contains(count) && text.dropFirst(count) == rest
        }
        if run("<", 5...9, then: " SEARCH") || run("<", 5...9, then: " SEARCH>") || run("-", 3...9, then: " SEARCH") { return .search }
        if run("=", 5...9, then: "") { return .divider }
        if run(">", 5...9, then: " REPLACE") || run("+", 3...9, then: " REPLACE") { return .replace }
        return nil
    }

    /// Every whole block in `text`, in order; a block cut short (no closing marker) is left out.
    static func blocks(in text: String) -> [Block] {
        var found: [Block] = []
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)[...]
        while let line = lines.first {
            lines = lines.dropFirst()
            guard marker(line) == .search else { continue }
            if let block = block(after: &lines) { found.append(block) }
        }
        return found
    }

    /// The block whose opening marker was just read from `lines`, which are left after its
    /// closing marker; nil (and `lines` left where the block broke off) when it is not whole.
    static func block(after lines: inout ArraySlice<Substring>) -> Block? {
        // Where the old lines were: `:start_line:12`, `:end_line:14`, then `-------`.
        var sawPosition = false
        while let line = lines.first, line.hasPrefix(":start_line:") || line.hasPrefix(":end_line:") {
            sawPosition = true
            lines = lines.dropFirst()
        }
        if sawPosition, let line = lines.first, line.allSatisfy({ $0 == "-" }), line.count >= 3 { lines = lines.dropFirst() }
        var search: [Substring] = []
        var replace: [Substring] = []
        var pastDivider = false
        while let line = lines.first {
            lines = lines.dropFirst()
            switch marker(line) {
            case .divider where !pastDivider:
                pastDivider = true
            case .replace where pastDivider:
                return Block(search: joined(search), replace: joined(replace))
            case .search:
                return nil
            default:
                if pastDivider { replace.append(line) } else { search.append(line) }
            }
        }
        return nil
    }

    private static func joined(_ lines: [Substring]) -> String {
        lines.isEmpty ? "" : lines.joined(separator: "\n") + "\n"
    }
}
