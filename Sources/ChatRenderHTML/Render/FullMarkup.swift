import CCmarkGFM
import Foundation
import CPlatform
import ChatModel
import ChatPlan
import ChatTheme

/// Assistant replies as people write them (`--markup full`): CommonMark with GitHub tables,
/// autolinks and strikethrough, parsed by cmark-gfm.
///
/// cmark-gfm only parses here; the HTML is written by walking its syntax tree with the escaping
/// ``HTML`` type, so every character of input is escaped and nothing the library would print
/// unescaped (raw HTML, unsafe links) can reach the page:
/// - raw HTML, block or inline, is shown as the literal text it was written as;
/// - links keep their `href` only for `http`, `https`, `mailto` and relative URLs (``isAllowedLink(_:)``);
///   anything else (`javascript:`, `data:`, `file:`, `//host`) shows its text without a link;
///   links that leave the page get `rel="noopener noreferrer"`;
/// - images are never loaded (no network request, and the page's CSP would refuse them): each becomes
///   one link to the image, marked as an image not loaded (an icon, its alt text, a quiet "image not
///   loaded", and "Image not loaded: alt" as its name), in the page's language;
/// - a link never holds another (an image in a link, a link in an image's alt text): the inner one
///   is written without its own `<a>`, since browsers split nested links apart;
/// - headings start at `<h3>`, below the page's `<h1>` and each turn's `<h2>`;
/// - code blocks are a `<figure>` whose caption is the language, with a focusable, scrollable `<pre>`.
///
/// - TeX math (`$…$`, `$$…$$`, `\(…\)`, `\[…\]`) becomes MathML, and `[^id]` markers become links
///   to the turn's sources; both are taken out before cmark reads the text (``MarkupSpans``), since
///   cmark would read a formula's backslashes and underscores as Markdown.
///
/// The walk is iterative (cmark's iterator), so deeply nested input cannot exhaust the stack.
package enum FullMarkup {
    /// The reply as HTML. Deterministic: the same text always gives the same bytes.
    /// `citations` turns the turn's `[^id]` markers into links to its sources; `strings` gives
    /// the page's words (an image's "image not loaded").
    package static func render(_ text: String, citations: CitationLinks? = nil, strings: UIStrings = .english) -> HTML {
        renderReporting(text, citations: citations, strings: strings).html
    }

    /// ``render(_:citations:strings:)``, with the formulas that could not be converted (each is
    /// shown as its TeX source) for the caller to warn about.
    package static func renderReporting(
        _ text: String, citations: CitationLinks? = nil,
        strings: UIStrings = .english
    ) -> (html: HTML, mathFailures: [MarkupSpans.MathFailure]) {
        let spans = MarkupSpans.protect(text, citations: citations)
        return (render(protected: spans?.text ?? text, original: text, spans: spans, strings: strings), spans?.failures ?? [])
    }

    /// The reply with its math and citations already taken out (``MarkupSpans/protect(_:citations:)``),
    /// for a caller that looked for them first: `--markup auto` does, to decide, and the spans are
    /// not made again.
    package static func render(_ text: String, spans: MarkupSpans, strings: UIStrings = .english) -> HTML {
        render(protected: spans.text, original: text, spans: spans, strings: strings)
    }

    private static func render(protected text: String, original: String, spans: MarkupSpans?, strings: UIStrings) -> HTML {
        // The parse allocates from this thread's bump region (cplatform.h), dropped whole at the
        // end instead of freeing the tree node by node. A nested parse, and a very long reply
        // (where cmark's freed temporaries would pile up until the end), use malloc as usual.
        let inArena = text.utf8.count <= arenaTextLimit && cplatform_arena_begin() != 0
        defer { if inArena { cplatform_arena_end() } }
        guard let parser = makeParser(memory: inArena ? arenaMemory.pointer : cmark_get_default_mem_allocator()) else {
            return InlineText.render(original, formatted: true)
        }
        defer { if !inArena { cmark_parser_free(parser) } }
        var source = text
        source.withUTF8 { utf8 in
            utf8.withMemoryRebound(to: CChar.self) { chars in
                cmark_parser_feed(parser, chars.baseAddress, chars.count)
            }
        }
        // cmark-gfm's inline phase touches one process-wide table; see `extensions`.
        let finished: OpaquePointer?
        if extensions.finishesInParallel {
            finished = cmark_parser_finish(parser)
        } else {
            finished = finishLock.withLock { _ in cmark_parser_finish(parser) }
        }
        guard let document = finished else { return InlineText.render(original, formatted: true) }
        defer { if !inArena { cmark_node_free(document) } }
        var writer = Writer(spans: spans, strings: strings)
        // The markup is the text plus tags: room for both up front instead of growing node by node.
        writer.html.reserveCapacity(text.utf8.count + text.utf8.count / 2 + 64)
        writer.walk(document)
        return writer.html
    }

    /// Replies up to this many bytes are parsed in the bump region: all but a pathological few.
    static let arenaTextLimit = 1 << 20

    private static func makeParser(memory: UnsafeMutablePointer<cmark_mem>) -> OpaquePointer? {
        // No CMARK_OPT_VALIDATE_UTF8: a Swift string is valid UTF-8 already (cmark replaces NUL itself).
        guard let parser = cmark_parser_new_with_mem(CMARK_OPT_DEFAULT, memory) else { return nil }
        for ext in extensions.list { cmark_parser_attach_syntax_extension(parser, ext) }
        return parser
    }

    /// cmark-gfm's allocator interface over the bump region.
    private struct Memory: @unchecked Sendable { let pointer: UnsafeMutablePointer<cmark_mem> }
    private static let arenaMemory: Memory = {
        let memory = UnsafeMutablePointer<cmark_mem>.allocate(capacity: 1)
        memory.initialize(to: cmark_mem(calloc: cplatform_arena_calloc, realloc: cplatform_arena_realloc, free: cplatform_arena_free))
        return Memory(pointer: memory)
    }()

    /// Used only where parses cannot finish in parallel (see ``extensions``).
    private static let finishLock = Locked(())

    /// Whether parses on several threads may finish at once (see ``extensions``).
    static var finishesInParallel: Bool { extensions.finishesInParallel }

    /// The GitHub extensions, registered and looked up once, before any parse.
    ///
    /// cmark-gfm keeps the inline parser's table of special characters in one process-wide array:
    /// each `cmark_parser_finish` adds its extensions' characters (`~` for strikethrough, `:` and
    /// `w` for autolinks) before its inline phase and removes them after it, so a parse finishing
    /// on one thread made another thread's parse, still in its inline phase, lose its
    /// strikethrough and autolinks. `cmark_special_characters.c` (CPlatform) takes those calls
    /// over: here the characters are added once, for good, through a parser used for nothing
    /// else, and from then on the calls do nothing. A small parse then checks that cmark-gfm's
    /// calls do arrive there; where they do not (another platform's linker), every parse finishes
    /// under `finishLock` instead, one at a time, which is correct everywhere but keeps inline
    /// parsing, about a third of a reply's time, on one core.
    private struct Extensions: @unchecked Sendable {
        let list: [OpaquePointer]
        let finishesInParallel: Bool
    }
    private static let extensions: Extensions = {
        cmark_gfm_core_extensions_ensure_registered()
        let list = ["table", "autolink", "strikethrough"].compactMap { (name: String) in cmark_find_syntax_extension(name) }
        guard let setup = cmark_parser_new(CMARK_OPT_DEFAULT) else { return Extensions(list: list, finishesInParallel: false) }
        defer { cmark_parser_free(setup) }
        for ext in list { cmark_parser_attach_syntax_extension(setup, ext) }
        guard cplatform_cmark_pin_special_characters(UnsafeMutableRawPointer(setup)) != 0 else {
            return Extensions(list: list, finishesInParallel: false)
        }
        let probe = "~~x~~"
        cmark_parser_feed(setup, probe, probe.utf8.count)
        if let document = cmark_parser_finish(setup) { cmark_node_free(document) }
        return Extensions(list: list, finishesInParallel: cplatform_cmark_calls_arrive() != 0)
    }()

    /// Whether a link destination may become an `href`: `http`/`https` with a host, `mailto:`, or a
    /// relative URL (no scheme, not `//host`). Control characters, backslashes and whitespace refuse
    /// it, since browsers strip or reinterpret them before reading the scheme.
    package static func isAllowedLink(_ url: String) -> Bool { linkKind(url) != nil }

    package enum LinkKind { case external, mail, relative }

    static func linkKind(_ url: String) -> LinkKind? {
        if url.isEmpty { return nil }
        for scalar in url.unicodeScalars {
            if scalar.value < 0x21 || scalar.value == 0x7F || (scalar.value >= 0x80 && scalar.value < 0xA0)
                || scalar == "\\" || scalar.properties.isWhitespace
            {
                return nil
            }
        }
        if let scheme = LinkPolicy.scheme(of: url) {
            switch scheme.lowercased() {
            case "http", "https":
                let rest = url.dropFirst(scheme.count + 1)
                guard rest.hasPrefix("//"), rest.count > 2, !rest.dropFirst(2).hasPrefix("/") else { return nil }
                return .external
            case "mailto":
                return url.count > scheme.count + 1 ? .mail : nil
            default:
                return nil
            }
        }
        if url.hasPrefix("//") { return nil }
        // A colon before any / ? # that is not a valid scheme ("1x:y", "a b:c") is still read as a
        // scheme by some parsers; refuse rather than guess.
        if let colon = url.firstIndex(of: ":") {
            let head = url[..<colon]
            if !head.contains("/") && !head.contains("?") && !head.contains("#") { return nil }
        }
        return .relative
    }

    /// Walks the tree once, writing HTML as nodes are entered and left.
    private struct Writer {
        var html = HTML()
        /// The reply's math and citation markers, taken out before the parse; nil when it has none.
        let spans: MarkupSpans?
        /// The page's words.
        let strings: UIStrings
        /// A paragraph that is one display formula: written as the `<math display="block">`
        /// alone, without `<p>` (a formula set apart is not a paragraph of prose).
        var formulaParagraph: OpaquePointer? = nil
        /// What each open link or image wrote, innermost last, so its exit closes the same.
        var openLinks: [OpenLink] = []

        /// What a link or image node opened.
        enum OpenLink {
            /// Nothing: an address that may not be a link, or a link inside another.
            case none
            /// `<a>`.
            case link
            /// The image marker: inside its own `<a>` (`linked`), or inside an enclosing link.
            case image(linked: Bool)
        }

        init(spans: MarkupSpans?, strings: UIStrings) {
            self.spans = spans
            self.strings = strings
        }

        /// Whether a link is open around the node being entered: its own would nest.
        var insideLink: Bool {
            openLinks.contains {
                switch $0 {
                case .link, .image(linked: true): return true
                case .none, .image(linked: false): return false
                }
            }
        }

        /// Text cmark read as code or an address: placeholders back to the text they replaced.
        func restored(_ text: String) -> String { spans?.restore(text) ?? text }

        func url(_ node: OpaquePointer) -> String { restored(Self.url(node)) }

        /// The display formula that is all of a paragraph, if it is one.
        func displayFormula(_ paragraph: OpaquePointer) -> OpaquePointer? {
            guard let spans, let child = cmark_node_first_child(paragraph), cmark_node_next(child) == nil,
                Self.kind(child) == .text, let literal = cmark_node_get_literal(child),
                spans.displaySpan(filling: literal) != nil
            else { return nil }
            return child
        }
        /// Per open table: column alignments and whether `<tbody>` is open.
        var tables: [(alignments: [UInt8], bodyOpen: Bool)] = []
        /// The page level of each Markdown heading level (index 1…6), and of the last heading
        /// written (the turn's own `<h2>` to start with); see ``headingLevel(_:)``.
        var headingMap: (Int, Int, Int, Int, Int, Int, Int) = (0, 3, 4, 5, 6, 6, 6)
        var lastHeading = 2
        var openHeading = 3

        mutating func walk(_ root: OpaquePointer) {
            mapHeadings(root)
            guard let iterator = cmark_iter_new(root) else { return }
            defer { cmark_iter_free(iterator) }
            while true {
                let event = cmark_iter_next(iterator)
                if event == CMARK_EVENT_DONE || event == CMARK_EVENT_NONE { break }
                guard let node = cmark_iter_get_node(iterator) else { continue }
                if event == CMARK_EVENT_ENTER { enter(node) } else { exit(node) }
            }
        }

        /// What a node is. Core types come from cmark's enum; only extension nodes (tables,
        /// strikethrough), whose type numbers are assigned at run time, are told apart by name.
        package enum Kind {
            case document, blockQuote, list, item, codeBlock, htmlBlock, paragraph, heading, thematicBreak
            case text, softbreak, linebreak, code, htmlInline, emph, strong, link, image
            case table, tableHeader, tableRow, tableCell, strikethrough, other
        }

        static func kind(_ node: OpaquePointer) -> Kind {
            switch cmark_node_get_type(node) {
            case CMARK_NODE_DOCUMENT: return .document
            case CMARK_NODE_BLOCK_QUOTE: return .blockQuote
            case CMARK_NODE_LIST: return .list
            case CMARK_NODE_ITEM: return .item
            case CMARK_NODE_CODE_BLOCK: return .codeBlock
            case CMARK_NODE_HTML_BLOCK: return .htmlBlock
            case CMARK_NODE_PARAGRAPH: return .paragraph
            case CMARK_NODE_HEADING: return .heading
            case CMARK_NODE_THEMATIC_BREAK: return .thematicBreak
            case CMARK_NODE_TEXT: return .text
            case CMARK_NODE_SOFTBREAK: return .softbreak
            case CMARK_NODE_LINEBREAK: return .linebreak
            case CMARK_NODE_CODE: return .code
            case CMARK_NODE_HTML_INLINE: return .htmlInline
            case CMARK_NODE_EMPH: return .emph
            case CMARK_NODE_STRONG: return .strong
            case CMARK_NODE_LINK: return .link
            case CMARK_NODE_IMAGE: return .image
            default:
                guard let name = cmark_node_get_type_string(node) else { return .other }
                switch String(cString: name) {
                case "table": return .table
                case "table_header": return .tableHeader
                case "table_row": return .tableRow
                case "table_cell": return .tableCell
                case "strikethrough": return .strikethrough
                default: return .other
                }
            }
        }

        static func literal(_ node: OpaquePointer) -> String {
            guard let text = cmark_node_get_literal(node) else { return "" }
            return String(cString: text)
        }

        static func url(_ node: OpaquePointer) -> String {
            guard let text = cmark_node_get_url(node) else { return "" }
            return String(cString: text)
        }

        /// Paragraphs directly in an item of a tight list are written without `<p>`.
        static func isTightParagraph(_ node: OpaquePointer) -> Bool {
            guard let item = cmark_node_parent(node), kind(item) == .item,
                let list = cmark_node_parent(item)
            else { return false }
            return cmark_node_get_list_tight(list) != 0
        }

        /// Whether a link's text is its own address (an autolink such as `https://x` or `www.x`),
        /// so print does not repeat the address after it.
        static func showsItsAddress(_ node: OpaquePointer, url: String) -> Bool {
            guard let child = cmark_node_first_child(node), cmark_node_next(child) == nil, kind(child) == .text,
                let literal = cmark_node_get_literal(child)
            else { return false }
            let text = String(cString: literal)
            return text == url || "http://" + text == url || "https://" + text == url || "mailto:" + text == url
        }

        static func linkAttributes(_ url: String) -> HTML? {
            switch linkKind(url) {
            case .external?: return " href=\"\(url)\" rel=\"noopener noreferrer\""
            case .mail?, .relative?: return " href=\"\(url)\""
            case nil: return nil
            }
        }

        mutating func enter(_ node: OpaquePointer) {
            switch Self.kind(node) {
            case .paragraph:
                if displayFormula(node) != nil {
                    formulaParagraph = node
                } else if !Self.isTightParagraph(node) {
                    html.append("<p>")
                }
            case .heading:
                openHeading = headingLevel(node)
                html.append("<h\(openHeading) class=\"cr-md-h\(Int(cmark_node_get_heading_level(node)))\">")
            case .blockQuote: html.append("<blockquote>")
            case .list:
                if cmark_node_get_list_type(node) == CMARK_ORDERED_LIST {
                    let start = Int(cmark_node_get_list_start(node))
                    html.append(start == 1 ? "<ol>" : "<ol start=\"\(start)\">")
                } else {
                    html.append("<ul>")
                }
            case .item: html.append("<li>")
            case .codeBlock: codeBlock(node)
            case .htmlBlock:
                var raw = restored(Self.literal(node))
                while raw.hasSuffix("\n") { raw.removeLast() }
                html.append("<p class=\"cr-md-raw\">\(raw)</p>")
            case .thematicBreak: html.append("<hr>")
            case .text, .htmlInline:
                guard let literal = cmark_node_get_literal(node) else { break }
                if let spans { spans.appendText(literal, to: &html) } else { html.appendContent(cString: literal) }
            case .softbreak: html.append("\n")
            case .linebreak: html.append("<br>")
            case .code: html.append("<code>\(HTML.content(restored(Self.literal(node))))</code>")
            case .emph: html.append("<em>")
            case .strong: html.append("<strong>")
            case .strikethrough: html.append("<del>")
            case .link:
                let url = self.url(node)
                if !insideLink, let attributes = Self.linkAttributes(url) {
                    html.append(Self.showsItsAddress(node, url: url) ? "<a class=\"cr-md-autolink\"\(attributes)>" : "<a\(attributes)>")
                    openLinks.append(.link)
                } else {
                    openLinks.append(.none)
                }
            case .image: enterImage(node)
            case .table:
                let columns = Int(cmark_gfm_extensions_get_table_columns(node))
                var alignments: [UInt8] = []
                if let pointer = cmark_gfm_extensions_get_table_alignments(node) {
                    alignments = Array(UnsafeBufferPointer(start: pointer, count: columns))
                }
                tables.append((alignments, false))
                html.append("<div class=\"cr-md-table\" tabindex=\"0\"><table>")
            case .tableHeader: html.append("<thead><tr>")
            case .tableRow:
                if let last = tables.indices.last, !tables[last].bodyOpen {
                    tables[last].bodyOpen = true
                    html.append("<tbody>")
                }
                html.append("<tr>")
            case .tableCell:
                let header = cmark_node_parent(node).map { Self.kind($0) == .tableHeader } ?? false
                var column = 0
                var previous = cmark_node_previous(node)
                while let p = previous { column += 1; previous = cmark_node_previous(p) }
                let alignment = tables.last.flatMap { column < $0.alignments.count ? $0.alignments[column] : nil } ?? 0
                let align: HTML
                switch alignment {
                case UInt8(ascii: "l"): align = " class=\"cr-align-start\""
                case UInt8(ascii: "c"): align = " class=\"cr-align-center\""
                case UInt8(ascii: "r"): align = " class=\"cr-align-end\""
                default: align = ""
                }
                html.append(header ? "<th scope=\"col\"\(align)>" : "<td\(align)>")
            default: break  // document, custom and footnote nodes: their children only
            }
        }

        mutating func exit(_ node: OpaquePointer) {
            switch Self.kind(node) {
            case .paragraph:
                if formulaParagraph == node {
                    formulaParagraph = nil
                } else if !Self.isTightParagraph(node) {
                    html.append("</p>")
                }
            case .heading: html.append("</h\(openHeading)>")
            case .blockQuote: html.append("</blockquote>")
            case .list: html.append(cmark_node_get_list_type(node) == CMARK_ORDERED_LIST ? "</ol>" : "</ul>")
            case .item: html.append("</li>")
            case .emph: html.append("</em>")
            case .strong: html.append("</strong>")
            case .strikethrough: html.append("</del>")
            case .link, .image:
                switch openLinks.popLast() ?? .none {
                case .none: break
                case .link: html.append("</a>")
                case .image(let linked):
                    // The space inside the note: copied text reads "Tram 28 image not loaded", and the
                    // link's underline stops at the alt text.
                    html.append("</span><span class=\"cr-md-image-note\"> \(strings[.imageNotLoaded])</span>")
                    html.append(linked ? "</a>" : "</span>")
                }
            case .table:
                if tables.last?.bodyOpen == true { html.append("</tbody>") }
                tables.removeLast()
                html.append("</table></div>")
            case .tableHeader: html.append("</tr></thead>")
            case .tableRow: html.append("</tr>")
            case .tableCell:
                let header = cmark_node_parent(node).map { Self.kind($0) == .tableHeader } ?? false
                html.append(header ? "</th>" : "</td>")
            default: break
            }
        }

        /// An image, never loaded: one link to it (or, inside a link, no link of its own), marked
        /// as an image not loaded: an icon, the alt text (the file's name when it has none), a
        /// quiet "image not loaded"; named "Image not loaded: alt" for a screen reader. An address
        /// that may not be a link (`data:`, `javascript:`) leaves the alt text alone, as before.
        mutating func enterImage(_ node: OpaquePointer) {
            let url = self.url(node)
            guard let attributes = Self.linkAttributes(url) else {
                openLinks.append(.none)
                return
            }
            let alt = plainText(node).trimmingASCIIWhitespace()
            let shown = alt.isEmpty ? Self.fileName(url) : alt
            let marker: HTML = "\(Icon.photoUnavailable)<span class=\"cr-md-image-alt\">"
            if insideLink {
                html.append("<span class=\"cr-md-image\">\(marker)")
                openLinks.append(.image(linked: false))
            } else {
                let name = strings.text(.imageNotLoadedNamed, ["alt": shown])
                html.append("<a class=\"cr-md-image\"\(attributes) aria-label=\"\(name)\">\(marker)")
                openLinks.append(.image(linked: true))
            }
            if alt.isEmpty { html.appendEscaped(shown) }
        }

        /// The text of a node's children, as a screen reader's name takes it: literals joined,
        /// line breaks as spaces, math and citation placeholders back to what they replaced.
        func plainText(_ node: OpaquePointer) -> String {
            guard let iterator = cmark_iter_new(node) else { return "" }
            defer { cmark_iter_free(iterator) }
            var text = ""
            while true {
                let event = cmark_iter_next(iterator)
                if event == CMARK_EVENT_DONE || event == CMARK_EVENT_NONE { break }
                guard event == CMARK_EVENT_ENTER, let child = cmark_iter_get_node(iterator), child != node else { continue }
                switch Self.kind(child) {
                case .text, .code, .htmlInline: text += restored(Self.literal(child))
                case .softbreak, .linebreak: text += " "
                default: break
                }
            }
            return text
        }

        /// What an image with no alt text is called: the last part of its address's path
        /// (`tram.jpg`), else the address.
        static func fileName(_ url: String) -> String {
            var path = Substring(url)
            if let end = path.firstIndex(where: { $0 == "?" || $0 == "#" }) { path = path[..<end] }
            if let scheme = path.range(of: "://") { path = path[scheme.upperBound...].drop { $0 != "/" } }
            let last = path.split(separator: "/").last.map(String.init) ?? ""
            return last.isEmpty ? url : (last.removingPercentEncoding ?? last)
        }

        /// The reply's headings sit under the turn's `<h2>`, and the outline must not skip a level
        /// (a screen reader's list of headings, axe's heading-order): a reply that starts at `##`
        /// or jumps from `#` to `###` is common. The distinct levels of the reply's top-level
        /// headings, in order, become `<h3>`, `<h4>` … (`<h6>` at most); and no heading is more
        /// than one level below the one before it. The author's level stays in the class
        /// (`cr-md-h2`), which sets the size.
        mutating func mapHeadings(_ root: OpaquePointer) {
            var used = [Bool](repeating: false, count: 7)
            var child = cmark_node_first_child(root)
            var any = false
            while let node = child {
                if cmark_node_get_type(node) == CMARK_NODE_HEADING {
                    used[min(6, max(1, Int(cmark_node_get_heading_level(node))))] = true
                    any = true
                }
                child = cmark_node_next(node)
            }
            guard any else { return }
            var next = 3
            var map = [0, 3, 4, 5, 6, 6, 6]
            for level in 1...6 where used[level] {
                map[level] = min(6, next)
                next += 1
            }
            // Levels only nested headings use (in a list or quote) sit below the nearest used one.
            var last = 3
            for level in 1...6 { if used[level] { last = map[level] } else { map[level] = min(6, last + 1) } }
            headingMap = (0, map[1], map[2], map[3], map[4], map[5], map[6])
        }

        /// The page level for a heading node, as ``mapHeadings(_:)`` set out.
        mutating func headingLevel(_ node: OpaquePointer) -> Int {
            let level = min(6, max(1, Int(cmark_node_get_heading_level(node))))
            let mapped: Int
            switch level {
            case 1: mapped = headingMap.1
            case 2: mapped = headingMap.2
            case 3: mapped = headingMap.3
            case 4: mapped = headingMap.4
            case 5: mapped = headingMap.5
            default: mapped = headingMap.6
            }
            let page = max(3, min(mapped, lastHeading + 1))
            lastHeading = page
            return page
        }

        mutating func codeBlock(_ node: OpaquePointer) {
            let info = cmark_node_get_fence_info(node).map { String(cString: $0) } ?? ""
            let language = info.split(whereSeparator: { $0 == " " || $0 == "\t" }).first.map(String.init)
            html.append(CodeBlock.render(restored(Self.literal(node)), language: language))
        }
    }
}
