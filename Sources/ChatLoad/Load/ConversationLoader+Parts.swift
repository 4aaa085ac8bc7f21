import ChatModel
import ChatSupport

/// A message's `"parts"`: typed pieces of a turn (docs/conversation-format.md#parts).
///
/// Read like the rest of the file, with one exception: a part whose `type` this version does not
/// know is a warning and is skipped, so a file written for a later version still loads.
extension ConversationLoader {
    /// More parts than this on one message is refused (a documented limit).
    package static let maxPartsPerMessage = 10_000
    /// Transcripts inside transcripts deeper than this are refused (a documented limit): a
    /// sub-agent's sub-agent is real, an eight-deep chain is a mistake or an attack.
    package static let maxTranscriptDepth = 8
    /// More earlier versions than this on one document is refused (a documented limit).
    package static let maxDocumentVersions = 100

    /// The part types, as `"type"` spells them: camelCase, like every word in the format.
    static let partTypes = ["text", "thinking", "toolCall", "codeExecution", "diff", "terminal", "document", "notice", "transcript"]

    /// Where a message sits while it is decoded: at the top of the conversation (depth 0) or inside
    /// transcripts. Parts at every depth name attachments of the top-level message; their
    /// references are gathered here and checked once that message is read.
    struct TurnScope {
        /// The JSON path of the top-level message.
        var topPath: String
        var depth = 0
        var references: [AttachmentReference] = []
    }

    /// A part naming one of the top-level message's attachments by id.
    struct AttachmentReference {
        var id: String
        var node: JSONNode
        /// The path of the id in its part's `attachments`.
        var path: String
        /// The path of the part, for "already shown by".
        var partPath: String
        /// Whether the part is inside a transcript.
        var nested: Bool
    }

    /// `"parts"`: nil when it had errors (they are reported); unknown part types are left out.
    static func decodeParts(_ node: JSONNode, path: String, scope: inout TurnScope, reader: inout JSONReader) -> [TurnPart]? {
        guard case .array(let elements) = node.value else {
            reader.error("expected an array of parts, found \(node.kindDescription)", at: node, path: path)
            return nil
        }
        guard elements.count <= maxPartsPerMessage else {
            reader.error("\(elements.count) parts; expected at most \(maxPartsPerMessage) on one message", at: node, path: path)
            return nil
        }
        let errorsBefore = reader.errorCount
        var parts: [TurnPart] = []
        parts.reserveCapacity(elements.count)
        for (index, element) in elements.enumerated() {
            if let part = decodePart(element, path: JSONReader.join(path, index), scope: &scope, reader: &reader) {
                parts.append(part)
            }
        }
        return reader.errorCount == errorsBefore ? parts : nil
    }

    /// One part; nil when it had errors or its type is unknown (a warning).
    private static func decodePart(_ node: JSONNode, path: String, scope: inout TurnScope, reader: inout JSONReader) -> TurnPart? {
        guard reader.object(node, path: path, expected: "a part object") != nil else { return nil }
        guard let typeNode = node["type"] else {
            reader.error(
                "missing required field \"type\"; expected a part type such as \"text\" or \"toolCall\"", at: node, path: JSONReader.join(path, "type"))
            return nil
        }
        guard case .string(let type) = typeNode.value else {
            reader.error(
                "expected a part type (a string such as \"text\" or \"toolCall\"), found \(typeNode.kindDescription)", at: typeNode,
                path: JSONReader.join(path, "type"))
            return nil
        }
        let errorsBefore = reader.errorCount
        let part: TurnPart
        switch type {
        case "text":
            part = .text(reader.requiredString(node, "text", path: path) ?? "")
        case "thinking":
            part = .thinking(
                ThinkingPart(
                    text: reader.requiredString(node, "text", path: path) ?? "",
                    duration: reader.optionalNumber(node, "durationSeconds", path: path, expected: "a number of seconds ≥ 0", minimum: 0),
                    summary: reader.optionalString(node, "summary", path: path)))
        case "toolCall":
            var call = ToolCallPart(
                name: reader.requiredString(node, "name", path: path, nonEmpty: true) ?? "",
                title: reader.optionalString(node, "title", path: path),
                input: toolInput(node["input"]),
                status: reader.optionalWord(node, "status", path: path) ?? .ok,
                result: reader.optionalString(node, "result", path: path),
                attachmentIDs: attachmentReferences(node, partPath: path, scope: &scope, reader: &reader))
            call.titlePhrase = decodePhrase(node["titlePhrase"], path: JSONReader.join(path, "titlePhrase"), reader: &reader)
            call.url = pageAddress(node, path: path, reader: &reader)
            part = .toolCall(call)
        case "codeExecution":
            part = .codeExecution(
                CodeExecutionPart(
                    language: reader.requiredString(node, "language", path: path, nonEmpty: true) ?? "",
                    code: reader.requiredString(node, "code", path: path) ?? "",
                    output: reader.optionalString(node, "output", path: path),
                    status: reader.optionalWord(node, "status", path: path) ?? .ok,
                    attachmentIDs: attachmentReferences(node, partPath: path, scope: &scope, reader: &reader),
                    title: reader.optionalWord(node, "title", path: path) ?? .ranCode))
        case "diff":
            part = .diff(decodeDiff(node, path: path, reader: &reader))
        case "terminal":
            part = .terminal(
                TerminalPart(
                    command: reader.optionalString(node, "command", path: path),
                    output: reader.requiredString(node, "output", path: path) ?? "",
                    exitCode: reader.optionalInteger(node, "exitCode", path: path),
                    title: reader.optionalString(node, "title", path: path)))
        case "document":
            var document = DocumentPart(
                title: reader.requiredString(node, "title", path: path) ?? "",
                kind: reader.optionalWord(node, "kind", path: path) ?? .markdown,
                language: reader.optionalString(node, "language", path: path),
                content: reader.requiredString(node, "content", path: path) ?? "",
                versions: decodeVersions(node, path: path, reader: &reader))
            document.titlePhrase = decodePhrase(node["titlePhrase"], path: JSONReader.join(path, "titlePhrase"), reader: &reader)
            part = .document(document)
        case "notice":
            var notice = NoticePart(
                kind: reader.optionalWord(node, "kind", path: path) ?? .info,
                text: reader.requiredString(node, "text", path: path) ?? "",
                detail: reader.optionalString(node, "detail", path: path))
            notice.phrase = decodePhrase(node["phrase"], path: JSONReader.join(path, "phrase"), reader: &reader)
            part = .notice(notice)
        case "transcript":
            guard let transcript = decodeTranscript(node, path: path, scope: &scope, reader: &reader) else { return nil }
            part = .transcript(transcript)
        default:
            reader.warning(unknownPartType(type), at: typeNode, path: JSONReader.join(path, "type"))
            return nil
        }
        return reader.errorCount == errorsBefore ? part : nil
    }

    /// What the warning for an unknown part type says; it names the known type the writer most
    /// likely meant when only the spelling differs (`tool_call`, `ToolCall`, `tool-call`).
    static func unknownPartType(_ type: String) -> String {
        let folded = String(type.lowercased().unicodeScalars.filter { $0 != "_" && $0 != "-" })
        if let meant = partTypes.first(where: { $0.lowercased() == folded }) {
            return "unknown part type \(JSONReader.quote(type)); expected \"\(meant)\" (part types are written in camelCase); the part is skipped"
        }
        return "unknown part type \(JSONReader.quote(type)); expected \(JSONReader.alternatives(partTypes)); the part is skipped"
    }

    /// A tool's `input`: text as it is; any other JSON value (the arguments object, usually) as
    /// indented JSON text, members in the file's order. `null` or absent: no input.
    private static func toolInput(_ node: JSONNode?) -> String? {
        guard let node else { return nil }
        switch node.value {
        case .null: return nil
        case .string(let text): return text
        default: return NativeJSON.pretty(node)
        }
    }

    /// A tool call's `"url"`: the web page it opened. Only an absolute http(s) URL is kept, as for
    /// a source; anything else is a warning and the call is shown without the link.
    private static func pageAddress(_ node: JSONNode, path: String, reader: inout JSONReader) -> String? {
        guard let raw = reader.optionalString(node, "url", path: path) else { return nil }
        let why: String
        switch LinkPolicy.classify(raw) {
        case .remote(let link): return link
        case .relativePath: why = "the url is not an absolute http(s) URL"
        case .rejected(let reason): why = reason
        }
        reader.warning(
            "\(why); expected an http(s) URL such as \"https://example.com/page\"; the call is shown without the link",
            at: node["url"], path: JSONReader.join(path, "url"))
        return nil
    }

    /// A part's `"attachments"`: ids of the top-level message's attachments, recorded in `scope`
    /// to be checked when that message is done.
    private static func attachmentReferences(_ part: JSONNode, partPath: String, scope: inout TurnScope, reader: inout JSONReader) -> [String] {
        guard let node = part["attachments"] else { return [] }
        let path = JSONReader.join(partPath, "attachments")
        switch node.value {
        case .null:
            return []
        case .array(let elements):
            var ids: [String] = []
            for (index, element) in elements.enumerated() {
                let itemPath = JSONReader.join(path, index)
                guard case .string(let id) = element.value, !id.isEmpty else {
                    let found = element.value == .string("") ? "an empty string" : element.kindDescription
                    reader.error("expected an attachment id (a string naming one of the message's attachments), found \(found)", at: element, path: itemPath)
                    continue
                }
                ids.append(id)
                scope.references.append(AttachmentReference(id: id, node: element, path: itemPath, partPath: partPath, nested: scope.depth > 0))
            }
            return ids
        default:
            reader.error("expected an array of attachment ids, found \(node.kindDescription)", at: node, path: path)
            return []
        }
    }

    /// Checks every attachment the parts of a top-level message name: it must be one of the
    /// message's own, and shown by one part only (the turn shows it there and not again below).
    static func checkAttachmentReferences(_ references: [AttachmentReference], message: JSONNode, scope: TurnScope, reader: inout JSONReader) {
        var known: Set<String> = []
        if let list = message["attachments"], case .array(let elements) = list.value {
            // From the raw ids, so an attachment with another error does not cause a second one here.
            for element in elements {
                if let idNode = element["id"], case .string(let id) = idNode.value { known.insert(id) }
            }
        }
        var shownBy: [String: String] = [:]
        for reference in references {
            guard known.contains(reference.id) else {
                let whose = reference.nested ? scope.topPath : "this message"
                let hint = reference.nested ? " (parts inside a transcript name the attachments of the top-level message that holds it)" : ""
                reader.error(
                    "no attachment \(JSONReader.quote(reference.id)) on \(whose); expected the id of one of its attachments\(hint)",
                    at: reference.node, path: reference.path)
                continue
            }
            if let first = shownBy[reference.id] {
                reader.error(
                    "attachment \(JSONReader.quote(reference.id)) is already shown by \(first); expected each attachment in at most one part",
                    at: reference.node, path: reference.path)
            } else {
                shownBy[reference.id] = reference.partPath
            }
        }
    }

    /// A diff: `unified` text, or the `old` and `new` text (either may be left out for a file
    /// created or deleted), never both forms.
    private static func decodeDiff(_ node: JSONNode, path: String, reader: inout JSONReader) -> DiffPart {
        let file = reader.optionalString(node, "path", path: path)
        let unified = reader.optionalString(node, "unified", path: path)
        let old = reader.optionalString(node, "old", path: path)
        let new = reader.optionalString(node, "new", path: path)
        let unifiedNode = node["unified"].flatMap { $0.value == .null ? nil : $0 }
        let hasOldOrNew = [node["old"], node["new"]].contains { $0 != nil && $0?.value != .null }
        if let unifiedNode, hasOldOrNew {
            reader.error(
                "a diff is either \"unified\" or \"old\" and \"new\", not both; expected one of the two forms",
                at: unifiedNode, path: JSONReader.join(path, "unified"))
        } else if unifiedNode == nil, !hasOldOrNew {
            reader.error(
                "missing the change; expected \"unified\" (unified diff text) or \"old\" and \"new\" (the text before and after)",
                at: node, path: path)
        }
        let created = reader.optionalBool(node, "created", path: path) ?? false
        return DiffPart(path: file, unified: unified, old: old, new: new, created: created)
    }

    /// A document's `"versions"`: earlier contents, oldest first.
    private static func decodeVersions(_ node: JSONNode, path: String, reader: inout JSONReader) -> [String] {
        guard let list = node["versions"] else { return [] }
        let listPath = JSONReader.join(path, "versions")
        switch list.value {
        case .null:
            return []
        case .array(let elements) where elements.count > maxDocumentVersions:
            reader.error("\(elements.count) versions; expected at most \(maxDocumentVersions) on one document", at: list, path: listPath)
            return []
        case .array(let elements):
            var versions: [String] = []
            for (index, element) in elements.enumerated() {
                guard case .string(let text) = element.value else {
                    reader.error(
                        "expected a string (an earlier version of the content), found \(element.kindDescription)", at: element,
                        path: JSONReader.join(listPath, index))
                    continue
                }
                versions.append(text)
            }
            return versions
        default:
            reader.error("expected an array of earlier versions (strings, oldest first), found \(list.kindDescription)", at: list, path: listPath)
            return []
        }
    }

    /// A transcript's `started` or `ended`: an ISO 8601 date, as a message's `date` is written.
    private static func decodeTime(_ node: JSONNode, _ key: String, path: String, reader: inout JSONReader) -> ChatDate? {
        guard let raw = reader.optionalString(node, key, path: path) else { return nil }
        guard let date = ChatDate(iso: raw) else {
            reader.error(
                "expected an ISO 8601 date such as \"2026-03-14T09:41:00Z\", found \(JSONReader.quote(raw))", at: node[key],
                path: JSONReader.join(path, key))
            return nil
        }
        return date
    }

    /// A transcript: a title and messages read by the same rules as the conversation's, one level deeper.
    private static func decodeTranscript(_ node: JSONNode, path: String, scope: inout TurnScope, reader: inout JSONReader) -> TranscriptPart? {
        let title = reader.requiredString(node, "title", path: path)
        let messagesPath = JSONReader.join(path, "messages")
        guard let list = node["messages"] else {
            reader.error("missing required field \"messages\"; expected an array of messages", at: node, path: messagesPath)
            return nil
        }
        guard case .array(let elements) = list.value else {
            reader.error("expected an array of messages, found \(list.kindDescription)", at: list, path: messagesPath)
            return nil
        }
        guard scope.depth < maxTranscriptDepth else {
            reader.error(
                "a transcript inside \(scope.depth) others; expected at most \(maxTranscriptDepth) transcripts inside one another",
                at: node, path: path)
            return nil
        }
        scope.depth += 1
        defer { scope.depth -= 1 }
        var messages: [Message] = []
        var seen: [String: Int] = [:]
        for (index, element) in elements.enumerated() {
            let itemPath = JSONReader.join(messagesPath, index)
            let message = decodeTurn(element, path: itemPath, scope: &scope, reader: &reader)
            if let idNode = element["id"], case .string(let id) = idNode.value, !id.isEmpty {
                if let first = seen[id] {
                    reader.error(
                        "duplicate message id \(JSONReader.quote(id)); messages[\(first)] of this transcript has it too; expected ids to be unique",
                        at: idNode, path: JSONReader.join(itemPath, "id"))
                } else {
                    seen[id] = index
                }
            }
            if let message { messages.append(message) }
        }
        guard let title else { return nil }
        var transcript = TranscriptPart(title: title, messages: messages)
        transcript.phrase = decodePhrase(node["phrase"], path: JSONReader.join(path, "phrase"), reader: &reader)
        transcript.started = decodeTime(node, "started", path: path, reader: &reader)
        transcript.ended = decodeTime(node, "ended", path: path, reader: &reader)
        if let started = transcript.started, let ended = transcript.ended, ended.secondsSinceEpoch < started.secondsSinceEpoch {
            reader.warning(
                "\"ended\" (\(ended.iso)) is before \"started\" (\(started.iso)); expected the transcript to end when or after it started; its end is left out",
                at: node["ended"], path: JSONReader.join(path, "ended"))
            transcript.ended = nil
        }
        // Which sub-agent it is, and whether its turns are shown at another call (see SubAgentGraph).
        transcript.agent = reader.optionalString(node, "agent", path: path)
        transcript.reference = reader.optionalWord(node, "reference", path: path, as: TranscriptReferenceWord.self)?.reference
        return transcript
    }
}

/// `"reference"` of a transcript part, as the conversation file writes it.
enum TranscriptReferenceWord: String, CaseIterable {
    case shownElsewhere, cycle

    var reference: TranscriptPart.Reference {
        switch self {
        case .shownElsewhere: .shownElsewhere
        case .cycle: .cycle
        }
    }
}
