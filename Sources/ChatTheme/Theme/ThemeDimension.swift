import ChatModel
import ChatSupport
/// A length from a DTCG `dimension` token: a number and a unit (`px` or `rem`).
package struct ThemeDimension: Sendable, Equatable {
    /// The units DTCG 2025.10 allows for dimensions.
    package enum Unit: String, Sendable, CaseIterable {
        /// CSS pixels.
        case px
        /// Multiples of the root font size (the reader's default, usually 16px).
        case rem
    }

    /// The amount, in ``unit``.
    package var value: Double
    /// The unit.
    package var unit: Unit

    /// Makes a dimension.
    package init(_ value: Double, _ unit: Unit) {
        self.value = value
        self.unit = unit
    }

    /// The length in rem, taking 1rem as the browser default of 16px; used for font sizes so text follows
    /// the reader's chosen default size.
    package var rem: Double { unit == .rem ? value : value / 16 }
}
