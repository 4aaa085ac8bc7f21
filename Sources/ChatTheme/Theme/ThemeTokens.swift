import ChatModel
import ChatSupport
/// The resolved, typed value of every token the blocks use, for one mode.
///
/// Every value here has been validated against a strict grammar, so the stylesheet is built from
/// numbers and enumerations only, never from strings copied out of the theme file.
package struct ThemeTokens: Sendable, Equatable {
    /// The colours, by role (`color.*`).
    package var color: Colors
    /// Corner radii (`radius.*`).
    package var radius: Radii
    /// Text styles (`type.*`).
    package var type: TypeScale
    /// Animation timings (`motion.*`).
    package var motion: Motion

    /// Makes a token set from its four groups.
    package init(color: Colors, radius: Radii, type: TypeScale, motion: Motion) {
        self.color = color
        self.radius = radius
        self.type = type
        self.motion = motion
    }

    // MARK: Roles

    /// The colour roles the blocks use; the raw value is the token name inside the `color` group.
    package enum ColorRole: String, CaseIterable, Sendable {
        /// `color.bg`, the page background.
        case bg
        /// `color.surface`, chips and cards.
        case surface
        /// `color.surfaceElevated`, raised things such as the progress ring's disc.
        case surfaceElevated
        /// `color.fill`, the person's bubble, capsules and tracks.
        case fill
        /// `color.separator`, hairlines.
        case separator
        /// `color.textPrimary`, main text.
        case textPrimary
        /// `color.textSecondary`, secondary text and icons.
        case textSecondary
        /// `color.textTertiary`, sizes and footnotes.
        case textTertiary
        /// `color.accent`, buttons, focus rings and (unless `link` is given) links.
        case accent
        /// `color.accentOn`, text on the accent.
        case accentOn
        /// `color.danger`, failures.
        case danger
        /// `color.warning`, warnings.
        case warning
        /// `color.statusOn`, text on danger and warning capsules.
        case statusOn
        /// `color.link`, links and citation markers in replies. Optional: falls back to `accent`.
        case link
        /// `color.syntaxKeyword`, keywords in code (on `fill`). Optional: falls back to `textPrimary`.
        case syntaxKeyword
        /// `color.syntaxString`, string and character literals in code. Optional: `textPrimary`.
        case syntaxString
        /// `color.syntaxComment`, comments in code. Optional: falls back to `textSecondary`.
        case syntaxComment
        /// `color.syntaxNumber`, number literals in code. Optional: `textPrimary`.
        case syntaxNumber
        /// `color.syntaxFunction`, function and method names in code. Optional: `textPrimary`.
        case syntaxFunction
        /// `color.syntaxType`, type names in code. Optional: `textPrimary`.
        case syntaxType
        /// `color.syntaxConstant`, constants, booleans and nil in code. Optional: `textPrimary`.
        case syntaxConstant
        /// `color.syntaxTag`, markup tag names in code. Optional: `textPrimary`.
        case syntaxTag
        /// `color.syntaxAttribute`, markup attribute names and properties in code. Optional: `textPrimary`.
        case syntaxAttribute
        /// `color.syntaxMeta`, preprocessor lines, annotations and attributes in code. Optional: `textSecondary`.
        case syntaxMeta
        /// `color.diffAdded`, the text of added lines in a diff. Optional: falls back to `textPrimary`.
        case diffAdded
        /// `color.diffAddedBg`, the background of added lines (drawn on `surface`). Optional: `accent`
        /// at 14% opacity.
        case diffAddedBg
        /// `color.diffRemoved`, the text of removed lines in a diff. Optional: falls back to `textPrimary`.
        case diffRemoved
        /// `color.diffRemovedBg`, the background of removed lines (drawn on `surface`). Optional:
        /// `danger` at 14% opacity.
        case diffRemovedBg

        /// The token path, such as `color.textPrimary`.
        package var tokenPath: String { "color.\(rawValue)" }
        /// The CSS custom property, such as `--color-text-primary`.
        package var customProperty: String { "--color-" + ThemeTokens.kebab(rawValue) }

        /// What a theme that leaves this token out gets instead; nil for a token every mode must define.
        /// Every fallback is built from required roles only, so it never depends on another fallback,
        /// and the contrast checks see the colour the page will really use.
        package var fallback: ColorFallback? {
            switch self {
            case .bg, .surface, .surfaceElevated, .fill, .separator, .textPrimary, .textSecondary,
                .textTertiary, .accent, .accentOn, .danger, .warning, .statusOn:
                return nil
            case .link: return .role(.accent)
            case .syntaxComment, .syntaxMeta: return .role(.textSecondary)
            case .syntaxKeyword, .syntaxString, .syntaxNumber, .syntaxFunction, .syntaxType,
                .syntaxConstant, .syntaxTag, .syntaxAttribute:
                return .role(.textPrimary)
            case .diffAdded, .diffRemoved: return .role(.textPrimary)
            case .diffAddedBg: return .tint(.accent, opacity: ColorFallback.diffTint)
            case .diffRemovedBg: return .tint(.danger, opacity: ColorFallback.diffTint)
            }
        }

        /// Whether every mode of a theme must define this token.
        package var isRequired: Bool { fallback == nil }
    }

    /// The value an optional colour token takes when a theme leaves it out.
    package enum ColorFallback: Sendable, Equatable {
        /// The same colour as a required role.
        case role(ColorRole)
        /// A required role's colour made translucent: its alpha multiplied by `opacity`.
        case tint(ColorRole, opacity: Double)

        /// The opacity of the diff backgrounds' fallback tints: enough to tell added from removed
        /// lines, little enough that `textPrimary` on them reads like `textPrimary` on `surface`.
        package static let diffTint = 0.14

        /// The fallback colour, from the mode's required colours.
        package func color(_ required: (ColorRole) -> ThemeColor) -> ThemeColor {
            switch self {
            case .role(let role):
                return required(role)
            case .tint(let role, let opacity):
                var color = required(role)
                color.alpha *= opacity
                return color
            }
        }
    }

    /// The corner radius roles (`radius.xs` … `radius.lg`).
    package enum RadiusRole: String, CaseIterable, Sendable {
        /// `radius.xs`, photo tiles in a grid.
        case xs
        /// `radius.sm`, small controls.
        case sm
        /// `radius.md`, photos, bubbles and file chips.
        case md
        /// `radius.lg`, file cards.
        case lg
        /// The token path, such as `radius.md`.
        package var tokenPath: String { "radius.\(rawValue)" }
        /// The CSS custom property, such as `--radius-md`.
        package var customProperty: String { "--radius-\(rawValue)" }
    }

    /// The text style roles (`type.body` … `type.footnote`).
    package enum TypeRole: String, CaseIterable, Sendable {
        /// `type.body`, message text.
        case body
        /// `type.subhead`, file names.
        case subhead
        /// `type.caption`, dates and captions.
        case caption
        /// `type.footnote`, sizes and notes.
        case footnote
        /// The token path, such as `type.body`.
        package var tokenPath: String { "type.\(rawValue)" }
        /// The prefix of the style's five custom properties, such as `--type-body`.
        package var customPropertyPrefix: String { "--type-\(rawValue)" }
    }

    /// The motion roles (`motion.smooth`, `motion.snappy`).
    package enum MotionRole: String, CaseIterable, Sendable {
        /// `motion.smooth`, turns appearing.
        case smooth
        /// `motion.snappy`, small state changes.
        case snappy
        /// The token path, such as `motion.smooth`.
        package var tokenPath: String { "motion.\(rawValue)" }
        /// The prefix of the two custom properties, such as `--motion-smooth`.
        package var customPropertyPrefix: String { "--motion-\(rawValue)" }
    }

    // MARK: Groups

    /// One colour per ``ColorRole``.
    package struct Colors: Sendable, Equatable {
        /// The page background.
        package var bg: ThemeColor
        /// Chips and cards.
        package var surface: ThemeColor
        /// Raised things on a surface, such as the upload progress ring's disc.
        package var surfaceElevated: ThemeColor
        /// The person's bubble, capsules and tracks.
        package var fill: ThemeColor
        /// Hairlines between things.
        package var separator: ThemeColor
        /// Main text.
        package var textPrimary: ThemeColor
        /// Secondary text and icons.
        package var textSecondary: ThemeColor
        /// Sizes and footnotes.
        package var textTertiary: ThemeColor
        /// Buttons and links.
        package var accent: ThemeColor
        /// Text on ``accent``.
        package var accentOn: ThemeColor
        /// Failures.
        package var danger: ThemeColor
        /// Warnings.
        package var warning: ThemeColor
        /// Text on ``danger`` and ``warning`` capsules.
        package var statusOn: ThemeColor
        /// Links and citation markers in replies.
        package var link: ThemeColor
        /// Keywords in code.
        package var syntaxKeyword: ThemeColor
        /// String literals in code.
        package var syntaxString: ThemeColor
        /// Comments in code.
        package var syntaxComment: ThemeColor
        /// Number literals in code.
        package var syntaxNumber: ThemeColor
        /// Function names in code.
        package var syntaxFunction: ThemeColor
        /// Type names in code.
        package var syntaxType: ThemeColor
        /// Constants in code.
        package var syntaxConstant: ThemeColor
        /// Markup tag names in code.
        package var syntaxTag: ThemeColor
        /// Markup attribute names in code.
        package var syntaxAttribute: ThemeColor
        /// Preprocessor lines and annotations in code.
        package var syntaxMeta: ThemeColor
        /// Text of added lines in a diff.
        package var diffAdded: ThemeColor
        /// Background of added lines in a diff.
        package var diffAddedBg: ThemeColor
        /// Text of removed lines in a diff.
        package var diffRemoved: ThemeColor
        /// Background of removed lines in a diff.
        package var diffRemovedBg: ThemeColor

        /// The colour for a role.
        package subscript(role: ColorRole) -> ThemeColor {
            get {
                switch role {
                case .bg: return bg
                case .surface: return surface
                case .surfaceElevated: return surfaceElevated
                case .fill: return fill
                case .separator: return separator
                case .textPrimary: return textPrimary
                case .textSecondary: return textSecondary
                case .textTertiary: return textTertiary
                case .accent: return accent
                case .accentOn: return accentOn
                case .danger: return danger
                case .warning: return warning
                case .statusOn: return statusOn
                case .link: return link
                case .syntaxKeyword: return syntaxKeyword
                case .syntaxString: return syntaxString
                case .syntaxComment: return syntaxComment
                case .syntaxNumber: return syntaxNumber
                case .syntaxFunction: return syntaxFunction
                case .syntaxType: return syntaxType
                case .syntaxConstant: return syntaxConstant
                case .syntaxTag: return syntaxTag
                case .syntaxAttribute: return syntaxAttribute
                case .syntaxMeta: return syntaxMeta
                case .diffAdded: return diffAdded
                case .diffAddedBg: return diffAddedBg
                case .diffRemoved: return diffRemoved
                case .diffRemovedBg: return diffRemovedBg
                }
            }
            set {
                switch role {
                case .bg: bg = newValue
                case .surface: surface = newValue
                case .surfaceElevated: surfaceElevated = newValue
                case .fill: fill = newValue
                case .separator: separator = newValue
                case .textPrimary: textPrimary = newValue
                case .textSecondary: textSecondary = newValue
                case .textTertiary: textTertiary = newValue
                case .accent: accent = newValue
                case .accentOn: accentOn = newValue
                case .danger: danger = newValue
                case .warning: warning = newValue
                case .statusOn: statusOn = newValue
                case .link: link = newValue
                case .syntaxKeyword: syntaxKeyword = newValue
                case .syntaxString: syntaxString = newValue
                case .syntaxComment: syntaxComment = newValue
                case .syntaxNumber: syntaxNumber = newValue
                case .syntaxFunction: syntaxFunction = newValue
                case .syntaxType: syntaxType = newValue
                case .syntaxConstant: syntaxConstant = newValue
                case .syntaxTag: syntaxTag = newValue
                case .syntaxAttribute: syntaxAttribute = newValue
                case .syntaxMeta: syntaxMeta = newValue
                case .diffAdded: diffAdded = newValue
                case .diffAddedBg: diffAddedBg = newValue
                case .diffRemoved: diffRemoved = newValue
                case .diffRemovedBg: diffRemovedBg = newValue
                }
            }
        }

        /// Makes the set from a function giving each role's colour.
        package init(_ color: (ColorRole) -> ThemeColor) {
            bg = color(.bg); surface = color(.surface); surfaceElevated = color(.surfaceElevated)
            fill = color(.fill); separator = color(.separator)
            textPrimary = color(.textPrimary); textSecondary = color(.textSecondary); textTertiary = color(.textTertiary)
            accent = color(.accent); accentOn = color(.accentOn); danger = color(.danger)
            warning = color(.warning); statusOn = color(.statusOn)
            link = color(.link)
            syntaxKeyword = color(.syntaxKeyword); syntaxString = color(.syntaxString)
            syntaxComment = color(.syntaxComment); syntaxNumber = color(.syntaxNumber)
            syntaxFunction = color(.syntaxFunction); syntaxType = color(.syntaxType)
            syntaxConstant = color(.syntaxConstant); syntaxTag = color(.syntaxTag)
            syntaxAttribute = color(.syntaxAttribute); syntaxMeta = color(.syntaxMeta)
            diffAdded = color(.diffAdded); diffAddedBg = color(.diffAddedBg)
            diffRemoved = color(.diffRemoved); diffRemovedBg = color(.diffRemovedBg)
        }
    }

    /// One radius per ``RadiusRole``.
    package struct Radii: Sendable, Equatable {
        /// Photo tiles inside a grid.
        package var xs: ThemeDimension
        /// Small controls.
        package var sm: ThemeDimension
        /// Photos, bubbles and file chips.
        package var md: ThemeDimension
        /// File cards.
        package var lg: ThemeDimension

        /// The radius for a role.
        package subscript(role: RadiusRole) -> ThemeDimension {
            switch role {
            case .xs: return xs
            case .sm: return sm
            case .md: return md
            case .lg: return lg
            }
        }

        /// Makes the set from a function giving each role's radius.
        package init(_ radius: (RadiusRole) -> ThemeDimension) {
            xs = radius(.xs); sm = radius(.sm); md = radius(.md); lg = radius(.lg)
        }
    }

    /// One text style per ``TypeRole``.
    package struct TypeScale: Sendable, Equatable {
        /// Message text.
        package var body: ThemeTypography
        /// File names and secondary headings.
        package var subhead: ThemeTypography
        /// Dates and captions.
        package var caption: ThemeTypography
        /// File sizes and notes.
        package var footnote: ThemeTypography

        /// The style for a role.
        package subscript(role: TypeRole) -> ThemeTypography {
            switch role {
            case .body: return body
            case .subhead: return subhead
            case .caption: return caption
            case .footnote: return footnote
            }
        }

        /// Makes the set from a function giving each role's style.
        package init(_ style: (TypeRole) -> ThemeTypography) {
            body = style(.body); subhead = style(.subhead); caption = style(.caption); footnote = style(.footnote)
        }
    }

    /// One transition per ``MotionRole``.
    package struct Motion: Sendable, Equatable {
        /// Turns appearing.
        package var smooth: ThemeTransition
        /// Small state changes.
        package var snappy: ThemeTransition

        /// The transition for a role.
        package subscript(role: MotionRole) -> ThemeTransition {
            switch role {
            case .smooth: return smooth
            case .snappy: return snappy
            }
        }

        /// Makes the set from a function giving each role's transition.
        package init(_ transition: (MotionRole) -> ThemeTransition) {
            smooth = transition(.smooth); snappy = transition(.snappy)
        }
    }

    /// `surfaceElevated` → `surface-elevated`.
    static func kebab(_ camel: String) -> String {
        // Every role's name is ASCII: byte by byte, without Unicode case tables.
        if camel.utf8.allSatisfy({ $0 < 0x80 }) {
            var bytes: [UInt8] = []
            bytes.reserveCapacity(camel.utf8.count + 4)
            for byte in camel.utf8 {
                if byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") {
                    bytes.append(UInt8(ascii: "-"))
                    bytes.append(byte | 0x20)
                } else {
                    bytes.append(byte)
                }
            }
            return String(decoding: bytes, as: UTF8.self)
        }
        return kebabByCharacter(camel)
    }

    /// ``kebab(_:)`` Character by Character: for a name that is not ASCII, and the reference the
    /// byte path must agree with (`ThemeValueTests`).
    static func kebabByCharacter(_ camel: String) -> String {
        var out = ""
        for character in camel {
            if character.isUppercase {
                out.append("-")
                out.append(contentsOf: character.lowercased())
            } else {
                out.append(character)
            }
        }
        return out
    }
}
