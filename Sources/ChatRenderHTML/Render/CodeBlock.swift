import ChatModel

/// A block of code: a `<figure>` whose caption is the language, with a focusable, scrollable
/// `<pre>`. Fenced code in replies, a tool's input, code that was run and code documents all
/// come through here, so they look and behave the same. Code in a language the
/// ``SyntaxHighlighter`` knows is coloured; any other is shown as plain text.
package enum CodeBlock {
    /// `language` is a fence's info word (`python`, `ts`); nil or empty for none.
    package static func render(_ code: String, language: String?) -> HTML {
        let language = language.map { String($0.prefix(40)) } ?? ""
        if language.isEmpty {
            return "<figure class=\"cr-code\"><pre tabindex=\"0\"><code>\(HTML.content(code))</code></pre></figure>"
        }
        let safeClass = language.unicodeScalars.allSatisfy {
            ($0 >= "a" && $0 <= "z") || ($0 >= "A" && $0 <= "Z") || ($0 >= "0" && $0 <= "9") || "_+#.-".unicodeScalars.contains($0)
        }
        let codeClass: HTML = safeClass ? " class=\"language-\(language.lowercased())\"" : ""
        let body = SyntaxHighlighter.highlight(code, language: language) ?? HTML.content(code)
        return
            "<figure class=\"cr-code\"><figcaption class=\"cr-code-lang\">\(language)</figcaption><pre tabindex=\"0\"><code\(codeClass)>\(body)</code></pre></figure>"
    }
}
