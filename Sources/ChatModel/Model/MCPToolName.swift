/// A tool an MCP server provides, as Claude Code names it: `mcp__<server>__<tool>`. One reading
/// for every place that names such a call, so a call's header ("Create issue · github (MCP)")
/// and the session overview's count by tool read alike.
package struct MCPToolName: Sendable, Equatable {
    /// The server's name as configured (`github`, `claude_ai_Gmail`).
    package var server: String
    /// The tool's name as the server gives it (`create_issue`).
    package var tool: String

    package init(server: String, tool: String) {
        self.server = server
        self.tool = tool
    }

    /// Nil for a name without the `mcp__` prefix or without a server and a tool.
    package init?(_ name: String) {
        guard name.utf8.starts(with: "mcp__".utf8) else { return nil }
        let rest = name.dropFirst(5)
        // Byte by byte: with Foundation imported a substring search goes through UTF-16.
        guard let offset = rest.utf8Offset(of: "__") else { return nil }
        let separator = rest.utf8.index(rest.startIndex, offsetBy: offset)
        server = String(rest[..<separator])
        tool = String(rest[rest.utf8.index(separator, offsetBy: 2)...])
        guard !server.isEmpty, !tool.isEmpty else { return nil }
    }

    /// "Create issue · github (MCP)": the tool's name in words (every underscore a space, the
    /// first letter capital), then its server.
    package var title: String {
        let words = String(decoding: tool.utf8.map { $0 == UInt8(ascii: "_") ? UInt8(ascii: " ") : $0 }, as: UTF8.self)
        return "\(words.prefix(1).uppercased() + words.dropFirst()) · \(server) (MCP)"
    }
}
