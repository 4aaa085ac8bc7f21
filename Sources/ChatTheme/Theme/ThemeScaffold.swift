import ChatModel
import ChatSupport

/// `chatrender theme init`: the files of a complete, editable theme made from a bundled one — a
/// resolver and its `base`, `light` and `dark` token files — with a DTCG `$description` on every
/// token the blocks use, saying where it shows. Pure apart from reading the bundled files; the
/// caller writes the result (and checks it loads) through the output stage.
package enum ThemeScaffold {
    /// The files `theme init` writes, by name, in the order written.
    package static let fileNames = ["theme.resolver.json", "base.tokens.json", "light.tokens.json", "dark.tokens.json"]
    /// The resolver's file name.
    package static let resolverName = "theme.resolver.json"

    /// The bundled themes in `folder` a theme can be made from: those with light and dark modes
    /// (`sp`, `paper`; not `mono`, a single token file), sorted.
    package static func startingPoints(in folder: String) -> [String] {
        BundledThemes.names(in: folder).filter { hasModes($0, in: folder) }
    }

    /// The four files, made from the bundled theme `from` (of `bundledThemes`), for a theme called `name`.
    package static func files(
        from: String, name: String, bundledThemes: BundledThemes
    ) throws(DiagnosticError) -> [(name: String, bytes: [UInt8])] {
        let folder: String
        switch bundledThemes.folder {
        case .success(let found): folder = found
        case .failure(let error): throw error
        }
        let available = startingPoints(in: folder)
        guard BundledThemes.isPlainName(from), hasModes(from, in: folder) else {
            let known = available.map { "\"\($0)\"" }.joined(separator: ", ")
            throw DiagnosticError(
                Diagnostic(
                    file: "--from", message: "\(ThemeDiagnostics.quoted(from)) is not a bundled theme with light and dark modes; expected one of \(known)"),
                kind: .usage)
        }
        let themeName = name.isEmpty ? "My theme" : String(name.prefix(100))
        var files: [(name: String, bytes: [UInt8])] = [(resolverName, Array(resolver(name: themeName, from: from).utf8))]
        for part in ["base", "light", "dark"] {
            let path = FilePath.joinRelative(folder, "\(from)/\(part).tokens.json")
            let bytes: [UInt8]
            switch ThemeFiles.read(path) {
            case .success(let read): bytes = read
            case .failure(let failure):
                throw DiagnosticError(Diagnostic(file: path, message: "cannot read the bundled theme: \(failure.message)"), kind: .missingInput)
            }
            let root: JSONNode
            do {
                root = try JSONParser.parse(bytes)
            } catch {
                throw DiagnosticError(
                    Diagnostic(
                        file: path, location: SourceLocation(line: error.line, column: error.column),
                        message: "invalid JSON: \(error.message)"), kind: .badData)
            }
            let described = describe(root, path: [], fileDescription: fileDescription(part, name: themeName, from: from))
            files.append(("\(part).tokens.json", Array((JSONText.pretty(described) + "\n").utf8)))
        }
        return files
    }

    /// Whether the bundled theme `name` is laid out as `NAME/base|light|dark.tokens.json`.
    static func hasModes(_ name: String, in folder: String) -> Bool {
        ["base", "light", "dark"].allSatisfy {
            if case .success = ThemeFiles.read(FilePath.joinRelative(folder, "\(name)/\($0).tokens.json")) { return true }
            return false
        }
    }

    static func resolver(name: String, from: String) -> String {
        let tree: JSONNode = .object([
            ("$schema", .string("https://www.designtokens.org/schemas/2025.10/resolver.json")),
            ("name", .string(name)),
            ("version", .string("2025.10")),
            (
                "description",
                .string(
                    "Made by chatrender theme init from the bundled \(from) theme. base.tokens.json holds what light and dark share; light.tokens.json and dark.tokens.json the colours of each mode. Edit any value, then run chatrender theme check on this file."
                )
            ),
            ("sets", .object([("base", .object([("sources", .array([.object([("$ref", .string("base.tokens.json"))])]))]))])),
            (
                "modifiers",
                .object([
                    (
                        "theme",
                        .object([
                            ("description", .string("Light and dark appearance; the page follows the system setting and offers a switch.")),
                            (
                                "contexts",
                                .object([
                                    ("light", .array([.object([("$ref", .string("light.tokens.json"))])])),
                                    ("dark", .array([.object([("$ref", .string("dark.tokens.json"))])])),
                                ])
                            ),
                            ("default", .string("light")),
                        ])
                    )
                ])
            ),
            ("resolutionOrder", .array([.object([("$ref", .string("#/sets/base"))]), .object([("$ref", .string("#/modifiers/theme"))])])),
        ])
        return JSONText.pretty(tree) + "\n"
    }

    static func fileDescription(_ part: String, name: String, from: String) -> String {
        switch part {
        case "base": return "\(name): values shared by light and dark (fonts, corner radii, text styles, motion). Started from the bundled \(from) theme."
        case "light": return "\(name), light mode: the colours. Raw colours live in palette; the color tokens the page uses alias them."
        default: return "\(name), dark mode: the colours. Raw colours live in palette; the color tokens the page uses alias them."
        }
    }

    /// Where each token the blocks read shows on the page.
    static let descriptions: [String: String] = {
        var table: [String: String] = [
            "color.bg": "Page background.",
            "color.surface": "Chips, file cards and the composer field.",
            "color.surfaceElevated": "Raised things: menus, photo badges, the progress ring's disc.",
            "color.fill": "The person's bubble, inline code, code blocks, capsules and tracks.",
            "color.separator": "Hairlines and borders (decorative; not contrast-checked).",
            "color.textPrimary": "Main text: replies, bubbles, file names, composer text.",
            "color.textSecondary": "Dates, captions, quotes, file icons and model details.",
            "color.textTertiary": "Sizes, footnotes and the composer placeholder.",
            "color.accent": "Buttons, focus rings and Upgrade; links too unless color.link is given.",
            "color.accentOn": "Text and symbols drawn on the accent.",
            "color.danger": "Failed uploads, error messages, the counter past its limit.",
            "color.warning": "The usage line near the limit.",
            "color.statusOn": "The Retry label, drawn on danger.",
            "color.link": "Links and citation markers in replies (optional; falls back to accent).",
            "color.diffAdded": "Diffs: text of added lines (optional).",
            "color.diffAddedBg": "Diffs: background of added lines (optional).",
            "color.diffRemoved": "Diffs: text of removed lines (optional).",
            "color.diffRemovedBg": "Diffs: background of removed lines (optional).",
            "radius.xs": "Photo tiles in a grid, inline code.",
            "radius.sm": "Small corners: tray tiles, menu items.",
            "radius.md": "Photos, bubbles and file chips.",
            "radius.lg": "File cards and the composer.",
            "type.body": "Reply and bubble text.",
            "type.subhead": "File names, composer text, menus.",
            "type.caption": "Speaker names, dates and small labels.",
            "type.footnote": "Sizes, statuses and the theme switch.",
            "motion.smooth": "Turns and tiles appearing.",
            "motion.snappy": "Buttons, menus and small changes.",
        ]
        let syntax = [
            ("Keyword", "keywords"), ("String", "string and character literals"), ("Comment", "comments"),
            ("Number", "number literals"), ("Function", "function and method names"), ("Type", "type names"),
            ("Constant", "constants, booleans, nil"), ("Tag", "markup tag names"),
            ("Attribute", "markup attributes and properties"), ("Meta", "preprocessor lines, annotations"),
        ]
        for (suffix, use) in syntax { table["color.syntax\(suffix)"] = "Code: \(use) (optional)." }
        return table
    }()

    static let groupDescriptions: [String: String] = [
        "palette": "Raw colours; the color tokens alias them. Change a colour here to change every use of it.",
        "color": "The colours the page uses. Each must read against what it is drawn on: chatrender theme check prints the contrast of every pair.",
        "font": "Font stacks, as arrays of names; the first one installed is used.",
        "weight": "Font weights.",
        "radius": "Corner radii.",
        "type": "Text styles: family, size (px, written as rem so text follows the reader's font size), weight, line height, letter spacing.",
        "easing": "Easing curves for motion.",
        "motion": "Animation timings; turned off when the reader prefers reduced motion.",
    ]

    /// The tree with a `$description` on the file, on the known groups and on every token the blocks
    /// read that lacks one.
    static func describe(_ node: JSONNode, path: [String], fileDescription: String) -> JSONNode {
        guard case .object(let members) = node.value else { return node }
        var out: [(key: String, node: JSONNode)] = []
        let dotted = path.joined(separator: ".")
        let description = path.isEmpty ? fileDescription : (descriptions[dotted] ?? groupDescriptions[dotted])
        let isToken = node["$value"] != nil
        if let description, !isToken || node["$description"] == nil {
            // The description leads a group; it follows a token's value.
            if !isToken { out.append(("$description", .string(description))) }
        }
        for (key, child) in members {
            if key == "$description" && !isToken && description != nil { continue }
            if key.hasPrefix("$") || isToken {
                out.append((key, child))
            } else {
                out.append((key, describe(child, path: path + [key], fileDescription: fileDescription)))
            }
        }
        if isToken, node["$description"] == nil, let description { out.append(("$description", .string(description))) }
        return JSONNode(.object(out), line: node.line, column: node.column)
    }
}

extension JSONNode {
    static func object(_ members: [(String, JSONNode)]) -> JSONNode { JSONNode(.object(members.map { (key: $0.0, node: $0.1) })) }
    static func array(_ items: [JSONNode]) -> JSONNode { JSONNode(.array(items)) }
    static func string(_ text: String) -> JSONNode { JSONNode(.string(text)) }
}
