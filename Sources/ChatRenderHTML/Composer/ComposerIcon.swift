import ChatModel
import ChatPlan
import ChatTheme
/// The composers' icons, in the style of ``Icon``: inline SVG, 24×24, `currentColor`, one 1.6 px
/// stroke, decorative (`aria-hidden`): the button around each carries the name. Drawn for
/// chatrender; the ten file types come from ``Icon/file(_:)``.
package enum ComposerIcon {
    /// Plus, for the attachment menu.
    package static let plus: HTML = svg("<path d=\"M12 5v14M5 12h14\"/>")
    /// An arrow pointing up, for Send.
    package static let send: HTML = svg("<path d=\"M12 19V5.5M6.5 11 12 5.5l5.5 5.5\"/>", weight: "2.2")
    /// A filled rounded square, for Stop.
    package static let stop: HTML = svg("<rect x=\"7.5\" y=\"7.5\" width=\"9\" height=\"9\" rx=\"1.8\" fill=\"currentColor\"/>")
    /// A cross, for Remove and Cancel.
    package static let xmark: HTML = svg("<path d=\"M7 7l10 10M17 7 7 17\"/>", weight: "2")
    /// A circular arrow, for Retry upload.
    package static let retry: HTML = Icon.retry
    /// A microphone, for dictation.
    package static let mic: HTML = svg("<rect x=\"9\" y=\"3.5\" width=\"6\" height=\"11\" rx=\"3\"/><path d=\"M5.5 11.5a6.5 6.5 0 0 0 13 0M12 18v2.5\"/>")
    /// A padlock, for models outside the plan.
    package static let lock: HTML = svg("<rect x=\"5.5\" y=\"10.5\" width=\"13\" height=\"10\" rx=\"2\"/><path d=\"M8.5 10.5V8a3.5 3.5 0 0 1 7 0v2.5\"/>")
    /// A check mark, for the current model and Done.
    package static let check: HTML = svg("<path d=\"M5 12.5l4.5 4.5L19 7.5\"/>", weight: "2")
    /// Chevrons up and down, for the model pill.
    package static let chevrons: HTML = svg("<path d=\"M8 9.5 12 5.5l4 4M8 14.5l4 4 4-4\"/>")
    /// A chevron down.
    package static let chevronDown: HTML = svg("<path d=\"M7 10l5 5 5-5\"/>")
    /// A triangle with an exclamation mark, for a usage line near the limit.
    package static let warning: HTML = svg("<path d=\"M12 4.2 21 19.5H3z\"/><path d=\"M12 10v4.2M12 16.9v.1\"/>")
    /// A picture, for Photos in the attachment menu.
    package static let photos: HTML = svg(
        "<rect x=\"3.5\" y=\"5\" width=\"17\" height=\"14\" rx=\"2\"/><circle cx=\"9\" cy=\"10\" r=\"1.5\"/><path d=\"M3.5 17l5-4 3.5 3 3-2.5 5.5 4\"/>")
    /// A camera, for Camera in the attachment menu.
    package static let camera: HTML = svg("<path d=\"M4 8h3.5L9 5.5h6L16.5 8H20v11H4z\"/><circle cx=\"12\" cy=\"13\" r=\"3.2\"/>")
    /// A folder, for Files in the attachment menu.
    package static let files: HTML = svg("<path d=\"M3.5 6.5h6l2 2h9v10h-17z\"/>")
    /// A small circle, for a picked photo that is still loading (it spins in CSS).
    package static let spinner: HTML = svg("<path d=\"M12 4a8 8 0 1 1-8 8\"/>", weight: "2")

    /// The symbols a mode chip can show, outline when off and filled when on.
    package static let modeSymbols = ModelComposerState.modeSymbols

    /// The mode symbol `name` (one of ``modeSymbols``; anything else draws the sparkle).
    package static func mode(_ name: String, filled: Bool) -> HTML {
        let fill: HTML = filled ? " fill=\"currentColor\"" : ""
        switch name {
        case "search":
            return svg("<circle cx=\"10.5\" cy=\"10.5\" r=\"6\"\(fill)/><path d=\"M15 15l5 5\"/>", weight: filled ? "2" : "1.6", fillInner: filled)
        case "think":
            return svg("<path d=\"M12 3.5a6 6 0 0 0-3.5 10.9V17h7v-2.6A6 6 0 0 0 12 3.5z\"\(fill)/><path d=\"M9.5 20.5h5\"/>", fillInner: filled)
        case "image":
            return svg(
                "<rect x=\"3.5\" y=\"4.5\" width=\"17\" height=\"15\" rx=\"2.5\"\(fill)/><g class=\"cr-icon-cut\"><circle cx=\"9\" cy=\"9.5\" r=\"1.6\"/><path d=\"M3.5 17l5-4.5 3.5 3 3-2.5 5.5 4.5\"/></g>",
                fillInner: filled)
        case "globe":
            return svg(
                "<circle cx=\"12\" cy=\"12\" r=\"8.5\"\(fill)/><path class=\"cr-icon-cut\" d=\"M3.5 12h17M12 3.5c2.5 2.6 2.5 14.4 0 17M12 3.5c-2.5 2.6-2.5 14.4 0 17\"/>",
                fillInner: filled)
        case "code":
            return svg(
                "<rect x=\"3.5\" y=\"4.5\" width=\"17\" height=\"15\" rx=\"2.5\"\(fill)/><path class=\"cr-icon-cut\" d=\"M10 9.5 7.5 12l2.5 2.5M14 9.5l2.5 2.5-2.5 2.5\"/>",
                fillInner: filled)
        default:
            return svg("<path d=\"M12 3.5l2 6.5 6.5 2-6.5 2-2 6.5-2-6.5-6.5-2 6.5-2z\"\(fill)/>")
        }
    }

    /// Filled shapes keep their inner lines visible by drawing them in the chip's background colour.
    private static func svg(_ body: HTML, weight: HTML = "1.6", fillInner: Bool = false) -> HTML {
        let inner: HTML = fillInner ? " cr-icon--filled" : ""
        return
            "<svg class=\"cr-icon\(inner)\" viewBox=\"0 0 24 24\" width=\"24\" height=\"24\" fill=\"none\" stroke=\"currentColor\" stroke-width=\"\(weight)\" stroke-linecap=\"round\" stroke-linejoin=\"round\" aria-hidden=\"true\" focusable=\"false\">\(body)</svg>"
    }
}
