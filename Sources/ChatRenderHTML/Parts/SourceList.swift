import ChatModel

/// The sources a turn cites, numbered as its `[^id]` markers are: under the turn, each with its
/// title (a link when its address is a web address), the host it is on, and the quoted passage.
enum SourceList {
    /// `turnID` is the turn's id (`cr-t3`); items get `cr-t3-src-1`, … (``CitationLinks``).
    /// `headingLevel` is the level of "Sources", one below the turn's heading.
    static func render(_ sources: [Source], turnID: String, headingLevel: Int, strings: UIStrings = .english) -> HTML {
        guard !sources.isEmpty else { return HTML() }
        let headingID = turnID + "-src-h"
        var items = HTML()
        var seen: Set<String> = []
        // Numbered as CitationLinks numbers them: by place in the list, a repeated id once.
        for (offset, source) in sources.enumerated() where seen.insert(source.id).inserted {
            let number = offset + 1
            items.append("<li class=\"cr-source\" id=\"\(turnID)-src-\(number)\" value=\"\(number)\">\(item(source))</li>")
        }
        let level = min(max(headingLevel, 2), 6)
        return
            "<div class=\"cr-sources\"><h\(level) class=\"cr-sources-heading\" id=\"\(headingID)\">\(strings[.sources])</h\(level)><ol class=\"cr-source-list\" aria-labelledby=\"\(headingID)\">\(items)</ol></div>"
    }

    static func item(_ source: Source) -> HTML {
        var remote: String? = nil
        if let url = source.url, case .remote(let address) = LinkPolicy.classify(url) { remote = address }
        let host = remote.flatMap(host)
        let title = source.title.flatMap { $0.isEmpty ? nil : $0 } ?? host ?? source.url ?? source.id
        var html: HTML
        if let remote {
            html = "<a class=\"cr-source-title\" href=\"\(remote)\" target=\"_blank\" rel=\"noopener noreferrer\" dir=\"auto\">\(title)</a>"
        } else {
            html = "<span class=\"cr-source-title\" dir=\"auto\">\(title)</span>"
        }
        if let host, host != title { html.append("<span class=\"cr-source-host\">\(host)</span>") }
        if remote == nil, let url = source.url, !url.isEmpty, url != title {
            // Not a web address: shown as text, never a link.
            html.append("<span class=\"cr-source-host\">\(url)</span>")
        }
        if let snippet = source.snippet, !snippet.isEmpty {
            html.append("<blockquote class=\"cr-source-snippet\" dir=\"auto\">\(snippet)</blockquote>")
        }
        return html
    }

    /// `https://www.example.com:8080/a?b` → `example.com`.
    static func host(_ url: String) -> String? {
        guard let schemeEnd = url.range(of: "://") else { return nil }
        var rest = url[schemeEnd.upperBound...]
        if let end = rest.firstIndex(where: { $0 == "/" || $0 == "?" || $0 == "#" }) { rest = rest[..<end] }
        if let at = rest.lastIndex(of: "@") { rest = rest[rest.index(after: at)...] }
        if !rest.hasPrefix("["), let colon = rest.lastIndex(of: ":") { rest = rest[..<colon] }
        if rest.lowercased().hasPrefix("www.") { rest = rest.dropFirst(4) }
        return rest.isEmpty ? nil : rest.lowercased()
    }
}
