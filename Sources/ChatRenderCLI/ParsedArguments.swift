/// A command line read against a command's table: the positional arguments and, per option, every
/// value given, already checked and converted by the option's declaration.
struct ParsedArguments: Sendable {
    /// Arguments that are not options, in order (`-` among them means standard input).
    var positionals: [String] = []
    /// Converted values per option name, in the order given (flags hold `true`).
    private var values: [String: [any Sendable]] = [:]
    /// The values as typed, per option name, for messages.
    private var raw: [String: [String]] = [:]

    mutating func record(_ option: Option, value: any Sendable, raw text: String) {
        values[option.name, default: []].append(value)
        raw[option.name, default: []].append(text)
    }

    /// Whether the option was given at all.
    func has(_ option: Option) -> Bool { values[option.name] != nil }

    /// Whether the flag was given.
    func has(_ key: OptionKey<Bool>) -> Bool { has(key.option) }

    /// The option's value, or nil when it was not given.
    subscript<Value>(_ key: OptionKey<Value>) -> Value? { values[key.option.name]?.last as? Value }

    /// Every value of a repeatable option, in order.
    func all<Value>(_ key: OptionKey<Value>) -> [Value] { (values[key.option.name] ?? []).compactMap { $0 as? Value } }

    /// The values as typed on the command line.
    func rawValues(_ option: Option) -> [String] { raw[option.name] ?? [] }
}
