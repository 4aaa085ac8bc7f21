import ChatModel
/// Reads typed values out of a ``JSONNode`` tree, recording a ``Diagnostic`` with the JSON path
/// and line:column for every value that is missing or of the wrong shape, so a loader can report
/// every problem in a file at once.
package struct JSONReader {
    let file: String
    private(set) var diagnostics: [Diagnostic] = []

    init(file: String) { self.file = file }

    var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }

    mutating func error(_ message: String, at node: JSONNode?, path: String) {
        report(.error, message, at: node, path: path)
    }

    mutating func warning(_ message: String, at node: JSONNode?, path: String) {
        report(.warning, message, at: node, path: path)
    }

    /// Adds diagnostics collected by another reader (for part of the same file), in their order.
    mutating func append(_ more: ArraySlice<Diagnostic>) {
        diagnostics.append(contentsOf: more)
    }

    private mutating func report(_ severity: Diagnostic.Severity, _ message: String, at node: JSONNode?, path: String) {
        let location = SourceLocation(line: node?.line, column: node?.column, jsonPath: path.isEmpty ? "(document)" : path)
        diagnostics.append(Diagnostic(severity, file: file, location: location, message: message))
    }

    static func join(_ path: String, _ key: String) -> String {
        let plain = !key.isEmpty && key.utf8.allSatisfy { ($0 >= 97 && $0 <= 122) || ($0 >= 65 && $0 <= 90) || ($0 >= 48 && $0 <= 57) || $0 == 95 }
        let component = plain ? key : "[\"\(key)\"]"
        if path.isEmpty { return component }
        var joined = path
        joined.reserveCapacity(path.utf8.count + 1 + component.utf8.count)
        if plain { joined += "." }
        joined += component
        return joined
    }

    static func join(_ path: String, _ index: Int) -> String { path + "[\(index)]" }

    /// Quotes a value from the input for a message (see ``Diagnostic/quote(_:)``).
    package static func quote(_ text: String) -> String { Diagnostic.quote(text) }

    /// The object's members, or nil after reporting what was expected.
    mutating func object(_ node: JSONNode, path: String, expected: String = "an object") -> [(key: String, node: JSONNode)]? {
        guard case .object(let members) = node.value else {
            error("expected \(expected), found \(node.kindDescription)", at: node, path: path)
            return nil
        }
        return members
    }

    mutating func requiredString(_ parent: JSONNode, _ key: String, path: String, nonEmpty: Bool = false) -> String? {
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
    mutating func optionalString(_ parent: JSONNode, _ key: String, path: String) -> String? {
        guard let node = parent[key] else { return nil }
        switch node.value {
        case .null: return nil
        case .string(let value): return value
        default:
            error("expected a string or null, found \(node.kindDescription)", at: node, path: Self.join(path, key))
            return nil
        }
    }
}
