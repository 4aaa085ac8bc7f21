import ChatModel

/// Code the assistant ran, closed: titled as the app that ran it titles it ("Ran Python code",
/// ChatGPT's "Analyzed") with its status; inside, the code, what it printed and what it drew.
enum CodeExecutionView {
    static func render(_ part: CodeExecutionPart, id: String, context: PartContext) -> HTML {
        let s = context.options.strings
        let (title, saysStatus) = title(part, s)
        var body = CodeBlock.render(part.code, language: part.language)
        if let output = part.output, !output.isEmpty {
            let label = part.status == .error ? s[.error] : s[.output]
            body.append(PartFrame.label("\(label)"))
            body.append(OutputBlock.render(output, label: label, strings: s))
        }
        body.append(context.renderAttachments(part.attachmentIDs))
        return PartFrame.collapsed(
            kind: "code", id: id, icon: Icon.code, title: title,
            status: saysStatus ? HTML() : PartFrame.status(part.status, s),
            body: body, extraClass: ToolCallView.statusClass(part.status))
    }

    /// The collapsed line's words, and whether they already say how the run ended (ChatGPT's
    /// "Analysis errored" needs no "— failed" after it).
    static func title(_ part: CodeExecutionPart, _ s: UIStrings) -> (HTML, saysStatus: Bool) {
        switch (part.title, part.status) {
        case (.ranCode, _):
            let language = languageName(part.language)
            return (language.isEmpty ? "\(s[.ranCode])" : "\(s.text(.ranLanguageCode, ["language": language]))", false)
        case (.analyzed, .running): return ("\(s[.analyzing])", true)
        case (.analyzed, .error): return ("\(s[.analysisErrored])", true)
        case (.analyzed, _): return ("\(s[.analyzed])", false)
        case (.analyzedData, .running): return ("\(s[.analyzingData])", true)
        case (.analyzedData, _): return ("\(s[.analyzedData])", false)
        }
    }

    /// How a language is written in a sentence: `python` → Python, `js` → JavaScript.
    static func languageName(_ fence: String) -> String {
        let known: [String: String] = [
            "python": "Python", "py": "Python", "python3": "Python", "javascript": "JavaScript", "js": "JavaScript",
            "typescript": "TypeScript", "ts": "TypeScript", "r": "R", "julia": "Julia", "ruby": "Ruby", "rb": "Ruby",
            "swift": "Swift", "go": "Go", "rust": "Rust", "sql": "SQL", "bash": "Bash", "sh": "shell", "shell": "shell",
            "zsh": "shell", "c": "C", "cpp": "C++", "c++": "C++", "java": "Java", "kotlin": "Kotlin", "php": "PHP",
            "lua": "Lua", "perl": "Perl", "haskell": "Haskell", "matlab": "MATLAB", "octave": "Octave",
        ]
        let trimmed = String(fence.prefix(40))
        return known[trimmed.lowercased()] ?? trimmed
    }
}
