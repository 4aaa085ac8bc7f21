import ChatModel
import ChatSupport
/// Collects every problem found while loading a theme, without duplicates, so the loader can report them
/// all at once (light and dark resolve the same shared files, which would otherwise repeat messages).
package struct ThemeDiagnostics {
    private(set) var items: [Diagnostic] = []
    private var seen: Set<Diagnostic> = []
    /// Errors about files that do not exist or cannot be read; the rest are bad data.
    private var missingFileErrors: Set<Diagnostic> = []

    var isEmpty: Bool { items.isEmpty }
    var count: Int { items.count }

    /// Records an error at a JSON value (its line:column) with a token or JSON path.
    mutating func error(_ file: String, at node: JSONNode?, path: String? = nil, _ message: String) {
        add(
            Diagnostic(
                .error, file: file,
                location: SourceLocation(line: node?.line, column: node?.column, jsonPath: path),
                message: message))
    }

    /// Records an error at an explicit position.
    mutating func error(_ file: String, line: Int?, column: Int?, path: String? = nil, _ message: String) {
        add(
            Diagnostic(
                .error, file: file, location: SourceLocation(line: line, column: column, jsonPath: path),
                message: message))
    }

    /// Records that a file is missing or unreadable.
    mutating func missingFile(_ file: String, at node: JSONNode?, path: String? = nil, _ message: String) {
        let diagnostic = Diagnostic(
            .error, file: file,
            location: SourceLocation(line: node?.line, column: node?.column, jsonPath: path),
            message: message)
        missingFileErrors.insert(diagnostic)
        add(diagnostic)
    }

    private mutating func add(_ diagnostic: Diagnostic) {
        if seen.insert(diagnostic).inserted { items.append(diagnostic) }
    }

    /// The error to throw: `.missingInput` when every problem is a missing file, otherwise `.badData`.
    var error: DiagnosticError {
        let onlyMissing = !items.isEmpty && items.allSatisfy { missingFileErrors.contains($0) }
        return DiagnosticError(items, kind: onlyMissing ? .missingInput : .badData)
    }

    /// A string for messages: quoted, clipped, with control characters and quotes escaped so hostile
    /// input cannot disturb the terminal.
    static func quoted(_ text: String, limit: Int = 40) -> String {
        var out = "\""
        var count = 0
        for scalar in text.unicodeScalars {
            if count == limit { out += "…"; break }
            count += 1
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) {
                    out += "\\u{\(String(scalar.value, radix: 16))}"
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }
}
