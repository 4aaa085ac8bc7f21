import Foundation
import ChatModel
import ChatSupport

/// A token's value once aliases are followed and the value is parsed into its type.
package enum TokenValue: Equatable {
    case color(ThemeColor)
    case dimension(ThemeDimension)
    case duration(ThemeDuration)
    case cubicBezier(ThemeCubicBezier)
    case fontFamily(ThemeFontFamily)
    case fontWeight(Double)
    case number(Double)
    case typography(ThemeTypography)
    case transition(ThemeTransition)
    /// A valid DTCG type no block uses (shadow, border, …); accepted, not checked.
    case unchecked(TokenType)
}

/// Follows aliases and parses every token of one merged tree (one mode) into typed values.
///
/// Each token is resolved once (memoised), so every problem is reported once, at the token that holds
/// the bad value; tokens that merely point at a broken token fail quietly.
package struct TokenResolver {
    let tree: TokenTree
    private var chains: [String: RawToken?] = [:]
    private var values: [String: TokenValue?] = [:]
    private var reportedCycles: Set<[String]> = []

    init(tree: TokenTree) {
        self.tree = tree
    }

    /// Resolves every token so problems in tokens the blocks do not use are still reported.
    mutating func validateAll(_ diagnostics: inout ThemeDiagnostics) {
        for token in tree.orderedTokens {
            _ = value(of: token.path, &diagnostics)
        }
    }

    // MARK: Aliases

    package enum AliasForm: Equatable {
        case notAlias
        case alias(String)
        case invalid
    }

    /// Reads `"{group.token}"` or `{"$ref": "#/group/token/$value"}`.
    static func aliasForm(_ node: JSONNode, _ site: TokenValueSite, _ diagnostics: inout ThemeDiagnostics) -> AliasForm {
        switch node.value {
        case .string(let text):
            guard text.hasPrefix("{") || text.hasSuffix("}") else { return .notAlias }
            guard text.count > 2, text.hasPrefix("{"), text.hasSuffix("}") else {
                TokenValueParser.fail(
                    node, site, &diagnostics,
                    "malformed alias \(ThemeDiagnostics.quoted(text)); write an alias as \"{group.token}\"")
                return .invalid
            }
            let inner = text.dropFirst().dropLast()
            let parts = inner.split(separator: ".", omittingEmptySubsequences: false)
            guard parts.allSatisfy({ !$0.isEmpty && TokenTree.nameProblem(String($0)) == nil }) else {
                TokenValueParser.fail(
                    node, site, &diagnostics,
                    "malformed alias \(ThemeDiagnostics.quoted(text)); write an alias as \"{group.token}\"")
                return .invalid
            }
            return .alias(String(inner))
        case .object(let members):
            guard let reference = node["$ref"] else { return .notAlias }
            guard members.count == 1, case .string(let pointer) = reference.value else {
                TokenValueParser.fail(
                    reference, site, &diagnostics,
                    "a $ref alias must be the only member and a string such as \"#/color/accent/$value\"")
                return .invalid
            }
            guard pointer.hasPrefix("#/"), pointer.hasSuffix("/$value") else {
                TokenValueParser.fail(
                    reference, site, &diagnostics,
                    "$ref \(ThemeDiagnostics.quoted(pointer)) must point at a token's whole value, such as \"#/color/accent/$value\"")
                return .invalid
            }
            let segments = pointer.dropFirst(2).dropLast(7).split(separator: "/", omittingEmptySubsequences: false)
                .map { $0.replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~") }
            guard !segments.isEmpty, segments.allSatisfy({ TokenTree.nameProblem($0) == nil && !$0.hasPrefix("$") }) else {
                TokenValueParser.fail(
                    reference, site, &diagnostics,
                    "$ref \(ThemeDiagnostics.quoted(pointer)) does not name a token")
                return .invalid
            }
            return .alias(segments.joined(separator: "."))
        default:
            return .notAlias
        }
    }

    /// Follows the alias chain from `path` to the token that holds a concrete value; nil if the chain is
    /// broken (an unknown target or a cycle, reported here).
    mutating func concreteToken(for path: String, _ diagnostics: inout ThemeDiagnostics) -> RawToken? {
        if let memo = chains[path] { return memo }
        guard var current = tree.tokens[path] else { return nil }
        var chain = [path]
        var result: RawToken?
        while true {
            let site = TokenValueSite(file: current.file, tokenPath: current.path)
            switch Self.aliasForm(current.value, site, &diagnostics) {
            case .notAlias:
                result = current
            case .invalid:
                result = nil
            case .alias(let target):
                if let start = chain.firstIndex(of: target) {
                    reportCycle(Array(chain[start...]), &diagnostics)
                    result = nil
                } else if let memo = chains[target] {
                    result = memo
                } else if let next = tree.tokens[target] {
                    chain.append(target)
                    current = next
                    continue
                } else {
                    reportUnknown(target, from: current, &diagnostics)
                    result = nil
                }
            }
            break
        }
        for member in chain { chains[member] = .some(result) }
        return result
    }

    private mutating func reportCycle(_ members: [String], _ diagnostics: inout ThemeDiagnostics) {
        guard reportedCycles.insert(members.sorted()).inserted, let first = tree.tokens[members[0]] else { return }
        let text = (members + [members[0]]).joined(separator: " → ")
        diagnostics.error(first.file, at: first.value, path: first.path, "aliases form a cycle: \(text)")
    }

    private func reportUnknown(_ target: String, from token: RawToken, _ diagnostics: inout ThemeDiagnostics) {
        var message: String
        if tree.groups[target] != nil {
            message = "alias {\(target)} refers to a group, not a token"
        } else {
            message = "alias {\(target)} refers to a token that does not exist"
            if let suggestion = closestPath(to: target) { message += "; did you mean {\(suggestion)}?" }
        }
        diagnostics.error(token.file, at: token.value, path: token.path, message)
    }

    private func closestPath(to target: String) -> String? {
        var best: (String, Int)?
        for path in tree.tokens.keys.sorted() {
            let distance = Self.editDistance(path, target, limit: 3)
            if distance <= 2, distance < (best?.1 ?? .max) { best = (path, distance) }
        }
        return best?.0
    }

    /// Levenshtein distance, giving up (returning `limit`) once it must exceed `limit`.
    static func editDistance(_ a: String, _ b: String, limit: Int) -> Int {
        let a = Array(a.unicodeScalars), b = Array(b.unicodeScalars)
        if abs(a.count - b.count) >= limit { return limit }
        var previous = Array(0...b.count)
        for i in 1...max(a.count, 1) where !a.isEmpty {
            var current = [i] + Array(repeating: 0, count: b.count)
            var rowMinimum = i
            for j in stride(from: 1, through: b.count, by: 1) {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                rowMinimum = min(rowMinimum, current[j])
            }
            if rowMinimum >= limit { return limit }
            previous = current
        }
        return min(previous[b.count], limit)
    }

    // MARK: Typed values

    /// The typed value of the token at `path`; nil when it does not exist or is broken (reported).
    mutating func value(of path: String, _ diagnostics: inout ThemeDiagnostics) -> TokenValue? {
        if let memo = values[path] { return memo }
        guard let token = tree.tokens[path] else { return nil }
        values[path] = .some(nil)  // guards against re-entry while this token is being parsed
        let result = computeValue(token, &diagnostics)
        values[path] = .some(result)
        return result
    }

    /// The `$type` a token ends up with: its own or its group's, else that of the token its alias reaches.
    mutating func resolvedType(of path: String, _ diagnostics: inout ThemeDiagnostics) -> TokenType? {
        guard let token = tree.tokens[path] else { return nil }
        if let type = tree.effectiveType(of: token) { return type }
        guard let concrete = concreteToken(for: path, &diagnostics) else { return nil }
        return tree.effectiveType(of: concrete)
    }

    private mutating func computeValue(_ token: RawToken, _ diagnostics: inout ThemeDiagnostics) -> TokenValue? {
        if token.hasInvalidType { return nil }
        guard let concrete = concreteToken(for: token.path, &diagnostics) else { return nil }
        let concreteType = tree.effectiveType(of: concrete)
        if concrete.path != token.path {
            let ownType = tree.effectiveType(of: token)
            if let ownType, let concreteType, ownType != concreteType {
                diagnostics.error(
                    token.file, at: token.value, path: token.path,
                    "this \(ownType.rawValue) token is an alias of \(concrete.path), which is a \(concreteType.rawValue)")
                return nil
            }
            return value(of: concrete.path, &diagnostics)
        }
        if concrete.hasInvalidType { return nil }
        guard let type = concreteType else {
            diagnostics.error(
                token.file, at: token.node, path: token.path,
                "the token has no $type; set $type on the token or on a group that contains it")
            return nil
        }
        return parse(token.value, as: type, TokenValueSite(file: token.file, tokenPath: token.path), &diagnostics)
    }

    private mutating func parse(
        _ node: JSONNode, as type: TokenType, _ site: TokenValueSite,
        _ diagnostics: inout ThemeDiagnostics
    ) -> TokenValue? {
        switch type {
        case .color: return TokenValueParser.color(node, site, &diagnostics).map(TokenValue.color)
        case .dimension: return TokenValueParser.dimension(node, site, &diagnostics).map(TokenValue.dimension)
        case .duration: return TokenValueParser.duration(node, site, &diagnostics).map(TokenValue.duration)
        case .cubicBezier: return TokenValueParser.cubicBezier(node, site, &diagnostics).map(TokenValue.cubicBezier)
        case .fontFamily: return TokenValueParser.fontFamily(node, site, &diagnostics).map(TokenValue.fontFamily)
        case .fontWeight: return TokenValueParser.fontWeight(node, site, &diagnostics).map(TokenValue.fontWeight)
        case .number: return TokenValueParser.number(node, site, &diagnostics).map(TokenValue.number)
        case .typography: return typography(node, site, &diagnostics).map(TokenValue.typography)
        case .transition: return transition(node, site, &diagnostics).map(TokenValue.transition)
        case .strokeStyle, .border, .shadow, .gradient: return .unchecked(type)
        }
    }

    // MARK: Composites

    private mutating func typography(
        _ node: JSONNode, _ site: TokenValueSite,
        _ diagnostics: inout ThemeDiagnostics
    ) -> ThemeTypography? {
        guard
            let fields = compositeFields(
                node, site, ["fontFamily", "fontSize", "fontWeight", "lineHeight", "letterSpacing"],
                typeName: "typography", &diagnostics)
        else { return nil }
        let family = field(fields["fontFamily"], .fontFamily, site.with(field: "fontFamily"), &diagnostics)
        let size = field(fields["fontSize"], .dimension, site.with(field: "fontSize"), &diagnostics)
        let weight = field(fields["fontWeight"], .fontWeight, site.with(field: "fontWeight"), &diagnostics)
        let lineHeight = field(fields["lineHeight"], .number, site.with(field: "lineHeight"), &diagnostics)
        let spacing = field(fields["letterSpacing"], .dimension, site.with(field: "letterSpacing"), &diagnostics)
        guard case .fontFamily(let f)? = family, case .dimension(let s)? = size, case .fontWeight(let w)? = weight,
            case .number(let l)? = lineHeight, case .dimension(let t)? = spacing
        else { return nil }
        var ok = true
        if s.value <= 0, let at = fields["fontSize"] {
            TokenValueParser.fail(at, site.with(field: "fontSize"), &diagnostics, "must be greater than 0")
            ok = false
        }
        if !(l > 0 && l <= 10), let at = fields["lineHeight"] {
            TokenValueParser.fail(
                at, site.with(field: "lineHeight"), &diagnostics,
                "must be a multiple of the font size greater than 0 and at most 10; found \(ThemeCSSNumber.format(l))")
            ok = false
        }
        return ok ? ThemeTypography(fontFamily: f, fontSize: s, fontWeight: w, lineHeight: l, letterSpacing: t) : nil
    }

    private mutating func transition(
        _ node: JSONNode, _ site: TokenValueSite,
        _ diagnostics: inout ThemeDiagnostics
    ) -> ThemeTransition? {
        guard
            let fields = compositeFields(
                node, site, ["duration", "delay", "timingFunction"],
                typeName: "transition", &diagnostics)
        else { return nil }
        let duration = field(fields["duration"], .duration, site.with(field: "duration"), &diagnostics)
        let delay = field(fields["delay"], .duration, site.with(field: "delay"), &diagnostics)
        let easing = field(fields["timingFunction"], .cubicBezier, site.with(field: "timingFunction"), &diagnostics)
        guard case .duration(let d)? = duration, case .duration(let w)? = delay,
            case .cubicBezier(let e)? = easing
        else { return nil }
        return ThemeTransition(duration: d, delay: w, timingFunction: e)
    }

    /// Checks a composite object has exactly the DTCG members, reporting missing and unknown ones.
    private func compositeFields(
        _ node: JSONNode, _ site: TokenValueSite, _ names: [String], typeName: String,
        _ diagnostics: inout ThemeDiagnostics
    ) -> [String: JSONNode]? {
        guard case .object(let members) = node.value else {
            TokenValueParser.fail(
                node, site, &diagnostics,
                "expected a \(typeName) object with \(names.joined(separator: ", ")); found \(node.kindDescription)")
            return nil
        }
        var fields: [String: JSONNode] = [:]
        var ok = true
        for (key, child) in members {
            if names.contains(key) {
                fields[key] = child
            } else {
                TokenValueParser.fail(
                    child, site, &diagnostics,
                    "unknown \(typeName) member \(ThemeDiagnostics.quoted(key)); expected \(names.joined(separator: ", "))")
                ok = false
            }
        }
        let missing = names.filter { fields[$0] == nil }
        if !missing.isEmpty {
            TokenValueParser.fail(
                node, site, &diagnostics,
                "the \(typeName) value is missing \(missing.joined(separator: ", "))")
            ok = false
        }
        return ok ? fields : nil
    }

    /// A composite member: a literal of `type`, or an alias to a token of that type.
    private mutating func field(
        _ node: JSONNode?, _ type: TokenType, _ site: TokenValueSite,
        _ diagnostics: inout ThemeDiagnostics
    ) -> TokenValue? {
        guard let node else { return nil }
        switch Self.aliasForm(node, site, &diagnostics) {
        case .invalid:
            return nil
        case .notAlias:
            return parse(node, as: type, site, &diagnostics)
        case .alias(let target):
            guard tree.tokens[target] != nil else {
                var message =
                    tree.groups[target] != nil
                    ? "alias {\(target)} refers to a group, not a token"
                    : "alias {\(target)} refers to a token that does not exist"
                if tree.groups[target] == nil, let suggestion = closestPath(to: target) { message += "; did you mean {\(suggestion)}?" }
                TokenValueParser.fail(node, site, &diagnostics, message)
                return nil
            }
            guard concreteToken(for: target, &diagnostics) != nil else { return nil }
            let targetType = resolvedType(of: target, &diagnostics)
            guard targetType == type else {
                TokenValueParser.fail(
                    node, site, &diagnostics,
                    "alias {\(target)} must refer to a \(type.rawValue) token; it is \(targetType.map { "a \($0.rawValue)" } ?? "untyped")")
                return nil
            }
            return value(of: target, &diagnostics)
        }
    }
}
