import Foundation
import ChatModel
import ChatSupport

/// Builds a ChatGPT conversation's turns from its visible thread, as ChatGPT shows them: each
/// question is a turn; everything after it up to the next question (thinking, code runs, tool
/// calls and their results, generated images, canvas documents, the answer) is ONE reply with
/// its parts in order.
///
/// See `docs/importers.md` for what each content type, tool and marker becomes.
struct ChatGPTThread {
    let files: ExportFiles
    let includeSystem: Bool
    private var turns: [ImportedTurn] = []
    private var reply: ChatGPTReply?
    /// Canvas documents of the conversation, by `textdoc_id` where known; updates name no
    /// document, so they go to the last one written.
    private var documents: [ChatGPTCanvasDocument] = []
    private var lastDocument: Int?

    init(files: ExportFiles, includeSystem: Bool) {
        self.files = files
        self.includeSystem = includeSystem
    }

    mutating func add(_ message: ChatGPTMessage, reader: inout JSONReader) {
        switch message.role {
        case "user": addQuestion(message, reader: &reader)
        case "system":
            guard includeSystem else { return }
            let text = ChatGPTText.plain(message.text).trimming(.whitespacesAndNewlines)
            guard !text.isEmpty else { return }
            flush(reader: &reader)
            var turn = ImportedTurn(id: message.id, role: .assistant, text: "", date: message.date)
            turn.speaker = "System"
            turn.speakerPhrase = UIPhrase(.speakerSystem)
            turn.parts = [.text(text)]
            turns.append(turn)
        default:
            if message.hidden && !includeSystem { return }
            if reply == nil { reply = ChatGPTReply(first: message) }
            if message.role == "assistant" { addAssistant(message, reader: &reader) } else { addTool(message, reader: &reader) }
        }
    }

    mutating func finish(reader: inout JSONReader) -> [ImportedTurn] {
        flush(reader: &reader)
        return turns
    }

    // MARK: The person's turn

    private mutating func addQuestion(_ message: ChatGPTMessage, reader: inout JSONReader) {
        guard message.contentType == "text" || message.contentType == "multimodal_text" else {
            // user_editable_context (custom instructions) and the like: hidden by ChatGPT too.
            if !["user_editable_context", "model_editable_context"].contains(message.contentType) {
                reader.warning(
                    "unknown content_type \(JSONReader.quote(message.contentType)) in the person's message; expected \"text\" or \"multimodal_text\"; the message is left out",
                    at: message.content["content_type"], path: JSONReader.join(JSONReader.join(message.path, "content"), "content_type"))
            }
            return
        }
        flush(reader: &reader)
        var turn = ImportedTurn(id: message.id, role: .user, text: ChatGPTText.plain(message.text), date: message.date)
        turn.version = message.version
        // Names of uploads: metadata.attachments has them (an image part only has an id).
        var uploads: [String: (name: String?, type: String?, node: JSONNode, path: String)] = [:]
        var order: [String] = []
        if case .array(let items)? = message.metadata?["attachments"]?.value {
            let listPath = JSONReader.join(JSONReader.join(message.path, "metadata"), "attachments")
            for (a, item) in items.enumerated() {
                let itemPath = JSONReader.join(listPath, a)
                guard case .object = item.value, let fileID = ImportSource.string(item["id"]), !fileID.isEmpty else {
                    reader.warning("expected an attachment object with \"id\" and \"name\"; the attachment is left out", at: item, path: itemPath)
                    continue
                }
                if uploads[fileID] == nil { order.append(fileID) }
                uploads[fileID] = (ImportSource.string(item["name"]).flatMap { $0.isEmpty ? nil : $0 }, ImportSource.string(item["mime_type"]), item, itemPath)
            }
        }
        var shown: Set<String> = []
        for image in message.images {
            shown.insert(image.fileID)
            let upload = uploads[image.fileID]
            var attachment = files.attachment(
                id: image.fileID, name: upload?.name, declaredType: upload?.type ?? "image/png", size: image.size,
                at: image.node, path: image.path, reader: &reader)
            attachment.id = "a\(turn.attachments.count + 1)"
            turn.attachments.append(attachment)
        }
        for fileID in order where !shown.contains(fileID) {
            let upload = uploads[fileID]!
            var attachment = files.attachment(
                id: fileID, name: upload.name, declaredType: upload.type,
                size: ChatGPTThread.integer(upload.node["size"]) ?? 0, at: upload.node, path: upload.path, reader: &reader)
            attachment.id = "a\(turn.attachments.count + 1)"
            turn.attachments.append(attachment)
        }
        if message.voice { turn.speaker = "You · voice"; turn.speakerPhrase = UIPhrase(.youVoice) }
        guard !turn.text.isEmpty || !turn.attachments.isEmpty else { return }
        turns.append(turn)
    }

    // MARK: The reply

    private mutating func addAssistant(_ message: ChatGPTMessage, reader: inout JSONReader) {
        guard var draft = reply else { return }
        reply = nil  // one owner while it changes: no copy of its parts per message
        defer { reply = draft }
        if let model = message.meta("model_slug") { draft.model = model }
        if message.voice { draft.voice = true }
        let contentPath = JSONReader.join(message.path, "content")
        guard message.recipient == "all" else {
            draft.pending = nil
            addCall(message, to: &draft, reader: &reader)
            return
        }
        switch message.contentType {
        case "text", "multimodal_text":
            if message.isPreamble {
                draft.think(ChatGPTText.plain(message.text))
            } else {
                addAnswer(message, to: &draft, reader: &reader)
            }
        case "thoughts":
            guard case .array(let thoughts)? = message.content["thoughts"]?.value else { draft.think(""); return }
            var pieces: [String] = []
            for thought in thoughts {
                let summary = ImportSource.string(thought["summary"]).map(ChatGPTText.plain)?.trimming(.whitespacesAndNewlines) ?? ""
                let content = ImportSource.string(thought["content"]).map(ChatGPTText.plain)?.trimming(.whitespacesAndNewlines) ?? ""
                switch (summary.isEmpty, content.isEmpty) {
                case (false, false): pieces.append("**\(summary)**\n\n\(content)")
                case (false, true): pieces.append("**\(summary)**")
                case (true, false): pieces.append(content)
                case (true, true): continue
                }
            }
            draft.think(pieces.joined(separator: "\n\n"))
        case "reasoning_recap":
            // "Thought for 41s" (in the person's language): the seconds are in the metadata.
            var seconds: Double?
            if case .number(let value, _)? = message.metadata?["finished_duration_sec"]?.value { seconds = value }
            if seconds == nil, let recap = ImportSource.string(message.content["content"]) { seconds = ChatGPTThread.seconds(in: recap) }
            draft.think("", duration: seconds)
        case "code":
            // Code addressed to the person: shown as a code block.
            let language = ImportSource.string(message.content["language"]).flatMap { $0 == "unknown" ? nil : $0 } ?? ""
            if !message.text.isEmpty { draft.parts.append(.text(TurnDraft.fenced(message.text, language: language))) }
        case "model_editable_context", "user_editable_context":
            return  // what ChatGPT remembers about the person: its context, not the reply
        default:
            let text = ChatGPTText.plain(message.text)
            reader.warning(
                "unknown content_type \(JSONReader.quote(message.contentType)) in a reply; expected \"text\", \"multimodal_text\", \"thoughts\", \"reasoning_recap\" or \"code\""
                    + (text.isEmpty ? "; the message is left out" : "; its text is shown"),
                at: message.content["content_type"], path: JSONReader.join(contentPath, "content_type"))
            if !text.isEmpty { draft.parts.append(.text(text)) }
        }
    }

    /// The answer's text: citations as `[^id]` markers on the reply's sources, `{{file:…}}` as
    /// file cards, `sandbox:` links said to be missing; its images under it.
    private mutating func addAnswer(_ message: ChatGPTMessage, to draft: inout ChatGPTReply, reader: inout JSONReader) {
        let textPath = JSONReader.join(JSONReader.join(message.path, "content"), message.content["parts"] != nil ? "parts" : "text")
        let citations = ChatGPTCitations(text: message.text, metadata: message.metadata)
        var text = citations.resolve(message.text, book: &draft.sources, at: message.content, path: textPath, reader: &reader)
        // An agent's file is named by the message's file references: the sentence reads with its
        // name where the token stood, and the card below carries it.
        let metadata = message.metadata
        let tokens = ChatGPTText.fileTokens(text) { ChatGPTText.referencedName($0, metadata: metadata) }
        text = tokens.text
        text = ChatGPTText.sandboxLinks(text).text
        for fileID in tokens.ids {
            let name = ChatGPTText.referencedName(fileID, metadata: metadata)
            draft.attach(files.attachment(id: fileID, name: name, declaredType: nil, size: 0, at: message.content, path: textPath, reader: &reader))
        }
        for image in message.images {
            var attachment = files.attachment(
                id: image.fileID, name: nil, declaredType: "image/png", size: image.size, at: image.node, path: image.path, reader: &reader)
            attachment.alt = image.prompt
            draft.attach(attachment)
        }
        if !text.isBlank() {
            if draft.answerID == nil { draft.answerID = message.id }
            // Several answer messages in one reply (between tool calls) read as one text.
            if case .text(let previous)? = draft.parts.last, draft.lastWasAnswer {
                draft.parts[draft.parts.count - 1] = .text(previous + "\n\n" + text)
            } else {
                draft.parts.append(.text(text))
            }
            draft.lastWasAnswer = true
        }
    }

    /// A message addressed to a tool.
    private mutating func addCall(_ message: ChatGPTMessage, to draft: inout ChatGPTReply, reader: inout JSONReader) {
        let recipient = message.recipient
        let input = ChatGPTText.plain(message.text)
        let inputPath = JSONReader.join(JSONReader.join(message.path, "content"), message.content["parts"] != nil ? "parts" : "text")
        draft.lastWasAnswer = false
        switch recipient {
        case "python":
            draft.parts.append(.codeExecution(CodeExecutionPart(language: "python", code: input, title: .analyzed)))
            draft.pending = ChatGPTReply.Pending(part: draft.parts.count - 1, tool: recipient)
        case "bio":
            // A memory write: ChatGPT shows "Updated saved memory".
            let detail = input.trimming(.whitespacesAndNewlines)
            var notice = NoticePart(kind: .memory, text: "Updated saved memory", detail: detail.isEmpty ? nil : detail)
            notice.phrase = UIPhrase(.memoryUpdated)
            draft.parts.append(.notice(notice))
            draft.pending = ChatGPTReply.Pending(part: nil, tool: recipient)
        case "canmore.create_textdoc", "canmore.update_textdoc", "canmore.comment_textdoc":
            canvas(recipient, input: input, message: message, to: &draft, at: message.content, path: inputPath, reader: &reader)
            draft.pending = ChatGPTReply.Pending(part: nil, tool: recipient)
        case _ where ChatGPTBrowsing.isBrowsing(recipient):
            browse(recipient, input: input, to: &draft)
        default:
            var call = ToolCallPart(name: recipient, title: ChatGPTTools.title(recipient: recipient, input: input), input: input.isEmpty ? nil : input)
            if recipient == "dalle.text2im" || recipient.hasPrefix("image_gen") { call.title = "Creating image" }
            draft.parts.append(.toolCall(call))
            draft.pending = ChatGPTReply.Pending(part: draft.parts.count - 1, tool: recipient, prompt: ChatGPTTools.prompt(in: input))
        }
    }

    /// A browsing command (`open_url("…")`, `click(3)`, `{"open": …}`): titled by what it did
    /// ("Opened carris.pt", "Clicked a link"), the page it opened linked. The reply keeps the
    /// pages the browser went through, so a quote or a `back()` knows which page it is on.
    private func browse(_ tool: String, input: String, to draft: inout ChatGPTReply) {
        let action = ChatGPTBrowsing.action(in: input)
        var page: String?
        switch action {
        case .open(let url):
            page = url
            draft.pages.append(url)
        case .search, .click, .openPages:
            draft.pages.append(nil)  // a page whose address its result may give
        case .back:
            if !draft.pages.isEmpty { draft.pages.removeLast() }
        case .quote, .scroll, .find, .other:
            page = draft.pages.last ?? nil
        }
        var call = ToolCallPart(name: tool, input: input.isEmpty ? nil : input)
        ChatGPTBrowsing.retitle(&call, action, page: page)
        if action.showsItsPage { call.url = page }
        draft.parts.append(.toolCall(call))
        draft.pending = ChatGPTReply.Pending(part: draft.parts.count - 1, tool: tool, browsing: action)
    }

    /// A browsing result: the result of the command before it, or, with none, a call of its own
    /// titled by what the result says it was (its metadata's command, a quote's page, a search's
    /// list). `mclick`'s pages each become a call "Opened …" of their own, in place of the batch.
    private func browsingResult(
        _ message: ChatGPTMessage, tool: String, result: String, status: ToolStatus, ids: [String],
        pending: ChatGPTReply.Pending?, to draft: inout ChatGPTReply
    ) {
        let named = ChatGPTBrowsing.command(of: message)
        let raw = ImportSource.string(message.content["result"]) ?? ""
        let listed = message.contentType == "tether_browsing_display" && ChatGPTBrowsing.isSearchList(raw)
        var isSearch = listed
        if case .search? = named { isSearch = true }
        let page = ChatGPTBrowsing.page(of: message, isSearch: isSearch)
        if let page {
            if draft.pages.isEmpty { draft.pages.append(page) } else { draft.pages[draft.pages.count - 1] = page }
        }
        if let action = pending?.browsing, let index = pending?.part, case .toolCall(var call) = draft.parts[index],
            call.result == nil && call.status != .error || page == nil || page == call.url
        {
            // The call's own result, or more of it; a result of another page is a step of its own.
            if case .openPages = action, status == .ok || draft.dropped.contains(index) {
                // One of the pages a batch read: a call of its own; the batch, shown by its pages, is dropped.
                var opened = ToolCallPart(name: tool, status: status, result: result.isEmpty ? nil : result, attachmentIDs: ids, url: page)
                ChatGPTBrowsing.retitle(&opened, .open(url: page), page: page)
                draft.parts.append(.toolCall(opened))
                draft.dropped.insert(index)
                return
            }
            if !result.isEmpty { call.result = call.result.map { $0 + "\n\n" + result } ?? result }
            call.attachmentIDs += ids
            if status == .error { call.status = .error }
            if action.showsItsPage, call.url == nil { call.url = page }
            // A title that waited for its page: "Quoted a page" becomes "Quoted carris.pt".
            switch action {
            case .quote, .open(url: nil): ChatGPTBrowsing.retitle(&call, action, page: call.url)
            default: break
            }
            draft.parts[index] = .toolCall(call)
            return
        }
        guard !result.isEmpty || !ids.isEmpty else { return }
        // No call before it: what the result says it was, never a search it was not.
        var action = named
        if action == nil {
            switch message.contentType {
            case "tether_quote": action = .quote
            case "tether_browsing_display": action = listed ? .search(query: nil) : page.map { .open(url: $0) }
            default: break
            }
        }
        if case .openPages? = action { action = .open(url: page) }  // one page of a batch
        var call = ToolCallPart(name: tool.isEmpty ? "browser" : tool, status: status, result: result.isEmpty ? nil : result, attachmentIDs: ids)
        if let action {
            ChatGPTBrowsing.retitle(&call, action, page: page)
            if case .open(let url) = action, page == nil { call.url = url }  // a page that failed to open: the one it tried
            if action.showsItsPage, page != nil { call.url = page }
        }
        draft.parts.append(.toolCall(call))
        draft.pending = ChatGPTReply.Pending(part: draft.parts.count - 1, tool: tool, browsing: action ?? .other)
    }

    /// A tool's answer: the pending call's result, a code run's output and charts, generated images.
    private mutating func addTool(_ message: ChatGPTMessage, reader: inout JSONReader) {
        guard var draft = reply else { return }
        reply = nil  // one owner while it changes: no copy of its parts per message
        defer { reply = draft }
        draft.lastWasAnswer = false
        let tool = message.author ?? ""
        let contentPath = JSONReader.join(message.path, "content")
        let pending = draft.pending
        // Generated images: DALL·E, and GPT-4o's image generation (its tool has an opaque name;
        // the images say what they are). The call is not shown, the images are, described by the prompt.
        let generated =
            !message.images.isEmpty
            && (tool == "dalle.text2im" || message.meta("async_task_type") == "image_gen"
                || message.images.contains { $0.generated })
        if generated {
            let prompt = pending?.prompt ?? message.meta("image_gen_title")
            for image in message.images {
                var attachment = files.attachment(
                    id: image.fileID, name: nil, declaredType: "image/png", size: image.size, at: image.node, path: image.path, reader: &reader)
                attachment.alt = (image.prompt ?? prompt).map(ChatGPTText.plain)
                // Stored under an id and a random suffix: named, as ChatGPT's download is, by the prompt.
                ChatGPTThread.rename(&attachment, to: attachment.alt.map { ChatGPTThread.stem($0) } ?? "Generated image")
                draft.attach(attachment)
            }
            if let index = pending?.part, case .toolCall = draft.parts[index] {
                // Dropped when the reply is finished: every part index held meanwhile stays true.
                draft.dropped.insert(index)
            }
            draft.pending = ChatGPTReply.Pending(part: nil, tool: tool, imageTool: true)
            return
        }
        // The text a generator sends its model after the images ("GPT-4o returned 1 images. From now on …").
        if pending?.imageTool == true && message.images.isEmpty { return }
        switch message.contentType {
        case "execution_output":
            codeOutput(message, pending: pending, to: &draft, reader: &reader)
            return
        default: break
        }
        // Results the reply already shows in its own way.
        if tool == "bio" || tool.hasPrefix("canmore") || pending?.tool == "bio" || pending?.tool.hasPrefix("canmore") == true { return }
        var result: String
        var status = ToolStatus.ok
        switch message.contentType {
        case "tether_browsing_display":
            result = ImportSource.string(message.content["result"]) ?? ImportSource.string(message.content["summary"]) ?? ""
        case "tether_quote":
            let title = ImportSource.string(message.content["title"]) ?? ImportSource.string(message.content["url"]) ?? ""
            let quote = ImportSource.string(message.content["text"]) ?? ""
            result = title.isEmpty ? quote : "\(title)\n\n\(quote)"
        case "system_error":
            status = .error
            result = message.text.isEmpty ? (ImportSource.string(message.content["name"]) ?? "The tool failed") : message.text
        case "computer_output":
            // Where the agent's browser is: the page's title and address.
            let state = message.content["state"]
            result = [ImportSource.string(state?["title"]), ImportSource.string(state?["url"])].compactMap { $0 }.joined(separator: "\n")
        default:
            result = message.text
        }
        result = ChatGPTText.browsingResult(result).trimming(.whitespacesAndNewlines)
        // Screenshots (agent mode's computer tool) and other images a tool returned.
        var images: [ImportedAttachment] = []
        var pointers = message.images
        if let screenshot = message.content["screenshot"], let pointer = ImportSource.string(screenshot["asset_pointer"]) {
            pointers.append(
                ChatGPTImage(
                    fileID: ExportFiles.fileID(fromPointer: pointer), size: ChatGPTThread.integer(screenshot["size_bytes"]) ?? 0,
                    node: screenshot["asset_pointer"], path: JSONReader.join(JSONReader.join(contentPath, "screenshot"), "asset_pointer"),
                    prompt: nil, generated: false))
        }
        for image in pointers {
            var attachment = files.attachment(
                id: image.fileID, name: nil, declaredType: "image/png", size: image.size, at: image.node, path: image.path, reader: &reader)
            attachment.alt = "Screenshot"
            ChatGPTThread.rename(&attachment, to: "screenshot-\(draft.attachments.count + images.count + 1)")
            images.append(attachment)
        }
        let ids = images.map { draft.attach($0) }
        if ChatGPTBrowsing.isBrowsing(tool) || (tool.isEmpty && pending?.browsing != nil) {
            browsingResult(message, tool: tool, result: result, status: status, ids: ids, pending: pending, to: &draft)
            return
        }
        if let index = pending?.part, case .toolCall(var call) = draft.parts[index] {
            if !result.isEmpty { call.result = call.result.map { $0 + "\n\n" + result } ?? result }
            call.attachmentIDs += ids
            if status == .error { call.status = .error }
            draft.parts[index] = .toolCall(call)
            return
        }
        guard !result.isEmpty || !ids.isEmpty else { return }
        // A result with no call before it: shown as the tool's, so nothing is lost.
        draft.parts.append(
            .toolCall(
                ToolCallPart(
                    name: tool.isEmpty ? "tool" : tool, title: ChatGPTTools.title(recipient: tool, input: ""),
                    status: status, result: result.isEmpty ? nil : result, attachmentIDs: ids)))
        draft.pending = ChatGPTReply.Pending(part: draft.parts.count - 1, tool: tool)
    }

    /// Code Interpreter's answer: what the code printed and the charts it drew
    /// (`metadata.aggregate_result`: `messages` with `image_url`, `jupyter_messages` with image data).
    private mutating func codeOutput(_ message: ChatGPTMessage, pending: ChatGPTReply.Pending?, to draft: inout ChatGPTReply, reader: inout JSONReader) {
        let aggregate = message.metadata?["aggregate_result"]
        let aggregatePath = JSONReader.join(JSONReader.join(message.path, "metadata"), "aggregate_result")
        var run: CodeExecutionPart
        var index: Int
        if let at = pending?.part, case .codeExecution(let existing) = draft.parts[at] {
            run = existing
            index = at
        } else {
            let code = ImportSource.string(aggregate?["code"]) ?? ""
            run = CodeExecutionPart(language: "python", code: code, title: .analyzed)
            draft.parts.append(.codeExecution(run))
            index = draft.parts.count - 1
        }
        let output = ChatGPTText.plain(message.text).trimming(.newlines)
        if !output.isEmpty { run.output = run.output.map { $0 + "\n" + output } ?? output }
        let status = ImportSource.string(aggregate?["status"]) ?? ""
        if status.contains("exception") || status == "failed" || status == "error" {
            run.status = .error
        } else if status == "timeout" || aggregate?["timeout_triggered"]?.value == .bool(true) {
            run.status = .error
        }
        // Charts, each once: `messages` name them by image_url, `jupyter_messages` by image data.
        var pointers: [(String, JSONNode?, String)] = []
        if case .array(let items)? = aggregate?["messages"]?.value {
            for (m, item) in items.enumerated() {
                if let url = ImportSource.string(item["image_url"]) {
                    pointers.append((url, item["image_url"], JSONReader.join(JSONReader.join(JSONReader.join(aggregatePath, "messages"), m), "image_url")))
                }
            }
        }
        if case .array(let items)? = aggregate?["jupyter_messages"]?.value {
            for (m, item) in items.enumerated() {
                guard case .object(let data)? = item["content"]?["data"]?.value else { continue }
                for member in data where member.key.hasPrefix("image/") {
                    if let url = ImportSource.string(member.node), url.contains("://") {
                        pointers.append(
                            (
                                url, member.node,
                                JSONReader.join(
                                    JSONReader.join(JSONReader.join(JSONReader.join(JSONReader.join(aggregatePath, "jupyter_messages"), m), "content"), "data"),
                                    member.key)
                            ))
                    }
                }
            }
        }
        var seen: Set<String> = []
        for (url, node, path) in pointers {
            let fileID = ExportFiles.fileID(fromPointer: url)
            guard seen.insert(fileID).inserted else { continue }
            var attachment = files.attachment(id: fileID, name: nil, declaredType: "image/png", size: 0, at: node, path: path, reader: &reader)
            attachment.alt = "Chart drawn by the code"
            ChatGPTThread.rename(&attachment, to: "chart-\(draft.attachments.count { $0.alt == "Chart drawn by the code" } + 1)")
            run.attachmentIDs.append(draft.attach(attachment))
        }
        draft.parts[index] = .codeExecution(run)
    }

    /// Canvas: `create_textdoc` starts a document, `update_textdoc` rewrites it by pattern,
    /// `comment_textdoc` leaves comments on it. The reply shows the document as it stood after
    /// its last change in this reply, earlier versions kept.
    private mutating func canvas(
        _ tool: String, input: String, message: ChatGPTMessage, to draft: inout ChatGPTReply,
        at node: JSONNode?, path: String, reader: inout JSONReader
    ) {
        guard let json = try? JSONParser.parse(Array(input.utf8)), case .object = json.value else {
            reader.warning("expected the canvas call's input to be a JSON object; shown as a tool call", at: node, path: path)
            draft.parts.append(.toolCall(ToolCallPart(name: tool, input: input)))
            return
        }
        let canvasID = message.meta("canvas_textdoc_id") ?? ImportSource.string(message.metadata?["canvas"]?["textdoc_id"])
        switch tool {
        case "canmore.create_textdoc":
            let type = ImportSource.string(json["type"]) ?? "document"
            var document = ChatGPTCanvasDocument(
                id: canvasID, title: ImportSource.string(json["name"]).map(ChatGPTText.plain) ?? "Untitled document", type: type)
            document.versions = [ChatGPTText.plain(ImportSource.string(json["content"]) ?? "")]
            documents.append(document)
            lastDocument = documents.count - 1
        case "canmore.update_textdoc":
            guard let target = canvasID.flatMap({ id in documents.lastIndex { $0.id == id } }) ?? lastDocument else {
                reader.warning("a canvas update with no document before it; shown as a tool call", at: node, path: path)
                draft.parts.append(.toolCall(ToolCallPart(name: tool, input: input)))
                return
            }
            var content = documents[target].versions.last ?? ""
            if case .array(let updates)? = json["updates"]?.value {
                for (u, update) in updates.enumerated() {
                    let pattern = ImportSource.string(update["pattern"]) ?? ".*"
                    let replacement = ChatGPTText.plain(ImportSource.string(update["replacement"]) ?? "")
                    let multiple = update["multiple"]?.value == .bool(true)
                    if let changed = ChatGPTCanvasDocument.apply(pattern: pattern, replacement: replacement, multiple: multiple, to: content) {
                        content = changed
                    } else {
                        reader.warning(
                            "canvas update pattern \(JSONReader.quote(pattern)) does not match the document; that change is left out",
                            at: update["pattern"] ?? node, path: path + " updates[\(u)].pattern")
                    }
                }
            }
            documents[target].versions.append(content)
            lastDocument = target
        default:  // comment_textdoc
            var comments: [String] = []
            if case .array(let items)? = json["comments"]?.value {
                for item in items {
                    guard let comment = ImportSource.string(item["comment"]) else { continue }
                    comments.append("- " + ChatGPTText.plain(comment))
                }
            }
            let title = lastDocument.map { "Commented on \(documents[$0].title)" } ?? "Commented on the document"
            draft.parts.append(
                .toolCall(ToolCallPart(name: tool, title: title, input: input, result: comments.isEmpty ? nil : comments.joined(separator: "\n"))))
            return
        }
        guard let target = lastDocument else { return }
        let document = documents[target]
        let part = TurnPart.document(document.part)
        if let existing = draft.documentParts[target] {
            draft.parts[existing] = part
        } else {
            draft.parts.append(part)
            draft.documentParts[target] = draft.parts.count - 1
        }
    }

    private mutating func flush(reader: inout JSONReader) {
        guard let draft = reply else { return }
        reply = nil
        if let turn = draft.turn() { turns.append(turn) }
    }

    /// The seconds in "Thought for 41s", "Thought for 1m 5s", "Gedacht für 12 Sekunden".
    static func seconds(in recap: String) -> Double? {
        let scalars = Array(recap.unicodeScalars)
        var total = 0.0, found = false, i = 0
        while i < scalars.count {
            guard ("0"..."9").contains(scalars[i]) else { i += 1; continue }
            var value = 0.0
            while i < scalars.count, ("0"..."9").contains(scalars[i]) { value = value * 10 + Double(scalars[i].value - 48); i += 1 }
            while i < scalars.count, scalars[i] == " " { i += 1 }
            let unit = i < scalars.count ? scalars[i] : "s"
            total += unit == "m" ? value * 60 : unit == "h" ? value * 3600 : value
            found = true
        }
        return found ? total : nil
    }

    /// A new name for a file stored as `file-…-<uuid>.png`, keeping its extension (or the one its type gives).
    static func rename(_ attachment: inout ImportedAttachment, to stem: String) {
        let current = attachment.name
        var ext = ""
        if let dot = current.lastIndex(of: "."), current.distance(from: dot, to: current.endIndex) <= 6 { ext = String(current[dot...]) }
        if ext.isEmpty { ext = attachment.contentType.hasPrefix("image/") ? "." + attachment.contentType.dropFirst(6).prefix { $0.isLetter } : "" }
        attachment.name = stem + ext
    }

    /// The start of a prompt, at most 60 characters and cut at a word: a file name stem.
    static func stem(_ prompt: String) -> String {
        let flat = prompt.split(whereSeparator: { $0.isNewline || $0 == "/" || $0 == "\\" || $0 == ":" }).joined(separator: " ")
            .trimming(.whitespaces)
        guard flat.count > 60 else { return flat.isEmpty ? "Generated image" : flat }
        let cut = flat.prefix(60)
        return String(cut.lastIndex(of: " ").map { cut[..<$0] } ?? cut)
    }

    static func integer(_ node: JSONNode?) -> Int64? {
        guard let node, case .number(let value, let integer) = node.value else { return nil }
        if let integer, integer >= 0 { return integer }
        return value >= 0 && value < 9e15 ? Int64(value) : nil
    }
}

/// One reply being put together from the messages after a question.
struct ChatGPTReply {
    /// The call waiting for its tool's answer: its part, the tool, the prompt an image call gave.
    struct Pending {
        var part: Int?
        var tool: String
        var prompt: String? = nil
        var imageTool = false
        /// A browsing call's command: its results fill it, or (a batch's pages) follow it.
        var browsing: ChatGPTBrowsing.Action? = nil
    }

    var id: String
    /// The first answer message's id: the reply's id when there is one (a link to a ChatGPT
    /// reply names that message), else the first message's.
    var answerID: String?
    var date: ChatDate?
    var version: TurnVersion?
    var model: String?
    var voice = false
    var parts: [TurnPart] = []
    var attachments: [ImportedAttachment] = []
    var sources = ChatGPTSourceBook()
    var pending: Pending?
    /// The reply's one thinking part, once it has one.
    var thinking: Int?
    /// The last part is answer text (the next answer message continues it).
    var lastWasAnswer = false
    /// Canvas document → its part in this reply.
    var documentParts: [Int: Int] = [:]
    /// Parts left out of the finished turn (an image call, shown by its images instead; a batch
    /// of pages, shown by its pages).
    var dropped: Set<Int> = []
    /// The pages the browser went through in this reply, the open one last (nil where its
    /// address is not known): what a quote quotes, where `back()` returns.
    var pages: [String?] = []

    init(first: ChatGPTMessage) {
        id = first.id
        date = first.date
        version = first.version
    }

    /// Reasoning, preambles and the recap all go into the reply's one thinking part.
    mutating func think(_ text: String, duration: Double? = nil) {
        lastWasAnswer = false
        let text = text.trimming(.whitespacesAndNewlines)
        if let index = thinking, case .thinking(var part) = parts[index] {
            if !text.isEmpty { part.text = part.text.isEmpty ? text : part.text + "\n\n" + text }
            if let duration { part.duration = (part.duration ?? 0) + duration }
            parts[index] = .thinking(part)
            return
        }
        parts.append(.thinking(ThinkingPart(text: text, duration: duration)))
        thinking = parts.count - 1
    }

    /// Adds an attachment under a fresh id; returns the id.
    @discardableResult
    mutating func attach(_ attachment: ImportedAttachment) -> String {
        var attachment = attachment
        let id = "a\(attachments.count + 1)"
        attachment.id = id
        attachments.append(attachment)
        return id
    }

    /// The finished turn; nil when the reply showed nothing.
    func turn() -> ImportedTurn? {
        var parts = self.parts.enumerated().filter { index, part in
            if dropped.contains(index) { return false }
            if case .thinking(let thinking) = part { return !thinking.text.isEmpty || thinking.duration != nil }
            return true
        }.map(\.element)
        parts = ChatGPTTools.groupAgentSteps(parts, replyID: id)
        guard !parts.isEmpty || !attachments.isEmpty else { return nil }
        var turn = ImportedTurn(id: answerID ?? id, role: .assistant, text: "", date: date, attachments: attachments)
        turn.parts = parts
        turn.sources = sources.sources
        // The name ChatGPT showed; the slug the export records stays for the tooltip.
        if let model {
            let shown = ChatGPTModels.display(model)
            turn.model = shown.name
            turn.modelID = shown.id
        }
        turn.version = version
        if voice { turn.speaker = "Assistant · voice"; turn.speakerPhrase = UIPhrase(.assistantVoice) }
        return turn
    }
}
