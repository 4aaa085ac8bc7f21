/// Formats byte counts the way the system's file byte format (`ByteCountFormatter`, `.file` style)
/// does in en-US: decimal units, "Zero KB", "1 byte", "999 bytes", "12 KB", "2.3 MB", "1.23 GB".
///
/// Written out rather than delegated to Foundation so the result is identical on every platform
/// and toolchain: the output is used in snapshot tests.
package enum ByteCountFormat {
    private static let units = ["KB", "MB", "GB", "TB", "PB", "EB"]
    /// Fraction digits per unit, as the system shows them: none for KB, one for MB, two above.
    private static let fractionDigits = [0, 1, 2, 2, 2, 2]

    /// The formatted size, e.g. `2300000` → "2.3 MB".
    package static func string(_ byteCount: Int64) -> String {
        if byteCount == 0 { return "Zero KB" }
        let negative = byteCount < 0
        let magnitude = byteCount.magnitude
        if magnitude < 1000 {
            return (negative ? "-" : "") + "\(magnitude) " + (magnitude == 1 ? "byte" : "bytes")
        }
        var unit = 0
        var value = Double(magnitude) / 1000
        while true {
            let scale = pow10(fractionDigits[unit])
            let rounded = (value * scale).rounded() / scale
            if rounded >= 1000, unit + 1 < units.count {
                unit += 1
                value /= 1000
                continue
            }
            return (negative ? "-" : "") + format(rounded, digits: fractionDigits[unit]) + " " + units[unit]
        }
    }

    private static func pow10(_ n: Int) -> Double { n == 0 ? 1 : (n == 1 ? 10 : 100) }

    /// Fixed-point text with trailing zeros dropped and en-US grouping for the integer part.
    private static func format(_ value: Double, digits: Int) -> String {
        let scaled = Int64((value * pow10(digits)).rounded())
        let divisor = Int64(pow10(digits))
        let whole = scaled / divisor
        var fraction = scaled % divisor
        var fractionText = ""
        if digits > 0 && fraction != 0 {
            var width = digits
            while fraction % 10 == 0 { fraction /= 10; width -= 1 }
            fractionText = "." + String(repeating: "0", count: width - String(fraction).count) + String(fraction)
        }
        return grouped(whole) + fractionText
    }

    private static func grouped(_ value: Int64) -> String {
        let digits = Array(String(value))
        var out = ""
        for (i, digit) in digits.enumerated() {
            if i > 0 && (digits.count - i) % 3 == 0 { out.append(",") }
            out.append(digit)
        }
        return out
    }
}
