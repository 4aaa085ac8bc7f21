/// The words of the page in the reader's language (`--locale`): one string table, looked up by
/// ``UIKey``. English is compiled in, so a page in English needs no file and reads the same on
/// every machine; other languages come from `templates/strings/<tag>.json` (see `ChatLoad`'s
/// `UIStrings.load`), and a key a table lacks reads in English.
package struct UIStrings: Sendable, Equatable {
    /// The table's BCP 47 tag (`en`, `de`, `zh-Hans`): the page's `<html lang>`.
    package var tag: String
    /// The language subtag, lower-case (`zh`): picks the plural rules.
    package var language: String
    /// Whether the page's chrome runs right to left (`<html dir="rtl">`): Arabic, Hebrew, Persian, Urdu.
    package var isRightToLeft: Bool
    private var texts: [UIKey: String] = [:]
    private var counts: [UIKey: [PluralCategory: String]] = [:]
    private var lists: [UIKey: [String]] = [:]

    /// English, compiled in.
    package static let english = UIStrings(tag: "en")

    /// An empty table for `tag`: every key reads in English until set.
    package init(tag: String) {
        self.tag = tag
        language = tag.split(separator: "-").first.map { $0.lowercased() } ?? "en"
        isRightToLeft = ["ar", "he", "fa", "ur", "ps", "yi", "dv", "ckb"].contains(language)
    }

    /// Whether dates are written by the English rules in code (`PageLocale`).
    package var isEnglish: Bool { language == "en" }

    /// Sets a text key.
    package mutating func set(_ key: UIKey, text: String) { texts[key] = text }
    /// Sets a counted key's forms.
    package mutating func set(_ key: UIKey, forms: [PluralCategory: String]) { counts[key] = forms }
    /// Sets a list key (12 months, 7 weekdays from Sunday).
    package mutating func set(_ key: UIKey, list: [String]) { lists[key] = list }

    /// Whether the table itself gives `key` (not the English fallback).
    package func has(_ key: UIKey) -> Bool { texts[key] != nil || counts[key] != nil || lists[key] != nil }
    /// The plural forms the table gives for a counted key.
    package func forms(_ key: UIKey) -> [PluralCategory: String]? { counts[key] }

    /// A text key as the table gives it, `{placeholders}` filled from `values`.
    package func text(_ key: UIKey, _ values: KeyValuePairs<String, String> = [:]) -> String {
        let pattern = texts[key] ?? key.english
        // With no values every placeholder stays as written: the pattern is the text.
        return values.isEmpty ? pattern : Self.fill(pattern, values)
    }

    /// A text key with no values.
    package subscript(_ key: UIKey) -> String { text(key) }

    /// A counted key in the form `count` takes in the language (CLDR categories), with `{count}`
    /// the number written in the language and the other `values` filled.
    package func counted(_ key: UIKey, _ count: Int, _ values: KeyValuePairs<String, String> = [:]) -> String {
        let pattern: String
        if let forms = counts[key] {
            let category = PluralCategory.of(count, language: language)
            pattern = forms[category] ?? forms[.other] ?? Self.englishForm(key, count)
        } else {
            pattern = Self.englishForm(key, count)
        }
        var all = Array(values)
        all.append(("count", number(count)))
        return Self.fill(pattern, all)
    }

    /// A list key (`months`, `monthsShort`, `weekdays`).
    package func list(_ key: UIKey) -> [String] {
        lists[key] ?? key.english.split(separator: "|", omittingEmptySubsequences: false).map(String.init)
    }

    /// English's form of a counted key: `one|other` in the raw value.
    package static func englishForm(_ key: UIKey, _ count: Int) -> String {
        let forms = key.english.split(separator: "|", omittingEmptySubsequences: false)
        return String(count == 1 || forms.count == 1 ? forms[0] : forms[1])
    }

    /// A whole number with the language's grouping ("1,234", "1.234", "1 234").
    package func number(_ value: Int) -> String {
        let group = text(.groupSeparator)
        let digits = Array(String(value.magnitude))
        var out = value < 0 ? "-" : ""
        // CLDR: Polish and Spanish leave four-digit numbers ungrouped ("1234", "12 345").
        let minimum = ["pl", "es"].contains(language) ? 5 : 4
        for (i, digit) in digits.enumerated() {
            if i > 0 && (digits.count - i) % 3 == 0 && digits.count >= minimum { out.append(group) }
            out.append(digit)
        }
        return out
    }

    /// An English-formatted decimal ("1,234.5") in the language's separators ("1.234,5").
    package func localized(decimal english: String) -> String {
        guard !isEnglish else { return english }
        let decimal = text(.decimalSeparator), group = text(.groupSeparator)
        var out = ""
        for character in english {
            switch character {
            case ".": out += decimal
            case ",": out += group
            default: out.append(character)
            }
        }
        return out
    }

    /// Fills `{name}` placeholders; an unknown one stays as written.
    package static func fill(_ pattern: String, _ values: some Sequence<(String, String)>) -> String {
        // Asked of the UTF-8 bytes: `contains("{")` would be Foundation's substring search.
        guard pattern.utf8.contains(UInt8(ascii: "{")) else { return pattern }
        // The last value of a name counts, as a table of them would keep it; the few values a
        // phrase has are looked up in a list rather than hashed into a new dictionary each time.
        let table = Array(values)
        var bytes = pattern
        let filled = bytes.withUTF8 { utf8 -> String? in
            guard let pieces = placeholderPieces(utf8) else { return nil }
            var out: [UInt8] = []
            out.reserveCapacity(utf8.count + 16)
            for piece in pieces {
                out.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[piece.literal]))
                guard let name = piece.name else { continue }
                if let value = table.last(where: { placeholder(UnsafeBufferPointer(rebasing: utf8[name]), is: $0.0) })?.1 {
                    out.append(contentsOf: value.utf8)
                } else {
                    out.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[name.lowerBound - 1..<name.upperBound + 1]))
                }
            }
            return String(decoding: out, as: UTF8.self)
        }
        if let filled { return filled }
        var out = ""
        var rest = Substring(pattern)
        while let open = firstBrace("{", in: rest) {
            out += rest[..<open]
            // An unclosed brace and what follows it stay as written (the text before it is out already).
            guard let close = firstBrace("}", in: rest[open...]) else {
                rest = rest[open...]
                break
            }
            let name = rest[rest.index(after: open)..<close]
            if let value = table.last(where: { $0.0 == name })?.1 { out += value } else { out += rest[open...close] }
            rest = rest[rest.index(after: close)...]
        }
        out += rest
        return out
    }

    /// A pattern's text between its placeholders and the placeholders' names (without braces), in
    /// order, as byte ranges of `utf8`; a brace left unclosed and what follows it are text. Found
    /// in bytes when every brace byte of the pattern stands between ASCII bytes (or at an end),
    /// each then a Character of its own, where ``firstBrace(_:in:)`` finds it; nil otherwise,
    /// for the Character search.
    package static func placeholderPieces(_ utf8: UnsafeBufferPointer<UInt8>) -> [(literal: Range<Int>, name: Range<Int>?)]? {
        let open = UInt8(ascii: "{"), close = UInt8(ascii: "}")
        for i in utf8.indices where utf8[i] == open || utf8[i] == close {
            if (i > 0 && utf8[i - 1] >= 0x80) || (i + 1 < utf8.count && utf8[i + 1] >= 0x80) { return nil }
        }
        var pieces: [(literal: Range<Int>, name: Range<Int>?)] = []
        var start = 0
        while let brace = utf8[start...].firstIndex(of: open), let end = utf8[brace...].firstIndex(of: close) {
            pieces.append((start..<brace, brace + 1..<end))
            start = end + 1
        }
        pieces.append((start..<utf8.count, nil))
        return pieces
    }

    /// Whether the placeholder named by `name`'s bytes is `key`: compared in bytes when both are
    /// ASCII, as Strings (canonical equivalence) otherwise.
    package static func placeholder(_ name: UnsafeBufferPointer<UInt8>, is key: String) -> Bool {
        if name.allSatisfy({ $0 < 0x80 }) && key.utf8.allSatisfy({ $0 < 0x80 }) { return key.utf8.elementsEqual(name) }
        return String(decoding: name, as: UTF8.self) == key
    }

    /// The first Character of `text` that is `brace` (`{` or `}`), found in its UTF-8: a brace
    /// byte between two ASCII bytes (or at an end) is a Character of its own. One that touches
    /// other bytes could be part of a larger Character (a combining mark on it, a prepended
    /// sign before it), so then the Characters are searched, as they always were.
    package static func firstBrace(_ brace: Character, in text: Substring) -> String.Index? {
        let utf8 = text.utf8
        guard let byte = brace.asciiValue, let found = utf8.firstIndex(of: byte) else { return nil }
        let next = utf8.index(after: found)
        if (found == utf8.startIndex || utf8[utf8.index(before: found)] < 0x80) && (next == utf8.endIndex || utf8[next] < 0x80) {
            return found
        }
        return text.firstIndex(of: brace)
    }

    package static func fill(_ pattern: String, _ values: KeyValuePairs<String, String>) -> String {
        fill(pattern, values.lazy.map { ($0.key, $0.value) })
    }

    /// The placeholders a pattern names, for checking a table against English.
    package static func placeholders(in pattern: String) -> Set<String> {
        var bytes = pattern
        if let names = bytes.withUTF8({ utf8 -> Set<String>? in
            placeholderPieces(utf8).map { Set($0.compactMap { $0.name.map { String(decoding: UnsafeBufferPointer(rebasing: utf8[$0]), as: UTF8.self) } }) }
        }) {
            return names
        }
        return placeholdersByCharacter(in: pattern)
    }

    /// ``placeholders(in:)`` found Character by Character: for a pattern with a brace that
    /// touches a byte that is not ASCII, and the reference its byte reading is tested against.
    package static func placeholdersByCharacter(in pattern: String) -> Set<String> {
        var names: Set<String> = []
        var rest = Substring(pattern)
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            names.insert(String(rest[rest.index(after: open)..<close]))
            rest = rest[rest.index(after: close)...]
        }
        return names
    }

    /// The texts the page's scripts use, as a JSON object for `<html data-cr-strings>` (empty for
    /// English, whose words the scripts carry).
    package var scriptStrings: String { scriptStrings() }

    /// ``scriptStrings``, its literals quoted with `options` (``JSONQuote/Options/htmlSafe`` for
    /// the site's script, where the object stands in script text).
    package func scriptStrings(_ options: JSONQuote.Options = []) -> String {
        let keys: [UIKey] = [
            .copy, .copyCode, .copied, .copyFailed, .close, .previousPhoto, .nextPhoto, .photo, .photoOf,
            .send, .stop, .addAttachment, .addAttachmentFull, .characters, .charactersOver, .model, .on, .off,
            .recording, .groupSeparator, .sendOffType, .sendOffTypeOrAttach, .sendOffFailed, .sendOffLimit,
            .sendOffDictate, .moreAt, .limitPlaceholder, .listening, .message,
        ]
        // Counted texts go as their plural forms; the script picks one with the page's plural rules.
        let countedKeys: [UIKey] = [.sendOffOver, .sendOffUploads, .sendOffLoading, .usedAllMessages, .messagesLeftUntil, .messagesLeftToday]
        guard
            !isEnglish || keys.contains(where: { text($0) != $0.english })
                || countedKeys.contains(where: { key in
                    counts[key].map { $0[.one] != Self.englishForm(key, 1) || $0[.other] != Self.englishForm(key, 2) } ?? false
                })
        else { return "" }
        // The table's language, for the script's plural rules (a gallery page is itself in English).
        var json = "{\"$lang\":" + JSONQuote.quote(tag, options)
        for key in keys {
            json += ",\"\(key.name)\":" + JSONQuote.quote(text(key), options)
        }
        for key in countedKeys {
            let forms =
                counts[key].map { table in
                    PluralCategory.allCases.compactMap { c in table[c].map { (c.rawValue, $0) } }
                } ?? [("one", Self.englishForm(key, 1)), ("other", Self.englishForm(key, 2))]
            json += ",\"\(key.name)\":{" + forms.map { "\"\($0.0)\":" + JSONQuote.quote($0.1, options) }.joined(separator: ",") + "}"
        }
        return json + "}"
    }
}

extension UIStrings {
    /// A file size in the language: "2.3 MB" / "2,3 MB", "Zero KB" / "0 KB", "512 bytes" / "512 Byte".
    package func size(_ byteCount: Int64) -> String {
        if byteCount == 0 { return self[.zeroBytes] }
        if byteCount.magnitude < 1000 {
            let text = counted(.bytes, Int(byteCount.magnitude))
            return byteCount < 0 ? "-" + text : text
        }
        return localized(decimal: ByteCountFormat.string(byteCount))
    }

    /// A percentage as the upload line says it ("Uploading 45%", "Wird hochgeladen … 45 %").
    package func uploading(percent: Int) -> String { text(.uploading, ["percent": number(percent)]) }

    /// "Upload failed" or "Upload failed: reason".
    package func uploadFailed(_ reason: String) -> String {
        reason.isEmpty ? self[.uploadFailed] : text(.uploadFailedReason, ["reason": reason])
    }

    /// A file kind as a screen reader says it.
    package func spokenName(_ kind: FileKind) -> String {
        switch kind {
        case .pdf: return self[.kindPDF]
        case .spreadsheet: return self[.kindSpreadsheet]
        case .presentation: return self[.kindPresentation]
        case .image: return self[.kindImage]
        case .movie: return self[.kindMovie]
        case .audio: return self[.kindAudio]
        case .archive: return self[.kindArchive]
        case .sourceCode: return self[.kindSourceCode]
        case .text: return self[.kindText]
        case .document: return self[.kindDocument]
        }
    }
}

extension UIStrings {
    /// Every word of the table, in a fixed order: part of a cached page's key.
    package func addFingerprint(to print: inout Fingerprint) {
        print.add(tag)
        print.add(isRightToLeft)
        for key in UIKey.allCases {
            if let text = texts[key] { print.add("t:\(key.rawValue)"); print.add(text) }
            if let forms = counts[key] {
                print.add("c:\(key.rawValue)")
                for category in PluralCategory.allCases { if let form = forms[category] { print.add(category.rawValue); print.add(form) } }
            }
            if let list = lists[key] { print.add("l:\(key.rawValue)"); print.add(list.count); for item in list { print.add(item) } }
        }
    }
}
