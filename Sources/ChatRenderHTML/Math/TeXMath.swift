import ChatModel

/// TeX math as MathML Core, made when the page is rendered: no script, no web fonts, nothing
/// for the reader's browser to do but lay it out (Chromium, Firefox and Safari all draw MathML
/// Core natively).
///
/// The formula's TeX rides along as an `<annotation encoding="application/x-tex">` inside
/// `<semantics>`: browsers show only the first child of `<semantics>`, and the source stays in
/// the page for copying and for tools that read TeX. It is deliberately not an `aria-label` or
/// `alttext`: screen readers that know MathML (NVDA with MathCAT, JAWS, VoiceOver) read the
/// structure itself, and a label would replace that reading with raw TeX; `alttext` is not
/// part of MathML Core and current accessibility guidance advises against relying on it.
///
/// What the converter does not know is never guessed at: ``render(_:display:)`` fails with the
/// reason, and ``source(_:display:)`` shows the TeX as written instead.
package enum TeXMath {
    /// Why a formula could not be converted.
    package struct Failure: Error, Equatable, Sendable, CustomStringConvertible {
        package let reason: String
        package var description: String { reason }
    }

    /// The formula as a `<math>` element (`display="block"` for display math).
    package static func render(_ tex: String, display: Bool) -> Result<HTML, Failure> {
        do {
            let (body, tag) = try parse(tex)
            var html = HTML()
            html.reserveCapacity(tex.utf8.count * 8 + 128)
            html.append(display ? "<math display=\"block\" tabindex=\"0\"><semantics><mrow>" : "<math><semantics><mrow>")
            body.emitContents(into: &html)
            if let tag {
                html.append("<mspace width=\"2em\"></mspace><mtext>(\(tag))</mtext>")
            }
            html.append("</mrow><annotation encoding=\"application/x-tex\">\(tex)</annotation></semantics></math>")
            return .success(html)
        } catch {
            return .failure(error)
        }
    }

    /// The TeX as written, for a formula that could not be converted.
    package static func source(_ tex: String, display: Bool) -> HTML {
        display ? "<code class=\"cr-math-source cr-math-source-display\">\(tex)</code>" : "<code class=\"cr-math-source\">\(tex)</code>"
    }

    /// The MathML inside `<math>`, without the annotation: what the corpus test compares.
    static func body(_ tex: String) throws(Failure) -> String {
        let (body, tag) = try parse(tex)
        var html = HTML()
        body.emitContents(into: &html)
        if let tag { html.append("<mspace width=\"2em\"></mspace><mtext>(\(tag))</mtext>") }
        return html.description
    }

    private static func parse(_ tex: String) throws(Failure) -> (MathNode, String?) {
        guard tex.utf8.count <= TeXParser.maxLength else { throw Failure(reason: "longer than \(TeXParser.maxLength) bytes") }
        var parser = TeXParser(Array(tex.unicodeScalars))
        let node = try parser.parseFormula()
        if case .row(let children) = node, children.isEmpty { throw Failure(reason: "empty formula") }
        return (node, parser.tag)
    }
}
