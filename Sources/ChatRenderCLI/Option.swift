/// One command-line option, declared once: its names, the value it takes, its help, whether it may
/// be given more than once, and how its value is read. Commands list options in groups; the
/// parser, the help text and the "did you mean" suggestions all read these declarations, so an
/// option cannot be parsed one way and documented another.
struct Option: Sendable {
    /// `--out`, then any short alias such as `-o`. The first is how messages name the option.
    let names: [String]
    /// What the value is called in help (`DIR`, `N`, `a4|letter`); nil for a flag.
    let valueName: String?
    /// One or more sentences; the help text wraps them.
    let help: String
    /// Whether it may be given more than once (each value is kept, in order).
    let repeatable: Bool
    /// Checks and converts a value; nil for a flag. Given the option's name for its messages.
    let read: (@Sendable (_ name: String, _ raw: String) -> Result<any Sendable, OptionValueProblem>)?

    /// The option's long name, as messages and help name it.
    var name: String { names[0] }

    /// `-o, --out DIR`: short names first, as help lists them.
    var synopsis: String {
        let shortFirst = names.filter { !$0.hasPrefix("--") } + names.filter { $0.hasPrefix("--") }
        return shortFirst.joined(separator: ", ") + (valueName.map { " " + $0 } ?? "")
    }

    /// A flag: present or not.
    static func flag(_ names: String..., help: String) -> OptionKey<Bool> {
        OptionKey(option: Option(names: names, valueName: nil, help: help, repeatable: false, read: nil))
    }

    /// An option whose value is read by `read`, which returns the message for a bad value.
    static func value<Value: Sendable>(
        _ names: String..., valueName: String, help: String, repeatable: Bool = false,
        read: @escaping @Sendable (_ name: String, _ raw: String) -> Result<Value, OptionValueProblem>
    ) -> OptionKey<Value> {
        OptionKey(
            option: Option(
                names: names, valueName: valueName, help: help, repeatable: repeatable,
                read: { name, raw in read(name, raw).map { $0 as any Sendable } }))
    }

    /// An option whose value is any text (a path, a locale).
    static func text(_ names: String..., valueName: String, help: String, repeatable: Bool = false) -> OptionKey<String> {
        OptionKey(
            option: Option(
                names: names, valueName: valueName, help: help, repeatable: repeatable,
                read: { _, raw in .success(raw) }))
    }
}
