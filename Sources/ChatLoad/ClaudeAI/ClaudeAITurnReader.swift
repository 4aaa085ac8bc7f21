import ChatModel
import ChatSupport

/// Turns the messages of one claude.ai conversation's visible thread into imported turns, in
/// order: artifacts and the sources web searches found carry over from turn to turn.
///
/// | block | becomes |
/// | --- | --- |
/// | `text` (with `citations`) | text, each cited span followed by a `[^n]` marker into the turn's sources |
/// | `thinking` (with `summaries`) | thinking, its last summary as the label, timed by its timestamps |
/// | `tool_use` `artifacts` | a document at its version after this turn, earlier versions kept |
/// | `tool_use` `repl` (analysis tool) | code execution: the JavaScript and its logs, or its error |
/// | `tool_use` `web_search` and other tools, with their `tool_result` | a tool call with input and result |
/// | `<antArtifact>`, `<antThinking>` in text (2024 exports) | a document, a thinking part |
struct ClaudeAITurnReader {
    var scope: ConversationScope
    var artifacts = ClaudeAIArtifacts()
    /// Pages web searches returned so far, by URL: what a citation's source is called.
    var pages: [String: String] = [:]

    init(scope: ConversationScope) { self.scope = scope }

    /// Block types that carry nothing to show.
    static let silent: Set<String> = ["token_budget"]

    mutating func turn(_ message: ClaudeAIMessage) -> ImportedTurn? {
        let node = message.node
        let sender = ImportSource.string(node["sender"]) ?? ""
        let role: Message.Role
        switch sender {
        case "human", "user": role = .user
        case "assistant": role = .assistant
        default:
            scope.warn(
                "unknown sender \(sender.isEmpty ? node["sender"]?.kindDescription ?? "(none)" : JSONReader.quote(sender)); expected \"human\" or \"assistant\"; the message is left out",
                at: node["sender"] ?? node, path: JSONReader.join(message.path, "sender"))
            return nil
        }
        var turn = ImportedTurn(id: message.uuid, role: role, text: "", date: message.date)
        var builder = PartsBuilder()
        let contentPath = JSONReader.join(message.path, "content")
        var blocks: [JSONNode] = []
        if let content = node["content"] {
            switch content.value {
            case .array(let items): blocks = items
            case .null: break
            default:
                scope.warn(
                    "expected an array of content blocks, found \(content.kindDescription); the message's text is read instead", at: content, path: contentPath)
            }
        }
        if blocks.isEmpty {
            // Exports from before content blocks: the message-level text is all there is.
            if let text = ImportSource.string(node["text"]), !text.isEmpty { builder.appendText(text) }
        }
        for (index, block) in blocks.enumerated() {
            read(block, path: JSONReader.join(contentPath, index), role: role, into: &builder)
        }
        builder.flushText(reader: &self)
        builder.finishDocuments(artifacts)
        if role == .user {
            turn.attachments = attachments(node, path: message.path)
            turn.text = builder.parts.compactMap { part -> String? in
                if case .text(let text) = part { return text }; return nil
            }.joined(separator: "\n\n")
            if turn.text.isEmpty && turn.attachments.isEmpty { return nil }
            return turn
        }
        turn.sources = builder.sources
        if builder.parts.count == 1, case .text(let text) = builder.parts[0] {
            turn.text = text
        } else {
            turn.parts = builder.parts
        }
        turn.attachments = attachments(node, path: message.path)
        if turn.parts.isEmpty && turn.text.isEmpty && turn.attachments.isEmpty { return nil }
        return turn
    }

    // MARK: Blocks

    private mutating func read(_ block: JSONNode, path: String, role: Message.Role, into builder: inout PartsBuilder) {
        guard case .object = block.value, let type = ImportSource.string(block["type"]) else {
            scope.warn("expected a content block object with \"type\"; the block is left out", at: block, path: path)
            return
        }
        switch type {
        case "text":
            guard let text = ImportSource.string(block["text"]) else {
                scope.warn("a text block without a \"text\" string; the block is left out", at: block, path: path)
                return
            }
            builder.appendText(cited(text, block: block, path: path, builder: &builder))
        case "thinking":
            builder.flushText(reader: &self)
            let text = ImportSource.string(block["thinking"]) ?? ""
            var summary: String?
            if let list = block["summaries"], case .array(let items) = list.value {
                summary = items.compactMap { ImportSource.string($0["summary"]) }.last { !$0.isEmpty }
            }
            var duration: Double?
            if let start = timestamp(block["start_timestamp"]), let stop = timestamp(block["stop_timestamp"]), stop >= start {
                duration = Double(stop - start)
            }
            if text.isEmpty && summary == nil { return }
            builder.parts.append(.thinking(ThinkingPart(text: text, duration: duration, summary: summary)))
        case "tool_use":
            builder.flushText(reader: &self)
            toolUse(block, path: path, into: &builder)
        case "tool_result":
            builder.flushText(reader: &self)
            toolResult(block, path: path, into: &builder)
        default:
            if Self.silent.contains(type) { return }
            scope.warn(
                "unknown content block type \(JSONReader.quote(type)); expected \"text\", \"thinking\", \"tool_use\" or \"tool_result\"; the block is left out",
                at: block["type"], path: JSONReader.join(path, "type"))
        }
    }

    /// The text with a `[^n]` marker after each cited span; the cited pages become the turn's sources.
    private mutating func cited(_ text: String, block: JSONNode, path: String, builder: inout PartsBuilder) -> String {
        guard let list = block["citations"], case .array(let citations) = list.value, !citations.isEmpty else { return text }
        let scalars = Array(text.unicodeScalars)
        var inserts: [(offset: Int, order: Int, marker: String)] = []
        for (index, citation) in citations.enumerated() {
            let details = citation["details"]
            guard let url = ImportSource.string(details?["url"]) ?? ImportSource.string(citation["url"]), !url.isEmpty else { continue }
            let title = ImportSource.string(details?["title"]) ?? ImportSource.string(citation["title"]) ?? pages[url]
            let id = builder.source(url: url, title: title)
            var offset = scalars.count
            if let end = citation["end_index"], case .number(let value, _) = end.value {
                if value >= 0, value <= Double(scalars.count) {
                    offset = Int(value)
                } else {
                    scope.warn(
                        "citation end_index \(JSONReader.format(value)) is outside the text (\(scalars.count) characters); the marker is put at its end",
                        at: end, path: JSONReader.join(JSONReader.join(JSONReader.join(path, "citations"), index), "end_index"))
                }
            }
            let marker = "[^\(id)]"
            if inserts.contains(where: { $0.offset == offset && $0.marker == marker }) { continue }
            inserts.append((offset, index, marker))
        }
        guard !inserts.isEmpty else { return text }
        var out = String.UnicodeScalarView()
        var next = 0
        for insert in inserts.sorted(by: { ($0.offset, $0.order) < ($1.offset, $1.order) }) {
            out.append(contentsOf: scalars[next..<insert.offset])
            out.append(contentsOf: insert.marker.unicodeScalars)
            next = insert.offset
        }
        out.append(contentsOf: scalars[next...])
        return String(out)
    }

    private mutating func toolUse(_ block: JSONNode, path: String, into builder: inout PartsBuilder) {
        let name = ImportSource.string(block["name"]).flatMap { $0.isEmpty ? nil : $0 } ?? "tool"
        let id = ImportSource.string(block["id"])
        let input = block["input"]
        switch name {
        case "artifacts":
            if let input, case .object = input.value,
                let artifact = artifacts.apply(input, path: JSONReader.join(path, "input"), scope: &scope)
            {
                builder.placeDocument(artifact)
            } else if input.map({ if case .object = $0.value { false } else { true } }) ?? true {
                scope.warn("an artifacts call without an \"input\" object; it is left out", at: block, path: JSONReader.join(path, "input"))
            }
            builder.pending.append(PendingTool(id: id, name: name, partIndex: nil))
        case "repl":
            let code = input.flatMap { ImportSource.string($0["code"]) } ?? input.map { NativeJSON.pretty($0) } ?? ""
            builder.parts.append(.codeExecution(CodeExecutionPart(language: "javascript", code: code, title: .analyzedData)))
            builder.pending.append(PendingTool(id: id, name: name, partIndex: builder.parts.count - 1))
        default:
            var call = ToolCallPart(name: name, input: input.map { NativeJSON.pretty($0) })
            call.title = title(name: name, input: input, block: block)
            call.titlePhrase = titlePhrase(name: name, input: input)
            builder.parts.append(.toolCall(call))
            builder.pending.append(PendingTool(id: id, name: name, partIndex: builder.parts.count - 1))
        }
    }

    /// What the collapsed line says: "Searched the web: lifespan of reactors", "Fetched https://…".
    private func title(name: String, input: JSONNode?, block: JSONNode) -> String? {
        switch name {
        case "web_search":
            if let query = input.flatMap({ ImportSource.string($0["query"]) }), !query.isEmpty { return "Searched the web: \(query)" }
            return "Searched the web"
        case "web_fetch":
            if let url = input.flatMap({ ImportSource.string($0["url"]) }), !url.isEmpty { return "Fetched \(url)" }
            return "Fetched a page"
        default:
            if let display = block["display_content"], let text = ImportSource.string(display["text"]), !text.isEmpty { return text }
            if let message = ImportSource.string(block["message"]), !message.isEmpty { return message }
            return nil
        }
    }

    /// The title's string-table key, for pages in other languages (nil for the app's own words).
    private func titlePhrase(name: String, input: JSONNode?) -> UIPhrase? {
        switch name {
        case "web_search":
            if let query = input.flatMap({ ImportSource.string($0["query"]) }), !query.isEmpty { return UIPhrase(.webSearchedQuery, ["query": query]) }
            return UIPhrase(.webSearched)
        case "web_fetch":
            if let url = input.flatMap({ ImportSource.string($0["url"]) }), !url.isEmpty { return UIPhrase(.toolFetched, ["host": url]) }
            return UIPhrase(.fetchedAPage)
        default:
            return nil
        }
    }

    private mutating func toolResult(_ block: JSONNode, path: String, into builder: inout PartsBuilder) {
        let name = ImportSource.string(block["name"]).flatMap { $0.isEmpty ? nil : $0 } ?? "tool"
        let failed = block["is_error"]?.value == .bool(true)
        let useID = ImportSource.string(block["tool_use_id"])
        var match: Int?
        if let useID { match = builder.pending.firstIndex { $0.id == useID && !$0.answered } }
        if match == nil { match = builder.pending.firstIndex { $0.name == name && !$0.answered } }
        let content = block["content"]
        if let content { registerPages(content) }
        guard let found = match else {
            // A result whose call the export left out: shown on its own.
            var call = ToolCallPart(name: name, status: failed ? .error : .ok, result: resultText(content, name: name))
            call.title = name == "web_search" ? "Searched the web" : nil
            call.titlePhrase = name == "web_search" ? UIPhrase(.webSearched) : nil
            builder.parts.append(.toolCall(call))
            return
        }
        builder.pending[found].answered = true
        guard let index = builder.pending[found].partIndex else {
            if failed, name == "artifacts" {
                var notice = NoticePart(kind: .error, text: "An artifact change failed", detail: resultText(content, name: name))
                notice.phrase = UIPhrase(.artifactChangeFailed)
                builder.parts.append(.notice(notice))
            }
            return
        }
        switch builder.parts[index] {
        case .codeExecution(var run):
            let (output, error) = replOutput(content)
            run.output = output
            run.status = failed || error ? .error : .ok
            builder.parts[index] = .codeExecution(run)
        case .toolCall(var call):
            call.result = resultText(content, name: name)
            call.status = failed ? .error : .ok
            builder.parts[index] = .toolCall(call)
        default: break
        }
    }

    /// The pages a result lists, remembered by URL so later citations can name them.
    private mutating func registerPages(_ content: JSONNode) {
        guard case .array(let items) = content.value else { return }
        for item in items {
            if let url = ImportSource.string(item["url"]), !url.isEmpty, pages[url] == nil,
                let title = ImportSource.string(item["title"]), !title.isEmpty
            {
                pages[url] = title
            }
        }
    }

    /// A result as text: a web search's pages as a numbered list of titles and addresses; other
    /// results' text items joined.
    private func resultText(_ content: JSONNode?, name: String) -> String? {
        guard let content else { return nil }
        switch content.value {
        case .string(let text): return text.isEmpty ? nil : text
        case .array(let items):
            var pieces: [String] = []
            var number = 0
            for item in items {
                let type = ImportSource.string(item["type"]) ?? ""
                if type == "knowledge" || (ImportSource.string(item["url"]) != nil && ImportSource.string(item["title"]) != nil) {
                    number += 1
                    let title = ImportSource.string(item["title"]) ?? ""
                    let url = ImportSource.string(item["url"]) ?? ""
                    if name == "web_search" {
                        pieces.append("\(number). \(title)\n   \(url)")
                    } else {
                        let text = ImportSource.string(item["text"]) ?? ""
                        pieces.append([title, url, text].filter { !$0.isEmpty }.joined(separator: "\n"))
                    }
                } else if let text = ImportSource.string(item["text"]), !text.isEmpty {
                    pieces.append(text)
                }
            }
            let joined = pieces.joined(separator: name == "web_search" ? "\n" : "\n\n")
            return joined.isEmpty ? nil : joined
        case .null: return nil
        default: return NativeJSON.pretty(content)
        }
    }

    /// The analysis tool's result: `{"status": "success"|"error", "logs": [...], "error": "…"}`
    /// as text, or the text itself; and whether it failed.
    private func replOutput(_ content: JSONNode?) -> (String?, Bool) {
        guard let text = resultText(content, name: "repl") else { return (nil, false) }
        guard let parsed = try? JSONParser.parse(Array(text.utf8)), case .object = parsed.value else { return (text, false) }
        var lines: [String] = []
        if let logs = parsed["logs"], case .array(let items) = logs.value {
            lines = items.map { item in ImportSource.string(item) ?? NativeJSON.pretty(item) }
        }
        let status = ImportSource.string(parsed["status"])
        let error = ImportSource.string(parsed["error"])
        if let error, !error.isEmpty { lines.append(error) }
        if status == nil && parsed["logs"] == nil && error == nil { return (text, false) }
        return (lines.isEmpty ? nil : lines.joined(separator: "\n"), status == "error" || (error?.isEmpty == false))
    }

    /// Seconds since 1970 of an ISO timestamp.
    private func timestamp(_ node: JSONNode?) -> Int64? {
        ImportSource.string(node).flatMap { ChatDate(iso: $0) }?.secondsSinceEpoch
    }

    // MARK: Files

    /// `attachments` (text the app extracted, written as a text file) and `files` / `files_v2`
    /// (uploads whose bytes the export leaves out: unavailable chips with their names).
    private mutating func attachments(_ node: JSONNode, path: String) -> [ImportedAttachment] {
        var out: [ImportedAttachment] = []
        if let list = node["attachments"], case .array(let items) = list.value {
            for (index, item) in items.enumerated() {
                guard case .object = item.value else {
                    scope.warn(
                        "expected an attachment object, found \(item.kindDescription); it is left out", at: item,
                        path: JSONReader.join(JSONReader.join(path, "attachments"), index))
                    continue
                }
                let given = ImportSource.string(item["file_name"])?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
                let size = integer(item["file_size"])
                if let text = ImportSource.string(item["extracted_content"]) {
                    let name = Self.textName(given.isEmpty ? "Pasted text.txt" : given)
                    let bytes = Array(text.utf8)
                    out.append(
                        ImportedAttachment(
                            name: name, contentType: InlineData.contentType(forName: name) ?? "text/plain",
                            byteCount: Int64(bytes.count), content: .bytes(bytes)))
                } else {
                    let name = given.isEmpty ? "attachment" : given
                    out.append(
                        ImportedAttachment(
                            name: name, contentType: Self.declaredType(item["file_type"], name: name),
                            byteCount: size ?? 0, content: .unavailable))
                }
            }
        }
        var seen: Set<String> = []
        for key in ["files", "files_v2"] {
            guard let list = node[key], case .array(let items) = list.value else { continue }
            for item in items {
                guard case .object = item.value else { continue }
                let name = ImportSource.string(item["file_name"]).flatMap { $0.isEmpty ? nil : $0 } ?? "file"
                let identity = ImportSource.string(item["file_uuid"]) ?? name
                guard seen.insert(identity).inserted else { continue }
                // A chip with the file's name, images too: an empty "Photo unavailable" tile would hide which file it was.
                var type = InlineData.contentType(forName: name) ?? "application/octet-stream"
                if type.hasPrefix("image/") { type = "application/octet-stream" }
                out.append(ImportedAttachment(name: name, contentType: type, byteCount: 0, content: .unavailable))
            }
        }
        return out
    }

    /// Extracted text keeps its name when that names text; `report.pdf` becomes `report.pdf.txt`,
    /// so the file written is what its name says.
    static func textName(_ name: String) -> String {
        let binary: Set<String> = [
            "pdf", "doc", "docx", "xls", "xlsx", "ppt", "pptx", "odt", "ods", "odp", "rtf", "epub",
            "png", "jpg", "jpeg", "gif", "webp", "heic", "zip", "pages", "numbers", "key",
        ]
        guard let ext = AssetNames.safeExtension(of: name), binary.contains(ext.lowercased()) else { return name }
        return name + ".txt"
    }

    /// `file_type` as the app gave it: a MIME type, or an extension such as `pdf`.
    static func declaredType(_ node: JSONNode?, name: String) -> String {
        if let raw = ImportSource.string(node), !raw.isEmpty {
            if raw.contains("/") { return raw }
            if let type = InlineData.contentType(forName: "file.\(raw)") { return type }
        }
        return InlineData.contentType(forName: name) ?? "application/octet-stream"
    }

    private func integer(_ node: JSONNode?) -> Int64? {
        guard let node, case .number(let value, let integer) = node.value else { return nil }
        if let integer, integer >= 0 { return integer }
        return value >= 0 && value < 9e15 ? Int64(value) : nil
    }
}

/// A tool call waiting for its result.
struct PendingTool {
    var id: String?
    var name: String
    /// The part the result fills in; nil for calls shown another way (artifacts).
    var partIndex: Int?
    var answered = false
}

/// One assistant turn's parts as its blocks are read.
struct PartsBuilder {
    var parts: [TurnPart] = []
    var sources: [Source] = []
    var pending: [PendingTool] = []
    /// Text blocks next to each other are one run: claude.ai splits a paragraph where a citation starts.
    private var run = ""
    /// Artifact id → the part showing it in this turn.
    private var documents: [(id: String, index: Int)] = []

    mutating func appendText(_ text: String) { run += text }

    /// The source id for a URL: the same page is one source, numbered by first citation.
    mutating func source(url: String, title: String?) -> String {
        if let found = sources.first(where: { $0.url == url }) { return found.id }
        let id = String(sources.count + 1)
        sources.append(Source(id: id, title: title, url: url))
        return id
    }

    /// Ends the current run of text: its `<antArtifact>` and `<antThinking>` tags become parts.
    mutating func flushText(reader: inout ClaudeAITurnReader) {
        guard !run.isEmpty else { return }
        let text = run
        run = ""
        for piece in ClaudeAIInlineTags.split(text) {
            switch piece {
            case .text(let chunk):
                let trimmed = chunk.trimmingCharacters(in: .whitespacesAndNewlines)
                if !trimmed.isEmpty { parts.append(.text(trimmed)) }
            case .thinking(let thought):
                let trimmed = thought.trimmingCharacters(in: .whitespacesAndNewlines)
                if !trimmed.isEmpty { parts.append(.thinking(ThinkingPart(text: trimmed))) }
            case .artifact(let tag):
                reader.artifacts.write(tag)
                placeDocument(tag.identifier)
            }
        }
    }

    /// Where an artifact shows in this turn: the place of its first change; later changes in the
    /// same turn update that one card.
    mutating func placeDocument(_ id: String) {
        guard !documents.contains(where: { $0.id == id }) else { return }
        parts.append(.notice(NoticePart(text: "")))  // a placeholder, filled by finishDocuments
        documents.append((id, parts.count - 1))
    }

    /// Each artifact at its version after this turn, with every earlier version.
    mutating func finishDocuments(_ artifacts: ClaudeAIArtifacts) {
        for (id, index) in documents {
            guard let artifact = artifacts.byID[id], let latest = artifact.versions.last else { continue }
            parts[index] = .document(
                DocumentPart(
                    title: artifact.title, kind: artifact.kind, language: artifact.language,
                    content: latest, versions: Array(artifact.versions.dropLast())))
        }
        parts.removeAll {
            if case .notice(let notice) = $0 { return notice.text.isEmpty }; return false
        }
    }
}
