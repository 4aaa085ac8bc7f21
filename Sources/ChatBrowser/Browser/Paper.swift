import ChatModel
import ChatOutput
/// A paper size for ``HeadlessChromium/printToPDF(fileURL:paper:)``.
public enum Paper: String, Sendable, CaseIterable {
    /// ISO A4, 210 × 297 mm.
    case a4
    /// US Letter, 8.5 × 11 in.
    case letter

    /// Width and height in inches, as the DevTools protocol takes them.
    public var inches: (width: Double, height: Double) {
        switch self {
        case .a4: return (210 / 25.4, 297 / 25.4)
        case .letter: return (8.5, 11)
        }
    }
}
