import ChatModel
import ChatSupport

/// One agent's session as its reader reads it: the mapping of its format into a
/// ``SessionBuilder``, and how each of its tool calls shows. The turns and the conversation are
/// made here, the same for every agent.
protocol AgentSession {
    /// A tool call as the format records it, joined to its result.
    associatedtype Call
    /// What the reader filled.
    var log: SessionBuilder<Call> { get set }
    /// The parts `call` shows as: a terminal, a diff, a tool call, or the transcript of the
    /// sub-agent it started. `once` when this is the last time the call is shown (the reader may
    /// let go of what it keeps for it).
    mutating func parts(for call: Call, id: String, once: Bool) -> [TurnPart]
}

/// An agent's session kept as a log of JSON lines, one record a line.
protocol AgentLogSession: AgentSession {
    /// Reads one record, the `line`th of the log.
    mutating func readLine(_ node: JSONNode, line: Int)
    /// What the reader does once a piece of the log is read (nothing, unless it says).
    mutating func didRead()
}

extension AgentLogSession {
    /// Reads `bytes`, whole lines of the log after those read before (a live session is read in
    /// pieces): each JSON object to ``readLine(_:line:)``, each line that is not one a warning
    /// naming it (a last line still being written waits quietly).
    mutating func read(_ bytes: UnsafeBufferPointer<UInt8>) {
        var found: [Diagnostic] = []
        log.linesRead += SessionLog.objects(in: bytes, file: log.file, linesBefore: log.linesRead, diagnostics: &found) { node, line in
            readLine(node, line: line)
        }
        log.diagnostics += found
        didRead()
    }

    mutating func didRead() {}
}

extension AgentSession {
    /// The turns: prompts, and replies with each call's parts where it was made. A reply with
    /// nothing to show is left out, its tokens carried by the reply before (or the next shown).
    /// The warnings for unknown kinds are added last.
    mutating func turns() -> [ImportedTurn] {
        var turns: [ImportedTurn] = []
        turns.reserveCapacity(log.drafts.count)
        var unshown: TokenUsage?
        let frees = log.freesAsTurnsAreMade
        for index in log.drafts.indices {
            let draft = log.drafts[index]
            // What a turn is made of is let go once it is made (what the turn keeps is shared).
            if frees { log.drafts[index].items = [] }
            var parts: [TurnPart] = []
            parts.reserveCapacity(draft.items.count)
            for item in draft.items {
                switch item {
                case .part(let part): parts.append(part)
                case .call(let id):
                    let once = frees && !log.repeatedCalls.contains(id)
                    guard let call = once ? log.calls.removeValue(forKey: id) : log.calls[id] else { continue }
                    parts += self.parts(for: call, id: id, once: once)
                }
            }
            if draft.role == .user {
                var turn = ImportedTurn(id: draft.id, role: .user, text: draft.text, date: draft.date)
                turn.attachments = draft.attachments
                turns.append(turn)
                continue
            }
            guard !parts.isEmpty else {
                // Nothing to show, but its tokens were spent: the reply before (or after) carries them.
                if let spent = draft.usage {
                    if let last = turns.indices.last(where: { turns[$0].role == .assistant }) {
                        turns[last].usage = turns[last].usage.map { $0.adding(spent) } ?? spent
                    } else {
                        unshown = unshown.map { $0.adding(spent) } ?? spent
                    }
                }
                continue
            }
            var turn = ImportedTurn(id: draft.id, role: draft.role, text: "", date: draft.date)
            turn.parts = parts
            turn.model = draft.model
            turn.usage = draft.usage
            if let spent = unshown {
                turn.usage = spent.adding(draft.usage ?? TokenUsage(context: spent.context, contextWindow: spent.contextWindow))
                unshown = nil
            }
            if let name = log.agentName { turn.speaker = name }
            turns.append(turn)
        }
        log.diagnostics += log.unknown.warnings(file: log.file) + log.tallies.warnings
        return turns
    }

    /// The conversation (nil when nothing in it is shown), titled `fallbackTitle` when neither
    /// the agent nor a prompt titles it.
    mutating func chat(fallbackTitle: String) -> ImportedChat? {
        let turns = turns()
        return log.chat(turns, fallbackTitle: fallbackTitle)
    }
}
