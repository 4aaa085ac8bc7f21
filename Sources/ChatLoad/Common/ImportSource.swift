import ChatModel
import ChatSupport
/// Reading an importer's input: the file, then strict JSON with line:column for syntax errors.
package enum ImportSource {
    /// Exports can be large (a ChatGPT history of years); this caps what is read into memory.
    static let maxFileSize = 1024 * 1024 * 1024

    package static func parse(path: String, displayPath: String, what: String) throws(DiagnosticError) -> JSONNode {
        try parse(bytes: try FileInput.read(path: path, displayPath: displayPath, limit: maxFileSize, what: what), displayPath: displayPath)
    }

    /// Strict JSON from bytes already read (a file inside a zip archive); `displayPath` names them.
    static func parse(bytes: [UInt8], displayPath: String) throws(DiagnosticError) -> JSONNode {
        do {
            return try JSONParser.parse(bytes)
        } catch {
            throw DiagnosticError(Diagnostic(file: displayPath, location: SourceLocation(line: error.line, column: error.column), message: error.message))
        }
    }

    /// The `messages` array of an API input: the document itself when it is an array, or the
    /// `messages` member of a request object. Returns the array's elements and its JSON path.
    static func messages(_ root: JSONNode, reader: inout JSONReader, api: String) -> (elements: [JSONNode], path: String)? {
        switch root.value {
        case .array(let elements): return (elements, "")
        case .object:
            guard let list = root["messages"] else {
                reader.error(
                    "missing required field \"messages\"; expected \(api) messages array, or a request object with \"messages\"", at: root, path: "messages")
                return nil
            }
            guard case .array(let elements) = list.value else {
                reader.error("expected an array of messages, found \(list.kindDescription)", at: list, path: "messages")
                return nil
            }
            return (elements, "messages")
        default:
            reader.error("expected \(api) messages array, or a request object with \"messages\"; found \(root.kindDescription)", at: root, path: "")
            return nil
        }
    }

    /// The text of a string value; nil for anything else or nothing.
    static func string(_ node: JSONNode?) -> String? {
        guard let node, case .string(let text) = node.value else { return nil }
        return text
    }

    /// The value of `type` in a content part, or nil after reporting it.
    static func partType(_ part: JSONNode, path: String, reader: inout JSONReader) -> String? {
        guard reader.object(part, path: path, expected: "a content part object with \"type\"") != nil else { return nil }
        return reader.requiredString(part, "type", path: path, nonEmpty: true)
    }
}

/// Collects one turn's text pieces and attachments while its parts are read.
package struct TurnDraft {
    var pieces: [String] = []
    var attachments: [ImportedAttachment] = []

    mutating func add(_ text: String) { if !text.isEmpty { pieces.append(text) } }

    /// Pieces joined by blank lines: separate paragraphs in both markups.
    var text: String { pieces.joined(separator: "\n\n") }

    var isEmpty: Bool { pieces.isEmpty && attachments.isEmpty }

    /// A name not yet used by this turn's attachments: `image.png`, then `image-2.png`.
    func freshName(_ stem: String, contentType: String) -> String {
        var index = 1
        while true {
            let name = InlineData.defaultName(stem, index: index, contentType: contentType)
            if !attachments.contains(where: { $0.name == name }) { return name }
            index += 1
        }
    }

    /// A labelled turn for `--include-system`: the native format has only two roles, so system,
    /// developer and tool turns are shown as the assistant's, headed by what they are.
    static func labelled(_ label: String, _ text: String) -> String {
        text.isEmpty ? "**\(label)**" : "**\(label)**\n\n\(text)"
    }

    /// A fenced code block long enough not to be closed by backticks inside `code`.
    static func fenced(_ code: String, language: String = "") -> String {
        var longest = 0, run = 0
        for character in code { if character == "`" { run += 1; longest = max(longest, run) } else { run = 0 } }
        let fence = String(repeating: "`", count: max(3, longest + 1))
        return "\(fence)\(language)\n\(code)\n\(fence)"
    }
}
