/// What a session's overview says, counted from its turns once: its length, its tools, the files
/// its tools touched, the calls that failed, and its tokens by model. Sub-agents' transcripts
/// count too, as the header's token total does.
package struct SessionStats: Sendable, Equatable {
    /// Top-level turns.
    package var turns = 0
    /// Seconds from the first dated turn to the last; nil without two dates.
    package var seconds: Double?
    /// Calls by what they were, most first (ties in the order first met): a tool call by its
    /// tool's name; a file edit, a command or a code run by its ``Kind``.
    package var tools: [ToolCount] = []
    /// Paths the tools read, wrote or edited, in the order first met, each once.
    package var files: [String] = []
    /// Tool calls, commands and code runs that failed.
    package var errors = 0
    /// Times the conversation was compacted (its history replaced by a summary), sub-agents' included.
    package var compactions = 0
    /// Tokens by the model that spent them (nil: turns that name none), in the order first met.
    package var usage: [ModelUsage] = []

    /// What a call was, for the counts by tool.
    package enum Tool: Hashable, Sendable, Codable {
        /// A tool call, by the tool's name as the log gives it.
        case named(String)
        /// A change to a file (a diff part: the agent's edit or write tool).
        case fileEdit
        /// A command in a terminal.
        case command
        /// Code the assistant ran.
        case codeRun
        /// A sub-agent's transcript.
        case subAgent
    }

    /// How many calls of one kind, and how many of them failed.
    package struct ToolCount: Sendable, Equatable, Codable {
        package var tool: Tool
        package var count: Int
        package var failures = 0

        package init(tool: Tool, count: Int, failures: Int = 0) {
            self.tool = tool
            self.count = count
            self.failures = failures
        }
    }

    package init() {}

    /// The stats of `messages`, a conversation's turns.
    package init(_ messages: [Message]) {
        turns = messages.count
        var first: Double?, last: Double?
        for message in messages {
            guard let date = message.date.map({ Double($0.secondsSinceEpoch) }) else { continue }
            first = min(first ?? date, date)
            last = max(last ?? date, date)
        }
        if let first, let last, last > first { seconds = last - first }
        var counts: [Tool: Int] = [:], failed: [Tool: Int] = [:], order: [Tool] = []
        var seenFiles: Set<String> = []
        // By model, and apart by whether the agent recorded what the turns cost: recorded costs
        // are shown as they are, the rest estimated from prices.
        var byModel: [ModelUsage.Key: TokenUsage] = [:], modelOrder: [ModelUsage.Key] = []
        func count(_ tool: Tool, failed didFail: Bool = false) {
            if counts[tool] == nil { order.append(tool) }
            counts[tool, default: 0] += 1
            if didFail {
                failed[tool, default: 0] += 1
                errors += 1
            }
        }
        func file(_ path: String?) {
            guard let path, !path.isEmpty, seenFiles.insert(path).inserted else { return }
            files.append(path)
        }
        var stack: [[Message]] = [messages]
        while let list = stack.popLast() {
            for message in list {
                if let usage = message.usage {
                    let model = ModelUsage.Key(model: message.model.flatMap { $0.isEmpty ? nil : $0 }, recorded: usage.recordedCost != nil)
                    if byModel[model] == nil { modelOrder.append(model) }
                    byModel[model] = (byModel[model] ?? TokenUsage()) + usage
                }
                for part in message.parts {
                    switch part {
                    case .toolCall(let call):
                        count(.named(call.name), failed: call.status == .error)
                        if let phrase = call.titlePhrase, Self.fileTools.contains(phrase.key) { file(phrase.values["path"]) }
                    case .diff(let diff):
                        count(.fileEdit)
                        file(diff.path)
                    case .terminal(let terminal):
                        count(.command, failed: terminal.exitCode.map { $0 != 0 } ?? false)
                    case .codeExecution(let run):
                        count(.codeRun, failed: run.status == .error)
                    case .transcript(let transcript):
                        count(.subAgent)
                        stack.append(transcript.messages)
                    case .notice(let notice):
                        if notice.kind == .compacted { compactions += 1 }
                    case .text, .thinking, .document:
                        break
                    }
                }
            }
        }
        // Most used first; equals keep the order they were first met in.
        tools = order.enumerated().sorted { a, b in
            counts[a.element]! != counts[b.element]! ? counts[a.element]! > counts[b.element]! : a.offset < b.offset
        }.map { ToolCount(tool: $0.element, count: counts[$0.element]!, failures: failed[$0.element] ?? 0) }
        usage = modelOrder.map { ModelUsage(model: $0.model, usage: byModel[$0]!) }
    }

    /// The titles of calls that name a file they read, wrote, edited or deleted (`"path"`).
    static let fileTools: Set<UIKey> = [.toolRead, .toolReadLines, .toolEdit, .toolWrite, .toolDeleted]

    /// All the tokens, every model's.
    package var totalUsage: TokenUsage { ModelUsage.total(usage) }

    /// Whether there is anything an overview would say beyond the turns: calls or tokens.
    package var isAgentSession: Bool { !tools.isEmpty || !usage.isEmpty }

    /// The estimated cost in dollars of the tokens whose model `prices` knows, and the models
    /// (names as the turns give them, nil for turns naming none) it does not know.
    package func cost(_ prices: PriceTable) -> (dollars: Double?, unknown: [String?]) {
        ModelUsage.cost(usage, prices)
    }

    /// What the agent recorded the turns cost (nil when it recorded none).
    package var recordedCost: Double? { ModelUsage.recorded(usage) }
}

/// The tokens one model spent (nil: turns that name no model).
package struct ModelUsage: Sendable, Equatable, Codable {
    package var model: String?
    package var usage: TokenUsage

    /// A model, and whether the agent recorded the cost of its tokens: what a list is kept apart by.
    package struct Key: Hashable, Sendable {
        package var model: String?
        package var recorded: Bool
    }

    package var key: Key { Key(model: model, recorded: usage.recordedCost != nil) }

    package init(model: String?, usage: TokenUsage) {
        self.model = model
        self.usage = usage
    }

    /// All the tokens of `list`.
    package static func total(_ list: [ModelUsage]) -> TokenUsage { list.reduce(TokenUsage()) { $0 + $1.usage } }

    /// `list` with `more` added, model by model, in the order first met.
    package static func merged(_ list: [ModelUsage], _ more: [ModelUsage]) -> [ModelUsage] {
        var out = list
        for item in more {
            if let at = out.firstIndex(where: { $0.key == item.key }) { out[at].usage = out[at].usage + item.usage } else { out.append(item) }
        }
        return out
    }

    /// What the agent recorded `list` cost, added (nil when it recorded none).
    package static func recorded(_ list: [ModelUsage]) -> Double? {
        list.reduce(nil as Double?) { TokenUsage.sum($0, $1.usage.recordedCost) }
    }

    /// The estimated cost in dollars of the tokens whose model `prices` knows (nil when it knows
    /// none of them), and the models it does not know, each once. Tokens whose cost the agent
    /// recorded are not estimated (see ``recorded(_:)``).
    package static func cost(_ list: [ModelUsage], _ prices: PriceTable) -> (dollars: Double?, unknown: [String?]) {
        var dollars: Double?
        var unknown: [String?] = []
        for item in list where !item.usage.total.isZero && item.usage.recordedCost == nil {
            if let model = item.model, let price = prices.price(for: model) {
                dollars = (dollars ?? 0) + price.cost(of: item.usage)
            } else if !unknown.contains(item.model) {
                unknown.append(item.model)
            }
        }
        return (dollars, unknown)
    }
}
