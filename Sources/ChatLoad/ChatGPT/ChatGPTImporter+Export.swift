import ChatModel
import ChatSupport

extension ChatGPTImporter {
    /// Every conversation of an export, its files read one at a time (so only one shard's JSON is
    /// in memory), conversations in file order.
    ///
    /// Tolerant by design: a conversation that cannot be read is left out with warnings naming it
    /// and the JSON path of each problem; a shard with a JSON syntax error, when the export has
    /// others, is left out with a warning naming its line:column. What stops the import: a file
    /// that cannot be read, a syntax error in the only conversation file, and an export in which
    /// nothing at all could be read (then every problem is an error).
    package static func read(_ export: ChatGPTExport, includeSystem: Bool) throws(DiagnosticError) -> ([ImportedChat], [Diagnostic]) {
        let files = export.files()
        var chats: [ImportedChat] = []
        var origins: [ChatGPTOrigin] = []
        var diagnostics = export.warnings
        var leftOutErrors: [Int] = []
        var anyLeftOut = false
        let many = export.shards.count > 1
        func leaveOut(_ problems: [Diagnostic], shard: ChatGPTExport.Shard) {
            anyLeftOut = true
            for var problem in problems {
                if problem.severity == .error {
                    problem.severity = .warning
                    problem.message += "; the conversations in \(shard.name) are left out"
                    leftOutErrors.append(diagnostics.count)
                }
                diagnostics.append(problem)
            }
        }
        for shard in export.shards {
            let root: JSONNode
            do throws(DiagnosticError) {
                root = try ImportSource.parse(bytes: try shard.bytes(), displayPath: shard.displayPath)
            } catch {
                // A file that cannot be read (missing, damaged in the zip) stops everything; a
                // syntax error stops only when there is nothing else to read.
                guard many, error.kind == .badData, error.diagnostics.allSatisfy({ $0.location.line != nil }) else { throw error }
                leaveOut(error.diagnostics, shard: shard)
                continue
            }
            let result = read(root, files: files, file: shard.displayPath, includeSystem: includeSystem)
            if result.whole {
                guard many else { throw DiagnosticError(result.diagnosticsAsErrors) }
                leaveOut(result.diagnostics, shard: shard)
                continue
            }
            leftOutErrors += result.leftOutErrors.map { $0 + diagnostics.count }
            diagnostics += result.diagnostics
            chats += result.chats
            origins += result.origins
            anyLeftOut = anyLeftOut || result.leftOut > 0
        }
        if chats.isEmpty && anyLeftOut {
            for index in leftOutErrors { diagnostics[index].severity = .error }
            throw DiagnosticError(diagnostics)
        }
        let (unique, copies) = withoutCopies(chats, origins)
        return (unique, diagnostics + copies)
    }

    /// One record per conversation id. The same conversation can be in two shards, or twice in one
    /// file (an export cut while a conversation changed): the copy with the newest `update_time`
    /// is shown (on a tie, the later one: the later shard, or further down the file), in the place
    /// of the first copy, so the index order and the page names are those of the export without
    /// the copy. Each copy left out is one warning naming where it is and where the shown one is.
    static func withoutCopies(_ chats: [ImportedChat], _ origins: [ChatGPTOrigin]) -> ([ImportedChat], [Diagnostic]) {
        guard chats.count == origins.count else { return (chats, []) }
        var kept: [(chat: ImportedChat, origin: ChatGPTOrigin)] = []
        var slot: [String: Int] = [:]
        var warnings: [Diagnostic] = []
        func warn(leftOut: ChatGPTOrigin, shown: ChatGPTOrigin) {
            let newer = (shown.updated ?? -.infinity) > (leftOut.updated ?? -.infinity)
            let why = newer ? "updated later" : "updated at the same time and later in the export"
            warnings.append(
                Diagnostic(
                    .warning, file: leftOut.file, location: leftOut.location,
                    message:
                        "\(leftOut.name) is also in \(shown.file) at \(shown.location.jsonPath ?? "(document)"), \(why); only that copy is shown"))
        }
        for (chat, origin) in zip(chats, origins) {
            guard let id = origin.id else { kept.append((chat, origin)); continue }
            guard let at = slot[id] else {
                slot[id] = kept.count
                kept.append((chat, origin))
                continue
            }
            let earlier = kept[at].origin
            if (origin.updated ?? -.infinity) >= (earlier.updated ?? -.infinity) {
                warn(leftOut: earlier, shown: origin)
                kept[at] = (chat, origin)
            } else {
                warn(leftOut: origin, shown: earlier)
            }
        }
        return (kept.map(\.chat), warnings)
    }

    /// The conversation as it can be read, or nil for an empty "New chat" (warned once): one
    /// with no `mapping`, an empty one, or no `current_node` and no message. When `current_node`
    /// is missing but there are messages, the thread ending at the newest message is shown.
    static func prepare(_ node: JSONNode, path: String, reader: inout JSONReader) -> JSONNode? {
        guard case .object(let members) = node.value else { return node }  // reported by readConversation
        let mapping = node["mapping"]
        var nodes: [(key: String, node: JSONNode)] = []
        switch mapping?.value {
        case nil, .null?: break
        case .object(let entries)?: nodes = entries
        default: return node  // a mapping of the wrong kind: reported by readConversation
        }
        let current = node["current_node"]
        let hasCurrent: Bool
        switch current?.value {
        case nil, .null?: hasCurrent = false
        case .string(let id)?: hasCurrent = !id.isEmpty
        default: return node
        }
        let withMessage = nodes.filter { entry in
            if case .object? = entry.node["message"]?.value { return true }
            return false
        }
        if withMessage.isEmpty {
            let what = mapping == nil || mapping?.value == .null ? "no \"mapping\"" : "no message in \"mapping\""
            reader.warning("\(describe(node)) is empty (\(what)); skipped", at: node, path: path.isEmpty ? "(document)" : path)
            return nil
        }
        guard !hasCurrent else { return node }
        // No current_node: the newest message that no other node names as its parent.
        var parents: Set<String> = []
        for entry in nodes { if let parent = ImportSource.string(entry.node["parent"]) { parents.insert(parent) } }
        var newest: (id: String, time: Double)? = nil
        for entry in withMessage where !parents.contains(entry.key) {
            var time = -Double.infinity
            if case .number(let seconds, _)? = entry.node["message"]?["create_time"]?.value { time = seconds }
            if newest == nil || time >= newest!.time { newest = (entry.key, time) }
        }
        guard let leaf = newest else { return node }  // every message is a parent: a loop, reported later
        reader.warning(
            "no \"current_node\"; the thread ending at the newest message, \(JSONReader.quote(leaf.id)), is shown",
            at: node, path: JSONReader.join(path, "current_node"))
        var patched = members.filter { $0.key != "current_node" }
        patched.append((key: "current_node", node: JSONNode(.string(leaf.id), line: node.line, column: node.column)))
        return JSONNode(.object(patched), line: node.line, column: node.column)
    }

    /// `conversation "Trip plans" (id 6f3a…)`, for messages about a whole conversation.
    static func describe(_ node: JSONNode) -> String {
        let title = ImportSource.string(node["title"]).map { $0.trimming(.whitespacesAndNewlines) } ?? ""
        var text = "conversation " + (title.isEmpty ? "(untitled)" : JSONReader.quote(title))
        if let id = ImportSource.string(node["id"]) ?? ImportSource.string(node["conversation_id"]), !id.isEmpty {
            text += " (id \(JSONReader.quote(id)))"
        }
        return text
    }
}

/// Where a conversation was read and which one it is, to find copies of it.
struct ChatGPTOrigin {
    /// The conversation's `id` (or `conversation_id`); nil when it has none.
    var id: String?
    /// Its `update_time`, seconds since 1970.
    var updated: Double?
    /// `conversation "Trip plans" (id "6f3a…")`.
    var name: String
    var file: String
    var location: SourceLocation
}

/// What one file of conversations gave.
struct ShardResult {
    var chats: [ImportedChat] = []
    /// Where each of `chats` was read, in the same order.
    var origins: [ChatGPTOrigin] = []
    var diagnostics: [Diagnostic] = []
    /// Where in `diagnostics` errors of left-out conversations are, told as warnings.
    var leftOutErrors: [Int] = []
    /// Conversations left out for their errors.
    var leftOut = 0
    /// The file is not a list of conversations at all.
    var whole = false

    /// Nothing could be read and something was wrong: the file fails as a whole.
    var nothingReadable: Bool { whole || (chats.isEmpty && leftOut > 0) }

    /// The diagnostics with the left-out conversations' errors errors again.
    var diagnosticsAsErrors: [Diagnostic] {
        var all = diagnostics
        for index in leftOutErrors { all[index].severity = .error }
        return all
    }

    mutating func failWhole(_ problems: [Diagnostic]) {
        whole = true
        leftOutErrors += problems.indices.filter { problems[$0].severity == .error }.map { $0 + diagnostics.count }
        diagnostics += problems
    }

    mutating func skip(_ warnings: [Diagnostic]) { diagnostics += warnings }

    mutating func add(_ chat: ImportedChat?, diagnostics problems: [Diagnostic], hasErrors: Bool, conversation: JSONNode, file: String, path: String) {
        let name = ChatGPTImporter.describe(conversation)
        let location = SourceLocation(line: conversation.line, column: conversation.column, jsonPath: path.isEmpty ? "(document)" : path)
        if let chat, !hasErrors {
            diagnostics += problems
            if chat.turns.isEmpty {
                diagnostics.append(Diagnostic(.warning, file: file, location: location, message: "\(name) has no message to show; skipped"))
            } else {
                chats.append(chat)
                var id = ImportSource.string(conversation["id"]) ?? ImportSource.string(conversation["conversation_id"])
                if id?.isEmpty == true { id = nil }
                var updated: Double? = nil
                if case .number(let seconds, _)? = conversation["update_time"]?.value, seconds.isFinite { updated = seconds }
                origins.append(ChatGPTOrigin(id: id, updated: updated, name: name, file: file, location: location))
            }
            return
        }
        leftOut += 1
        if !hasErrors {
            diagnostics.append(Diagnostic(.warning, file: file, location: location, message: "\(name) could not be read; it is left out"))
        }
        for var problem in problems {
            if problem.severity == .error {
                problem.severity = .warning
                problem.message += "; the \(name) is left out"
                leftOutErrors.append(diagnostics.count)
            }
            diagnostics.append(problem)
        }
    }
}
