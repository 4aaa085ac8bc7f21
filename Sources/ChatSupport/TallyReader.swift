import ChatModel

/// Reads the counts a log gives (tokens, windows, requests) as ``Tally`` values, the one way
/// every reader does, and remembers the ones out of range for one warning per field.
///
/// A count out of range (negative, past ``Tally/inputLimit``, not finite) is left out — the rest
/// of the line, and of the log, renders — and the warning names the first place it was met (file,
/// line, JSON path) and how many more there were, so a hostile log of a million such lines
/// gives one line of warning, not a million.
package struct TallyReader: Sendable {
    /// The file as the person named it.
    package let file: String
    private var first: [String: Diagnostic] = [:]
    private var more: [String: Int] = [:]
    private var order: [String] = []

    package init(file: String) { self.file = file }

    /// `node` as a count: nil when absent or not a number (as the reader treated it before), and
    /// nil with a warning when out of range. `path` is the value's JSON path, for the warning;
    /// its last member names the field the warning is counted under.
    package mutating func count(_ node: JSONNode?, line: Int? = nil, path: @autoclosure () -> String) -> Tally? {
        guard let node else { return nil }
        switch node.tallyReading {
        case .absent: return nil
        case .count(let tally): return tally
        case .outOfRange(let written):
            let path = path()
            let field = path.split(separator: ".").last.map(String.init) ?? path
            if first[field] == nil {
                order.append(field)
                first[field] = Diagnostic(
                    .warning, file: file, location: SourceLocation(line: line ?? node.line, column: node.column, jsonPath: path.isEmpty ? nil : path),
                    message: "expected a count from 0 to \(Tally.inputLimit), found \(written); the count is left out")
            } else {
                more[field, default: 0] += 1
            }
            return nil
        }
    }

    /// `node` as a count, 0 when absent or out of range.
    package mutating func countOrZero(_ node: JSONNode?, line: Int? = nil, path: @autoclosure () -> String) -> Tally {
        count(node, line: line, path: path()) ?? .zero
    }

    /// One warning per field that held a count out of range, in the order first met.
    package var warnings: [Diagnostic] {
        order.map { field in
            var warning = first[field]!
            if let n = more[field] { warning.message += " (and \(n) more like it)" }
            return warning
        }
    }

    /// Whether any count was out of range.
    package var isEmpty: Bool { order.isEmpty }
}

extension JSONNode {
    /// This value as a count of input: absent unless a number, out of range unless a whole
    /// number (a fraction is rounded down) in 0...``Tally/inputLimit``.
    package var tallyReading: TallyReading {
        guard case .number(let double, let integer) = value else { return .absent }
        if let integer { return Tally(input: integer).map(TallyReading.count) ?? .outOfRange(String(integer)) }
        return Tally(input: double).map(TallyReading.count) ?? .outOfRange(JSONReader.format(double))
    }
}
