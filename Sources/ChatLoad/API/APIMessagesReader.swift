import ChatModel
import ChatSupport

/// What the two API formats share: one messages array (or a request holding one) in one file,
/// one page titled after the file.
enum APIMessages {
    /// Where the messages are in the probed file: `[]` for an array, `messages[]` in a request.
    static func prefix(_ shape: JSONShape) -> String? {
        if shape.root == UInt8(ascii: "["), shape.has("[].role"), shape.has("[].content") { return "[]" }
        if shape.root == UInt8(ascii: "{"), shape.has("messages[].role"), shape.has("messages[].content") { return "messages[]" }
        return nil
    }

    /// How many of `marks` (paths under the messages) the file has.
    static func count(_ shape: JSONShape, prefix: String, _ marks: [String]) -> Int {
        marks.filter { shape.has(prefix + "." + $0) }.count
    }

    static func read(
        _ path: String, format: String, options: ReadOptions,
        _ importer: (JSONNode, String, String, Bool) -> (ImportedChat?, [Diagnostic])
    ) throws(DiagnosticError) -> ExportRead {
        let root = try ImportSource.parse(path: path, displayPath: path, what: "\(format) messages")
        let stem = FilePath.stem(path)
        let (chat, diagnostics) = importer(root, stem.isEmpty ? "Conversation" : stem, path, options.includeSystem)
        guard let chat else { throw DiagnosticError(diagnostics) }
        return ExportRead(chats: [chat], warnings: diagnostics)
    }
}

/// An OpenAI Chat Completions `messages` array (or a request body holding one).
package struct OpenAIMessagesReader: ChatExportReader {
    package var name: String { "openai" }
    package var title: String { "OpenAI API" }
    package var inputHelp: String { "a Chat Completions messages array (or a request with \"messages\")" }
    package var inputNoun: String { "openai messages" }
    package var standardInputName: String { "Conversation.json" }
    package var readsFolders: Bool { false }

    package init() {}

    static let marks = [
        "tool_calls", "tool_call_id", "role=tool", "role=developer", "role=system", "content[].type=image_url",
        "content[].type=input_audio", "content[].image_url", "function_call", "refusal",
    ]

    package func recognise(_ input: InputProbe) -> Recognition? {
        guard input.kind == .file, let prefix = APIMessages.prefix(input.shape) else { return nil }
        let found = APIMessages.count(input.shape, prefix: prefix, Self.marks)
        return found > 0 ? .certain("its messages use OpenAI's roles and fields") : Recognition(40, "it is a messages array with roles and content")
    }

    package func rendersAlone(_ path: String) -> Bool { true }

    package func read(_ path: String, options: ReadOptions) throws(DiagnosticError) -> ExportRead {
        try APIMessages.read(path, format: name, options: options) { OpenAIImporter.read($0, title: $1, file: $2, includeSystem: $3) }
    }
}

/// An Anthropic Messages API `messages` array (or a request body holding one).
package struct AnthropicMessagesReader: ChatExportReader {
    package var name: String { "anthropic" }
    package var title: String { "Anthropic API" }
    package var inputHelp: String { "a Messages API messages array (or a request with \"messages\")" }
    package var inputNoun: String { "anthropic messages" }
    package var standardInputName: String { "Conversation.json" }
    package var readsFolders: Bool { false }

    package init() {}

    static let marks = [
        "content[].type=tool_use", "content[].type=tool_result", "content[].type=thinking",
        "content[].type=redacted_thinking", "content[].source", "content[].type=document", "content[].tool_use_id",
    ]

    package func recognise(_ input: InputProbe) -> Recognition? {
        guard input.kind == .file, let prefix = APIMessages.prefix(input.shape) else { return nil }
        var found = APIMessages.count(input.shape, prefix: prefix, Self.marks)
        // A request's top-level system prompt is Anthropic's; OpenAI puts it among the messages.
        if prefix == "messages[]" && input.shape.has("system") { found += 1 }
        return found > 0 ? Recognition(90, "its messages use Anthropic's content blocks") : Recognition(30, "it is a messages array with roles and content")
    }

    package func rendersAlone(_ path: String) -> Bool { true }

    package func read(_ path: String, options: ReadOptions) throws(DiagnosticError) -> ExportRead {
        try APIMessages.read(path, format: name, options: options) { AnthropicImporter.read($0, title: $1, file: $2, includeSystem: $3) }
    }
}
