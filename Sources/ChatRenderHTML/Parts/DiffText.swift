import ChatModel

/// A unified diff read into files, hunks and numbered lines, tolerantly: git's extended headers
/// (`diff --git`, `index`, `new file mode`) are kept as header lines, a hunk ends when its counts
/// run out or a line cannot belong to it, and anything else is shown as it was written. Nothing
/// in the text is dropped.
package struct DiffText: Sendable, Equatable {
    /// One line as shown, with its line numbers in the old and new file.
    package enum Line: Sendable, Equatable {
        /// `@@ -12,4 +12,5 @@ func f()`.
        case hunk(String)
        case context(old: Int, new: Int, text: String)
        case added(new: Int, text: String)
        case removed(old: Int, text: String)
        /// `\ No newline at end of file`, and lines outside any hunk.
        case note(String)
    }

    /// One file's part of the diff.
    package struct File: Sendable, Equatable {
        /// From `--- a/x` and `+++ b/x`, without the `a/` and `b/` git adds; nil when absent.
        package var oldName: String?
        package var newName: String?
        /// `diff --git …`, `index …`, `new file mode …`: shown above the lines.
        package var header: [String] = []
        package var lines: [Line] = []

        /// The name to show: the new name, or the old one for a deleted file.
        package var name: String? {
            if let newName, newName != "/dev/null" { return newName }
            if let oldName, oldName != "/dev/null" { return oldName }
            return nil
        }

        package var added: Int {
            lines.reduce(0) {
                if case .added = $1 { return $0 + 1 }; return $0
            }
        }
        package var removed: Int {
            lines.reduce(0) {
                if case .removed = $1 { return $0 + 1 }; return $0
            }
        }
    }

    package var files: [File]

    package var added: Int { files.reduce(0) { $0 + $1.added } }
    package var removed: Int { files.reduce(0) { $0 + $1.removed } }

    /// Reads unified diff text (`diff -u`, `git diff`).
    package init(unified text: String) {
        var files: [File] = []
        var file = File()
        var oldLine = 0, newLine = 0
        var oldLeft = 0, newLeft = 0
        func startFile() {
            if !file.lines.isEmpty || !file.header.isEmpty || file.oldName != nil || file.newName != nil { files.append(file) }
            file = File()
        }
        for raw in text.splitLines(omittingEmptySubsequences: false) {
            // A line of ASCII without a CR is a Character per byte: its markers are read and
            // dropped in bytes (Character by Character, most of a diff's reading). Any other
            // line is read by Character, as always.
            let plain = raw.utf8.allSatisfy { $0 < 0x80 && $0 != 0x0D }
            let line = plain || !raw.hasSuffix("\r") ? String(raw) : String(raw.dropLast())
            func starts(_ prefix: StaticString) -> Bool {
                plain
                    ? line.utf8.starts(with: UnsafeBufferPointer(start: prefix.utf8Start, count: prefix.utf8CodeUnitCount))
                    : line.hasPrefix(prefix.description)
            }
            func afterMarker() -> String {
                plain ? String(decoding: line.utf8.dropFirst(), as: UTF8.self) : String(line.dropFirst())
            }
            let inHunk = oldLeft > 0 || newLeft > 0
            if inHunk {
                if starts("+") && newLeft > 0 {
                    newLine += 1; newLeft -= 1
                    file.lines.append(.added(new: newLine, text: afterMarker()))
                    continue
                }
                if starts("-") && oldLeft > 0 {
                    oldLine += 1; oldLeft -= 1
                    file.lines.append(.removed(old: oldLine, text: afterMarker()))
                    continue
                }
                // A context line; some tools strip the space of an empty one.
                if (starts(" ") || line.isEmpty) && oldLeft > 0 && newLeft > 0 {
                    oldLine += 1; newLine += 1; oldLeft -= 1; newLeft -= 1
                    file.lines.append(.context(old: oldLine, new: newLine, text: afterMarker()))
                    continue
                }
                if starts("\\") { file.lines.append(.note(line)); continue }
                // Counts that do not match the lines: the hunk ends here, the line is read afresh.
                oldLeft = 0; newLeft = 0
            }
            if starts("\\") {
                file.lines.append(.note(line))
            } else if starts("@@"), let range = DiffText.hunkRange(line) {
                file.lines.append(.hunk(line))
                oldLine = range.oldStart - 1; newLine = range.newStart - 1
                oldLeft = range.oldCount; newLeft = range.newCount
                // `-0,0`: the hunk adds to an empty file; numbering starts at 1.
                if range.oldCount == 0 { oldLine = range.oldStart }
                if range.newCount == 0 { newLine = range.newStart }
            } else if starts("diff ") {
                startFile()
                file.header.append(line)
            } else if starts("--- ") {
                if file.oldName != nil || !file.lines.isEmpty { startFile() }
                file.oldName = DiffText.name(plain ? Substring(line.utf8.dropFirst(4)) : line.dropFirst(4))
            } else if starts("+++ ") && file.newName == nil && file.lines.isEmpty {
                file.newName = DiffText.name(plain ? Substring(line.utf8.dropFirst(4)) : line.dropFirst(4))
            } else if file.lines.isEmpty && !file.header.isEmpty && file.oldName == nil {
                file.header.append(line)  // git's extended headers: index, mode, rename
            } else if !(line.isEmpty && file.lines.isEmpty) {
                file.lines.append(.note(line))
            }
        }
        // A trailing empty line (the text's final line break) is not a line of the diff.
        if case .note(let last)? = file.lines.last, last.isEmpty { file.lines.removeLast() }
        startFile()
        self.files = files
    }

    /// The diff of two texts, computed; past `budget` comparison steps the change is shown as the
    /// whole old text removed and the whole new text added, so a huge input stays fast.
    package init(old: String, new: String, name: String?, budget: Int = 2_000_000) {
        let a = LineDiff.lines(old), b = LineDiff.lines(new)
        let body = LineDiff.hunks(LineDiff.edits(a, b, budget: budget), a, b, context: 3)
        var parsed = DiffText(unified: body.joined(separator: "\n"))
        if parsed.files.isEmpty { parsed.files = [File()] }
        parsed.files[0].oldName = name
        parsed.files[0].newName = name
        self = parsed
    }

    /// `a/src/x.py` → `src/x.py`; a tab and timestamp after the name (`diff -u`) are dropped.
    static func name(_ raw: Substring) -> String {
        // A tab is a Character of its own, and "a/" before an ASCII byte is two: in bytes when
        // the name is ASCII.
        if raw.utf8.allSatisfy({ $0 < 0x80 }) {
            var bytes = raw.utf8[...]
            if let tab = bytes.firstIndex(of: 0x09) { bytes = bytes[..<tab] }
            if bytes.count >= 2, bytes.first == UInt8(ascii: "a") || bytes.first == UInt8(ascii: "b"),
                bytes[bytes.index(after: bytes.startIndex)] == UInt8(ascii: "/")
            {
                bytes = bytes.dropFirst(2)
            }
            return String(Substring(bytes))
        }
        var name = raw
        if let tab = name.firstIndex(of: "\t") { name = name[..<tab] }
        if name.hasPrefix("a/") || name.hasPrefix("b/") { name = name.dropFirst(2) }
        return String(name)
    }

    /// The numbers of `@@ -oldStart,oldCount +newStart,newCount @@`; counts default to 1.
    static func hunkRange(_ line: String) -> (oldStart: Int, oldCount: Int, newStart: Int, newCount: Int)? {
        // Split at spaces in bytes when the line is ASCII (the same fields as by Character).
        let fields =
            line.utf8.allSatisfy({ $0 < 0x80 })
            ? line.utf8.split(separator: 0x20, maxSplits: 3, omittingEmptySubsequences: true).map { Substring($0) }
            : line.split(separator: " ", maxSplits: 3, omittingEmptySubsequences: true)
        guard fields.count >= 3, fields[1].hasPrefix("-"), fields[2].hasPrefix("+") else { return nil }
        func range(_ field: Substring) -> (Int, Int)? {
            let parts = field.dropFirst().split(separator: ",", omittingEmptySubsequences: false)
            guard let start = Int(parts[0]), start >= 0, start < 1 << 40 else { return nil }
            if parts.count == 1 { return (start, 1) }
            guard parts.count == 2, let count = Int(parts[1]), count >= 0, count < 1 << 40 else { return nil }
            return (start, count)
        }
        guard let old = range(fields[1]), let new = range(fields[2]) else { return nil }
        return (old.0, old.1, new.0, new.1)
    }
}
