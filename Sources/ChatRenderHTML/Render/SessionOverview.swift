import ChatModel
import ChatPlan

/// At the top of an agent's session: how long it ran, its turns, its tool calls by tool, the
/// files its tools touched, the calls that failed, its tokens and their estimated cost. A region
/// with a heading holding a description list, so it reads term by term without JavaScript; the
/// files are a list folded under their count.
enum SessionOverview {
    /// Nothing for a conversation with no tool calls and no recorded tokens (a chat, not a session).
    /// `facts`: the header's; the duration is its Time fact's when it has one, so the two agree.
    static func render(_ messages: [Message], facts: [ConversationFact] = [], options: RenderOptions) -> HTML {
        let stats = SessionStats(messages)
        guard stats.isAgentSession else { return HTML() }
        let s = options.strings
        var rows = HTML()
        func row(_ term: UIKey, _ value: HTML) {
            rows.append("<div class=\"cr-overview-item\"><dt>\(s[term])</dt><dd>\(value)</dd></div>")
        }
        let timeFact = facts.first { $0.key == .factTime }?.valuePhrases.first?.seconds
        if let seconds = timeFact ?? stats.seconds, let text = s.duration(seconds) { row(.overviewDuration, "\(text)") }
        row(.overviewTurns, "\(s.number(stats.turns))")
        if !stats.tools.isEmpty {
            var list = HTML()
            for entry in stats.tools {
                list.append(
                    "<li><span class=\"cr-overview-tool\" dir=\"auto\">\(name(entry.tool, s))</span> <span class=\"cr-overview-count\">\(s.number(entry.count))</span></li>"
                )
            }
            let total = stats.tools.reduce(0) { $0 + $1.count }
            row(.overviewToolCalls, "\(s.number(total))<ul class=\"cr-overview-tools\">\(list)</ul>")
        }
        if !stats.files.isEmpty {
            var list = HTML()
            for path in stats.files { list.append("<li><code dir=\"ltr\">\(path)</code></li>") }
            row(.overviewFiles, "<details class=\"cr-overview-files\"><summary>\(s.number(stats.files.count))</summary><ul>\(list)</ul></details>")
        }
        if !stats.tools.isEmpty { row(.overviewErrors, "\(s.number(stats.errors))") }
        if !stats.usage.isEmpty {
            row(.factTokens, UsageText.tokens(stats.totalUsage, s))
            if let cost = UsageText.cost(stats.usage, prices: options.prices, s) { row(.overviewCost, cost) }
        }
        return
            "<section class=\"cr-overview\" aria-labelledby=\"cr-overview-h\"><h2 class=\"cr-overview-title\" id=\"cr-overview-h\">\(s[.sessionOverview])</h2><dl class=\"cr-overview-list\">\(rows)</dl></section>\n"
    }

    /// A call's kind as the list names it: a tool by its own name (an MCP server's tool as its
    /// call's header names it, "Create issue · github (MCP)"), the rest in the page's words.
    static func name(_ tool: SessionStats.Tool, _ s: UIStrings) -> String {
        switch tool {
        case .named(let name): MCPToolName(name)?.title ?? name
        case .fileEdit: s[.toolFileEdits]
        case .command: s[.toolCommands]
        case .codeRun: s[.toolCodeRuns]
        case .subAgent: s[.toolSubAgents]
        }
    }
}
