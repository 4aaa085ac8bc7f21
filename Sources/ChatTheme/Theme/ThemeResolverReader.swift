import Foundation
import ChatModel
import ChatSupport

/// Reads a DTCG Resolver Module 2025.10 document into the token sources to merge for each mode.
///
/// chatrender understands sets and one modifier named `theme` with the contexts `light` and `dark`.
/// File `$ref`s are read relative to the resolver and may not leave its folder.
package struct ThemeResolverReader {
    /// What the resolver asks for: its name and the sources to merge, in order, per mode.
    package struct Result {
        var name: String?
        var light: [TokenSource]
        /// nil when the resolver has no `theme` modifier (a one-mode theme).
        var dark: [TokenSource]?
    }

    let root: JSONNode
    /// The resolver as the person named it.
    let file: String
    /// The folder the resolver's `$ref`s are read from.
    let baseDirectory: String
    /// The folder part of `file`, for naming referenced files in messages.
    let displayDirectory: String
    /// Where `chatrender:` `$ref`s are read.
    let bundledThemes: BundledThemes
    /// Whether some source could not be read or parsed, or the document itself is broken; missing-token
    /// checks are skipped then, because they would only repeat the same problem.
    private(set) var isIncomplete = false

    private var sets: [String: JSONNode] = [:]
    private var modifiers: [String: JSONNode] = [:]
    private var fileCache: [String: TokenSource?] = [:]
    /// Each set's sources, expanded once. A set included many times (by other sets that are
    /// themselves included many times) was expanded again at every inclusion: a few kilobytes
    /// of `$ref`s took minutes.
    private var expandedSets: [String: [TokenSource]] = [:]
    /// Set once the sources went past ``maxSources``; nothing is expanded after that.
    private var tooManySources = false

    /// At most this many token sources, after sets are expanded, for the light or the dark mode
    /// and in any one set (a documented limit; real themes have a handful).
    static let maxSources = 1_000

    init(root: JSONNode, file: String, baseDirectory: String, bundledThemes: BundledThemes) {
        self.root = root
        self.file = file
        self.baseDirectory = baseDirectory
        self.bundledThemes = bundledThemes
        self.displayDirectory = FilePath.directory(file)
    }

    private enum OrderItem {
        case set(sources: JSONNode, path: String)
        case modifier(name: String, contexts: JSONNode?, path: String, at: JSONNode)
    }

    // MARK: Document

    mutating func read(_ diagnostics: inout ThemeDiagnostics) -> Result {
        var result = Result(name: nil, light: [], dark: nil)
        guard case .object(let members) = root.value else {
            diagnostics.error(file, at: root, "expected a resolver object with version, sets, modifiers and resolutionOrder; found \(root.kindDescription)")
            isIncomplete = true
            return result
        }
        let before = diagnostics.count
        for (key, child) in members {
            switch key {
            case "name":
                if case .string(let name) = child.value, !name.isEmpty, name.unicodeScalars.count <= 100,
                    !name.unicodeScalars.contains(where: { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) })
                {
                    result.name = name
                } else {
                    diagnostics.error(
                        file, at: child, path: "name",
                        "expected a name of 1 to 100 characters without control characters; found \(TokenValueParser.describe(child))")
                }
            case "version":
                if child.value != .string("2025.10") {
                    diagnostics.error(
                        file, at: child, path: "version", "expected \"2025.10\" (DTCG Resolver Module 2025.10); found \(TokenValueParser.describe(child))")
                }
            case "sets":
                sets = namedObjects(child, path: "sets", what: "set", &diagnostics)
            case "modifiers":
                modifiers = namedObjects(child, path: "modifiers", what: "modifier", &diagnostics)
            case "resolutionOrder", "description", "$schema", "$extensions", "$extends":
                // `$extends` (a bundled theme to build on) is read by ThemeLoader.
                continue
            default:
                diagnostics.error(
                    file, at: child, path: key,
                    "unknown member \(ThemeDiagnostics.quoted(key)); expected name, version, description, $extends, sets, modifiers or resolutionOrder")
            }
        }
        if root["version"] == nil {
            diagnostics.error(file, at: root, "the resolver has no \"version\"; expected \"version\": \"2025.10\"")
        }
        for (name, node) in sets.sorted(by: { $0.key < $1.key }) {
            checkMembers(node, path: "sets.\(name)", allowed: ["sources", "description", "$extensions"], required: ["sources"], &diagnostics)
        }
        for (name, node) in modifiers.sorted(by: { $0.key < $1.key }) {
            checkMembers(node, path: "modifiers.\(name)", allowed: ["contexts", "default", "description", "$extensions"], required: ["contexts"], &diagnostics)
        }

        let items = orderItems(&diagnostics)
        var light: [TokenSource] = []
        var dark: [TokenSource] = []
        var sawTheme = false
        for item in items {
            if light.count > Self.maxSources || dark.count > Self.maxSources {
                reportTooManySources(at: root, path: "resolutionOrder", &diagnostics)
                break
            }
            switch item {
            case .set(let sources, let path):
                let expanded = expandSources(sources, path: path, visiting: [], &diagnostics)
                light += expanded
                dark += expanded
            case .modifier(let name, let contexts, let path, let at):
                guard name == "theme" else {
                    diagnostics.error(
                        file, at: at, path: path,
                        "modifier \(ThemeDiagnostics.quoted(name)) is not supported; chatrender reads one modifier named \"theme\" with contexts \"light\" and \"dark\""
                    )
                    continue
                }
                if sawTheme {
                    diagnostics.error(file, at: at, path: path, "the theme modifier appears more than once in resolutionOrder")
                    continue
                }
                sawTheme = true
                guard let contexts, let (lightNode, darkNode) = themeContexts(contexts, path: path, &diagnostics) else { continue }
                light += expandSources(lightNode, path: "\(path).contexts.light", visiting: [], &diagnostics)
                dark += expandSources(darkNode, path: "\(path).contexts.dark", visiting: [], &diagnostics)
            }
        }
        if light.count > Self.maxSources || dark.count > Self.maxSources {
            reportTooManySources(at: root, path: "resolutionOrder", &diagnostics)
        }
        result.light = light
        result.dark = sawTheme ? dark : nil
        if diagnostics.count > before { isIncomplete = true }
        return result
    }

    private func namedObjects(
        _ node: JSONNode, path: String, what: String,
        _ diagnostics: inout ThemeDiagnostics
    ) -> [String: JSONNode] {
        guard case .object(let members) = node.value else {
            diagnostics.error(file, at: node, path: path, "expected an object of named \(what)s; found \(node.kindDescription)")
            return [:]
        }
        var result: [String: JSONNode] = [:]
        for (name, child) in members {
            guard case .object = child.value else {
                diagnostics.error(file, at: child, path: "\(path).\(name)", "expected a \(what) object; found \(child.kindDescription)")
                continue
            }
            result[name] = child
        }
        return result
    }

    private func checkMembers(
        _ node: JSONNode, path: String, allowed: [String], required: [String],
        _ diagnostics: inout ThemeDiagnostics
    ) {
        guard case .object(let members) = node.value else { return }
        for (key, child) in members where !allowed.contains(key) {
            diagnostics.error(
                file, at: child, path: path,
                "unknown member \(ThemeDiagnostics.quoted(key)); expected \(allowed.filter { !$0.hasPrefix("$") }.joined(separator: ", "))")
        }
        for key in required where node[key] == nil {
            diagnostics.error(file, at: node, path: path, "missing \"\(key)\"")
        }
    }

    // MARK: resolutionOrder

    private func orderItems(_ diagnostics: inout ThemeDiagnostics) -> [OrderItem] {
        guard let order = root["resolutionOrder"] else {
            diagnostics.error(file, at: root, "the resolver has no \"resolutionOrder\"; expected an array of sets and modifiers")
            return []
        }
        guard case .array(let entries) = order.value, !entries.isEmpty else {
            diagnostics.error(
                file, at: order, path: "resolutionOrder", "expected a non-empty array of sets and modifiers; found \(TokenValueParser.describe(order))")
            return []
        }
        var items: [OrderItem] = []
        for (index, entry) in entries.enumerated() {
            let path = "resolutionOrder[\(index)]"
            guard case .object = entry.value else {
                diagnostics.error(
                    file, at: entry, path: path,
                    "expected {\"$ref\": \"#/sets/NAME\"}, {\"$ref\": \"#/modifiers/NAME\"} or an inline set or modifier; found \(entry.kindDescription)")
                continue
            }
            if let reference = entry["$ref"] {
                guard case .string(let pointer) = reference.value else {
                    diagnostics.error(file, at: reference, path: path, "$ref must be a string such as \"#/sets/base\"")
                    continue
                }
                if let name = Self.pointerName(pointer, collection: "sets") {
                    guard let set = sets[name] else {
                        diagnostics.error(file, at: reference, path: path, "no set named \(ThemeDiagnostics.quoted(name)); sets has \(Self.list(sets.keys))")
                        continue
                    }
                    if let sources = set["sources"] { items.append(.set(sources: sources, path: "sets.\(name).sources")) }
                } else if let name = Self.pointerName(pointer, collection: "modifiers") {
                    guard let modifier = modifiers[name] else {
                        diagnostics.error(
                            file, at: reference, path: path, "no modifier named \(ThemeDiagnostics.quoted(name)); modifiers has \(Self.list(modifiers.keys))")
                        continue
                    }
                    items.append(.modifier(name: name, contexts: modifier["contexts"], path: "modifiers.\(name)", at: reference))
                } else {
                    diagnostics.error(
                        file, at: reference, path: path,
                        "$ref \(ThemeDiagnostics.quoted(pointer)) must be \"#/sets/NAME\" or \"#/modifiers/NAME\"")
                }
                continue
            }
            switch entry["type"]?.value {
            case .string("set")?:
                checkMembers(entry, path: path, allowed: ["type", "name", "sources", "description", "$extensions"], required: ["sources"], &diagnostics)
                if let sources = entry["sources"] { items.append(.set(sources: sources, path: "\(path).sources")) }
            case .string("modifier")?:
                checkMembers(
                    entry, path: path, allowed: ["type", "name", "contexts", "default", "description", "$extensions"], required: ["name", "contexts"],
                    &diagnostics)
                guard let nameNode = entry["name"] else { continue }
                guard case .string(let name) = nameNode.value else {
                    diagnostics.error(file, at: nameNode, path: path, "name must be a string; found \(nameNode.kindDescription)")
                    continue
                }
                items.append(.modifier(name: name, contexts: entry["contexts"], path: path, at: nameNode))
                if let defaultNode = entry["default"] { checkDefault(defaultNode, path: path, &diagnostics) }
            default:
                diagnostics.error(
                    file, at: entry["type"] ?? entry, path: path,
                    "expected a $ref, or \"type\": \"set\" or \"modifier\" for an inline entry")
            }
        }
        for (name, modifier) in modifiers.sorted(by: { $0.key < $1.key }) {
            if let defaultNode = modifier["default"] { checkDefault(defaultNode, path: "modifiers.\(name)", &diagnostics) }
        }
        return items
    }

    private func checkDefault(_ node: JSONNode, path: String, _ diagnostics: inout ThemeDiagnostics) {
        guard node.value == .string("light") || node.value == .string("dark") else {
            diagnostics.error(file, at: node, path: "\(path).default", "expected \"light\" or \"dark\"; found \(TokenValueParser.describe(node))")
            return
        }
    }

    /// The light and dark context arrays of the theme modifier, or nil after reporting what was found.
    private func themeContexts(
        _ contexts: JSONNode, path: String,
        _ diagnostics: inout ThemeDiagnostics
    ) -> (JSONNode, JSONNode)? {
        guard case .object(let members) = contexts.value else {
            diagnostics.error(
                file, at: contexts, path: "\(path).contexts", "expected an object with the contexts \"light\" and \"dark\"; found \(contexts.kindDescription)")
            return nil
        }
        let names = members.map(\.key)
        guard let light = contexts["light"], let dark = contexts["dark"], names.count == 2 else {
            let found = names.isEmpty ? "none" : names.map { ThemeDiagnostics.quoted($0) }.joined(separator: ", ")
            diagnostics.error(
                file, at: contexts, path: "\(path).contexts",
                "the theme modifier must have exactly the contexts \"light\" and \"dark\"; found \(found)")
            return nil
        }
        return (light, dark)
    }

    // MARK: Sources

    private mutating func expandSources(
        _ node: JSONNode, path: String, visiting: [String],
        _ diagnostics: inout ThemeDiagnostics
    ) -> [TokenSource] {
        guard case .array(let entries) = node.value else {
            diagnostics.error(
                file, at: node, path: path, "expected an array of sources ({\"$ref\": \"file.tokens.json\"} or inline tokens); found \(node.kindDescription)")
            return []
        }
        var sources: [TokenSource] = []
        for (index, entry) in entries.enumerated() {
            let entryPath = "\(path)[\(index)]"
            if tooManySources { break }
            if sources.count >= Self.maxSources {
                reportTooManySources(at: entry, path: entryPath, &diagnostics)
                break
            }
            guard case .object(let members) = entry.value else {
                diagnostics.error(
                    file, at: entry, path: entryPath, "expected {\"$ref\": \"file.tokens.json\"} or an object of inline tokens; found \(entry.kindDescription)")
                continue
            }
            guard let reference = entry["$ref"] else {
                sources.append(TokenSource(root: entry, file: file))
                continue
            }
            guard case .string(let target) = reference.value else {
                diagnostics.error(file, at: reference, path: entryPath, "$ref must be a string; found \(reference.kindDescription)")
                continue
            }
            if members.count != 1 {
                diagnostics.error(file, at: entry, path: entryPath, "a $ref source may not have other members")
            }
            if target.hasPrefix("#") {
                guard let name = Self.pointerName(target, collection: "sets"), let set = sets[name] else {
                    diagnostics.error(
                        file, at: reference, path: entryPath, "$ref \(ThemeDiagnostics.quoted(target)) must name a file or a set (\"#/sets/NAME\")")
                    continue
                }
                if visiting.contains(name) {
                    diagnostics.error(
                        file, at: reference, path: entryPath,
                        "sets include each other in a loop: \((visiting + [name]).joined(separator: " → "))")
                    continue
                }
                let nested: [TokenSource]
                if let done = expandedSets[name] {
                    nested = done
                } else {
                    nested = set["sources"].map { expandSources($0, path: "sets.\(name).sources", visiting: visiting + [name], &diagnostics) } ?? []
                    expandedSets[name] = nested
                }
                if sources.count + nested.count > Self.maxSources {
                    reportTooManySources(at: reference, path: entryPath, &diagnostics)
                    break
                }
                sources += nested
                continue
            }
            if let source = loadFile(target, at: reference, path: entryPath, &diagnostics) { sources.append(source) }
        }
        return sources
    }

    private mutating func reportTooManySources(at node: JSONNode, path: String, _ diagnostics: inout ThemeDiagnostics) {
        guard !tooManySources else { return }
        tooManySources = true
        diagnostics.error(
            file, at: node, path: path,
            "the sets expand to more than \(Self.maxSources) token sources (is a set included many times over?); expected at most \(Self.maxSources)")
    }

    private mutating func loadFile(
        _ reference: String, at node: JSONNode, path: String,
        _ diagnostics: inout ThemeDiagnostics
    ) -> TokenSource? {
        if reference.hasPrefix(BundledThemes.referencePrefix) {
            return loadBundledFile(reference, at: node, path: path, &diagnostics)
        }
        let normalized: String
        switch ThemeFiles.normalizeReference(reference) {
        case .success(let value): normalized = value
        case .failure(let problem):
            diagnostics.error(file, at: node, path: path, "$ref \(ThemeDiagnostics.quoted(reference)) \(problem.reason)")
            isIncomplete = true
            return nil
        }
        if let cached = fileCache[normalized] { return cached }
        let display = FilePath.joinRelative(displayDirectory, normalized)
        let fsPath = FilePath.joinRelative(baseDirectory, normalized)
        var source: TokenSource?
        if !ThemeFiles.stays(fsPath, inside: baseDirectory) {
            diagnostics.error(
                file, at: node, path: path,
                "$ref \(ThemeDiagnostics.quoted(reference)) leads outside the resolver's folder through a symbolic link")
        } else {
            switch ThemeFiles.read(fsPath) {
            case .failure(let failure):
                diagnostics.missingFile(file, at: node, path: path, "cannot read \(display): \(failure.message)")
            case .success(let bytes):
                do {
                    source = TokenSource(root: try JSONParser.parse(bytes), file: display)
                } catch {
                    diagnostics.error(display, line: error.line, column: error.column, "invalid JSON: \(error.message)")
                }
            }
        }
        if source == nil { isIncomplete = true }
        fileCache[normalized] = .some(source)
        return source
    }

    /// A `$ref` such as `chatrender:sp/light.tokens.json`: a token file of the bundled themes.
    private mutating func loadBundledFile(
        _ reference: String, at node: JSONNode, path: String,
        _ diagnostics: inout ThemeDiagnostics
    ) -> TokenSource? {
        let relative = String(reference.dropFirst(BundledThemes.referencePrefix.count))
        let normalized: String
        switch ThemeFiles.normalizeReference(relative) {
        case .success(let value): normalized = value
        case .failure(let problem):
            let reason = problem.reason.replacingOccurrences(of: "the resolver's folder", with: "the bundled themes")
            diagnostics.error(file, at: node, path: path, "$ref \(ThemeDiagnostics.quoted(reference)) \(reason)")
            isIncomplete = true
            return nil
        }
        let key = BundledThemes.referencePrefix + normalized
        if let cached = fileCache[key] { return cached }
        var source: TokenSource?
        switch bundledThemes.folder {
        case .failure(let error):
            diagnostics.missingFile(
                file, at: node, path: path,
                "cannot read \(ThemeDiagnostics.quoted(reference)): \(error.diagnostics.first?.message ?? "the bundled themes are not found")")
        case .success(let folder):
            let fsPath = FilePath.joinRelative(folder, normalized)
            if !ThemeFiles.stays(fsPath, inside: folder) {
                diagnostics.error(
                    file, at: node, path: path,
                    "$ref \(ThemeDiagnostics.quoted(reference)) leads outside the bundled themes through a symbolic link")
            } else {
                switch ThemeFiles.read(fsPath) {
                case .failure(let failure):
                    let known = BundledThemes.names(in: folder).joined(separator: ", ")
                    diagnostics.missingFile(
                        file, at: node, path: path,
                        "cannot read the bundled file \(ThemeDiagnostics.quoted(normalized)): \(failure.message) (bundled themes: \(known))")
                case .success(let bytes):
                    do {
                        source = TokenSource(root: try JSONParser.parse(bytes), file: fsPath)
                    } catch {
                        diagnostics.error(fsPath, line: error.line, column: error.column, "invalid JSON: \(error.message)")
                    }
                }
            }
        }
        if source == nil { isIncomplete = true }
        fileCache[key] = .some(source)
        return source
    }

    // MARK: Helpers

    /// `#/sets/base` → `base` for collection `sets`; nil for anything else.
    static func pointerName(_ pointer: String, collection: String) -> String? {
        let prefix = "#/\(collection)/"
        guard pointer.hasPrefix(prefix) else { return nil }
        let name = String(pointer.dropFirst(prefix.count))
        guard !name.isEmpty, !name.contains("/") else { return nil }
        return name.replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~")
    }

    static func list<S: Sequence>(_ names: S) -> String where S.Element == String {
        let sorted = names.sorted()
        return sorted.isEmpty ? "none" : sorted.map { ThemeDiagnostics.quoted($0) }.joined(separator: ", ")
    }
}
