import ChatModel
import ChatSupport
/// Locale-free, deterministic number formatting for CSS and messages: at most four decimals (by default),
/// trailing zeros trimmed, no exponent, never `-0`.
package enum ThemeCSSNumber {
    static func format(_ value: Double, maxDecimals: Int = 4) -> String {
        guard value.isFinite else { return "0" }
        let decimals = min(max(maxDecimals, 0), 6)
        var scale: Int64 = 1
        for _ in 0..<decimals { scale *= 10 }
        let limited = min(max(value, -1e12), 1e12)
        let scaled = (limited * Double(scale)).rounded(.toNearestOrAwayFromZero)
        let magnitude = Int64(abs(scaled))
        if magnitude == 0 { return "0" }
        var text = scaled < 0 ? "-" : ""
        text += String(magnitude / scale)
        let fraction = magnitude % scale
        if fraction != 0 {
            var digits = String(fraction)
            digits = String(repeating: "0", count: decimals - digits.count) + digits
            while digits.hasSuffix("0") { digits.removeLast() }
            text += "." + digits
        }
        return text
    }
}
