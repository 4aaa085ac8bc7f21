import Foundation
import ChatModel
import ChatSupport

/// Reads ChatGPT's data export: `conversations.json` (an array of conversations, each a tree of
/// messages in `mapping`) and the uploaded and generated files beside it.
///
/// For each conversation the visible thread is the path from `current_node` up through `parent`
/// links: other branches (earlier versions of edited or regenerated turns) are left out, and the
/// turn that has them says which version it is. ``ChatGPTThread`` makes each question a turn and
/// everything after it one reply with parts (thinking, tool calls, code runs, canvas documents,
/// generated images, text with its sources). Hidden and system messages are skipped unless
/// `includeSystem`. Images (`image_asset_pointer` parts) and uploaded files
/// (`metadata.attachments`) are found in the export (its folder or its zip archive) by their file
/// id; one that is missing becomes an "unavailable" photo or chip with a warning, never an error.
package enum ChatGPTImporter {
    static func read(_ root: JSONNode, exportFolder: String, file: String, includeSystem: Bool) -> ([ImportedChat]?, [Diagnostic]) {
        read(root, source: .folder(exportFolder), file: file, includeSystem: includeSystem)
    }

    /// One file of conversations on its own: nil, with every problem an error, when nothing in it
    /// could be read. A whole export is read by ``read(_:includeSystem:)``.
    package static func read(_ root: JSONNode, source: ExportSource, file: String, includeSystem: Bool) -> ([ImportedChat]?, [Diagnostic]) {
        let result = read(root, files: ExportFiles(source: source), file: file, includeSystem: includeSystem)
        guard !result.nothingReadable else { return (nil, result.diagnosticsAsErrors) }
        let (unique, copies) = withoutCopies(result.chats, result.origins)
        return (unique, result.diagnostics + copies)
    }

    /// The conversations of one file, each read with its own diagnostics: one with errors is left
    /// out and its errors are told as warnings naming it; an empty "New chat" is skipped with one
    /// warning. Only a file that is not a list of conversations fails as a whole.
    static func read(_ root: JSONNode, files: ExportFiles, file: String, includeSystem: Bool) -> ShardResult {
        var result = ShardResult()
        switch root.value {
        case .array(let conversations):
            for (index, node) in conversations.enumerated() {
                readOne(node, path: JSONReader.join("", index), files: files, file: file, includeSystem: includeSystem, into: &result)
            }
        case .object where root["mapping"] != nil || root["current_node"] != nil:
            // One conversation taken out of the array.
            readOne(root, path: "", files: files, file: file, includeSystem: includeSystem, into: &result)
        default:
            var reader = JSONReader(file: file)
            reader.error("expected an array of conversations (ChatGPT's conversations.json), found \(root.kindDescription)", at: root, path: "")
            result.failWhole(reader.diagnostics)
        }
        return result
    }

    private static func readOne(_ node: JSONNode, path: String, files: ExportFiles, file: String, includeSystem: Bool, into result: inout ShardResult) {
        var reader = JSONReader(file: file)
        guard let readable = prepare(node, path: path, reader: &reader) else {
            result.skip(reader.diagnostics)
            return
        }
        let chat = readConversation(readable, path: path, files: files, includeSystem: includeSystem, reader: &reader)
        result.add(chat, diagnostics: reader.diagnostics, hasErrors: reader.hasErrors, conversation: node, file: file, path: path)
    }

    private static func readConversation(_ node: JSONNode, path: String, files: ExportFiles, includeSystem: Bool, reader: inout JSONReader) -> ImportedChat? {
        guard reader.object(node, path: path, expected: "a conversation object with \"mapping\" and \"current_node\"") != nil else { return nil }
        let title = reader.optionalString(node, "title", path: path).flatMap { $0.isBlank() ? nil : $0 } ?? "Untitled"
        let date = epoch(node, "create_time", path: path, reader: &reader)
        let mappingPath = JSONReader.join(path, "mapping")
        guard let mapping = node["mapping"] else {
            reader.error("missing required field \"mapping\"; expected an object of message nodes by id", at: node, path: mappingPath)
            return nil
        }
        guard reader.object(mapping, path: mappingPath, expected: "an object of message nodes by id") != nil else { return nil }
        guard let current = reader.requiredString(node, "current_node", path: path, nonEmpty: true) else { return nil }

        // The visible thread: current_node, its parent, and so on up to the root.
        var chain: [(id: String, node: JSONNode)] = []
        var seen: Set<String> = []
        var id: String? = current
        var referrer: (node: JSONNode?, path: String) = (node["current_node"], JSONReader.join(path, "current_node"))
        while let nextID = id {
            guard let entry = mapping[nextID] else {
                reader.error(
                    "no message node \(JSONReader.quote(nextID)) in \"mapping\"; expected the id of one of its members", at: referrer.node, path: referrer.path)
                return nil
            }
            let entryPath = JSONReader.join(mappingPath, nextID)
            guard reader.object(entry, path: entryPath, expected: "a message node object") != nil else { return nil }
            guard seen.insert(nextID).inserted else {
                reader.error(
                    "the parent links loop back to \(JSONReader.quote(nextID)); expected them to end at the root", at: referrer.node, path: referrer.path)
                return nil
            }
            chain.append((nextID, entry))
            let parentPath = JSONReader.join(entryPath, "parent")
            switch entry["parent"]?.value {
            case nil, .null?: id = nil
            case .string(let parent)?: id = parent; referrer = (entry["parent"], parentPath)
            default:
                reader.error("expected a string or null, found \(entry["parent"]!.kindDescription)", at: entry["parent"], path: parentPath)
                return nil
            }
        }
        // Other versions of a turn (an edited question, a regenerated reply) are the other
        // children of its parent: the thread shows one and says which, and the others are its
        // branches, each read as a thread of its own from where it parts.
        let siblings = ChatGPTVersions(mapping: mapping)
        var nodeOf: [String: String] = [:]
        func thread(_ nodes: [(id: String, node: JSONNode)]) -> [ImportedTurn] {
            var thread = ChatGPTThread(files: files, includeSystem: includeSystem)
            for (nodeID, entry) in nodes {
                let entryPath = JSONReader.join(mappingPath, nodeID)
                guard let message = entry["message"], case .object = message.value else {
                    if let message = entry["message"], message.value != .null {
                        reader.error(
                            "expected a message object or null, found \(message.kindDescription)", at: message, path: JSONReader.join(entryPath, "message"))
                    }
                    continue
                }
                guard
                    var read = readMessage(
                        message, nodeID: nodeID, path: JSONReader.join(entryPath, "message"), files: files, includeSystem: includeSystem, reader: &reader)
                else { continue }
                read.version = siblings.version(of: nodeID, parent: ImportSource.string(entry["parent"]))
                nodeOf[read.id] = nodeID
                thread.add(read, reader: &reader)
            }
            return thread.finish(reader: &reader)
        }
        let shown = Array(chain.reversed())
        var items = thread(shown).map { ConversationBranches.Item(turn: $0, node: nodeOf[$0.id]) }
        let tree = ChatGPTBranches(mapping: mapping, versions: siblings)
        guard tree.hasBranches else { return ImportedChat(title: title, date: date, turns: items.map(\.turn)) }
        for branch in tree.branches(off: shown.map(\.id)) {
            items += thread(branch).map { ConversationBranches.Item(turn: $0, node: nodeOf[$0.id]) }
        }
        return ImportedChat(title: title, date: date, turns: tree.tree.arrange(items, leaf: current) { !$0.isEmpty })
    }

    /// One message of the visible thread, read into its role, addressing and content; nil for a
    /// message ChatGPT does not show (`is_visually_hidden_from_conversation`) or one too broken
    /// to read (reported).
    private static func readMessage(_ message: JSONNode, nodeID: String, path: String, files: ExportFiles, includeSystem: Bool, reader: inout JSONReader)
        -> ChatGPTMessage?
    {
        let authorPath = JSONReader.join(path, "author")
        guard let author = message["author"] else {
            reader.error("missing required field \"author\"; expected an object with \"role\"", at: message, path: authorPath)
            return nil
        }
        guard reader.object(author, path: authorPath, expected: "an object with \"role\"") != nil,
            let role = reader.requiredString(author, "role", path: authorPath)
        else { return nil }
        let metadata = message["metadata"]
        if metadata?["is_visually_hidden_from_conversation"]?.value == .bool(true) && !includeSystem { return nil }
        let contentPath = JSONReader.join(path, "content")
        guard let content = message["content"] else {
            reader.error("missing required field \"content\"; expected an object with \"content_type\"", at: message, path: contentPath)
            return nil
        }
        guard reader.object(content, path: contentPath, expected: "an object with \"content_type\"") != nil,
            let contentType = reader.requiredString(content, "content_type", path: contentPath)
        else { return nil }
        guard role == "user" || role == "assistant" || role == "system" || role == "tool" else {
            reader.warning(
                "unknown author role \(JSONReader.quote(role)); expected \"user\", \"assistant\", \"system\" or \"tool\"; the message is left out",
                at: author["role"], path: JSONReader.join(authorPath, "role"))
            return nil
        }
        var read = ChatGPTMessage(
            nodeID: nodeID, id: ImportSource.string(message["id"]).flatMap { $0.isEmpty ? nil : $0 } ?? nodeID,
            role: role, author: ImportSource.string(author["name"]),
            recipient: ImportSource.string(message["recipient"]).flatMap { $0.isEmpty ? nil : $0 } ?? "all",
            channel: ImportSource.string(message["channel"]), contentType: contentType, content: content,
            metadata: metadata, path: path, date: epoch(message, "create_time", path: path, reader: &reader))
        read.hidden = metadata?["is_visually_hidden_from_conversation"]?.value == .bool(true)
        if content["parts"] != nil, contentType == "text" || contentType == "multimodal_text" {
            readParts(content, path: contentPath, files: files, into: &read, reader: &reader)
        } else if let text = ImportSource.string(content["text"]) {
            read.text = text
        }
        return read
    }

    /// The `parts` of a text or multimodal message: strings joined into its text, image pointers
    /// kept for the turn (named and described by the thread, which knows who made them), voice
    /// transcriptions as text.
    private static func readParts(_ content: JSONNode, path: String, files: ExportFiles, into read: inout ChatGPTMessage, reader: inout JSONReader) {
        let partsPath = JSONReader.join(path, "parts")
        guard let parts = content["parts"] else { return }
        guard case .array(let items) = parts.value else {
            reader.error("expected an array of strings and objects, found \(parts.kindDescription)", at: parts, path: partsPath)
            return
        }
        var text = ""
        for (p, part) in items.enumerated() {
            let partPath = JSONReader.join(partsPath, p)
            switch part.value {
            case .string(let piece): text += piece
            case .null: continue
            case .object:
                guard let kind = reader.requiredString(part, "content_type", path: partPath) else { continue }
                switch kind {
                case "image_asset_pointer":
                    guard let pointer = reader.requiredString(part, "asset_pointer", path: partPath, nonEmpty: true) else { continue }
                    read.images.append(
                        ChatGPTImage(
                            fileID: ExportFiles.fileID(fromPointer: pointer), size: integer(part["size_bytes"]) ?? 0,
                            node: part["asset_pointer"], path: JSONReader.join(partPath, "asset_pointer"),
                            prompt: ImportSource.string(part["metadata"]?["dalle"]?["prompt"]).flatMap { $0.isEmpty ? nil : $0 },
                            generated: part["metadata"]?["dalle"].map { $0.value != .null } == true
                                || part["metadata"]?["generation"].map { $0.value != .null } == true))
                case "audio_transcription":
                    read.voice = true
                    if let spoken = ImportSource.string(part["text"]), !spoken.isEmpty { text += spoken }
                case "audio_asset_pointer", "real_time_user_audio_video_asset_pointer", "video_container_asset_pointer":
                    read.voice = true  // voice-mode media: the transcription carries the words
                default:
                    reader.warning(
                        "unknown part content_type \(JSONReader.quote(kind)); expected \"image_asset_pointer\", \"audio_transcription\" or text; the part is left out",
                        at: part["content_type"], path: JSONReader.join(partPath, "content_type"))
                }
            default:
                reader.warning("expected a string or an object, found \(part.kindDescription); the part is left out", at: part, path: partPath)
            }
        }
        if read.metadata?["voice_mode_message"]?.value == .bool(true) { read.voice = true }
        read.text = text
    }
    /// A `create_time` in seconds since 1970, or nil (absent, null, or out of range: warned).
    private static func epoch(_ node: JSONNode, _ key: String, path: String, reader: inout JSONReader) -> ChatDate? {
        guard let value = node[key] else { return nil }
        switch value.value {
        case .null: return nil
        case .number(let seconds, _):
            if let date = ImportDate.fromEpoch(seconds) { return date }
            reader.warning(
                "expected seconds since 1970 between 0 and year 9999, found \(seconds); the date is left out", at: value, path: JSONReader.join(path, key))
            return nil
        default:
            reader.error("expected a number (seconds since 1970) or null, found \(value.kindDescription)", at: value, path: JSONReader.join(path, key))
            return nil
        }
    }

    private static func integer(_ node: JSONNode?) -> Int64? {
        guard let node, case .number(let value, let integer) = node.value else { return nil }
        if let integer, integer >= 0 { return integer }
        return value >= 0 && value < 9e15 ? Int64(value) : nil
    }
}
