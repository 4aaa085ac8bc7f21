import ChatModel
import ChatSupport
/// An easing curve from a DTCG `cubicBezier` token: the two control points of a CSS `cubic-bezier()`.
package struct ThemeCubicBezier: Sendable, Equatable {
    /// First control point; x is between 0 and 1.
    package var x1: Double, y1: Double
    /// Second control point; x is between 0 and 1.
    package var x2: Double, y2: Double

    /// Makes a curve.
    package init(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) {
        self.x1 = x1; self.y1 = y1; self.x2 = x2; self.y2 = y2
    }

    /// The easing used when a motion token is a plain duration: `cubic-bezier(0.2, 0, 0, 1)`.
    package static let standard = ThemeCubicBezier(0.2, 0, 0, 1)
}
