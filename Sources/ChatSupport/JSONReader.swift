import ChatModel
/// Reads typed values out of a ``JSONNode`` tree, recording a ``Diagnostic`` with the JSON path
/// and line:column for every value that is missing or of the wrong shape, so a loader can report
/// every problem in a file at once.
package struct JSONReader {
    package let file: String
    package private(set) var diagnostics: [Diagnostic] = []
    /// How many of the diagnostics are errors: a decoder compares it before and after a value to
    /// tell whether that value had any.
    package private(set) var errorCount = 0

    package init(file: String) { self.file = file }

    package var hasErrors: Bool { errorCount > 0 }

    package mutating func error(_ message: String, at node: JSONNode?, path: String) {
        errorCount += 1
        report(.error, message, at: node, path: path)
    }

    package mutating func warning(_ message: String, at node: JSONNode?, path: String) {
        report(.warning, message, at: node, path: path)
    }

    /// Adds diagnostics collected by another reader (for part of the same file), in their order.
    package mutating func append(_ more: ArraySlice<Diagnostic>) {
        diagnostics.append(contentsOf: more)
        errorCount += more.count { $0.severity == .error }
    }

    private mutating func report(_ severity: Diagnostic.Severity, _ message: String, at node: JSONNode?, path: String) {
        let location = SourceLocation(line: node?.line, column: node?.column, jsonPath: path.isEmpty ? "(document)" : path)
        diagnostics.append(Diagnostic(severity, file: file, location: location, message: message))
    }

    /// `path.key`, or `path["key"]` for a key that is not letters, digits and `_`. Made for every
    /// member a reader visits (a ChatGPT export's nodes are keyed by UUIDs), so it is built once,
    /// in a buffer of its final size, without an interpolated string between.
    package static func join(_ path: String, _ key: String) -> String {
        var key = key
        let plain = !key.isEmpty && key.withUTF8 { $0.allSatisfy { ($0 >= 97 && $0 <= 122) || ($0 >= 65 && $0 <= 90) || ($0 >= 48 && $0 <= 57) || $0 == 95 } }
        if plain && path.isEmpty { return key }
        var joined = ""
        joined.reserveCapacity(path.utf8.count + key.utf8.count + 4)
        joined += path
        if plain {
            joined += "."
            joined += key
        } else {
            joined += "[\""
            joined += key
            joined += "\"]"
        }
        return joined
    }

    package static func join(_ path: String, _ index: Int) -> String { path + "[\(index)]" }

    /// Quotes a value from the input for a message (see ``Diagnostic/quote(_:)``).
    package static func quote(_ text: String) -> String { Diagnostic.quote(text) }

    /// The object's members, or nil after reporting what was expected.
    package mutating func object(_ node: JSONNode, path: String, expected: String = "an object") -> [(key: String, node: JSONNode)]? {
        guard case .object(let members) = node.value else {
            error("expected \(expected), found \(node.kindDescription)", at: node, path: path)
            return nil
        }
        return members
    }

    package mutating func requiredString(_ parent: JSONNode, _ key: String, path: String, nonEmpty: Bool = false) -> String? {
        // The child's path is spelled out only for a message: most fields are fine.
        guard let node = parent[key] else {
            error("missing required field \"\(key)\"; expected a string", at: parent, path: Self.join(path, key))
            return nil
        }
        guard case .string(let value) = node.value else {
            error("expected a string, found \(node.kindDescription)", at: node, path: Self.join(path, key))
            return nil
        }
        if nonEmpty && value.isEmpty {
            error("expected a non-empty string", at: node, path: Self.join(path, key))
            return nil
        }
        return value
    }

    /// An optional string: absent and `null` both mean nil.
    package mutating func optionalString(_ parent: JSONNode, _ key: String, path: String) -> String? {
        guard let node = parent[key] else { return nil }
        switch node.value {
        case .null: return nil
        case .string(let value): return value
        default:
            error("expected a string or null, found \(node.kindDescription)", at: node, path: Self.join(path, key))
            return nil
        }
    }

    /// An optional boolean: absent and `null` both mean nil.
    package mutating func optionalBool(_ parent: JSONNode, _ key: String, path: String) -> Bool? {
        guard let node = parent[key] else { return nil }
        switch node.value {
        case .null: return nil
        case .bool(let value): return value
        default:
            error("expected true, false or null, found \(node.kindDescription)", at: node, path: Self.join(path, key))
            return nil
        }
    }

    /// An optional number: absent and `null` both mean nil. `expected` names what the number is
    /// ("a number of seconds ≥ 0"); values below `minimum` are refused with it too.
    package mutating func optionalNumber(_ parent: JSONNode, _ key: String, path: String, expected: String, minimum: Double = -.infinity) -> Double? {
        guard let node = parent[key] else { return nil }
        switch node.value {
        case .null: return nil
        case .number(let value, _) where value >= minimum: return value
        case .number(let value, _):
            error("expected \(expected), found \(Self.format(value))", at: node, path: Self.join(path, key))
            return nil
        default:
            error("expected \(expected), found \(node.kindDescription)", at: node, path: Self.join(path, key))
            return nil
        }
    }

    /// An optional whole number: absent and `null` both mean nil. Like `byteCount`, `2.0` and `1e3`
    /// are whole numbers too (JSON Schema's "integer" takes them), within the range a double holds exactly.
    package mutating func optionalInteger(_ parent: JSONNode, _ key: String, path: String) -> Int? {
        guard let node = parent[key] else { return nil }
        switch node.value {
        case .null: return nil
        case .number(_, let integer?): return Int(integer)
        case .number(let value, nil) where abs(value) <= 9_007_199_254_740_992 && value == value.rounded(.towardZero):
            return Int(value)
        case .number(let value, _):
            error("expected an integer, found \(Self.format(value))", at: node, path: Self.join(path, key))
            return nil
        default:
            error("expected an integer, found \(node.kindDescription)", at: node, path: Self.join(path, key))
            return nil
        }
    }

    /// An optional word from a fixed list (an enum's raw values): absent and `null` both mean nil.
    package mutating func optionalWord<Word: RawRepresentable & CaseIterable>(_ parent: JSONNode, _ key: String, path: String, as _: Word.Type = Word.self)
        -> Word?
    where Word.RawValue == String {
        guard let node = parent[key] else { return nil }
        let found: String
        switch node.value {
        case .null: return nil
        case .string(let raw):
            if let word = Word(rawValue: raw) { return word }
            found = Self.quote(raw)
        default:
            found = node.kindDescription
        }
        error("expected \(Self.alternatives(Word.allCases.map(\.rawValue))), found \(found)", at: node, path: Self.join(path, key))
        return nil
    }

    /// `"a", "b" or "c"`, for messages that list what a value may be.
    package static func alternatives(_ words: [String]) -> String {
        let quoted = words.map { "\"\($0)\"" }
        guard quoted.count > 1 else { return quoted.first ?? "" }
        return quoted.dropLast().joined(separator: ", ") + " or " + quoted.last!
    }

    /// A number as a message shows it: whole numbers without a fraction.
    package static func format(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return String(value)
    }
}
