/// The CLDR plural categories (Unicode TR 35, "Language Plural Rules"): which form of a counted
/// text a number takes in a language. Only whole numbers are counted on a page.
package enum PluralCategory: String, CaseIterable, Sendable {
    case zero, one, two, few, many, other

    /// The category of `n` in `language` (a lower-case language subtag), from the CLDR 45 rules
    /// for integers. Languages not listed here use English's (one for 1, other otherwise).
    package static func of(_ n: Int, language: String) -> PluralCategory {
        let n = n.magnitude
        let mod10 = n % 10, mod100 = n % 100
        switch language {
        case "ja", "zh", "ko", "vi", "th", "id", "ms":
            return .other
        case "fr", "pt":
            // i = 0,1 → one; large round millions → many (1000000 and its multiples).
            if n == 0 || n == 1 { return .one }
            if n != 0 && n % 1_000_000 == 0 { return .many }
            return .other
        case "es", "it":
            if n == 1 { return .one }
            if n != 0 && n % 1_000_000 == 0 { return .many }
            return .other
        case "pl":
            if n == 1 { return .one }
            if (2...4).contains(mod10) && !(12...14).contains(mod100) { return .few }
            return .many
        case "ru", "uk":
            if mod10 == 1 && mod100 != 11 { return .one }
            if (2...4).contains(mod10) && !(12...14).contains(mod100) { return .few }
            return .many
        case "cs", "sk":
            if n == 1 { return .one }
            if (2...4).contains(n) { return .few }
            return .other
        case "ar":
            if n == 0 { return .zero }
            if n == 1 { return .one }
            if n == 2 { return .two }
            if (3...10).contains(mod100) { return .few }
            if (11...99).contains(mod100) { return .many }
            return .other
        default:
            return n == 1 ? .one : .other
        }
    }

    /// The categories a language's counted texts must give (a table is complete with these).
    package static func needed(language: String) -> [PluralCategory] {
        switch language {
        case "ja", "zh", "ko", "vi", "th", "id", "ms": return [.other]
        case "fr", "pt", "es", "it": return [.one, .many, .other]
        case "pl", "ru", "uk": return [.one, .few, .many, .other]
        case "cs", "sk": return [.one, .few, .other]
        case "ar": return [.zero, .one, .two, .few, .many, .other]
        default: return [.one, .other]
        }
    }
}
