import ChatModel

/// Kinds of record a reader does not know (a line type, an event, a content block from a later
/// version), each counted: a real log has thousands of lines, and a new kind is said once, with
/// how many there were and where the first was, never once a line.
struct UnknownKinds {
    private var counts: [String: (count: Int, line: Int?)] = [:]
    private var order: [String] = []
    /// What the log's records are called in the warnings ("line", "message"); nil for records
    /// with no line, counted in times.
    var unit: String? = "line"

    /// One more record of `what` (the warning's words: `unknown event type "x"`), at `line`.
    mutating func note(_ what: String, line: Int? = nil) {
        if let seen = counts[what] {
            counts[what] = (seen.count + 1, seen.line)
        } else {
            counts[what] = (1, line)
            order.append(what)
        }
    }

    /// Whether nothing was noted.
    var isEmpty: Bool { order.isEmpty }

    /// A warning a kind, in the order first met: `… (3 lines, the first here); left out, the rest
    /// is read`, at the first one's line.
    func warnings(file: String) -> [Diagnostic] {
        order.map { what in
            let (count, line) = counts[what]!
            let times: String
            if let unit {
                times = count == 1 ? "1 \(unit) here" : "\(count) \(unit)s, the first here"
            } else {
                times = "\(count) time\(count == 1 ? "" : "s")"
            }
            return Diagnostic(.warning, file: file, location: SourceLocation(line: line), message: "\(what) (\(times)); left out, the rest is read")
        }
    }
}
