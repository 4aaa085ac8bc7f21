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
    /// What the value is, for completions; `.text` for a flag.
    let valueKind: ValueKind
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
        OptionKey(option: Option(names: names, valueName: nil, help: help, repeatable: false, valueKind: .text, read: nil))
    }

    /// An option whose value is read by `read`, which returns the message for a bad value; `kind`
    /// says what the value is (a folder, a number), for completions.
    static func value<Value: Sendable>(
        _ names: String..., valueName: String, help: String, repeatable: Bool = false, kind: ValueKind,
        read: @escaping @Sendable (_ name: String, _ raw: String) -> Result<Value, OptionValueProblem>
    ) -> OptionKey<Value> {
        OptionKey(
            option: Option(
                names: names, valueName: valueName, help: help, repeatable: repeatable, valueKind: kind,
                read: { name, raw in read(name, raw).map { $0 as any Sendable } }))
    }

    /// An option whose value is one of an enumeration's raw values: read as typed (or lowered
    /// first), and completed from the same cases, so the two cannot differ.
    static func choice<Value: RawRepresentable & CaseIterable & Sendable>(
        _ names: String..., valueName: String, help: String, _ type: Value.Type, lowercased: Bool = false,
        message: @escaping @Sendable (_ name: String, _ raw: String) -> String
    ) -> OptionKey<Value> where Value.RawValue == String {
        let read = OptionReader.choice(type, lowercased: lowercased, message: message)
        return OptionKey(
            option: Option(
                names: names, valueName: valueName, help: help, repeatable: false,
                valueKind: .oneOf(Value.allCases.map(\.rawValue)),
                read: { name, raw in read(name, raw).map { $0 as any Sendable } }))
    }

    /// An option whose value is any text: a path (the default `kind`), a locale, a theme's name.
    static func text(
        _ names: String..., valueName: String, help: String, repeatable: Bool = false, kind: ValueKind = .file
    ) -> OptionKey<String> {
        OptionKey(
            option: Option(
                names: names, valueName: valueName, help: help, repeatable: repeatable, valueKind: kind,
                read: { _, raw in .success(raw) }))
    }
}
