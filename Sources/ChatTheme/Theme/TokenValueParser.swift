import ChatModel
import ChatSupport
/// Where a value sits, for messages: the file, the token path, and (inside composites) the field name.
package struct TokenValueSite {
    var file: String
    var tokenPath: String
    var field: String? = nil

    func with(field: String) -> TokenValueSite {
        TokenValueSite(file: file, tokenPath: tokenPath, field: field)
    }

    func message(_ text: String) -> String {
        field.map { "\($0): \(text)" } ?? text
    }
}

/// Strict parsers for the DTCG value forms of single (non-composite) types. Each returns nil after
/// reporting what was expected; none ever passes an input string through unchecked.
package enum TokenValueParser {
    // MARK: Colour

    static func color(_ node: JSONNode, _ site: TokenValueSite, _ diagnostics: inout ThemeDiagnostics) -> ThemeColor? {
        switch node.value {
        case .string(let text):
            if let color = hexColor(text) { return color }
            fail(
                node, site, &diagnostics,
                "expected a colour object {\"colorSpace\", \"components\"} or a hex string such as \"#1c1c1e\", found \(ThemeDiagnostics.quoted(text))")
            return nil
        case .object(let members):
            var ok = true
            var space: ThemeColor.Space?
            var components: [Double?]?
            var alpha = 1.0
            var componentsNode: JSONNode?
            for (key, child) in members {
                switch key {
                case "colorSpace":
                    guard case .string(let name) = child.value, let parsed = ThemeColor.Space(rawValue: name) else {
                        let known = ThemeColor.Space.allCases.map(\.rawValue).joined(separator: ", ")
                        fail(child, site, &diagnostics, "colorSpace must be one of \(known); found \(describe(child))")
                        ok = false
                        continue
                    }
                    space = parsed
                case "components":
                    componentsNode = child
                    guard case .array(let items) = child.value, items.count == 3 else {
                        fail(child, site, &diagnostics, "components must be an array of three numbers; found \(describe(child))")
                        ok = false
                        continue
                    }
                    var values: [Double?] = []
                    for (index, item) in items.enumerated() {
                        switch item.value {
                        case .number(let number, _): values.append(number)
                        case .string("none"): values.append(nil)
                        default:
                            fail(item, site, &diagnostics, "components[\(index)] must be a number or \"none\"; found \(describe(item))")
                            ok = false
                        }
                    }
                    components = values
                case "alpha":
                    guard case .number(let number, _) = child.value, (0...1).contains(number) else {
                        fail(child, site, &diagnostics, "alpha must be a number from 0 to 1; found \(describe(child))")
                        ok = false
                        continue
                    }
                    alpha = number
                case "hex":
                    guard case .string(let text) = child.value, hexColor(text) != nil else {
                        fail(child, site, &diagnostics, "hex must be a hex colour such as \"#1c1c1e\"; found \(describe(child))")
                        ok = false
                        continue
                    }
                default:
                    fail(
                        child, site, &diagnostics,
                        "unknown colour member \(ThemeDiagnostics.quoted(key)); expected colorSpace, components, alpha or hex")
                    ok = false
                }
            }
            if space == nil && node["colorSpace"] == nil {
                fail(node, site, &diagnostics, "the colour object has no colorSpace")
                ok = false
            }
            if componentsNode == nil {
                fail(node, site, &diagnostics, "the colour object has no components")
                ok = false
            }
            guard ok, let space, var components, let componentsNode else { return nil }
            guard case .array(let items) = componentsNode.value else { return nil }
            for (index, range) in componentRanges(space).enumerated() {
                guard let value = components[index] else { continue }
                if !range.bounds.contains(value) {
                    fail(
                        items[index], site, &diagnostics,
                        "components[\(index)] (\(range.name)) must be \(range.text) for \(space.rawValue); found \(ThemeCSSNumber.format(value, maxDecimals: 6))"
                    )
                    ok = false
                }
            }
            // A hue of 360 is the same as 0; keep the output canonical.
            if space == .hsl || space == .hwb, components[0] == 360 { components[0] = 0 }
            if space == .lch || space == .oklch, components[2] == 360 { components[2] = 0 }
            return ok ? ThemeColor(space: space, components: components, alpha: alpha) : nil
        default:
            fail(node, site, &diagnostics, "expected a colour object or a hex string, found \(node.kindDescription)")
            return nil
        }
    }

    package struct ComponentRange {
        var name: String
        var bounds: ClosedRange<Double>
        var text: String
    }

    static func componentRanges(_ space: ThemeColor.Space) -> [ComponentRange] {
        let unit = { (name: String) in ComponentRange(name: name, bounds: 0...1, text: "from 0 to 1") }
        let percent = { (name: String) in ComponentRange(name: name, bounds: 0...100, text: "from 0 to 100") }
        let hue = ComponentRange(name: "hue", bounds: 0...360, text: "from 0 to 360")
        let any = { (name: String) in ComponentRange(name: name, bounds: -1000...1000, text: "from -1000 to 1000") }
        let chroma = ComponentRange(name: "chroma", bounds: 0...1000, text: "from 0 to 1000")
        switch space {
        case .srgb, .srgbLinear, .displayP3: return [unit("red"), unit("green"), unit("blue")]
        case .hsl: return [hue, percent("saturation"), percent("lightness")]
        case .hwb: return [hue, percent("whiteness"), percent("blackness")]
        case .lab: return [percent("lightness"), any("a"), any("b")]
        case .lch: return [percent("lightness"), chroma, hue]
        case .oklab: return [unit("lightness"), any("a"), any("b")]
        case .oklch: return [unit("lightness"), chroma, hue]
        }
    }

    /// `#rgb`, `#rgba`, `#rrggbb` or `#rrggbbaa` as an sRGB colour.
    static func hexColor(_ text: String) -> ThemeColor? {
        let scalars = Array(text.unicodeScalars)
        guard scalars.first == "#", [4, 5, 7, 9].contains(scalars.count) else { return nil }
        var digits: [Int] = []
        for scalar in scalars.dropFirst() {
            guard let digit = Int(String(scalar), radix: 16) else { return nil }
            digits.append(digit)
        }
        let channels: [Int]
        if digits.count <= 4 {
            channels = digits.map { $0 * 17 }
        } else {
            channels = stride(from: 0, to: digits.count, by: 2).map { digits[$0] * 16 + digits[$0 + 1] }
        }
        let alpha = channels.count == 4 ? Double(channels[3]) / 255 : 1
        return ThemeColor(
            red: Double(channels[0]) / 255, green: Double(channels[1]) / 255,
            blue: Double(channels[2]) / 255, alpha: alpha)
    }

    // MARK: Dimension and duration

    static let dimensionLimit = 10_000.0

    static func dimension(_ node: JSONNode, _ site: TokenValueSite, _ diagnostics: inout ThemeDiagnostics) -> ThemeDimension? {
        let expected = "expected a dimension {\"value\": 16, \"unit\": \"px\"} (unit px or rem) or a string such as \"16px\" or \"1rem\""
        guard let (value, unitName, at) = numberWithUnit(node, site, &diagnostics, expected: expected) else { return nil }
        guard let unit = ThemeDimension.Unit(rawValue: unitName) else {
            fail(at, site, &diagnostics, "unit must be \"px\" or \"rem\"; found \(ThemeDiagnostics.quoted(unitName))")
            return nil
        }
        guard abs(value) <= dimensionLimit else {
            fail(at, site, &diagnostics, "value \(ThemeCSSNumber.format(value)) is out of range; expected at most \(Int(dimensionLimit)) in size")
            return nil
        }
        return ThemeDimension(value, unit)
    }

    static let durationLimitMilliseconds = 600_000.0

    static func duration(_ node: JSONNode, _ site: TokenValueSite, _ diagnostics: inout ThemeDiagnostics) -> ThemeDuration? {
        let expected = "expected a duration {\"value\": 200, \"unit\": \"ms\"} (unit ms or s) or a string such as \"200ms\" or \"0.2s\""
        guard let (value, unitName, at) = numberWithUnit(node, site, &diagnostics, expected: expected) else { return nil }
        let milliseconds: Double
        switch unitName {
        case "ms": milliseconds = value
        case "s": milliseconds = value * 1000
        default:
            fail(at, site, &diagnostics, "unit must be \"ms\" or \"s\"; found \(ThemeDiagnostics.quoted(unitName))")
            return nil
        }
        guard milliseconds >= 0, milliseconds <= durationLimitMilliseconds else {
            fail(at, site, &diagnostics, "duration must be from 0 to 600s; found \(ThemeCSSNumber.format(milliseconds))ms")
            return nil
        }
        return ThemeDuration(milliseconds: milliseconds)
    }

    /// Reads `{"value": n, "unit": "u"}` or the older `"16px"` string form.
    private static func numberWithUnit(
        _ node: JSONNode, _ site: TokenValueSite, _ diagnostics: inout ThemeDiagnostics,
        expected: String
    ) -> (Double, String, JSONNode)? {
        switch node.value {
        case .object(let members):
            var value: Double?
            var unit: String?
            var ok = true
            for (key, child) in members {
                switch key {
                case "value":
                    guard case .number(let number, _) = child.value else {
                        fail(child, site, &diagnostics, "value must be a number; found \(describe(child))")
                        ok = false
                        continue
                    }
                    value = number
                case "unit":
                    guard case .string(let text) = child.value else {
                        fail(child, site, &diagnostics, "unit must be a string; found \(describe(child))")
                        ok = false
                        continue
                    }
                    unit = text
                default:
                    fail(child, site, &diagnostics, "unknown member \(ThemeDiagnostics.quoted(key)); expected value and unit")
                    ok = false
                }
            }
            guard ok else { return nil }
            guard let value, let unit else {
                fail(node, site, &diagnostics, expected)
                return nil
            }
            return (value, unit, node["unit"] ?? node)
        case .string(let text):
            guard let (value, unit) = splitNumberAndUnit(text) else {
                fail(node, site, &diagnostics, "\(expected); found \(ThemeDiagnostics.quoted(text))")
                return nil
            }
            return (value, unit, node)
        default:
            fail(node, site, &diagnostics, "\(expected); found \(node.kindDescription)")
            return nil
        }
    }

    /// `-1.5rem` → (-1.5, "rem"). Only `-?digits(.digits)?` followed by ASCII letters.
    static func splitNumberAndUnit(_ text: String) -> (Double, String)? {
        let bytes = Array(text.utf8)
        var index = 0
        if index < bytes.count && bytes[index] == UInt8(ascii: "-") { index += 1 }
        let digitsStart = index
        while index < bytes.count && bytes[index] >= 0x30 && bytes[index] <= 0x39 { index += 1 }
        guard index > digitsStart else { return nil }
        if index < bytes.count && bytes[index] == UInt8(ascii: ".") {
            index += 1
            let fractionStart = index
            while index < bytes.count && bytes[index] >= 0x30 && bytes[index] <= 0x39 { index += 1 }
            guard index > fractionStart else { return nil }
        }
        let unitBytes = bytes[index...]
        guard !unitBytes.isEmpty, unitBytes.allSatisfy({ ($0 >= 0x61 && $0 <= 0x7A) }) else { return nil }
        guard let number = Double(String(decoding: bytes[..<index], as: UTF8.self)), number.isFinite else { return nil }
        return (number, String(decoding: unitBytes, as: UTF8.self))
    }

    // MARK: Other types

    static func cubicBezier(_ node: JSONNode, _ site: TokenValueSite, _ diagnostics: inout ThemeDiagnostics) -> ThemeCubicBezier? {
        guard case .array(let items) = node.value, items.count == 4 else {
            fail(node, site, &diagnostics, "expected a cubicBezier array of four numbers [x1, y1, x2, y2]; found \(describe(node))")
            return nil
        }
        var numbers: [Double] = []
        var ok = true
        for (index, item) in items.enumerated() {
            guard case .number(let number, _) = item.value else {
                fail(item, site, &diagnostics, "cubicBezier[\(index)] must be a number; found \(describe(item))")
                ok = false
                continue
            }
            let isX = index % 2 == 0
            if isX && !(0...1).contains(number) {
                fail(item, site, &diagnostics, "cubicBezier[\(index)] is an x coordinate and must be from 0 to 1; found \(ThemeCSSNumber.format(number))")
                ok = false
            } else if !isX && abs(number) > 100 {
                fail(item, site, &diagnostics, "cubicBezier[\(index)] must be from -100 to 100; found \(ThemeCSSNumber.format(number))")
                ok = false
            }
            numbers.append(number)
        }
        guard ok, numbers.count == 4 else { return nil }
        return ThemeCubicBezier(numbers[0], numbers[1], numbers[2], numbers[3])
    }

    static func fontFamily(_ node: JSONNode, _ site: TokenValueSite, _ diagnostics: inout ThemeDiagnostics) -> ThemeFontFamily? {
        let items: [JSONNode]
        switch node.value {
        case .string: items = [node]
        case .array(let array) where !array.isEmpty: items = array
        default:
            fail(node, site, &diagnostics, "expected a font name or a non-empty array of font names; found \(describe(node))")
            return nil
        }
        var names: [ThemeFontFamily.Name] = []
        var ok = true
        for item in items {
            guard case .string(let text) = item.value else {
                fail(item, site, &diagnostics, "a font name must be a string; found \(item.kindDescription)")
                ok = false
                continue
            }
            guard let name = ThemeFontFamily.Name(validating: text) else {
                let hint = text.contains(",") && items.count == 1 ? " (write a list of fonts as an array)" : ""
                fail(
                    item, site, &diagnostics,
                    "font family \(ThemeDiagnostics.quoted(text)) is not allowed; a font name may contain only letters, digits, spaces, '-' and '_'\(hint)")
                ok = false
                continue
            }
            names.append(name)
        }
        return ok ? ThemeFontFamily(names) : nil
    }

    /// DTCG 2025.10 font weight keywords.
    static let fontWeightKeywords: [String: Double] = [
        "thin": 100, "hairline": 100,
        "extra-light": 200, "ultra-light": 200,
        "light": 300,
        "normal": 400, "regular": 400, "book": 400,
        "medium": 500,
        "semi-bold": 600, "demi-bold": 600,
        "bold": 700,
        "extra-bold": 800, "ultra-bold": 800,
        "black": 900, "heavy": 900,
        "extra-black": 950, "ultra-black": 950,
    ]

    static func fontWeight(_ node: JSONNode, _ site: TokenValueSite, _ diagnostics: inout ThemeDiagnostics) -> Double? {
        switch node.value {
        case .number(let number, _) where (1...1000).contains(number):
            return number
        case .string(let keyword):
            if let weight = fontWeightKeywords[keyword] { return weight }
            fail(
                node, site, &diagnostics,
                "font weight \(ThemeDiagnostics.quoted(keyword)) is not a DTCG keyword; expected a number from 1 to 1000 or thin, extra-light, light, normal, medium, semi-bold, bold, extra-bold, black"
            )
            return nil
        default:
            fail(node, site, &diagnostics, "expected a font weight from 1 to 1000 or a keyword such as \"bold\"; found \(describe(node))")
            return nil
        }
    }

    static func number(_ node: JSONNode, _ site: TokenValueSite, _ diagnostics: inout ThemeDiagnostics) -> Double? {
        guard case .number(let number, _) = node.value else {
            fail(node, site, &diagnostics, "expected a number; found \(describe(node))")
            return nil
        }
        return number
    }

    // MARK: Helpers

    static func fail(_ node: JSONNode, _ site: TokenValueSite, _ diagnostics: inout ThemeDiagnostics, _ message: String) {
        diagnostics.error(site.file, at: node, path: site.tokenPath, site.message(message))
    }

    /// A short description of a value for "found …": strings and numbers are shown, other kinds named.
    static func describe(_ node: JSONNode) -> String {
        switch node.value {
        case .string(let text): return ThemeDiagnostics.quoted(text)
        case .number(let number, _): return ThemeCSSNumber.format(number, maxDecimals: 6)
        default: return node.kindDescription
        }
    }
}
