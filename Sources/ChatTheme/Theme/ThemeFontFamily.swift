import ChatModel
import ChatSupport
/// A font stack from a DTCG `fontFamily` token: one or more names, each validated so it is safe to write
/// into CSS.
package struct ThemeFontFamily: Sendable, Equatable {
    /// One entry of the stack.
    package enum Name: Sendable, Equatable {
        /// A CSS generic family or a well-known system keyword, written unquoted.
        case generic(Generic)
        /// A font name made only of letters, digits, spaces, hyphens and underscores, written quoted.
        case named(String)
    }

    /// CSS generic families and the two vendor system-font keywords, in their canonical spelling.
    package enum Generic: String, Sendable, CaseIterable {
        /// `serif`
        case serif
        /// `sans-serif`
        case sansSerif = "sans-serif"
        /// `monospace`
        case monospace
        /// `cursive`
        case cursive
        /// `fantasy`
        case fantasy
        /// `math`
        case math
        /// `emoji`
        case emoji
        /// `fangsong`
        case fangsong
        /// `system-ui`: the platform's interface font.
        case systemUI = "system-ui"
        /// `ui-serif`
        case uiSerif = "ui-serif"
        /// `ui-sans-serif`
        case uiSansSerif = "ui-sans-serif"
        /// `ui-monospace`
        case uiMonospace = "ui-monospace"
        /// `ui-rounded`
        case uiRounded = "ui-rounded"
        /// `-apple-system`: older Safari's name for the system font.
        case appleSystem = "-apple-system"
        /// `BlinkMacSystemFont`: older Chrome's name for the system font on macOS.
        case blinkMacSystemFont = "BlinkMacSystemFont"
    }

    /// The names in order of preference.
    package var names: [Name]

    /// Makes a stack.
    package init(_ names: [Name]) {
        self.names = names
    }
}

package extension ThemeFontFamily.Name {
    /// Reads one font name, or returns nil when it contains anything outside the strict grammar
    /// (letters of any script, combining marks after the first character, digits, spaces, `-`, `_`).
    init?(validating text: String) {
        let lowered = text.lowercased()
        if let generic = ThemeFontFamily.Generic.allCases.first(where: { $0.rawValue.lowercased() == lowered }) {
            self = .generic(generic)
            return
        }
        // Most names are ASCII: letters, digits, spaces, hyphens and underscores need no
        // Unicode tables (the same rules as below, where a mark may not come first).
        let ascii = text.utf8
        if let first = ascii.first, let last = ascii.last, ascii.count <= 100, first != 0x20, last != 0x20,
            ascii.allSatisfy({ byte in
                (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
                    || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == 0x20 || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_")
            })
        {
            self = .named(text)
            return
        }
        guard Self.isNameByScalars(text) else { return nil }
        self = .named(text)
    }

    /// The grammar, scalar by scalar with Unicode's categories: the reference the ASCII path
    /// above must agree with (`ThemeValueTests`).
    static func isNameByScalars(_ text: String) -> Bool {
        let scalars = text.unicodeScalars
        guard let first = scalars.first, let last = scalars.last, scalars.count <= 100,
            first != " ", last != " "
        else { return false }
        for (index, scalar) in scalars.enumerated() {
            switch scalar.properties.generalCategory {
            case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
                .decimalNumber:
                continue
            case .nonspacingMark, .spacingMark:
                if index == 0 { return false }
            default:
                if scalar == " " || scalar == "-" || scalar == "_" { continue }
                return false
            }
        }
        return true
    }
}
