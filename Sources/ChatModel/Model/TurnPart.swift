/// One piece of a turn, in the order the chat app showed it: a reply is often thinking, then a
/// tool call and its result, then text that cites sources.
///
/// A message with `parts` shows them in order instead of its `text`. Attachments a part shows
/// (a tool's screenshot, a chart from code, a file a tool wrote) stay in the message's
/// `attachments`, so every photo is planned and produced like any other; the part names them by
/// id and the turn shows them inside the part, not again under the turn.
///
/// Package API for now, like the composer states: the shape may still change as importers use it.
package enum TurnPart: Sendable, Equatable {
    /// Text, read with the conversation's markup (Markdown by default where it is Markdown).
    /// `[^id]` where `id` is one of the turn's ``Message/sources`` is a citation marker.
    case text(String)
    /// The model's reasoning, collapsed: "Thought for 41s".
    case thinking(ThinkingPart)
    /// A tool the assistant called, with its input, state and result.
    case toolCall(ToolCallPart)
    /// Code the assistant ran (a code interpreter), with what it printed and drew.
    case codeExecution(CodeExecutionPart)
    /// A change to a file: unified diff text, or the old and new text.
    case diff(DiffPart)
    /// Terminal output, which may carry ANSI colour escapes.
    case terminal(TerminalPart)
    /// A document or artifact the assistant wrote (a canvas, a generated file shown inline).
    case document(DocumentPart)
    /// A line about the conversation rather than in it: "Conversation compacted", "Interrupted".
    case notice(NoticePart)
    /// A conversation inside the turn, such as a sub-agent's, collapsed.
    case transcript(TranscriptPart)
}

/// The model's reasoning before it answered.
package struct ThinkingPart: Sendable, Equatable {
    /// The reasoning as written (Markdown); may be empty when only a summary was kept.
    package var text: String
    /// How long the model thought, in seconds.
    package var duration: Double?
    /// A one-line summary shown on the collapsed line instead of "Thinking".
    package var summary: String?

    package init(text: String, duration: Double? = nil, summary: String? = nil) {
        self.text = text
        self.duration = duration
        self.summary = summary
    }
}

/// How a tool call ended, or that it has not yet.
package enum ToolStatus: String, Sendable, Equatable, CaseIterable {
    case running, ok, error, rejected
}

/// A tool the assistant called.
package struct ToolCallPart: Sendable, Equatable {
    /// The tool's name as the app gave it (`Bash`, `web.run`, `mcp__github__create_issue`).
    package var name: String
    /// A short human description of what the call does, if the app gave one.
    package var title: String?
    /// The title as chatrender's words ("Read cart/totals.py"), shown in the page's language.
    package var titlePhrase: UIPhrase?
    /// The input as text: usually JSON, shown pretty-printed and highlighted.
    package var input: String?
    package var status: ToolStatus
    /// What the tool returned, as text (may carry ANSI escapes).
    package var result: String?
    /// Ids of the message's attachments the result holds (screenshots, files).
    package var attachmentIDs: [String]
    /// The web page the call opened or quoted (a browsing tool's `open_url`), an absolute http(s)
    /// URL: shown as a link the reader may follow. The page never loads it by itself.
    package var url: String?

    package init(
        name: String, title: String? = nil, input: String? = nil, status: ToolStatus = .ok,
        result: String? = nil, attachmentIDs: [String] = [], url: String? = nil
    ) {
        self.name = name
        self.title = title
        self.input = input
        self.status = status
        self.result = result
        self.attachmentIDs = attachmentIDs
        self.url = url
    }
}

/// Code the assistant ran.
package struct CodeExecutionPart: Sendable, Equatable {
    /// The language as a fence would name it (`python`).
    package var language: String
    package var code: String
    /// What the code printed (may carry ANSI escapes).
    package var output: String?
    package var status: ToolStatus
    /// Ids of the message's attachments the run made (charts, files).
    package var attachmentIDs: [String]
    /// How the collapsed line words the run: the importer says, in the words of the app that ran it.
    package var title: CodeRunTitle

    package init(
        language: String, code: String, output: String? = nil, status: ToolStatus = .ok, attachmentIDs: [String] = [],
        title: CodeRunTitle = .ranCode
    ) {
        self.language = language
        self.code = code
        self.output = output
        self.status = status
        self.attachmentIDs = attachmentIDs
        self.title = title
    }
}

/// How a code run is titled on its collapsed line. Each app words its runs its own way, and the
/// page says it as the app did, in the reader's language (the words are interface strings, so a
/// title is a choice of wording, never free text).
package enum CodeRunTitle: String, Sendable, Equatable, CaseIterable {
    /// "Ran Python code": for a run from an app with no wording of its own.
    case ranCode
    /// ChatGPT's Code Interpreter: "Analyzed"; "Analyzing" while it runs; "Analysis errored" when it failed.
    case analyzed
    /// claude.ai's analysis tool: "Analyzed data"; "Analyzing data" while it runs.
    case analyzedData
}

/// A change to a file.
package struct DiffPart: Sendable, Equatable {
    /// The file changed, shown in the header ("Edited src/x.py +3 −2").
    package var path: String?
    /// Either unified diff text…
    package var unified: String?
    /// …or the text before and after (a diff is computed from them).
    package var old: String?
    package var new: String?
    /// The change made the file ("Created src/x.py +103 −0"), as the log that recorded it says.
    package var created: Bool

    package init(path: String? = nil, unified: String? = nil, old: String? = nil, new: String? = nil, created: Bool = false) {
        self.path = path
        self.unified = unified
        self.old = old
        self.new = new
        self.created = created
    }
}

/// A command and what it printed.
package struct TerminalPart: Sendable, Equatable {
    /// The command line, shown after a prompt sign.
    package var command: String?
    /// The output; ANSI colour escapes become colours, other escapes are dropped.
    package var output: String
    /// The exit status, when known; non-zero reads as failed.
    package var exitCode: Int?
    /// What the command is for, as the app described it ("Run the cart tests").
    package var title: String?

    package init(command: String? = nil, output: String, exitCode: Int? = nil, title: String? = nil) {
        self.command = command
        self.output = output
        self.exitCode = exitCode
        self.title = title
    }
}

/// A document or artifact the assistant wrote, with its earlier versions.
package struct DocumentPart: Sendable, Equatable {
    package var title: String
    /// The title as chatrender's words (a plan's "Plan"), shown in the page's language.
    package var titlePhrase: UIPhrase?
    /// What the content is: `markdown` (the default), `code`, or `text`.
    package var kind: DocumentKind
    /// For code documents, the language as a fence would name it.
    package var language: String?
    /// The latest content.
    package var content: String
    /// Earlier versions, oldest first (the latest is `content`).
    package var versions: [String]

    package init(title: String, kind: DocumentKind = .markdown, language: String? = nil, content: String, versions: [String] = []) {
        self.title = title
        self.kind = kind
        self.language = language
        self.content = content
        self.versions = versions
    }
}

/// How a document's content is read.
package enum DocumentKind: String, Sendable, Equatable, CaseIterable {
    case markdown, code, text
}

/// A line about the conversation rather than in it.
package struct NoticePart: Sendable, Equatable {
    /// What kind of notice, for its icon: compacted, memory, interrupted, error, command, or info.
    package var kind: NoticeKind
    /// The line shown ("Conversation compacted").
    package var text: String
    /// More to read, collapsed under the line (a compaction summary).
    package var detail: String?
    /// The line as interface words of chatrender's (an importer's "Conversation compacted"), shown
    /// in the page's language; nil for a line from the file.
    package var phrase: UIPhrase?

    package init(kind: NoticeKind = .info, text: String, detail: String? = nil) {
        self.kind = kind
        self.text = text
        self.detail = detail
    }
}

/// The kinds of notice.
package enum NoticeKind: String, Sendable, Equatable, CaseIterable {
    case info, compacted, memory, interrupted, error
    /// A command the person ran in the app (`/compact`, `/model opus`): shown as a chip.
    case command
}

/// A conversation inside a turn, such as a sub-agent's work.
package struct TranscriptPart: Sendable, Equatable {
    /// What the transcript is ("Explore the test suite").
    package var title: String
    /// The title as chatrender's words ("Explore agent: …"), shown in the page's language.
    package var phrase: UIPhrase?
    /// Its turns. Their parts may name attachments of the enclosing top-level message by id.
    package var messages: [Message]
    /// When its work began, as the log recorded it (a sub-agent's first message); nil when the
    /// log keeps no times.
    package var started: ChatDate?
    /// When its work ended, as the log recorded it (a sub-agent's last message or tool result);
    /// nil when the log keeps no times, or only the start.
    package var ended: ChatDate?
    /// Who the sub-agent is (its session, thread or agent id), when the log says. A sub-agent is
    /// a node of a graph, not a subtree to copy: the first call that started it shows its turns,
    /// the others refer to it (``reference``), so a page grows with the agents, not with the
    /// paths through them.
    package var agent: String?
    /// Set on a call whose sub-agent is not shown here (this part then has no turns).
    package var reference: Reference?

    /// Why a call's sub-agent is not shown at it.
    package enum Reference: Sendable, Equatable {
        /// Its turns are shown at the call that first started it, which this links to.
        case shownElsewhere
        /// It is one of this call's own callers (a cycle of agents starting each other): showing it
        /// here would never end.
        case cycle
    }

    package init(title: String, messages: [Message], started: ChatDate? = nil, ended: ChatDate? = nil, agent: String? = nil, reference: Reference? = nil) {
        self.title = title
        self.messages = messages
        self.started = started
        self.ended = ended
        self.agent = agent
        self.reference = reference
    }

    /// The anchor of the place a sub-agent's turns are shown, the same for every call that
    /// names it: a hash of ``agent``, so no input reaches an id.
    package static func anchor(agent: String) -> String {
        "cr-agent-"
            + SHA256.hash(Array(agent.utf8)).prefix(8).map { String($0, radix: 16).count == 1 ? "0" + String($0, radix: 16) : String($0, radix: 16) }.joined()
    }

    /// The time it ran, when both ends are known and the end is not before the start: what a
    /// turn that started several sub-agents at once draws on its timeline.
    package var span: (start: ChatDate, end: ChatDate)? {
        guard let started, let ended, ended.secondsSinceEpoch >= started.secondsSinceEpoch else { return nil }
        return (started, ended)
    }
}

/// A source a turn cites: numbered in the turn's list, pointed at by `[^id]` markers in its text.
package struct Source: Sendable, Equatable {
    /// The id markers use.
    package var id: String
    package var title: String?
    /// An `http(s)` URL; anything else is shown as text without a link.
    package var url: String?
    /// The quoted passage, if the app kept one.
    package var snippet: String?

    package init(id: String, title: String? = nil, url: String? = nil, snippet: String? = nil) {
        self.id = id
        self.title = title
        self.url = url
        self.snippet = snippet
    }
}
