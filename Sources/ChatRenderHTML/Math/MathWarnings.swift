import ChatModel
import ChatPlan

/// The formulas a page will show as their TeX source because they could not be converted, as
/// warnings naming where each is (`messages[3].text`, `messages[5].parts[2].text`), so nothing
/// on the page falls back silently.
///
/// It reads every text the page reads as full markup, with the same rules (``TurnText/isFull``
/// and ``MarkupSpans``), before the page is written: the render itself stays a pure function
/// from the model to bytes. Texts without `$` or `\` cost one byte scan.
package enum MathWarnings {
    package static func diagnostics(for conversation: Conversation, options: RenderOptions, file: String) -> [Diagnostic] {
        var found: [Diagnostic] = []
        for (m, message) in (conversation.messages ?? []).enumerated() {
            check(message, path: { "messages[\(m)]" }, options: options, file: file, into: &found)
        }
        return found
    }

    /// `path` spells the message's JSON path; it is asked only for a warning (a long session's
    /// thousands of parts have none).
    private static func check(_ message: Message, path: () -> String, options: RenderOptions, file: String, into found: inout [Diagnostic]) {
        guard message.role == .assistant || !message.parts.isEmpty else { return }
        let citations = CitationLinks(sources: message.sources, turnIDPrefix: "cr")
        func text(_ text: String, _ at: () -> String) {
            guard message.role == .assistant, TurnText.isFull(text, options.markup, citations: citations),
                let spans = MarkupSpans.protect(text, citations: citations)
            else { return }
            for failure in spans.failures {
                found.append(
                    Diagnostic(
                        .warning, file: file, location: SourceLocation(jsonPath: at()),
                        message: "formula \(quoted(failure.source)) is shown as its TeX source: \(failure.reason)"))
            }
        }
        if message.parts.isEmpty {
            text(message.text, { "\(path()).text" })
            return
        }
        for (p, part) in message.parts.enumerated() {
            func partPath() -> String { "\(path()).parts[\(p)]" }
            switch part {
            case .text(let value): text(value, { "\(partPath()).text" })
            case .thinking(let thinking): text(thinking.text, { "\(partPath()).text" })
            case .document(let document) where document.kind == .markdown:
                text(document.content, { "\(partPath()).content" })
                for (v, version) in document.versions.enumerated() { text(version, { "\(partPath()).versions[\(v)]" }) }
            case .notice(let notice): if let detail = notice.detail { text(detail, { "\(partPath()).detail" }) }
            case .transcript(let transcript):
                for (n, nested) in transcript.messages.enumerated() {
                    check(nested, path: { "\(partPath()).messages[\(n)]" }, options: options, file: file, into: &found)
                }
            default: break
            }
        }
    }

    /// The formula in quotes, cut short when long.
    private static func quoted(_ source: String) -> String {
        let short = source.count > 60 ? String(source.prefix(57)) + "…" : source
        return "\"" + short + "\""
    }
}
