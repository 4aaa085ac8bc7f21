/// Where a problem sits in an input file: a line and column, a JSON path, or both.
public struct SourceLocation: Sendable, Equatable, Hashable, CustomStringConvertible {
    /// 1-based line, or nil when only a JSON path is known.
    public var line: Int?
    /// 1-based column counted in Unicode scalars.
    public var column: Int?
    /// A JSON path such as `messages[3].attachments[1].byteCount`; empty for the document itself.
    public var jsonPath: String?

    public init(line: Int? = nil, column: Int? = nil, jsonPath: String? = nil) {
        self.line = line
        self.column = column
        self.jsonPath = jsonPath
    }

    public var description: String {
        var parts: [String] = []
        if let line { parts.append(column.map { "\(line):\($0)" } ?? "\(line)") }
        if let jsonPath, !jsonPath.isEmpty { parts.append(jsonPath) }
        return parts.joined(separator: ": ")
    }
}

/// One problem with an input, reported to the person as `file:line:column: error: path: message`.
///
/// Errors are values: loaders collect every problem in a file and throw them together as
/// ``DiagnosticError`` rather than stopping at the first.
public struct Diagnostic: Error, Sendable, Equatable, Hashable, CustomStringConvertible {
    /// How bad it is: errors stop the run; warnings are printed and the run goes on unless `--strict`.
    public enum Severity: String, Sendable, Equatable, Hashable { case error, warning }

    public var severity: Severity
    /// The file as the person named it (not resolved), so messages read back what they typed.
    public var file: String
    public var location: SourceLocation
    public var message: String

    public init(_ severity: Severity = .error, file: String, location: SourceLocation = .init(), message: String) {
        self.severity = severity
        self.file = file
        self.location = location
        self.message = message
    }

    /// `conversation.json:3:9: error: messages[0].role: expected "user" or "assistant", found "robot"`
    public var description: String {
        var head = file
        if let line = location.line {
            head += ":\(line)"
            if let column = location.column { head += ":\(column)" }
        }
        var text = "\(head): \(severity.rawValue): "
        if let path = location.jsonPath, !path.isEmpty { text += "\(path): " }
        return text + message
    }
}

/// A batch of diagnostics from one stage; thrown when at least one is an error.
public struct DiagnosticError: Error, Sendable, Equatable, CustomStringConvertible {
    public var diagnostics: [Diagnostic]
    /// What kind of failure this is, mapped to a sysexits code by the CLI.
    public var kind: Kind

    public enum Kind: Sendable, Equatable {
        /// The input exists but its content is wrong (EX_DATAERR, 65).
        case badData
        /// An input file is missing or unreadable (EX_NOINPUT, 66).
        case missingInput
        /// The output could not be written (EX_CANTCREAT, 73).
        case cannotWrite
        /// The command line is wrong (EX_USAGE, 64).
        case usage
        /// A program the run needs is missing or will not start, such as Chromium (EX_UNAVAILABLE, 69).
        case unavailable
    }

    public init(_ diagnostics: [Diagnostic], kind: Kind = .badData) {
        self.diagnostics = diagnostics
        self.kind = kind
    }

    public init(_ diagnostic: Diagnostic, kind: Kind = .badData) {
        self.init([diagnostic], kind: kind)
    }

    public var description: String { diagnostics.map(\.description).joined(separator: "\n") }
}

extension Diagnostic {
    /// Quotes a value from the input for a message, shortened and with control characters shown.
    package static func quote(_ text: String) -> String {
        var out = "\""
        for (count, scalar) in text.unicodeScalars.enumerated() {
            if count >= 40 { out += "…"; break }
            switch scalar.value {
            case 0x22: out += "\\\""
            case 0..<0x20, 0x7F: out += "\\u{\(String(scalar.value, radix: 16))}"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}
