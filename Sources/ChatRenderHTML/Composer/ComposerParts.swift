import ChatModel
import ChatPlan
import ChatTheme
/// Pieces the three composer cards share: the growing field, Send and Stop, the round buttons,
/// the error line. Every control is a real `<button>` with a 44 px target; ids are scoped by
/// the composer's own id so a gallery can show many composers on one page.
package enum ComposerParts {
    /// The field: a `<textarea>` whose `rows` follow the text (one to six lines), so the static page
    /// shows the height the card would have; CSS `field-sizing` and composer.js keep it growing.
    /// A newline follows the start tag because the HTML parser drops one there, which would
    /// otherwise eat a draft's own first line break.
    static func field(
        id: String, text: String, placeholder: String, disabled: Bool = false, readonly: Bool = false,
        describedBy: [String] = [], strings: UIStrings = .english
    ) -> HTML {
        let rows = ComposerRules.fieldLines(text)
        var attributes: HTML = ""
        if !describedBy.isEmpty { attributes.append(" aria-describedby=\"\(describedBy.joined(separator: " "))\"") }
        if disabled { attributes.append(" disabled") }
        if readonly { attributes.append(" readonly") }
        return
            "<textarea class=\"cr-field\" id=\"\(id)-field\" rows=\"\(rows)\" aria-label=\"\(strings[.message])\" placeholder=\"\(placeholder)\" dir=\"auto\" data-cr-field\(attributes)>\n\(text)</textarea>"
    }

    /// The field's placeholder: the composer's own "Message" in the page's language, a file's own as given.
    static func placeholder(_ placeholder: String, _ strings: UIStrings) -> String {
        placeholder == AttachmentComposerState.defaultPlaceholder ? strings[.message] : placeholder
    }

    /// Send (an accent circle with an arrow; `fill` with a `textTertiary` arrow while off), or Stop
    /// in its place while a send runs.
    static func send(label: String, enabled: Bool, sending: Bool, strings: UIStrings = .english) -> HTML {
        if sending {
            return
                "<button type=\"button\" class=\"cr-round cr-round--accent cr-stop\" data-cr-stop aria-label=\"\(strings[.stop])\">\(ComposerIcon.stop)</button>"
        }
        let disabled: HTML = enabled ? "" : " disabled"
        // The composer's own English "Send" reads in the page's language; a reason it is off stays as given.
        let label = label == UIKey.send.english ? strings[.send] : label
        return
            "<button type=\"button\" class=\"cr-round cr-round--accent cr-send\" data-cr-send aria-label=\"\(label)\"\(disabled)>\(ComposerIcon.send)</button>"
    }

    /// The message under the card after a failed send or dictation; announced when it appears.
    static func error(_ message: String?, id: String, strings: UIStrings = .english) -> HTML {
        guard let message else { return "" }
        // The composer's own fallback reads in the page's language; a message of the file's stays as given.
        let text = message.isEmpty || message == ComposerRules.sendFailed ? strings[.sendFailed] : message
        return "<p class=\"cr-composer-error\" id=\"\(id)-error\" role=\"alert\">\(ComposerIcon.warning)<span>\(text)</span></p>"
    }

    /// The card's classes: the hairline turns to `textPrimary` while focused (or recording).
    static func cardClasses(focused: Bool) -> HTML {
        focused ? "cr-composer-card cr-composer-card--focused" : "cr-composer-card"
    }
}

/// Renders a ``ComposerState`` as its card. The card has no background or padding of its own;
/// ``pinned(_:locale:)`` puts it under the last turn on a `bg` inset, as an app pins it above the keyboard.
package enum ComposerView {
    /// The card for `state`, with element ids starting with `id`.
    package static func render(
        _ state: ComposerState, id: String = "cr-composer", label: String = "Message composer",
        locale: PageLocale = .standard, assets: AssetTable = AssetTable()
    ) -> HTML {
        let label = label == UIKey.composer.english ? locale.strings[.composer] : label
        switch state {
        case .attachment(let s): return AttachmentComposerView.render(s, id: id, label: label, assets: assets, strings: locale.strings)
        case .model(let s): return ModelComposerView.render(s, id: id, label: label, locale: locale)
        case .dictation(let s): return DictationComposerView.render(s, id: id, label: label, strings: locale.strings)
        }
    }

    /// The composer pinned under the conversation, or nothing when there is none.
    package static func pinned(_ state: ComposerState?, locale: PageLocale = .standard, assets: AssetTable = AssetTable()) -> HTML {
        guard let state else { return "" }
        return "<div class=\"cr-dock\">\(render(state, locale: locale, assets: assets))</div>\n"
    }
}
