import ChatModel

/// The document's `"facts"`: labelled facts shown under the title (docs/conversation-format.md#facts).
extension ConversationLoader {
    /// More facts than this is refused (a documented limit): they are a header, not a table.
    package static let maxFacts = 32

    /// `"facts"`; `null` is none. Errors are reported and leave the bad fact out.
    static func decodeFacts(_ node: JSONNode, reader: inout JSONReader) -> [ConversationFact] {
        switch node.value {
        case .null:
            return []
        case .array(let elements) where elements.count > maxFacts:
            reader.error("\(elements.count) facts; expected at most \(maxFacts)", at: node, path: "facts")
            return []
        case .array(let elements):
            var facts: [ConversationFact] = []
            for (index, element) in elements.enumerated() {
                let path = JSONReader.join("facts", index)
                guard reader.object(element, path: path, expected: "a fact object with \"label\" and \"value\"") != nil else { continue }
                let label = reader.requiredString(element, "label", path: path, nonEmpty: true)
                let value = reader.requiredString(element, "value", path: path)
                if let label, let value { facts.append(ConversationFact(label: label, value: value)) }
            }
            return facts
        default:
            reader.error("expected an array of facts, found \(node.kindDescription)", at: node, path: "facts")
            return []
        }
    }
}
