import ChatModel
import ChatSupport

/// The sources of one reply, numbered as its text cites them; a page cited twice is one source.
struct ChatGPTSourceBook {
    private(set) var sources: [Source] = []
    private var byKey: [String: String] = [:]

    /// The id of the source for `url` (or, without one, `title`), added when new.
    mutating func id(title: String?, url: String?, snippet: String?) -> String? {
        let url = url.map(ChatGPTSourceBook.withoutTracking)
        let title = title.flatMap { $0.isEmpty ? nil : ChatGPTText.plain($0) }
        guard let key = url.flatMap({ $0.isEmpty ? nil : $0 }) ?? title else { return nil }
        if let id = byKey[key] { return id }
        let id = "s\(sources.count + 1)"
        byKey[key] = id
        sources.append(
            Source(
                id: id, title: title, url: url,
                snippet: snippet.flatMap { $0.isEmpty ? nil : ChatGPTText.plain($0) }))
        return id
    }

    /// ChatGPT adds `utm_source=chatgpt.com` to every link it cites; the page links the page.
    static func withoutTracking(_ url: String) -> String {
        guard let query = url.firstIndex(of: "?") else { return url }
        let fragmentStart = url[query...].firstIndex(of: "#")
        let kept = url[url.index(after: query)..<(fragmentStart ?? url.endIndex)]
            .split(separator: "&", omittingEmptySubsequences: true)
            .filter { !$0.hasPrefix("utm_source=") }
        var out = String(url[..<query])
        if !kept.isEmpty { out += "?" + kept.joined(separator: "&") }
        if let fragmentStart { out += url[fragmentStart...] }
        return out
    }
}

/// Turns ChatGPT's citation markers into `[^id]` markers on a reply's sources, and every other
/// marker into what ChatGPT shows in its place.
///
/// Two generations:
/// - Since late 2024, private-use characters: `\u{E200}cite\u{E202}turn0search3\u{E202}turn0news1\u{E201}`
///   (also `filecite`, `entity`, `navlist`, image groups `i`/`image`, …), `\u{E203}…\u{E204}`
///   around the sentence a source supports, and a lone `\u{E206}`. The sources are in
///   `metadata.content_references` (each with the marker as `matched_text`) and
///   `metadata.search_result_groups` (entries by `ref_id`).
/// - In 2024, `【7:0†source】` (and `【12†L3-L9】`, `【4:0†report.pdf】` for files) with
///   `metadata.citations` (`start_ix`/`end_ix` into the text, the page in `metadata`).
///
/// Nothing private-use survives: an unknown marker is dropped, with a warning when it carried
/// something (a citation whose source the export lacks).
struct ChatGPTCitations {
    private var byMatchedText: [String: JSONNode] = [:]
    /// `turn0search3` → the search result's title, URL and snippet.
    private var byRef: [String: (title: String?, url: String?, snippet: String?)] = [:]
    /// `【7:0†source】` → the 2024 citation's metadata.
    private var oldStyle: [String: JSONNode] = [:]

    init(text: String, metadata: JSONNode?) {
        if case .array(let references)? = metadata?["content_references"]?.value {
            for reference in references {
                if let matched = ImportSource.string(reference["matched_text"]), !matched.isEmpty, byMatchedText[matched] == nil {
                    byMatchedText[matched] = reference
                }
                // Items name the search results they come from: a marker without its own
                // reference can still find its page.
                if case .array(let items)? = reference["items"]?.value {
                    for item in items {
                        let page = Self.page(item)
                        if case .array(let refs)? = item["refs"]?.value {
                            for ref in refs { if let key = Self.refKey(ref), byRef[key] == nil { byRef[key] = page } }
                        }
                    }
                }
            }
        }
        if case .array(let groups)? = metadata?["search_result_groups"]?.value {
            for group in groups {
                guard case .array(let entries)? = group["entries"]?.value else { continue }
                for entry in entries {
                    if let ref = entry["ref_id"], let key = Self.refKey(ref), byRef[key] == nil { byRef[key] = Self.page(entry) }
                }
            }
        }
        if case .array(let citations)? = metadata?["citations"]?.value, !citations.isEmpty {
            let scalars = Array(text.unicodeScalars)
            let utf16 = Array(text.utf16)
            for citation in citations {
                guard case .number(_, let start?)? = citation["start_ix"]?.value, case .number(_, let end?)? = citation["end_ix"]?.value,
                    start >= 0, end > start
                else { continue }
                // Offsets count code points in the exports seen; UTF-16 units in some others.
                var marker: String?
                if end <= scalars.count {
                    var piece = String.UnicodeScalarView()
                    piece.append(contentsOf: scalars[Int(start)..<Int(end)])
                    if piece.first == "【" { marker = String(piece) }
                }
                if marker == nil, end <= utf16.count,
                    let piece = String(utf16CodeUnits: Array(utf16[Int(start)..<Int(end)]), count: Int(end - start)) as String?,
                    piece.hasPrefix("【")
                {
                    marker = piece
                }
                if let marker, oldStyle[marker] == nil, let page = citation["metadata"] { oldStyle[marker] = page }
            }
        }
    }

    /// `{turn_index: 0, ref_type: "search", ref_index: 3}` → `turn0search3`.
    private static func refKey(_ ref: JSONNode) -> String? {
        guard case .number(_, let turn?)? = ref["turn_index"]?.value, let type = ImportSource.string(ref["ref_type"]),
            case .number(_, let index?)? = ref["ref_index"]?.value
        else { return nil }
        return "turn\(turn)\(type)\(index)"
    }

    private static func page(_ node: JSONNode) -> (title: String?, url: String?, snippet: String?) {
        (ImportSource.string(node["title"]), ImportSource.string(node["url"]), ImportSource.string(node["snippet"]) ?? ImportSource.string(node["text"]))
    }

    /// `text` with every marker replaced; sources land in `book`. `path` names the text for warnings.
    func resolve(_ text: String, book: inout ChatGPTSourceBook, at node: JSONNode?, path: String, reader: inout JSONReader) -> String {
        // Most replies cite nothing: their text is returned as it is, not copied a scalar at a
        // time (that copy was a fifth of a site's instructions).
        guard Self.mayHoldMarkers(text) else { return text }
        var out = String.UnicodeScalarView()
        let scalars = Array(text.unicodeScalars)
        var lost: [String] = []
        var i = 0
        while i < scalars.count {
            let scalar = scalars[i]
            if scalar == "\u{E200}" {
                var end = i + 1
                while end < scalars.count, scalars[end] != "\u{E201}", scalars[end] != "\u{E200}" { end += 1 }
                let closed = end < scalars.count && scalars[end] == "\u{E201}"
                let marker = String(String.UnicodeScalarView(scalars[i..<(closed ? end + 1 : end)]))
                let shown = replacement(newStyle: marker, body: Array(scalars[(i + 1)..<end]), book: &book, lost: &lost)
                i = closed ? end + 1 : end
                append(shown, to: &out, next: i < scalars.count ? scalars[i] : nil)
                continue
            }
            if scalar == "【" {
                var end = i + 1
                while end < scalars.count, end - i < 200, scalars[end] != "】", scalars[end] != "\n" { end += 1 }
                if end < scalars.count, scalars[end] == "】" {
                    let marker = String(String.UnicodeScalarView(scalars[i...end]))
                    if marker.contains("†") {
                        let shown = replacement(oldStyle: marker, book: &book, lost: &lost)
                        i = end + 1
                        append(shown, to: &out, next: i < scalars.count ? scalars[i] : nil)
                        continue
                    }
                }
            }
            if !ChatGPTText.isPrivateUse(scalar) { out.append(scalar) }
            i += 1
        }
        if !lost.isEmpty {
            let shown = lost.prefix(3).joined(separator: ", ") + (lost.count > 3 ? " and \(lost.count - 3) more" : "")
            reader.warning("\(shown) left out: the export has no source or text for \(lost.count == 1 ? "it" : "them")", at: node, path: path)
        }
        return String(out)
    }

    /// Whether `text` may hold a marker or a private-use character, read from its UTF-8 bytes:
    /// U+E000–U+FFFF starts with 0xEE or 0xEF, planes 15 and 16 with 0xF3 or 0xF4, and `【` is
    /// E3 80 90. False means ``resolve`` would return `text` unchanged; true is only a maybe
    /// (U+F900–U+FFFF is not private use), and the text is then read scalar by scalar.
    static func mayHoldMarkers(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { bytes in
            for i in bytes.indices {
                switch bytes[i] {
                case 0xEE, 0xEF, 0xF3, 0xF4: return true
                case 0xE3 where i + 2 < bytes.count && bytes[i + 1] == 0x80 && bytes[i + 2] == 0x90: return true
                default: continue
                }
            }
            return false
        }
    }

    /// Adds what a marker became. A marker that became nothing leaves no gap: "in Lisbon ." is
    /// "in Lisbon.", "a  b" is "a b".
    private func append(_ shown: String, to out: inout String.UnicodeScalarView, next: Unicode.Scalar?) {
        if shown.isEmpty {
            if out.last == " ", let next, next == " " || ".,;:!?)".unicodeScalars.contains(next) { out.removeLast() }
            return
        }
        out.append(contentsOf: shown.unicodeScalars)
    }

    /// A private-use marker: what its `content_references` entry says, else what its kind means.
    private func replacement(newStyle marker: String, body: [Unicode.Scalar], book: inout ChatGPTSourceBook, lost: inout [String]) -> String {
        if let reference = byMatchedText[marker] { return replacement(reference: reference, book: &book) }
        let fields = body.split(separator: "\u{E202}", omittingEmptySubsequences: false).map { String(String.UnicodeScalarView($0)) }
        guard let kind = fields.first else { return "" }
        let arguments = fields.dropFirst()
        switch kind {
        case "cite":
            var markers = ""
            for argument in arguments {
                for ref in argument.split(separator: ",").map({ $0.trimming(.whitespaces) }) where !ref.isEmpty {
                    if let page = byRef[ref], let id = book.id(title: page.title, url: page.url, snippet: page.snippet) {
                        markers += "[^\(id)]"
                    } else {
                        lost.append("citation " + JSONReader.quote(ref))
                    }
                }
            }
            return markers
        case "entity":
            // entity["city", "Lisbon", "capital of Portugal"]: the name is shown.
            if let json = arguments.first, let node = try? JSONParser.parse(Array(json.utf8)), case .array(let items) = node.value,
                items.count > 1, let name = ImportSource.string(items[1])
            {
                return ChatGPTText.plain(name)
            }
            return ""
        case "navlist":
            // navlist: a title, then the cited pages.
            var out = arguments.first.map(ChatGPTText.plain) ?? ""
            for argument in arguments.dropFirst() {
                for ref in argument.split(separator: ",").map({ $0.trimming(.whitespaces) }) {
                    if let page = byRef[ref], let id = book.id(title: page.title, url: page.url, snippet: page.snippet) { out += "[^\(id)]" }
                }
            }
            return out
        case "i", "image", "filecite", "products", "product_entity", "businesses", "forecast", "finance", "stock", "sports", "schedule", "genui":
            // Image groups (web images, not in the export), file citations (the file is in the
            // question), product and business cards, widgets: nothing the page can show.
            return ""
        default:
            lost.append("marker " + JSONReader.quote(String(String.UnicodeScalarView(marker.unicodeScalars.filter { !ChatGPTText.isPrivateUse($0) }))))
            return ""
        }
    }

    /// A `content_references` entry: its pages as sources, else its shown text (`alt`, `name`).
    private func replacement(reference: JSONNode, book: inout ChatGPTSourceBook) -> String {
        let type = ImportSource.string(reference["type"]) ?? ""
        switch type {
        case "hidden", "sources_footnote", "image_v2", "image_group", "image_inline", "attribution":
            return ""
        default: break
        }
        var markers = ""
        if case .array(let items)? = reference["items"]?.value {
            for item in items {
                let page = Self.page(item)
                if let id = book.id(title: page.title, url: page.url, snippet: page.snippet) { markers += "[^\(id)]" }
                if case .array(let more)? = item["supporting_websites"]?.value {
                    for site in more {
                        let page = Self.page(site)
                        if let id = book.id(title: page.title, url: page.url, snippet: page.snippet) { markers += "[^\(id)]" }
                    }
                }
            }
        }
        if type == "nav_list" || type == "navigation", let title = ImportSource.string(reference["title"]) { return ChatGPTText.plain(title) + markers }
        if !markers.isEmpty { return markers }
        if type == "grouped_webpages" || type == "webpage" || type == "webpage_extended" { return "" }
        // Entities, products, places: ChatGPT shows the name; `alt` is that text.
        if let name = ImportSource.string(reference["name"]), !name.isEmpty { return ChatGPTText.plain(name) }
        if let alt = ImportSource.string(reference["alt"]), !alt.isEmpty, !alt.contains("](") { return ChatGPTText.plain(alt) }
        return ""
    }

    /// A 2024 marker: its page from `metadata.citations`; a file search's names the file.
    private func replacement(oldStyle marker: String, book: inout ChatGPTSourceBook, lost: inout [String]) -> String {
        if let reference = byMatchedText[marker] { return replacement(reference: reference, book: &book) }
        if let page = oldStyle[marker] {
            let extra = page["extra"]
            if let id = book.id(
                title: ImportSource.string(page["title"]), url: ImportSource.string(page["url"]),
                snippet: ImportSource.string(extra?["evidence_text"]) ?? ImportSource.string(page["text"]))
            {
                return "[^\(id)]"
            }
        }
        // 【4:0†report.pdf】: a passage of an uploaded file.
        let label = marker.split(separator: "†", maxSplits: 1).last.map { String($0.dropLast()) } ?? ""
        let isLines = label.first == "L" && label.dropFirst().first?.isNumber == true
        if !label.isEmpty, label != "source", !isLines, label.contains(".") {
            if let id = book.id(title: label, url: nil, snippet: nil) { return "[^\(id)]" }
        }
        lost.append("citation " + JSONReader.quote(marker))
        return ""
    }
}
