/// Shell scripts (sh, bash, zsh) and console sessions. Shell words are not C tokens: a name
/// may hold `/`, `.` and `-`, `#` starts a comment only at a word's start, and the first word
/// of a command is the command (coloured as a function). Here-documents (`<<EOF … EOF`) are
/// strings up to their terminator line.
struct ShellScanner {
    private typealias B = ByteClass
    private let s: UnsafeBufferPointer<UInt8>
    private let out: HighlightWriter
    private let end: Int
    private var i: Int
    private var commandPosition = true
    /// Here-documents opened on the current line: (terminator range, strip leading tabs).
    private var heredocs: [(Range<Int>, Bool)] = []
    /// Open `"…"` strings waiting for a `$(…)` inside them to close, with its paren depth.
    private var frames: [Int] = []

    static let words = WordTable(
        [
            (
                .keyword,
                "if then else elif fi for while until do done case esac in function select return local export readonly declare typeset unset shift exit break continue source alias set eval exec trap time coproc"
            ),
            (
                .function,
                "echo printf cd pwd test read mkdir rm cp mv ls cat grep sed awk find sort uniq head tail cut tr xargs chmod chown curl wget git sudo tar make"
            ),
        ], functionIntroducers: "function")

    private static let commandKeywords = WordTable([(.keyword, "if then else elif do while until time ! { sudo exec")])

    init(_ out: HighlightWriter, from start: Int, to end: Int) {
        self.out = out
        self.s = out.text
        self.i = start
        self.end = end
    }

    static func scan(_ out: HighlightWriter, from start: Int, to end: Int, continuing: Bool = false) {
        var scanner = ShellScanner(out, from: start, to: end)
        scanner.commandPosition = !continuing
        scanner.run()
    }

    /// A console session: lines starting with a prompt (`$ `, `% `, `user@host:~$ `) are
    /// commands, with the prompt as meta; other lines are output, left plain. A command ending
    /// in `\` goes on on the next line.
    static func scanConsole(_ out: HighlightWriter, from start: Int, to end: Int) {
        let s = out.text
        var line = start
        var continued = false
        while line < end {
            let lineEnd = s.lineEnd(from: line, end)
            var commandStart: Int? = continued ? line : nil
            if !continued, let promptEnd = prompt(s, line, lineEnd) {
                out.token(.meta, line, promptEnd - 1)
                commandStart = promptEnd
            }
            if let commandStart {
                scan(out, from: commandStart, to: lineEnd, continuing: continued)
                var last = lineEnd - 1
                while last > commandStart && B.isSpace(s[last]) { last -= 1 }
                continued = last >= commandStart && s[last] == UInt8(ascii: "\\")
            } else {
                continued = false
            }
            line = lineEnd + 1
        }
    }

    /// The index after a prompt and its space, if the line starts with one: up to 64 bytes without
    /// spaces ending in `$`, `%`, `#` or `>`, then a space.
    private static func prompt(_ s: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Int? {
        var j = start
        while j < end && j - start < 64 && !B.isSpace(s[j]) { j += 1 }
        guard j > start, j < end, s[j] == 0x20 else { return nil }
        let last = s[j - 1]
        let isPrompt =
            last == UInt8(ascii: "$") || last == UInt8(ascii: "%") || last == UInt8(ascii: ">")
            || (last == UInt8(ascii: "#") && j - start > 1)
        return isPrompt ? j + 1 : nil
    }

    private static func isWordByte(_ b: UInt8) -> Bool {
        switch b {
        case 0x20, 0x09, 0x0A, 0x0D, UInt8(ascii: ";"), UInt8(ascii: "|"), UInt8(ascii: "&"), UInt8(ascii: "("),
            UInt8(ascii: ")"), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "\""), UInt8(ascii: "'"),
            UInt8(ascii: "`"), UInt8(ascii: "$"):
            false
        default: true
        }
    }

    mutating func run() {
        if s.has("#!", at: i, end) {
            let stop = s.lineEnd(from: i, end)
            out.token(.meta, i, stop)
            i = stop
        }
        while i < end {
            let c = s[i]
            switch c {
            case 0x0A:
                i += 1
                commandPosition = true
                if !heredocs.isEmpty { heredocBodies() }
            case 0x20, 0x09, 0x0D:
                i += 1
            case UInt8(ascii: "#"):
                let stop = s.lineEnd(from: i, end)
                out.token(.comment, i, stop)
                i = stop
            case UInt8(ascii: "'"):
                let start = i
                i += 1
                while i < end && s[i] != UInt8(ascii: "'") { i += 1 }
                i = Swift.min(i + 1, end)
                out.token(.string, start, i)
                commandPosition = false
            case UInt8(ascii: "\""):
                i += 1
                commandPosition = false
                doubleQuoted(from: i - 1)
            case UInt8(ascii: "`"):
                let start = i
                i += 1
                while i < end && s[i] != UInt8(ascii: "`") { i += s[i] == UInt8(ascii: "\\") ? 2 : 1 }
                i = Swift.min(i + 1, end)
                out.token(.string, start, i)
            case UInt8(ascii: "$"):
                dollar()
            case UInt8(ascii: ")") where !frames.isEmpty:
                if frames[frames.count - 1] == 0 {
                    frames.removeLast()
                    i += 1
                    doubleQuoted(from: i)
                } else {
                    frames[frames.count - 1] -= 1
                    i += 1
                }
            case UInt8(ascii: "<") where s.at(i + 1, end) == UInt8(ascii: "<") && s.at(i + 2, end) != UInt8(ascii: "<"):
                heredocStart()
            case UInt8(ascii: ";"), UInt8(ascii: "|"), UInt8(ascii: "&"), UInt8(ascii: "("), UInt8(ascii: "{"):
                if c == UInt8(ascii: "("), !frames.isEmpty { frames[frames.count - 1] += 1 }
                i += 1
                commandPosition = true
            case UInt8(ascii: "\\"):
                i = Swift.min(i + 2, end)
            default:
                if Self.isWordByte(c) { word() } else { i += 1 }
            }
        }
    }

    private mutating func word() {
        let start = i
        var allDigits = true
        var equals: Int?
        while i < end && Self.isWordByte(s[i]) {
            let b = s[i]
            if b == UInt8(ascii: "\\") { i += 2; allDigits = false; continue }
            if b == UInt8(ascii: "=") && equals == nil { equals = i }
            if !B.isDigit(b) { allDigits = false }
            i += 1
        }
        i = Swift.min(i, end)
        if allDigits {
            out.token(.number, start, i)
            commandPosition = false
            return
        }
        if commandPosition, let equals, equals > start, (start..<equals).allSatisfy({ B.isIdentifier(s[$0]) }) {
            out.token(.attribute, start, equals)  // NAME=value before a command
            return
        }
        let entry = Self.words.lookup(s, start, i)
        if let entry, entry.kind == .keyword {
            out.token(.keyword, start, i)
            commandPosition = Self.commandKeywords.lookup(s, start, i) != nil
            return
        }
        if commandPosition {
            out.token(.function, start, i)
            commandPosition = false
        }
    }

    /// `$name`, `$1`, `$?`, `${…}`, `$(…)`, `$((…))`, `$'…'`.
    private mutating func dollar() {
        let start = i
        let next = s.at(i + 1, end)
        if next == UInt8(ascii: "{") {
            let stop = s.lineEnd(from: i, end)
            var j = i + 2
            while j < stop && s[j] != UInt8(ascii: "}") { j += 1 }
            i = Swift.min(j + 1, stop)
            out.token(.attribute, start, i)
        } else if B.isIdentifierStart(next) {
            i += 1
            while i < end && B.isIdentifier(s[i]) { i += 1 }
            out.token(.attribute, start, i)
        } else if B.isDigit(next) || "?@#*!$-".utf8.contains(next) {
            i += 2
            out.token(.attribute, start, i)
        } else if next == UInt8(ascii: "'") {
            i += 2
            while i < end && s[i] != UInt8(ascii: "'") { i += s[i] == UInt8(ascii: "\\") ? 2 : 1 }
            i = Swift.min(i + 1, end)
            out.token(.string, start, i)
        } else if next == UInt8(ascii: "(") {
            i += 2
            if !frames.isEmpty { frames[frames.count - 1] += 1 }
            commandPosition = true
            return
        } else {
            i += 1
        }
        commandPosition = false
    }

    /// A `"…"` body from `i`: `$name` and `${…}` inside are variables, `$(…)` is code.
    private mutating func doubleQuoted(from tokenStart: Int) {
        var tokenStart = tokenStart
        while i < end {
            let c = s[i]
            if c == UInt8(ascii: "\\") { i += 2; continue }
            if c == UInt8(ascii: "\"") {
                i += 1
                out.token(.string, tokenStart, i)
                return
            }
            if c == UInt8(ascii: "$") {
                let next = s.at(i + 1, end)
                if next == UInt8(ascii: "(") {
                    out.token(.string, tokenStart, i)
                    i += 2
                    frames.append(0)
                    commandPosition = true
                    return
                }
                if next == UInt8(ascii: "{") || B.isIdentifierStart(next) || B.isDigit(next) {
                    out.token(.string, tokenStart, i)
                    dollar()
                    tokenStart = i
                    continue
                }
            }
            i += 1
        }
        i = Swift.min(i, end)
        out.token(.string, tokenStart, i)
    }

    /// `<<EOF`, `<<-EOF`, `<<'EOF'`, `<<"EOF"`: remembers the terminator; the body starts on the
    /// next line.
    private mutating func heredocStart() {
        let start = i
        i += 2
        let strip = s.at(i, end) == UInt8(ascii: "-")
        if strip { i += 1 }
        while i < end && B.isSpace(s[i]) { i += 1 }
        let quote = s.at(i, end)
        let quoted = quote == UInt8(ascii: "'") || quote == UInt8(ascii: "\"")
        if quoted { i += 1 }
        let wordStart = i
        while i < end && (B.isIdentifier(s[i]) || s[i] == UInt8(ascii: "-") || s[i] == UInt8(ascii: ".")) { i += 1 }
        let wordEnd = i
        if quoted && s.at(i, end) == quote { i += 1 }
        guard wordEnd > wordStart else {
            i = start + 2
            return
        }
        out.token(.meta, start, i)
        heredocs.append((wordStart..<wordEnd, strip))
    }

    /// At the start of the line after here-document openers: each body in turn, to its terminator.
    private mutating func heredocBodies() {
        for (terminator, strip) in heredocs {
            let bodyStart = i
            while i < end {
                let lineEnd = s.lineEnd(from: i, end)
                var j = i
                if strip { while j < lineEnd && s[j] == 0x09 { j += 1 } }
                let length = terminator.count
                if lineEnd - j == length && (0..<length).allSatisfy({ s[j + $0] == s[terminator.lowerBound + $0] }) {
                    out.token(.string, bodyStart, i)
                    out.token(.meta, j, lineEnd)
                    i = lineEnd
                    break
                }
                i = lineEnd < end ? lineEnd + 1 : end
            }
            if i >= end { out.token(.string, bodyStart, end) }
        }
        heredocs.removeAll()
    }
}
