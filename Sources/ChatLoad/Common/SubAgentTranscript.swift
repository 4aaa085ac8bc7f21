import ChatModel

/// A sub-agent's work as the transcript shown at the call that started it, the same for every
/// agent: its prompt spoken by the agent that called it, its replies by the sub-agent (by its
/// name, else by its kind: "Explore agent"), titled "Explore agent: Find the flaky test" in the
/// page's language.
enum SubAgentTranscript {
    /// `turns` as the transcript's messages: each id prefixed with `prefix` (unique in the page),
    /// prompts spoken by `caller` ("Codex"), replies by `name`, else by the agent of `kind`.
    static func messages(_ turns: [ImportedTurn], prefix: String?, caller: String, name: String? = nil, kind: String?) -> [Message] {
        turns.map { turn in
            var message = Message(id: prefix.map { "\($0)-\(turn.id)" } ?? turn.id, role: turn.role, text: turn.parts.isEmpty ? turn.text : "", date: turn.date)
            message.parts = turn.parts
            message.model = turn.model
            message.usage = turn.usage
            if turn.role == .user {
                message.speaker = caller
            } else if let name {
                message.speaker = name
            } else {
                speak(&message, kind: kind)
            }
            return message
        }
    }

    /// A reply spoken by the sub-agent of `kind`: "Explore agent", or "Sub-agent".
    static func speak(_ message: inout Message, kind: String?) {
        message.speaker = kind.map { "\($0) agent" } ?? "Sub-agent"
        message.speakerPhrase = kind.map { UIPhrase(.agentOfKind, ["kind": $0]) } ?? UIPhrase(.subAgent)
    }

    /// The transcript of `messages`: titled by the agent's `name` or `kind` and its `task`, and
    /// (unless it has a name of its own) in the page's language around them.
    static func make(_ messages: [Message], name: String? = nil, kind: String?, task: String?) -> TranscriptPart {
        let who = name ?? kind.map { "\($0) agent" } ?? "Agent"
        var part = TranscriptPart(title: task.map { "\(who): \($0)" } ?? who, messages: messages)
        guard name == nil else { return part }
        // In another language the agent's kind and task stay as written; the words around them are the page's.
        switch (kind, task) {
        case let (kind?, task?): part.phrase = UIPhrase(.agentOfKindTask, ["kind": kind, "task": task])
        case let (kind?, nil): part.phrase = UIPhrase(.agentOfKind, ["kind": kind])
        case let (nil, task?): part.phrase = UIPhrase(.agentTask, ["task": task])
        case (nil, nil): part.phrase = UIPhrase(.agentGeneric)
        }
        return part
    }
}
