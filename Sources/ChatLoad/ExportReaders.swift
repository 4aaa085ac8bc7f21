import ChatModel

/// Every format chatrender imports: the one table of readers, a row each, each reader one folder
/// of this target. `--from NAME` and `--from auto`, `import FORMAT`, `--help`, docs/importers.md
/// and every message listing the formats are made from it (an architecture test holds that no
/// format is named anywhere else).
package enum ExportReaders {
    /// Every reader, in the order help and messages list them.
    package static let all: [any ChatExportReader] = [
        ChatGPTReader(),
        OpenAIMessagesReader(),
        AnthropicMessagesReader(),
        ClaudeAIReader(),
        ClaudeCodeReader(),
        CodexReader(),
        GeminiReader(),
        OpenCodeReader(),
        CopilotReader(),
        CursorReader(),
        ClineReader(),
        AiderReader(),
        PiReader(),
        QwenReader(),
        KimiReader(),
        CrushReader(),
        GooseReader(),
        ContinueReader(),
        DroidReader(),
        OpenHandsReader(),
        ZedReader(),
    ]

    /// The reader called `name` (in any case); nil when there is none.
    package static func named(_ name: String) -> (any ChatExportReader)? {
        let wanted = name.lowercased()
        return all.first { $0.name == wanted }
    }

    /// The reader of a folder holding several agents' sessions: chosen by recognition only.
    package static let mixed = MixedFolderReader()

    /// "chatgpt, openai, anthropic, claude-ai or claude-code", for messages.
    package static var spokenList: String {
        let names = all.map(\.name)
        return names.dropLast().joined(separator: ", ") + " or " + names.last!
    }

    /// `NAME: what INPUT may be`, a line per format, for `--help`.
    package static var helpLines: String {
        all.map { "\($0.name): \($0.inputHelp)" }.joined(separator: "\n")
    }

    /// The table in docs/importers.md: name, app or agent, what INPUT may be.
    package static var markdownTable: String {
        var lines = ["| `--from` | reads | INPUT |", "| --- | --- | --- |"]
        for reader in all {
            lines.append("| `\(reader.name)` | \(reader.title) | \(reader.inputHelp.replacingOccurrences(of: "|", with: "\\|")) |")
        }
        return lines.joined(separator: "\n")
    }

    /// The readers that recognise `probe`, surest first (a tie keeps the table's order).
    package static func candidates(_ probe: InputProbe) -> [(reader: any ChatExportReader, recognition: Recognition)] {
        let found = all.compactMap { reader in reader.recognise(probe).map { (reader, $0) } }
        return found.enumerated().sorted { a, b in
            a.element.1.confidence != b.element.1.confidence ? a.element.1.confidence > b.element.1.confidence : a.offset < b.offset
        }.map { (reader: $0.element.0, recognition: $0.element.1) }
    }

    /// The error for input no reader knows: what it looked like and which formats exist.
    package static func unrecognised(_ displayPath: String, description: String) -> DiagnosticError {
        let formats = all.map { "\($0.name) (\($0.title))" }
        let list = formats.dropLast().joined(separator: ", ") + " or " + formats.last!
        return DiagnosticError(
            Diagnostic(
                file: displayPath,
                message: "not a format chatrender reads: it looks like \(description); "
                    + "expected a conversation file (see docs/conversation-format.md) or an export of \(list)"))
    }

    /// Whether the probed input reads as a native conversation file rather than any export:
    /// a JSON object with `messages` (which every conversation file has), and with `title` or
    /// messages that carry `text`, `parts` or `attachments` (an API request's carry `content`).
    package static func looksNative(_ probe: InputProbe) -> Bool {
        guard probe.kind == .file, probe.shape.root == UInt8(ascii: "{"), probe.records.count <= 1 else { return false }
        let shape = probe.shape
        if shape.has("messages[].content") || !shape.has("messages") { return false }
        return shape.has("title") || shape.has("messages[].text") || shape.has("messages[].parts") || shape.has("messages[].attachments")
    }
}
