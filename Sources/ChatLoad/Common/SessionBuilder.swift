import ChatModel
import ChatSupport

/// What every agent reader fills as it reads one session, whatever the format: the header's
/// facts (project, branch, the agent's version, models, first and last date, first prompt, the
/// agent's own title, tokens), the turns (a prompt, then one reply of all the agent did until the
/// next), the tool calls by id so a result finds its call wherever it comes, and the kinds of
/// record the reader did not know, counted. A reader is the mapping of its format onto this:
/// ``AgentSession`` makes the turns from it, each sub-agent nested at the call that started it
/// (``SubAgentTranscript``), and the conversation.
struct SessionBuilder<Call> {
    /// The log, as warnings name it.
    let file: String
    var diagnostics: [Diagnostic] = []
    /// Lines of the log read so far, so a warning names a line by its number in the file when
    /// the log is read in pieces.
    var linesRead = 0

    // MARK: The header

    /// The folder the agent worked in; the index groups a site by its last name.
    var project: String?
    /// The project's label in the header when it is not "Project" (Cursor's "Workspace").
    var projectLabel: String?
    var branch: String?
    /// How the header names the agent beside its ``version`` ("Codex", "Claude Code").
    var versionLabel: String?
    var version: String?
    /// A sub-agent's own name when its log is read as a session: a header fact, and the speaker
    /// of its replies.
    var agentName: String?
    /// Every model used, in the order first used (sub-agents' with theirs, see ``adopt(_:)``).
    var models: [String] = []
    /// The model in use now: a new reply's.
    var model: String?
    var firstDate: ChatDate?
    var lastDate: ChatDate?
    var firstPrompt: String?
    /// The agent's own title for the session (one the person gave, or a summary it wrote); the
    /// first prompt titles it otherwise.
    var title: String?
    /// The session's token totals. `input` counts the cached input too when
    /// ``inputCountsCacheRead`` (as Codex and Gemini CLI record it); the header shows it without.
    var tokens = TokenUsage()
    var inputCountsCacheRead = false

    // MARK: The turns

    /// The turns as read; ``AgentSession/turns()`` makes them into turns.
    var drafts: [Draft] = []
    /// Every tool call by its id, joined to its result by the reader as it comes.
    var calls: [String: Call] = [:]
    /// Calls whose id came again (a call logged twice): every item naming them shows the last.
    var repeatedCalls: Set<String> = []
    /// Whether ``AgentSession/turns()`` lets go of each draft's items and each call as it makes
    /// their turn (a log read once, whole), so a long session never holds its read state and
    /// all its turns at once. Off for a session read on (a live one's snapshot is a copy, which
    /// would copy what it lets go).
    var freesAsTurnsAreMade = false
    /// Kinds of record not known, each counted, warned about once (see ``UnknownKinds``).
    var unknown = UnknownKinds()
    /// The counts the log gives (tokens, windows), read as ``Tally`` values: one warning per
    /// field out of range (see ``TallyReader``).
    var tallies: TallyReader

    /// A turn while it is read: a prompt, or a reply whose calls are named by id until the end.
    struct Draft {
        var id: String
        var role: Message.Role
        var text = ""
        var date: ChatDate?
        var items: [Item] = []
        var attachments: [ImportedAttachment] = []
        var model: String?
        /// The tokens its API calls used, as the log records them.
        var usage: TokenUsage?
    }

    /// A part, or a call by its id. A part is boxed (`indirect`): most items of a long log are
    /// calls, and an item then takes a few words, not the size of the largest part.
    enum Item {
        indirect case part(TurnPart)
        case call(String)
    }

    init(file: String, versionLabel: String? = nil) {
        self.file = file
        self.versionLabel = versionLabel
        tallies = TallyReader(file: file)
    }

    // MARK: Filling it

    /// A model in use from now on.
    mutating func useModel(_ name: String) {
        model = name
        if !models.contains(name) { models.append(name) }
    }

    /// A date the log recorded, in the order written: the first is the session's start, the
    /// latest its end.
    mutating func noteDate(_ date: ChatDate) {
        if firstDate == nil { firstDate = date }
        lastDate = date
    }

    /// A date the log recorded, in any order: the session spans the earliest to the latest.
    mutating func widenSpan(_ date: ChatDate) {
        if firstDate == nil || date.secondsSinceEpoch < firstDate!.secondsSinceEpoch { firstDate = date }
        if lastDate == nil || date.secondsSinceEpoch > lastDate!.secondsSinceEpoch { lastDate = date }
    }

    /// The person's prompt: a turn of its own (the first titles the session).
    mutating func prompt(_ text: String, date: ChatDate?, attachments: [ImportedAttachment] = [], id: String? = nil) {
        if firstPrompt == nil, !text.isEmpty { firstPrompt = text }
        var draft = Draft(id: id ?? "t\(drafts.count + 1)", role: .user, text: text, date: date)
        draft.attachments = attachments
        drafts.append(draft)
    }

    /// Adds to the reply being written: the last turn when it is the assistant's, else a new one
    /// (of now, and of the model in use).
    mutating func reply(_ item: Item) {
        openReply()
        drafts[drafts.count - 1].items.append(item)
    }

    /// ``reply(_:)`` for a part.
    mutating func reply(_ part: TurnPart) { reply(.part(part)) }

    /// Parts of a reply the log dates and names itself: added to the reply being written, or the
    /// first of a new one. Nothing is added for no parts.
    mutating func reply(_ parts: [TurnPart], id: String, date: ChatDate?, model: String?) {
        guard !parts.isEmpty else { return }
        if drafts.last?.role != .assistant { drafts.append(Draft(id: id, role: .assistant, date: date, model: model)) }
        drafts[drafts.count - 1].items += parts.map { .part($0) }
    }

    /// Makes sure the last turn is a reply, and returns its index.
    @discardableResult
    mutating func openReply() -> Int {
        if drafts.last?.role != .assistant {
            drafts.append(Draft(id: "t\(drafts.count + 1)", role: .assistant, date: lastDate, model: model))
        }
        return drafts.count - 1
    }

    /// A tool call, shown where it is in the reply; its result joins it by `id` when it comes.
    mutating func call(_ id: String, _ call: Call) {
        if calls.updateValue(call, forKey: id) != nil { repeatedCalls.insert(id) }
        reply(.call(id))
    }

    /// Tokens spent by the reply being written (one is opened for them).
    mutating func spend(_ usage: TokenUsage) {
        let last = openReply()
        drafts[last].usage = drafts[last].usage.map { $0.adding(usage) } ?? usage
    }

    /// A record of a kind the reader does not know: `unknown KIND "NAME"` (or `kind` alone for
    /// an empty name), warned about once with a count (see ``UnknownKinds``).
    mutating func note(_ kind: String, _ name: String, line: Int?) {
        unknown.note(name.isEmpty ? kind : "unknown \(kind) \(Diagnostic.quote(name))", line: line)
    }

    /// A sub-agent's header joined to this one's: its models after these, its tokens added.
    mutating func adopt<Other>(_ child: SessionBuilder<Other>) {
        for model in child.models where !models.contains(model) { models.append(model) }
        tokens = tokens + child.tokens
    }

    // MARK: The conversation

    /// The page's title, in words (see ``TitleWords``): the agent's own title, else the first
    /// line of words of the first prompt, else `fallback` (the log's name).
    func title(fallback: String) -> String {
        title.flatMap(TitleWords.of) ?? firstPrompt.flatMap(TitleWords.of) ?? fallback
    }

    /// The conversation of `turns` with this header; nil when nothing in it is shown (no prompt
    /// and no reply with a part: a log of bookkeeping only).
    func chat(_ turns: [ImportedTurn], fallbackTitle: String) -> ImportedChat? {
        guard turns.contains(where: { $0.role == .user || !$0.parts.isEmpty }) else { return nil }
        var chat = ImportedChat(title: title(fallback: fallbackTitle), date: firstDate, turns: turns)
        chat.facts = facts()
        chat.project = project
        return chat
    }

    /// The header: project, branch, the agent's version, the sub-agent's name, models, time span
    /// and token totals, each when known.
    func facts() -> [ConversationFact] {
        var facts: [ConversationFact] = []
        if let project { facts.append(projectLabel.map { ConversationFact(label: $0, value: project) } ?? ConversationFact(.factProject, value: project)) }
        if let branch { facts.append(ConversationFact(.factBranch, value: branch)) }
        if let version, let versionLabel { facts.append(ConversationFact(label: versionLabel, value: version)) }
        if let agentName { facts.append(ConversationFact(label: "Agent", value: agentName)) }
        if !models.isEmpty { facts.append(ConversationFact(models.count == 1 ? .factModel : .models, value: models.joined(separator: ", "))) }
        if let first = firstDate, let last = lastDate { facts.append(SessionText.timeFact(first, last)) }
        let input = inputCountsCacheRead ? max(0, tokens.input - tokens.cacheRead) : tokens.input
        if let fact = SessionText.tokenFact(input: input, output: tokens.output, cacheRead: tokens.cacheRead, cacheWrite: tokens.cacheWrite) {
            facts.append(fact)
        }
        return facts
    }
}
