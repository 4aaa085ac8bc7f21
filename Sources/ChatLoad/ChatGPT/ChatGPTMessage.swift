import ChatModel
import ChatSupport

/// One message of a ChatGPT conversation's visible thread, as read from `mapping`: who wrote it,
/// to whom (`recipient`: `all` for the person, else a tool such as `python`, `web.run`,
/// `dalle.text2im`, `canmore.update_textdoc`), on which channel, and its content.
///
/// ChatGPT shows one reply for the run of assistant and tool messages after a question;
/// ``ChatGPTThread`` groups them.
struct ChatGPTMessage {
    var nodeID: String
    var id: String
    /// `user`, `assistant`, `tool` or `system`.
    var role: String
    /// `author.name`: for a tool message, the tool that answered (`python`, `dalle.text2im`).
    var author: String?
    var recipient: String
    /// `commentary` for a thinking model's preamble, `final` for the answer, often absent.
    var channel: String?
    var contentType: String
    var content: JSONNode
    var metadata: JSONNode?
    /// The message's JSON path, for warnings.
    var path: String
    var date: ChatDate?
    /// The text of `parts` (strings and voice transcriptions) or of `text`.
    var text = ""
    /// Image pointers in `parts`, in order.
    var images: [ChatGPTImage] = []
    /// Spoken in voice mode.
    var voice = false
    /// Marked hidden by ChatGPT; only read with `--include-system`.
    var hidden = false
    /// Which of several versions of this message the thread shows.
    var version: TurnVersion? = nil

    init(
        nodeID: String, id: String, role: String, author: String?, recipient: String, channel: String?,
        contentType: String, content: JSONNode, metadata: JSONNode?, path: String, date: ChatDate?
    ) {
        self.nodeID = nodeID
        self.id = id
        self.role = role
        self.author = author
        self.recipient = recipient
        self.channel = channel
        self.contentType = contentType
        self.content = content
        self.metadata = metadata
        self.path = path
        self.date = date
    }

    /// `metadata.<key>` as a string.
    func meta(_ key: String) -> String? { ImportSource.string(metadata?[key]).flatMap { $0.isEmpty ? nil : $0 } }

    /// A thinking model's words between steps ("I'll check the timetable first"): shown inside
    /// the reply's thinking, not as a reply of their own.
    var isPreamble: Bool {
        channel == "commentary" || metadata?["is_thinking_preamble_message"]?.value == .bool(true)
    }
}

/// An `image_asset_pointer` part: `file-service://file-…` (uploads, DALL·E) or `sediment://file_…`
/// (uploads and GPT-4o images since 2025).
struct ChatGPTImage {
    var fileID: String
    var size: Int64
    var node: JSONNode?
    var path: String
    /// DALL·E's revised prompt (`metadata.dalle.prompt`), when it kept one.
    var prompt: String?
    /// Made by an image generator (`metadata.dalle` or `metadata.generation` present).
    var generated: Bool
}

/// Which version of a turn the visible thread shows, from the other children of its parent:
/// an edited question and its earlier wording, a regenerated reply and the replies before it.
struct ChatGPTVersions {
    /// Parent id → its children in order: `children` as the export lists them, or (for the
    /// slimmer records without `children`) the nodes naming it as `parent`, in mapping order.
    private var children: [String: [String]] = [:]

    init(mapping: JSONNode) {
        guard case .object(let members) = mapping.value else { return }
        var listed: Set<String> = []
        for member in members {
            guard case .array(let items)? = member.node["children"]?.value else { continue }
            listed.insert(member.key)
            children[member.key] = items.compactMap { ImportSource.string($0) }
        }
        for member in members {
            guard let parent = ImportSource.string(member.node["parent"]), !listed.contains(parent) else { continue }
            children[parent, default: []].append(member.key)
        }
    }

    /// The children of `node`, in order.
    func children(of node: String) -> [String] { children[node] ?? [] }

    /// Whether some node has more than one child.
    var forks: Bool { children.values.contains { $0.count > 1 } }

    /// "2 of 3" for a node whose parent has three children, the node second; nil when it is the only one.
    func version(of node: String, parent: String?) -> TurnVersion? {
        guard let parent, let siblings = children[parent], siblings.count > 1,
            let index = siblings.firstIndex(of: node)
        else { return nil }
        return TurnVersion(index: index + 1, count: siblings.count)
    }
}
