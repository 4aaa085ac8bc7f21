import ChatModel
import ChatTheme

/// Paths and builders shared by the theme tests.
package enum ThemeTestSupport {
    /// The repository root.
    package static var repositoryRoot: String { TestPaths.repository }

    package static func bundled(_ name: String) -> String { "\(repositoryRoot)/themes/\(name)" }
    package static func fixture(_ name: String) -> String { "\(repositoryRoot)/Tests/ChatRenderTests/Fixtures/themes/\(name)" }
    /// The repository's `themes/`, which a partial theme builds on, as the command finds them.
    package static var bundledThemes: BundledThemes { BundledThemes(folder: "\(repositoryRoot)/themes") }

    /// Loads a theme from JSON text, as if it were a file called `name`.
    package static func load(
        _ json: String, name: String = "test.tokens.json", bundledThemes: BundledThemes = ThemeTestSupport.bundledThemes
    ) throws(DiagnosticError) -> Theme {
        try ThemeLoader.load(bytes: Array(json.utf8), displayPath: name, baseDirectory: fixture(""), bundledThemes: bundledThemes)
    }

    /// The diagnostics from JSON text that must fail to load (empty when it loaded).
    package static func problems(
        _ json: String, name: String = "test.tokens.json", bundledThemes: BundledThemes = ThemeTestSupport.bundledThemes
    ) -> [Diagnostic] {
        do {
            _ = try load(json, name: name, bundledThemes: bundledThemes)
            return []
        } catch {
            return error.diagnostics
        }
    }

    /// The diagnostics from a file that must fail to load.
    package static func problems(file path: String, display: String) -> DiagnosticError? {
        do {
            _ = try ThemeLoader.load(path: path, displayPath: display, bundledThemes: bundledThemes)
            return nil
        } catch {
            return error
        }
    }

    /// The default `$value` (as JSON text) of every token of a complete single-mode theme, grouped with
    /// each group's `$type`.
    package static let defaults: [(group: String, type: String, tokens: [(String, String)])] = [
        (
            "color", "color",
            [
                ("bg", "\"#ffffff\""), ("surface", "\"#f2f2f7\""), ("surfaceElevated", "\"#ffffff\""),
                ("fill", "\"#e9e9eb\""), ("separator", "\"#c6c6c8\""), ("textPrimary", "\"#1c1c1e\""),
                ("textSecondary", "\"#636366\""), ("textTertiary", "\"#6c6c70\""), ("accent", "\"#0066d6\""),
                ("accentOn", "\"#ffffff\""), ("danger", "\"#d70015\""), ("warning", "\"#b25000\""),
                ("statusOn", "\"#ffffff\""),
            ]
        ),
        ("radius", "dimension", [("xs", "\"4px\""), ("sm", "\"8px\""), ("md", "\"12px\""), ("lg", "\"16px\"")]),
        (
            "type", "typography",
            ["body", "subhead", "caption", "footnote"].map {
                ($0, #"{"fontFamily": ["system-ui", "sans-serif"], "fontSize": "16px", "fontWeight": 400, "lineHeight": 1.25, "letterSpacing": "0px"}"#)
            }
        ),
        (
            "motion", "transition",
            ["smooth", "snappy"].map {
                ($0, #"{"duration": "200ms", "delay": "0ms", "timingFunction": [0.2, 0, 0, 1]}"#)
            }
        ),
    ]

    /// A complete token file (without the optional colours, as a theme written before they existed)
    /// with some `$value`s replaced or added (token path → JSON text), some tokens left out,
    /// and `extra` groups appended (JSON members text, without the surrounding braces).
    package static func tokens(_ overrides: [String: String] = [:], removing: Set<String> = [], extra: String? = nil) -> String {
        var groups: [String] = []
        for group in defaults {
            var members = ["    \"$type\": \"\(group.type)\""]
            for (name, value) in group.tokens where !removing.contains("\(group.group).\(name)") {
                let json = overrides["\(group.group).\(name)"] ?? value
                members.append("    \"\(name)\": {\"$value\": \(json)}")
            }
            // Overrides of tokens the defaults leave out (the optional colours) are added, in name order.
            let known = Set(group.tokens.map { "\(group.group).\($0.0)" })
            for (path, json) in overrides.sorted(by: { $0.key < $1.key })
            where path.hasPrefix(group.group + ".") && !known.contains(path) {
                members.append("    \"\(path.dropFirst(group.group.count + 1))\": {\"$value\": \(json)}")
            }
            groups.append("  \"\(group.group)\": {\n" + members.joined(separator: ",\n") + "\n  }")
        }
        if let extra { groups.append(extra) }
        return "{\n" + groups.joined(separator: ",\n") + "\n}\n"
    }

    /// Loads a complete theme with one colour role replaced, and returns that role's light colour.
    package static func color(_ json: String, role: ThemeTokens.ColorRole = .accent) throws(DiagnosticError) -> ThemeColor {
        try load(tokens([role.tokenPath: json])).light.color[role]
    }
}
