import ChatModel

/// A web search's result drawn as the chat apps draw it: the pages found as a list of links (title,
/// then the site), and the search's own summary as text, instead of the tool's raw output.
///
/// Two shapes of result text are read:
/// - Claude Code's `WebSearch`: `Web search results for query: "…"`, then one or more
///   `Links: [{"title": …, "url": …}, …]` lines, the summary, and a closing `REMINDER: …` line
///   meant for the model;
/// - the numbered list claude.ai's `web_search` becomes on import: `1. Title` with the address
///   indented on the next line.
///
/// A result in neither shape (an error, an empty search) is nil: the call is drawn as any other.
enum WebSearchResults {
    static let toolNames: Set<String> = ["WebSearch", "web_search"]

    static func render(_ part: ToolCallPart, context: PartContext) -> HTML? {
        guard toolNames.contains(part.name), part.status == .ok, let result = part.result else { return nil }
        let (links, summary) = read(result)
        guard !links.isEmpty else { return nil }
        var html: HTML = "<div class=\"cr-search-results\">"
        var items = HTML()
        var seen: Set<String> = []
        for link in links where seen.insert(link.url ?? link.id).inserted {
            items.append("<li class=\"cr-source\">\(SourceList.item(link))</li>")
        }
        html.append("<ol class=\"cr-source-list\" aria-label=\"\(context.options.strings[.sources])\">\(items)</ol>")
        if !summary.isEmpty {
            html.append("<div class=\"cr-search-summary\">\(context.text(summary))</div>")
        }
        html.append("</div>")
        return html
    }

    /// The links found and the summary text (without the query line and the note to the model).
    static func read(_ text: String) -> (links: [Source], summary: String) {
        var links: [Source] = []
        var kept: [Substring] = []
        let lines = text.splitLines(omittingEmptySubsequences: false)
        var i = 0
        while i < lines.count {
            let line = lines[i]
            let trimmed = line.drop { $0 == " " }
            if trimmed.hasPrefix("Web search results for query:") || trimmed.hasPrefix("REMINDER:") {
                i += 1
                continue
            }
            if trimmed.hasPrefix("Links: ["), let found = jsonLinks(trimmed.dropFirst("Links: ".count)) {
                links += found.map { Source(id: String(links.count + 1), title: $0.title, url: $0.url) }
                i += 1
                continue
            }
            // "3. Title" and, on the next line, the indented address.
            if let dot = numberedTitle(line), i + 1 < lines.count {
                let next = lines[i + 1].drop { $0 == " " }
                if lines[i + 1].hasPrefix("   "), next.hasPrefix("http://") || next.hasPrefix("https://"), !next.contains(" ") {
                    links.append(Source(id: String(links.count + 1), title: String(dot), url: String(next)))
                    i += 2
                    continue
                }
            }
            kept.append(line)
            i += 1
        }
        let summary = kept.joined(separator: "\n").trimmingASCIIWhitespace()
        return (links, summary)
    }

    /// `[{"title": "…", "url": "…"}, …]`; nil when it is not such an array.
    static func jsonLinks(_ text: Substring) -> [(title: String?, url: String)]? {
        guard let tokens = ToolInput.tokens(String(text)), tokens.count > 0,
            tokens.isPunctuation(0, UInt8(ascii: "[")), tokens.isPunctuation(tokens.count - 1, UInt8(ascii: "]"))
        else { return nil }
        var out: [(title: String?, url: String)] = []
        var depth = 0
        var current: [String: String] = [:]
        var k = 0
        while k < tokens.count {
            switch tokens.depthChange(k) {
            case 1:
                depth += 1
                if tokens.isPunctuation(k, UInt8(ascii: "{")) && depth == 2 { current = [:] }
            case -1:
                if tokens.isPunctuation(k, UInt8(ascii: "}")) && depth == 2, let url = current["url"] { out.append((current["title"], url)) }
                depth -= 1
            default:
                if depth == 2, tokens.isString(k), k + 2 < tokens.count, tokens.isPunctuation(k + 1, UInt8(ascii: ":")),
                    tokens.isString(k + 2), let key = tokens.decode(k), let value = tokens.decode(k + 2)
                {
                    current[key] = value
                    k += 2
                }
            }
            k += 1
        }
        return out
    }

    /// "12. Title" → "Title"; nil for any other line.
    static func numberedTitle(_ line: Substring) -> Substring? {
        let digits = line.prefix { $0.isASCII && $0.isNumber }
        guard !digits.isEmpty, digits.count <= 3 else { return nil }
        let rest = line.dropFirst(digits.count)
        guard rest.hasPrefix(". ") else { return nil }
        let title = rest.dropFirst(2)
        return title.isEmpty ? nil : title
    }
}
