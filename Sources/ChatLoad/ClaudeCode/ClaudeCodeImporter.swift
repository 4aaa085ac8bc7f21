import ChatModel
import ChatSupport
import CPlatform
import Dispatch

/// Reads Claude Code session logs (`~/.claude/projects/<project>/<session>.jsonl`): one JSON
/// object a line, appended as the session runs.
///
/// - `user` and `assistant` lines carry one API message each; an assistant message streamed as
///   several content blocks is written as several lines with the same `message.id`, which are one
///   reply here, its token usage counted once.
/// - Everything the assistant did between two prompts is one assistant turn: thinking (collapsed,
///   signatures never shown), text, and each tool call as the part that suits it (see
///   ``ClaudeCodeTools``), its result attached by `tool_use_id`, not by position.
/// - `system` lines: `compact_boundary` is a divider notice with the compaction summary folded
///   in it (every turn before it is kept), `api_error` an error notice, `turn_duration` a
///   "Worked for …" line, `local_command` a command chip.
/// - `progress` lines: a sub-agent's messages forwarded in `agent_progress` lines are its
///   transcript when it left no log of its own (see ``ClaudeCodeSession/readProgress(_:line:)``);
///   other progress (a command's output so far, a hook) is left out.
/// - Title: the last `custom-title`, else the last `ai-title`, else the last `summary`, else the
///   first prompt. Bookkeeping lines (`file-history-snapshot`, `queue-operation`, …) are left out.
///
/// Tolerant: a line that is not JSON, or not the shape expected, is a warning naming the file,
/// the line and the JSON path, and the rest renders. An unknown line type is a warning too.
package enum ClaudeCodeImporter {
    /// Lines Claude Code writes for its own bookkeeping: never part of the conversation.
    static let bookkeeping: Set<String> = [
        "file-history-snapshot", "queue-operation", "permission-mode", "last-prompt",
        "agent-name", "mode", "attachment", "pr-link", "tag", "hook",
        "worktree-state", "session-state",
    ]

    /// Reads every session of `source`, newest first in the index (by the writer).
    package static func read(_ source: ClaudeCodeSource) -> ([ImportedChat], [Diagnostic]) {
        var chats: [ImportedChat] = []
        var diagnostics: [Diagnostic] = []
        for session in source.sessions {
            let (chat, found) = readSession(session)
            diagnostics += found
            if let chat { chats.append(chat) }
        }
        // The index groups by project under the folder's last name ("shop"); two projects of
        // that name in different places ("~/work/app", "~/play/app") keep their whole paths
        // so they stay apart.
        var places: [String: Set<String>] = [:]
        for chat in chats { if let path = chat.project { places[FilePath.lastComponent(path), default: []].insert(path) } }
        for k in chats.indices {
            guard let path = chats[k].project else { continue }
            let name = FilePath.lastComponent(path)
            chats[k].project = (places[name]?.count ?? 0) > 1 || name.isEmpty ? path : name
        }
        return (chats, diagnostics)
    }

    /// One session file; nil (with an error) when it cannot be read at all, or when it holds no
    /// conversation (a log of bookkeeping only), which is a warning.
    static func readSession(_ session: ClaudeCodeSource.Session) -> (ImportedChat?, [Diagnostic]) {
        let file: FileInput.Mapped
        do {
            file = try FileInput.map(path: session.path, displayPath: session.displayPath, limit: ClaudeCodeSource.maxFileSize, what: "Claude Code session")
        } catch {
            return (nil, error.diagnostics)
        }
        let images = ImageCounter()
        var reader = ClaudeCodeSession(file: session.displayPath, sessionPath: session.path, images: images, agents: AgentLogCache(), depth: 0)
        // A long session gives back each run of its file and its parsed lines once read.
        let long = file.count >= ClaudeCodeSession.longSession
        reader.makesPartsEarly = long
        reader.freesAsTurnsAreMade = true
        file.withBytes { reader.read(buffer: $0, doneWith: long ? { file.doneWith($0) } : nil) }
        if file.wasCut {
            // What the lost pages read as (zeros) is not the session: nothing of it is kept.
            return (
                nil,
                [
                    Diagnostic(
                        file: session.displayPath,
                        message: "was cut short by another program while it was read; expected a session log that is only ever appended to (render it again)")
                ]
            )
        }
        var chat = reader.chat(fallbackTitle: FilePath.stem(session.path))
        // The whole working folder; ``read(_:)`` shortens it to its last name where that is unique.
        chat?.project = session.projectFolder.map { _ in reader.log.project } ?? nil
        if chat == nil {
            reader.log.diagnostics.append(
                Diagnostic(.warning, file: session.displayPath, message: "no conversation in this session log (only bookkeeping lines); it is left out"))
        }
        let diagnostics = reader.log.diagnostics
        // What the reader kept (every line's parsed JSON, tool calls' inputs, results and
        // records among it) is freed later, on another thread (see ``LaterRelease``): the page
        // does not wait for it, nor share the cores with it.
        let kept = Discarded(consume reader)
        LaterRelease.run { kept.drop() }
        return (chat, diagnostics)
    }

    /// Reads one session from bytes already in memory (tests and the fuzz target): no sub-agent
    /// files are looked for.
    /// `chunkBytes` and `partsOnAllCores` are open to tests (a one-chunk read in order is the
    /// reference the parallel one must match).
    /// `long` reads as a long session is read (see ``readSession(_:)``): parsed lines freed as
    /// they are read, and independent calls' parts made as their results come.
    package static func read(
        bytes: [UInt8], file: String, chunkBytes: Int = ClaudeCodeSession.chunkBytes,
        partsOnAllCores: Bool = true, long: Bool = false
    ) -> (ImportedChat?, [Diagnostic]) {
        var reader = ClaudeCodeSession(file: file, sessionPath: nil, images: ImageCounter(), agents: AgentLogCache(), depth: 0)
        reader.partsOnAllCores = partsOnAllCores
        reader.makesPartsEarly = long
        reader.freesAsTurnsAreMade = long
        bytes.withUnsafeBufferPointer { reader.read(buffer: $0, chunkBytes: chunkBytes, doneWith: long ? { _ in } : nil) }
        return (reader.chat(fallbackTitle: FilePath.stem(file)), reader.log.diagnostics)
    }
}

/// A session's reader, handed to another thread to be freed. Nothing else refers to it then;
/// what its turns share with the chat (strings) is reference counted, atomically.
private final class Discarded: @unchecked Sendable {
    private var reader: ClaudeCodeSession?
    init(_ reader: consuming ClaudeCodeSession) { self.reader = reader }
    func drop() { reader = nil }
}

/// Hands out attachment ids unique within one session, sub-agents included: a sub-agent's
/// screenshots are attachments of the top-level turn its transcript is in.
final class ImageCounter {
    /// The number the next id gets: when it has not moved, nothing was handed out.
    private(set) var next = 1
    func id() -> String { defer { next += 1 }; return "i\(next)" }

    /// A counter that goes on from where this one is, and leaves this one where it is.
    func copy() -> ImageCounter {
        let copy = ImageCounter()
        copy.next = next
        copy.extensions = extensions
        return copy
    }
    /// `.png` for `image/png`, by content type: the lookup trims and lowercases each time.
    private var extensions: [String: String] = [:]

    /// ``InlineData/defaultName(_:index:contentType:)`` for the first of its kind.
    func name(_ stem: String, contentType: String) -> String {
        if let known = extensions[contentType] { return stem + known }
        let ext = InlineData.fileExtension(for: contentType).map { ".\($0)" } ?? ""
        extensions[contentType] = ext
        return stem + ext
    }
}

/// What one session's sub-agent logs gave, kept for the session's read: a long session starts
/// the same sub-agent log from many calls (a log copied into itself, a resumed session), and each
/// would otherwise find, read and parse it again.
final class AgentLogCache {
    /// Where an agent id's log is, per session file (nil: none found).
    var logs: [String: (log: String, meta: String?)?] = [:]
    /// ``ClaudeCodeSource/agentLogsByCall(sessionPath:)`` per session file.
    var byCall: [String: [String: String]] = [:]
    /// The `.meta.json` beside each sub-agent log found by call.
    var metaPaths: [String: String] = [:]
    /// A log read into turns, by its path and depth: only kept when reading it handed out no
    /// image ids (ids are unique in the session, so a log with images is read afresh each time).
    var readings: [String: AgentReading] = [:]
    /// The sub-agent logs shown so far in the session's page, each once (see ``SubAgentGraph``).
    var graph = SubAgentGraph()
}

/// A sub-agent log as read: what its call's transcript and the session's header take from it.
struct AgentReading {
    /// The `agentType` of its `.meta.json`.
    var metaKind: String?
    /// The warnings reading its lines gave.
    var diagnostics: [Diagnostic]
    /// Its models as its own lines name them.
    var models: [String]
    var turns: [ImportedTurn]
    /// Token usage per API message id, its sub-agents' included.
    var usage: [String: ClaudeCodeSession.Usage]
    var usageOrder: [String]
    /// The first and last times its lines recorded: when the sub-agent ran.
    var firstDate: ChatDate?
    var lastDate: ChatDate?
}

/// One session log as it is read, line by line.
struct ClaudeCodeSession {
    /// The header, the calls by id and the warnings; the turns are drafted here (see ``Draft``).
    var log: SessionBuilder<ToolCall>
    var file: String { log.file }
    /// The file on disk, to find sub-agent logs beside it; nil when read from memory.
    let sessionPath: String?
    /// Reference types, so a copy of the reader (a live session's snapshot, see
    /// ``ClaudeCodeLiveLog``) is given fresh ones of its own.
    var images: ImageCounter
    var agents: AgentLogCache
    /// Lines read by earlier calls of ``read(buffer:chunkBytes:)``: a live session is read in
    /// pieces as it grows, and its warnings still name each line by its number in the file.
    var linesBefore = 0
    /// How deep in sub-agents this log is (0 for a session).
    let depth: Int

    // What the conversation is.
    var drafts: [Draft] = []
    var seenLines: Set<String> = []
    var sidechain: [(line: Int, node: JSONNode)] = []
    /// Every chunk of parsed lines, read: freed with the reader rather than one chunk at a time
    /// on the thread that reads the lines.
    var retired: [[(number: Int, result: Result<JSONNode, JSONParser.SyntaxError>)]] = []
    /// Whether ``turns()`` makes the independent calls' parts on all cores (tests turn it off).
    var partsOnAllCores = true
    /// Whether an independent call's parts are made as its result is read (a long session, see
    /// ``ClaudeCodeImporter/readSession(_:)``), and those parts. Paths in them are shown against
    /// the working folder of their time, not the session's last (the same unless it moved).
    var makesPartsEarly = false
    var madeEarly: [String: [TurnPart]] = [:]
    /// Whether the conversation is made from the session once, at its end (a session file read
    /// whole, not a live one read on): ``chat(fallbackTitle:)`` then lets go of what it no
    /// longer needs as it goes (each draft's items as its turn is made, each call's JSON, the
    /// lines seen), so a long session never holds its read state and all its turns at once.
    var freesAsTurnsAreMade = false
    /// Sub-agents' messages forwarded in `agent_progress` lines, by the call that started them
    /// (see ``readProgress(_:line:)``), and the calls in the order first met.
    var forwarded: [String: ForwardedAgent] = [:]
    var forwardedOrder: [String] = []
    /// Progress lines left out for what is odd about them: how many, and where the first was.
    var oddProgress: [String: (count: Int, location: SourceLocation)] = [:]
    var oddProgressOrder: [String] = []
    /// Put before the JSON path of a warning: where in its line a forwarded message is.
    var pathPrefix = ""
    /// The session's lines as a tree by `parentUuid`: a rewound or edited prompt is a second
    /// child of the line before it (see ``ConversationBranches``).
    var tree = ConversationBranches()
    /// The last line of the conversation written: the branch leading to it is the one shown.
    var lastEntry: String?
    /// The line that began each turn of ``turns()``, in order.
    var turnNodes: [String] = []

    // What the header says.
    var customTitle: String?
    var aiTitle: String?
    var summary: String?
    /// Usage per API message id (the last line of a message has its final counts).
    var usage: [String: Usage] = [:]
    var usageOrder: [String] = []
    /// The message ids of compactions' own replies, counted in ``usage``.
    var compactionIDs: Set<String> = []

    /// One turn being built.
    struct Draft {
        var id: String
        var role: Message.Role
        var text = ""
        var date: ChatDate?
        var model: String?
        var items: [Item] = []
        var attachments: [ImportedAttachment] = []
        /// The keys of the turn's API messages in ``ClaudeCodeSession/usage``, in order, each once.
        var usageKeys: [String] = []
    }

    /// A part, or a tool call whose part is made once its result is known. A part is boxed
    /// (`indirect`): a call's item then takes a few words, not the size of the largest part.
    enum Item {
        indirect case part(TurnPart)
        case call(String)
    }

    /// A tool call and, once read, its result.
    struct ToolCall {
        var id: String
        var name: String
        var input: JSONNode?
        var turn: Int
        var result: ToolResult?
    }

    /// A class, so a call waiting for its result (and the table of calls, sized for a session's
    /// lines) holds one reference instead of the result inline.
    final class ToolResult {
        let content: JSONNode?
        let isError: Bool
        /// The line's `toolUseResult`: the tool's own structured record.
        let record: JSONNode?
        let line: Int

        init(content: JSONNode?, isError: Bool, record: JSONNode?, line: Int) {
            self.content = content
            self.isError = isError
            self.record = record
            self.line = line
        }
    }

    struct Usage {
        var input: Tally = 0, output: Tally = 0, cacheRead: Tally = 0, cacheWrite: Tally = 0
        /// Of `cacheWrite`, the one-hour writes (`cache_creation.ephemeral_1h_input_tokens`).
        var cacheWrite1h: Tally = 0
    }

    init(file: String, sessionPath: String?, images: ImageCounter, agents: AgentLogCache, depth: Int) {
        log = SessionBuilder(file: file, versionLabel: "Claude Code")
        self.sessionPath = sessionPath
        self.images = images
        self.agents = agents
        self.depth = depth
    }

    // MARK: Lines

    /// Reads every line of `bytes`; `chunkBytes` is open to tests (see ``chunkBytes``).
    mutating func read(_ bytes: [UInt8], chunkBytes: Int = ClaudeCodeSession.chunkBytes) {
        bytes.withUnsafeBufferPointer { read(buffer: $0, chunkBytes: chunkBytes) }
    }

    /// ``read(_:chunkBytes:)`` from bytes the caller keeps alive for the call (a mapped file).
    /// `doneWith`, when given, is told each run of bytes once its lines are read (a mapped file
    /// gives their pages back); the parsed lines are then freed as they are read, not with the
    /// reader, so a session of hundreds of megabytes never holds all its parsed lines at once.
    mutating func read(
        buffer: UnsafeBufferPointer<UInt8>, chunkBytes: Int = ClaudeCodeSession.chunkBytes, doneWith: ((Range<Int>) -> Void)? = nil
    ) {
        // Line ends found in the buffer without bounds checks: a long session is tens of
        // thousands of lines.
        var lines: [(start: Int, end: Int)] = []
        do {
            guard let base = buffer.baseAddress else { return }
            let count = buffer.count
            var start = 0
            var given = 0
            let raw = UnsafeRawPointer(base)
            while start < count {
                // Finding the lines reads every page of the file: they are given back as it goes
                // (a session of a gigabyte was resident whole here), and each run is read again
                // (from the kernel's cache) when its lines are parsed.
                if let doneWith, start - given >= Self.scannedRun {
                    doneWith(given..<start)
                    given = start
                }
                var end = start
                // Eight bytes at a time while none of them is a line feed.
                while end + 8 <= count {
                    let word = raw.loadUnaligned(fromByteOffset: end, as: UInt64.self) ^ 0x0A0A_0A0A_0A0A_0A0A
                    if (word &- 0x0101_0101_0101_0101) & ~word & 0x8080_8080_8080_8080 != 0 { break }
                    end += 8
                }
                while end < count && base[end] != 0x0A { end += 1 }
                var last = end
                if last > start && base[last - 1] == 0x0D { last -= 1 }
                lines.append((start, last))
                start = end + 1
            }
        }
        doneWith?(0..<buffer.count)
        // Most lines are a turn's, each with its own uuid: room for them all up front. A call
        // takes two lines (its use and its result) and shares the log with text and thinking:
        // room for a quarter of the lines, the table grows once at most beyond.
        seenLines.reserveCapacity(seenLines.count + lines.count)
        log.calls.reserveCapacity(log.calls.count + lines.count / 4)
        // Each line is parsed where it is in the file, not copied out first. Lines are parsed in
        // chunks on all cores and read here in file order as each chunk is ready, so parsing
        // overlaps reading; the warnings come out in the same order as on one core.
        let found = lines
        do {
            let shared = SessionBytes(buffer: buffer)
            let chunks = Self.chunks(of: found, bytes: buffer.count, size: chunkBytes)
            // A thread keeps about three times the bytes it parses as values (and makes the turns'
            // parts after): its heap grows once for them, not one page at a time.
            let reserve = min(buffer.count * 3, 48 << 20)
            // A long session's lines are parsed at most a few chunks ahead of their reading, and
            // freed at most a few chunks behind it.
            let releasing = DispatchSemaphore(value: Self.releasedBehind)
            ParallelChunks.forEachInOrderOnCaller(
                chunks.count, ahead: doneWith == nil ? nil : ParallelChunks.cores * 3,
                { chunk in
                    cplatform_reserve_heap(reserve)
                    return Self.parse(found[chunks[chunk]], in: shared.buffer)
                },
                deliver: { parsed in
                    for (number, result) in parsed {
                        switch result {
                        case .success(let node): readLine(node, number: linesBefore + number + 1)
                        case .failure(let error): lineError(error, number: linesBefore + number + 1)
                        }
                    }
                    if let doneWith, let first = parsed.first, let last = parsed.last {
                        doneWith(found[first.number].start..<found[last.number].end)
                        // Freed now, on another thread, as this one reads on; but never more
                        // than a few chunks behind (on a busy machine the freeing thread, of
                        // low priority, fell behind by hundreds of megabytes of parsed lines).
                        let lines = Retired(parsed)
                        releasing.wait()
                        Self.releaser.async {
                            lines.drop()
                            releasing.signal()
                        }
                    } else {
                        // What the lines kept of their JSON is freed with the reader, off this
                        // thread (see ``ClaudeCodeImporter/readSession(_:)``): the rest, too.
                        retired.append(parsed)
                    }
                })
        }
        linesBefore += found.count
    }

    /// Where parsed lines are freed while a long session is read (see ``read(buffer:chunkBytes:doneWith:)``).
    static let releaser = DispatchQueue(label: "chatrender.session-lines", qos: .utility)

    /// The bytes the line scan reads before it gives their pages back.
    static let scannedRun = 16 << 20

    /// The most chunks of parsed lines handed to ``releaser`` and not yet freed.
    static let releasedBehind = 4

    /// Parsed lines handed to ``releaser``.
    private final class Retired: @unchecked Sendable {
        private var lines: [(number: Int, result: Result<JSONNode, JSONParser.SyntaxError>)]?
        init(_ lines: [(number: Int, result: Result<JSONNode, JSONParser.SyntaxError>)]) { self.lines = lines }
        func drop() { lines = nil }
    }

    /// The session's bytes, read (never written) by the workers while ``read(_:)`` keeps them alive.
    private struct SessionBytes: @unchecked Sendable { let buffer: UnsafeBufferPointer<UInt8> }

    /// Chunks of about this many bytes go to one worker: big enough that handing them over costs
    /// nothing next to their parse, small enough that the first is read early and the cores
    /// finish together.
    static let chunkBytes = 64 * 1024

    /// The most bytes of lines a chunk holds: parsed, about four times as much, and at most
    /// three chunks a core are parsed ahead of the reading (see ``read(buffer:chunkBytes:doneWith:)``).
    static let longChunkBytes = 1 << 20

    /// From this size a session's bytes and parsed lines are given back as they are read.
    static let longSession = 64 << 20

    /// The lines in runs of about `chunkBytes` (a session smaller than that is one run).
    static func chunks(of lines: [(start: Int, end: Int)], bytes: Int, size chunkBytes: Int) -> [Range<Int>] {
        guard !lines.isEmpty else { return [] }
        // A few dozen chunks at most per core: a 50 MB session does not need thousands. But no
        // more than ``longChunkBytes`` each: a long session's chunks parsed ahead of their
        // reading would otherwise hold parsed lines in proportion to the session's length.
        let size = max(chunkBytes, min(bytes / max(1, ParallelChunks.cores * 48), longChunkBytes))
        var chunks: [Range<Int>] = []
        var first = 0
        var start = lines[0].start
        for index in lines.indices where lines[index].end - start >= size {
            chunks.append(first..<index + 1)
            first = index + 1
            if first < lines.count { start = lines[first].start }
        }
        if first < lines.count { chunks.append(first..<lines.count) }
        return chunks
    }

    /// Each line of `lines` (by its 0-based number) parsed; blank lines are left out.
    static func parse(_ lines: ArraySlice<(start: Int, end: Int)>, in buffer: UnsafeBufferPointer<UInt8>)
        -> [(number: Int, result: Result<JSONNode, JSONParser.SyntaxError>)]
    {
        let limit = ParallelChunks.cores > 1 ? JSONParser.parallelThreshold : .max
        var parsed: [(number: Int, result: Result<JSONNode, JSONParser.SyntaxError>)] = []
        parsed.reserveCapacity(lines.count)
        for number in lines.indices {
            let line = lines[number]
            let slice = UnsafeBufferPointer(rebasing: buffer[line.start..<line.end])
            guard slice.contains(where: { $0 != 0x20 && $0 != 0x09 }) else { continue }
            // A line long enough for ``JSONParser`` to split across the cores goes through its
            // whole parse.
            if slice.count >= limit {
                parsed.append(
                    (number, JSONParser.parse(Array(slice), limits: .init(), parallelThreshold: limit, minimumElements: JSONParser.minimumSplitElements)))
            } else {
                parsed.append((number, JSONParser.parseSerially(slice, limits: .init())))
            }
        }
        return parsed
    }

    mutating func lineError(_ error: JSONParser.SyntaxError, number: Int) {
        log.diagnostics.append(
            Diagnostic(.warning, file: file, location: SourceLocation(line: number, column: error.column), message: "\(error.message); the line is left out"))
    }

    mutating func warn(_ message: String, line: Int, node: JSONNode?, path: String) {
        log.diagnostics.append(
            Diagnostic(
                .warning, file: file, location: SourceLocation(line: line, column: node?.column, jsonPath: path.isEmpty ? nil : pathPrefix + path),
                message: message))
    }

    mutating func readLine(_ node: JSONNode, number: Int) {
        guard case .object = node.value else {
            warn("expected a JSON object with \"type\", found \(node.kindDescription); the line is left out", line: number, node: node, path: "")
            return
        }
        guard let type = ImportSource.string(node["type"]) else {
            warn(
                "missing \"type\"; expected \"user\", \"assistant\", \"system\" or another line type; the line is left out", line: number, node: node,
                path: "type")
            return
        }
        // Only a line that names its parent (null for the first) is in the tree: one without
        // `parentUuid` would otherwise be a root of its own and look like a branch.
        if depth == 0, let uuid = ImportSource.string(node["uuid"]), node["parentUuid"] != nil, node["isSidechain"]?.value != .bool(true) {
            noteLink(node, uuid: uuid, type: type, number: number)
        }
        // A line written twice (a resumed session replays its history) counts once.
        if let uuid = ImportSource.string(node["uuid"]), type == "user" || type == "assistant" || type == "system" {
            guard seenLines.insert(uuid).inserted else { return }
        }
        switch type {
        case "user", "assistant":
            if depth == 0, case .bool(true)? = node["isSidechain"]?.value {
                sidechain.append((number, node))
                // A compaction's own reply, when the session's log holds it: its tokens are the
                // session's (the messages it copies count once, by their ids).
                if type == "assistant", ImportSource.string(node["agentId"])?.hasPrefix("acompact") == true, let message = node["message"],
                    let id = ImportSource.string(message["id"]), usage[id] == nil || compactionIDs.contains(id)
                {
                    compactionIDs.insert(id)
                    noteUsage(message, key: id, line: number)
                }
                return
            }
            noteContext(node)
            if type == "user" { readUser(node, line: number) } else { readAssistant(node, line: number) }
        case "system":
            noteContext(node)
            readSystem(node, line: number)
        case "progress":
            readProgress(node, line: number)
        case "summary":
            if let text = ImportSource.string(node["summary"]), !text.isEmpty { summary = text }
        case "ai-title":
            if let text = ImportSource.string(node["aiTitle"]) ?? ImportSource.string(node["title"]), !text.isEmpty { aiTitle = text }
        case "custom-title":
            if let text = ImportSource.string(node["customTitle"]) ?? ImportSource.string(node["title"]), !text.isEmpty { customTitle = text }
        default:
            if ClaudeCodeImporter.bookkeeping.contains(type) { return }
            warn(
                "unknown line type \(JSONReader.quote(type)); expected \"user\", \"assistant\", \"system\", \"summary\", \"ai-title\" or \"custom-title\"; the line is left out",
                line: number, node: node["type"], path: "type")
        }
    }

    /// Where the line hangs in the session's tree: under `parentUuid`, or, for a compaction's
    /// divider (whose `parentUuid` is null), under the line it follows (`logicalParentUuid`).
    mutating func noteLink(_ node: JSONNode, uuid: String, type: String, number: Int) {
        let parent = ImportSource.string(node["parentUuid"]) ?? ImportSource.string(node["logicalParentUuid"])
        tree.add(uuid, parent: parent, rank: number)
        if type == "user" || type == "assistant" || type == "system" { lastEntry = uuid }
    }

    /// The session's place and time, from the lines that carry them.
    mutating func noteContext(_ node: JSONNode) {
        if let value = ImportSource.string(node["cwd"]), !value.isEmpty { log.project = value }
        if let value = ImportSource.string(node["gitBranch"]), !value.isEmpty { log.branch = value }
        if let value = ImportSource.string(node["version"]), !value.isEmpty { log.version = value }
        if let raw = ImportSource.string(node["timestamp"]), let date = ChatDate(iso: raw) {
            log.widenSpan(date)
        }
    }

    static func date(_ node: JSONNode) -> ChatDate? {
        ImportSource.string(node["timestamp"]).flatMap { ChatDate(iso: $0) }
    }

    /// The content of a line's `message`: its blocks (a string is one text block).
    mutating func blocks(_ node: JSONNode, line: Int) -> Blocks? {
        guard let message = node["message"], case .object = message.value else {
            warn("missing \"message\"; expected an object with \"content\"; the line is left out", line: line, node: node, path: "message")
            return nil
        }
        guard let content = message["content"] else {
            warn(
                "missing \"content\"; expected a string or an array of content blocks; the line is left out", line: line, node: message, path: "message.content"
            )
            return nil
        }
        switch content.value {
        case .string:
            return Blocks(
                items: [JSONNode(.object([("type", JSONNode(.string("text"))), ("text", content)]), line: content.line, column: content.column)], whole: true)
        case .array(let items): return Blocks(items: items, whole: false)
        default:
            warn(
                "expected a string or an array of content blocks, found \(content.kindDescription); the line is left out", line: line, node: content,
                path: "message.content")
            return nil
        }
    }

    /// A message's content blocks; each one's JSON path is only spelled out for a warning.
    struct Blocks {
        var items: [JSONNode]
        /// The content was one string, read as one text block.
        var whole: Bool

        func path(_ index: Int) -> String { whole ? "message.content" : "message.content[\(index)]" }
    }

    // MARK: Turns

    /// The assistant turn now being written: the last turn when it is the assistant's, else a new one.
    mutating func assistantTurn(_ node: JSONNode) -> Int {
        if let last = drafts.indices.last, drafts[last].role == .assistant { return last }
        drafts.append(Draft(id: ImportSource.string(node["uuid"]) ?? "t\(drafts.count + 1)", role: .assistant, date: Self.date(node)))
        return drafts.count - 1
    }

    mutating func append(_ part: TurnPart, toAssistant node: JSONNode) {
        let turn = assistantTurn(node)
        drafts[turn].items.append(.part(part))
    }

    mutating func readAssistant(_ node: JSONNode, line: Int) {
        guard let blocks = blocks(node, line: line) else { return }
        let message = node["message"]!
        let messageID = ImportSource.string(message["id"])
        let model = ImportSource.string(message["model"]).flatMap { $0.isEmpty || $0 == "<synthetic>" ? nil : $0 }
        if let model, !log.models.contains(model) { log.models.append(model) }
        let usageKey = messageID ?? "line \(line)"
        noteUsage(message, key: usageKey, line: line)
        // A synthetic reply Claude Code wrote itself for a failed request: an error line, not speech.
        if case .bool(true)? = node["isApiErrorMessage"]?.value {
            let text = blocks.items.compactMap { ImportSource.string($0["text"]) }.joined(separator: "\n")
            var notice = NoticePart(kind: .error, text: text.isEmpty ? "API error" : SessionText.oneLine(text))
            if text.isEmpty { notice.phrase = UIPhrase(.apiError) }
            let turn = assistantTurn(node)
            if usage[usageKey] != nil, drafts[turn].usageKeys.last != usageKey, !drafts[turn].usageKeys.contains(usageKey) {
                drafts[turn].usageKeys.append(usageKey)
            }
            drafts[turn].items.append(.part(.notice(notice)))
            return
        }
        let turn = assistantTurn(node)
        if usage[usageKey] != nil, drafts[turn].usageKeys.last != usageKey, !drafts[turn].usageKeys.contains(usageKey) {
            drafts[turn].usageKeys.append(usageKey)
        }
        if drafts[turn].model == nil { drafts[turn].model = model }
        for (index, block) in blocks.items.enumerated() {
            guard case .object = block.value, let type = ImportSource.string(block["type"]) else {
                warn("expected a content block object with \"type\"; the block is left out", line: line, node: block, path: blocks.path(index))
                continue
            }
            switch type {
            case "text":
                guard let text = ImportSource.string(block["text"]) else {
                    warn(
                        "expected \"text\" to be a string; the block is left out", line: line, node: block["text"] ?? block, path: blocks.path(index) + ".text")
                    continue
                }
                if text == "(no content)" { continue }
                let visible = ClaudeCodeText.withoutReminders(text)
                if !visible.trimmingASCIIWhitespace().isEmpty { drafts[turn].items.append(.part(.text(visible))) }
            case "thinking":
                // Signatures are the API's, never shown; empty thinking (only a signature) is left out.
                let text = ImportSource.string(block["thinking"]) ?? ""
                if !text.trimmingASCIIWhitespace().isEmpty { drafts[turn].items.append(.part(.thinking(ThinkingPart(text: text)))) }
            case "redacted_thinking":
                continue
            case "tool_use":
                guard let id = ImportSource.string(block["id"]), let name = ImportSource.string(block["name"]) else {
                    warn("a tool_use block needs \"id\" and \"name\" strings; the call is left out", line: line, node: block, path: blocks.path(index))
                    continue
                }
                if log.calls[id] != nil { continue }  // the same call logged twice
                log.calls[id] = ToolCall(id: id, name: name, input: block["input"], turn: turn)
                drafts[turn].items.append(.call(id))
            case "image":
                if let attachment = image(block) { drafts[turn].attachments.append(attachment) }
            case "server_tool_use", "web_search_tool_result", "web_fetch_tool_result", "code_execution_tool_result", "mcp_tool_use", "mcp_tool_result":
                continue
            default:
                warn(
                    "unknown content block type \(JSONReader.quote(type)); expected \"text\", \"thinking\" or \"tool_use\"; the block is left out", line: line,
                    node: block["type"], path: blocks.path(index) + ".type")
            }
        }
    }

    /// An API message's token usage, under `key` (its id): a later line of the message replaces
    /// an earlier one's counts, as the last line has the final ones.
    mutating func noteUsage(_ message: JSONNode, key: String, line: Int) {
        guard let usageNode = message["usage"], case .object = usageNode.value else { return }
        if usage[key] == nil { usageOrder.append(key) }
        func count(_ field: String) -> Tally { log.tallies.countOrZero(usageNode[field], line: line, path: pathPrefix + "message.usage." + field) }
        // `cache_creation` splits the writes by how long they are kept (since mid-2025); the one-hour
        // ones cost more, so they are kept apart (the five-minute ones are the rest).
        let oneHour = log.tallies.countOrZero(
            usageNode["cache_creation"]?["ephemeral_1h_input_tokens"], line: line, path: pathPrefix + "message.usage.cache_creation.ephemeral_1h_input_tokens")
        usage[key] = Usage(
            input: count("input_tokens"), output: count("output_tokens"), cacheRead: count("cache_read_input_tokens"),
            cacheWrite: count("cache_creation_input_tokens"), cacheWrite1h: oneHour)
    }

    mutating func readUser(_ node: JSONNode, line: Int) {
        // Context Claude Code gave the model (skill text, caveats): not something the person said.
        if case .bool(true)? = node["isMeta"]?.value { return }
        guard let blocks = blocks(node, line: line) else { return }
        var texts: [String] = []
        var pictures: [ImportedAttachment] = []
        var results: [(JSONNode, Int)] = []
        for (index, block) in blocks.items.enumerated() {
            guard case .object = block.value, let type = ImportSource.string(block["type"]) else {
                warn("expected a content block object with \"type\"; the block is left out", line: line, node: block, path: blocks.path(index))
                continue
            }
            switch type {
            case "text":
                if let text = ImportSource.string(block["text"]) { texts.append(text) }
            case "image":
                if let attachment = image(block) { pictures.append(attachment) }
            case "tool_result":
                results.append((block, index))
            case "document":
                continue
            default:
                warn(
                    "unknown content block type \(JSONReader.quote(type)); expected \"text\", \"image\" or \"tool_result\"; the block is left out", line: line,
                    node: block["type"], path: blocks.path(index) + ".type")
            }
        }
        for (block, index) in results {
            guard let id = ImportSource.string(block["tool_use_id"]) else {
                warn("a tool_result needs a \"tool_use_id\" string; the result is left out", line: line, node: block, path: blocks.path(index))
                continue
            }
            guard log.calls[id] != nil else {
                warn(
                    "a result for tool call \(JSONReader.quote(id)), which is not in the log; the result is left out", line: line, node: block["tool_use_id"],
                    path: blocks.path(index) + ".tool_use_id")
                continue
            }
            var isError = false
            if case .bool(true)? = block["is_error"]?.value { isError = true }
            // The line's record belongs to its one result (Claude Code writes one result a line).
            log.calls[id]!.result = ToolResult(
                content: block["content"], isError: isError, record: results.count == 1 ? node["toolUseResult"] : nil, line: line)
            // A long session makes an independent call's parts as soon as its result is read, and
            // lets its result's JSON go: it never holds every call's output twice.
            if makesPartsEarly, ClaudeCodeTools.isIndependent(log.calls[id]!) {
                var none: [ImportedAttachment] = []
                madeEarly[id] = ClaudeCodeTools.parts(for: log.calls[id]!, in: &self, attachments: &none)
                log.calls[id]!.input = nil
                log.calls[id]!.result = nil
            }
        }
        let text = texts.joined(separator: "\n\n")
        // The compaction summary Claude Code wrote to carry on: folded into the divider.
        if case .bool(true)? = node["isCompactSummary"]?.value {
            attachCompactionSummary(text, node: node)
            return
        }
        if ClaudeCodeText.isInterruption(text) {
            var notice = NoticePart(kind: .interrupted, text: "Interrupted by the person")
            notice.phrase = UIPhrase(.interruptedByPerson)
            append(.notice(notice), toAssistant: node)
            return
        }
        // Most prompts have no tags at all: one look for a '<' instead of one per tag.
        let tagged = ClaudeCodeText.has(UInt8(ascii: "<"), in: text)
        if tagged, let command = ClaudeCodeText.command(text) {
            addCommand(command, node: node)
            return
        }
        if tagged, let output = ClaudeCodeText.tagged("local-command-stdout", in: text) ?? ClaudeCodeText.tagged("local-command-stderr", in: text) {
            addCommandOutput(output, node: node)
            return
        }
        if tagged, let shell = ClaudeCodeText.tagged("bash-input", in: text) {
            drafts.append(
                Draft(
                    id: ImportSource.string(node["uuid"]) ?? "t\(drafts.count + 1)", role: .user, date: Self.date(node),
                    items: [.part(.terminal(TerminalPart(command: shell, output: "")))]))
            return
        }
        if tagged, let stdout = ClaudeCodeText.tagged("bash-stdout", in: text) {
            let stderr = ClaudeCodeText.tagged("bash-stderr", in: text) ?? ""
            if let last = drafts.indices.last, drafts[last].role == .user, case .part(.terminal(var terminal))? = drafts[last].items.last,
                terminal.output.isEmpty
            {
                terminal.output = [stdout, stderr].filter { !$0.isEmpty }.joined(separator: "\n")
                drafts[last].items[drafts[last].items.count - 1] = .part(.terminal(terminal))
            }
            return
        }
        // A message Claude Code wrote in the person's place (a background task finished, a
        // caveat, a hook's context): a notice or nothing, never the person's words.
        if tagged, pictures.isEmpty, let elements = ClaudeCodeText.harness(text) {
            for element in elements {
                guard case .notice(let child) = element.kind else { continue }
                let line = ClaudeCodeText.harnessLine(element.body, from: child)
                if !line.isEmpty { append(.notice(NoticePart(kind: .info, text: line)), toAssistant: node) }
            }
            return
        }
        let visible = (tagged ? ClaudeCodeText.withoutReminders(text) : text).trimmingASCIIWhitespace()
        guard !visible.isEmpty || !pictures.isEmpty else { return }
        if log.firstPrompt == nil, !visible.isEmpty { log.firstPrompt = visible }
        var draft = Draft(id: ImportSource.string(node["uuid"]) ?? "t\(drafts.count + 1)", role: .user, text: visible, date: Self.date(node))
        draft.attachments = pictures
        drafts.append(draft)
    }

    mutating func addCommand(_ command: ClaudeCodeText.Command, node: JSONNode) {
        let line = command.args.isEmpty ? command.name : "\(command.name) \(command.args)"
        // A session opened with a command that does the work ("/init", "/review 12") is titled
        // by it; one that sets something up first ("/model opus") by the prompt after it.
        if log.firstPrompt == nil, !ClaudeCodeText.settingCommands.contains(command.name) { log.firstPrompt = line }
        drafts.append(
            Draft(
                id: ImportSource.string(node["uuid"]) ?? "t\(drafts.count + 1)", role: .user, date: Self.date(node),
                items: [.part(.notice(NoticePart(kind: .command, text: line)))]))
    }

    /// What a slash command printed: folded into the command's chip when it comes right after it.
    mutating func addCommandOutput(_ output: String, node: JSONNode) {
        let text = SessionText.plain(output)
        guard !text.trimmingASCIIWhitespace().isEmpty else { return }
        if let last = drafts.indices.last, drafts[last].role == .user, case .part(.notice(var notice))? = drafts[last].items.last,
            notice.kind == .command, notice.detail == nil
        {
            notice.detail = text
            drafts[last].items[drafts[last].items.count - 1] = .part(.notice(notice))
            return
        }
        drafts.append(
            Draft(
                id: ImportSource.string(node["uuid"]) ?? "t\(drafts.count + 1)", role: .user, date: Self.date(node),
                items: [
                    .part(
                        .notice(
                            {
                                var notice = NoticePart(kind: .command, text: "Command output", detail: text)
                                notice.phrase = UIPhrase(.commandOutput)
                                return notice
                            }()))
                ]))
    }

    mutating func attachCompactionSummary(_ text: String, node: JSONNode) {
        for turn in drafts.indices.reversed() {
            for item in drafts[turn].items.indices.reversed() {
                if case .part(.notice(var notice)) = drafts[turn].items[item], notice.kind == .compacted, notice.detail == nil {
                    notice.detail = text
                    drafts[turn].items[item] = .part(.notice(notice))
                    return
                }
            }
        }
        var notice = NoticePart(kind: .compacted, text: "Conversation compacted", detail: text)
        notice.phrase = UIPhrase(.conversationCompacted)
        append(.notice(notice), toAssistant: node)
    }

    mutating func readSystem(_ node: JSONNode, line: Int) {
        let subtype = ImportSource.string(node["subtype"]) ?? ""
        let content = ImportSource.string(node["content"]) ?? ""
        switch subtype {
        case "compact_boundary":
            var text = "Conversation compacted"
            let metadata = node["compactMetadata"]
            let automatic = ImportSource.string(metadata?["trigger"]) == "auto"
            if automatic { text += " automatically" }
            let before = log.tallies.countOrZero(metadata?["preTokens"], line: line, path: pathPrefix + "compactMetadata.preTokens")
            if before > 0 { text += " at \(SessionText.tokens(before)) tokens" }
            var notice = NoticePart(kind: .compacted, text: text)
            notice.phrase =
                before > 0
                ? UIPhrase(automatic ? .compactedAutomaticallyAt : .compactedAt, ["tokens": SessionText.tokens(before)])
                : UIPhrase(automatic ? .compactedAutomatically : .conversationCompacted)
            append(.notice(notice), toAssistant: node)
        case "turn_duration":
            let milliseconds = Self.int(node["durationMs"])
            if milliseconds > 0, let last = drafts.indices.last, drafts[last].role == .assistant {
                var notice = NoticePart(kind: .info, text: "Worked for \(SessionText.duration(milliseconds / 1000))")
                notice.phrase = UIPhrase(.workedFor, seconds: Double(milliseconds / 1000))
                drafts[last].items.append(.part(.notice(notice)))
            }
        case "api_error":
            var text = "API error"
            if let message = ClaudeCodeText.firstMessage(in: node["error"]) { text += ": \(SessionText.oneLine(message))" }
            let attempt = Self.int(node["retryAttempt"]), most = Self.int(node["maxRetries"])
            if attempt > 0 { text += most > 0 ? " (retry \(attempt) of \(most))" : " (retry \(attempt))" }
            append(.notice(NoticePart(kind: .error, text: text)), toAssistant: node)
        case "local_command":
            if let command = ClaudeCodeText.command(content) {
                addCommand(command, node: node)
            } else if let output = ClaudeCodeText.tagged("local-command-stdout", in: content) ?? ClaudeCodeText.tagged("local-command-stderr", in: content) {
                addCommandOutput(output, node: node)
            }
        case "stop_hook_summary":
            return
        default:
            let visible = ClaudeCodeText.withoutReminders(content).trimmingASCIIWhitespace()
            guard !visible.isEmpty else { return }
            let level = ImportSource.string(node["level"])
            append(.notice(NoticePart(kind: level == "error" ? .error : .info, text: SessionText.oneLine(SessionText.plain(visible)))), toAssistant: node)
        }
    }

    // MARK: Images

    /// An image block with base64 data as an attachment with a session-wide id.
    func image(_ block: JSONNode) -> ImportedAttachment? {
        guard let source = block["source"], ImportSource.string(source["type"]) == "base64",
            let data = ImportSource.string(source["data"]), let bytes = InlineData.decodeBase64(data)
        else { return nil }
        let type = InlineData.contentType(declared: ImportSource.string(source["media_type"]), bytes: bytes)
        let id = images.id()
        return ImportedAttachment(
            id: id, name: images.name("image-\(id.dropFirst())", contentType: type),
            contentType: type, byteCount: Int64(bytes.count), content: .bytes(bytes))
    }

    /// A number that is not a count (a line number, a duration, an attempt), as a whole number
    /// within ±``Tally/inputLimit``, so that a sum or difference of two cannot overflow; 0 when
    /// absent or past it.
    static func int(_ node: JSONNode?) -> Int {
        guard let node, case .number(let value, let integer) = node.value else { return 0 }
        let limit = Tally.inputLimit
        if let integer { return integer.magnitude <= UInt64(limit) ? Int(integer) : 0 }
        return value.isFinite && abs(value) <= Double(limit) ? Int(value) : 0
    }

    // MARK: The conversation

    /// The turns with every call made into its parts; nil when there are none.
    mutating func turns() -> [ImportedTurn] {
        let ahead = partsAhead()
        let made = ahead.independent
        var early = ahead.inOrder
        var turns: [ImportedTurn] = []
        turns.reserveCapacity(drafts.count)
        // Each API message counts once, in the first turn that has it (as in the header's total).
        var counted: Set<String> = []
        var unshown: TokenUsage?
        let frees = freesAsTurnsAreMade
        for index in drafts.indices {
            let draft = drafts[index]
            // What the turn is made of is let go once it is made (what the turn keeps is shared);
            // its usage keys stay, for the compactions' usage (see ``addingCompactionUsage(to:)``).
            if frees {
                drafts[index].items = []
                drafts[index].attachments = []
            }
            var parts: [TurnPart] = []
            var attachments = draft.attachments
            for item in draft.items {
                switch item {
                case .part(let part): parts.append(part)
                case .call(let id):
                    if let ready = madeEarly.removeValue(forKey: id) {
                        if parts.isEmpty { parts = ready } else { parts += ready }
                        continue
                    }
                    if let ready = made[id] {
                        if parts.isEmpty { parts = ready } else { parts += ready }
                        continue
                    }
                    if let done = early.removeValue(forKey: id) {
                        parts += done.parts
                        attachments += done.attachments
                        continue
                    }
                    guard let call = log.calls[id] else { continue }
                    parts += ClaudeCodeTools.parts(for: call, in: &self, attachments: &attachments)
                    // The call stays known (a sub-agent's progress lines are checked against it).
                    if frees {
                        log.calls[id]!.input = nil
                        log.calls[id]!.result = nil
                    }
                }
            }
            if draft.role == .assistant && parts.isEmpty && attachments.isEmpty {
                // Nothing to show, but its tokens were spent: the turn before (or after) carries them.
                if let spent = turnUsage(draft.usageKeys.filter { counted.insert($0).inserted }) {
                    if let last = turns.indices.last(where: { turns[$0].role == .assistant }) {
                        turns[last].usage = turns[last].usage.map { $0.adding(spent) } ?? spent
                    } else {
                        unshown = unshown.map { $0.adding(spent) } ?? spent
                    }
                }
                continue
            }
            var turn = ImportedTurn(id: draft.id, role: draft.role, text: draft.text, date: draft.date, attachments: attachments)
            turn.parts = parts
            turn.model = draft.model
            turn.usage = turnUsage(draft.usageKeys.filter { counted.insert($0).inserted })
            if let spent = unshown, draft.role == .assistant {
                turn.usage = spent.adding(turn.usage ?? TokenUsage(context: spent.context))
                unshown = nil
            }
            turns.append(turn)
            turnNodes.append(draft.id)
        }
        // Ids must be unique: a log copied into itself can repeat a uuid.
        var seen: Set<String> = []
        seen.reserveCapacity(turns.count)
        for index in turns.indices where !seen.insert(turns[index].id).inserted {
            turns[index].id += "-\(index + 1)"
            seen.insert(turns[index].id)
        }
        return turns
    }

    /// The parts of a session's many calls, made before the turns are put together:
    /// - `independent`: the calls whose parts depend on nothing but the call and the working
    ///   folder (see ``ClaudeCodeTools/isIndependent(_:)``), made on all cores;
    /// - `inOrder`: meanwhile, on this thread, the others (a sub-agent's transcript, a result's
    ///   images), in the order ``turns()`` meets them, as they hand out image ids and read
    ///   sub-agent logs: their parts, and the attachments each added to its turn.
    /// Both are empty for a session with few calls: ``turns()`` then makes every call's parts itself.
    mutating func partsAhead() -> (independent: [String: [TurnPart]], inOrder: [String: (parts: [TurnPart], attachments: [ImportedAttachment])]) {
        guard partsOnAllCores, ParallelChunks.cores > 1, log.calls.count >= Self.parallelCalls else { return ([:], [:]) }
        var ids: [String] = []
        var others: [String] = []
        for draft in drafts {
            for case .call(let id) in draft.items where madeEarly[id] == nil {
                guard let call = log.calls[id] else { continue }
                if ClaudeCodeTools.isIndependent(call) { ids.append(id) } else { others.append(id) }
            }
        }
        guard ids.count >= Self.parallelCalls else { return ([:], [:]) }
        let chunkCount = min(ids.count / 16, ParallelChunks.cores * 4)
        // The independent calls are taken out of the session, a run for each chunk: a chunk's
        // inputs and results are freed once its parts are made, so a long session does not hold
        // all its calls' JSON and all their parts at once. The session keeps each call, emptied.
        let found = ids
        let handed = HandedCalls(
            (0..<chunkCount).map { chunk in
                let lower = found.count * chunk / chunkCount, upper = found.count * (chunk + 1) / chunkCount
                return found[lower..<upper].map { log.calls[$0]! }
            })
        for id in found {
            log.calls[id]!.input = nil
            log.calls[id]!.result = nil
        }
        // The workers read a copy of the session taken now: what this thread changes while they
        // run (image ids, sub-agent logs read, warnings) is its own.
        let shared = SharedSession(session: self)
        var inOrder: [String: (parts: [TurnPart], attachments: [ImportedAttachment])] = [:]
        let chunks = ParallelChunks.map(
            chunkCount, placeholder: [[TurnPart]](),
            { chunk in
                // Each worker its own copy: nothing of the session is written for an independent call.
                var session = shared.session
                var attachments: [ImportedAttachment] = []
                return handed.take(chunk).map { ClaudeCodeTools.parts(for: $0, in: &session, attachments: &attachments) }
            },
            alongside: {
                for id in others {
                    var added: [ImportedAttachment] = []
                    let parts = ClaudeCodeTools.parts(for: log.calls[id]!, in: &self, attachments: &added)
                    inOrder[id] = (parts, added)
                }
            })
        var made: [String: [TurnPart]] = [:]
        made.reserveCapacity(ids.count)
        var next = 0
        for chunk in chunks {
            for parts in chunk {
                made[ids[next]] = parts
                next += 1
            }
        }
        return (made, inOrder)
    }

    /// The tokens of the API messages `keys`, in order: their counts added, and the context
    /// after the last (its prompt, cached or not, and its reply). Nil when none recorded any.
    func turnUsage(_ keys: [String]) -> TokenUsage? {
        var total: TokenUsage?
        for key in keys {
            guard let one = usage[key] else { continue }
            let call = TokenUsage(
                input: one.input, output: one.output, cacheRead: one.cacheRead, cacheWrite: one.cacheWrite, cacheWrite1h: one.cacheWrite1h,
                context: one.input + one.cacheRead + one.cacheWrite + one.output)
            total = total.map { $0.adding(call) } ?? call
        }
        return total
    }

    /// Compactions' own replies (see ``addCompactionUsage()``) are in no turn: each is counted in
    /// the turn that marks its compaction, in order (the last such turn takes any left over; a
    /// session with no mark, its last reply), so that the turns add up to the header's total.
    /// Their counts join the turn's; its context stays its own.
    func addingCompactionUsage(to turns: inout [ImportedTurn]) {
        var inTurns: Set<String> = []
        for draft in drafts { inTurns.formUnion(draft.usageKeys) }
        let keys = usageOrder.filter { compactionIDs.contains($0) && !inTurns.contains($0) }
        guard !keys.isEmpty else { return }
        let marked = turns.indices.filter { index in
            turns[index].parts.contains { if case .notice(let notice) = $0 { return notice.kind == .compacted } else { return false } }
        }
        guard let fallback = marked.last ?? turns.indices.last(where: { turns[$0].role == .assistant }) ?? turns.indices.last else { return }
        for (n, key) in keys.enumerated() {
            guard let one = usage[key] else { continue }
            let index = n < marked.count ? marked[n] : fallback
            let extra = TokenUsage(
                input: one.input, output: one.output, cacheRead: one.cacheRead, cacheWrite: one.cacheWrite, cacheWrite1h: one.cacheWrite1h)
            if let mine = turns[index].usage {
                var added = mine + extra
                added.context = mine.context
                turns[index].usage = added
            } else {
                turns[index].usage = extra
            }
        }
    }

    /// Fewer calls than this are made in order: handing them to the workers would cost more.
    static let parallelCalls = 64

    /// The session, read (never written) by the workers of ``partsAhead()``.
    private struct SharedSession: @unchecked Sendable { let session: ClaudeCodeSession }

    /// The calls of each chunk of ``partsAhead()``, each taken once by the worker that makes the
    /// chunk's parts (and freed with them).
    private final class HandedCalls: @unchecked Sendable {
        private let chunks: Locked<[[ToolCall]]>
        init(_ chunks: [[ToolCall]]) { self.chunks = Locked(chunks) }
        func take(_ chunk: Int) -> [ToolCall] {
            chunks.withLock { chunks in
                let handed = chunks[chunk]
                chunks[chunk] = []
                return handed
            }
        }
    }

    mutating func chat(fallbackTitle: String) -> ImportedChat? {
        // Only a session read on needs the lines seen (a line written twice counts once).
        if freesAsTurnsAreMade { seenLines = [] }
        var turns = turns()
        if depth == 0, !tree.isEmpty {
            // The branch leading to the last line written is shown; a rewound or edited prompt's
            // other branches (a prompt among their turns) are kept beside it.
            // Moved only when a branch is there: a session of one thread keeps its one array.
            if let order = tree.order(turnNodes, leaf: lastEntry, isBranch: { branch in branch.contains { turns[$0].role == .user } }) {
                turns = ConversationBranches.apply(order, to: turns)
            }
        }
        log.diagnostics += progressWarnings() + log.tallies.warnings
        guard !turns.isEmpty else { return nil }
        addCompactionUsage()
        addingCompactionUsage(to: &turns)
        log.title = customTitle ?? aiTitle ?? summary
        // Each API message once: the session's, its sub-agents' and its compactions' own replies.
        log.tokens = usageOrder.reduce(into: TokenUsage()) { total, key in
            if let one = usage[key] {
                total =
                    total
                    + TokenUsage(input: one.input, output: one.output, cacheRead: one.cacheRead, cacheWrite: one.cacheWrite, cacheWrite1h: one.cacheWrite1h)
            }
        }
        var chat = ImportedChat(title: log.title(fallback: fallbackTitle), date: log.firstDate, turns: turns)
        chat.facts = log.facts()
        return chat
    }
}
