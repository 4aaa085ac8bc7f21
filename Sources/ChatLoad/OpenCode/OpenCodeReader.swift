import Foundation
import ChatModel
import ChatSupport

/// opencode sessions: its database (`~/.local/share/opencode/opencode.db`, opencode 1.2 and
/// later), its JSON storage (`~/.local/share/opencode/storage`, before), the folder holding
/// either, or one session's file in the storage. Each session is a conversation. opencode's
/// descendants that keep the same store in a data folder of their own (``forks``) are read the
/// same, each session named after the agent that wrote it.
package struct OpenCodeReader: ChatExportReader {
    package var name: String { "opencode" }
    package var title: String { "opencode" }
    package var inputHelp: String {
        "opencode's sessions: its data folder (~/.local/share/opencode), its opencode.db (1.2 and later) or its storage folder "
            + "(earlier versions), or one session's file in the storage; Kilo Code's CLI's the same (~/.local/share/kilo, kilo.db)"
    }
    package var inputNoun: String { "opencode sessions" }
    package var standardInputName: String { "opencode.db" }
    package var readsFolders: Bool { true }

    package init() {}

    /// opencode's descendants that write its store (the database, or the storage folder before
    /// it) in a data folder of their own: the folder's name, the database's, and the agent as
    /// people call it. A session is told to be a fork's only by where it lives.
    static let forks: [(folder: String, database: String, title: String)] = [
        // Kilo Code's CLI: ~/.local/share/kilo (kilo.db, storage/).
        ("kilo", "kilo.db", "Kilo Code")
    ]

    /// The descendant whose store `path` is or lies in: its database by name, or its data folder
    /// (the path's end, or the folder holding the database or `storage`); nil for opencode's own.
    static func fork(of path: String) -> String? {
        let parts = path.split(separator: "/").map(String.init)
        for fork in forks {
            if parts.last == fork.database { return fork.title }
            for (index, part) in parts.enumerated() where part == fork.folder {
                if index == parts.count - 1 || parts[index + 1] == "storage" || parts[index + 1] == fork.database { return fork.title }
            }
        }
        return nil
    }

    package func recognise(_ input: InputProbe) -> Recognition? {
        switch input.kind {
        case .file:
            if input.head.starts(with: OpenCodeStore.sqliteMagic) {
                guard let schema = AgentDatabase.schema(at: input.path), schema["session"] != nil, schema["part"] != nil,
                    schema["message"]?.contains("data") == true
                else { return nil }
                return .certain("it is a database with opencode's session, message and part tables")
            }
            // One session's file: {"id": "ses_…", "projectID", "directory", "time": {…}}.
            if input.shape.has("projectID") && input.shape.has("directory") && input.shape.has("time.created") && input.headContains("\"ses_") {
                return .certain("it is an opencode session record")
            }
            return nil
        case .folder:
            for name in OpenCodeStore.databaseNames
            where input.entries.contains(where: { $0 == name || $0.hasSuffix("/" + name) && $0.split(separator: "/").count <= 2 }) {
                return .certain("it holds \(name)")
            }
            let sessions = input.entries.filter { $0.hasPrefix("session/") || $0.hasPrefix("storage/session/") }
            if sessions.contains(where: { FilePath.lastComponent($0).hasPrefix("ses_") }),
                input.entries.contains(where: { $0.hasPrefix("message/") || $0.hasPrefix("storage/message/") })
            {
                return .certain("it holds opencode's storage (session/, message/, part/)")
            }
            return nil
        case .zip, .missing:
            return nil
        }
    }

    package func rendersAlone(_ path: String) -> Bool {
        // One session's file in the storage; a database or folder holds many.
        path.hasSuffix(".json")
    }

    package func read(_ path: String, options: ReadOptions) throws(DiagnosticError) -> ExportRead {
        let store = try OpenCodeStore.open(path)
        var warnings = store.warnings
        var chats: [ImportedChat] = []
        var unknown = UnknownKinds()
        unknown.unit = nil
        // A sub-agent's session (its `parentID` is a session here) is shown at the `task` call that
        // started it; one no call names is a page of its own, after the others.
        let ids = Set(store.sessions.map(\.id))
        var children: [String: OpenCodeStore.Session] = [:]
        for session in store.sessions { if let parent = session.parentID, ids.contains(parent) { children[session.id] = session } }
        var nested: Set<String> = []
        var tallies = TallyReader(file: path)
        for session in store.sessions where children[session.id] == nil {
            if let chat = OpenCodeSession.chat(
                session, includeSystem: options.includeSystem, children: children, nested: &nested, unknown: &unknown, tallies: &tallies)
            {
                chats.append(chat)
            }
        }
        for session in store.sessions where children[session.id] != nil && !nested.contains(session.id) {
            if let chat = OpenCodeSession.chat(
                session, includeSystem: options.includeSystem, children: children, nested: &nested, unknown: &unknown, tallies: &tallies)
            {
                chats.append(chat)
            }
        }
        warnings += tallies.warnings + unknown.warnings(file: path)
        guard !chats.isEmpty else {
            throw DiagnosticError(Diagnostic(file: path, message: "no opencode session with a message in it"))
        }
        // A descendant's sessions are named after it: beside their version, and as the agent a
        // site groups them under.
        if let fork = Self.fork(of: path) {
            for k in chats.indices {
                if let at = chats[k].facts.firstIndex(where: { $0.label == "opencode" }) {
                    chats[k].facts[at].label = fork
                } else {
                    chats[k].facts.insert(ConversationFact(label: "Agent", value: fork), at: 0)
                }
                chats[k].agent = fork
            }
        }
        // Grouped in a site by the project folder's name.
        if !rendersAlone(path) { for k in chats.indices { chats[k].project = chats[k].project.map(FilePath.lastComponent) } } else { chats[0].project = nil }
        return ExportRead(chats: chats, warnings: warnings)
    }
}

/// One opencode session as a conversation: its messages, in order, each a prompt or part of a
/// reply (the steps of one reply are messages of their own).
struct OpenCodeSession: AgentSession {
    let includeSystem: Bool
    var log: SessionBuilder<Never>
    /// Tokens of replies not shown yet, for the next reply shown.
    var unshown: TokenUsage?
    /// When its last message was completed (milliseconds since 1970).
    var last: Double?

    init(file: String, includeSystem: Bool) {
        self.includeSystem = includeSystem
        log = SessionBuilder(file: file, versionLabel: "opencode")
    }

    /// opencode's tool parts carry their state and output: none waits for a result.
    mutating func parts(for call: Never, id: String, once: Bool) -> [TurnPart] {}

    static func date(_ milliseconds: Double?) -> ChatDate? {
        milliseconds.flatMap { ImportDate.fromEpoch($0 / 1000) }
    }

    /// One session's messages read; a `task` call whose sub-agent's session is among `children`
    /// becomes that session's transcript, its models and tokens counted here.
    static func build(
        _ session: OpenCodeStore.Session, includeSystem: Bool, children: [String: OpenCodeStore.Session], nested: inout Set<String>,
        depth: Int, unknown: inout UnknownKinds, tallies: inout TallyReader
    ) -> OpenCodeSession {
        var built = OpenCodeSession(file: session.id, includeSystem: includeSystem)
        for message in session.messages {
            built.read(message, session: session, children: children, nested: &nested, depth: depth, unknown: &unknown, tallies: &tallies)
        }
        if let spent = built.unshown, let lastTurn = built.log.drafts.indices.last(where: { built.log.drafts[$0].role == .assistant }) {
            built.log.drafts[lastTurn].usage = built.log.drafts[lastTurn].usage.map { $0.adding(spent) } ?? spent
        }
        return built
    }

    mutating func read(
        _ message: OpenCodeStore.Message, session: OpenCodeStore.Session, children: [String: OpenCodeStore.Session], nested: inout Set<String>,
        depth: Int, unknown: inout UnknownKinds, tallies: inout TallyReader
    ) {
        let data = message.data
        let role = InputProbe.string(data, "role")
        let when = Self.date(OpenCodeTools.number(data["time"]?["created"]) ?? message.created)
        last = max(last ?? 0, OpenCodeTools.number(data["time"]?["completed"]) ?? OpenCodeTools.number(data["time"]?["created"]) ?? message.created)
        // The reply's model before its sub-agents' (a task call's session adds its own).
        if role == "assistant", let model = InputProbe.string(data, "modelID") { log.useModel(model) }
        var parts: [TurnPart] = []
        var texts: [String] = []
        var attachments: [ImportedAttachment] = []
        for part in message.parts {
            switch InputProbe.string(part, "type") {
            case "text":
                guard let text = InputProbe.string(part, "text"), !text.isEmpty else { continue }
                if case .bool(true)? = part["synthetic"]?.value, !includeSystem { continue }
                if role == "user" { texts.append(text) } else { parts.append(.text(text)) }
            case "reasoning":
                if let text = InputProbe.string(part, "text"), !text.isEmpty { parts.append(.thinking(ThinkingPart(text: text))) }
            case "tool":
                // A `task` call's sub-agent, whose session its metadata names: its transcript.
                if InputProbe.string(part, "tool") == "task", depth < 8,
                    let child = part["state"]?["metadata"].flatMap({ InputProbe.string($0, "sessionId") }).flatMap({ children[$0] }),
                    !nested.contains(child.id)
                {
                    nested.insert(child.id)
                    var inner = Self.build(
                        child, includeSystem: includeSystem, children: children, nested: &nested, depth: depth + 1, unknown: &unknown, tallies: &tallies)
                    log.adopt(inner.log)
                    let turns = inner.turns()
                    if var transcript = OpenCodeTools.transcript(turns, call: part, session: child.id) {
                        // When it ran: its session's start to its last message's end.
                        transcript.setSpan(first: Self.date(child.created) ?? turns.first?.date, last: Self.date(inner.last))
                        parts.append(.transcript(transcript))
                        continue
                    }
                }
                parts += OpenCodeTools.parts(forTool: part, cwd: session.directory)
            case "file":
                let name = InputProbe.string(part, "filename") ?? "file"
                let type = InputProbe.string(part, "mime") ?? InlineData.contentType(forName: name) ?? "application/octet-stream"
                var content: ImportedAttachment.Content = .unavailable
                var size: Int64 = 0
                if let url = InputProbe.string(part, "url"), InlineData.isDataURL(url), case .success(let data) = InlineData.parseDataURL(url) {
                    content = .bytes(data.bytes)
                    size = Int64(data.bytes.count)
                }
                attachments.append(
                    ImportedAttachment(id: "f\(attachments.count + 1)-\(message.id)", name: name, contentType: type, byteCount: size, content: content))
            case "compaction":
                var notice = NoticePart(kind: .compacted, text: "Conversation compacted")
                notice.phrase = UIPhrase(.conversationCompacted)
                parts.append(.notice(notice))
            case "step-start", "step-finish", "snapshot", "patch", "agent", "retry":
                continue
            case "subtask":
                let agent = InputProbe.string(part, "agent") ?? "sub"
                parts.append(
                    .toolCall(
                        ToolCallPart(
                            name: "subtask", title: "\(agent) agent: \(InputProbe.string(part, "description") ?? "")",
                            input: InputProbe.string(part, "prompt"), status: .ok)))
            case let other:
                unknown.note("unknown part type \(Diagnostic.quote(other ?? "(none)"))")
            }
        }
        switch role {
        case "user":
            let text = texts.joined(separator: "\n\n").trimmingASCIIWhitespace()
            guard !text.isEmpty || !attachments.isEmpty else { return }
            log.prompt(text, date: when, attachments: attachments, id: message.id)
        case "assistant":
            // A message's own `tokens` are its last step's; the steps' `step-finish` parts add up to all of it.
            let steps = message.parts.filter { InputProbe.string($0, "type") == "step-finish" }.compactMap { $0["tokens"] }
            var spent: TokenUsage?
            for usage in steps.isEmpty ? [data["tokens"]].compactMap({ $0 }) : steps {
                func count(_ node: JSONNode?, _ key: String) -> Tally {
                    tallies.countOrZero(node, path: JSONReader.join("message", message.id) + ".tokens." + key)
                }
                let step = TokenUsage(
                    input: count(usage["input"], "input"), output: count(usage["output"], "output") + count(usage["reasoning"], "reasoning"),
                    cacheRead: count(usage["cache"]?["read"], "cache.read"), cacheWrite: count(usage["cache"]?["write"], "cache.write"))
                log.tokens = log.tokens + step
                // The context after a step: its prompt, cached or not, and its reply.
                var call = step
                call.context = step.total
                spent = spent.map { $0.adding(call) } ?? call
            }
            // What opencode recorded the message cost (`cost`, US dollars, the steps' added up).
            // Zero is what it writes for a model it has no price for, so only more is a record.
            if let cost = OpenCodeTools.number(data["cost"]), cost > 0, cost <= 1e9 {
                var recorded = spent ?? TokenUsage()
                recorded.recordedCost = cost
                spent = recorded
            }
            if let error = data["error"] {
                let text = error["data"].flatMap { InputProbe.string($0, "message") } ?? InputProbe.string(error, "name") ?? "Error"
                if InputProbe.string(error, "name") == "MessageAbortedError" {
                    var notice = NoticePart(kind: .interrupted, text: "Interrupted by the person")
                    notice.phrase = UIPhrase(.interruptedByPerson)
                    parts.append(.notice(notice))
                } else {
                    parts.append(.notice(NoticePart(kind: .error, text: SessionText.oneLine(text), detail: text.count > 200 ? text : nil)))
                }
            }
            if let spent { unshown = unshown.map { $0.adding(spent) } ?? spent }
            guard !parts.isEmpty else {
                // Nothing to show, but its tokens were spent: the reply before (or after) carries them.
                if let spent = unshown, let before = log.drafts.indices.last(where: { log.drafts[$0].role == .assistant }) {
                    log.drafts[before].usage = log.drafts[before].usage.map { $0.adding(spent) } ?? spent
                    unshown = nil
                }
                return
            }
            log.reply(parts, id: message.id, date: when, model: InputProbe.string(data, "modelID"))
            if let spent = unshown { log.drafts[log.drafts.count - 1].usage = log.drafts[log.drafts.count - 1].usage.map { $0.adding(spent) } ?? spent }
            unshown = nil
        default:
            unknown.note("unknown message role \(Diagnostic.quote(role ?? "(none)"))")
        }
    }

    static func chat(
        _ session: OpenCodeStore.Session, includeSystem: Bool, children: [String: OpenCodeStore.Session], nested: inout Set<String>,
        unknown: inout UnknownKinds, tallies: inout TallyReader
    ) -> ImportedChat? {
        nested.insert(session.id)
        var built = build(session, includeSystem: includeSystem, children: children, nested: &nested, depth: 0, unknown: &unknown, tallies: &tallies)
        let turns = built.turns()
        guard !turns.isEmpty else { return nil }
        built.log.title = session.title.flatMap { $0.isEmpty || $0.hasPrefix("New session - ") ? nil : $0 }
        built.log.project = session.directory
        built.log.version = session.version
        built.log.firstDate = date(session.created) ?? turns.first?.date
        built.log.lastDate = date(max(built.last ?? 0, session.updated ?? 0))
        return built.log.chat(turns, fallbackTitle: session.id)
    }
}
