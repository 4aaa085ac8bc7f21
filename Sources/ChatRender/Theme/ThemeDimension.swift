/// A length from a DTCG `dimension` token: a number and a unit (`px` or `rem`).
public struct ThemeDimension: Sendable, Equatable {
    /// The units DTCG 2025.10 allows for dimensions.
    public enum Unit: String, Sendable, CaseIterable {
        /// CSS pixels.
        case px
        /// Multiples of the root font size (the reader's default, usually 16px).
        case rem
    }

    /// The amount, in ``unit``.
    public var value: Double
    /// The unit.
    public var unit: Unit

    /// Makes a dimension.
    public init(_ value: Double, _ unit: Unit) {
        self.value = value
        self.unit = unit
    }

    /// The length in rem, taking 1rem as the browser default of 16px; used for font sizes so text follows
    /// the reader's chosen default size.
    public var rem: Double { unit == .rem ? value : value / 16 }
}
