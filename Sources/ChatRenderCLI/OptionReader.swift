import ChatRender
import Foundation

/// How option values are read: each turns the text typed into a value or the sentence that says
/// what was expected. Messages name the option as declared and quote the value as typed.
enum OptionReader {
    /// A whole number in `range`: `--quality must be a whole number from 1 to 100, not "x"`.
    static func integer(in range: ClosedRange<Int>, _ what: String) -> @Sendable (String, String) -> Result<Int, OptionValueProblem> {
        { name, raw in
            guard let number = Int(raw), range.contains(number) else {
                return .failure(OptionValueProblem("\(name) must be \(what), not \"\(raw)\""))
            }
            return .success(number)
        }
    }

    /// One of an enumeration's raw values, compared as typed.
    static func choice<Value: RawRepresentable & Sendable>(
        _ type: Value.Type, lowercased: Bool = false, message: @escaping @Sendable (_ name: String, _ raw: String) -> String
    ) -> @Sendable (String, String) -> Result<Value, OptionValueProblem> where Value.RawValue == String {
        { name, raw in
            guard let value = Value(rawValue: lowercased ? raw.lowercased() : raw) else {
                return .failure(OptionValueProblem(message(name, raw)))
            }
            return .success(value)
        }
    }

    /// A folder to read: any path but `-`, which stands for standard input, and so for a file.
    static let folder: @Sendable (String, String) -> Result<String, OptionValueProblem> = { name, raw in
        guard raw != "-" else {
            return .failure(OptionValueProblem("\(name) takes a folder; - stands for standard input, which can only be a file"))
        }
        return .success(raw)
    }

    /// Where output goes: any path but `-`, as chatrender writes folders and files, never standard output.
    static let outputPath: @Sendable (String, String) -> Result<String, OptionValueProblem> = { name, raw in
        guard raw != "-" else {
            return .failure(OptionValueProblem("\(name) takes a path to write to; chatrender does not write to standard output (-)"))
        }
        return .success(raw)
    }

    /// `UTC`, `+02:00`…, as seconds east of UTC.
    static let timeZone: @Sendable (String, String) -> Result<Int, OptionValueProblem> = { name, raw in
        guard let offset = PageLocale.offset(timeZone: raw) else {
            return .failure(OptionValueProblem("\(name) \"\(raw)\": expected UTC or a fixed offset such as +02:00 or -05:30"))
        }
        return .success(offset)
    }

    /// `25MB`, `500KB`, `2MiB`, a byte count or `0`.
    static let size: @Sendable (String, String) -> Result<InlineLimit, OptionValueProblem> = { name, raw in
        guard let limit = InlineLimit(parsing: raw) else {
            return .failure(OptionValueProblem("\(name) \"\(raw)\": expected a size such as 25MB, 500KB, 2MiB or a number of bytes (0 inlines nothing)"))
        }
        return .success(limit)
    }

    /// `390,1024`: distinct screenshot widths in CSS pixels, in the order given.
    static let widths: @Sendable (String, String) -> Result<[Int], OptionValueProblem> = { name, raw in
        let parts = raw.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
        let parsed = parts.compactMap { Int($0) }.filter { (64...8192).contains($0) }
        guard !parts.isEmpty, parsed.count == parts.count else {
            return .failure(OptionValueProblem("\(name) takes CSS widths from 64 to 8192 separated by commas, such as 390,1024; not \"\(raw)\""))
        }
        var unique: [Int] = []
        for width in parsed where !unique.contains(width) { unique.append(width) }
        return .success(unique)
    }
}

/// Why an option's value was refused: the whole sentence printed after `chatrender: error: `.
struct OptionValueProblem: Error, Sendable, Equatable {
    var message: String
    init(_ message: String) { self.message = message }
}
