import ChatModel
import ChatSupport

/// The conversation's `"redaction"`: what `chatrender import --redact` masked, so the page can
/// say the conversation was redacted (docs/conversation-format.md#redaction).
extension ConversationLoader {
    /// `{"credential": 2, "home folder": 14}`, in the file's order; absent or `null` is nil
    /// (not redacted), `{}` is redacted with nothing found. Errors are reported and give nil.
    static func decodeRedaction(_ node: JSONNode?, reader: inout JSONReader) -> RedactionSummary? {
        guard let node else { return nil }
        switch node.value {
        case .null:
            return nil
        case .object(let members):
            var counts: [(kind: String, count: Int)] = []
            var valid = true
            for member in members {
                let path = JSONReader.join("redaction", member.key)
                if member.key.isEmpty {
                    reader.error("expected a kind of masked text such as \"credential\", found an empty name", at: member.node, path: path)
                    valid = false
                    continue
                }
                switch member.node.value {
                case .number(_, let integer?) where integer >= 0 && integer <= Int64(Int32.max):
                    counts.append((member.key, Int(integer)))
                default:
                    var found = member.node.kindDescription
                    if case .number(let value, _) = member.node.value { found = JSONReader.format(value) }
                    reader.error("expected how many were masked, an integer ≥ 0, found \(found)", at: member.node, path: path)
                    valid = false
                }
            }
            return valid ? RedactionSummary(counts: counts) : nil
        default:
            reader.error(
                "expected an object of counts by kind, such as {\"credential\": 1, \"home folder\": 3}, or null; found \(node.kindDescription)",
                at: node, path: "redaction")
            return nil
        }
    }
}
