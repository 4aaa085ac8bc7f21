/// The tokens one turn's API calls used, as the log records them (`"usage"` of a message in the
/// conversation file). Counts are disjoint, so they add up: `input` is the input not read from
/// the cache, `output` includes reasoning. Every count is a ``Tally``: they come from logs, and
/// adding them up never traps.
package struct TokenUsage: Sendable, Equatable, Codable {
    /// Input tokens billed at the input price (not read from, nor written to, the cache).
    package var input: Tally
    /// Tokens written by the model, its reasoning included.
    package var output: Tally
    /// Input tokens read from the prompt cache.
    package var cacheRead: Tally
    /// Input tokens written to the prompt cache.
    package var cacheWrite: Tally
    /// Of ``cacheWrite``, the tokens written to the one-hour cache (Claude's
    /// `cache_creation.ephemeral_1h_input_tokens`), which cost more than the five-minute writes;
    /// 0 where the log does not tell them apart.
    package var cacheWrite1h: Tally
    /// Tokens in the model's context after the turn's last call (its prompt and its reply), when
    /// the log says; drawn against ``contextWindow``.
    package var context: Tally?
    /// The model's context window as the log says it (Codex records it); nil: the price table's.
    package var contextWindow: Tally?
    /// What the agent recorded these calls cost, in US dollars (opencode writes it on each
    /// message), shown as recorded and never replaced by an estimate; nil where it recorded none.
    package var recordedCost: Double?

    package init(
        input: Tally = 0, output: Tally = 0, cacheRead: Tally = 0, cacheWrite: Tally = 0, cacheWrite1h: Tally = 0, context: Tally? = nil,
        contextWindow: Tally? = nil, recordedCost: Double? = nil
    ) {
        self.recordedCost = recordedCost
        self.input = input
        self.output = output
        self.cacheRead = cacheRead
        self.cacheWrite = cacheWrite
        self.cacheWrite1h = min(cacheWrite1h, cacheWrite)
        self.context = context
        self.contextWindow = contextWindow
    }

    /// All four counts.
    package var total: Tally { input + output + cacheRead + cacheWrite }

    /// The counts of both, added; the context is the later one's (`other`), as it follows it.
    package func adding(_ other: TokenUsage) -> TokenUsage {
        TokenUsage(
            input: input + other.input, output: output + other.output, cacheRead: cacheRead + other.cacheRead,
            cacheWrite: cacheWrite + other.cacheWrite, cacheWrite1h: cacheWrite1h + other.cacheWrite1h, context: other.context ?? context,
            contextWindow: other.contextWindow ?? contextWindow, recordedCost: Self.sum(recordedCost, other.recordedCost))
    }

    /// The counts of both, added (the context is left out: it belongs to one turn).
    package static func + (a: TokenUsage, b: TokenUsage) -> TokenUsage {
        TokenUsage(
            input: a.input + b.input, output: a.output + b.output, cacheRead: a.cacheRead + b.cacheRead, cacheWrite: a.cacheWrite + b.cacheWrite,
            cacheWrite1h: a.cacheWrite1h + b.cacheWrite1h, recordedCost: sum(a.recordedCost, b.recordedCost))
    }

    /// Two recorded costs added; nil when neither was recorded.
    static func sum(_ a: Double?, _ b: Double?) -> Double? {
        a == nil && b == nil ? nil : (a ?? 0) + (b ?? 0)
    }
}
