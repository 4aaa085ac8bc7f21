import Foundation
import ChatModel
import ChatSupport

/// What the agents' session logs share: a log of JSON lines read tolerantly, and a folder of
/// sessions read one by one into a site.
enum SessionLog {
    /// Calls `body` with each line of `bytes` that is a JSON object and its 1-based number. A line
    /// that is not JSON, or not an object, is a warning naming the file, line and column; a last
    /// line still being written (no line break yet) that does not parse is skipped quietly, so a
    /// running session renders as far as it is written; blank lines are skipped.
    /// `linesBefore` lines of the file came before `bytes` (a live session read in pieces), so
    /// each line keeps its number in the file.
    @discardableResult
    static func objects(
        in bytes: UnsafeBufferPointer<UInt8>, file: String, linesBefore: Int = 0, diagnostics: inout [Diagnostic], _ body: (JSONNode, Int) -> Void
    ) -> Int {
        var start = 0
        var number = linesBefore
        let count = bytes.count
        while start < count {
            number += 1
            var end = start
            while end < count && bytes[end] != 0x0A { end += 1 }
            var last = end
            if last > start && bytes[last - 1] == 0x0D { last -= 1 }
            let line = UnsafeBufferPointer(rebasing: bytes[start..<last])
            let partial = end == count
            start = end + 1
            if line.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) { continue }
            let node: JSONNode
            do {
                node = try JSONParser.parse(Array(line))
            } catch {
                if partial { continue }
                diagnostics.append(
                    Diagnostic(
                        .warning, file: file, location: SourceLocation(line: number, column: error.column),
                        message: "\(error.message); the line is left out"))
                continue
            }
            guard case .object = node.value else {
                diagnostics.append(
                    Diagnostic(
                        .warning, file: file, location: SourceLocation(line: number, column: 1),
                        message: "expected a JSON object, found \(node.kindDescription); the line is left out"))
                continue
            }
            body(node, number)
        }
        return number - linesBefore
    }

    /// The session logs `path` names: the file itself, or those `find` lists in the folder. An
    /// error says what was `expected` when there is no such file or folder, and that there are no
    /// `sessions` when the folder holds none.
    static func inputs(_ path: String, expected: String, sessions: String, find: (String) -> [String]) throws(DiagnosticError) -> (
        files: [String], isFolder: Bool
    ) {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
            throw DiagnosticError(Diagnostic(file: path, message: "no such file or folder; expected \(expected)"), kind: .missingInput)
        }
        let files = isFolder.boolValue ? find(path) : [path]
        guard !files.isEmpty else {
            throw DiagnosticError(Diagnostic(file: path, message: "no \(sessions) in this folder or the folders in it"), kind: .missingInput)
        }
        return (files, isFolder.boolValue)
    }

    /// Every file under `folder` that `matches` (given its path in the folder and its name), in
    /// the order of their paths; hidden files and folders, and the folders named in `skipping`,
    /// are passed over.
    static func files(in folder: String, skipping: Set<String> = [], _ matches: (_ relative: String, _ name: String) -> Bool) -> [String] {
        guard let walker = FileManager.default.enumerator(atPath: folder) else { return [] }
        var found: [String] = []
        while let relative = walker.nextObject() as? String {
            let name = FilePath.lastComponent(relative)
            if name.hasPrefix(".") || skipping.contains(name) { walker.skipDescendants(); continue }
            if matches(relative, name) { found.append(FilePath.join(folder, relative)) }
        }
        return found.sorted()
    }

    /// The log at `path` mapped into memory (`what` names it in messages) and read by `body`.
    /// What was read is not the session when another program cut the file short meanwhile: an
    /// error then, saying `cut`.
    static func mapped<Read>(
        _ path: String, what: String, limit: Int = maxLogSize, cut: String = "expected a session log that is only ever appended to (render it again)",
        _ body: (FileInput.Mapped) throws(DiagnosticError) -> Read
    ) throws(DiagnosticError) -> Read {
        let file = try FileInput.map(path: path, displayPath: path, limit: limit, what: what)
        let read = try body(file)
        if file.wasCut { throw DiagnosticError(Diagnostic(file: path, message: "was cut short by another program while it was read; \(cut)")) }
        return read
    }

    /// Agents' logs are append-only and grow with the session (users report rollouts of 415 MB):
    /// one is read up to this size.
    static let maxLogSize = 1 << 30

    /// Whether `path` is a folder.
    static func isFolder(_ path: String) -> Bool {
        var folder: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &folder) && folder.boolValue
    }

    /// Every session file, read with `readOne`. In a site (`site`) each conversation is grouped by
    /// its project folder's last name; a page alone has no group. A session that cannot be read is
    /// a warning and the others render; one with no conversation is left out with a warning. Only
    /// when nothing at all can be read is it an error.
    static func readAll(
        _ files: [String], site: Bool,
        readOne: (String) throws(DiagnosticError) -> (ImportedChat?, [Diagnostic])
    ) throws(DiagnosticError) -> ExportRead {
        var chats: [ImportedChat] = []
        var warnings: [Diagnostic] = []
        var errors: [Diagnostic] = []
        for file in files {
            do throws(DiagnosticError) {
                let (chat, found) = try readOne(file)
                warnings += found
                if var chat {
                    chat.project = site ? chat.project.map(FilePath.lastComponent) : nil
                    chats.append(chat)
                } else {
                    warnings.append(Diagnostic(.warning, file: file, message: "no conversation in this session (no prompt or reply); it is left out"))
                }
            } catch {
                errors += error.diagnostics
            }
        }
        if chats.isEmpty {
            throw DiagnosticError(
                errors.isEmpty
                    ? warnings.map {
                        var d = $0; d.severity = .error; return d
                    } : errors)
        }
        return ExportRead(
            chats: chats,
            warnings: errors.map {
                var d = $0; d.severity = .warning; d.message += "; the session is left out"; return d
            } + warnings)
    }
}
