import ChatModel

/// A formula as MathML Core elements, made by ``TeXParser`` and written by ``emit(into:)``.
indirect enum MathNode: Equatable {
    /// `<mi>`; `upright` asks a one-letter name to stay upright (`mathvariant="normal"`).
    case identifier(String, upright: Bool)
    case number(String)
    case `operator`(String, MathOperator)
    case text(String)
    case space(width: String)
    case row([MathNode])
    case fraction(MathNode, MathNode, noLine: Bool)
    case squareRoot(MathNode)
    case root(MathNode, index: MathNode)
    case sub(MathNode, MathNode)
    case sup(MathNode, MathNode)
    case subSup(MathNode, MathNode, MathNode)
    case under(MathNode, MathNode, accent: Bool)
    case over(MathNode, MathNode, accent: Bool)
    case underOver(MathNode, MathNode, MathNode)
    /// `\displaystyle` (true) and `\textstyle` (false): the size of what follows.
    case style(display: Bool, MathNode)
    case phantom(MathNode)
    /// `\boxed`: a row drawn in a frame (MathML Core has no `menclose`; CSS draws it).
    case boxed(MathNode)
    case table(rows: [[MathNode]], columns: [MathColumn], display: Bool)

    /// Writes the node as MathML.
    func emit(into html: inout HTML) {
        switch self {
        case .identifier(let name, let upright):
            html.append(upright && name.unicodeScalars.count == 1 ? "<mi mathvariant=\"normal\">\(name)</mi>" : "<mi>\(name)</mi>")
        case .number(let digits): html.append("<mn>\(digits)</mn>")
        case .operator(let character, let attributes):
            html.append("<mo")
            attributes.emit(into: &html)
            html.append(">\(character)</mo>")
        case .text(let text): html.append("<mtext>\(text)</mtext>")
        case .space(let width): html.append("<mspace width=\"\(width)\"></mspace>")
        case .row(let children):
            html.append("<mrow>")
            for child in children { child.emit(into: &html) }
            html.append("</mrow>")
        case .fraction(let numerator, let denominator, let noLine):
            html.append(noLine ? "<mfrac linethickness=\"0\">" : "<mfrac>")
            numerator.emit(into: &html)
            denominator.emit(into: &html)
            html.append("</mfrac>")
        case .squareRoot(let radicand):
            html.append("<msqrt>")
            radicand.emitContents(into: &html)
            html.append("</msqrt>")
        case .root(let radicand, let index): Self.element("mroot", [radicand, index], to: &html)
        case .sub(let base, let script): Self.element("msub", [base, script], to: &html)
        case .sup(let base, let script): Self.element("msup", [base, script], to: &html)
        case .subSup(let base, let sub, let sup): Self.element("msubsup", [base, sub, sup], to: &html)
        case .under(let base, let script, let accent):
            html.append(accent ? "<munder accentunder=\"true\">" : "<munder>")
            base.emit(into: &html)
            script.emit(into: &html)
            html.append("</munder>")
        case .over(let base, let script, let accent):
            html.append(accent ? "<mover accent=\"true\">" : "<mover>")
            base.emit(into: &html)
            script.emit(into: &html)
            html.append("</mover>")
        case .underOver(let base, let under, let over): Self.element("munderover", [base, under, over], to: &html)
        case .style(let display, let content):
            html.append(display ? "<mstyle displaystyle=\"true\" scriptlevel=\"0\">" : "<mstyle displaystyle=\"false\" scriptlevel=\"0\">")
            content.emitContents(into: &html)
            html.append("</mstyle>")
        case .phantom(let content):
            html.append("<mphantom>")
            content.emitContents(into: &html)
            html.append("</mphantom>")
        case .boxed(let content):
            html.append("<mrow class=\"cr-math-boxed\">")
            content.emitContents(into: &html)
            html.append("</mrow>")
        case .table(let rows, let columns, let display):
            html.append(display ? "<mtable displaystyle=\"true\">" : "<mtable>")
            for row in rows {
                html.append("<mtr>")
                for (index, cell) in row.enumerated() {
                    switch index < columns.count ? columns[index] : (columns.last ?? .center) {
                    case .center: html.append("<mtd>")
                    case .left: html.append("<mtd class=\"cr-math-left\">")
                    case .right: html.append("<mtd class=\"cr-math-right\">")
                    }
                    cell.emitContents(into: &html)
                    html.append("</mtd>")
                }
                html.append("</mtr>")
            }
            html.append("</mtable>")
        }
    }

    /// The node's children without a row of their own, for elements that make a row of their
    /// contents anyway (`<math>`, `<msqrt>`, `<mtd>`, `<mstyle>`).
    func emitContents(into html: inout HTML) {
        if case .row(let children) = self {
            for child in children { child.emit(into: &html) }
        } else {
            emit(into: &html)
        }
    }

    private static func element(_ name: StaticString, _ children: [MathNode], to html: inout HTML) {
        html.append("<")
        html.append(name)
        html.append(">")
        for child in children { child.emit(into: &html) }
        html.append("</")
        html.append(name)
        html.append(">")
    }
}

/// How a table column is aligned (`cases` and `aligned` columns are not centred).
enum MathColumn: Equatable { case center, left, right }

/// The attributes of an `<mo>` that differ from MathML Core's operator dictionary.
struct MathOperator: Equatable {
    /// nil leaves it to the dictionary; `false` keeps a bare `(` from growing with its neighbours, as in TeX.
    var stretchy: Bool? = nil
    /// `\left`/`\right` delimiters: `prefix` or `postfix`.
    var form: StaticString? = nil
    var fence = false
    /// nil leaves it to the dictionary (∑ moves its limits to the side inline by itself).
    var movableLimits: Bool? = nil
    var lspace: String? = nil
    var rspace: String? = nil
    /// `\big` and kin: drawn at this height.
    var size: String? = nil

    static func == (a: MathOperator, b: MathOperator) -> Bool {
        a.stretchy == b.stretchy && a.form?.description == b.form?.description && a.fence == b.fence
            && a.movableLimits == b.movableLimits && a.lspace == b.lspace && a.rspace == b.rspace && a.size == b.size
    }

    func emit(into html: inout HTML) {
        if fence { html.append(" fence=\"true\"") }
        if let form {
            html.append(" form=\"")
            html.append(form)
            html.append("\"")
        }
        if let stretchy { html.append(stretchy ? " stretchy=\"true\"" : " stretchy=\"false\"") }
        if let movableLimits { html.append(movableLimits ? " movablelimits=\"true\"" : " movablelimits=\"false\"") }
        if let lspace { html.append(" lspace=\"\(lspace)\"") }
        if let rspace { html.append(" rspace=\"\(rspace)\"") }
        if let size { html.append(" minsize=\"\(size)\" maxsize=\"\(size)\"") }
    }
}
