import ChatModel
import ChatSupport
/// The `$type` values of DTCG 2025.10. chatrender validates the first nine; the rest are accepted and
/// ignored because no block uses them.
package enum TokenType: String, CaseIterable, Sendable {
    case color, dimension, fontFamily, fontWeight, duration, cubicBezier, number, typography, transition
    case strokeStyle, border, shadow, gradient
}

/// One token as written in a source, before aliases are followed.
package struct RawToken {
    /// Dotted path such as `color.textPrimary`.
    var path: String
    /// The token object.
    var node: JSONNode
    /// Its `$value`.
    var value: JSONNode
    /// Its own `$type`, if it has one.
    var explicitType: TokenType?
    /// Whether its own `$type` was present but wrong (already reported), so its value is not checked.
    var hasInvalidType: Bool
    /// The file it came from, as shown in messages.
    var file: String
    /// Merge order, for stable iteration.
    var order: Int
}

/// A group as written in a source.
package struct TokenGroup {
    var type: TokenType?
    var node: JSONNode
    var file: String
}

/// One token tree to merge: a parsed token file or an inline tree in a resolver.
package struct TokenSource {
    var root: JSONNode
    var file: String
    /// Whether a top-level `$extends` was read by the loader (the theme file itself): anywhere
    /// else, `$extends` is refused.
    var readsExtends = false
}

/// The deep merge of one or more token trees: later sources replace earlier tokens of the same path, and
/// group `$type`s merge so a type set on a group in one file still applies to tokens added by another.
package struct TokenTree {
    private(set) var tokens: [String: RawToken] = [:]
    private(set) var groups: [String: TokenGroup] = [:]
    private var counter = 0

    /// Tokens in merge order.
    var orderedTokens: [RawToken] { tokens.values.sorted { $0.order < $1.order } }

    /// Flattens `source` into the tree, reporting structural problems.
    mutating func add(_ source: TokenSource, diagnostics: inout ThemeDiagnostics) {
        guard case .object = source.root.value else {
            diagnostics.error(
                source.file, at: source.root,
                "expected an object of token groups, found \(source.root.kindDescription)")
            return
        }
        if source.root["$value"] != nil {
            diagnostics.error(
                source.file, at: source.root,
                "the top level must be a group of tokens, not a token with $value")
            return
        }
        walkGroup(source.root, path: [], file: source.file, readsExtends: source.readsExtends, diagnostics: &diagnostics)
    }

    /// The token's `$type`, or the nearest ancestor group's.
    func effectiveType(of token: RawToken) -> TokenType? {
        if let type = token.explicitType { return type }
        var parts = token.path.split(separator: ".")
        while !parts.isEmpty {
            parts.removeLast()
            if let type = groups[parts.joined(separator: ".")]?.type { return type }
        }
        return nil
    }

    /// The deepest existing group that would contain `path`, for placing "missing token" messages.
    func nearestGroup(of path: String) -> TokenGroup? {
        var parts = path.split(separator: ".")
        while !parts.isEmpty {
            parts.removeLast()
            if let group = groups[parts.joined(separator: ".")] { return group }
        }
        return nil
    }

    // MARK: Walking

    private mutating func walkGroup(
        _ node: JSONNode, path: [String], file: String, readsExtends: Bool = false,
        diagnostics: inout ThemeDiagnostics
    ) {
        guard case .object(let members) = node.value else { return }
        let pathString = path.joined(separator: ".")
        var groupType: TokenType?
        for (key, child) in members where key.hasPrefix("$") {
            switch key {
            case "$type":
                groupType = Self.parseType(child, file: file, path: pathString, diagnostics: &diagnostics)
            case "$description", "$extensions", "$deprecated":
                continue
            case "$schema" where path.isEmpty:
                continue
            case "$extends" where path.isEmpty && readsExtends:
                continue
            case "$extends" where path.isEmpty:
                diagnostics.error(
                    file, at: child, path: "$extends",
                    "$extends is read only at the top of the theme file itself (a token file, or the resolver); a file a resolver refers to cannot extend a theme"
                )
            case "$extends":
                diagnostics.error(
                    file, at: child, path: pathString,
                    "group extension ($extends) inside a group is not supported; to build on a bundled theme, put \"$extends\": \"sp\" at the top of the theme file"
                )
            case "$root":
                diagnostics.error(
                    file, at: child, path: pathString,
                    "$root tokens are not supported; give the token a name")
            default:
                diagnostics.error(
                    file, at: child, path: pathString,
                    "unknown property \(ThemeDiagnostics.quoted(key)); names starting with $ are reserved")
            }
        }
        registerGroup(pathString, TokenGroup(type: groupType, node: node, file: file))

        for (key, child) in members where !key.hasPrefix("$") {
            if let problem = Self.nameProblem(key) {
                diagnostics.error(
                    file, at: child, path: pathString.isEmpty ? nil : pathString,
                    "name \(ThemeDiagnostics.quoted(key)) \(problem)")
                continue
            }
            let childPath = path + [key]
            guard case .object = child.value else {
                diagnostics.error(
                    file, at: child, path: childPath.joined(separator: "."),
                    "expected a token (an object with $value) or a group (an object), found \(child.kindDescription)")
                continue
            }
            if child["$value"] != nil {
                addToken(child, path: childPath, file: file, diagnostics: &diagnostics)
            } else {
                walkGroup(child, path: childPath, file: file, diagnostics: &diagnostics)
            }
        }
    }

    private mutating func addToken(
        _ node: JSONNode, path: [String], file: String,
        diagnostics: inout ThemeDiagnostics
    ) {
        guard case .object(let members) = node.value else { return }
        let pathString = path.joined(separator: ".")
        var value: JSONNode?
        var type: TokenType?
        var hasInvalidType = false
        for (key, child) in members {
            switch key {
            case "$value": value = child
            case "$type":
                type = Self.parseType(child, file: file, path: pathString, diagnostics: &diagnostics)
                hasInvalidType = type == nil
            case "$description", "$extensions", "$deprecated": continue
            default:
                if key.hasPrefix("$") {
                    diagnostics.error(
                        file, at: child, path: pathString,
                        "unknown property \(ThemeDiagnostics.quoted(key)); names starting with $ are reserved")
                } else {
                    diagnostics.error(
                        file, at: child, path: pathString,
                        "a token cannot contain \(ThemeDiagnostics.quoted(key)); only groups have children")
                }
            }
        }
        guard let value else { return }
        insertToken(
            RawToken(
                path: pathString, node: node, value: value, explicitType: type,
                hasInvalidType: hasInvalidType, file: file, order: counter))
        counter += 1
    }

    // MARK: Merging

    private mutating func insertToken(_ token: RawToken) {
        let path = token.path
        // A later token replaces an earlier group of the same path, with everything in it.
        if groups[path] != nil {
            let prefix = path + "."
            groups = groups.filter { $0.key != path && !$0.key.hasPrefix(prefix) }
            tokens = tokens.filter { !$0.key.hasPrefix(prefix) }
        }
        // …and an earlier token where this token's parent groups now are.
        var parts = path.split(separator: ".")
        parts.removeLast()
        while !parts.isEmpty {
            tokens[parts.joined(separator: ".")] = nil
            parts.removeLast()
        }
        tokens[path] = token
    }

    private mutating func registerGroup(_ path: String, _ group: TokenGroup) {
        tokens[path] = nil
        if let existing = groups[path], group.type == nil {
            groups[path] = TokenGroup(type: existing.type, node: group.node, file: group.file)
        } else {
            groups[path] = group
        }
    }

    // MARK: Checks

    static func parseType(
        _ node: JSONNode, file: String, path: String,
        diagnostics: inout ThemeDiagnostics
    ) -> TokenType? {
        guard case .string(let name) = node.value else {
            diagnostics.error(file, at: node, path: path, "$type must be a string, found \(node.kindDescription)")
            return nil
        }
        guard let type = TokenType(rawValue: name) else {
            let known = TokenType.allCases.map(\.rawValue).joined(separator: ", ")
            diagnostics.error(
                file, at: node, path: path,
                "unknown $type \(ThemeDiagnostics.quoted(name)); expected one of \(known)")
            return nil
        }
        return type
    }

    /// Why a token or group name is not allowed, or nil when it is fine.
    static func nameProblem(_ name: String) -> String? {
        if name.isEmpty { return "is empty; token and group names need at least one character" }
        if name.contains(where: { $0 == "." || $0 == "{" || $0 == "}" }) {
            return "may not contain '.', '{' or '}'"
        }
        if name.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) {
            return "may not contain control characters"
        }
        return nil
    }
}
