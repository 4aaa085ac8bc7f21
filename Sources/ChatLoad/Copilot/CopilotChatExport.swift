import ChatModel
import ChatSupport

/// Reads VS Code's Copilot Chat export ("Chat: Export Chat…"): one JSON object,
/// `{"responderUsername", "initialLocation"?, "requests": [...]}` (older exports also carry
/// `requesterUsername` and avatars; the editor's own `chatSessions/<id>.json` adds `sessionId`,
/// `creationDate` and `customTitle`, read the same way).
///
/// - A request is one prompt (`message.text`, with `variableData.variables` as its attached files)
///   and one reply: `response`, an ordered array of parts. A part with no `kind` and a string
///   `value` is Markdown; consecutive ones are one text. `inlineReference` is a name inside the
///   text; `thinking` is reasoning; `toolInvocationSerialized` is a tool call (a terminal command
///   with its output and exit code, a file read, a sub-agent …); `textEditGroup` is an edit, shown
///   as a diff from the call's own arguments (`result.metadata.toolCallRounds`) where they are
///   kept, else as the text it wrote; `warning`, `info` and `confirmation` are notices.
/// - `modelId` (`copilot/claude-sonnet-4.6`) is the model; `result.details` ("Claude Sonnet 4.6 •
///   1x") its name. `promptTokens`/`completionTokens` (2026 builds) are summed in the header.
///   `result.errorDetails`, `modelState` (cancelled, failed) and the older `isCanceled` end a reply
///   with a notice.
///
/// Tolerant: an unknown part kind is one warning per kind with a count, naming the JSON path of
/// the first; a request of the wrong shape is a warning and the rest is read.
struct CopilotChatExport {
    let file: String
    let includeSystem: Bool
    var reader: JSONReader
    var models: [String] = []
    var firstDate: ChatDate?
    var lastDate: ChatDate?
    var firstPrompt: String?
    var project: String?
    var tokens: (input: Tally, output: Tally, seen: Bool) = (0, 0, false)
    /// The counts read, and the warnings for those out of range.
    var tallies: TallyReader
    private var unknown: [String: (count: Int, path: String, node: JSONNode)] = [:]
    private var unknownOrder: [String] = []
    private var attachmentCount = 0

    init(file: String, includeSystem: Bool) {
        self.file = file
        self.includeSystem = includeSystem
        reader = JSONReader(file: file)
        tallies = TallyReader(file: file)
    }

    /// Whether a document's beginning is this export: `requests` beside `responderUsername`, or
    /// requests shaped as VS Code writes them.
    static func recognise(_ shape: JSONShape) -> Recognition? {
        guard shape.root == UInt8(ascii: "{") else { return nil }
        let requestShaped = shape.has("requests[].requestId") || (shape.has("requests[].message") && shape.has("requests[].response"))
        if shape.has("responderUsername"), shape.has("requests") {
            return .certain("it holds \"requests\" and \"responderUsername\", as VS Code's Copilot Chat export does")
        }
        if requestShaped { return .likely("its requests hold a requestId, message and response, as VS Code's chat sessions do") }
        return nil
    }

    // MARK: - Document

    /// Reads the whole export; nil (with errors) when it is not one.
    mutating func read(_ root: JSONNode, fallbackTitle: String) -> ImportedChat? {
        guard case .object = root.value else {
            reader.error("expected VS Code's Copilot Chat export, an object with \"requests\", found \(root.kindDescription)", at: root, path: "")
            return nil
        }
        guard let requestsNode = root["requests"], case .array(let requests) = requestsNode.value else {
            reader.error("expected \"requests\", the chat's requests (an array)", at: root["requests"] ?? root, path: "requests")
            return nil
        }
        var turns: [ImportedTurn] = []
        for (index, request) in requests.enumerated() {
            let path = JSONReader.join("requests", index)
            guard case .object = request.value else {
                reader.warning("expected a request (an object), found \(request.kindDescription); left out, the rest is read", at: request, path: path)
                continue
            }
            if request["hiddenFromTranscript"]?.value == .bool(true) && !includeSystem { continue }
            turns += readRequest(request, index: index, path: path)
        }
        for key in unknownOrder {
            let (count, path, node) = unknown[key]!
            let times = count == 1 ? "1 part" : "\(count) parts, the first"
            reader.warning("unknown response part kind \(Diagnostic.quote(key)) (\(times) here); left out, the rest is read", at: node, path: path)
        }
        reader.append(tallies.warnings[...])
        guard !turns.isEmpty else {
            reader.warning("holds no requests; nothing to show", at: requestsNode, path: "requests")
            return nil
        }
        nameModels(&turns)
        let custom = InputProbe.string(root, "customTitle").flatMap { $0.trimmingASCIIWhitespace().isEmpty ? nil : $0 }
        if let created = Self.date(root["creationDate"]), firstDate == nil || created.secondsSinceEpoch < firstDate!.secondsSinceEpoch {
            firstDate = created
        }
        var chat = ImportedChat(title: (custom ?? firstPrompt).map(SessionText.titleLine) ?? fallbackTitle, date: firstDate, turns: turns)
        chat.project = project
        chat.facts = facts(responder: InputProbe.string(root, "responderUsername"))
        return chat
    }

    /// Gives every reply of a model the name one reply's `result.details` gave it (only some
    /// requests carry it), and lists the models once each, in order.
    mutating func nameModels(_ turns: inout [ImportedTurn]) {
        var names: [String: String] = [:]
        for turn in turns { if let id = turn.modelID, let name = turn.model { names[id] = name } }
        for index in turns.indices {
            guard turns[index].modelID == nil, let slug = turns[index].model else { continue }
            if let name = names[slug] {
                turns[index].model = name
                turns[index].modelID = slug
            }
        }
        for turn in turns { if let model = turn.model, !models.contains(model) { models.append(model) } }
    }

    static func date(_ node: JSONNode?) -> ChatDate? {
        guard let milliseconds = CopilotTools.int(node), milliseconds > 0 else { return nil }
        return ImportDate.fromEpoch(Double(milliseconds) / 1000)
    }

    func facts(responder: String?) -> [ConversationFact] {
        var facts: [ConversationFact] = []
        if let project { facts.append(ConversationFact(.factProject, value: project)) }
        facts.append(ConversationFact(label: "Editor", value: "VS Code · \(responder.flatMap { $0.isEmpty ? nil : $0 } ?? "GitHub Copilot")"))
        if !models.isEmpty { facts.append(ConversationFact(models.count == 1 ? .factModel : .models, value: models.joined(separator: ", "))) }
        if let first = firstDate, let last = lastDate { facts.append(SessionText.timeFact(first, last)) }
        if tokens.seen, let fact = SessionText.tokenFact(input: tokens.input, output: tokens.output) { facts.append(fact) }
        return facts
    }

    // MARK: - Requests

    mutating func readRequest(_ request: JSONNode, index: Int, path: String) -> [ImportedTurn] {
        let asked = Self.date(request["timestamp"])
        let answered = Self.date(request["responseTimestamp"]) ?? asked
        let finished = Self.date(request["modelState"]?["completedAt"]) ?? answered
        for date in [asked, finished].compactMap({ $0 }) {
            if firstDate == nil { firstDate = date }
            lastDate = date
        }
        var turns: [ImportedTurn] = []
        let text = promptText(request["message"]).trimmingASCIIWhitespace()
        let attachments = files(request["variableData"]?["variables"])
        if !text.isEmpty || !attachments.isEmpty {
            if firstPrompt == nil, !text.isEmpty { firstPrompt = text }
            var turn = ImportedTurn(id: "t\(index + 1)", role: .user, text: text, date: asked)
            turn.attachments = attachments
            turns.append(turn)
        } else {
            reader.warning(
                "expected the prompt in \"message.text\"; the request's reply is shown alone", at: request["message"] ?? request,
                path: JSONReader.join(path, "message"))
        }

        var parts = responseParts(request, path: path)
        parts += endNotices(request)
        guard !parts.isEmpty else { return turns }
        var reply = ImportedTurn(id: "t\(index + 1)r", role: .assistant, text: "", date: answered)
        reply.parts = parts
        if let id = InputProbe.string(request, "modelId"), !id.isEmpty {
            let slug = id.hasPrefix("copilot/") ? String(id.dropFirst(8)) : id
            let details = InputProbe.string(request["result"] ?? request, "details")
            let named = details.flatMap { $0.components(separatedBy: " • ").first?.trimmingASCIIWhitespace() }.flatMap { $0.isEmpty ? nil : $0 }
            reply.model = named ?? slug
            if named != nil { reply.modelID = slug }
        }
        if let input = tallies.count(request["promptTokens"], path: JSONReader.join(path, "promptTokens")) { tokens.input += input; tokens.seen = true }
        if let output = tallies.count(request["completionTokens"], path: JSONReader.join(path, "completionTokens")) {
            tokens.output += output
            tokens.seen = true
        }
        turns.append(reply)
        return turns
    }

    /// The prompt: `message.text`, or the string itself in very old data.
    func promptText(_ message: JSONNode?) -> String {
        guard let message else { return "" }
        if case .string(let text) = message.value { return text }
        return InputProbe.string(message, "text") ?? ""
    }

    /// The files a prompt carried (`variableData.variables`): each a chip by name, its content not
    /// in the export. The editor's implicit context counts when it is a file; tools and prompt
    /// instructions do not.
    mutating func files(_ variables: JSONNode?) -> [ImportedAttachment] {
        guard case .array(let items)? = variables?.value else { return [] }
        var found: [ImportedAttachment] = []
        for item in items {
            let kind = InputProbe.string(item, "kind") ?? ""
            let isFile = item["isFile"]?.value == .bool(true) || ["file", "image", "folder", "directory"].contains(kind)
            guard isFile, kind != "tool", kind != "promptFile", kind != "toolset" else { continue }
            let uriPath = Self.uriPath(item["value"]) ?? Self.uriPath(item["value"]?["uri"])
            var name = InputProbe.string(item, "name") ?? ""
            if name.hasPrefix("file:") { name = String(name.dropFirst(5)) }
            if name.isEmpty, let uriPath { name = FilePath.lastComponent(uriPath) }
            guard !name.isEmpty else { continue }
            attachmentCount += 1
            let type = kind == "image" ? "image/png" : InlineData.contentType(forName: name) ?? "text/plain"
            found.append(ImportedAttachment(id: "a\(attachmentCount)", name: name, contentType: type, byteCount: 0, content: .unavailable))
        }
        return found
    }

    /// A serialized URI's path (`{"$mid", "path", "scheme", "fsPath"?, "external"?}`), or a string.
    static func uriPath(_ node: JSONNode?) -> String? {
        guard let node else { return nil }
        if case .string(let text) = node.value {
            return text.hasPrefix("file://") ? String(text.dropFirst(7)) : text
        }
        if let path = InputProbe.string(node, "fsPath") ?? InputProbe.string(node, "path"), !path.isEmpty { return path }
        if let uri = node["uri"] { return uriPath(uri) }
        return nil
    }

    // MARK: - Response parts

    /// A call as the model made it (`result.metadata.toolCallRounds[].toolCalls[]`): its id, its
    /// model-facing name and its arguments (a JSON string in the export, parsed here).
    struct RoundCall {
        var id: String
        var name: String
        var arguments: JSONNode
    }

    /// The calls of a request's rounds, in order.
    static func roundCalls(_ request: JSONNode) -> [RoundCall] {
        guard case .array(let rounds)? = request["result"]?["metadata"]?["toolCallRounds"]?.value else { return [] }
        var found: [RoundCall] = []
        for round in rounds {
            guard case .array(let calls)? = round["toolCalls"]?.value else { continue }
            for call in calls {
                guard let id = InputProbe.string(call, "id"), let text = InputProbe.string(call, "arguments"),
                    let node = try? JSONParser.parse(Array(text.utf8)), case .object = node.value
                else { continue }
                found.append(RoundCall(id: id, name: InputProbe.string(call, "name") ?? "tool", arguments: node))
            }
        }
        return found
    }

    mutating func responseParts(_ request: JSONNode, path: String) -> [TurnPart] {
        guard case .array(let items)? = request["response"]?.value else { return [] }
        let calls = Self.roundCalls(request)
        var parts: [TurnPart] = []
        var text = ""
        /// Set after an edit inside an empty fenced block: the fence that closes it is dropped.
        var closeFence = false
        /// The calls whose edit a part shows already, and the call the next edit belongs to.
        var shown: Set<String> = []
        var stop: String?

        func flush() {
            let trimmed = text.trimmingASCIIWhitespace()
            if !trimmed.isEmpty { parts.append(.text(trimmed)) }
            text = ""
        }
        /// Drops the opening fence VS Code writes before an edit's pill.
        func dropOpeningFence() {
            var body = Substring(text)
            while body.last == "\n" || body.last == " " { body = body.dropLast() }
            let fence = body.reversed().prefix { $0 == "`" }.count
            guard fence >= 3 else { return }
            body = body.dropLast(fence)
            guard body.isEmpty || body.last == "\n" else { return }
            text = String(body)
            closeFence = true
        }

        for (index, item) in items.enumerated() {
            let itemPath = JSONReader.join(JSONReader.join(path, "response"), index)
            guard case .object = item.value else { continue }
            let kind = InputProbe.string(item, "kind")
            switch kind {
            case nil, "markdownContent", "markdownVuln":
                var value = InputProbe.string(item, "value") ?? InputProbe.string(item["content"] ?? item, "value")
                if value == nil, kind == nil { continue }  // a bare tree (`treeData`): the editor's file list
                if closeFence, let chunk = value {
                    let lead = chunk.prefix { $0 == "\n" || $0 == " " }
                    let rest = chunk.dropFirst(lead.count)
                    let fence = rest.prefix { $0 == "`" }.count
                    if fence >= 3 { value = String(rest.dropFirst(fence)) }
                    closeFence = false
                }
                text += value ?? ""
            case "inlineReference":
                let reference = item["inlineReference"]
                let name =
                    InputProbe.string(item, "name").flatMap { $0.isEmpty ? nil : $0 }
                    ?? InputProbe.string(reference ?? item, "name")
                    ?? Self.uriPath(reference).map(FilePath.lastComponent) ?? ""
                if !name.isEmpty { text += Self.codeSpan(name) }
            case "thinking":
                flush()
                var thought = InputProbe.string(item, "value") ?? ""
                if case .array(let pieces)? = item["value"]?.value {
                    thought = pieces.compactMap { piece -> String? in if case .string(let s) = piece.value { return s } else { return nil } }.joined()
                }
                guard !thought.trimmingASCIIWhitespace().isEmpty else { continue }
                var part = ThinkingPart(text: thought.trimmingASCIIWhitespace())
                if let ms = CopilotTools.int(item["reasoningDurationMs"]), ms > 0 { part.duration = Double(ms) / 1000 }
                part.summary = InputProbe.string(item, "generatedTitle").flatMap { $0.isEmpty ? nil : $0 }
                parts.append(.thinking(part))
            case "toolInvocationSerialized", "toolInvocation":
                let id = InputProbe.string(item, "toolCallId") ?? ""
                let call = calls.first { $0.id == id }
                let name = call?.name ?? InputProbe.string(item, "toolId") ?? "tool"
                let hidden = InputProbe.string(item, "presentation") == "hidden"
                if hidden, Self.editTools.contains(name) { stop = id; continue }  // its textEditGroup shows it
                if hidden, !includeSystem { continue }
                flush()
                let made = toolParts(item, arguments: call?.arguments, name: name)
                if case .diff? = made.first { shown.insert(id) }
                parts += made
                if project == nil, let cwd = Self.uriPath(item["toolSpecificData"]?["cwd"]), !cwd.isEmpty { project = cwd }
            case "textEditGroup", "notebookEditGroup":
                dropOpeningFence()
                flush()
                if let part = editPart(item, calls: calls, stop: stop, shown: &shown) { parts.append(part) }
                stop = nil
            case "undoStop":
                stop = InputProbe.string(item, "id").flatMap { $0.isEmpty ? nil : $0 } ?? stop
            case "codeblockUri":
                if let id = InputProbe.string(item, "undoStopId"), !id.isEmpty { stop = id }
                if item["isEdit"]?.value == .bool(true) { dropOpeningFence() }
            case "externalEdit":
                flush()
                guard let path = Self.uriPath(item["uri"]) else { continue }
                var part = ToolCallPart(name: "externalEdit", title: "Edit \(FilePath.lastComponent(path))", status: .ok)
                part.titlePhrase = UIPhrase(.toolEdit, ["path": FilePath.lastComponent(path)])
                parts.append(.toolCall(part))
            case "warning", "info", "confirmation", "elicitationSerialized", "elicitation":
                let content = Self.markdownText(item["content"]) ?? Self.markdownText(item["title"]) ?? Self.markdownText(item["message"])
                guard let content, !content.trimmingASCIIWhitespace().isEmpty else { continue }
                flush()
                let detail = Self.markdownText(item["message"]).flatMap { $0 == content ? nil : $0 }
                parts.append(.notice(NoticePart(kind: kind == "warning" ? .error : .info, text: SessionText.oneLine(content), detail: detail)))
            case "multiDiffData":
                flush()
                let data = item["multiDiffData"] ?? item
                guard case .array(let resources)? = data["resources"]?.value, !resources.isEmpty else { continue }
                let names = resources.compactMap { Self.uriPath($0["modifiedUri"] ?? $0["originalUri"] ?? $0["uri"] ?? $0) }.map(FilePath.lastComponent)
                let title = Self.markdownText(data["title"]) ?? "Changed files"
                parts.append(
                    .notice(NoticePart(kind: .info, text: "\(title) (\(resources.count))", detail: names.isEmpty ? nil : names.joined(separator: "\n"))))
            case let kind? where Self.quietKinds.contains(kind):
                continue
            case let kind?:
                note(kind, path: JSONReader.join(itemPath, "kind"), node: item)
            }
        }
        flush()
        return parts
    }

    /// Parts shown elsewhere or nowhere (the editor's progress and bookkeeping), never warned about.
    static let quietKinds: Set<String> = [
        "progressMessage", "progressTaskSerialized", "progressTask", "command", "treeData", "workspaceEdit",
        "autoModeResolution", "mcpServersStarting", "codeCitation", "reference", "usedContext", "pullRequest", "extensions",
        "prepareToolInvocation", "questionCarousel", "planReview", "hook", "systemNotification", "textEdit", "notebookEdit",
        "clearToPreviousToolInvocation", "inlineReferenceResolved", "move", "notebookEditGroupSerialized", "disabledClaudeHooks",
    ]

    mutating func note(_ kind: String, path: String, node: JSONNode) {
        if let seen = unknown[kind] {
            unknown[kind] = (seen.count + 1, seen.path, seen.node)
        } else {
            unknown[kind] = (1, path, node)
            unknownOrder.append(kind)
        }
    }

    /// A name as an inline code span, fenced with more backticks than it holds.
    static func codeSpan(_ name: String) -> String {
        var longest = 0, run = 0
        for character in name {
            run = character == "`" ? run + 1 : 0
            longest = max(longest, run)
        }
        let fence = String(repeating: "`", count: longest + 1)
        let pad = name.hasPrefix("`") || name.hasSuffix("`") ? " " : ""
        return fence + pad + name + pad + fence
    }

    /// A string, or an `IMarkdownString`'s `value`.
    static func markdownText(_ node: JSONNode?) -> String? {
        guard let node else { return nil }
        if case .string(let text) = node.value { return text }
        return InputProbe.string(node, "value")
    }

    /// A message as plain words: Markdown links `[name](url)` become their name.
    static func plainMessage(_ node: JSONNode?) -> String? {
        guard var text = markdownText(node)?.trimmingASCIIWhitespace(), !text.isEmpty else { return nil }
        while let open = text.range(of: "]("), let start = text[..<open.lowerBound].lastIndex(of: "["),
            let close = text[open.upperBound...].firstIndex(of: ")")
        {
            let name = text[text.index(after: start)..<open.lowerBound]
            text.replaceSubrange(start...close, with: name)
        }
        return SessionText.oneLine(text)
    }

    // MARK: - Tools

    static let editTools: Set<String> = [
        "replace_string_in_file", "multi_replace_string_in_file", "insert_edit_into_file", "create_file",
        "apply_patch", "edit_file", "copilot_replaceString", "copilot_multiReplaceString",
        "copilot_insertEdit", "copilot_createFile", "copilot_applyPatch", "vscode_editFile_internal",
    ]

    func toolParts(_ item: JSONNode, arguments: JSONNode?, name: String) -> [TurnPart] {
        let complete = item["isComplete"]?.value != .bool(false)
        var status: ToolStatus = complete ? .ok : .running
        // `isConfirmed`: a bool in older builds, else `{type}` where 0 is denied and 5 skipped.
        switch item["isConfirmed"]?.value {
        case .bool(false)?: if complete { status = .rejected }
        default:
            if let type = CopilotTools.int(item["isConfirmed"]?["type"]), type == 0 || type == 5 { status = .rejected }
        }
        let specific = item["toolSpecificData"]
        let title = Self.plainMessage(item["pastTenseMessage"]) ?? Self.plainMessage(item["invocationMessage"])
        let generated = InputProbe.string(item, "generatedTitle").flatMap { $0.isEmpty ? nil : $0 }
        let (output, failed) = Self.result(item["resultDetails"])
        if failed, status == .ok { status = .error }

        switch specific.flatMap({ InputProbe.string($0, "kind") }) {
        case "terminal":
            let line = specific?["commandLine"]
            let command =
                line.flatMap { Self.argument($0, "toolEdited") ?? Self.argument($0, "userEdited") ?? Self.argument($0, "original") }
                ?? specific.flatMap { Self.argument($0, "command") } ?? ""
            let printed = specific?["terminalCommandOutput"].flatMap { InputProbe.string($0, "text") }
            let exit = CopilotTools.int(specific?["terminalCommandState"]?["exitCode"])
            if status == .ok, printed != nil || exit != nil {
                let text = (printed ?? output ?? "").replacingOccurrences(of: "\r\n", with: "\n")
                return [.terminal(TerminalPart(command: command, output: text, exitCode: exit, title: generated))]
            }
            var part = ToolCallPart(name: name, title: generated ?? SessionText.oneLine(command), input: command, status: status, result: output)
            if part.title?.isEmpty ?? true { part.title = title }
            return [.toolCall(part)]
        case "subagent":
            let agent = InputProbe.string(specific!, "agentName"), description = InputProbe.string(specific!, "description")
            var part = ToolCallPart(
                name: name, title: description.map { d in agent.map { "\($0): \(d)" } ?? d } ?? title,
                input: InputProbe.string(specific!, "prompt"), status: status,
                result: Self.markdownText(specific?["result"]) ?? output)
            if part.title == nil { part.title = agent }
            return [.toolCall(part)]
        default:
            break
        }

        if Self.editTools.contains(name), let arguments, status == .ok, let diff = Self.diff(arguments, name: name) {
            return [.diff(diff)]
        }
        var part = ToolCallPart(name: name, title: title ?? generated, input: arguments.map(JSONText.compact), status: status, result: output)
        if name == "copilot_readFile" || name == "read_file", let path = arguments.flatMap({ Self.argument($0, "filePath") }) {
            part.title = "Read \(FilePath.lastComponent(path))"
            part.titlePhrase = UIPhrase(.toolRead, ["path": FilePath.lastComponent(path)])
        }
        return [.toolCall(part)]
    }

    static func argument(_ node: JSONNode, _ key: String) -> String? {
        InputProbe.string(node, key).flatMap { $0.isEmpty ? nil : $0 }
    }

    /// An edit call's change from its own arguments: old and new text, or a new file's content.
    static func diff(_ arguments: JSONNode, name: String) -> DiffPart? {
        guard let path = argument(arguments, "filePath") else { return nil }
        if name.contains("create") || name.contains("createFile") {
            return DiffPart(path: path, old: "", new: InputProbe.string(arguments, "content") ?? "", created: true)
        }
        if let old = InputProbe.string(arguments, "oldString"), let new = InputProbe.string(arguments, "newString") {
            return DiffPart(path: path, old: old, new: new)
        }
        return nil
    }

    /// A call's `resultDetails`: the text it returned (`output[].value`), or the files it touched;
    /// and whether it failed (`isError`).
    static func result(_ node: JSONNode?) -> (String?, Bool) {
        guard let node else { return (nil, false) }
        switch node.value {
        case .array(let items):
            let paths = items.compactMap { uriPath($0) }
            return (paths.isEmpty ? nil : paths.joined(separator: "\n"), false)
        case .object:
            let failed = node["isError"]?.value == .bool(true)
            guard case .array(let outputs)? = node["output"]?.value else { return (nil, failed) }
            let texts = outputs.compactMap { output -> String? in
                guard InputProbe.string(output, "type") != "data", output["isText"]?.value != .bool(false) else { return nil }
                return InputProbe.string(output, "value")
            }
            return (texts.isEmpty ? nil : texts.joined(separator: "\n"), failed)
        default:
            return (nil, false)
        }
    }

    /// An edit the editor applied (`textEditGroup`): the diff of the call that made it (the undo
    /// stop before it, else the first call editing that file) from the call's arguments, unless a
    /// part shows that call already; else the text written, by file.
    func editPart(_ item: JSONNode, calls: [RoundCall], stop: String?, shown: inout Set<String>) -> TurnPart? {
        guard let path = Self.uriPath(item["uri"]) else { return nil }
        let editing = calls.filter { Self.argument($0.arguments, "filePath") == path }
        let call = stop.flatMap { id in editing.first { $0.id == id } } ?? editing.first { !shown.contains($0.id) }
        if let call {
            if shown.contains(call.id) { return nil }
            if let diff = Self.diff(call.arguments, name: call.name) {
                shown.insert(call.id)
                return .diff(diff)
            }
        }
        var written: [String] = []
        if case .array(let groups)? = item["edits"]?.value {
            for group in groups {
                guard case .array(let edits) = group.value else { continue }
                for edit in edits { if let text = InputProbe.string(edit, "text"), !text.isEmpty { written.append(text) } }
            }
        }
        let file = FilePath.lastComponent(path)
        var part = ToolCallPart(
            name: "edit", title: "Edit \(file)", status: item["done"]?.value == .bool(false) ? .running : .ok,
            result: written.isEmpty ? nil : written.joined(separator: "\n"))
        part.titlePhrase = UIPhrase(.toolEdit, ["path": file])
        return .toolCall(part)
    }

    // MARK: - Endings

    /// How a reply ended, when not well: an error the service gave, a cancelled or failed response.
    func endNotices(_ request: JSONNode) -> [TurnPart] {
        if let details = request["result"]?["errorDetails"], let message = InputProbe.string(details, "message"), !message.isEmpty {
            return [.notice(NoticePart(kind: .error, text: SessionText.oneLine(message), detail: message.count > 200 ? message : nil))]
        }
        let state = CopilotTools.int(request["modelState"]?["value"])
        if state == 2 || request["isCanceled"]?.value == .bool(true) {
            var notice = NoticePart(kind: .interrupted, text: "Interrupted by the person")
            notice.phrase = UIPhrase(.interruptedByPerson)
            return [.notice(notice)]
        }
        if state == 3 { return [.notice(NoticePart(kind: .error, text: "The response failed"))] }
        return []
    }
}
