/// The composer card pinned under the last turn: which of the three cards, with its state.
///
/// Read from the conversation's optional top-level `composer` object; `"type"` picks the card.
package enum ComposerState: Sendable, Equatable {
    /// Plus, a field that grows, Send; a tray of photos and files above the field.
    case attachment(AttachmentComposerState)
    /// A field, then the model pill, the mode chips and Send; a usage line under the card.
    case model(ModelComposerState)
    /// A field, then the mic and Send; a recording row while dictating.
    case dictation(DictationComposerState)

    /// `attachment`, `model` or `dictation`: the JSON `type` and the CSS modifier.
    package var kind: String {
        switch self {
        case .attachment: return "attachment"
        case .model: return "model"
        case .dictation: return "dictation"
        }
    }
}

/// What the composer says in place of Send's name when it is off, and the rules shared by the cards.
package enum ComposerRules {
    /// The text a send would carry: trimmed of whitespace and line breaks at both ends.
    package static func trimmed(_ text: String) -> String {
        var scalars = Substring(text)
        while let first = scalars.first, first.isWhitespace || first.isNewline { scalars.removeFirst() }
        while let last = scalars.last, last.isWhitespace || last.isNewline { scalars.removeLast() }
        return String(scalars)
    }

    /// How many lines the field shows for `text`: one to six. Counts the explicit lines and the
    /// soft wraps of a line longer than `charactersPerLine` (a phone-width card at body size).
    package static func fieldLines(_ text: String, charactersPerLine: Int = 38) -> Int {
        var lines = 0
        for line in text.replacingCRLF().split(separator: "\n", omittingEmptySubsequences: false) {
            lines += max(1, (line.count + charactersPerLine - 1) / charactersPerLine)
            if lines >= 6 { return 6 }
        }
        return min(max(lines, 1), 6)
    }

    /// The fallback message under the card when a send fails without one of its own.
    package static let sendFailed = "Couldn't send. Try again."

    /// `1,234`: en-US grouping, written by hand so the output never depends on the machine.
    package static func grouped(_ value: Int) -> String {
        let digits = Array(String(value.magnitude))
        var out = value < 0 ? "-" : ""
        for (i, digit) in digits.enumerated() {
            if i > 0 && (digits.count - i) % 3 == 0 { out.append(",") }
            out.append(digit)
        }
        return out
    }
}
