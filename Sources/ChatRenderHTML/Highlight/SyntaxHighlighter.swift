import ChatModel

/// Colours code at render time, with no script in the page: the code's text, escaped, with
/// runs of it wrapped in `<c-kw>` and the like (see ``TokenKind``). Every byte of the code
/// appears once and in order, no run crosses a line end, and any input is read in one
/// forward pass, so hostile code costs what plain code costs.
package enum SyntaxHighlighter {
    /// The languages read, each by its scanner.
    enum Language: Sendable, Equatable {
        case code(Name), shell, console, markup, style, data, yaml, diff
        /// The languages read by the shared ``CodeScanner``.
        enum Name: Sendable { case python, javaScript, typeScript, swift, rust, go, c, cpp, java, kotlin, ruby, php, sql }
    }

    /// The markup for `code` highlighted as `language` (a fence's info word, any case), or nil
    /// when the language is not one this knows (then the code is shown plain).
    package static func highlight(_ code: String, language: String) -> HTML? {
        guard let language = self.language(named: language) else { return nil }
        var code = code
        return code.withUTF8 { utf8 in highlight(utf8, as: language) }
    }

    static func highlight(_ utf8: UnsafeBufferPointer<UInt8>, as language: Language) -> HTML {
        let out = HighlightWriter(utf8)
        let end = utf8.count
        switch language {
        case .code(let name): CodeScanner.scan(rules(name), out, from: 0, to: end)
        case .shell: ShellScanner.scan(out, from: 0, to: end)
        case .console: ShellScanner.scanConsole(out, from: 0, to: end)
        case .markup: MarkupScanner.scan(out, from: 0, to: end)
        case .style: StyleScanner.scan(out, from: 0, to: end, lineComments: true)
        case .data: DataScanner.scan(out, from: 0, to: end)
        case .yaml: YAMLScanner.scan(out, from: 0, to: end)
        case .diff: DiffScanner.scan(out, from: 0, to: end)
        }
        return out.finish()
    }

    static func rules(_ name: Language.Name) -> CodeRules {
        switch name {
        case .python: .python
        case .javaScript: .javaScript
        case .typeScript: .typeScript
        case .swift: .swift
        case .rust: .rust
        case .go: .go
        case .c: .c
        case .cpp: .cpp
        case .java: .java
        case .kotlin: .kotlin
        case .ruby: .ruby
        case .php: .php
        case .sql: .sql
        }
    }

    /// The language a fence's info word names, in any case; nil when unknown.
    static func language(named name: String) -> Language? {
        guard name.utf8.count <= 24 else { return nil }
        return aliases[name.lowercased()]
    }

    /// Every name a fence may use for a language: the ones people write, file extensions, and
    /// the names of common highlighters (GitHub Linguist, highlight.js).
    static let aliases: [String: Language] = {
        let table: [(Language, String)] = [
            (.code(.python), "python py python3 py3 pyw pyi gyp sage bazel starlark bzl"),
            (.code(.javaScript), "javascript js jsx mjs cjs node es6 ecmascript"),
            (.code(.typeScript), "typescript ts tsx mts cts"),
            (.code(.swift), "swift"),
            (.code(.rust), "rust rs"),
            (.code(.go), "go golang"),
            (.code(.c), "c h objc objective-c"),
            (.code(.cpp), "cpp c++ cc cxx hpp hh hxx h++ cplusplus cuda cu arduino ino"),
            (.code(.java), "java groovy gradle scala"),
            (.code(.kotlin), "kotlin kt kts"),
            (.code(.ruby), "ruby rb gemspec podspec rake erb"),
            (.code(.php), "php php3 php4 php5 php7 php8 phtml"),
            (.code(.sql), "sql mysql postgresql postgres psql plsql pgsql sqlite tsql"),
            (.shell, "bash sh shell zsh ksh fish shellscript dash ash"),
            (.console, "console shell-session shellsession terminal sh-session"),
            (.markup, "html htm xhtml xml svg vue svelte astro xsl xslt plist rss atom wsdl xaml csproj"),
            (.style, "css scss sass less postcss"),
            (.data, "json jsonc json5 jsonl ndjson geojson webmanifest"),
            (.yaml, "yaml yml"),
            (.diff, "diff patch udiff"),
        ]
        var aliases: [String: Language] = [:]
        for (language, names) in table {
            for name in names.split(separator: " ") { aliases[String(name)] = language }
        }
        return aliases
    }()
}
