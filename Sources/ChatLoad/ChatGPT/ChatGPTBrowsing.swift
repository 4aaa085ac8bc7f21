import ChatModel
import ChatSupport

/// ChatGPT's web browsing, read command by command: what each call did ("Opened carris.pt",
/// "Clicked a link", "Quoted carris.pt"), the page it opened, and what a result says it was when
/// no call came before it.
///
/// Three generations of the tool write to it (recipient `browser`, `web` or `web.run`):
/// - 2023 (GPT-4 with Browsing, Browse with Bing): a command as code, `search("…", recency_days=…)`,
///   `click(3)` or `click(id=…)`, `open_url("https://…")`, `quote("start", "end")` or
///   `quote_lines(10, 20)`, `back()`, `scroll(1)`;
/// - 2024: `search("…")`, then `mclick([0, 3, 2])` to read several results at once (one
///   `tether_quote` result per page), and `open_url`; each result's `metadata` names the
///   `command` and its `args`;
/// - 2025 (`web.run`): a JSON object, `{"search_query": [{"q": …}]}`, `{"open": [{"ref_id": …}]}`,
///   `{"click": [{"ref_id": …, "id": 17}]}`, `{"find": [{"ref_id": …, "pattern": …}]}`.
enum ChatGPTBrowsing {
    /// One browsing command.
    enum Action: Equatable {
        /// A web search, and its query where it has one.
        case search(query: String?)
        /// A page opened by its address (`open_url`, a JSON `open` of a URL), or by a result's
        /// reference (no address).
        case open(url: String?)
        /// Several search results read at once (`mclick`).
        case openPages(count: Int)
        /// A link followed on the open page.
        case click
        /// Lines stored from the open page.
        case quote
        case back
        case scroll
        /// A word looked for on the open page (2025's `find`).
        case find(pattern: String)
        /// Anything else (an image search, a screenshot, a command of a later version).
        case other

        /// Whether the call links the page it acted on: an open, a quote, a link followed.
        var showsItsPage: Bool {
            switch self {
            case .open, .quote, .click: return true
            default: return false
            }
        }
    }

    /// Whether `tool` is ChatGPT's web browsing (not `myfiles_browser`, the file search, whose
    /// commands look alike).
    static func isBrowsing(_ tool: String) -> Bool {
        let tool = tool.lowercased()
        return tool == "browser" || tool == "web" || tool.hasPrefix("web.") || tool.hasPrefix("browser.")
    }

    // MARK: Reading a command

    /// The command a call's text gives: a JSON object (2025) or a function call (2023–2024).
    static func action(in input: String) -> Action {
        let text = input.trimming(.whitespacesAndNewlines)
        if text.hasPrefix("{"), let json = try? JSONParser.parse(Array(text.utf8)) { return action(json: json) }
        guard let call = functionCall(text) else { return .other }
        return action(command: call.name, args: call.args)
    }

    /// The command a result's `metadata` names (`"command": "mclick"`, `"args": ["[0, 3, 2]"]`),
    /// or a command written the 2023 way in a call's text.
    static func action(command: String, args: [String]) -> Action {
        let first = args.first.map { $0.trimming(.whitespacesAndNewlines) }
        switch command {
        case "search", "msearch":
            // msearch's argument is a list of queries: its first.
            let query = first.flatMap { list($0) == nil ? $0 : list($0)?.first { !$0.isEmpty } }.map(ChatGPTText.plain)
            return .search(query: query?.isEmpty == false ? query : nil)
        case "open_url", "open": return .open(url: first.flatMap(webAddress))
        case "mclick":
            let count = first.flatMap(list)?.count ?? 0
            return count > 0 ? .openPages(count: count) : .click
        case "click": return .click
        case "quote", "quote_lines", "quote_full": return .quote
        case "back": return .back
        case "scroll": return .scroll
        case "find": return first.map { .find(pattern: $0) } ?? .other
        default: return .other
        }
    }

    /// 2025's JSON command: its first member that names one.
    static func action(json: JSONNode) -> Action {
        guard case .object(let members) = json.value else { return .other }
        for member in members {
            let items: [JSONNode]
            if case .array(let list) = member.node.value { items = list } else { items = [member.node] }
            switch member.key {
            case "search_query":
                let query = items.lazy.compactMap { ImportSource.string($0["q"]) ?? ImportSource.string($0) }.first { !$0.isEmpty }
                return .search(query: query.map(ChatGPTText.plain))
            case "query", "q":
                if let query = ImportSource.string(member.node), !query.isEmpty { return .search(query: ChatGPTText.plain(query)) }
            case "open":
                guard !items.isEmpty else { continue }
                if items.count > 1 { return .openPages(count: items.count) }
                let reference = ImportSource.string(items[0]["ref_id"]) ?? ImportSource.string(items[0]["url"]) ?? ImportSource.string(items[0])
                return .open(url: reference.flatMap(webAddress))
            case "click": return .click
            case "find":
                let pattern = items.lazy.compactMap { ImportSource.string($0["pattern"]) }.first { !$0.isEmpty }
                return pattern.map { .find(pattern: ChatGPTText.plain($0)) } ?? .other
            default: continue
            }
        }
        return .other
    }

    /// `["a", "b"]`, `[0, 3, 2]` (a list argument as written): its items as text; nil when it is
    /// not a list.
    static func list(_ text: String) -> [String]? {
        guard text.hasPrefix("["), let json = try? JSONParser.parse(Array(text.replacingOccurrences(of: "'", with: "\"").utf8)),
            case .array(let items) = json.value
        else { return nil }
        return items.compactMap { item in
            if let text = ImportSource.string(item) { return text }
            if case .number(let value, let integer) = item.value { return integer.map(String.init) ?? String(value) }
            return nil
        }
    }

    /// `open_url("https://…")`, `click(id=3)`, `mclick([0, 3, 2])`: the name and each argument
    /// (a string literal unquoted, a `key=` dropped, a list kept as written); nil for text that is
    /// not one call.
    static func functionCall(_ text: String) -> (name: String, args: [String])? {
        let scalars = Array(text.unicodeScalars)
        var i = 0
        var name = ""
        while i < scalars.count, scalars[i] == "_" || scalars[i].properties.isAlphabetic || ("0"..."9").contains(scalars[i]) {
            name.unicodeScalars.append(scalars[i])
            i += 1
        }
        guard !name.isEmpty, i < scalars.count, scalars[i] == "(" else { return nil }
        i += 1
        var args: [String] = []
        var current = String.UnicodeScalarView()
        var depth = 0
        while i < scalars.count {
            let c = scalars[i]
            if c == "\"" || c == "'" {
                // A string literal, its escapes read; inside a list it is kept as written.
                let raw = depth > 0
                if raw { current.append(c) }
                i += 1
                while i < scalars.count, scalars[i] != c {
                    if scalars[i] == "\\", i + 1 < scalars.count {
                        if raw { current.append("\\") }
                        i += 1
                        switch scalars[i] {
                        case "n" where !raw: current.append("\n")
                        case "t" where !raw: current.append("\t")
                        default: current.append(scalars[i])
                        }
                    } else {
                        current.append(scalars[i])
                    }
                    i += 1
                }
                if raw, i < scalars.count { current.append(c) }
                i += 1
                continue
            }
            if c == "[" || c == "(" || c == "{" {
                depth += 1
                current.append(c)
            } else if depth > 0 {
                if c == "]" || c == ")" || c == "}" { depth -= 1 }
                current.append(c)
            } else if c == "," || c == ")" {
                args.append(String(current).trimming(.whitespacesAndNewlines))
                current = String.UnicodeScalarView()
                if c == ")" { return (name, args.filter { !$0.isEmpty }) }
            } else if c == "=" {
                current = String.UnicodeScalarView()  // `id=3`, `recency_days=7`: the value only
            } else {
                current.append(c)
            }
            i += 1
        }
        return nil
    }

    // MARK: Pages

    /// An address to link: an http(s) URL as it is, a bare `example.com/page` (as the model often
    /// wrote it) with `https://`; nil for anything else (a result's reference `turn0search2`, a
    /// `file-…` id, `javascript:`).
    static func webAddress(_ raw: String) -> String? {
        let text = ChatGPTText.plain(raw).trimming(.whitespacesAndNewlines)
        guard !text.isEmpty, !text.unicodeScalars.contains(where: { $0.properties.isWhitespace }) else { return nil }
        if LinkPolicy.scheme(of: text) != nil {
            if case .remote(let address) = LinkPolicy.classify(text) { return address }
            return nil
        }
        // A bare host: a dot inside its first segment, letters, digits, dots and hyphens only.
        let host = text.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        guard host.contains("."), !host.hasPrefix("."), !host.hasSuffix("."),
            host.unicodeScalars.allSatisfy({ $0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "." || $0 == "-" || $0 == ":" }),
            case .remote(let address) = LinkPolicy.classify("https://" + text)
        else { return nil }
        return address
    }

    /// The site a title names: `https://www.carris.pt/en/` → `carris.pt`.
    static func host(_ url: String) -> String? {
        guard let schemeEnd = url.range(of: "://") else { return nil }
        var rest = url[schemeEnd.upperBound...]
        if let end = rest.firstIndex(where: { $0 == "/" || $0 == "?" || $0 == "#" }) { rest = rest[..<end] }
        if let at = rest.lastIndex(of: "@") { rest = rest[rest.index(after: at)...] }
        if !rest.hasPrefix("["), let colon = rest.lastIndex(of: ":") { rest = rest[..<colon] }
        var host = rest.lowercased()
        if host.hasPrefix("www.") { host.removeFirst(4) }
        return host.isEmpty ? nil : host
    }

    // MARK: Titles

    /// What a command did, in English and as interface words; `page` is the page it acted on, where
    /// known. Nil for a command that says nothing short (`.other`): the call is "Used browser".
    static func title(_ action: Action, page: String?) -> (text: String, phrase: UIPhrase)? {
        let host = page.flatMap(host)
        switch action {
        case .search(let query?):
            return ("Searched the web for “\(query)”", UIPhrase(.toolWebSearch, ["query": query]))
        case .search(nil):
            return ("Searched the web", UIPhrase(.webSearched))
        case .open(let url):
            guard let host = host ?? url.flatMap(Self.host) else { return ("Opened a page", UIPhrase(.toolOpenedAPage)) }
            return ("Opened \(host)", UIPhrase(.toolOpened, ["host": host]))
        case .openPages(let count):
            return (UIStrings.english.counted(.toolOpenedPages, count), UIPhrase(.toolOpenedPages, ["count": String(count)]))
        case .click:
            return ("Clicked a link", UIPhrase(.toolClickedLink))
        case .quote:
            guard let host else { return ("Quoted a page", UIPhrase(.toolQuotedAPage)) }
            return ("Quoted \(host)", UIPhrase(.toolQuoted, ["host": host]))
        case .back:
            return ("Went back", UIPhrase(.toolWentBack))
        case .scroll:
            return ("Scrolled", UIPhrase(.toolScrolled))
        case .find(let pattern):
            return ("Looked for “\(pattern)” on the page", UIPhrase(.toolFoundOnPage, ["pattern": pattern]))
        case .other:
            return nil
        }
    }

    /// Sets a call's title from `action`.
    static func retitle(_ call: inout ToolCallPart, _ action: Action, page: String?) {
        if let (text, phrase) = title(action, page: page) {
            call.title = text
            call.titlePhrase = phrase
        } else {
            call.title = nil
            call.titlePhrase = nil
        }
    }

    // MARK: Results

    /// A result's command, from its `metadata` (`command`, `args`: 2024 exports), else from a
    /// failure's text where it quotes the command; nil when it names none.
    static func command(of message: ChatGPTMessage) -> Action? {
        if let command = message.meta("command") {
            var args: [String] = []
            if case .array(let items)? = message.metadata?["args"]?.value {
                args = items.compactMap { item in
                    if let text = ImportSource.string(item) { return text }
                    if case .number(let value, let integer) = item.value { return integer.map(String.init) ?? String(value) }
                    return nil
                }
            }
            let action = action(command: command, args: args)
            if action != .other { return action }
        }
        if message.contentType == "system_error" {
            // "Error when executing command `open_url("https://…")`": the command as written.
            let text = message.text.isEmpty ? (ImportSource.string(message.content["text"]) ?? "") : message.text
            for name in ["open_url(", "mclick(", "click(", "quote_lines(", "quote(", "search(", "back(", "scroll("] {
                guard let found = text.range(of: name) else { continue }
                let action = action(in: String(text[found.lowerBound...]))
                if action != .other { return action }
            }
        }
        return nil
    }

    /// The page a result shows: a quote's `url`, else the one page of its citation metadata
    /// (`metadata._cite_metadata.metadata_list`) when the result is a page, not a search's list.
    static func page(of message: ChatGPTMessage, isSearch: Bool) -> String? {
        if let url = ImportSource.string(message.content["url"]).flatMap(webAddress) { return url }
        if message.contentType == "tether_quote", let domain = ImportSource.string(message.content["domain"]) { return webAddress(domain) }
        guard !isSearch, case .array(let pages)? = message.metadata?["_cite_metadata"]?["metadata_list"]?.value, pages.count == 1 else { return nil }
        return ImportSource.string(pages[0]["url"]).flatMap(webAddress)
    }

    /// Whether a result's text is a search's list of pages (`# 【0†Title†host】` lines).
    static func isSearchList(_ text: String) -> Bool {
        var entries = 0
        for line in text.split(separator: "\n") where line.hasPrefix("# 【") || line.hasPrefix("【") && line.contains("†") {
            entries += 1
            if entries > 1 { return true }
        }
        return false
    }
}
