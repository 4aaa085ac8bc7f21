import ChatModel
import ChatSupport

/// The document's `"facts"`: labelled facts shown under the title (docs/conversation-format.md#facts).
extension ConversationLoader {
    /// More facts than this is refused (a documented limit): they are a header, not a table.
    package static let maxFacts = 32

    /// `"phrase"` beside an English text chatrender wrote (an importer's "Conversation compacted"):
    /// `{"key": "conversationCompacted", "values": {…}, "seconds": 48}`, the key one of the string
    /// tables'. Nil when absent; a malformed or unknown one is a warning and the English text is shown.
    static func decodePhrase(_ node: JSONNode?, path: String, reader: inout JSONReader) -> UIPhrase? {
        guard let node, node.value != .null else { return nil }
        guard case .object = node.value, case .string(let name)? = node["key"]?.value else {
            reader.warning("expected {\"key\": …} naming a string-table key; the English text is shown", at: node, path: path)
            return nil
        }
        guard let key = UIKey.named(name) else {
            reader.warning("unknown string-table key \(JSONReader.quote(name)); the English text is shown", at: node, path: JSONReader.join(path, "key"))
            return nil
        }
        var phrase = UIPhrase(key)
        if case .object(let members)? = node["values"]?.value {
            for member in members { if case .string(let value) = member.node.value { phrase.values[member.key] = value } }
        }
        if case .number(let seconds, _)? = node["seconds"]?.value, seconds.isFinite, seconds >= 0 { phrase.seconds = seconds }
        return phrase
    }

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
                if let label, let value {
                    var fact = ConversationFact(label: label, value: value)
                    fact.key = decodePhrase(element["phrase"], path: JSONReader.join(path, "phrase"), reader: &reader)?.key
                    if case .array(let pieces)? = element["valuePhrases"]?.value {
                        for (n, piece) in pieces.enumerated() {
                            let piecePath = JSONReader.join(JSONReader.join(path, "valuePhrases"), n)
                            if let phrase = decodePhrase(piece, path: piecePath, reader: &reader) { fact.valuePhrases.append(phrase) }
                        }
                    }
                    facts.append(fact)
                }
            }
            return facts
        default:
            reader.error("expected an array of facts, found \(node.kindDescription)", at: node, path: "facts")
            return []
        }
    }
}
