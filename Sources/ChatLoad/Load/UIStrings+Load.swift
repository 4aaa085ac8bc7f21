import ChatModel
import ChatSupport
import Foundation

/// Reading a string table is loading, like the templates it sits beside: `templates/strings/`
/// holds one `<tag>.json` per language (`de.json`, `zh-Hans.json`), and a user adds one by adding a file.
extension UIStrings {
    /// The folder of string tables in a templates folder.
    package static func folder(templates: String) -> String { FilePath.join(templates, "strings") }

    /// The tags of the string tables in `templates/strings/` (`de`, `zh-Hans`, …), sorted.
    package static func available(templates: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder(templates: templates))) ?? [])
            .filter { $0.hasSuffix(".json") && !$0.hasPrefix(".") }
            .map { String($0.dropLast(5)) }.sorted()
    }

    /// The table for `locale` from `templates/strings/`, and warnings: a locale with no table
    /// falls back (`de-AT` → `de` quietly, since a region changes only the clock; `zh-TW` →
    /// `zh-Hans` and `xx-YY` → `en` with a warning naming the fallback); a key the table lacks
    /// reads in English, with a warning naming the key. A table that cannot be read is an error.
    package static func load(locale: String, templates: String) throws(DiagnosticError) -> (strings: UIStrings, warnings: [Diagnostic]) {
        let folder = folder(templates: templates)
        let (tag, fallback) = resolve(locale, available: available(templates: templates))
        var warnings: [Diagnostic] = []
        if let fallback {
            warnings.append(Diagnostic(.warning, file: "--locale", message: fallback))
        }
        guard let tag else { return (.english, warnings) }
        let path = FilePath.join(folder, tag + ".json")
        let (strings, tableWarnings) = try read(path: path, tag: tag)
        return (strings, warnings + tableWarnings)
    }

    /// The table `locale` reads from among `available` tags (nil: compiled-in English), and a
    /// warning when that is not the language asked for.
    package static func resolve(_ locale: String, available: [String]) -> (tag: String?, warning: String?) {
        let subtags = locale.split(whereSeparator: { $0 == "-" || $0 == "_" }).map(String.init)
        let byLower = Dictionary(available.map { ($0.lowercased(), $0) }, uniquingKeysWith: { a, _ in a })
        guard let first = subtags.first?.lowercased(), !first.isEmpty else {
            return (byLower["en"], "the locale \"\(locale)\" is not a language tag; the page is in English (en)")
        }
        // Chinese without a script: Taiwan, Hong Kong and Macao write Traditional, others Simplified.
        var wanted = subtags
        if first == "zh", subtags.count < 2 || subtags[1].count != 4 {
            let region = subtags.count > 1 ? subtags[1].uppercased() : ""
            wanted = ["zh", ["TW", "HK", "MO"].contains(region) ? "Hant" : "Hans"] + subtags.dropFirst()
        }
        // Longest match first: zh-Hans-CN, zh-Hans, zh.
        for count in stride(from: wanted.count, through: 1, by: -1) {
            if let tag = byLower[wanted.prefix(count).joined(separator: "-").lowercased()] {
                if count >= 2 || wanted.count == 1 || wanted[1].count != 4 { return (tag, nil) }
                // Only the language matched, not the script (zh-Hant asked, zh found): say so.
                return (tag, "no string table for \"\(locale)\"; falling back to \(tag)")
            }
        }
        if first == "zh", let tag = byLower["zh-hans"] ?? byLower["zh-hant"] {
            return (tag, "no string table for \"\(locale)\"; falling back to \(tag)")
        }
        if first == "en" { return (byLower["en"], nil) }
        return (byLower["en"], "no string table for \"\(locale)\"; falling back to en (tables: \(available.sorted().joined(separator: ", ")))")
    }

    /// Reads one table: a JSON object of keys (``UIKey`` names) to texts, plural objects or lists.
    package static func read(path: String, tag: String) throws(DiagnosticError) -> (strings: UIStrings, warnings: [Diagnostic]) {
        let bytes = try FileInput.read(path: path, displayPath: path, limit: 4 * 1024 * 1024, what: "string table")
        let root: JSONNode
        do { root = try JSONParser.parse(bytes) } catch {
            throw DiagnosticError(Diagnostic(file: path, location: SourceLocation(line: error.line, column: error.column), message: error.message))
        }
        guard case .object(let members) = root.value else {
            throw DiagnosticError(
                Diagnostic(
                    file: path, location: SourceLocation(line: root.line, column: root.column, jsonPath: "$"),
                    message: "expected an object of interface texts, found \(root.kindDescription)"))
        }
        var strings = UIStrings(tag: tag)
        var problems: [Diagnostic] = []
        var warnings: [Diagnostic] = []
        func at(_ node: JSONNode, _ path: String) -> SourceLocation { SourceLocation(line: node.line, column: node.column, jsonPath: path) }
        let needed = PluralCategory.needed(language: strings.language)
        for (name, node) in members {
            let path = "$." + name
            if name == "$comment" || name == "$direction" {
                if name == "$direction", case .string(let direction) = node.value {
                    if direction == "rtl" || direction == "ltr" {
                        strings.isRightToLeft = direction == "rtl"
                    } else {
                        problems.append(Diagnostic(file: path, location: at(node, path), message: "expected \"ltr\" or \"rtl\""))
                    }
                }
                continue
            }
            guard let key = UIKey.named(name) else {
                warnings.append(Diagnostic(.warning, file: path, location: at(node, path), message: "unknown interface text \"\(name)\"; it is not used"))
                continue
            }
            switch (key.shape, node.value) {
            case (.text, .string(let text)):
                if let extra = placeholderProblem(text, key: key) {
                    problems.append(Diagnostic(file: path, location: at(node, path), message: extra))
                }
                strings.set(key, text: text)
            case (.counted, .object(let forms)):
                var table: [PluralCategory: String] = [:]
                for (category, form) in forms {
                    guard let c = PluralCategory(rawValue: category), case .string(let text) = form.value else {
                        problems.append(
                            Diagnostic(
                                file: path, location: at(form, "\(path).\(category)"),
                                message: "expected a plural category (zero, one, two, few, many, other) with a string"))
                        continue
                    }
                    if let extra = placeholderProblem(text, key: key) {
                        problems.append(Diagnostic(file: path, location: at(form, "\(path).\(category)"), message: extra))
                    }
                    table[c] = text
                }
                let missing = needed.filter { table[$0] == nil }
                if !missing.isEmpty {
                    warnings.append(
                        Diagnostic(
                            .warning, file: path, location: at(node, path),
                            message:
                                "\"\(name)\" has no \(missing.map(\.rawValue).joined(separator: ", ")) form; those counts read \(table[.other] == nil ? "in English" : "the other form")"
                        ))
                }
                strings.set(key, forms: table)
            case (.list, .array(let items)):
                let texts = items.compactMap { if case .string(let s) = $0.value { return s } else { return nil } }
                let days = key == .weekdays || key == .weekdaysShort
                let expected = days ? 7 : 12
                if texts.count != expected || texts.count != items.count {
                    problems.append(
                        Diagnostic(
                            file: path, location: at(node, path),
                            message: "expected \(expected) strings (\(days ? "Sunday first" : "January first"))"))
                } else {
                    strings.set(key, list: texts)
                }
            default:
                let expected =
                    key.shape == .text ? "a string" : key.shape == .counted ? "an object of plural forms ({\"one\": …, \"other\": …})" : "an array of strings"
                problems.append(Diagnostic(file: path, location: at(node, path), message: "expected \(expected), found \(node.kindDescription)"))
            }
        }
        if !problems.isEmpty {
            throw DiagnosticError(
                problems.map {
                    var d = $0; d.file = path; return d
                })
        }
        let missing = UIKey.allCases.filter { !strings.has($0) && !(strings.isEnglish && $0.shape == .list) }
        if !missing.isEmpty {
            warnings.append(
                Diagnostic(
                    .warning, file: path,
                    message:
                        "\(missing.count) interface \(missing.count == 1 ? "text reads" : "texts read") in English, missing from the table: \(missing.map(\.name).joined(separator: ", "))"
                ))
        }
        return (
            strings,
            warnings.map {
                var d = $0; d.file = path; return d
            }
        )
    }

    /// A placeholder the English text does not have would never be filled: refused.
    static func placeholderProblem(_ text: String, key: UIKey) -> String? {
        let known = key.placeholderNames
        let unknown = placeholders(in: text).subtracting(known)
        guard !unknown.isEmpty else { return nil }
        return
            "unknown placeholder \(unknown.sorted().map { "{\($0)}" }.joined(separator: ", ")); \"\(key.name)\" has \(known.isEmpty ? "none" : known.sorted().map { "{\($0)}" }.joined(separator: ", "))"
    }
}
