import ChatModel

/// Terminal output as HTML: SGR colour and style escapes become `<span>`s with classes the
/// stylesheet maps onto theme colours (`cr-ansi-f1` red text, `cr-ansi-g2` green background,
/// `cr-ansi-b` bold …); every other escape sequence (cursor moves, OSC titles and links, charset
/// switches) is removed, and a line rewritten with `\r` (a progress bar) keeps only what it
/// finally showed. No ESC byte or other control character reaches the page.
///
/// One pass over the UTF-8 bytes, so a megabyte of escapes costs what a megabyte of text does.
package enum AnsiText {
    /// The output as lines of markup, without line breaks; spans never cross a line, so any run of
    /// lines stands alone (a preview of the first lines, the rest behind "Show all").
    package static func lines(_ text: String) -> [HTML] {
        var text = text
        return text.withUTF8 { bytes in
            var parser = Parser(bytes: bytes)
            return parser.run()
        }
    }

    /// The output as one block of markup, lines joined with `\n` (for a `<pre>`).
    package static func render(_ text: String) -> HTML {
        join(lines(text))
    }

    /// Lines joined with `\n`.
    package static func join(_ lines: [HTML]) -> HTML {
        var html = HTML()
        html.reserveCapacity(lines.reduce(0) { $0 + $1.byteCount + 1 })
        for (i, line) in lines.enumerated() {
            if i > 0 { html.append("\n") }
            html.append(line)
        }
        return html
    }

    /// The look of a run of text.
    struct Style: Equatable {
        var bold = false, dim = false, italic = false, underline = false, strike = false
        /// Basic colour 0…15, or nil for the default.
        var foreground: Int? = nil
        var background: Int? = nil

        var isPlain: Bool { self == Style() }

        /// `cr-ansi-b cr-ansi-f1 …`: class names made only from literals and small numbers.
        var classes: HTML {
            var names: [HTML] = []
            if bold { names.append("cr-ansi-b") }
            if dim { names.append("cr-ansi-d") }
            if italic { names.append("cr-ansi-i") }
            if underline { names.append("cr-ansi-u") }
            if strike { names.append("cr-ansi-s") }
            if let foreground { names.append("cr-ansi-f\(foreground)") }
            if let background { names.append("cr-ansi-g\(background)") }
            var html = HTML()
            for (i, name) in names.enumerated() {
                if i > 0 { html.append(" ") }
                html.append(name)
            }
            return html
        }
    }

    /// The xterm palette of the 16 basic colours, for mapping 256-colour and truecolor escapes
    /// onto the nearest of them.
    static let palette: [(Int, Int, Int)] = [
        (0, 0, 0), (205, 0, 0), (0, 205, 0), (205, 205, 0), (0, 0, 238), (205, 0, 205), (0, 205, 205), (229, 229, 229),
        (127, 127, 127), (255, 0, 0), (0, 255, 0), (255, 255, 0), (92, 92, 255), (255, 0, 255), (0, 255, 255), (255, 255, 255),
    ]

    /// The basic colour nearest to an RGB colour.
    static func nearest(_ r: Int, _ g: Int, _ b: Int) -> Int {
        var best = 0, bestDistance = Int.max
        for (i, c) in palette.enumerated() {
            let distance = (c.0 - r) * (c.0 - r) + (c.1 - g) * (c.1 - g) + (c.2 - b) * (c.2 - b)
            if distance < bestDistance { best = i; bestDistance = distance }
        }
        return best
    }

    /// The basic colour for one of the 256 xterm colours.
    static func basic(fromIndexed n: Int) -> Int? {
        switch n {
        case 0..<16: return n
        case 16..<232:
            let levels = [0, 95, 135, 175, 215, 255]
            let i = n - 16
            return nearest(levels[i / 36], levels[(i / 6) % 6], levels[i % 6])
        case 232..<256:
            let grey = 8 + (n - 232) * 10
            return nearest(grey, grey, grey)
        default: return nil
        }
    }

    private struct Parser {
        let bytes: UnsafeBufferPointer<UInt8>
        var style = Style()
        var lines: [HTML] = []
        var line = HTML()
        /// Whether `line` has a `<span>` open for `style`.
        var spanOpen = false
        /// Whether a `\r` has been seen on this line with nothing written after it yet.
        var pendingReturn = false

        init(bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

        mutating func run() -> [HTML] {
            let end = bytes.count
            var i = 0
            var runStart = 0
            while i < end {
                let byte = bytes[i]
                // Printable ASCII, tabs and UTF-8 (C1 controls, U+0080…U+009F, are handled below).
                if (byte >= 0x20 && byte != 0x7F && byte != 0xC2) || byte == 0x09 {
                    i += 1
                    continue
                }
                if byte == 0xC2, i + 1 < end, bytes[i + 1] >= 0xA0 {
                    i += 1  // U+00A0…U+00BF: text
                    continue
                }
                flush(runStart, i)
                switch byte {
                case 0x0A:
                    endLine()
                    i += 1
                case 0x0D:
                    // "\r\n" is a line end; a "\r" followed by more text rewrites the line.
                    pendingReturn = true
                    i += 1
                case 0x1B:
                    i = escape(at: i)
                case 0xC2:
                    // A C1 control: CSI (U+009B) starts a control sequence; the rest are dropped.
                    if i + 1 < end, bytes[i + 1] == 0x9B { i = controlSequence(from: i + 2) } else { i += 2 }
                default:
                    i += 1  // other C0 controls and DEL
                }
                runStart = i
            }
            flush(runStart, end)
            if !line.isEmpty || lines.isEmpty { endLine() }
            return lines
        }

        /// Writes `bytes[start..<end]` as text in the current style.
        mutating func flush(_ start: Int, _ end: Int) {
            guard start < end else { return }
            if pendingReturn {
                // A carriage return followed by text: what the line showed so far is overwritten.
                line = HTML()
                spanOpen = false
                pendingReturn = false
            }
            if !spanOpen && !style.isPlain {
                line.append("<span class=\"\(style.classes)\">")
                spanOpen = true
            }
            line.appendContent(bytes, start, end, lineBreaks: false)
        }

        mutating func endLine() {
            if spanOpen { line.append("</span>") }
            spanOpen = false
            pendingReturn = false
            lines.append(line)
            line = HTML()
        }

        mutating func setStyle(_ new: Style) {
            guard new != style else { return }
            if spanOpen { line.append("</span>") }
            spanOpen = false
            style = new
        }

        /// Skips the escape sequence at `start` (an ESC), applying it if it is SGR; returns the
        /// index after it. A lone or unfinished escape is dropped with what it had read.
        mutating func escape(at start: Int) -> Int {
            let end = bytes.count
            guard start + 1 < end else { return end }
            let next = bytes[start + 1]
            switch next {
            case UInt8(ascii: "["):
                return controlSequence(from: start + 2)
            case UInt8(ascii: "]"), UInt8(ascii: "P"), UInt8(ascii: "X"), UInt8(ascii: "^"), UInt8(ascii: "_"):
                // OSC (titles, hyperlinks), DCS, SOS, PM, APC: a string up to BEL or ESC \. The
                // link text of an OSC 8 hyperlink is outside the sequence, so it stays. A string
                // left open ends at the line's end rather than swallowing the rest of the output.
                var i = start + 2
                while i < end {
                    let byte = bytes[i]
                    if byte == 0x07 { return i + 1 }
                    if byte == 0x1B { return i + 1 < end && bytes[i + 1] == UInt8(ascii: "\\") ? i + 2 : i + 1 }
                    if byte == 0x0A { return i }
                    i += 1
                }
                return end
            case UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: "#"), UInt8(ascii: "%"):
                // Charset designations and the like: ESC, an intermediate, a final byte.
                return min(end, start + 3)
            default:
                // ESC 7, ESC 8, ESC =, ESC c … : two bytes. A control character after ESC is not
                // eaten with it (ESC then a line break keeps the line break).
                return next < 0x20 ? start + 1 : start + 2
            }
        }

        /// Reads a control sequence's parameters from `start` (after `ESC [`) up to its final byte;
        /// SGR (`m`) changes the style, anything else is dropped. Stops, dropping what it read, at a
        /// byte that cannot be in a sequence.
        mutating func controlSequence(from start: Int) -> Int {
            let end = bytes.count
            var i = start
            while i < end {
                let byte = bytes[i]
                if byte >= 0x40 && byte <= 0x7E {
                    if byte == UInt8(ascii: "m") { applySGR(start, i) }
                    return i + 1
                }
                // Parameter bytes 0x30–0x3F and intermediates 0x20–0x2F; anything else ends it.
                guard byte >= 0x20 && byte <= 0x3F else { return i }
                i += 1
            }
            return end
        }

        /// Applies `ESC [ params m`: parameters separated by `;`, sub-parameters by `:`.
        mutating func applySGR(_ start: Int, _ end: Int) {
            // Private sequences (`ESC [ ? … m`, `ESC [ > … m`) are not SGR.
            if start < end, bytes[start] >= 0x3C { return }
            var groups: [[Int]] = [[]]
            var number = -1
            for i in start..<end {
                let byte = bytes[i]
                if byte >= 0x30 && byte <= 0x39 {
                    number = min(max(number, 0) * 10 + Int(byte - 0x30), 100_000)
                } else if byte == UInt8(ascii: ":") {
                    groups[groups.count - 1].append(max(number, 0)); number = -1
                } else if byte == UInt8(ascii: ";") {
                    groups[groups.count - 1].append(max(number, 0)); number = -1
                    groups.append([])
                } else {
                    return  // intermediates: not a plain SGR
                }
            }
            groups[groups.count - 1].append(max(number, 0))
            var s = style
            var g = 0
            while g < groups.count {
                let group = groups[g]
                let code = group[0]
                switch code {
                case 0: s = Style()
                case 1: s.bold = true
                case 2: s.dim = true
                case 3: s.italic = true
                case 4: s.underline = group.count < 2 || group[1] != 0
                case 9: s.strike = true
                case 21: s.underline = true
                case 22: s.bold = false; s.dim = false
                case 23: s.italic = false
                case 24: s.underline = false
                case 29: s.strike = false
                case 30...37: s.foreground = code - 30
                case 39: s.foreground = nil
                case 40...47: s.background = code - 40
                case 49: s.background = nil
                case 90...97: s.foreground = code - 90 + 8
                case 100...107: s.background = code - 100 + 8
                case 38, 48:
                    // Either `38;5;n` / `38;2;r;g;b` across groups, or `38:5:n` / `38:2::r:g:b` in one.
                    var values = Array(group.dropFirst())
                    if values.isEmpty {
                        let kind = g + 1 < groups.count ? groups[g + 1][0] : -1
                        let needed = kind == 5 ? 1 : kind == 2 ? 3 : 0
                        values = [kind]
                        for k in 0..<needed where g + 2 + k < groups.count { values.append(groups[g + 2 + k][0]) }
                        g += 1 + needed
                    } else if values.first == 2 && values.count >= 5 {
                        values = [2] + values.suffix(3)  // `38:2:colourspace:r:g:b`
                    }
                    var colour: Int? = nil
                    if values.first == 5, values.count >= 2 { colour = AnsiText.basic(fromIndexed: values[1]) }
                    if values.first == 2, values.count >= 4 {
                        colour = AnsiText.nearest(min(values[1], 255), min(values[2], 255), min(values[3], 255))
                    }
                    if code == 38 { s.foreground = colour } else { s.background = colour }
                default: break  // blink, inverse, conceal, fonts …: not shown
                }
                g += 1
            }
            setStyle(s)
        }
    }
}
