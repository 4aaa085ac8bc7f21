/// Reads a TeX formula into ``MathNode``s: a recursive-descent reading of the math of LaTeX,
/// amsmath and amssymb that language models write. Anything it does not know is a
/// ``TeXMath/Failure`` naming it, never a guess.
///
/// Hostile input is bounded: the formula's length (``maxLength``), how deeply groups, arguments
/// and environments nest (``maxDepth``, so the recursion cannot exhaust the stack), and each
/// character is read a bounded number of times (the one re-reading, of `\text` and `\sqrt[…]`
/// contents, is itself under the depth limit).
struct TeXParser {
    static let maxLength = 20_000
    static let maxDepth = 40

    private let scalars: [Unicode.Scalar]
    private var position = 0
    private var depth: Int
    private var font: Font = .normal
    /// `\tag{…}`: the equation's label, set at the end of the formula.
    private(set) var tag: String? = nil

    fileprivate enum Font { case normal, roman, bold, italic, boldItalic, doubleStruck, script, fraktur, sansSerif, monospace }

    /// How an atom takes `_` and `^`.
    private enum Limits { case side, underOver, integral, over, under }

    private struct Atom {
        var node: MathNode
        var limits: Limits = .side
        /// `\sin`, `\lim`: a function name, applied to what follows.
        var isFunction = false
        var opensFence = false
    }

    init(_ scalars: [Unicode.Scalar], depth: Int = 0) {
        self.scalars = scalars
        self.depth = depth
    }

    static func fail(_ reason: String) -> TeXMath.Failure { TeXMath.Failure(reason: reason) }

    /// The whole formula. Top-level `\\` and `&` (a multi-line formula written without an
    /// environment) make a table, as `aligned` would.
    mutating func parseFormula() throws(TeXMath.Failure) -> MathNode {
        let rows = try parseTableBody(environment: nil)
        if rows.count == 1 && rows[0].count == 1 { return rows[0][0] }
        let columns = (rows.map(\.count).max() ?? 1) > 1 ? Self.alignedColumns(rows) : [MathColumn.center]
        return .table(rows: rows, columns: columns, display: true)
    }

    private static func alignedColumns(_ rows: [[MathNode]]) -> [MathColumn] {
        let count = rows.map(\.count).max() ?? 1
        return (0..<count).map { $0 % 2 == 0 ? .right : .left }
    }

    // MARK: reading characters

    private var atEnd: Bool { position >= scalars.count }
    private var current: Unicode.Scalar? { position < scalars.count ? scalars[position] : nil }

    private mutating func skipSpaces() {
        while let c = current {
            if c.properties.isWhitespace {
                position += 1
            } else if c == "%" {  // a comment runs to the end of the line
                while let d = current, d != "\n" { position += 1 }
            } else {
                break
            }
        }
    }

    private static func isLetter(_ c: Unicode.Scalar) -> Bool { (c >= "a" && c <= "z") || (c >= "A" && c <= "Z") }

    /// The name of the command at the position (after its backslash), without moving.
    private func peekCommand() -> (name: String, end: Int)? {
        guard current == "\\", position + 1 < scalars.count else { return nil }
        var end = position + 1
        if Self.isLetter(scalars[end]) {
            while end < scalars.count && Self.isLetter(scalars[end]) { end += 1 }
        } else {
            end += 1
        }
        var name = ""
        name.unicodeScalars.append(contentsOf: scalars[(position + 1)..<end])
        return (name, end)
    }

    private mutating func enter() throws(TeXMath.Failure) {
        depth += 1
        if depth > Self.maxDepth { throw Self.fail("nested more than \(Self.maxDepth) deep") }
    }

    private mutating func leave() { depth -= 1 }

    /// The contents of a `{…}` group as written, or the next single character or command.
    private mutating func readRaw() throws(TeXMath.Failure) -> ArraySlice<Unicode.Scalar> {
        skipSpaces()
        guard let c = current else { throw Self.fail("missing argument") }
        if c == "{" {
            let start = position + 1
            var level = 0
            while let d = current {
                if d == "\\" { position += 2; continue }
                if d == "{" { level += 1 }
                if d == "}" {
                    level -= 1
                    if level == 0 {
                        position += 1
                        return scalars[start..<(position - 1)]
                    }
                }
                position += 1
            }
            throw Self.fail("unbalanced braces")
        }
        if let command = peekCommand() {
            defer { position = command.end }
            return scalars[position..<command.end]
        }
        position += 1
        return scalars[(position - 1)..<position]
    }

    private mutating func readRawString() throws(TeXMath.Failure) -> String {
        var text = ""
        text.unicodeScalars.append(contentsOf: try readRaw())
        return text
    }

    /// An optional `[…]` argument, as written.
    private mutating func readOptional() -> ArraySlice<Unicode.Scalar>? {
        skipSpaces()
        guard current == "[" else { return nil }
        let start = position + 1
        var level = 0
        var end = start
        while end < scalars.count {
            let d = scalars[end]
            if d == "\\" { end += 2; continue }
            if d == "{" { level += 1 }
            if d == "}" { level -= 1 }
            if d == "]" && level == 0 {
                position = end + 1
                return scalars[start..<end]
            }
            end += 1
        }
        return nil  // no closing bracket: the `[` is an ordinary character
    }

    /// Reads `text` as a formula of its own, one level deeper.
    private func parseNested(_ text: ArraySlice<Unicode.Scalar>, font: Font) throws(TeXMath.Failure) -> MathNode {
        var parser = TeXParser(Array(text), depth: depth + 1)
        if parser.depth > Self.maxDepth { throw Self.fail("nested more than \(Self.maxDepth) deep") }
        parser.font = font
        let rows = try parser.parseTableBody(environment: nil)
        guard rows.count == 1 && rows[0].count == 1 else { throw Self.fail("a line break or & out of place") }
        return rows[0][0]
    }

    // MARK: rows

    /// Atoms up to the end, `}`, `&`, `\\`, `\end` or `\right`, which are left for the caller.
    private mutating func parseRow() throws(TeXMath.Failure) -> MathNode {
        var atoms: [Atom] = []
        while true {
            skipSpaces()
            guard let c = current, c != "}", c != "&" else { break }
            if let command = peekCommand() {
                switch command.name {
                case "\\", "end", "right", "cr", "newline": return Self.assemble(atoms)
                case "displaystyle", "textstyle", "scriptstyle", "scriptscriptstyle":
                    position = command.end
                    let rest = try parseRow()
                    atoms.append(Atom(node: .style(display: command.name == "displaystyle", rest)))
                    return Self.assemble(atoms)
                case "over":
                    position = command.end
                    let numerator = Self.assemble(atoms)
                    let denominator = try parseRow()
                    return .fraction(numerator, denominator, noLine: false)
                case "color":
                    position = command.end
                    _ = try readRaw()
                    continue
                case "tag":
                    position = command.end
                    skipSpaces()
                    if current == "*" { position += 1 }
                    tag = try readRawString()
                    continue
                case "label":
                    position = command.end
                    _ = try readRaw()
                    continue
                case "nonumber", "notag", "limits", "nolimits", "relax", "allowbreak", "nobreak", "strut", "mathstrut":
                    position = command.end
                    continue
                default: break
                }
            }
            guard var atom = try parseAtom() else { continue }
            try parseScripts(&atom)
            atoms.append(atom)
        }
        return Self.assemble(atoms)
    }

    /// The atoms as one node, with the invisible function application after each function name
    /// (and TeX's thin space after it, unless an opening delimiter follows).
    private static func assemble(_ atoms: [Atom]) -> MathNode {
        var nodes: [MathNode] = []
        nodes.reserveCapacity(atoms.count)
        for (index, atom) in atoms.enumerated() {
            nodes.append(atom.node)
            if atom.isFunction && index + 1 < atoms.count {
                let next = atoms[index + 1]
                if next.opensFence {
                    nodes.append(.operator("\u{2061}", MathOperator()))
                } else {
                    nodes.append(.operator("\u{2061}", MathOperator(rspace: "0.1667em")))
                }
            }
        }
        return nodes.count == 1 ? nodes[0] : .row(nodes)
    }

    /// Rows of cells up to `\end{environment}` (or the end, for the formula itself).
    private mutating func parseTableBody(environment: String?) throws(TeXMath.Failure) -> [[MathNode]] {
        var rows: [[MathNode]] = [[]]
        while true {
            let cell = try parseRow()
            rows[rows.count - 1].append(cell)
            skipSpaces()
            guard let c = current else {
                if let environment { throw Self.fail("missing \\end{\(environment)}") }
                break
            }
            if c == "&" {
                position += 1
                continue
            }
            if c == "}" { throw Self.fail("unbalanced braces") }
            guard let command = peekCommand() else { throw Self.fail("unexpected \(c)") }
            position = command.end
            switch command.name {
            case "\\", "cr", "newline":
                _ = readOptional()  // \\[4pt]: extra space, not shown
                rows.append([])
            case "end":
                let name = try readRawString()
                guard name == environment else { throw Self.fail("\\end{\(name)} does not close \(environment.map { "\\begin{\($0)}" } ?? "anything")") }
                if let last = rows.last, last.count == 1, last[0] == .row([]) { rows.removeLast() }  // a final \\
                return rows
            default:
                throw Self.fail("\\\(command.name) out of place")
            }
        }
        if rows.count > 1, let last = rows.last, last.count == 1, last[0] == .row([]) { rows.removeLast() }
        return rows
    }

    // MARK: scripts

    private mutating func parseScripts(_ atom: inout Atom) throws(TeXMath.Failure) {
        var sub: MathNode? = nil
        var sup: MathNode? = nil
        var primes = 0
        var limits: Bool? = nil
        while true {
            skipSpaces()
            guard let c = current else { break }
            if c == "^" {
                if sup != nil { throw Self.fail("double superscript") }
                position += 1
                sup = try parseArgument()
            } else if c == "_" {
                if sub != nil { throw Self.fail("double subscript") }
                position += 1
                sub = try parseArgument()
            } else if c == "'" && sup == nil {
                primes += 1
                position += 1
            } else if let command = peekCommand(), command.name == "limits" || command.name == "nolimits" {
                limits = command.name == "limits"
                position = command.end
            } else {
                break
            }
        }
        if primes > 0 {
            let mark = primes <= 4 ? ["′", "″", "‴", "⁗"][primes - 1] : String(repeating: "′", count: primes)
            let prime = MathNode.operator(mark, MathOperator())
            if let existing = sup { sup = .row([prime, existing]) } else { sup = prime }
        }
        guard sub != nil || sup != nil else { return }
        var placement = atom.limits
        if let limits {
            if limits {
                placement = .underOver
                atom.node = Self.fixLimits(atom.node)
            } else if placement == .underOver {
                placement = .side
            }
        }
        let base = atom.node
        switch (placement, sub, sup) {
        case (.underOver, let sub?, let sup?): atom.node = .underOver(base, sub, sup)
        case (.underOver, let sub?, nil): atom.node = .under(base, sub, accent: false)
        case (.underOver, nil, let sup?): atom.node = .over(base, sup, accent: false)
        case (.over, let sub, let sup?):
            atom.node = .over(base, sup, accent: false)
            if let sub { atom.node = .sub(atom.node, sub) }
        case (.under, let sub?, let sup):
            atom.node = .under(base, sub, accent: false)
            if let sup { atom.node = .sup(atom.node, sup) }
        case (_, let sub?, let sup?): atom.node = .subSup(base, sub, sup)
        case (_, let sub?, nil): atom.node = .sub(base, sub)
        case (_, nil, let sup?): atom.node = .sup(base, sup)
        default: break
        }
        atom.limits = .side
    }

    /// `\limits`: the operator keeps its limits under and over, inline too.
    private static func fixLimits(_ node: MathNode) -> MathNode {
        if case .operator(let character, var attributes) = node {
            attributes.movableLimits = false
            return .operator(character, attributes)
        }
        return node
    }

    /// A command's argument or a script: a group, or the next single character or command.
    private mutating func parseArgument() throws(TeXMath.Failure) -> MathNode {
        skipSpaces()
        guard let c = current else { throw Self.fail("missing argument") }
        try enter()
        defer { leave() }
        if c == "{" {
            position += 1
            let row = try parseRow()
            guard current == "}" else { throw Self.fail(atEnd ? "unbalanced braces" : "a line break or & out of place") }
            position += 1
            return row
        }
        if c == "}" || c == "&" || c == "^" || c == "_" { throw Self.fail("missing argument") }
        guard let atom = try parseAtom(single: true) else { throw Self.fail("missing argument") }
        return atom.node
    }

    private mutating func parseFontArgument(_ newFont: Font) throws(TeXMath.Failure) -> MathNode {
        let saved = font
        font = newFont
        defer { font = saved }
        return try parseArgument()
    }

    // MARK: atoms

    /// One atom: a character, a group or a command with its arguments. nil for commands that
    /// make nothing. `single` reads one digit, not a whole number (`\frac12`).
    private mutating func parseAtom(single: Bool = false) throws(TeXMath.Failure) -> Atom? {
        guard let c = current else { return nil }
        if c == "\\" { return try parseCommand() }
        position += 1
        switch c {
        case "{":
            try enter()
            defer { leave() }
            let row = try parseRow()
            guard current == "}" else { throw Self.fail(atEnd ? "unbalanced braces" : "a line break or & out of place") }
            position += 1
            return Atom(node: row)
        case "}": throw Self.fail("unbalanced braces")
        case "^", "_":  // a script with nothing before it
            position -= 1
            return Atom(node: .row([]))
        case "$": throw Self.fail("a $ inside the formula")
        case "#": throw Self.fail("macro parameters (#) are not supported")
        case "'": return Atom(node: .operator("′", MathOperator()))
        case "~": return Atom(node: .space(width: "0.3333em"))
        case "(", "[": return Atom(node: .operator(String(c), MathOperator(stretchy: false)), opensFence: true)
        case ")", "]": return Atom(node: .operator(String(c), MathOperator(stretchy: false)))
        // A bare | is ordinary in TeX (|x|); the dictionary would space it as a relation.
        case "|": return Atom(node: .operator("|", MathOperator(stretchy: false, lspace: "0", rspace: "0")))
        case "-": return Atom(node: .operator("−", MathOperator()))
        case "*": return Atom(node: .operator("∗", MathOperator()))
        default: break
        }
        if c >= "0" && c <= "9" {
            var digits = String(mapped(c))
            guard !single else { return Atom(node: .number(digits)) }
            while let d = current {
                if d >= "0" && d <= "9" {
                    digits.unicodeScalars.append(contentsOf: mapped(d).unicodeScalars)
                    position += 1
                } else if d == ".", position + 1 < scalars.count, scalars[position + 1] >= "0" && scalars[position + 1] <= "9" {
                    digits.append(".")
                    position += 1
                } else {
                    break
                }
            }
            return Atom(node: .number(digits))
        }
        if Self.isLetter(c) {
            if font == .roman && !single {
                // \mathrm{max}: one upright name, not three letters.
                var name = String(c)
                while let d = current, Self.isLetter(d) {
                    name.unicodeScalars.append(d)
                    position += 1
                }
                return Atom(node: .identifier(name, upright: true))
            }
            return Atom(node: .identifier(mapped(c), upright: font == .roman))
        }
        if c.value < 0x80 { return Atom(node: .operator(String(c), MathOperator())) }
        if c.properties.isAlphabetic { return Atom(node: .identifier(String(c), upright: font == .roman)) }
        if c.properties.numericType != nil { return Atom(node: .number(String(c))) }
        if c.properties.isWhitespace { return nil }
        return Atom(node: .operator(String(c), MathOperator()))
    }

    private mutating func parseCommand() throws(TeXMath.Failure) -> Atom? {
        guard let command = peekCommand() else { throw Self.fail("a lone backslash") }
        position = command.end
        let name = command.name
        if let (character, isOperator) = TeXSymbols.escapedCharacters[name] {
            if character == "{" { return Atom(node: .operator("{", MathOperator(stretchy: false)), opensFence: true) }
            if character == "}" { return Atom(node: .operator("}", MathOperator(stretchy: false))) }
            return Atom(node: isOperator ? .operator(character, MathOperator()) : .text(character))
        }
        if let character = TeXSymbols.identifiers[name] {
            let upright = font == .roman || character.unicodeScalars.first.map { ($0.value >= 0x391 && $0.value <= 0x3A9) || $0 == "∇" } ?? false
            return Atom(node: .identifier(mappedGreek(character), upright: upright))
        }
        if let character = TeXSymbols.operators[name] { return Atom(node: .operator(character, MathOperator())) }
        if let character = TeXSymbols.largeOperators[name] { return Atom(node: .operator(character, MathOperator()), limits: .underOver) }
        if let character = TeXSymbols.integrals[name] { return Atom(node: .operator(character, MathOperator()), limits: .integral) }
        if TeXSymbols.functions.contains(name) { return Atom(node: .identifier(name, upright: true), isFunction: true) }
        if let text = TeXSymbols.limitFunctions[name] {
            return Atom(node: .operator(text, MathOperator(movableLimits: true, lspace: "0", rspace: "0")), limits: .underOver, isFunction: true)
        }
        if let width = TeXSymbols.spaces[name] { return Atom(node: .space(width: width)) }
        if let character = TeXSymbols.delimiterCommands[name] {
            let bar = character == "|" || character == "‖"
            return Atom(
                node: .operator(character, MathOperator(stretchy: false, lspace: bar ? "0" : nil, rspace: bar ? "0" : nil)),
                opensFence: ["{", "⟨", "⌊", "⌈", "⟦", "⟮"].contains(character))
        }
        if let accent = TeXSymbols.accents[name] {
            let base = try parseArgument()
            let mark = MathNode.operator(accent.character, MathOperator(stretchy: accent.stretchy))
            let isBrace = name == "overbrace" || name == "overparen" || name == "overbracket"
            return Atom(node: .over(base, mark, accent: !isBrace), limits: isBrace ? .over : .side)
        }
        if let accent = TeXSymbols.underAccents[name] {
            let base = try parseArgument()
            let mark = MathNode.operator(accent.character, MathOperator(stretchy: accent.stretchy))
            let isBrace = name != "underline"
            return Atom(node: .under(base, mark, accent: !isBrace), limits: isBrace ? .under : .side)
        }
        if let size = TeXSymbols.bigSizes[name] {
            let delimiter = try parseDelimiter() ?? ""
            if delimiter.isEmpty { return Atom(node: .space(width: "0.12em")) }  // \big. : only the null delimiter's space
            return Atom(node: .operator(delimiter, MathOperator(stretchy: true, size: size)), opensFence: name.hasSuffix("l"))
        }
        switch name {
        case "frac", "dfrac", "tfrac", "cfrac":
            let numerator = try parseArgument()
            let denominator = try parseArgument()
            let fraction = MathNode.fraction(numerator, denominator, noLine: false)
            switch name {
            case "dfrac", "cfrac": return Atom(node: .style(display: true, fraction))
            case "tfrac": return Atom(node: .style(display: false, fraction))
            default: return Atom(node: fraction)
            }
        case "binom", "dbinom", "tbinom":
            let top = try parseArgument()
            let bottom = try parseArgument()
            let binomial = MathNode.row([
                .operator("(", MathOperator(stretchy: true)), .fraction(top, bottom, noLine: true), .operator(")", MathOperator(stretchy: true)),
            ])
            switch name {
            case "dbinom": return Atom(node: .style(display: true, binomial))
            case "tbinom": return Atom(node: .style(display: false, binomial))
            default: return Atom(node: binomial)
            }
        case "sqrt":
            if let index = readOptional() {
                let indexNode = try parseNested(index, font: font)
                return Atom(node: .root(try parseArgument(), index: indexNode))
            }
            return Atom(node: .squareRoot(try parseArgument()))
        case "left": return try parseLeftRight()
        case "middle":
            let delimiter = try parseDelimiter() ?? ""
            return Atom(node: .operator(delimiter, MathOperator(stretchy: true, lspace: "0.1667em", rspace: "0.1667em")))
        case "begin": return Atom(node: try parseEnvironment())
        case "text", "textrm", "textnormal", "mbox", "hbox", "textup", "textmd":
            return Atom(node: try parseText(font: .normal))
        case "textbf": return Atom(node: try parseText(font: .bold))
        case "textit", "emph", "textsl": return Atom(node: try parseText(font: .italic))
        case "textsf": return Atom(node: try parseText(font: .sansSerif))
        case "texttt": return Atom(node: try parseText(font: .monospace))
        case "mathrm", "rm", "mathup": return Atom(node: try parseFontArgument(.roman))
        case "mathnormal", "mathit", "it": return Atom(node: try parseFontArgument(.italic))
        case "mathbf", "bf", "bold": return Atom(node: try parseFontArgument(.bold))
        case "boldsymbol", "bm", "pmb": return Atom(node: try parseFontArgument(.boldItalic))
        case "mathbb", "Bbb": return Atom(node: try parseFontArgument(.doubleStruck))
        case "mathcal", "mathscr", "cal": return Atom(node: try parseFontArgument(.script))
        case "mathfrak", "frak": return Atom(node: try parseFontArgument(.fraktur))
        case "mathsf", "sf": return Atom(node: try parseFontArgument(.sansSerif))
        case "mathtt", "tt": return Atom(node: try parseFontArgument(.monospace))
        case "operatorname", "mathop", "operatornamewithlimits":
            var withLimits = name != "operatorname"
            skipSpaces()
            if current == "*" {
                position += 1
                withLimits = true
            }
            let raw = try readRaw()
            var plain = ""
            for s in raw where !s.properties.isWhitespace { plain.unicodeScalars.append(s) }
            let isPlainName = !plain.isEmpty && plain.unicodeScalars.allSatisfy { Self.isLetter($0) || ($0 >= "0" && $0 <= "9") || $0 == "-" }
            let node = isPlainName ? MathNode.identifier(plain, upright: true) : try parseNested(raw, font: .roman)
            if withLimits, case .identifier(let text, _) = node {
                return Atom(node: .operator(text, MathOperator(movableLimits: true, lspace: "0", rspace: "0")), limits: .underOver, isFunction: true)
            }
            return Atom(node: node, limits: withLimits ? .underOver : .side, isFunction: true)
        case "textcolor":
            _ = try readRaw()
            return Atom(node: try parseArgument())
        case "colorbox":
            _ = try readRaw()
            return Atom(node: try parseText(font: .normal))
        case "boxed", "fbox": return Atom(node: .boxed(name == "fbox" ? try parseText(font: .normal) : try parseArgument()))
        case "phantom": return Atom(node: .phantom(try parseArgument()))
        case "overset", "stackrel", "underset":
            let script = try parseArgument()
            let base = try parseArgument()
            return Atom(node: name == "underset" ? .under(base, script, accent: false) : .over(base, script, accent: false))
        case "xrightarrow", "xleftarrow", "xRightarrow", "xLeftarrow", "xleftrightarrow", "xLeftrightarrow", "xmapsto":
            var below: MathNode? = nil
            if let optional = readOptional() { below = try parseNested(optional, font: font) }
            let above = try parseArgument()
            let arrow =
                ["xrightarrow": "→", "xleftarrow": "←", "xRightarrow": "⇒", "xLeftarrow": "⇐", "xleftrightarrow": "↔", "xLeftrightarrow": "⇔", "xmapsto": "↦"][
                    name] ?? "→"
            let mark = MathNode.operator(arrow, MathOperator(stretchy: true, lspace: "0.2778em", rspace: "0.2778em"))
            let padded = MathNode.row([.space(width: "0.5em"), above, .space(width: "0.5em")])
            if let below { return Atom(node: .underOver(mark, below, padded)) }
            return Atom(node: .over(mark, padded, accent: false))
        case "not":
            skipSpaces()
            guard let atom = try parseAtom(single: true), case .operator(let character, let attributes) = atom.node else {
                throw Self.fail("\\not before something that is not a relation")
            }
            return Atom(node: .operator(TeXSymbols.negations[character] ?? character + "\u{0338}", attributes))
        case "bmod", "mod":
            return Atom(node: .operator("mod", MathOperator(lspace: name == "mod" ? "0.6667em" : "0.2222em", rspace: "0.2222em")))
        case "pmod":
            let argument = try parseArgument()
            return Atom(
                node: .row([
                    .space(width: "0.4444em"), .operator("(", MathOperator(stretchy: false)), .identifier("mod", upright: true),
                    .space(width: "0.3333em"), argument, .operator(")", MathOperator(stretchy: false)),
                ]))
        case "hspace", "kern", "mkern", "mspace", "hskip":
            if name == "hspace" { skipSpaces(); if current == "*" { position += 1 } }
            let raw = try readRawString()
            guard let width = Self.length(raw) else { throw Self.fail("a space of unknown size: \(raw)") }
            return Atom(node: .space(width: width))
        default:
            throw Self.fail("unsupported command \\\(name)")
        }
    }

    /// A TeX length as a CSS one: a number with `em`, `ex`, `pt`, `px`, `mm`, `cm`, `in` or `mu`.
    static func length(_ text: String) -> String? {
        let trimmed = text.filter { !$0.isWhitespace }
        guard let unitStart = trimmed.firstIndex(where: { $0.isLetter }) else { return nil }
        let number = trimmed[..<unitStart]
        let unit = trimmed[unitStart...]
        guard !number.isEmpty, number.count < 10, Double(number) != nil,
            number.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == "." || $0 == "-") })
        else { return nil }
        switch unit {
        case "em", "ex", "pt", "px", "mm", "cm", "in": return String(number) + String(unit)
        case "mu":  // 18 mu to the em
            guard let value = Double(number) else { return nil }
            return String(Int((value / 18 * 10_000).rounded())).withDecimal4() + "em"
        default: return nil
        }
    }

    // MARK: delimiters and environments

    /// The delimiter after `\left`, `\right`, `\big`…; nil for `.` (none).
    private mutating func parseDelimiter() throws(TeXMath.Failure) -> String? {
        skipSpaces()
        guard let c = current else { throw Self.fail("missing delimiter") }
        if c == "." {
            position += 1
            return nil
        }
        if let command = peekCommand() {
            position = command.end
            if let character = TeXSymbols.delimiterCommands[command.name] { return character }
            if command.name == "mid" { return "|" }
            throw Self.fail("\\\(command.name) is not a delimiter")
        }
        guard let character = TeXSymbols.delimiterCharacters[c] else { throw Self.fail("\(c) is not a delimiter") }
        position += 1
        return character
    }

    private mutating func parseLeftRight() throws(TeXMath.Failure) -> Atom {
        try enter()
        defer { leave() }
        let open = try parseDelimiter()
        var nodes: [MathNode] = []
        if let open { nodes.append(.operator(open, MathOperator(stretchy: true, form: "prefix", fence: true))) }
        let content = try parseRow()
        guard let command = peekCommand(), command.name == "right" else { throw Self.fail("\\left without \\right") }
        position = command.end
        let close = try parseDelimiter()
        if case .row(let children) = content { nodes.append(contentsOf: children) } else { nodes.append(content) }
        if let close { nodes.append(.operator(close, MathOperator(stretchy: true, form: "postfix", fence: true))) }
        return Atom(node: .row(nodes))
    }

    private mutating func parseEnvironment() throws(TeXMath.Failure) -> MathNode {
        let name = try readRawString()
        try enter()
        defer { leave() }
        let fences: (String?, String?)
        var columns: [MathColumn] = [.center]
        var display = false
        switch name {
        case "matrix", "smallmatrix", "matrix*": fences = (nil, nil)
        case "pmatrix", "pmatrix*": fences = ("(", ")")
        case "bmatrix", "bmatrix*": fences = ("[", "]")
        case "Bmatrix", "Bmatrix*": fences = ("{", "}")
        case "vmatrix", "vmatrix*": fences = ("|", "|")
        case "Vmatrix", "Vmatrix*": fences = ("‖", "‖")
        case "cases", "dcases":
            fences = ("{", nil)
            columns = [.left, .left]
            display = name == "dcases"
        case "rcases":
            fences = (nil, "}")
            columns = [.left, .left]
        case "aligned", "align", "align*", "alignat", "alignat*", "alignedat", "split", "eqnarray", "eqnarray*", "flalign", "flalign*":
            if name.hasPrefix("alignat") || name == "alignedat" { _ = try readRaw() }
            fences = (nil, nil)
            columns = []
            display = true
        case "gathered", "gather", "gather*", "equation", "equation*", "multline", "multline*", "displaymath":
            fences = (nil, nil)
            display = true
        case "array", "subarray":
            fences = (nil, nil)
            let spec = try readRaw()
            columns = spec.compactMap { s -> MathColumn? in
                switch s {
                case "l": return .left
                case "r": return .right
                case "c", "p", "m", "b": return .center
                default: return nil
                }
            }
            if columns.isEmpty { columns = [.center] }
        default:
            throw Self.fail("unsupported environment \(name)")
        }
        let rows = try parseTableBody(environment: name)
        if columns.isEmpty { columns = Self.alignedColumns(rows) }
        let table: MathNode
        if (name.hasPrefix("equation") || name == "displaymath") && rows.count == 1 && rows[0].count == 1 {
            table = rows[0][0]
        } else {
            table = .table(rows: rows, columns: columns, display: display)
        }
        guard fences.0 != nil || fences.1 != nil else { return table }
        var nodes: [MathNode] = []
        if let open = fences.0 { nodes.append(.operator(open, MathOperator(stretchy: true, form: "prefix", fence: true))) }
        nodes.append(table)
        if let close = fences.1 { nodes.append(.operator(close, MathOperator(stretchy: true, form: "postfix", fence: true))) }
        return .row(nodes)
    }

    // MARK: text

    /// `\text{…}`: words as written, with `$…$` inside read as math again.
    private mutating func parseText(font textFont: Font) throws(TeXMath.Failure) -> MathNode {
        let raw = try readRaw()
        var parts: [MathNode] = []
        var text = ""
        var index = raw.startIndex
        func flush() {
            guard !text.isEmpty else { return }
            // Spaces at either end of an <mtext> are dropped by the browser; keep them visible.
            var shown = text
            if shown.hasPrefix(" ") { shown = "\u{00A0}" + shown.dropFirst() }
            if shown.hasSuffix(" ") && shown.count > 1 { shown = shown.dropLast() + "\u{00A0}" }
            parts.append(.text(shown))
            text = ""
        }
        while index < raw.endIndex {
            let s = raw[index]
            if s == "\\", index + 1 < raw.endIndex {
                let next = raw[index + 1]
                if Self.isLetter(next) {
                    var end = index + 1
                    while end < raw.endIndex && Self.isLetter(raw[end]) { end += 1 }
                    var name = ""
                    name.unicodeScalars.append(contentsOf: raw[(index + 1)..<end])
                    switch name {
                    case "textbackslash": text.append("\\")
                    case "quad": text.append("\u{2003}")
                    case "qquad": text.append("\u{2003}\u{2003}")
                    case "ldots", "dots": text.append("…")
                    case "text", "textrm", "textbf", "textit", "emph": break  // nested: the braces that follow are read as text
                    default: throw Self.fail("unsupported command \\\(name) in text")
                    }
                    index = end
                    continue
                }
                text.unicodeScalars.append(next == " " ? " " : next)
                index += 2
                continue
            }
            if s == "$" {
                guard let close = raw[(index + 1)...].firstIndex(of: "$") else { throw Self.fail("a $ inside the formula") }
                flush()
                parts.append(try parseNested(raw[(index + 1)..<close], font: .normal))
                index = close + 1
                continue
            }
            if s == "{" || s == "}" {
                index += 1
                continue
            }
            if s == "~" {
                text.append("\u{00A0}")
            } else if s == "\n" || s == "\t" {
                text.append(" ")
            } else {
                text.append(contentsOf: Self.map(s, textFont))
            }
            index += 1
        }
        flush()
        if parts.isEmpty { return .text("") }
        return parts.count == 1 ? parts[0] : .row(parts)
    }

    // MARK: fonts

    private func mapped(_ c: Unicode.Scalar) -> String { Self.map(c, font) }

    private func mappedGreek(_ character: String) -> String {
        guard font == .bold || font == .boldItalic, let c = character.unicodeScalars.first, character.unicodeScalars.count == 1 else { return character }
        let capital = c.value >= 0x391 && c.value <= 0x3A9
        let small = c.value >= 0x3B1 && c.value <= 0x3C9
        guard capital || small else { return character }
        let base: UInt32 = font == .bold ? (capital ? 0x1D6A8 : 0x1D6C2) : (capital ? 0x1D71C : 0x1D736)
        let offset = c.value - (capital ? 0x391 : 0x3B1)
        return Unicode.Scalar(base + offset).map { String($0) } ?? character
    }

    /// A Latin letter or digit in one of Unicode's mathematical alphabets (MathML Core keeps
    /// `mathvariant` for `normal` only, so the characters carry the style themselves).
    fileprivate static func map(_ c: Unicode.Scalar, _ font: Font) -> String {
        let upper = c >= "A" && c <= "Z"
        let lower = c >= "a" && c <= "z"
        let digit = c >= "0" && c <= "9"
        guard upper || lower || digit else { return String(c) }
        let letterIndex = upper ? c.value - 0x41 : lower ? c.value - 0x61 : 0
        func letters(_ capitalA: UInt32, _ smallA: UInt32, holes: [Unicode.Scalar: UInt32] = [:]) -> String {
            if let hole = holes[c] { return String(Unicode.Scalar(hole)!) }
            return String(Unicode.Scalar((upper ? capitalA : smallA) + letterIndex)!)
        }
        func digits(_ zero: UInt32?) -> String {
            guard let zero else { return String(c) }
            return String(Unicode.Scalar(zero + c.value - 0x30)!)
        }
        switch font {
        case .normal, .roman: return String(c)
        case .italic: return digit ? String(c) : letters(0x1D434, 0x1D44E, holes: ["h": 0x210E])
        case .bold: return digit ? digits(0x1D7CE) : letters(0x1D400, 0x1D41A)
        case .boldItalic: return digit ? digits(0x1D7CE) : letters(0x1D468, 0x1D482)
        case .doubleStruck:
            return digit
                ? digits(0x1D7D8)
                : letters(0x1D538, 0x1D552, holes: ["C": 0x2102, "H": 0x210D, "N": 0x2115, "P": 0x2119, "Q": 0x211A, "R": 0x211D, "Z": 0x2124])
        case .script:
            return digit
                ? String(c)
                : letters(
                    0x1D49C, 0x1D4B6,
                    holes: [
                        "B": 0x212C, "E": 0x2130, "F": 0x2131, "H": 0x210B, "I": 0x2110, "L": 0x2112,
                        "M": 0x2133, "R": 0x211B, "e": 0x212F, "g": 0x210A, "o": 0x2134,
                    ])
        case .fraktur:
            return digit ? String(c) : letters(0x1D504, 0x1D51E, holes: ["C": 0x212D, "H": 0x210C, "I": 0x2111, "R": 0x211C, "Z": 0x2128])
        case .sansSerif: return digit ? digits(0x1D7E2) : letters(0x1D5A0, 0x1D5BA)
        case .monospace: return digit ? digits(0x1D7F6) : letters(0x1D670, 0x1D68A)
        }
    }
}

private extension String {
    /// "1667" → "0.1667" (a count of ten-thousandths as a decimal).
    func withDecimal4() -> String {
        guard let value = Int(self) else { return self }
        let sign = value < 0 ? "-" : ""
        let magnitude = abs(value)
        var fraction = String(magnitude % 10_000)
        fraction = String(repeating: "0", count: 4 - fraction.count) + fraction
        while fraction.hasSuffix("0") { fraction.removeLast() }
        return sign + String(magnitude / 10_000) + (fraction.isEmpty ? "" : "." + fraction)
    }
}
