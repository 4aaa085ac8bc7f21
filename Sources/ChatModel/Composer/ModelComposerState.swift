/// The model composer's state: the draft, the models and modes, and the usage line.
/// See `model-composer.txt` for the rules each property follows.
package struct ModelComposerState: Sendable, Equatable {
    /// The symbols a mode chip can show (the composer draws each, outline when off and filled when on).
    package static let modeSymbols = ["search", "think", "image", "globe", "code", "sparkle"]

    /// A model the pill can switch to.
    package struct Model: Sendable, Equatable {
        package var id: String
        package var name: String
        /// One line about the model, shown under its name in the menu.
        package var detail: String
        /// Not in the person's plan: shows a lock and "Pro", and picking it calls for an upgrade.
        package var isLocked: Bool

        package init(id: String, name: String, detail: String = "", isLocked: Bool = false) {
            self.id = id
            self.name = name
            self.detail = detail
            self.isLocked = isLocked
        }

        /// Atlas 3 Mini, Atlas 3 and Atlas 3 Max, the last locked.
        package static let samples: [Model] = [
            Model(id: "atlas-3-mini", name: "Atlas 3 Mini", detail: "Fast answers for everyday questions"),
            Model(id: "atlas-3", name: "Atlas 3", detail: "Balanced speed and depth for most work"),
            Model(id: "atlas-3-max", name: "Atlas 3 Max", detail: "Deepest reasoning for hard problems", isLocked: true),
        ]
    }

    /// A mode chip.
    package struct Mode: Sendable, Equatable {
        package var id: String
        package var title: String
        /// Which of the composer's drawn symbols the chip shows (`search`, `think`, `image`, …).
        package var symbol: String

        package init(id: String, title: String, symbol: String) {
            self.id = id
            self.title = title
            self.symbol = symbol
        }

        /// Search, Think and Image.
        package static let defaults: [Mode] = [
            Mode(id: "search", title: "Search", symbol: "search"),
            Mode(id: "think", title: "Think", symbol: "think"),
            Mode(id: "image", title: "Image", symbol: "image"),
        ]
    }

    /// Messages left in the plan's window; the composer never counts, it shows what it is given.
    package struct Usage: Sendable, Equatable {
        package var remaining: Int
        package var limit: Int
        /// When more messages arrive.
        package var resets: ChatDate?
        /// From this many left the line turns to the warning colour with a symbol.
        package var warnAt: Int

        package static let defaultWarnAt = 5

        package init(remaining: Int, limit: Int, resets: ChatDate? = nil, warnAt: Int = defaultWarnAt) {
            self.remaining = remaining
            self.limit = limit
            self.resets = resets
            self.warnAt = warnAt
        }

        package var isExhausted: Bool { remaining <= 0 }
        package var isLow: Bool { !isExhausted && remaining <= warnAt }
    }

    package var text: String
    package var placeholder: String
    package var models: [Model]
    /// The id asked for; see ``currentModel`` for the one shown.
    package var model: String?
    package var availableModes: [Mode]
    /// Ids of the modes that are on.
    package var modes: Set<String>
    package var usage: Usage?
    /// Whether Upgrade shows at the end of the line once the limit is reached.
    package var upgrade: Bool
    package var menuOpen: Bool
    package var sending: Bool
    package var error: String?
    package var focused: Bool

    package static let defaultPlaceholder = "Message"
    package static let limitPlaceholder = "You've reached today's limit"

    package init(
        text: String = "", placeholder: String = defaultPlaceholder, models: [Model] = Model.samples,
        model: String? = nil, availableModes: [Mode] = Mode.defaults, modes: Set<String> = [],
        usage: Usage? = nil, upgrade: Bool = false, menuOpen: Bool = false, sending: Bool = false,
        error: String? = nil, focused: Bool = false
    ) {
        self.text = text
        self.placeholder = placeholder
        self.models = models
        self.model = model
        self.availableModes = availableModes
        self.modes = modes
        self.usage = usage
        self.upgrade = upgrade
        self.menuOpen = menuOpen
        self.sending = sending
        self.error = error
        self.focused = focused
    }

    /// The model the pill names: the one asked for when it is in `models`, else the first
    /// unlocked model (else the first model).
    package var currentModel: Model? {
        if let model, let found = models.first(where: { $0.id == model }) { return found }
        return models.first(where: { !$0.isLocked }) ?? models.first
    }

    /// At the limit the field and controls are off.
    package var isAtLimit: Bool { usage?.isExhausted ?? false }

    /// Nil when Send is on, else why it is off.
    package var sendLabel: String { sendLabel(.english) }

    /// Send's accessible name in the page's language.
    package func sendLabel(_ t: UIStrings) -> String {
        if !t.isEnglish {
            if sending { return t[.send] }
            if isAtLimit { return t[.sendOffLimit] }
            if ComposerRules.trimmed(text).isEmpty { return t[.sendOffType] }
            return t[.send]
        }
        if sending { return "Send" }
        if isAtLimit { return "Send, off: you've reached today's limit" }
        if ComposerRules.trimmed(text).isEmpty { return "Send, off until you type a message" }
        return "Send"
    }

    package var isSendEnabled: Bool { !sending && !isAtLimit && !ComposerRules.trimmed(text).isEmpty }
}
