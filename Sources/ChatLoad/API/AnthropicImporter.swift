import ChatModel
import ChatSupport
/// Reads an Anthropic Messages API `messages` array: string or block content (`text`, `image`
/// with a base64 or url source, `document` with a base64, text, content or url source).
///
/// `tool_use` and `tool_result` blocks and the request's `system` prompt are left out unless
/// `includeSystem`; `thinking` blocks are never shown. Base64 payloads become files; remote URLs
/// become link chips.
package enum AnthropicImporter {
    /// Blocks that are plumbing rather than conversation: skipped without a word.
    static let plumbing: Set<String> = [
        "thinking", "redacted_thinking", "server_tool_use", "web_search_tool_result",
        "web_fetch_tool_result", "code_execution_tool_result", "mcp_tool_use", "mcp_tool_result",
        "container_upload", "search_result",
    ]

    package static func read(_ root: JSONNode, title: String, file: String, includeSystem: Bool) -> (ImportedChat?, [Diagnostic]) {
        var reader = JSONReader(file: file)
        guard let (elements, base) = ImportSource.messages(root, reader: &reader, api: "a Messages API") else { return (nil, reader.diagnostics) }
        var turns: [ImportedTurn] = []
        if includeSystem, let system = root["system"] {
            var draft = TurnDraft()
            switch system.value {
            case .string(let text): draft.add(text)
            case .array(let blocks):
                for (b, block) in blocks.enumerated() {
                    readBlock(block, path: JSONReader.join("system", b), includeSystem: true, into: &draft, reader: &reader)
                }
            case .null: break
            default: reader.error("expected a string or an array of text blocks, found \(system.kindDescription)", at: system, path: "system")
            }
            if !draft.isEmpty {
                turns.append(
                    ImportedTurn(id: "m1", role: .assistant, text: TurnDraft.labelled("System", draft.text), date: nil, attachments: draft.attachments))
            }
        }
        for (index, node) in elements.enumerated() {
            let path = JSONReader.join(base, index)
            guard reader.object(node, path: path, expected: "a message object with \"role\" and \"content\"") != nil else { continue }
            guard let role = reader.requiredString(node, "role", path: path) else { continue }
            guard role == "user" || role == "assistant" else {
                reader.error("expected \"user\" or \"assistant\", found \(JSONReader.quote(role))", at: node["role"], path: JSONReader.join(path, "role"))
                continue
            }
            let contentPath = JSONReader.join(path, "content")
            var draft = TurnDraft()
            guard let content = node["content"] else {
                reader.error("missing required field \"content\"; expected a string or an array of content blocks", at: node, path: contentPath)
                continue
            }
            switch content.value {
            case .string(let text): draft.add(text)
            case .array(let blocks):
                for (b, block) in blocks.enumerated() {
                    readBlock(block, path: JSONReader.join(contentPath, b), includeSystem: includeSystem, into: &draft, reader: &reader)
                }
            default:
                reader.error("expected a string or an array of content blocks, found \(content.kindDescription)", at: content, path: contentPath)
            }
            guard !draft.isEmpty else { continue }
            turns.append(
                ImportedTurn(
                    id: "m\(turns.count + 1)", role: role == "user" ? .user : .assistant, text: draft.text,
                    date: nil, attachments: draft.attachments))
        }
        if reader.hasErrors { return (nil, reader.diagnostics) }
        return (ImportedChat(title: title, date: nil, turns: turns), reader.diagnostics)
    }

    private static func readBlock(_ block: JSONNode, path: String, includeSystem: Bool, into draft: inout TurnDraft, reader: inout JSONReader) {
        guard let type = ImportSource.partType(block, path: path, reader: &reader) else { return }
        switch type {
        case "text":
            if let text = reader.requiredString(block, "text", path: path) { draft.add(text) }
        case "image":
            guard let (source, sourcePath, kind) = source(of: block, path: path, reader: &reader) else { return }
            switch kind {
            case "base64":
                guard let bytes = base64(source, sourcePath, reader: &reader) else { return }
                let declared = reader.optionalString(source, "media_type", path: sourcePath)
                let type = InlineData.contentType(declared: declared, bytes: bytes)
                draft.attachments.append(
                    ImportedAttachment(
                        name: draft.freshName("image", contentType: type), contentType: type,
                        byteCount: Int64(bytes.count), content: .bytes(bytes)))
            case "url":
                guard let url = reader.requiredString(source, "url", path: sourcePath) else { return }
                draft.attachments.append(ImportLinks.chip(url, at: source["url"], path: JSONReader.join(sourcePath, "url"), reader: &reader))
            case "file":
                let id = reader.requiredString(source, "file_id", path: sourcePath) ?? "image"
                reader.warning(
                    "the file \(JSONReader.quote(id)) was uploaded through the Files API and its content is not in the input; shown as unavailable",
                    at: source["file_id"], path: JSONReader.join(sourcePath, "file_id"))
                draft.attachments.append(ImportedAttachment(name: id, contentType: "image/png", byteCount: 0, content: .unavailable))
            default:
                reader.error(
                    "expected source type \"base64\", \"url\" or \"file\", found \(JSONReader.quote(kind))", at: source["type"],
                    path: JSONReader.join(sourcePath, "type"))
            }
        case "document":
            guard let (source, sourcePath, kind) = source(of: block, path: path, reader: &reader) else { return }
            let title = reader.optionalString(block, "title", path: path).flatMap { $0.isEmpty ? nil : $0 }
            func named(_ contentType: String) -> String {
                guard let title else { return draft.freshName("document", contentType: contentType) }
                if AssetNames.safeExtension(of: title) != nil { return title }
                return title + (InlineData.fileExtension(for: contentType).map { ".\($0)" } ?? "")
            }
            switch kind {
            case "base64":
                guard let bytes = base64(source, sourcePath, reader: &reader) else { return }
                let type = InlineData.contentType(declared: reader.optionalString(source, "media_type", path: sourcePath), bytes: bytes)
                draft.attachments.append(ImportedAttachment(name: named(type), contentType: type, byteCount: Int64(bytes.count), content: .bytes(bytes)))
            case "text":
                guard let text = reader.requiredString(source, "data", path: sourcePath) else { return }
                let type = reader.optionalString(source, "media_type", path: sourcePath) ?? "text/plain"
                let bytes = Array(text.utf8)
                draft.attachments.append(ImportedAttachment(name: named(type), contentType: type, byteCount: Int64(bytes.count), content: .bytes(bytes)))
            case "content":
                // A document given as content blocks: its text parts become a text file.
                let contentPath = JSONReader.join(sourcePath, "content")
                var pieces: [String] = []
                switch source["content"]?.value {
                case .string(let text)?: pieces.append(text)
                case .array(let blocks)?:
                    for (b, inner) in blocks.enumerated() {
                        let innerPath = JSONReader.join(contentPath, b)
                        guard let innerType = ImportSource.partType(inner, path: innerPath, reader: &reader) else { continue }
                        if innerType == "text", let text = reader.requiredString(inner, "text", path: innerPath) { pieces.append(text) }
                    }
                default:
                    reader.error(
                        "expected a string or an array of content blocks, found \(source["content"]?.kindDescription ?? "nothing")",
                        at: source["content"] ?? source, path: contentPath)
                    return
                }
                let bytes = Array(pieces.joined(separator: "\n\n").utf8)
                draft.attachments.append(
                    ImportedAttachment(name: named("text/plain"), contentType: "text/plain", byteCount: Int64(bytes.count), content: .bytes(bytes)))
            case "url":
                guard let url = reader.requiredString(source, "url", path: sourcePath) else { return }
                var chip = ImportLinks.chip(url, at: source["url"], path: JSONReader.join(sourcePath, "url"), reader: &reader)
                if let title { chip.name = title }
                draft.attachments.append(chip)
            case "file":
                let id = reader.requiredString(source, "file_id", path: sourcePath) ?? "document"
                reader.warning(
                    "the file \(JSONReader.quote(id)) was uploaded through the Files API and its content is not in the input; shown as unavailable",
                    at: source["file_id"], path: JSONReader.join(sourcePath, "file_id"))
                draft.attachments.append(ImportedAttachment(name: title ?? id, contentType: "application/pdf", byteCount: 0, content: .unavailable))
            default:
                reader.error(
                    "expected source type \"base64\", \"text\", \"content\", \"url\" or \"file\", found \(JSONReader.quote(kind))", at: source["type"],
                    path: JSONReader.join(sourcePath, "type"))
            }
        case "tool_use":
            guard includeSystem else { return }
            let name = ImportSource.string(block["name"]) ?? "tool"
            let input = block["input"].map { NativeJSON.pretty($0) } ?? ""
            draft.add("**Tool call:** `\(name)`" + (input.isEmpty ? "" : "\n\n" + TurnDraft.fenced(input, language: "json")))
        case "tool_result":
            guard includeSystem else { return }
            var inner = TurnDraft()
            switch block["content"]?.value {
            case .string(let text)?: inner.add(text)
            case .array(let blocks)?:
                for (b, item) in blocks.enumerated() {
                    readBlock(item, path: JSONReader.join(JSONReader.join(path, "content"), b), includeSystem: true, into: &inner, reader: &reader)
                }
            default: break
            }
            draft.add(TurnDraft.labelled("Tool result", inner.text))
            draft.attachments += inner.attachments
        default:
            if plumbing.contains(type) { return }
            reader.warning(
                "unknown content block type \(JSONReader.quote(type)); expected \"text\", \"image\" or \"document\"; the block is left out", at: block["type"],
                path: JSONReader.join(path, "type"))
        }
    }

    /// The block's `source` object and its `type`, or nil after reporting what is wrong.
    private static func source(of block: JSONNode, path: String, reader: inout JSONReader) -> (JSONNode, String, String)? {
        let sourcePath = JSONReader.join(path, "source")
        guard let source = block["source"] else {
            reader.error("missing required field \"source\"; expected an object with \"type\"", at: block, path: sourcePath)
            return nil
        }
        guard reader.object(source, path: sourcePath, expected: "a source object with \"type\"") != nil,
            let kind = reader.requiredString(source, "type", path: sourcePath)
        else { return nil }
        return (source, sourcePath, kind)
    }

    private static func base64(_ source: JSONNode, _ path: String, reader: inout JSONReader) -> [UInt8]? {
        guard let data = reader.requiredString(source, "data", path: path) else { return nil }
        guard let bytes = InlineData.decodeBase64(data) else {
            reader.error("expected base64 data", at: source["data"], path: JSONReader.join(path, "data"))
            return nil
        }
        return bytes
    }
}
