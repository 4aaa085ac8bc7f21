import ChatModel
import ChatSupport
/// Loads a theme from a DTCG 2025.10 token file (`*.tokens.json`, one mode) or a DTCG resolver document
/// (`*.resolver.json`, light and dark), validating every token and collecting every problem.
public enum ThemeLoader {
    /// Reads and validates the theme at `path`.
    ///
    /// - Parameters:
    ///   - path: the file to read.
    ///   - displayPath: the path as the person typed it, used in diagnostics.
    ///   - bundledThemes: where a partial theme's `$extends` and `chatrender:` `$ref`s are read.
    /// - Throws: `DiagnosticError` with kind `.missingInput` when a file is missing or unreadable, and
    ///   `.badData` with every problem found otherwise.
    public static func load(path: String, displayPath: String, bundledThemes: BundledThemes = .unknown) throws(DiagnosticError) -> Theme {
        switch ThemeFiles.read(path) {
        case .failure(let failure):
            throw DiagnosticError(
                Diagnostic(.error, file: displayPath, message: "cannot read the theme: \(failure.message)"),
                kind: .missingInput)
        case .success(let bytes):
            return try load(bytes: bytes, displayPath: displayPath, baseDirectory: FilePath.directory(path), bundledThemes: bundledThemes)
        }
    }

    /// Validates a theme from bytes already read.
    ///
    /// - Parameters:
    ///   - bytes: the token file or resolver document.
    ///   - displayPath: its name in diagnostics; a name ending in `.resolver.json` (or a document with a
    ///     `resolutionOrder`) is read as a resolver.
    ///   - baseDirectory: the folder a resolver's file `$ref`s are read from.
    ///   - bundledThemes: where a partial theme's `$extends` and `chatrender:` `$ref`s are read.
    public static func load(
        bytes: [UInt8], displayPath: String, baseDirectory: String, bundledThemes: BundledThemes = .unknown
    ) throws(DiagnosticError) -> Theme {
        var diagnostics = ThemeDiagnostics()
        let root: JSONNode
        do {
            root = try JSONParser.parse(bytes)
        } catch {
            diagnostics.error(displayPath, line: error.line, column: error.column, "invalid JSON: \(error.message)")
            throw diagnostics.error
        }

        var name = defaultName(for: displayPath)
        var modes: [(label: String, sources: [TokenSource])]
        var isIncomplete = false
        let isResolver = displayPath.hasSuffix(".resolver.json") || root["resolutionOrder"] != nil
        // A partial theme: `"$extends": "sp"` at the top builds on a bundled theme.
        var base: BundledBase?
        if case .object = root.value, let extends = root["$extends"] {
            base = bundledBase(extends, file: displayPath, in: bundledThemes, &diagnostics)
            if base == nil { isIncomplete = true }
        }
        if isResolver {
            var reader = ThemeResolverReader(root: root, file: displayPath, baseDirectory: baseDirectory, bundledThemes: bundledThemes)
            let result = reader.read(&diagnostics)
            isIncomplete = isIncomplete || reader.isIncomplete
            if let resolverName = result.name { name = resolverName }
            modes = [("light", result.light)]
            if let dark = result.dark { modes.append(("dark", dark)) }
        } else {
            modes = [("light", [TokenSource(root: root, file: displayPath, readsExtends: true)])]
        }
        if let base {
            // The bundled theme's sources come first in each mode; this file's tokens override them.
            let ownLight = modes[0].sources
            let ownDark = modes.count > 1 ? modes[1].sources : nil
            modes = [("light", base.light + ownLight)]
            if base.dark != nil || ownDark != nil {
                modes.append(("dark", (base.dark ?? base.light) + (ownDark ?? ownLight)))
            }
        }

        var resolved: [ThemeTokens?] = []
        var missing: [(mode: String, token: RequiredToken, tree: TokenTree)] = []
        for mode in modes {
            var tree = TokenTree()
            for source in mode.sources { tree.add(source, diagnostics: &diagnostics) }
            var resolver = TokenResolver(tree: tree)
            resolver.validateAll(&diagnostics)
            let (tokens, absent) = resolver.themeTokens(&diagnostics)
            resolved.append(tokens)
            missing += absent.map { (mode.label, $0, tree) }
        }

        if !isIncomplete {
            reportMissing(
                missing, modeCount: modes.count, isResolver: isResolver, root: root,
                displayPath: displayPath, &diagnostics)
        }
        guard diagnostics.isEmpty, let light = resolved.first ?? nil else {
            if diagnostics.isEmpty {
                diagnostics.error(displayPath, at: root, "the theme defines no tokens")
            }
            throw diagnostics.error
        }
        let dark = resolved.count > 1 ? resolved[1] : nil
        return Theme(name: name, light: light, dark: dark)
    }

    /// One message per missing token, naming the modes it is missing from, placed at the group it belongs in.
    private static func reportMissing(
        _ missing: [(mode: String, token: RequiredToken, tree: TokenTree)],
        modeCount: Int, isResolver: Bool, root: JSONNode, displayPath: String,
        _ diagnostics: inout ThemeDiagnostics
    ) {
        var seen: Set<String> = []
        for entry in missing where seen.insert(entry.token.path).inserted {
            let modes = missing.filter { $0.token.path == entry.token.path }.map(\.mode)
            var message = "required token is missing"
            if isResolver && modeCount > 1 {
                message += modes.count == modeCount ? " in the light and dark contexts" : " in the \(modes[0]) context"
            }
            message += "; expected \(entry.token.expected) token"
            if let group = entry.tree.nearestGroup(of: entry.token.path) {
                diagnostics.error(group.file, at: group.node, path: entry.token.path, message)
            } else {
                diagnostics.error(
                    displayPath, at: isResolver ? (root["resolutionOrder"] ?? root) : root,
                    path: entry.token.path, message)
            }
        }
    }

    /// The sources of the bundled theme a partial theme extends, per mode.
    struct BundledBase {
        var light: [TokenSource]
        var dark: [TokenSource]?
    }

    /// Reads the bundled theme named by a top-level `$extends`, or reports why it cannot.
    private static func bundledBase(
        _ node: JSONNode, file: String, in bundledThemes: BundledThemes, _ diagnostics: inout ThemeDiagnostics
    ) -> BundledBase? {
        guard case .string(let name) = node.value else {
            diagnostics.error(
                file, at: node, path: "$extends",
                "expected the name of a bundled theme, such as \"sp\"; found \(TokenValueParser.describe(node))")
            return nil
        }
        if name.hasPrefix("{") || name.hasPrefix("#") {
            diagnostics.error(
                file, at: node, path: "$extends",
                "at the top of a theme, $extends names a bundled theme, such as \"sp\"; extending a group (\(ThemeDiagnostics.quoted(name))) is not supported")
            return nil
        }
        let folder: String
        switch bundledThemes.folder {
        case .success(let found): folder = found
        case .failure(let error):
            diagnostics.missingFile(
                file, at: node, path: "$extends",
                "cannot read the bundled theme \(ThemeDiagnostics.quoted(name)): \(error.diagnostics.first?.message ?? "its folder is not known")")
            return nil
        }
        guard let path = BundledThemes.file(named: name, in: folder) else {
            let known = BundledThemes.names(in: folder).map { ThemeDiagnostics.quoted($0) }.joined(separator: ", ")
            diagnostics.error(
                file, at: node, path: "$extends",
                "no bundled theme is named \(ThemeDiagnostics.quoted(name)); expected one of \(known.isEmpty ? "none found" : known)")
            return nil
        }
        let bytes: [UInt8]
        switch ThemeFiles.read(path) {
        case .success(let read): bytes = read
        case .failure(let failure):
            diagnostics.missingFile(file, at: node, path: "$extends", "cannot read \(path): \(failure.message)")
            return nil
        }
        let baseRoot: JSONNode
        do {
            baseRoot = try JSONParser.parse(bytes)
        } catch {
            diagnostics.error(path, line: error.line, column: error.column, "invalid JSON: \(error.message)")
            return nil
        }
        if case .object = baseRoot.value, baseRoot["$extends"] != nil {
            diagnostics.error(path, at: baseRoot["$extends"], path: "$extends", "a bundled theme may not extend another")
            return nil
        }
        guard path.hasSuffix(".resolver.json") else {
            return BundledBase(light: [TokenSource(root: baseRoot, file: path)], dark: nil)
        }
        var reader = ThemeResolverReader(root: baseRoot, file: path, baseDirectory: FilePath.directory(path), bundledThemes: bundledThemes)
        let before = diagnostics.count
        let result = reader.read(&diagnostics)
        guard diagnostics.count == before, !reader.isIncomplete else { return nil }
        return BundledBase(light: result.light, dark: result.dark)
    }

    /// `themes/sp.resolver.json` → `sp`.
    static func defaultName(for displayPath: String) -> String {
        var name = FilePath.lastComponent(displayPath)
        for suffix in [".resolver.json", ".tokens.json", ".json"] where name.hasSuffix(suffix) {
            name.removeLast(suffix.count)
            break
        }
        return name.isEmpty ? "theme" : name
    }
}
