import ChatModel

/// The icons of turn parts, in the set's style (24×24, one 1.6 px stroke, decorative).
extension Icon {
    /// A light bulb, for the model's thinking.
    static let thinking: HTML = svg(
        "<path d=\"M9 17.5h6M10 20.5h4\"/><path d=\"M12 3.5a5.5 5.5 0 0 0-3.2 10c.7.5 1.2 1.3 1.2 2.2v1.8h4v-1.8c0-.9.5-1.7 1.2-2.2A5.5 5.5 0 0 0 12 3.5z\"/>")
    /// A wrench, for a tool call.
    static let tool: HTML = svg(
        "<path d=\"M14.5 4.2a4.5 4.5 0 0 0-5.6 5.9l-5.2 5.2a1.9 1.9 0 0 0 2.7 2.7l5.2-5.2a4.5 4.5 0 0 0 5.9-5.6l-2.7 2.7-2.6-.4-.4-2.6z\"/>")
    /// Angle brackets, for code that was run.
    static let code: HTML = svg("<path d=\"M8.5 7 3.5 12l5 5M15.5 7l5 5-5 5\"/>")
    /// A page with plus and minus, for a diff.
    static let diff: HTML = svg("<path d=\"M6 2.8h8l4 4v14.4H6z\"/><path d=\"M14 2.8v4h4\"/><path d=\"M12 9.5v5M9.5 12h5M9.5 17.5h5\"/>")
    /// A prompt in a window, for terminal output.
    static let terminal: HTML = svg("<rect x=\"3\" y=\"4.5\" width=\"18\" height=\"15\" rx=\"2\"/><path d=\"M7 9.5l3 2.5-3 2.5M12.5 15h4.5\"/>")
    /// A page with lines, for a document.
    static let document: HTML = svg("<path d=\"M6 2.8h8l4 4v14.4H6z\"/><path d=\"M14 2.8v4h4\"/><path d=\"M8.8 11h6.4M8.8 14h6.4M8.8 17h4\"/>")
    /// Two speech bubbles, for a conversation inside a turn.
    static let transcript: HTML = svg("<path d=\"M4 5.5h11v7.5H9l-3 2.5V13H4z\"/><path d=\"M15 9h5v7.5h-2V19l-3-2.5h-4V13\"/>")
    /// A circle with an i, for a notice.
    static let info: HTML = svg("<circle cx=\"12\" cy=\"12\" r=\"8.5\"/><path d=\"M12 11v5.2\"/><path d=\"M12 7.8v.1\"/>")
    /// Arrows pressing together, for a compacted conversation.
    static let compacted: HTML = svg("<path d=\"M12 3.5v6M9 6.5l3 3 3-3M12 20.5v-6M9 17.5l3-3 3 3M5 12h14\"/>")
    /// A bookmark, for memory.
    static let memory: HTML = svg("<path d=\"M7 3.5h10v17l-5-3.8-5 3.8z\"/>")
    /// A stop square in a circle, for an interrupted turn.
    static let interrupted: HTML = svg("<circle cx=\"12\" cy=\"12\" r=\"8.5\"/><path d=\"M9.5 9.5h5v5h-5z\"/>")
    /// A tick, for a call that succeeded.
    static let done: HTML = svg("<path d=\"M5 12.5l4.5 4.5L19 7.5\"/>")
    /// A circle crossed, for a call that was not allowed.
    static let rejected: HTML = svg("<circle cx=\"12\" cy=\"12\" r=\"8.5\"/><path d=\"M6 6l12 12\"/>")
    /// An open circle, for a call still running.
    static let running: HTML = svg("<path d=\"M12 3.5a8.5 8.5 0 1 1-8.5 8.5\"/>")
    /// A chevron that points down at a disclosure's end; turned by CSS when open.
    static let chevron: HTML = svg("<path d=\"M8 10l4 4 4-4\"/>")
}
