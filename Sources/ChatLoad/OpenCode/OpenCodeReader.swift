import Foundation
import ChatModel
import ChatSupport

/// opencode sessions: its database (`~/.local/share/opencode/opencode.db`, opencode 1.2 and
/// later), its JSON storage (`~/.local/share/opencode/storage`, before), the folder holding
/// either, or one session's file in the storage. Each session is a conversation.
package struct OpenCodeReader: ChatExportReader {
    package var name: String { "opencode" }
    package var title: String { "opencode" }
    package var inputHelp: String {
        "opencode's sessions: its data folder (~/.local/share/opencode), its opencode.db (1.2 and later) or its storage folder "
            + "(earlier versions), or one session's file in the storage"
    }
    package var inputNoun: String { "opencode sessions" }
    package var standardInputName: String { "opencode.db" }
    package var readsFolders: Bool { true }

    package init() {}

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
            if input.entries.contains(where: { $0 == "opencode.db" || $0.hasSuffix("/opencode.db") && $0.split(separator: "/").count <= 2 }) {
                return .certain("it holds opencode.db")
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
        var unknown: [String: Int] = [:]
        var order: [String] = []
        // A sub-agent's session (its `parentID` is a session here) is shown at the `task` call that
        // started it; one no call names is a page of its own, after the others.
        let ids = Set(store.sessions.map(\.id))
        var children: [String: OpenCodeStore.Session] = [:]
        for session in store.sessions { if let parent = session.parentID, ids.contains(parent) { children[session.id] = session } }
        var nested: Set<String> = []
        var tallies = TallyReader(file: path)
        for session in store.sessions where children[session.id] == nil {
            if let chat = OpenCodeSession.chat(
                session, includeSystem: options.includeSystem, children: children, nested: &nested,
                unknown: &unknown, order: &order, tallies: &tallies)
            {
                chats.append(chat)
            }
        }
        for session in store.sessions where children[session.id] != nil && !nested.contains(session.id) {
            if let chat = OpenCodeSession.chat(
                session, includeSystem: options.includeSystem, children: children, nested: &nested,
                unknown: &unknown, order: &order, tallies: &tallies)
            {
                chats.append(chat)
            }
        }
        warnings += tallies.warnings
        warnings += order.map { key in
            Diagnostic(.warning, file: path, message: "unknown \(key) (\(unknown[key]!) time\(unknown[key]! == 1 ? "" : "s")); left out, the rest is read")
        }
        guard !chats.isEmpty else {
            throw DiagnosticError(Diagnostic(file: path, message: "no opencode session with a message in it"))
        }
        // Grouped in a site by the project folder's name.
        if !rendersAlone(path) { for k in chats.indices { chats[k].project = chats[k].project.map(FilePath.lastComponent) } } else { chats[0].project = nil }
        return ExportRead(chats: chats, warnings: warnings)
    }
}

/// One opencode session as a conversation.
enum OpenCodeSession {
    static func date(_ milliseconds: Double?) -> ChatDate? {
        milliseconds.flatMap { ImportDate.fromEpoch($0 / 1000) }
    }

    /// A session's turns, with what its header sums up.
    struct Built {
        var turns: [ImportedTurn] = []
        var models: [String] = []
        var tokens: (input: Tally, output: Tally, read: Tally, write: Tally) = (0, 0, 0, 0)
        var firstPrompt: String?
        var last: Double?
    }

    /// One session's messages as turns; a `task` call whose sub-agent's session is among
    /// `children` becomes that session's transcript, its models and tokens counted here.
    static func build(
        _ session: OpenCodeStore.Session, includeSystem: Bool, children: [String: OpenCodeStore.Session], nested: inout Set<String>,
        depth: Int, note: (String) -> Void, tallies: inout TallyReader
    ) -> Built {
        var built = Built()
        // Tokens of replies not shown yet, for the next reply shown.
        var unshown: TokenUsage?
        for message in session.messages {
            let data = message.data
            let role = InputProbe.string(data, "role")
            let when = date(OpenCodeTools.number(data["time"]?["created"]) ?? message.created)
            built.last = max(
                built.last ?? 0, OpenCodeTools.number(data["time"]?["completed"]) ?? OpenCodeTools.number(data["time"]?["created"]) ?? message.created)
            // The reply's model before its sub-agents' (a task call's session adds its own).
            if role == "assistant", let model = InputProbe.string(data, "modelID"), !built.models.contains(model) { built.models.append(model) }
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
                        let inner = build(
                            child, includeSystem: includeSystem, children: children, nested: &nested, depth: depth + 1, note: note, tallies: &tallies)
                        for model in inner.models where !built.models.contains(model) { built.models.append(model) }
                        built.tokens.input += inner.tokens.input
                        built.tokens.output += inner.tokens.output
                        built.tokens.read += inner.tokens.read
                        built.tokens.write += inner.tokens.write
                        if var transcript = OpenCodeTools.transcript(inner.turns, call: part, session: child.id) {
                            // When it ran: its session's start to its last message's end.
                            transcript.setSpan(first: date(child.created) ?? inner.turns.first?.date, last: date(inner.last))
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
                    note("part type \(Diagnostic.quote(other ?? "(none)"))")
                }
            }
            switch role {
            case "user":
                let text = texts.joined(separator: "\n\n").trimmingASCIIWhitespace()
                guard !text.isEmpty || !attachments.isEmpty else { continue }
                if built.firstPrompt == nil, !text.isEmpty { built.firstPrompt = text }
                var turn = ImportedTurn(id: message.id, role: .user, text: text, date: when)
                turn.attachments = attachments
                built.turns.append(turn)
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
                    built.tokens.input += step.input
                    built.tokens.output += step.output
                    built.tokens.read += step.cacheRead
                    built.tokens.write += step.cacheWrite
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
                    if let spent = unshown, let lastTurn = built.turns.indices.last(where: { built.turns[$0].role == .assistant }) {
                        built.turns[lastTurn].usage = built.turns[lastTurn].usage.map { $0.adding(spent) } ?? spent
                        unshown = nil
                    }
                    continue
                }
                if let lastTurn = built.turns.indices.last, built.turns[lastTurn].role == .assistant {
                    built.turns[lastTurn].parts += parts
                    if let spent = unshown { built.turns[lastTurn].usage = built.turns[lastTurn].usage.map { $0.adding(spent) } ?? spent }
                } else {
                    var turn = ImportedTurn(id: message.id, role: .assistant, text: "", date: when)
                    turn.parts = parts
                    turn.model = InputProbe.string(data, "modelID")
                    turn.usage = unshown
                    built.turns.append(turn)
                }
                unshown = nil
            default:
                note("message role \(Diagnostic.quote(role ?? "(none)"))")
            }
        }
        if let spent = unshown, let lastTurn = built.turns.indices.last(where: { built.turns[$0].role == .assistant }) {
            built.turns[lastTurn].usage = built.turns[lastTurn].usage.map { $0.adding(spent) } ?? spent
        }
        return built
    }

    static func chat(
        _ session: OpenCodeStore.Session, includeSystem: Bool, children: [String: OpenCodeStore.Session], nested: inout Set<String>,
        unknown: inout [String: Int], order: inout [String], tallies: inout TallyReader
    ) -> ImportedChat? {
        func note(_ key: String) {
            if unknown[key] == nil { order.append(key) }
            unknown[key, default: 0] += 1
        }
        nested.insert(session.id)
        let built = build(session, includeSystem: includeSystem, children: children, nested: &nested, depth: 0, note: note, tallies: &tallies)
        let (turns, models, tokens, firstPrompt, last) = (built.turns, built.models, built.tokens, built.firstPrompt, built.last)
        guard !turns.isEmpty else { return nil }
        let title = session.title.flatMap { $0.isEmpty || $0.hasPrefix("New session - ") ? nil : $0 } ?? firstPrompt.map(SessionText.titleLine) ?? session.id
        let first = date(session.created) ?? turns.first?.date
        var chat = ImportedChat(title: title, date: first, turns: turns)
        var facts: [ConversationFact] = []
        if let directory = session.directory { facts.append(ConversationFact(.factProject, value: directory)) }
        if let version = session.version { facts.append(ConversationFact(label: "opencode", value: version)) }
        if !models.isEmpty { facts.append(ConversationFact(models.count == 1 ? .factModel : .models, value: models.joined(separator: ", "))) }
        if let first, let end = date(max(last ?? 0, session.updated ?? 0)) { facts.append(SessionText.timeFact(first, end)) }
        if let fact = SessionText.tokenFact(input: tokens.input, output: tokens.output, cacheRead: tokens.read, cacheWrite: tokens.write) { facts.append(fact) }
        chat.facts = facts
        chat.project = session.directory
        return chat
    }
}
