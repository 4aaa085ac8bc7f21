import Foundation
import ChatModel
import ChatSupport

/// Reads and validates a conversation file: JSON syntax with line:column, then the shape of every
/// field with its JSON path. All problems in the file are collected before it throws.
///
/// The rules match `schemas/conversation.schema.json`; a test keeps the two in step.
package enum ConversationLoader {
    /// Conversation files larger than this are refused before parsing (a documented limit).
    package static let maxFileSize = 256 * 1024 * 1024
    /// More attachments than this on one message is refused (a documented limit): a page of
    /// 100,000 chips is unusable and takes long to build.
    package static let maxAttachmentsPerMessage = 1_000

    /// Loads the conversation at `path`; `displayPath` is how diagnostics name the file.
    /// Returns the conversation and any warnings; throws the errors.
    package static func load(path: String, displayPath: String? = nil) throws(DiagnosticError) -> (Conversation, [Diagnostic]) {
        let name = displayPath ?? path
        let bytes = try FileInput.read(path: path, displayPath: name, limit: maxFileSize, what: "conversation")
        return try decode(bytes: bytes, file: name)
    }

    /// Decodes conversation JSON from memory.
    package static func decode(bytes: [UInt8], file: String) throws(DiagnosticError) -> (Conversation, [Diagnostic]) {
        var root: JSONNode
        do {
            root = try JSONParser.parse(bytes)
        } catch {
            throw DiagnosticError(Diagnostic(file: file, location: SourceLocation(line: error.line, column: error.column), message: error.message))
        }
        defer { release(&root) }
        var reader = JSONReader(file: file)
        var conversation = decodeConversation(root, reader: &reader)
        if let facts = root["facts"] { conversation?.facts = decodeFacts(facts, reader: &reader) }
        let composer = ComposerDecoder.decode(root["composer"], reader: &reader)  // checked even when messages are wrong
        conversation?.composer = composer
        conversation?.redaction = decodeRedaction(root["redaction"], reader: &reader)
        conversation?.sessionUsage = decodeSessionUsage(root["sessionUsage"], reader: &reader)
        if let raw = reader.optionalString(root, "date", path: "") {
            conversation?.date = ChatDate(iso: raw)
            if ChatDate(iso: raw) == nil {
                reader.error(
                    "expected an ISO 8601 date such as \"2026-03-14\" or \"2026-03-14T09:41:00Z\", found \(JSONReader.quote(raw))", at: root["date"],
                    path: "date")
            }
        }
        if let project = reader.optionalString(root, "project", path: "") {
            if project.isEmpty { reader.error("expected a non-empty project name, or null", at: root["project"], path: "project") }
            conversation?.project = project
        }
        if let agent = reader.optionalString(root, "agent", path: "") {
            if agent.isEmpty { reader.error("expected a non-empty agent name, or null", at: root["agent"], path: "agent") }
            conversation?.agent = agent
        }
        if reader.hasErrors || conversation == nil {
            // Warnings travel with the errors: every problem in the file is reported at once.
            throw DiagnosticError(reader.diagnostics)
        }
        return (conversation!, reader.diagnostics)
    }

    private static func decodeConversation(_ root: JSONNode, reader: inout JSONReader) -> Conversation? {
        guard reader.object(root, path: "", expected: "a conversation object with \"messages\"") != nil else { return nil }
        let title = reader.optionalString(root, "title", path: "")
        var markup: Markup?
        if let raw = reader.optionalString(root, "markup", path: "") {
            markup = Markup(rawValue: raw)
            if markup == nil {
                reader.error("expected \"inline\", \"full\" or \"auto\", found \(JSONReader.quote(raw))", at: root["markup"], path: "markup")
            }
        }
        guard let messagesNode = root["messages"] else {
            reader.error("missing required field \"messages\"; expected an array of messages, or null while the conversation loads", at: root, path: "messages")
            return nil
        }
        switch messagesNode.value {
        case .null:
            return Conversation(title: title, messages: nil, markup: markup)
        case .array(let elements):
            let messages = decodeMessages(elements, reader: &reader, chunkCount: messageChunks(elements.count))
            return Conversation(title: title, messages: messages, markup: markup)
        default:
            reader.error(
                "expected an array of messages, or null while the conversation loads; found \(messagesNode.kindDescription)", at: messagesNode, path: "messages"
            )
            return nil
        }
    }

    /// Frees the tree of a long conversation on another thread: its messages are most of it, and
    /// freeing their nodes here was the largest step left on this thread after parsing.
    private static func release(_ root: inout JSONNode) {
        guard hasLongArray(root) else { return }
        let tree = DiscardedTree(root)
        root.value = .null
        DispatchQueue.global(qos: .utility).async {
            // Cleared here, so the last reference goes on this thread whoever drops the box last.
            tree.root.value = .null
        }
    }

    /// Whether a member of the document is an array long enough to be worth freeing elsewhere.
    private static func hasLongArray(_ root: JSONNode) -> Bool {
        guard case .object(let members) = root.value else { return false }
        return members.contains { member in
            guard case .array(let elements) = member.node.value else { return false }
            return messageChunks(elements.count) > 1
        }
    }

    /// A tree handed to another thread to be freed there.
    private final class DiscardedTree: @unchecked Sendable {
        var root: JSONNode
        init(_ root: JSONNode) { self.root = root }
    }

    // MARK: Messages, in parallel chunks

    /// Conversations with at least this many messages are decoded on all cores.
    static let parallelMessageThreshold = 512

    /// How many chunks to decode `count` messages in: one (on this thread) for short conversations.
    static func messageChunks(_ count: Int) -> Int {
        let workers = ParallelChunks.cores
        guard count >= parallelMessageThreshold, workers > 1 else { return 1 }
        // A few chunks per core so one chunk of long messages does not leave a core idle.
        return min(workers * 8, count / 64)
    }

    /// What one chunk of messages decoded to: each message (nil when it had errors) and where its
    /// diagnostics end in the chunk's list, so they can be replayed in message order.
    private struct DecodedChunk {
        var diagnosticEnds: [Int] = []
        var diagnostics: [Diagnostic] = []
    }

    /// The elements of `"messages"` as messages. Each message is checked on its own (in parallel
    /// chunks when there are many); then, in message order, its diagnostics are reported and its
    /// id is checked against the earlier ones, so the output is the same however it was split.
    static func decodeMessages(_ elements: [JSONNode], reader: inout JSONReader, chunkCount: Int) -> [Message] {
        let chunkCount = max(1, min(chunkCount, elements.count))
        let file = reader.file
        // One slot per message, written by the chunk that decodes it and then moved into the
        // result: copying 10k decoded messages out of per-chunk arrays retained and released
        // every string in them, on one thread.
        let slots = ParallelChunks.Slots<Message?>(count: elements.count, placeholder: nil)
        defer { slots.free() }
        @Sendable func decodeChunk(_ chunk: Int) -> DecodedChunk {
            let lower = elements.count * chunk / chunkCount
            let upper = elements.count * (chunk + 1) / chunkCount
            var chunkReader = JSONReader(file: file)
            var decoded = DecodedChunk()
            decoded.diagnosticEnds.reserveCapacity(upper - lower)
            for index in lower..<upper {
                slots.base[index] = decodeMessage(elements[index], path: JSONReader.join("messages", index), reader: &chunkReader)
                decoded.diagnosticEnds.append(chunkReader.diagnostics.count)
            }
            decoded.diagnostics = chunkReader.diagnostics
            return decoded
        }
        // Each message whose id an earlier one has (the index of the first, and the id's node),
        // found while the other cores decode: hashing every id of a long conversation took one
        // core alone once the messages were decoded.
        var repeated: [Int: (first: Int, node: JSONNode)] = [:]
        func findRepeatedIDs() {
            var seenIDs: [String: Int] = [:]
            seenIDs.reserveCapacity(elements.count)
            for index in elements.indices {
                // Checked on the raw id so a duplicate is reported even when the message has other errors.
                if let idNode = elements[index]["id"], case .string(let id) = idNode.value, !id.isEmpty {
                    if let first = seenIDs[id] { repeated[index] = (first, idNode) } else { seenIDs[id] = index }
                }
            }
        }
        let chunks: [DecodedChunk]
        if chunkCount == 1 {
            chunks = [decodeChunk(0)]
            findRepeatedIDs()
        } else {
            chunks = ParallelChunks.map(chunkCount, placeholder: DecodedChunk(), decodeChunk, alongside: findRepeatedIDs)
        }
        var messages: [Message] = []
        messages.reserveCapacity(elements.count)
        var index = 0
        for chunk in chunks {
            var diagnosticStart = 0
            for diagnosticEnd in chunk.diagnosticEnds {
                if diagnosticEnd > diagnosticStart {
                    reader.append(chunk.diagnostics[diagnosticStart..<diagnosticEnd])
                    diagnosticStart = diagnosticEnd
                }
                if let earlier = repeated[index], case .string(let id) = earlier.node.value {
                    reader.error(
                        "duplicate message id \(JSONReader.quote(id)); messages[\(earlier.first)] has it too; expected ids to be unique",
                        at: earlier.node, path: JSONReader.join(JSONReader.join("messages", index), "id"))
                }
                if let message = slots.base[index].take() { messages.append(message) }
                index += 1
            }
        }
        return messages
    }

    /// A top-level message, then the attachment ids its parts name (at any depth) against its attachments.
    private static func decodeMessage(_ node: JSONNode, path: String, reader: inout JSONReader) -> Message? {
        var scope = TurnScope(topPath: path)
        let message = decodeTurn(node, path: path, scope: &scope, reader: &reader)
        if !scope.references.isEmpty {
            checkAttachmentReferences(scope.references, message: node, scope: scope, reader: &reader)
        }
        return message
    }

    /// A message at any depth: in `"messages"`, or inside a transcript part (`scope.depth` > 0).
    static func decodeTurn(_ node: JSONNode, path: String, scope: inout TurnScope, reader: inout JSONReader) -> Message? {
        guard reader.object(node, path: path, expected: "a message object") != nil else { return nil }
        let errorsBefore = reader.errorCount
        let id = reader.requiredString(node, "id", path: path, nonEmpty: true)
        var role: Message.Role?
        if let roleNode = node["role"] {
            if case .string(let raw) = roleNode.value, let value = Message.Role(rawValue: raw) {
                role = value
            } else {
                let found: String
                if case .string(let raw) = roleNode.value { found = JSONReader.quote(raw) } else { found = roleNode.kindDescription }
                reader.error("expected \"user\" or \"assistant\", found \(found)", at: roleNode, path: JSONReader.join(path, "role"))
            }
        } else {
            reader.error("missing required field \"role\"; expected \"user\" or \"assistant\"", at: node, path: JSONReader.join(path, "role"))
        }
        // One look at the member names for the members most messages lack, so a file without
        // them pays one pass per message rather than one per member.
        var partsNode: JSONNode?
        var hasSources = false, hasSpeaker = false, hasModel = false, hasVersion = false, hasUsage = false, hasBranch = false
        if case .object(let members) = node.value {
            for index in members.indices {
                switch members[index].key {
                case "parts": if members[index].node.value != .null { partsNode = members[index].node }
                case "sources": hasSources = true
                case "speaker": hasSpeaker = true
                case "model", "modelID": hasModel = true
                case "version": hasVersion = true
                case "usage": hasUsage = true
                case "branch": hasBranch = true
                default: break
                }
            }
        }
        // With "parts" the text lives in text parts, so "text" may be left out.
        let text =
            partsNode == nil
            ? reader.requiredString(node, "text", path: path)
            : reader.optionalString(node, "text", path: path) ?? ""
        if let partsNode, let text, !text.isEmpty, case .array(let elements) = partsNode.value, !elements.isEmpty {
            reader.error(
                "found both \"text\" and \"parts\"; expected the text as a {\"type\": \"text\"} part in \"parts\", or no \"parts\"",
                at: node["text"], path: JSONReader.join(path, "text"))
        }
        var date: ChatDate?
        if let raw = reader.optionalString(node, "date", path: path) {
            date = ChatDate(iso: raw)
            if date == nil {
                reader.error(
                    "expected an ISO 8601 date such as \"2026-03-14\" or \"2026-03-14T09:41:00Z\", found \(JSONReader.quote(raw))", at: node["date"],
                    path: JSONReader.join(path, "date"))
            }
        }
        var attachments: [Attachment] = []
        if let list = node["attachments"] {
            if scope.depth == 0 {
                attachments = decodeAttachments(list, path: JSONReader.join(path, "attachments"), reader: &reader)
            } else if list.value != .null && list.value != .array([]) {
                // Photos are planned and produced per top-level message; a transcript's parts name them there.
                reader.error(
                    "a message inside a transcript has no attachments of its own; expected its files in the attachments of \(scope.topPath), named by id from its parts",
                    at: list, path: JSONReader.join(path, "attachments"))
            }
        }
        var parts: [TurnPart] = []
        if let partsNode {
            parts = decodeParts(partsNode, path: JSONReader.join(path, "parts"), scope: &scope, reader: &reader) ?? []
        }
        var sources: [Source] = []
        if hasSources, let list = node["sources"] { sources = decodeSources(list, path: JSONReader.join(path, "sources"), reader: &reader) }
        let speaker = hasSpeaker ? reader.optionalString(node, "speaker", path: path) : nil
        let model = hasModel ? reader.optionalString(node, "model", path: path) : nil
        let modelID = hasModel ? reader.optionalString(node, "modelID", path: path) : nil
        let version = hasVersion ? decodeVersion(node["version"], path: JSONReader.join(path, "version"), reader: &reader) : nil
        let usage = hasUsage ? decodeUsage(node["usage"], path: JSONReader.join(path, "usage"), reader: &reader) : nil
        var branch: [Int] = []
        if hasBranch {
            if scope.depth == 0 {
                branch = decodeBranch(node["branch"], path: JSONReader.join(path, "branch"), reader: &reader)
            } else if let value = node["branch"], value.value != .null, value.value != .array([]) {
                reader.error(
                    "a message inside a transcript lies in no branch of its own; expected \"branch\" only on the messages of \"messages\"",
                    at: value, path: JSONReader.join(path, "branch"))
            }
        }
        guard reader.errorCount == errorsBefore, let id, let role, let text else { return nil }
        var message = Message(id: id, role: role, text: text, attachments: attachments, date: date)
        message.parts = parts
        message.sources = sources
        message.speaker = speaker
        if hasSpeaker { message.speakerPhrase = decodePhrase(node["speakerPhrase"], path: JSONReader.join(path, "speakerPhrase"), reader: &reader) }
        message.model = model
        message.modelID = modelID
        message.version = version
        message.usage = usage
        message.branch = branch
        return message
    }

    /// `"usage": {"input": 12, "output": 340, "cacheRead": 18000, "cacheWrite": 900, "context": 19252}`:
    /// the turn's tokens. The four counts are required whole numbers ≥ 0; `context` and
    /// `contextWindow` are optional.
    private static func decodeUsage(_ node: JSONNode?, path: String, reader: inout JSONReader) -> TokenUsage? {
        guard let node, node.value != .null else { return nil }
        guard reader.object(node, path: path, expected: "an object with \"input\", \"output\", \"cacheRead\" and \"cacheWrite\"") != nil else { return nil }
        let errorsBefore = reader.errorCount
        var counts: [String: Tally] = [:]
        for key in ["input", "output", "cacheRead", "cacheWrite", "cacheWrite1h", "context", "contextWindow"] {
            if !key.hasPrefix("context"), key != "cacheWrite1h", node[key] == nil || node[key]?.value == .null {
                reader.error("missing required field \"\(key)\"; expected a whole number of tokens", at: node, path: JSONReader.join(path, key))
                continue
            }
            guard let value = reader.optionalInteger(node, key, path: path) else { continue }
            if value < 0 || (key == "contextWindow" && value == 0) {
                reader.error(
                    "expected a whole number of tokens \(key == "contextWindow" ? "> 0" : "≥ 0"), found \(value)", at: node[key],
                    path: JSONReader.join(path, key))
                continue
            }
            guard let count = Tally(input: Int64(value)) else {
                reader.error("expected a whole number of tokens from 0 to \(Tally.inputLimit), found \(value)", at: node[key], path: JSONReader.join(path, key))
                continue
            }
            counts[key] = count
        }
        let recorded = reader.optionalNumber(
            node, "recordedCost", path: path, expected: "what the agent recorded the turn cost, in US dollars (a number ≥ 0)", minimum: 0)
        guard reader.errorCount == errorsBefore else { return nil }
        return TokenUsage(
            input: counts["input"] ?? 0, output: counts["output"] ?? 0, cacheRead: counts["cacheRead"] ?? 0,
            cacheWrite: counts["cacheWrite"] ?? 0, cacheWrite1h: counts["cacheWrite1h"] ?? 0, context: counts["context"],
            contextWindow: counts["contextWindow"], recordedCost: recorded)
    }

    /// `"sessionUsage": [{"model": "gpt-5", "input": 12, "output": 340, "cacheRead": 0, "cacheWrite": 0}]`:
    /// tokens the log records only for the session as a whole, by model (null: turns that name
    /// none); each entry's counts as a turn's `usage`. `null` or no member is none.
    private static func decodeSessionUsage(_ node: JSONNode?, reader: inout JSONReader) -> [ModelUsage] {
        guard let node, node.value != .null else { return [] }
        guard case .array(let items) = node.value else {
            reader.error("expected an array of token counts by model, found \(node.kindDescription)", at: node, path: "sessionUsage")
            return []
        }
        var out: [ModelUsage] = []
        for (index, item) in items.enumerated() {
            let path = JSONReader.join("sessionUsage", index)
            let model = reader.optionalString(item, "model", path: path)
            if let usage = decodeUsage(item, path: path, reader: &reader) { out.append(ModelUsage(model: model, usage: usage)) }
        }
        return out
    }

    /// A number as written ("1", "2.5"), else its kind ("a string").
    private static func numberOrKind(_ node: JSONNode) -> String {
        guard case .number(let value, let integer) = node.value else { return node.kindDescription }
        return integer.map(String.init) ?? "\(value)"
    }

    /// `"branch": [2]`: the turn lies in the second branch at a fork, not on the shown path;
    /// `[2, 3]`: in the third branch of a fork inside that one. Each number is at least 2 (the
    /// shown continuation of a fork is its first branch, whose turns say nothing more).
    private static func decodeBranch(_ node: JSONNode?, path: String, reader: inout JSONReader) -> [Int] {
        guard let node, node.value != .null else { return [] }
        guard case .array(let items) = node.value else {
            reader.error("expected an array of whole numbers of at least 2, found \(node.kindDescription)", at: node, path: path)
            return []
        }
        var branch: [Int] = []
        for (index, item) in items.enumerated() {
            guard case .number(_, let integer?) = item.value, integer >= 2, integer <= Int64(Int32.max) else {
                reader.error(
                    "expected a whole number of at least 2 (1 is the shown path, which needs no \"branch\"), found \(Self.numberOrKind(item))",
                    at: item, path: JSONReader.join(path, index))
                return []
            }
            branch.append(Int(integer))
        }
        return branch
    }

    /// `"version": {"index": 2, "count": 3}`: the turn shown is the second of three versions.
    private static func decodeVersion(_ node: JSONNode?, path: String, reader: inout JSONReader) -> TurnVersion? {
        guard let node, node.value != .null else { return nil }
        guard reader.object(node, path: path, expected: "an object with \"index\" and \"count\"") != nil else { return nil }
        let errorsBefore = reader.errorCount
        let index = reader.optionalInteger(node, "index", path: path)
        let count = reader.optionalInteger(node, "count", path: path)
        guard reader.errorCount == errorsBefore else { return nil }
        guard let count, let index else {
            reader.error(
                "missing required field \"\(index == nil ? "index" : "count")\"; expected a whole number", at: node,
                path: JSONReader.join(path, index == nil ? "index" : "count"))
            return nil
        }
        guard count >= 1, index >= 1, index <= count else {
            reader.error("expected 1 ≤ index ≤ count, found index \(index) and count \(count)", at: node, path: path)
            return nil
        }
        return TurnVersion(index: index, count: count)
    }

    /// A top-level message's `"attachments"`, each id unique in the message.
    private static func decodeAttachments(_ list: JSONNode, path listPath: String, reader: inout JSONReader) -> [Attachment] {
        var attachments: [Attachment] = []
        switch list.value {
        case .null: break
        case .array(let elements) where elements.count > maxAttachmentsPerMessage:
            reader.error("\(elements.count) attachments; expected at most \(maxAttachmentsPerMessage) on one message", at: list, path: listPath)
        case .array(let elements):
            var seen: [String: Int] = [:]
            attachments.reserveCapacity(elements.count)
            for (index, element) in elements.enumerated() {
                let itemPath = JSONReader.join(listPath, index)
                let attachment = decodeAttachment(element, path: itemPath, reader: &reader)
                if let idNode = element["id"], case .string(let id) = idNode.value, !id.isEmpty {
                    if let first = seen[id] {
                        reader.error(
                            "duplicate attachment id \(JSONReader.quote(id)); attachments[\(first)] of this message has it too; expected ids to be unique",
                            at: idNode, path: JSONReader.join(itemPath, "id"))
                    } else {
                        seen[id] = index
                    }
                }
                if let attachment { attachments.append(attachment) }
            }
        default:
            reader.error("expected an array of attachments, found \(list.kindDescription)", at: list, path: listPath)
        }
        return attachments
    }

    static func decodeAttachment(_ node: JSONNode, path: String, reader: inout JSONReader) -> Attachment? {
        guard reader.object(node, path: path, expected: "an attachment object") != nil else { return nil }
        let id = reader.requiredString(node, "id", path: path, nonEmpty: true)
        let name = reader.requiredString(node, "name", path: path)
        var byteCount: Int64?
        var sizePath: String { JSONReader.join(path, "byteCount") }  // built only when there is a problem
        if let sizeNode = node["byteCount"] {
            if case .number(_, let integer?) = sizeNode.value, integer >= 0 {
                byteCount = integer
            } else if case .number(let value, nil) = sizeNode.value, value >= 0, value <= 9_007_199_254_740_992, value == value.rounded(.towardZero) {
                // JSON Schema's "integer" takes 2.0 and 1e3 too; so does chatrender, within exact range.
                byteCount = Int64(value)
            } else if case .number(let value, _) = sizeNode.value {
                reader.error(
                    value < 0
                        ? "expected an integer ≥ 0, found \(JSONReader.format(value))"
                        : "expected a whole number of bytes (an integer ≥ 0 up to 2^63−1), found \(JSONReader.format(value))",
                    at: sizeNode, path: sizePath)
            } else {
                reader.error("expected an integer ≥ 0, found \(sizeNode.kindDescription)", at: sizeNode, path: sizePath)
            }
        } else {
            reader.error("missing required field \"byteCount\"; expected an integer ≥ 0", at: node, path: sizePath)
        }
        let contentType = reader.requiredString(node, "contentType", path: path, nonEmpty: true)
        let preview = reader.optionalString(node, "preview", path: path)
        let alt = reader.optionalString(node, "alt", path: path)
        var location: AttachmentLocation?
        if let raw = reader.optionalString(node, "url", path: path) {
            switch LinkPolicy.classify(raw) {
            case .remote(let url): location = .remote(url)
            case .relativePath(let relative): location = .local(relative)
            case .rejected(let why):
                reader.warning(
                    "\(why); expected a path relative to the conversation file or an http(s) URL; the file is shown without Open or Share", at: node["url"],
                    path: JSONReader.join(path, "url"))
            }
        }
        let uploadNode = node["upload"]
        let upload = decodeUpload(uploadNode, path: uploadNode == nil ? "" : JSONReader.join(path, "upload"), reader: &reader)
        let status = decodeStatus(node, path: path, upload: upload, reader: &reader)
        guard let id, let name, let byteCount, let contentType, let upload, let status else { return nil }
        return Attachment(
            id: id, name: name, byteCount: byteCount, contentType: contentType, preview: preview,
            url: location, alt: alt, upload: upload, status: status)
    }

    /// `"status"`: `"available"` (or absent) or `"unavailable"`; an unavailable file has no
    /// bytes, so a `url`, `preview` or upload in progress beside it contradicts it.
    private static func decodeStatus(_ node: JSONNode, path: String, upload: UploadState?, reader: inout JSONReader) -> FileStatus? {
        guard let raw = reader.optionalString(node, "status", path: path) else { return .available }
        guard let status = FileStatus(rawValue: raw) else {
            reader.error("expected \"available\" or \"unavailable\", found \(JSONReader.quote(raw))", at: node["status"], path: JSONReader.join(path, "status"))
            return nil
        }
        guard status == .unavailable else { return status }
        var consistent = true
        for key in ["url", "preview"] {
            if let value = node[key], value.value != .null {
                reader.error(
                    "an unavailable file has no \(key); expected \"\(key)\" left out, or \"status\": \"available\"", at: value, path: JSONReader.join(path, key)
                )
                consistent = false
            }
        }
        if let upload, upload != .done {
            reader.error(
                "an unavailable file has no upload in progress; expected \"upload\" left out or \"done\"", at: node["upload"],
                path: JSONReader.join(path, "upload"))
            consistent = false
        }
        return consistent ? status : nil
    }

    private static func decodeUpload(_ node: JSONNode?, path: String, reader: inout JSONReader) -> UploadState? {
        guard let node else { return .done }
        let expected = "expected \"done\", {\"state\": \"uploading\", \"progress\": 0…1} or {\"state\": \"failed\", \"reason\": \"…\"}"
        switch node.value {
        case .null: return .done
        case .string("done"): return .done
        case .string(let other):
            reader.error("\(expected), found \(JSONReader.quote(other))", at: node, path: path)
            return nil
        case .object:
            guard let state = reader.requiredString(node, "state", path: path) else { return nil }
            switch state {
            case "done": return .done
            case "uploading":
                let progressPath = JSONReader.join(path, "progress")
                guard let progressNode = node["progress"] else {
                    reader.error("missing required field \"progress\"; expected a number from 0 to 1", at: node, path: progressPath)
                    return nil
                }
                guard case .number(let fraction, _) = progressNode.value else {
                    reader.error("expected a number from 0 to 1, found \(progressNode.kindDescription)", at: progressNode, path: progressPath)
                    return nil
                }
                guard fraction >= 0 && fraction <= 1 else {
                    reader.error("expected a number from 0 to 1, found \(JSONReader.format(fraction))", at: progressNode, path: progressPath)
                    return nil
                }
                return .uploading(fraction)
            case "failed":
                let reason = reader.optionalString(node, "reason", path: path)
                return .failed(reason: reason ?? "")
            default:
                reader.error(
                    "expected state \"uploading\", \"failed\" or \"done\", found \(JSONReader.quote(state))", at: node["state"],
                    path: JSONReader.join(path, "state"))
                return nil
            }
        default:
            reader.error("\(expected), found \(node.kindDescription)", at: node, path: path)
            return nil
        }
    }
}
