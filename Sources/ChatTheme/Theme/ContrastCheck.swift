import ChatModel
import ChatSupport
/// One WCAG 2.x contrast check: a foreground colour token on a background colour token in one mode.
package struct ContrastCheck: Sendable, Equatable {
    /// `light` or `dark` (for a one-mode theme, whichever its background looks like).
    package var mode: String
    /// The foreground token path, such as `color.textPrimary`.
    package var foreground: String
    /// The background token path, such as `color.bg`.
    package var background: String
    /// The token path of what the background is drawn on, when that is not `color.bg`.
    package var backdrop: String?
    /// The background as reports show it: `color.diffAddedBg over color.surface` when it has a backdrop.
    package var backgroundDescription: String {
        backdrop.map { "\(background) over \($0)" } ?? background
    }
    /// What the pair is used for on the page, such as `body text`.
    package var usage: String
    /// The contrast ratio, from 1 to 21, not rounded.
    package var ratio: Double
    /// The ratio WCAG asks for this use: 4.5 for text, 3 for icons and other graphics.
    package var required: Double
    /// Whether `ratio` reaches `required`.
    package var passes: Bool

    /// Makes a check result.
    package init(
        mode: String, foreground: String, background: String, backdrop: String? = nil, usage: String,
        ratio: Double, required: Double, passes: Bool
    ) {
        self.mode = mode
        self.foreground = foreground
        self.background = background
        self.backdrop = backdrop
        self.usage = usage
        self.ratio = ratio
        self.required = required
        self.passes = passes
    }
}
