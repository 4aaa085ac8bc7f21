/// The dictation composer's state: the draft, whether it is recording, and what dictation may do.
/// See `dictation-composer.txt` for the rules each property follows.
public struct DictationComposerState: Sendable, Equatable {
    public enum Recording: String, Sendable, Equatable, CaseIterable { case idle, recording }

    /// Whether dictation may run now.
    public enum Access: String, Sendable, Equatable, CaseIterable {
        case allowed, notDetermined, denied, restricted, unavailable

        /// The line under the card, or nil when there is nothing to say.
        public var message: String? {
            switch self {
            case .allowed, .notDetermined: return nil
            case .denied: return "Turn on Microphone and Speech Recognition in Settings to dictate."
            case .restricted: return "Dictation is restricted on this device."
            case .unavailable: return "Dictation isn't available on this device."
            }
        }
    }

    /// Why dictation stopped by itself.
    public enum Failure: String, Sendable, Equatable, CaseIterable {
        case interrupted, unavailable

        public var message: String {
            switch self {
            case .interrupted: return "Dictation stopped. Try again."
            case .unavailable: return "Dictation isn't available right now."
            }
        }
    }

    public var text: String
    public var placeholder: String
    public var state: Recording
    /// Seconds recorded so far.
    public var elapsed: Double
    /// The meter's bars, each 0…1, oldest first.
    public var levels: [Double]
    /// Words heard so far; they land after the typed text.
    public var transcript: String
    public var access: Access
    public var error: Failure?
    public var sending: Bool
    public var focused: Bool

    public static let defaultPlaceholder = "Message"
    /// Dictation finishes by itself after this many seconds.
    public static let maxDuration = 60
    /// Bars in the meter.
    public static let meterBars = 24

    public init(text: String = "", placeholder: String = defaultPlaceholder, state: Recording = .idle, elapsed: Double = 0,
                levels: [Double] = [], transcript: String = "", access: Access = .allowed, error: Failure? = nil,
                sending: Bool = false, focused: Bool = false) {
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

    public var isRecording: Bool { state == .recording }

    /// The field's text: what was typed, then the words heard, with one space between.
    public var fieldText: String { Self.joining(text, transcript) }

    static func joining(_ typed: String, _ heard: String) -> String {
        let words = ComposerRules.trimmed(heard)
        if words.isEmpty { return typed }
        if typed.isEmpty { return words }
        let last = typed.last!
        return typed + (last.isWhitespace || last.isNewline ? "" : " ") + words
    }

    /// `0:07`, `1:00`: minutes and two-digit seconds, whole seconds, clamped to 0…maxDuration.
    public var elapsedText: String {
        let seconds = Int(min(max(elapsed.isFinite ? elapsed : 0, 0), Double(Self.maxDuration)).rounded(.down))
        let s = seconds % 60
        return "\(seconds / 60):\(s < 10 ? "0" : "")\(s)"
    }

    /// Whether the mic can be used: not while access is off, nor while a send runs.
    public var isMicAvailable: Bool {
        switch access {
        case .allowed, .notDetermined: return !sending
        case .denied, .restricted, .unavailable: return false
        }
    }

    public var isSendEnabled: Bool { !sending && !isRecording && !ComposerRules.trimmed(fieldText).isEmpty }

    public var sendLabel: String {
        if sending || isSendEnabled { return "Send" }
        return "Send, off until you type or dictate a message"
    }

    public var micLabel: String {
        switch access {
        case .allowed, .notDetermined: return "Dictate"
        case .denied: return "Dictate, off: microphone and speech recognition are turned off"
        case .restricted: return "Dictate, off: dictation is restricted"
        case .unavailable: return "Dictate, off: dictation isn't available"
        }
    }
}
