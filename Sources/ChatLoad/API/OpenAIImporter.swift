import ChatModel
import ChatSupport
/// Reads an OpenAI Chat Completions `messages` array: string or parts content (`text`, `refusal`,
/// `image_url` with a data URL or an http(s) URL, `file` with `file_data`/`filename`, `input_audio`).
///
/// `system`, `developer`, `tool` and `function` turns and assistant tool calls are left out
/// unless `includeSystem`. Base64 payloads become files; remote URLs become link chips.
package enum OpenAIImporter {
    static let roles = ["system", "developer", "user", "assistant", "tool", "function"]

    package static func read(_ root: JSONNode, title: String, file: String, includeSystem: Bool) -> (ImportedChat?, [Diagnostic]) {
        var reader = JSONReader(file: file)
        guard let (elements, base) = ImportSource.messages(root, reader: &reader, api: "a Chat Completions") else { return (nil, reader.diagnostics) }
        var turns: [ImportedTurn] = []
        for (index, node) in elements.enumerated() {
            let path = JSONReader.join(base, index)
            guard reader.object(node, path: path, expected: "a message object with \"role\" and \"content\"") != nil else { continue }
            guard let role = reader.requiredString(node, "role", path: path) else { continue }
            guard roles.contains(role) else {
                reader.error(
                    "expected one of \(roles.map { "\"\($0)\"" }.joined(separator: ", ")), found \(JSONReader.quote(role))", at: node["role"],
                    path: JSONReader.join(path, "role"))
                continue
            }
            var draft = TurnDraft()
            readContent(node, path: path, role: role, into: &draft, reader: &reader)
            if role == "assistant" && includeSystem { readToolCalls(node, path: path, into: &draft, reader: &reader) }
            let visible = role == "user" || role == "assistant"
            guard visible || includeSystem, !draft.isEmpty else { continue }
            var text = draft.text
            switch role {
            case "system": text = TurnDraft.labelled("System", text)
            case "developer": text = TurnDraft.labelled("Developer", text)
            case "tool", "function":
                let name = ImportSource.string(node["name"]) ?? ImportSource.string(node["tool_call_id"])
                text = TurnDraft.labelled(name.map { "Tool result (\($0))" } ?? "Tool result", text)
            default: break
            }
            turns.append(
                ImportedTurn(
                    id: "m\(turns.count + 1)", role: role == "user" ? .user : .assistant, text: text,
                    date: nil, attachments: draft.attachments))
        }
        if reader.hasErrors { return (nil, reader.diagnostics) }
        return (ImportedChat(title: title, date: nil, turns: turns), reader.diagnostics)
    }

    private static func readContent(_ node: JSONNode, path: String, role: String, into draft: inout TurnDraft, reader: inout JSONReader) {
        let contentPath = JSONReader.join(path, "content")
        guard let content = node["content"] else {
            if role != "assistant" {
                reader.error("missing required field \"content\"; expected a string or an array of content parts", at: node, path: contentPath)
            }
            return
        }
        switch content.value {
        case .null: return
        case .string(let text): draft.add(text)
        case .array(let parts):
            for (p, part) in parts.enumerated() {
                readPart(part, path: JSONReader.join(contentPath, p), into: &draft, reader: &reader)
            }
        default:
            reader.error("expected a string or an array of content parts, found \(content.kindDescription)", at: content, path: contentPath)
        }
    }

    private static func readPart(_ part: JSONNode, path: String, into draft: inout TurnDraft, reader: inout JSONReader) {
        guard let type = ImportSource.partType(part, path: path, reader: &reader) else { return }
        switch type {
        case "text":
            if let text = reader.requiredString(part, "text", path: path) { draft.add(text) }
        case "refusal":
            if let text = reader.requiredString(part, "refusal", path: path) { draft.add(text) }
        case "image_url":
            let imagePath = JSONReader.join(path, "image_url")
            guard let image = part["image_url"] else {
                reader.error("missing required field \"image_url\"; expected an object with \"url\"", at: part, path: imagePath)
                return
            }
            let url: String?
            var urlPath = imagePath
            if case .string(let direct) = image.value {
                url = direct  // an older spelling: "image_url": "https://…"
            } else if reader.object(image, path: imagePath, expected: "an object with \"url\"") != nil {
                url = reader.requiredString(image, "url", path: imagePath)
                urlPath = JSONReader.join(imagePath, "url")
            } else {
                url = nil
            }
            guard let url else { return }
            let urlNode = image["url"] ?? image
            if InlineData.isDataURL(url) {
                switch InlineData.parseDataURL(url) {
                case .success(let data):
                    let type = InlineData.contentType(declared: data.mediaType, bytes: data.bytes)
                    draft.attachments.append(
                        ImportedAttachment(
                            name: draft.freshName("image", contentType: type), contentType: type,
                            byteCount: Int64(data.bytes.count), content: .bytes(data.bytes)))
                case .failure(let problem):
                    reader.error(problem.message, at: urlNode, path: urlPath)
                }
            } else {
                draft.attachments.append(ImportLinks.chip(url, at: urlNode, path: urlPath, reader: &reader))
            }
        case "file":
            let filePath = JSONReader.join(path, "file")
            guard let file = part["file"] else {
                reader.error(
                    "missing required field \"file\"; expected an object with \"file_data\" and \"filename\", or \"file_id\"", at: part, path: filePath)
                return
            }
            guard reader.object(file, path: filePath, expected: "an object with \"file_data\" and \"filename\", or \"file_id\"") != nil else { return }
            let filename = reader.optionalString(file, "filename", path: filePath)
            let fileID = reader.optionalString(file, "file_id", path: filePath)
            if let dataNode = file["file_data"] {
                let dataPath = JSONReader.join(filePath, "file_data")
                guard case .string(let raw) = dataNode.value else {
                    reader.error("expected a string (base64 or a data: URL), found \(dataNode.kindDescription)", at: dataNode, path: dataPath)
                    return
                }
                var declared = filename.flatMap(InlineData.contentType(forName:))
                let bytes: [UInt8]
                if InlineData.isDataURL(raw) {
                    switch InlineData.parseDataURL(raw) {
                    case .success(let data): bytes = data.bytes; declared = data.mediaType
                    case .failure(let problem): reader.error(problem.message, at: dataNode, path: dataPath); return
                    }
                } else if let decoded = InlineData.decodeBase64(raw) {
                    bytes = decoded
                } else {
                    reader.error("expected base64 data or a data: URL", at: dataNode, path: dataPath)
                    return
                }
                let type = InlineData.contentType(declared: declared, bytes: bytes)
                let name = filename.flatMap { $0.isEmpty ? nil : $0 } ?? draft.freshName("file", contentType: type)
                draft.attachments.append(ImportedAttachment(name: name, contentType: type, byteCount: Int64(bytes.count), content: .bytes(bytes)))
            } else if let fileID {
                // Uploaded earlier through the Files API: the bytes are not in the log.
                let name = filename ?? fileID
                reader.warning(
                    "the file \(JSONReader.quote(fileID)) was uploaded through the Files API and its content is not in the input; shown as unavailable",
                    at: file["file_id"], path: JSONReader.join(filePath, "file_id"))
                draft.attachments.append(
                    ImportedAttachment(
                        name: name, contentType: InlineData.contentType(forName: name) ?? "application/octet-stream",
                        byteCount: 0, content: .unavailable))
            } else {
                reader.error(
                    "missing required field \"file_data\"; expected base64 data or a data: URL, or a \"file_id\"", at: file,
                    path: JSONReader.join(filePath, "file_data"))
            }
        case "input_audio":
            let audioPath = JSONReader.join(path, "input_audio")
            guard let audio = part["input_audio"] else {
                reader.error("missing required field \"input_audio\"; expected an object with \"data\" and \"format\"", at: part, path: audioPath)
                return
            }
            guard reader.object(audio, path: audioPath) != nil, let data = reader.requiredString(audio, "data", path: audioPath) else { return }
            let format = reader.optionalString(audio, "format", path: audioPath) ?? "wav"
            guard let bytes = InlineData.decodeBase64(data) else {
                reader.error("expected base64 data", at: audio["data"], path: JSONReader.join(audioPath, "data"))
                return
            }
            let type = format == "mp3" ? "audio/mpeg" : "audio/\(format)"
            draft.attachments.append(
                ImportedAttachment(
                    name: draft.freshName("audio", contentType: type), contentType: type,
                    byteCount: Int64(bytes.count), content: .bytes(bytes)))
        default:
            reader.warning(
                "unknown content part type \(JSONReader.quote(type)); expected \"text\", \"image_url\", \"file\", \"input_audio\" or \"refusal\"; the part is left out",
                at: part["type"], path: JSONReader.join(path, "type"))
        }
    }

    /// Assistant `tool_calls` (and the older `function_call`), shown only with `--include-system`.
    private static func readToolCalls(_ node: JSONNode, path: String, into draft: inout TurnDraft, reader: inout JSONReader) {
        var calls: [(name: String, arguments: String)] = []
        if let list = node["tool_calls"], case .array(let items) = list.value {
            for item in items {
                let function = item["function"]
                let name = ImportSource.string(function?["name"]) ?? "tool"
                let arguments = ImportSource.string(function?["arguments"]) ?? ""
                calls.append((name, arguments))
            }
        }
        if let function = node["function_call"], case .object = function.value {
            let name = ImportSource.string(function["name"]) ?? "function"
            let arguments = ImportSource.string(function["arguments"]) ?? ""
            calls.append((name, arguments))
        }
        for call in calls {
            draft.add("**Tool call:** `\(call.name)`" + (call.arguments.isEmpty ? "" : "\n\n" + TurnDraft.fenced(call.arguments, language: "json")))
        }
    }
}

/// Remote links in API inputs: never fetched, shown as chips that open the URL.
package enum ImportLinks {
    /// A link chip for `url`, or a chip without a link (and a warning) when the URL is refused.
    static func chip(_ url: String, at node: JSONNode?, path: String, reader: inout JSONReader) -> ImportedAttachment {
        switch LinkPolicy.classify(url) {
        case .remote(let remote):
            return ImportedAttachment(name: InlineData.nameFromURL(remote), contentType: "text/uri-list", byteCount: 0, content: .remote(remote))
        case .relativePath:
            reader.warning("expected a data: URL or an http(s) URL, found \(JSONReader.quote(url)); shown without a link", at: node, path: path)
        case .rejected(let why):
            reader.warning("\(why); expected a data: URL or an http(s) URL; shown without a link", at: node, path: path)
        }
        return ImportedAttachment(name: "link", contentType: "text/uri-list", byteCount: 0, content: .unavailable)
    }
}
