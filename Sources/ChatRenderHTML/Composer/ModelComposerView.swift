import ChatModel
import ChatPlan
import ChatTheme
/// The model composer (`model-composer.txt`): the growing field, then the model pill with its menu,
/// the mode chips and Send; the usage line under the card, with Upgrade at the limit.
package enum ModelComposerView {
    static func render(_ s: ModelComposerState, id: String, label: String, locale: PageLocale) -> HTML {
        let off = s.isAtLimit
        let t = locale.strings
        let placeholder = off ? (t.isEnglish ? ModelComposerState.limitPlaceholder : t[.limitPlaceholder]) : ComposerParts.placeholder(s.placeholder, t)
        var describedBy: [String] = []
        if s.usage != nil { describedBy.append(id + "-usage") }
        let field = ComposerParts.field(id: id, text: s.text, placeholder: placeholder, disabled: off, describedBy: describedBy, strings: t)
        let send = ComposerParts.send(label: s.sendLabel(t), enabled: s.isSendEnabled, sending: s.sending, strings: t)
        var chips = HTML()
        if !s.availableModes.isEmpty {
            var items = HTML()
            for mode in s.availableModes { items.append(chip(mode, on: s.modes.contains(mode.id), disabled: off, t)) }
            chips = "<ul class=\"cr-modes\" aria-label=\"\(t[.modes])\">\(items)</ul>"
        }
        var data: HTML = ""
        if let usage = s.usage {
            data = " data-remaining=\"\(usage.remaining)\" data-limit=\"\(usage.limit)\" data-warn-at=\"\(usage.warnAt)\""
            if let resets = usage.resets { data.append(" data-resets-text=\"\(locale.time(resets))\"") }
        }
        var classes: HTML = "cr-composer cr-composer--model"
        if off { classes.append(" cr-composer--at-limit") }
        return
            "<div class=\"\(classes)\" id=\"\(id)\" role=\"group\" aria-label=\"\(label)\" data-cr-composer=\"model\"\(data)><div class=\"\(ComposerParts.cardClasses(focused: s.focused))\">\(field)<div class=\"cr-composer-row\">\(pill(s, id: id, disabled: off, t))\(chips)<span class=\"cr-row-spacer\"></span>\(send)</div></div>\(usageLine(s, id: id, locale: locale))\(ComposerParts.error(s.error, id: id, strings: t))</div>"
    }

    /// The pill: a `fill` capsule naming the model, read as "Model, Atlas 3"; its menu lists every
    /// model with its line, a check on the current one, and a lock with "Pro" on locked ones.
    static func pill(_ s: ModelComposerState, id: String, disabled: Bool, _ t: UIStrings = .english) -> HTML {
        guard let current = s.currentModel else { return "" }
        var items = HTML()
        for model in s.models {
            let isCurrent = model.id == current.id
            var trailing = HTML()
            var name = "\(model.name)"
            if !model.detail.isEmpty { name += ", \(model.detail)" }
            if model.isLocked {
                trailing = "<span class=\"cr-menu-pro\">\(ComposerIcon.lock)<span>\(t[.pro])</span></span>"
                name += ", " + t[.pro]
            } else if isCurrent {
                trailing = "<span class=\"cr-menu-check\">\(ComposerIcon.check)</span>"
            }
            let locked: HTML = model.isLocked ? " data-locked" : ""
            let detail: HTML = model.detail.isEmpty ? "" : "<span class=\"cr-menu-detail\">\(model.detail)</span>"
            items.append(
                "<li role=\"none\"><button type=\"button\" class=\"cr-menu-item cr-model-item\" role=\"menuitemradio\" aria-checked=\"\(isCurrent ? "true" : "false")\" aria-label=\"\(name)\" data-cr-model=\"\(model.id)\" data-name=\"\(model.name)\"\(locked)><span class=\"cr-menu-text\"><span class=\"cr-menu-name\">\(model.name)</span>\(detail)</span>\(trailing)</button></li>"
            )
        }
        let open = s.menuOpen && !disabled
        let hidden: HTML = open ? "" : " hidden"
        let off: HTML = disabled ? " disabled" : ""
        return
            "<div class=\"cr-menu-anchor\"><button type=\"button\" class=\"cr-pill\" data-cr-menu-button aria-label=\"\(t.text(.model, ["name": current.name]))\" aria-haspopup=\"menu\" aria-expanded=\"\(open ? "true" : "false")\" aria-controls=\"\(id)-menu\"\(off)><span class=\"cr-pill-name\">\(current.name)</span>\(ComposerIcon.chevrons)</button><ul class=\"cr-menu cr-model-menu\" id=\"\(id)-menu\" role=\"menu\" aria-label=\"\(t[.models])\" data-cr-menu\(hidden)>\(items)</ul></div>"
    }

    /// A mode chip: a `separator` ring around the symbol while off; `fill` with the filled symbol
    /// and the title when on. Read as "Search, On" with `aria-pressed`.
    static func chip(_ mode: ModelComposerState.Mode, on: Bool, disabled: Bool, _ t: UIStrings = .english) -> HTML {
        let state: HTML = on ? "cr-mode cr-mode--on" : "cr-mode"
        let off: HTML = disabled ? " disabled" : ""
        return
            "<li><button type=\"button\" class=\"\(state)\" aria-pressed=\"\(on ? "true" : "false")\" aria-label=\"\(mode.title), \(on ? t[.on] : t[.off])\" data-cr-mode=\"\(mode.id)\" data-title=\"\(mode.title)\"\(off)><span class=\"cr-mode-capsule\"><span class=\"cr-mode-symbol cr-mode-symbol--off\">\(ComposerIcon.mode(mode.symbol, filled: false))</span><span class=\"cr-mode-symbol cr-mode-symbol--on\">\(ComposerIcon.mode(mode.symbol, filled: true))</span><span class=\"cr-mode-title\">\(mode.title)</span></span></button></li>"
    }

    /// "12 messages left today" in `textSecondary`; `warning` with a symbol from `warnAt` left and
    /// at the limit, where Upgrade ends the line.
    static func usageLine(_ s: ModelComposerState, id: String, locale: PageLocale) -> HTML {
        guard let usage = s.usage else { return "" }
        let warn = usage.isLow || usage.isExhausted
        let classes: HTML = warn ? "cr-usage cr-usage--warning" : "cr-usage"
        let icon: HTML = warn ? "<span class=\"cr-usage-icon\">\(ComposerIcon.warning)</span>" : ""
        let upgrade: HTML =
            usage.isExhausted && s.upgrade ? "<button type=\"button\" class=\"cr-upgrade\" data-cr-upgrade>\(locale.strings[.upgrade])</button>" : ""
        return "<p class=\"\(classes)\" id=\"\(id)-usage\">\(icon)<span class=\"cr-usage-text\">\(usage.sentence(locale: locale))</span>\(upgrade)</p>"
    }
}
