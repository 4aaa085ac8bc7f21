import ChatModel
import ChatSupport

/// Reads claude.ai's data export: `conversations.json`, an array of conversations, each with its
/// messages in `chat_messages` (see docs/importers.md#claude-ai).
///
/// Messages form a tree through `parent_message_uuid`: an edited question or a regenerated reply
/// is a sibling of the one it replaced. The visible thread is the path from the root to the most
/// recent leaf (the conversation's `current_leaf_message_uuid` when it names one), and a turn
/// with siblings carries its ``TurnVersion`` ("2 of 3"). Turns are read from their `content`
/// blocks; the message-level `text`, a flattened copy that glues thinking to the answer and puts
/// "This block is not supported on your current device yet" where each tool ran, is read only
/// when `content` is empty (exports from before content blocks).
///
/// Reading is tolerant: a conversation or block that cannot be read is a warning naming the
/// conversation and its JSON path, and the rest of the export imports. Only a file that is not
/// an array of conversations is an error.
package enum ClaudeAIImporter {
    /// The parent id claude.ai gives a conversation's first message.
    static let rootParent = "00000000-0000-4000-8000-000000000000"

    package static func read(_ root: JSONNode, projects: JSONNode? = nil, file: String, projectsFile: String = "projects.json") -> (
        [ImportedChat]?, [Diagnostic]
    ) {
        var reader = JSONReader(file: file)
        guard case .array(let conversations) = root.value else {
            reader.error("expected an array of conversations (claude.ai's conversations.json), found \(root.kindDescription)", at: root, path: "")
            return (nil, reader.diagnostics)
        }
        var diagnostics: [Diagnostic] = []
        let projectNames = projects.map { readProjects($0, file: projectsFile, diagnostics: &diagnostics) } ?? [:]
        var chats: [ImportedChat] = []
        for (index, node) in conversations.enumerated() {
            if let chat = readConversation(node, path: JSONReader.join("", index), projects: projectNames, reader: &reader) {
                chats.append(chat)
            }
        }
        return (chats, reader.diagnostics + diagnostics)
    }

    /// `projects.json`: project uuid → name. Problems are warnings; the projects that read stay.
    static func readProjects(_ root: JSONNode, file: String, diagnostics: inout [Diagnostic]) -> [String: String] {
        var reader = JSONReader(file: file)
        var names: [String: String] = [:]
        if case .array(let items) = root.value {
            for (index, item) in items.enumerated() {
                let path = JSONReader.join("", index)
                guard case .object = item.value, let uuid = ImportSource.string(item["uuid"]), !uuid.isEmpty else {
                    reader.warning("expected a project object with \"uuid\" and \"name\"; the project is left out", at: item, path: path)
                    continue
                }
                let name = ImportSource.string(item["name"]).map { $0.trimmingCharacters(in: .whitespacesAndNewlines) } ?? ""
                names[uuid] = name  // empty: the index writes "Untitled project" in the reader's language
            }
        } else {
            reader.warning(
                "expected an array of projects (claude.ai's projects.json), found \(root.kindDescription); the conversations are listed without their projects",
                at: root, path: "")
        }
        diagnostics += reader.diagnostics
        return names
    }

    /// One conversation, or nil (with a warning) when it is not a conversation at all.
    static func readConversation(_ node: JSONNode, path: String, projects: [String: String], reader: inout JSONReader) -> ImportedChat? {
        guard case .object = node.value else {
            reader.warning("expected a conversation object with \"chat_messages\", found \(node.kindDescription); it is left out", at: node, path: path)
            return nil
        }
        let rawTitle = ImportSource.string(node["name"])?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
        let title = rawTitle.isEmpty ? "Untitled" : rawTitle
        var scope = ConversationScope(title: title, reader: reader)
        defer { reader = scope.reader }
        let date = scope.date(node, "created_at", path: path)
        var chat = ImportedChat(title: title, date: date, turns: [])
        chat.project = project(of: node, names: projects)
        let messagesPath = JSONReader.join(path, "chat_messages")
        guard let list = node["chat_messages"] else {
            scope.warn("has no \"chat_messages\"; expected an array of messages; the conversation is left out", at: node, path: messagesPath)
            return nil
        }
        guard case .array(let elements) = list.value else {
            scope.warn("expected an array of messages, found \(list.kindDescription); the conversation is left out", at: list, path: messagesPath)
            return nil
        }
        var messages: [ClaudeAIMessage] = []
        for (index, element) in elements.enumerated() {
            let messagePath = JSONReader.join(messagesPath, index)
            guard case .object = element.value else {
                scope.warn("expected a message object, found \(element.kindDescription); it is left out", at: element, path: messagePath)
                continue
            }
            let uuid = ImportSource.string(element["uuid"]).flatMap { $0.isEmpty ? nil : $0 } ?? "message-\(index + 1)"
            let parent: String?
            switch element["parent_message_uuid"]?.value {
            case .string(let id)? where !id.isEmpty && id != rootParent: parent = id
            default: parent = nil
            }
            messages.append(
                ClaudeAIMessage(
                    uuid: uuid, parent: parent, hasParentField: element["parent_message_uuid"] != nil,
                    date: scope.date(element, "created_at", path: messagePath),
                    order: index, node: element, path: messagePath))
        }
        let thread = ClaudeAIThread.visible(messages, currentLeaf: ImportSource.string(node["current_leaf_message_uuid"]), scope: &scope)
        let model = ImportSource.string(node["model"]).flatMap { $0.isEmpty ? nil : $0 }
        var turnReader = ClaudeAITurnReader(scope: scope)
        for (message, version) in thread {
            if var turn = turnReader.turn(message) {
                turn.version = version
                if turn.role == .assistant, turn.model == nil { turn.model = model }
                chat.turns.append(turn)
            }
        }
        scope = turnReader.scope
        return chat
    }

    /// The project a conversation names (`project_uuid`, or `project` with `uuid` and `name`).
    static func project(of node: JSONNode, names: [String: String]) -> String? {
        if let uuid = ImportSource.string(node["project_uuid"]), let name = names[uuid] { return name }
        if let project = node["project"], case .object = project.value {
            if let uuid = ImportSource.string(project["uuid"]), let name = names[uuid] { return name }
            if let name = ImportSource.string(project["name"])?.trimmingCharacters(in: .whitespacesAndNewlines), !name.isEmpty { return name }
        }
        return nil
    }
}

/// One message of a conversation, before the visible thread is chosen.
struct ClaudeAIMessage {
    var uuid: String
    /// The parent's uuid; nil for a first message.
    var parent: String?
    var hasParentField: Bool
    var date: ChatDate?
    /// Its place in `chat_messages`.
    var order: Int
    var node: JSONNode
    var path: String
}

/// What a conversation's warnings need: its title to name it, and the reader that collects them.
struct ConversationScope {
    var title: String
    var reader: JSONReader

    /// A warning that names the conversation: `conversation "Trip plan": …`.
    mutating func warn(_ message: String, at node: JSONNode?, path: String) {
        reader.warning("conversation \(JSONReader.quote(title)): \(message)", at: node, path: path)
    }

    /// An ISO 8601 `created_at`; absent or null is nil, anything else unreadable a warning.
    mutating func date(_ node: JSONNode, _ key: String, path: String) -> ChatDate? {
        guard let value = node[key] else { return nil }
        switch value.value {
        case .null: return nil
        case .string(let text):
            if let date = ChatDate(iso: text) { return date }
            warn(
                "expected an ISO 8601 date such as \"2026-03-14T09:41:00Z\", found \(JSONReader.quote(text)); the date is left out", at: value,
                path: JSONReader.join(path, key))
            return nil
        default:
            warn("expected an ISO 8601 date string, found \(value.kindDescription); the date is left out", at: value, path: JSONReader.join(path, key))
            return nil
        }
    }
}

/// Chooses the visible thread of a conversation's message tree.
enum ClaudeAIThread {
    /// The messages from the root to the shown leaf, each with its version among its siblings
    /// (nil when it has none). Exports without `parent_message_uuid` are one thread in file order.
    static func visible(_ messages: [ClaudeAIMessage], currentLeaf: String?, scope: inout ConversationScope) -> [(ClaudeAIMessage, TurnVersion?)] {
        guard messages.contains(where: \.hasParentField) else { return messages.map { ($0, nil) } }
        var byID: [String: Int] = [:]
        for (index, message) in messages.enumerated() {
            if byID[message.uuid] != nil {
                scope.warn(
                    "a second message has uuid \(JSONReader.quote(message.uuid)); the later one is left out of the thread",
                    at: message.node["uuid"], path: JSONReader.join(message.path, "uuid"))
                continue
            }
            byID[message.uuid] = index
        }
        // Children of each parent ("" for the roots), oldest first.
        var children: [String: [Int]] = [:]
        for (index, message) in messages.enumerated() where byID[message.uuid] == index {
            var parent = message.parent ?? ""
            if !parent.isEmpty, byID[parent] == nil {
                scope.warn(
                    "parent_message_uuid \(JSONReader.quote(parent)) names no message of this conversation; the message is read as a first message",
                    at: message.node["parent_message_uuid"], path: JSONReader.join(message.path, "parent_message_uuid"))
                parent = ""
            }
            children[parent, default: []].append(index)
        }
        func older(_ a: Int, _ b: Int) -> Bool {
            let x = messages[a].date?.secondsSinceEpoch ?? Int64.min, y = messages[b].date?.secondsSinceEpoch ?? Int64.min
            if x != y { return x < y }
            if let p = messages[a].date?.iso, let q = messages[b].date?.iso, p != q { return p < q }
            return a < b
        }
        for key in children.keys { children[key]!.sort(by: older) }
        func parentKey(_ index: Int) -> String {
            let parent = messages[index].parent ?? ""
            return byID[parent] == nil ? "" : parent
        }
        // The leaf: the one the conversation names, else the newest message with no replies.
        var leaf: Int?
        if let named = currentLeaf, let index = byID[named] { leaf = index }
        if leaf == nil {
            for index in messages.indices where byID[messages[index].uuid] == index && (children[messages[index].uuid] ?? []).isEmpty {
                if leaf == nil || older(leaf!, index) { leaf = index }
            }
        }
        guard var current = leaf else {
            if let first = messages.first {
                scope.warn(
                    "parent_message_uuid links form a loop with no last message; the messages are shown in file order",
                    at: first.node["parent_message_uuid"], path: JSONReader.join(first.path, "parent_message_uuid"))
            }
            return messages.map { ($0, nil) }
        }
        var path: [Int] = []
        var seen: Set<Int> = []
        while true {
            guard seen.insert(current).inserted else {
                scope.warn(
                    "parent_message_uuid links loop back to \(JSONReader.quote(messages[current].uuid)); the messages are shown in file order",
                    at: messages[current].node["parent_message_uuid"], path: JSONReader.join(messages[current].path, "parent_message_uuid"))
                return messages.map { ($0, nil) }
            }
            path.append(current)
            let key = parentKey(current)
            if key.isEmpty { break }
            current = byID[key]!
        }
        return path.reversed().map { index in
            let siblings = children[parentKey(index)] ?? [index]
            let version = siblings.count > 1 ? siblings.firstIndex(of: index).map { TurnVersion(index: $0 + 1, count: siblings.count) } : nil
            return (messages[index], version)
        }
    }
}
