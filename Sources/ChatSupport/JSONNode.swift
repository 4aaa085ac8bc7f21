import ChatModel
/// A parsed JSON value that remembers where it started in the source, so every later check can
/// report `line:column` as well as its JSON path.
package struct JSONNode: Sendable, Equatable {
    /// The value itself.
    package enum Value: Sendable, Equatable {
        case null
        case bool(Bool)
        /// A number with its exact integer value when it has no fraction or exponent and fits in `Int64`.
        case number(Double, integer: Int64?)
        case string(String)
        case array([JSONNode])
        /// Members in source order; duplicate keys are rejected by the parser.
        case object([(key: String, node: JSONNode)])

        package static func == (lhs: Value, rhs: Value) -> Bool {
            switch (lhs, rhs) {
            case (.null, .null): return true
            case let (.bool(a), .bool(b)): return a == b
            case let (.number(a, ai), .number(b, bi)): return a == b && ai == bi
            case let (.string(a), .string(b)): return a == b
            case let (.array(a), .array(b)): return a == b
            case let (.object(a), .object(b)):
                return a.count == b.count && zip(a, b).allSatisfy { $0.key == $1.key && $0.node == $1.node }
            default: return false
            }
        }
    }

    package var value: Value
    /// 1-based line of the value's first character.
    package var line: Int
    /// 1-based column (in Unicode scalars) of the value's first character.
    package var column: Int

    package init(_ value: Value, line: Int = 1, column: Int = 1) {
        self.value = value
        self.line = line
        self.column = column
    }

    /// The member called `key`, when this is an object that has one.
    package subscript(key: String) -> JSONNode? {
        guard case .object(let members) = value else { return nil }
        // By index, so only the member found is copied out. Lengths first: they are at hand
        // in every string, and most names asked about differ from most members' in length.
        let length = key.utf8.count
        for index in members.indices where members[index].key.utf8.count == length && members[index].key == key {
            return members[index].node
        }
        return nil
    }

    /// How the value's kind is named in error messages: "a string", "an array", "null".
    package var kindDescription: String {
        switch value {
        case .null: return "null"
        case .bool: return "a boolean"
        case .number: return "a number"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        }
    }
}
