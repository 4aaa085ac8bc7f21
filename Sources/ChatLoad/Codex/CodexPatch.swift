import ChatModel

/// Codex's `apply_patch` text as diffs, a file each:
///
/// ```
/// *** Begin Patch
/// *** Add File: docs/notes.md
/// +first line
/// *** Update File: src/app.py
/// *** Move to: src/main.py
/// @@ def main():
/// -    print("hi")
/// +    print("hello")
/// *** Delete File: old.txt
/// *** End Patch
/// ```
///
/// Hunks carry no line numbers (Codex finds them by their context), so each file's hunks become
/// its old and new text, joined by a `⋯` line where the file goes on between them.
enum CodexPatch {
    /// One file the patch touches.
    struct Change: Equatable {
        enum Kind: Equatable { case add, update, delete }
        var kind: Kind
        var path: String
        var movedTo: String?
        var old: [String] = []
        var new: [String] = []
    }

    /// The changes of a patch; empty when the text is no patch.
    static func changes(_ text: String) -> [Change] {
        guard text.contains("*** Begin Patch") || text.contains("*** Add File: ") || text.contains("*** Update File: ") else { return [] }
        var changes: [Change] = []
        var current: Change?
        var hunkStarted = false
        func close() {
            if let done = current { changes.append(done) }
            current = nil
            hunkStarted = false
        }
        for raw in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let line = raw.hasSuffix("\r") ? raw.dropLast() : raw
            if line.hasPrefix("*** Add File: ") {
                close(); current = Change(kind: .add, path: String(line.dropFirst(14)))
            } else if line.hasPrefix("*** Update File: ") {
                close(); current = Change(kind: .update, path: String(line.dropFirst(17)))
            } else if line.hasPrefix("*** Delete File: ") {
                close(); changes.append(Change(kind: .delete, path: String(line.dropFirst(17))))
            } else if line.hasPrefix("*** Move to: ") {
                current?.movedTo = String(line.dropFirst(13))
            } else if line.hasPrefix("*** End Patch") || line.hasPrefix("*** Begin Patch") || line.hasPrefix("*** End of File") {
                if line.hasPrefix("*** End Patch") { close() }
            } else if current != nil {
                if line.hasPrefix("@@") {
                    // A gap between two hunks of one file.
                    if hunkStarted { current!.old.append("⋯"); current!.new.append("⋯") }
                    continue
                }
                hunkStarted = true
                switch line.first {
                case "+": current!.new.append(String(line.dropFirst()))
                case "-": current!.old.append(String(line.dropFirst()))
                case " ": current!.old.append(String(line.dropFirst())); current!.new.append(String(line.dropFirst()))
                default:
                    // An added file's lines all start with '+'; anything else is context, as the
                    // tool reads it.
                    if !line.isEmpty || current!.kind == .update {
                        current!.old.append(String(line)); current!.new.append(String(line))
                    }
                }
            }
        }
        close()
        return changes
    }

    /// The parts a patch shows: a diff a file (a created one headed "Created"), a deleted file as a
    /// notice-like tool line.
    static func parts(_ text: String, status: ToolStatus, result: String?) -> [TurnPart]? {
        let changes = changes(text)
        guard !changes.isEmpty else { return nil }
        var parts: [TurnPart] = []
        for change in changes {
            switch change.kind {
            case .add:
                parts.append(.diff(DiffPart(path: change.path, old: "", new: lines(change.new), created: true)))
            case .update:
                let path = change.movedTo.map { "\(change.path) → \($0)" } ?? change.path
                parts.append(.diff(DiffPart(path: path, old: lines(change.old), new: lines(change.new))))
            case .delete:
                var call = ToolCallPart(name: "apply_patch", title: "Deleted \(change.path)", input: nil, status: status, result: nil)
                call.titlePhrase = UIPhrase(.toolDeleted, ["path": change.path])
                parts.append(.toolCall(call))
            }
        }
        if status == .error, let result, !result.isEmpty {
            parts.append(.toolCall(ToolCallPart(name: "apply_patch", title: "Patch failed", input: nil, status: .error, result: result)))
        }
        return parts
    }

    private static func lines(_ lines: [String]) -> String {
        lines.isEmpty ? "" : lines.joined(separator: "\n") + "\n"
    }
}
