import ChatModel
/// How many bytes a single-file page may grow to with its images and files inlined
/// (`--inline-limit`): whatever would take it past the limit stays beside it as a file.
public struct InlineLimit: Sendable, Equatable, CustomStringConvertible {
    /// The cap on the page's size in bytes; 0 inlines nothing.
    public var bytes: Int

    public init(bytes: Int) { self.bytes = bytes }

    /// 25 MB: what common mail services accept as an attachment.
    public static let standard = InlineLimit(bytes: 25_000_000)

    /// Decimal units as the rest of chatrender prints sizes (1 KB = 1000 bytes), binary units when
    /// asked for by name (1 KiB = 1024 bytes).
    static let units: [(suffix: String, factor: Int)] = [
        ("kib", 1 << 10), ("mib", 1 << 20), ("gib", 1 << 30),
        ("kb", 1_000), ("mb", 1_000_000), ("gb", 1_000_000_000),
        ("k", 1_000), ("m", 1_000_000), ("g", 1_000_000_000),
        ("b", 1), ("", 1),
    ]

    /// Reads `25MB`, `25 MB`, `1.5MB`, `500KB`, `2MiB`, `1048576` or `0`; nil for anything else.
    public init?(parsing text: String) {
        let trimmed = text.trimmingASCIIWhitespace().lowercased()
        guard !trimmed.isEmpty else { return nil }
        var number = Substring(trimmed)
        var factor = 1
        for unit in InlineLimit.units where trimmed.hasSuffix(unit.suffix) {
            number = trimmed.dropLast(unit.suffix.count)
            factor = unit.factor
            break
        }
        number = number.drop(while: { $0 == " " })
        while number.last == " " { number = number.dropLast() }
        // Digits with at most one decimal point; no signs, exponents, or hex.
        let parts = number.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), !parts[0].isEmpty,
            parts.allSatisfy({ $0.allSatisfy { $0 >= "0" && $0 <= "9" } }),
            parts.count == 1 || !parts[1].isEmpty
        else { return nil }
        guard parts[0].count <= 15, parts.count == 1 || parts[1].count <= 6 else { return nil }
        let whole = Int(parts[0])!
        var value = whole.multipliedReportingOverflow(by: factor)
        guard !value.overflow else { return nil }
        if parts.count == 2 {
            // Exact: fraction digits times the factor, divided by the power of ten, rounded down.
            let digits = parts[1]
            let fraction = Int(digits)!
            var scale = 1
            for _ in 0..<digits.count { scale *= 10 }
            let (product, overflow) = fraction.multipliedReportingOverflow(by: factor)
            guard !overflow else { return nil }
            let sum = value.partialValue.addingReportingOverflow(product / scale)
            guard !sum.overflow else { return nil }
            value = (sum.partialValue, false)
        }
        self.bytes = value.partialValue
    }

    /// As sizes read everywhere else: "25 MB".
    public var description: String { bytes == 0 ? "0 bytes" : ByteCountFormat.string(Int64(bytes)) }
}
