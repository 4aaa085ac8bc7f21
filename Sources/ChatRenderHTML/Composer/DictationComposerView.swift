import ChatModel
import ChatPlan
import ChatTheme
/// The dictation composer (`dictation-composer.txt`): the growing field, then the mic and Send; while
/// recording, Cancel, a red dot with the elapsed time and a level meter, and Done in the accent.
/// The access and error lines go under the card.
package enum DictationComposerView {
    /// A sentence for the scripted engine of the live page when the input has no transcript.
    static let sampleScript = "Add a pinch of smoked paprika and let the sauce simmer for ten more minutes."

    static func render(_ s: DictationComposerState, id: String, label: String, strings t: UIStrings = .english) -> HTML {
        let recording = s.isRecording
        let listening = recording && s.fieldText.isEmpty
        let field = ComposerParts.field(
            id: id, text: s.fieldText, placeholder: listening ? t[.listening] : ComposerParts.placeholder(s.placeholder, t),
            readonly: recording, strings: t)
        let send = ComposerParts.send(label: s.sendLabel(t), enabled: s.isSendEnabled, sending: s.sending, strings: t)
        let micOff: HTML = s.isMicAvailable ? "" : " disabled"
        let idleHidden: HTML = recording ? " hidden" : ""
        let recordingHidden: HTML = recording ? "" : " hidden"
        let idle: HTML =
            "<div class=\"cr-composer-row cr-dictation-idle\" data-cr-idle-row\(idleHidden)><button type=\"button\" class=\"cr-round cr-round--fill cr-mic\" data-cr-mic aria-label=\"\(s.micLabel(t))\"\(micOff)>\(ComposerIcon.mic)</button><span class=\"cr-row-spacer\"></span>\(send)</div>"
        let row: HTML =
            "<div class=\"cr-composer-row cr-dictation-recording\" data-cr-recording-row\(recordingHidden)><button type=\"button\" class=\"cr-round cr-round--fill cr-cancel\" data-cr-cancel aria-label=\"\(t[.cancelDictation])\" aria-describedby=\"\(id)-cancel-hint\">\(ComposerIcon.xmark)</button><span class=\"cr-rec\" role=\"group\" aria-label=\"\(t.text(.recording, ["time": s.elapsedText]))\" data-cr-rec><span class=\"cr-rec-dot\"></span><span class=\"cr-rec-time\" aria-hidden=\"true\" data-cr-rec-time>\(s.elapsedText)</span>\(meter(s.levels))</span><button type=\"button\" class=\"cr-round cr-round--accent cr-done\" data-cr-done aria-label=\"\(t[.done])\" aria-describedby=\"\(id)-done-hint\">\(ComposerIcon.check)</button><span class=\"cr-visually-hidden\" id=\"\(id)-cancel-hint\">\(t[.cancelHint])</span><span class=\"cr-visually-hidden\" id=\"\(id)-done-hint\">\(t[.doneHint])</span></div>"
        var below = HTML()
        if let message = s.access.message(t) {
            let settings: HTML = s.access == .denied ? " <button type=\"button\" class=\"cr-settings\" data-cr-settings>\(t[.openSettings])</button>" : ""
            below.append("<p class=\"cr-access\" id=\"\(id)-access\"><span>\(message)</span>\(settings)</p>")
        }
        if let failure = s.error { below.append(ComposerParts.error(failure.message(t), id: id, strings: t)) }
        let script = s.transcript.isEmpty ? sampleScript : s.transcript
        var classes: HTML = "cr-composer cr-composer--dictation"
        if recording { classes.append(" cr-composer--recording") }
        return
            "<div class=\"\(classes)\" id=\"\(id)\" role=\"group\" aria-label=\"\(label)\" data-cr-composer=\"dictation\" data-cr-script=\"\(script)\" data-elapsed=\"\(s.elapsedText)\"><div class=\"\(ComposerParts.cardClasses(focused: s.focused || recording))\">\(field)\(idle)\(row)</div>\(below)</div>"
    }

    /// The level meter: thin `textPrimary` bars, newest on the right, drawn with SVG attributes.
    static func meter(_ levels: [Double]) -> HTML {
        let count = DictationComposerState.meterBars
        let recent = Array(levels.suffix(count))
        let padded = Array(repeating: 0.0, count: count - recent.count) + recent
        var bars = HTML()
        for (i, level) in padded.enumerated() {
            let height = barHeight(level)
            bars.append("<rect x=\"\(Double(i) * 4 + 1)\" y=\"\((24 - height) / 2)\" width=\"2\" height=\"\(height)\" rx=\"1\"/>")
        }
        return "<svg class=\"cr-meter\" viewBox=\"0 0 96 24\" width=\"96\" height=\"24\" aria-hidden=\"true\" focusable=\"false\" data-cr-meter>\(bars)</svg>"
    }

    /// 2 px at silence to 22 px at full level, on whole half-pixels so output is stable.
    static func barHeight(_ level: Double) -> Double {
        let clamped = level.isFinite ? min(max(level, 0), 1) : 0
        return ((2 + clamped * 20) * 2).rounded() / 2
    }
}
