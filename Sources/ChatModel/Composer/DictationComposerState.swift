/// The dictation composer's state: the draft, whether it is recording, and what dictation may do.
/// See `dictation-composer.txt` for the rules each property follows.
package struct DictationComposerState: Sendable, Equatable {
    package enum Recording: String, Sendable, Equatable, CaseIterable { case idle, recording }

    /// Whether dictation may run now.
    package enum Access: String, Sendable, Equatable, CaseIterable {
        case allowed, notDetermined, denied, restricted, unavailable

        /// The line under the card, or nil when there is nothing to say.
        package var message: String? { message(.english) }

        /// The line under the card in the page's language.
        package func message(_ t: UIStrings) -> String? {
            switch self {
            case .allowed, .notDetermined: return nil
            case .denied where !t.isEnglish: return t[.accessDenied]
            case .restricted where !t.isEnglish: return t[.accessRestricted]
            case .unavailable where !t.isEnglish: return t[.accessUnavailable]
            case .denied: return "Turn on Microphone and Speech Recognition in Settings to dictate."
            case .restricted: return "Dictation is restricted on this device."
            case .unavailable: return "Dictation isn't available on this device."
            }
        }
    }

    /// Why dictation stopped by itself.
    package enum Failure: String, Sendable, Equatable, CaseIterable {
        case interrupted, unavailable

        package var message: String { message(.english) }

        /// The message in the page's language.
        package func message(_ t: UIStrings) -> String {
            switch self {
            case .interrupted where !t.isEnglish: return t[.dictationInterrupted]
            case .unavailable where !t.isEnglish: return t[.dictationUnavailableNow]
            case .interrupted: return "Dictation stopped. Try again."
            case .unavailable: return "Dictation isn't available right now."
            }
        }
    }

    package var text: String
    package var placeholder: String
    package var state: Recording
    /// Seconds recorded so far.
    package var elapsed: Double
    /// The meter's bars, each 0…1, oldest first.
    package var levels: [Double]
    /// Words heard so far; they land after the typed text.
    package var transcript: String
    package var access: Access
    package var error: Failure?
    package var sending: Bool
    package var focused: Bool

    package static let defaultPlaceholder = "Message"
    /// Dictation finishes by itself after this many seconds.
    package static let maxDuration = 60
    /// Bars in the meter.
    package static let meterBars = 24

    package init(
        text: String = "", placeholder: String = defaultPlaceholder, state: Recording = .idle, elapsed: Double = 0,
        levels: [Double] = [], transcript: String = "", access: Access = .allowed, error: Failure? = nil,
        sending: Bool = false, focused: Bool = false
    ) {
        self.text = text
        self.placeholder = placeholder
        self.state = state
        self.elapsed = elapsed
        self.levels = levels
        self.transcript = transcript
        self.access = access
        self.error = error
        self.sending = sending
        self.focused = focused
    }

    package var isRecording: Bool { state == .recording }

    /// The field's text: what was typed, then the words heard, with one space between.
    package var fieldText: String { Self.joining(text, transcript) }

    static func joining(_ typed: String, _ heard: String) -> String {
        let words = ComposerRules.trimmed(heard)
        if words.isEmpty { return typed }
        if typed.isEmpty { return words }
        let last = typed.last!
        return typed + (last.isWhitespace || last.isNewline ? "" : " ") + words
    }

    /// `0:07`, `1:00`: minutes and two-digit seconds, whole seconds, clamped to 0…maxDuration.
    package var elapsedText: String {
        let seconds = Int(min(max(elapsed.isFinite ? elapsed : 0, 0), Double(Self.maxDuration)).rounded(.down))
        let s = seconds % 60
        return "\(seconds / 60):\(s < 10 ? "0" : "")\(s)"
    }

    /// Whether the mic can be used: not while access is off, nor while a send runs.
    package var isMicAvailable: Bool {
        switch access {
        case .allowed, .notDetermined: return !sending
        case .denied, .restricted, .unavailable: return false
        }
    }

    package var isSendEnabled: Bool { !sending && !isRecording && !ComposerRules.trimmed(fieldText).isEmpty }

    package var sendLabel: String { sendLabel(.english) }

    /// Send's accessible name in the page's language.
    package func sendLabel(_ t: UIStrings) -> String {
        if sending || isSendEnabled { return t[.send] }
        return t[.sendOffDictate]
    }

    package var micLabel: String { micLabel(.english) }

    /// The mic's accessible name in the page's language.
    package func micLabel(_ t: UIStrings) -> String {
        if !t.isEnglish {
            switch access {
            case .allowed, .notDetermined: return t[.dictate]
            case .denied: return t[.dictateDenied]
            case .restricted: return t[.dictateRestricted]
            case .unavailable: return t[.dictateUnavailable]
            }
        }
        switch access {
        case .allowed, .notDetermined: return "Dictate"
        case .denied: return "Dictate, off: microphone and speech recognition are turned off"
        case .restricted: return "Dictate, off: dictation is restricted"
        case .unavailable: return "Dictate, off: dictation isn't available"
        }
    }
}
