import ChatModel
import ChatSupport

/// A message's `"sources"`: what its text cites with `[^id]` markers (docs/conversation-format.md#sources).
extension ConversationLoader {
    /// More sources than this on one message is refused (a documented limit).
    package static let maxSourcesPerMessage = 1_000

    /// `"sources"`; absent or `null` is none. Errors are reported and leave the bad source out.
    static func decodeSources(_ node: JSONNode, path: String, reader: inout JSONReader) -> [Source] {
        switch node.value {
        case .null:
            return []
        case .array(let elements) where elements.count > maxSourcesPerMessage:
            reader.error("\(elements.count) sources; expected at most \(maxSourcesPerMessage) on one message", at: node, path: path)
            return []
        case .array(let elements):
            var sources: [Source] = []
            var seen: [String: Int] = [:]
            for (index, element) in elements.enumerated() {
                let itemPath = JSONReader.join(path, index)
                let source = decodeSource(element, path: itemPath, reader: &reader)
                if let idNode = element["id"], case .string(let id) = idNode.value, !id.isEmpty {
                    if let first = seen[id] {
                        reader.error(
                            "duplicate source id \(JSONReader.quote(id)); sources[\(first)] of this message has it too; expected ids to be unique",
                            at: idNode, path: JSONReader.join(itemPath, "id"))
                    } else {
                        seen[id] = index
                    }
                }
                if let source { sources.append(source) }
            }
            return sources
        default:
            reader.error("expected an array of sources, found \(node.kindDescription)", at: node, path: path)
            return []
        }
    }

    /// One source. Its `url` goes through ``LinkPolicy`` like an attachment's, but only an
    /// absolute http(s) URL is kept (a source is a web page, not a file beside the conversation);
    /// anything else is a warning and the source is shown without a link.
    private static func decodeSource(_ node: JSONNode, path: String, reader: inout JSONReader) -> Source? {
        guard reader.object(node, path: path, expected: "a source object") != nil else { return nil }
        let id = reader.requiredString(node, "id", path: path, nonEmpty: true)
        let title = reader.optionalString(node, "title", path: path)
        let snippet = reader.optionalString(node, "snippet", path: path)
        var url: String?
        if let raw = reader.optionalString(node, "url", path: path) {
            let why: String?
            switch LinkPolicy.classify(raw) {
            case .remote(let link): url = link; why = nil
            case .relativePath: why = "the url is not an absolute http(s) URL"
            case .rejected(let reason): why = reason
            }
            if let why {
                reader.warning(
                    "\(why); expected an http(s) URL such as \"https://example.com/page\"; the source is shown without a link",
                    at: node["url"], path: JSONReader.join(path, "url"))
            }
        }
        guard let id else { return nil }
        return Source(id: id, title: title, url: url, snippet: snippet)
    }
}
