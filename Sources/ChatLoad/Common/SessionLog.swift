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
