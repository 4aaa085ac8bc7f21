import ChatModel
import ChatSupport
/// A colour as the DTCG 2025.10 colour module describes it: a colour space, three components and alpha.
///
/// Legacy hex strings (`#rgb`, `#rgba`, `#rrggbb`, `#rrggbbaa`) load as `srgb`.
package struct ThemeColor: Sendable, Equatable {
    /// The colour spaces chatrender reads.
    package enum Space: String, CaseIterable, Sendable {
        /// sRGB; components red, green, blue from 0 to 1.
        case srgb
        /// Linear-light sRGB; components from 0 to 1.
        case srgbLinear = "srgb-linear"
        /// Display P3; components red, green, blue from 0 to 1.
        case displayP3 = "display-p3"
        /// Hue (0–360), saturation and lightness (0–100).
        case hsl
        /// Hue (0–360), whiteness and blackness (0–100).
        case hwb
        /// CIE Lab (D50): lightness 0–100, a, b.
        case lab
        /// CIE LCh (D50): lightness 0–100, chroma, hue 0–360.
        case lch
        /// Oklab: lightness 0–1, a, b.
        case oklab
        /// Oklch: lightness 0–1, chroma, hue 0–360.
        case oklch

        /// Whether CSS colours in this space can be written in plain sRGB syntax without losing anything.
        package var isSRGBBased: Bool {
            switch self {
            case .srgb, .srgbLinear, .hsl, .hwb: return true
            case .displayP3, .lab, .lch, .oklab, .oklch: return false
            }
        }
    }

    /// The colour space the components are in.
    package var space: Space
    /// Exactly three components in the space's own units (see the DTCG colour module); nil is `none`.
    package var components: [Double?]
    /// Opacity from 0 to 1.
    package var alpha: Double

    /// Makes a colour; `components` must have three entries.
    package init(space: Space, components: [Double?], alpha: Double = 1) {
        self.space = space
        self.components = components
        self.alpha = alpha
    }

    /// An opaque or translucent sRGB colour from 0…1 channels.
    package init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.init(space: .srgb, components: [red, green, blue], alpha: alpha)
    }

    func component(_ index: Int) -> Double {
        index < components.count ? (components[index] ?? 0) : 0
    }
}
