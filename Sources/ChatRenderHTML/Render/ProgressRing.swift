import ChatModel
import ChatPlan
import ChatTheme
/// The upload ring: a `fill` track with `textPrimary` progress on a `surfaceElevated` disc.
/// Drawn with SVG attributes only (no inline style), so a strict CSP needs no exception.
package enum ProgressRing {
    /// The ring for a fraction in 0…1 (clamped).
    package static func render(_ fraction: Double) -> HTML {
        let clamped = fraction.isFinite ? min(max(fraction, 0), 1) : 0
        let filled = clamped * 100
        return
            "<svg class=\"cr-ring\" viewBox=\"0 0 36 36\" width=\"36\" height=\"36\" aria-hidden=\"true\" focusable=\"false\"><circle class=\"cr-ring-disc\" cx=\"18\" cy=\"18\" r=\"18\"/><circle class=\"cr-ring-track\" cx=\"18\" cy=\"18\" r=\"12\" pathLength=\"100\"/><circle class=\"cr-ring-value\" cx=\"18\" cy=\"18\" r=\"12\" pathLength=\"100\" stroke-dasharray=\"\(filled) 100\" transform=\"rotate(-90 18 18)\"/></svg>"
    }

    /// "45%": whole percent, rounded half up, so 0.999 never reads 100% before it is done.
    package static func percent(_ fraction: Double) -> Int {
        let clamped = fraction.isFinite ? min(max(fraction, 0), 1) : 0
        let value = Int((clamped * 100).rounded())
        return clamped < 1 ? min(value, 99) : 100
    }
}
