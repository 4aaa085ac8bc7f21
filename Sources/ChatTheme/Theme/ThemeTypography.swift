import ChatModel
import ChatSupport
/// A text style from a DTCG `typography` token.
package struct ThemeTypography: Sendable, Equatable {
    /// The font stack.
    package var fontFamily: ThemeFontFamily
    /// The font size; emitted in rem.
    package var fontSize: ThemeDimension
    /// The weight, 1…1000.
    package var fontWeight: Double
    /// The line height as a multiple of the font size.
    package var lineHeight: Double
    /// Extra space between letters.
    package var letterSpacing: ThemeDimension

    /// Makes a text style.
    package init(
        fontFamily: ThemeFontFamily, fontSize: ThemeDimension, fontWeight: Double,
        lineHeight: Double, letterSpacing: ThemeDimension
    ) {
        self.fontFamily = fontFamily
        self.fontSize = fontSize
        self.fontWeight = fontWeight
        self.lineHeight = lineHeight
        self.letterSpacing = letterSpacing
    }
}
