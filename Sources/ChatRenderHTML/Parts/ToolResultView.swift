import ChatModel

/// Results of well-known coding-agent tools drawn the way they read best, from the call's own
/// input and result text (the file keeps them as the tool gave them):
///
/// - `Read`: the file's lines, numbered as the tool numbered them (`  12→text`), highlighted by
///   the file's extension;
/// - `Grep` and `Glob`: the matches as a list, a "Found 3 files" line as its caption;
/// - `TodoWrite`: the to-do list as a checklist, each item's state in words and an icon.
///
/// Anything else, or a result that is not in the expected shape, is nil: the call is drawn as any other.
enum ToolResultView {
    /// The result's body, or nil to draw it as plain output.
    static func result(_ part: ToolCallPart, input: ToolInput?, strings: UIStrings = .english) -> HTML? {
        guard part.status == .ok, let result = part.result, !result.isEmpty else { return nil }
        switch part.name {
        case "Read": return numbered(result, path: input.flatMap { string("file_path", in: $0) }, strings: strings)
        case "Grep", "Glob": return matches(result, strings: strings)
        default: return nil
        }
    }

    /// The tool's input as a checklist (TodoWrite), or nil.
    static func input(_ part: ToolCallPart, input: ToolInput?, strings: UIStrings = .english) -> HTML? {
        guard part.name == "TodoWrite", let input, input.isJSON else { return nil }
        return checklist(input, strings: strings)
    }

    // MARK: Read

    /// `     1→line` (or `     1<tab>line`, as older versions wrote) on every line.
    static func numbered(_ text: String, path: String?, strings: UIStrings = .english) -> HTML? {
        guard let (numbers, code) = numberedLines(text) else { return nil }
        let language = path.flatMap(language(forPath:))
        let body = language.flatMap { SyntaxHighlighter.highlight(code, language: $0) } ?? HTML.content(code)
        let name = path.map { FilePath.lastComponent($0) } ?? strings[.unnamedFile]
        let spoken = strings.text(.fileLines, ["name": name, "first": String(numbers.first!), "last": String(numbers.last!)])
        return
            "<figure class=\"cr-code cr-numbered\"><figcaption class=\"cr-code-lang\" dir=\"auto\">\(name)</figcaption><div class=\"cr-numbered-rows\"><pre class=\"cr-numbered-gutter\" aria-hidden=\"true\"><code>\(numbers.joined(separator: "\n"))</code></pre><pre tabindex=\"0\" aria-label=\"\(spoken)\"><code>\(body)</code></pre></div></figure>"
    }

    /// The numbers and the source of a numbered listing, or nil when `text` is not one. Read as
    /// UTF-8 (a Read result can be a whole file, and Character by Character was most of its
    /// cost), cutting where the Characters would: at a line feed not after a carriage return
    /// (`\r\n` is one Character), after spaces and ASCII digits, and after the marker. Should a
    /// combining mark follow a `→` (the one place bytes and Characters could disagree), the
    /// Character reading decides.
    static func numberedLines(_ text: String) -> (numbers: [Substring], code: String)? {
        let utf8 = text.utf8
        var numbers: [Substring] = []
        var code: [UInt8] = []
        var lines = 0
        var i = utf8.startIndex
        let end = utf8.endIndex
        while true {
            // One line: from i to the next line feed that is not part of `\r\n`.
            var lineEnd = i
            var previous: UInt8 = 0
            while lineEnd < end {
                let byte = utf8[lineEnd]
                if byte == 0x0A && previous != 0x0D { break }
                previous = byte
                lineEnd = utf8.index(after: lineEnd)
            }
            var j = i
            while j < lineEnd, utf8[j] == 0x20 { j = utf8.index(after: j) }
            let digitsStart = j
            while j < lineEnd, utf8[j] >= 0x30 && utf8[j] <= 0x39 { j = utf8.index(after: j) }
            let digitCount = utf8.distance(from: digitsStart, to: j)
            guard digitCount > 0, digitCount <= 9 else {
                // A closing note after the lines (a system reminder, "… lines truncated") ends the listing.
                if lines == 0 { return nil }
                break
            }
            var bodyStart: String.Index
            if j < lineEnd, utf8[j] == 0x09 {
                bodyStart = utf8.index(after: j)
            } else if utf8.distance(from: j, to: lineEnd) >= 3, utf8[j] == 0xE2, utf8[utf8.index(j, offsetBy: 1)] == 0x86,
                utf8[utf8.index(j, offsetBy: 2)] == 0x92
            {
                bodyStart = utf8.index(j, offsetBy: 3)
                if bodyStart < lineEnd, utf8[bodyStart] >= 0x80 { return numberedLinesByCharacter(text) }
            } else {
                return nil
            }
            if lines > 0 { code.append(0x0A) }
            let body = utf8[bodyStart..<lineEnd]
            if body.withContiguousStorageIfAvailable({ code.append(contentsOf: $0) }) == nil { code.append(contentsOf: body) }
            numbers.append(text[digitsStart..<j])
            lines += 1
            if lineEnd == end { break }
            i = utf8.index(after: lineEnd)
        }
        guard lines > 0 else { return nil }
        return (numbers, String(decoding: code, as: UTF8.self))
    }

    /// ``numberedLines(_:)`` Character by Character.
    static func numberedLinesByCharacter(_ text: String) -> (numbers: [Substring], code: String)? {
        var numbers: [Substring] = []
        var lines: [Substring] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let body = line.drop { $0 == " " }
            let digits = body.prefix { $0.isASCII && $0.isNumber }
            guard !digits.isEmpty, digits.count <= 9 else {
                if lines.isEmpty { return nil }
                break
            }
            let rest = body.dropFirst(digits.count)
            guard let marker = rest.first, marker == "\u{2192}" || marker == "\t" else { return nil }
            numbers.append(digits)
            lines.append(rest.dropFirst())
        }
        guard !lines.isEmpty else { return nil }
        return (numbers, lines.joined(separator: "\n"))
    }

    /// The highlighter's name for a file's extension, or nil for none it knows.
    static func language(forPath path: String) -> String? {
        let name = FilePath.lastComponent(path).lowercased()
        if name == "makefile" || name == "dockerfile" { return nil }
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return nil }
        return languages[String(name[name.index(after: dot)...])]
    }

    /// File extensions and the highlighter's names for them, those it knows.
    static let languages: [String: String] = {
        let map = [
            "py": "python", "js": "javascript", "mjs": "javascript", "cjs": "javascript", "jsx": "javascript", "ts": "typescript",
            "tsx": "typescript", "swift": "swift", "rs": "rust", "go": "go", "rb": "ruby", "java": "java", "kt": "kotlin",
            "kts": "kotlin", "c": "c", "h": "c", "cc": "cpp", "cpp": "cpp", "hpp": "cpp", "cs": "csharp", "php": "php",
            "sh": "bash", "bash": "bash", "zsh": "bash", "json": "json", "yml": "yaml", "yaml": "yaml", "sql": "sql",
            "html": "html", "htm": "html", "xml": "xml", "svg": "xml", "css": "css", "scss": "css", "diff": "diff", "patch": "diff",
        ]
        return map.filter { SyntaxHighlighter.language(named: $0.value) != nil }
    }()

    // MARK: Grep and Glob

    /// One match a line; a first line "Found 3 files" (or "No files found") is the caption.
    static func matches(_ text: String, strings: UIStrings = .english) -> HTML? {
        var lines = text.splitLines().map { String($0) }.filter { !$0.trimmingASCIIWhitespace().isEmpty }
        guard !lines.isEmpty else { return nil }
        var caption: String?
        if lines[0].hasPrefix("Found ") || lines[0].hasPrefix("No files found") || lines[0].hasPrefix("No matches found") {
            caption = lines.removeFirst()
        }
        var html: HTML = "<div class=\"cr-matches\">"
        if let caption { html.append("<p class=\"cr-part-meta-line\">\(caption)</p>") }
        if !lines.isEmpty {
            html.append("<ul class=\"cr-match-list\" aria-label=\"\(strings[.matches])\">")
            for line in lines { html.append("<li><code dir=\"ltr\">\(line)</code></li>") }
            html.append("</ul>")
        }
        html.append("</div>")
        return html
    }

    // MARK: TodoWrite

    /// `{"todos": [{"content": …, "status": "completed" | "in_progress" | "pending"}, …]}` as a list.
    static func checklist(_ input: ToolInput, strings: UIStrings = .english) -> HTML? {
        guard !input.tokens.isEmpty else { return nil }
        let tokens = input.tokens
        var items: [(content: String, status: String)] = []
        // Walk the objects inside the top-level "todos" array.
        var k = 0, depth = 0, inTodos = false, todosDepth = 0
        var current: [String: String] = [:]
        let colon = UInt8(ascii: ":")
        while k < tokens.count {
            switch tokens.depthChange(k) {
            case 1:
                depth += 1
                if inTodos, tokens.isPunctuation(k, UInt8(ascii: "{")), depth == todosDepth + 1 { current = [:] }
            case -1:
                if inTodos, tokens.isPunctuation(k, UInt8(ascii: "}")), depth == todosDepth + 1, let content = current["content"] {
                    items.append((content, current["status"] ?? "pending"))
                }
                if inTodos, tokens.isPunctuation(k, UInt8(ascii: "]")), depth == todosDepth { inTodos = false }
                depth -= 1
            default:
                if depth == 1, tokens.isName(k, "todos"), k + 2 < tokens.count, tokens.isPunctuation(k + 1, colon),
                    tokens.isPunctuation(k + 2, UInt8(ascii: "["))
                {
                    inTodos = true
                    todosDepth = 2
                } else if inTodos, depth == todosDepth + 1, tokens.isString(k), k + 2 < tokens.count, tokens.isPunctuation(k + 1, colon),
                    tokens.isString(k + 2), let key = tokens.decode(k), let value = tokens.decode(k + 2)
                {
                    current[key] = value
                    k += 2
                }
            }
            k += 1
        }
        guard !items.isEmpty else { return nil }
        var html: HTML = "<ul class=\"cr-checklist\" aria-label=\"\(strings[.todoList])\">"
        for item in items {
            let state: HTML
            let words: HTML
            switch item.status {
            case "completed": state = "done"; words = "\(strings[.todoDone])"
            case "in_progress": state = "doing"; words = "\(strings[.todoInProgress])"
            default: state = "todo"; words = "\(strings[.todoPending])"
            }
            html.append(
                "<li class=\"cr-check cr-check--\(state)\"><span class=\"cr-check-box\" aria-hidden=\"true\"></span><span class=\"cr-visually-hidden\">\(words): </span><span dir=\"auto\">\(item.content)</span></li>"
            )
        }
        html.append("</ul>")
        return html
    }

    /// A top-level string member of a JSON input.
    static func string(_ key: String, in input: ToolInput) -> String? {
        guard input.isJSON else { return nil }
        let tokens = input.tokens
        var depth = 0
        for k in 0..<tokens.count {
            depth += tokens.depthChange(k)
            if depth == 1, tokens.isName(k, key), k + 2 < tokens.count, tokens.isPunctuation(k + 1, UInt8(ascii: ":")),
                tokens.isString(k + 2)
            {
                return tokens.decode(k + 2)
            }
        }
        return nil
    }
}
