/// What a site's insights know of one session's work beyond its tokens, kept from its
/// ``SessionStats`` when its summary is made (the one walk of its turns), so the insights page is
/// gathered from the summaries alone and never reads a session again.
package struct SessionActivity: Sendable, Equatable, Codable {
    /// Top-level turns.
    package var turns = 0
    /// Seconds from the first dated turn to the last; nil without two dates.
    package var seconds: Double?
    /// Calls by kind, most first, each with its failures.
    package var tools: [SessionStats.ToolCount] = []
    /// Sub-agents' transcripts.
    package var subAgents = 0
    /// Times the conversation was compacted.
    package var compactions = 0

    package init() {}

    package init(_ stats: SessionStats) {
        turns = stats.turns
        seconds = stats.seconds
        tools = stats.tools
        subAgents = stats.tools.first { $0.tool == .subAgent }?.count ?? 0
        compactions = stats.compactions
    }
}
