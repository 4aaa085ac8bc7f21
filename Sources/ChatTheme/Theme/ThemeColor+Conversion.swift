import Foundation
import ChatModel
import ChatSupport

/// A colour in gamma-encoded sRGB; channels may fall outside 0…1 when the source was out of gamut.
package struct ThemeSRGBColor: Sendable, Equatable {
    var red: Double
    var green: Double
    var blue: Double
    var alpha: Double

    package init(red: Double, green: Double, blue: Double, alpha: Double) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    /// Channels clamped into the sRGB gamut (0…1), as a browser would show them on an sRGB screen.
    var clamped: ThemeSRGBColor {
        ThemeSRGBColor(red: Self.clamp(red), green: Self.clamp(green), blue: Self.clamp(blue), alpha: Self.clamp(alpha))
    }

    /// WCAG 2.x relative luminance of the clamped colour, ignoring alpha.
    var relativeLuminance: Double {
        let c = clamped
        return 0.2126 * Self.linear(c.red) + 0.7152 * Self.linear(c.green) + 0.0722 * Self.linear(c.blue)
    }

    /// This colour drawn over an opaque `background`, blended in gamma-encoded sRGB as browsers do.
    package func composited(over background: ThemeSRGBColor) -> ThemeSRGBColor {
        let top = clamped, bottom = background.clamped
        let a = top.alpha
        return ThemeSRGBColor(
            red: top.red * a + bottom.red * (1 - a),
            green: top.green * a + bottom.green * (1 - a),
            blue: top.blue * a + bottom.blue * (1 - a),
            alpha: 1)
    }

    static func clamp(_ value: Double) -> Double { value.isNaN ? 0 : min(max(value, 0), 1) }

    /// sRGB transfer function, decoding (gamma-encoded → linear); sign-preserving.
    static func linear(_ encoded: Double) -> Double {
        let magnitude = abs(encoded)
        let result = magnitude <= 0.04045 ? magnitude / 12.92 : pow((magnitude + 0.055) / 1.055, 2.4)
        return encoded < 0 ? -result : result
    }

    /// sRGB transfer function, encoding (linear → gamma-encoded); sign-preserving.
    static func encoded(_ linear: Double) -> Double {
        let magnitude = abs(linear)
        let result = magnitude <= 0.0031308 ? magnitude * 12.92 : 1.055 * pow(magnitude, 1 / 2.4) - 0.055
        return linear < 0 ? -result : result
    }
}

extension ThemeColor {
    /// The colour converted to gamma-encoded sRGB (not clamped), following CSS Color 4's conversions.
    package var srgb: ThemeSRGBColor {
        let c0 = component(0), c1 = component(1), c2 = component(2)
        let rgb: (Double, Double, Double)
        switch space {
        case .srgb:
            rgb = (c0, c1, c2)
        case .srgbLinear:
            rgb = (ThemeSRGBColor.encoded(c0), ThemeSRGBColor.encoded(c1), ThemeSRGBColor.encoded(c2))
        case .displayP3:
            let xyz = Self.multiply(Self.linearP3ToXYZ, (ThemeSRGBColor.linear(c0), ThemeSRGBColor.linear(c1), ThemeSRGBColor.linear(c2)))
            rgb = Self.encode(Self.multiply(Self.xyzToLinearSRGB, xyz))
        case .hsl:
            rgb = Self.hslToSRGB(hue: c0, saturation: c1 / 100, lightness: c2 / 100)
        case .hwb:
            rgb = Self.hwbToSRGB(hue: c0, whiteness: c1 / 100, blackness: c2 / 100)
        case .lab:
            rgb = Self.labToSRGB(lightness: c0, a: c1, b: c2)
        case .lch:
            let (a, b) = Self.polarToCartesian(chroma: c1, hue: c2)
            rgb = Self.labToSRGB(lightness: c0, a: a, b: b)
        case .oklab:
            rgb = Self.oklabToSRGB(lightness: c0, a: c1, b: c2)
        case .oklch:
            let (a, b) = Self.polarToCartesian(chroma: c1, hue: c2)
            rgb = Self.oklabToSRGB(lightness: c0, a: a, b: b)
        }
        return ThemeSRGBColor(red: rgb.0, green: rgb.1, blue: rgb.2, alpha: alpha)
    }

    /// Whether the colour lies inside the sRGB gamut (within a rounding tolerance).
    var isInSRGBGamut: Bool {
        let c = srgb
        let tolerance = 0.5 / 255
        return [c.red, c.green, c.blue].allSatisfy { $0 >= -tolerance && $0 <= 1 + tolerance }
    }

    // MARK: Conversions

    package typealias Vector = (Double, Double, Double)
    package typealias Matrix = (Vector, Vector, Vector)

    static func multiply(_ m: Matrix, _ v: Vector) -> Vector {
        (
            m.0.0 * v.0 + m.0.1 * v.1 + m.0.2 * v.2,
            m.1.0 * v.0 + m.1.1 * v.1 + m.1.2 * v.2,
            m.2.0 * v.0 + m.2.1 * v.1 + m.2.2 * v.2
        )
    }

    static func encode(_ v: Vector) -> Vector {
        (ThemeSRGBColor.encoded(v.0), ThemeSRGBColor.encoded(v.1), ThemeSRGBColor.encoded(v.2))
    }

    static func polarToCartesian(chroma: Double, hue: Double) -> (Double, Double) {
        let radians = hue * Double.pi / 180
        return (chroma * cos(radians), chroma * sin(radians))
    }

    // Matrices from CSS Color 4, section 18 (sample code for colour conversions).
    static let xyzToLinearSRGB: Matrix = (
        (3.2409699419045226, -1.537383177570094, -0.4986107602930034),
        (-0.9692436362808796, 1.8759675015077202, 0.04155505740717559),
        (0.05563007969699366, -0.20397695888897652, 1.0569715142428786)
    )
    static let linearP3ToXYZ: Matrix = (
        (0.4865709486482162, 0.26566769316909306, 0.1982172852343625),
        (0.2289745640697488, 0.6917385218365064, 0.079286914093745),
        (0.0, 0.04511338185890264, 1.043944368900976)
    )
    static let d50ToD65: Matrix = (
        (0.955473421488075, -0.02309845494876471, 0.06325924320057072),
        (-0.0283697093338637, 1.0099953980813041, 0.021041441191917323),
        (0.012314014864481998, -0.020507649298898964, 1.330365926242124)
    )

    static func hslToSRGB(hue: Double, saturation: Double, lightness: Double) -> Vector {
        let h = hue.truncatingRemainder(dividingBy: 360) + (hue < 0 ? 360 : 0)
        let a = saturation * min(lightness, 1 - lightness)
        func f(_ n: Double) -> Double {
            let k = (n + h / 30).truncatingRemainder(dividingBy: 12)
            return lightness - a * max(-1, min(k - 3, 9 - k, 1))
        }
        return (f(0), f(8), f(4))
    }

    static func hwbToSRGB(hue: Double, whiteness: Double, blackness: Double) -> Vector {
        if whiteness + blackness >= 1 {
            let gray = whiteness / (whiteness + blackness)
            return (gray, gray, gray)
        }
        let pure = hslToSRGB(hue: hue, saturation: 1, lightness: 0.5)
        let scale = 1 - whiteness - blackness
        return (pure.0 * scale + whiteness, pure.1 * scale + whiteness, pure.2 * scale + whiteness)
    }

    static func labToSRGB(lightness: Double, a: Double, b: Double) -> Vector {
        let kappa = 24389.0 / 27, epsilon = 216.0 / 24389
        let f1 = (lightness + 16) / 116
        let f0 = a / 500 + f1
        let f2 = f1 - b / 200
        let x = pow(f0, 3) > epsilon ? pow(f0, 3) : (116 * f0 - 16) / kappa
        let y = lightness > kappa * epsilon ? pow(f1, 3) : lightness / kappa
        let z = pow(f2, 3) > epsilon ? pow(f2, 3) : (116 * f2 - 16) / kappa
        let d50: Vector = (0.3457 / 0.3585, 1, (1 - 0.3457 - 0.3585) / 0.3585)
        let xyz50: Vector = (x * d50.0, y * d50.1, z * d50.2)
        return encode(multiply(xyzToLinearSRGB, multiply(d50ToD65, xyz50)))
    }

    static func oklabToSRGB(lightness: Double, a: Double, b: Double) -> Vector {
        let l = pow(lightness + 0.3963377774 * a + 0.2158037573 * b, 3)
        let m = pow(lightness - 0.1055613458 * a - 0.0638541728 * b, 3)
        let s = pow(lightness - 0.0894841775 * a - 1.2914855480 * b, 3)
        let linear: Vector = (
            4.0767416621 * l - 3.3077115913 * m + 0.2309699292 * s,
            -1.2684380046 * l + 2.6097574011 * m - 0.3413193965 * s,
            -0.0041960863 * l - 0.7034186147 * m + 1.7076147010 * s
        )
        return encode(linear)
    }
}
