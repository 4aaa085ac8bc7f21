import Testing
@testable import ChatModel
@testable import ChatPlan
@testable import ChatRenderHTML

/// The overview at the top of an agent's session names its tools as the calls' headers do.
@Suite struct SessionOverviewTests {
    /// The overview of one assistant turn that made `calls`.
    static func overview(_ calls: [String]) -> String {
        var turn = Message(id: "a", role: .assistant, text: "")
        turn.parts = calls.map { .toolCall(ToolCallPart(name: $0)) }
        return SessionOverview.render([Message(id: "u", role: .user, text: "Go"), turn], options: RenderOptions()).description
    }

    @Test func anMCPToolIsNamedAsItsCallsHeaderNamesIt() {
        let html = Self.overview(["mcp__github__create_issue", "mcp__github__create_issue", "WebFetch", "mcp__odd"])
        #expect(html.contains("<span class=\"cr-overview-tool\" dir=\"auto\">Create issue · github (MCP)</span> <span class=\"cr-overview-count\">2</span>"))
        #expect(!html.contains("mcp__github"))
        // Any other name, and one that only looks like MCP's, as the log gives it.
        #expect(html.contains(">WebFetch</span>") && html.contains(">mcp__odd</span>"))
    }

    @Test func mcpNamesReadAsServerAndTool() {
        #expect(MCPToolName("mcp__claude_ai_Gmail__search_threads") == MCPToolName(server: "claude_ai_Gmail", tool: "search_threads"))
        #expect(MCPToolName("mcp__playwright__browser_take_screenshot")?.title == "Browser take screenshot · playwright (MCP)")
        for name in ["Bash", "mcp__github", "mcp____x", "mcp__github__", "mcp_github__x"] { #expect(MCPToolName(name) == nil, "\(name)") }
    }
}
