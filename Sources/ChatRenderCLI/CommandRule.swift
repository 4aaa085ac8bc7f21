/// A rule about how a command's options combine (`--paper` only with `--pdf`), declared with the
/// command. Rules are checked in order after every option has been read, so a bad value is
/// reported before a bad combination; help lists them under RULES, worded as the error is.
struct CommandRule: Sendable {
    /// The error when the rule is broken, and how help states the rule.
    let message: String
    let isBroken: @Sendable (ParsedArguments) -> Bool

    /// `option` means something only together with `other`.
    static func needs(_ option: Option, _ other: Option, _ message: String) -> CommandRule {
        CommandRule(message: message) { $0.has(option) && !$0.has(other) }
    }

    /// `option` and `other` cannot be given together.
    static func excludes(_ option: Option, _ other: Option, _ message: String) -> CommandRule {
        CommandRule(message: message) { $0.has(option) && $0.has(other) }
    }

    /// `option` must be given.
    static func required(_ option: Option, _ message: String) -> CommandRule {
        CommandRule(message: message) { !$0.has(option) }
    }
}
