import ChatModel

/// The sub-agents a session's page has shown, so that each is shown once.
///
/// Sub-agents are a graph, not a tree: one agent's session can be named by several calls, and
/// agents can start each other. Copied into every call that names it, five Codex rollouts that
/// each spawn the other four made 4^8 nested copies (1.67 GB, a 484 MB page), and two that spawn
/// each other rendered nothing. A reader asks ``claim(_:)`` at each call before it nests the
/// agent's turns there: the first call shows them (and the reader ``enter(_:)``s the agent while
/// it builds them, ``leave()`` after), a later call refers to that one, and a call made from
/// inside the agent it would start — a cycle — is cut with a notice. Memory and output then grow
/// with the number of agents, not with the number of paths through them.
package struct SubAgentGraph: Sendable {
    private var shown: Set<String> = []
    /// The agents being built, outermost first: the callers of whatever is read now.
    private var building: [String] = []

    package init() {}

    /// What the call that started `agent` shows: nil when it is the first, which shows the turns
    /// (``enter(_:)`` before building them); a reference otherwise.
    package mutating func claim(_ agent: String) -> TranscriptPart.Reference? {
        if building.contains(agent) { return .cycle }
        if shown.contains(agent) { return .shownElsewhere }
        shown.insert(agent)
        return nil
    }

    /// `agent`'s turns are being built (its calls' sub-agents are its callees).
    package mutating func enter(_ agent: String) { building.append(agent) }

    /// The agent last entered is built.
    package mutating func leave() { _ = building.popLast() }

    /// Marks `agent` as shown without a call (the session a page is of), so a call that names
    /// it refers back to the page's own turns rather than copying them.
    package mutating func showAtTop(_ agent: String) {
        shown.insert(agent)
        building.append(agent)
    }

    /// Whether `agent` was shown anywhere: a session shown nowhere gets a page of its own.
    package func wasShown(_ agent: String) -> Bool { shown.contains(agent) }
}
