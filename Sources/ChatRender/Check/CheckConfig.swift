import Foundation
import ChatModel
import ChatSupport
import ChatOutput

/// `chatrender.check.json` in a snapshots folder: the settings its snapshots were recorded with
/// (theme, templates, locale, screenshot widths and colour modes), so that `check` compares with
/// what was recorded even when a flag is forgotten, and a flag that disagrees is an error
/// naming both values instead of a diff of every fixture. `--record` (or `--record-mode all`)
/// is the way to change it on purpose; it rewrites the file.
///
/// ```json
/// {
///   "chatrender.check": 1,
///   "theme": "../themes/paper.resolver.json",
///   "locale": "de-DE",
///   "screenshots": { "widths": [390, 1024], "modes": ["light", "dark"] }
/// }
/// ```
///
/// Paths are relative to the snapshots folder (so the file works from any working folder and on
/// any machine); a missing `theme` or `templates` means the bundled one.
package struct CheckConfig: Sendable, Equatable {
    /// The file's name in the snapshots folder.
    package static let fileName = "chatrender.check.json"
    /// The format version this chatrender reads and writes (`"chatrender.check"`).
    package static let version = 1
    /// The colour modes each screenshot width is taken in, in order.
    package static let allModes = ["light", "dark"]

    /// Theme resolver or token file, relative to the snapshots folder; nil: the bundled SP theme.
    package var theme: String?
    /// Templates folder, relative to the snapshots folder; nil: the bundled templates.
    package var templates: String?
    /// The `--locale` the pages were rendered with.
    package var locale: String
    /// Screenshot widths in CSS pixels; nil when the snapshots hold no screenshots.
    package var widths: [Int]?
    /// Colour modes of the screenshots (`light`, `dark`).
    package var modes: [String]

    package init(
        theme: String? = nil, templates: String? = nil, locale: String, widths: [Int]? = nil,
        modes: [String] = CheckConfig.allModes
    ) {
        self.theme = theme
        self.templates = templates
        self.locale = locale
        self.widths = widths
        self.modes = modes
    }

    /// The file's path in a snapshots folder.
    package static func path(in snapshots: String) -> String { FilePath.join(snapshots, fileName) }

    /// Reads the file in `snapshots`, or nil when there is none. A file that is not valid is an
    /// error naming its line:column and what was expected.
    package static func read(in snapshots: String) throws(DiagnosticError) -> CheckConfig? {
        let file = path(in: snapshots)
        guard let data = FileManager.default.contents(atPath: file) else {
            if FileManager.default.fileExists(atPath: file) {
                throw DiagnosticError(Diagnostic(file: file, message: "cannot be read"), kind: .missingInput)
            }
            return nil
        }
        return try CheckConfig(bytes: [UInt8](data), file: file)
    }

    /// Parses the file's text; `file` names it in errors.
    package init(bytes: [UInt8], file: String) throws(DiagnosticError) {
        let root: JSONNode
        do {
            root = try JSONParser.parse(bytes)
        } catch {
            throw DiagnosticError(
                Diagnostic(
                    file: file, location: SourceLocation(line: error.line, column: error.column),
                    message: error.message), kind: .badData)
        }
        func problem(_ node: JSONNode, _ message: String) -> DiagnosticError {
            DiagnosticError(Diagnostic(file: file, location: SourceLocation(line: node.line, column: node.column), message: message), kind: .badData)
        }
        guard case .object(let members) = root.value else { throw problem(root, "expected an object, found \(root.kindDescription)") }
        let known: Set<String> = ["chatrender.check", "theme", "templates", "locale", "screenshots"]
        if let unknown = members.first(where: { !known.contains($0.key) }) {
            throw problem(unknown.node, "unknown setting \"\(unknown.key)\"; expected \(known.sorted().joined(separator: ", "))")
        }
        guard let versionNode = root["chatrender.check"] else {
            throw problem(root, "expected \"chatrender.check\": \(CheckConfig.version) (the format version)")
        }
        guard case .number(_, let integer?) = versionNode.value else {
            throw problem(versionNode, "expected the format version \(CheckConfig.version), found \(versionNode.kindDescription)")
        }
        guard integer == Int64(CheckConfig.version) else {
            throw problem(
                versionNode, "format version \(integer) is not one this chatrender reads (it reads \(CheckConfig.version)); record again with this version")
        }
        func string(_ key: String) throws(DiagnosticError) -> String? {
            guard let node = root[key] else { return nil }
            if case .null = node.value { return nil }
            guard case .string(let text) = node.value, !text.isEmpty else {
                throw problem(node, "\"\(key)\": expected a non-empty string, found \(node.kindDescription)")
            }
            return text
        }
        theme = try string("theme")
        templates = try string("templates")
        guard let locale = try string("locale") else { throw problem(root, "expected \"locale\", the locale the pages were rendered with") }
        self.locale = locale
        modes = CheckConfig.allModes
        if let shots = root["screenshots"], shots.value != .null {
            guard case .object = shots.value else {
                throw problem(shots, "\"screenshots\": expected an object with \"widths\" and \"modes\", found \(shots.kindDescription)")
            }
            guard let list = shots["widths"], case .array(let items) = list.value, !items.isEmpty else {
                throw problem(shots, "\"screenshots\": expected \"widths\", a list of CSS widths such as [390, 1024]")
            }
            var widths: [Int] = []
            for item in items {
                guard case .number(_, let value?) = item.value, (64...8192).contains(value) else {
                    throw problem(item, "expected a screenshot width from 64 to 8192 CSS pixels")
                }
                widths.append(Int(value))
            }
            self.widths = widths
            if let modesNode = shots["modes"] {
                guard case .array(let names) = modesNode.value,
                    names.allSatisfy({ if case .string(let name) = $0.value { CheckConfig.allModes.contains(name) } else { false } }),
                    names.count == CheckConfig.allModes.count
                else {
                    throw problem(modesNode, "\"modes\": expected [\"light\", \"dark\"] (every screenshot is taken in both)")
                }
            }
        } else {
            widths = nil
        }
    }

    /// The file's text: stable key order, one setting a line.
    package var text: String {
        var lines = ["  \"chatrender.check\": \(CheckConfig.version)"]
        if let theme { lines.append("  \"theme\": \(JSONQuote.quote(theme))") }
        if let templates { lines.append("  \"templates\": \(JSONQuote.quote(templates))") }
        lines.append("  \"locale\": \(JSONQuote.quote(locale))")
        if let widths {
            lines.append(
                "  \"screenshots\": { \"widths\": [\(widths.map(String.init).joined(separator: ", "))], "
                    + "\"modes\": [\(modes.map { JSONQuote.quote($0) }.joined(separator: ", "))] }")
        }
        return "{\n" + lines.joined(separator: ",\n") + "\n}\n"
    }

    /// Writes the file into `snapshots` in one step (a reader never sees half of it).
    package func write(in snapshots: String) throws(DiagnosticError) {
        try FileReplacement.write(Array(text.utf8), to: CheckConfig.path(in: snapshots), what: "the check settings")
    }

    // MARK: - Paths

    /// `path` (relative to the working folder, or absolute) as seen from `folder`: what the
    /// file stores, so it holds from any working folder.
    package static func relative(_ path: String, from folder: String) -> String {
        let target = absolute(path).split(separator: "/").map(String.init)
        let base = absolute(folder).split(separator: "/").map(String.init)
        var common = 0
        while common < target.count && common < base.count && target[common] == base[common] { common += 1 }
        let up = Array(repeating: "..", count: base.count - common)
        let parts = up + target[common...]
        return parts.isEmpty ? "." : parts.joined(separator: "/")
    }

    /// A stored path made usable from the working folder: joined to the snapshots folder.
    package static func resolve(_ stored: String, in snapshots: String) -> String {
        stored.hasPrefix("/") ? stored : standardized(FilePath.join(snapshots, stored))
    }

    /// Whether two paths name the same file (after resolving `.`, `..` and symbolic links).
    package static func sameFile(_ a: String, _ b: String) -> Bool {
        canonical(a) == canonical(b)
    }

    static func absolute(_ path: String) -> String {
        let full = path.hasPrefix("/") ? path : FilePath.join(FileManager.default.currentDirectoryPath, path)
        return canonical(full)
    }

    static func canonical(_ path: String) -> String {
        let full = path.hasPrefix("/") ? path : FilePath.join(FileManager.default.currentDirectoryPath, path)
        if let real = SourcePath.realPath(full) { return real }
        // Not there yet (a snapshots folder before its first record): its nearest existing
        // folder resolved, the rest as written, so both sides of `relative` agree.
        let clean = standardized(full)
        let parent = FilePath.directory(clean)
        guard !parent.isEmpty, parent != clean, parent != "/" else { return clean }
        return FilePath.join(canonical(parent), FilePath.lastComponent(clean))
    }

    /// `.` and `..` removed, textually (the path may not exist yet).
    static func standardized(_ path: String) -> String {
        var parts: [Substring] = []
        for part in path.split(separator: "/") {
            if part == "." { continue }
            if part == ".." { if !parts.isEmpty && parts.last != ".." { parts.removeLast() } else if !path.hasPrefix("/") { parts.append(part) }; continue }
            parts.append(part)
        }
        let joined = parts.joined(separator: "/")
        return path.hasPrefix("/") ? "/" + joined : (joined.isEmpty ? "." : joined)
    }
}
