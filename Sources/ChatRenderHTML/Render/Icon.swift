import ChatModel
import ChatPlan
import ChatTheme
/// chatrender's own small icon set: inline SVG, 24×24, `currentColor`, one 1.6 px stroke.
/// Decorative wherever they appear (the text next to them carries the meaning), so `aria-hidden`.
package enum Icon {
    /// The icon for a kind of file: a page with a glyph, or a pictogram.
    package static func file(_ kind: FileKind) -> HTML {
        let page: HTML = "<path d=\"M6 2.8h8l4 4v14.4H6z\"/><path d=\"M14 2.8v4h4\"/>"
        let body: HTML
        switch kind {
        case .pdf:
            body = page + "<path d=\"M9 17.5c1.6-2.2 3.2-6 3-8.2-.2-1.6-1.6-1.2-1.3.3.4 2.3 3.3 6 6.1 6.9 1.1.3 1.2-1.1-.3-1.1-2.6 0-6.5 1.3-7.5 2.1z\"/>"
        case .spreadsheet:
            body = page + "<path d=\"M8.5 10.5h7v7h-7zM8.5 14h7M12 10.5v7\"/>"
        case .presentation:
            body = "<path d=\"M3 4.5h18M4.5 4.5v10h15v-10M12 14.5v3.5M8.5 21l3.5-3 3.5 3\"/><path d=\"M9 11l2-2 2 1.5 2.5-3\"/>"
        case .image:
            body =
                "<rect x=\"3.5\" y=\"4.5\" width=\"17\" height=\"15\" rx=\"2\"/><circle cx=\"9\" cy=\"9.5\" r=\"1.6\"/><path d=\"M3.5 17l5-4.5 3.5 3 3-2.5 5.5 4.5\"/>"
        case .movie:
            body = "<rect x=\"3.5\" y=\"5\" width=\"17\" height=\"14\" rx=\"2\"/><path d=\"M10 9.2v5.6l4.6-2.8z\"/>"
        case .audio:
            body = "<path d=\"M9.5 17.5V6l9-2v11.5\"/><circle cx=\"7.5\" cy=\"17.5\" r=\"2\"/><circle cx=\"16.5\" cy=\"15.5\" r=\"2\"/>"
        case .archive:
            body = "<path d=\"M4 7.5h16v12.7H4zM3 3.8h18v3.7H3z\"/><path d=\"M10 11h4\"/>"
        case .sourceCode:
            body = page + "<path d=\"M10.2 11.5 8.2 14l2 2.5M13.8 11.5l2 2.5-2 2.5\"/>"
        case .text:
            body = page + "<path d=\"M8.8 11h6.4M8.8 14h6.4M8.8 17h4\"/>"
        case .document:
            body = page
        }
        return svg(body)
    }

    /// Circular arrow, for Retry.
    package static let retry: HTML = svg("<path d=\"M19 12a7 7 0 1 1-2.05-4.95\"/><path d=\"M19 4.5V9h-4.5\"/>")
    /// Exclamation in a circle, for failures.
    package static let warning: HTML = svg("<circle cx=\"12\" cy=\"12\" r=\"8.5\"/><path d=\"M12 7.8v5\"/><path d=\"M12 16.2v.1\"/>")
    /// Arrow out of a box, for Share.
    package static let share: HTML = svg("<path d=\"M12 3.5v11M8 7.2l4-3.7 4 3.7\"/><path d=\"M8.5 10.5H6v10h12v-10h-2.5\"/>")
    /// Eye-like document glyph, for Open.
    package static let open: HTML = svg("<path d=\"M14 4h6v6M20 4l-8.5 8.5\"/><path d=\"M18 13.5V20H4V6h6.5\"/>")
    /// A framed picture crossed out, for a photo that cannot be shown.
    package static let photoUnavailable: HTML = svg(
        "<rect x=\"3.5\" y=\"4.5\" width=\"17\" height=\"15\" rx=\"2\"/><path d=\"M3.5 17l5-4.5 3.5 3 3-2.5 5.5 4.5\"/><path d=\"M4 4l16 16\"/>")

    /// The stroke (none filled, `currentColor`, 1.6, round caps and joins) is the stylesheet's
    /// (`svg.cr-icon:not([stroke])` in chatrender.css), not attributes repeated on every icon of a
    /// page: a turn's parts, file chips and badges draw one or two icons each. (`focusable`
    /// was for Internet Explorer only.)
    static func svg(_ body: HTML) -> HTML {
        "<svg class=\"cr-icon\" viewBox=\"0 0 24 24\" width=\"24\" height=\"24\" aria-hidden=\"true\">\(body)</svg>"
    }
}
