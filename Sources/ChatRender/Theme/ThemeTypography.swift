/// A text style from a DTCG `typography` token.
public struct ThemeTypography: Sendable, Equatable {
    /// The font stack.
    public var fontFamily: ThemeFontFamily
    /// The font size; emitted in rem.
    public var fontSize: ThemeDimension
    /// The weight, 1…1000.
    public var fontWeight: Double
    /// The line height as a multiple of the font size.
    public var lineHeight: Double
    /// Extra space between letters.
    public var letterSpacing: ThemeDimension

    /// Makes a text style.
    public init(fontFamily: ThemeFontFamily, fontSize: ThemeDimension, fontWeight: Double,
                lineHeight: Double, letterSpacing: ThemeDimension) {
        self.fontFamily = fontFamily
        self.fontSize = fontSize
        self.fontWeight = fontWeight
        self.lineHeight = lineHeight
        self.letterSpacing = letterSpacing
    }
}
