import ChatModel
import ChatSupport

/// The chats of Cursor's editor, in its global state database
/// (`~/.config/Cursor/User/globalStorage/state.vscdb`, `~/Library/Application Support/Cursor/
/// User/globalStorage/state.vscdb`): a SQLite key-value table `cursorDiskKV` (`key`, `value`)
/// where `composerData:<composer id>` is a chat's header and `bubbleId:<composer id>:<bubble id>`
/// each of its messages, both JSON (see `CursorSession+Composer.swift`). Read only through
/// ``AgentDatabase``, from a private copy: the editor may be running.
enum CursorComposers {
    static let sqliteMagic: [UInt8] = Array("SQLite format 3\0".utf8)

    /// Whether the database at `path` has Cursor's key-value table.
    static func isStateDatabase(_ path: String) -> Bool {
        guard let schema = AgentDatabase.schema(at: path), let columns = schema["cursorDiskKV"] else { return false }
        return columns.isSuperset(of: ["key", "value"])
    }

    /// Every chat in the database at `path`, oldest first; a chat with no message is left out
    /// quietly (the editor keeps one for every chat opened and never used).
    static func read(_ path: String, includeSystem: Bool) throws(DiagnosticError) -> ExportRead {
        let db = try AgentDatabase(path: path, what: "Cursor's state database (state.vscdb)")
        guard db.columns("cursorDiskKV").isSuperset(of: ["key", "value"]) else {
            throw DiagnosticError(
                Diagnostic(file: path, message: "has no cursorDiskKV table of keys and values; expected Cursor's state database (globalStorage/state.vscdb)"))
        }
        var warnings: [Diagnostic] = []
        func parse(_ row: [String: String?]) -> (String, JSONNode)? {
            guard let key = row["key"] ?? nil, let value = row["value"] ?? nil else { return nil }
            do {
                return (key, try JSONParser.parse(Array(value.utf8)))
            } catch {
                warnings.append(
                    Diagnostic(
                        .warning, file: path, message: "\(key): its value is not JSON (\(error.message) at \(error.line):\(error.column)); it is left out"))
                return nil
            }
        }
        var bubbles: [String: JSONNode] = [:]
        for row in try db.rows("SELECT key, value FROM cursorDiskKV WHERE key LIKE 'bubbleId:%'") {
            if let (key, node) = parse(row) { bubbles[key] = node }
        }
        var chats: [(date: Int64, chat: ImportedChat)] = []
        for row in try db.rows("SELECT key, value FROM cursorDiskKV WHERE key LIKE 'composerData:%' ORDER BY key") {
            guard let (key, header) = parse(row), case .object = header.value else { continue }
            let id = String(key.dropFirst("composerData:".count))
            var session = CursorSession(file: path, includeSystem: includeSystem)
            session.log.projectLabel = nil
            session.read(composer: header, id: id) { bubbles[$0] }
            guard var chat = session.chat(fallbackTitle: "Cursor chat \(id.prefix(8))") else {
                warnings += session.log.diagnostics
                continue
            }
            chat.project = nil
            warnings += session.log.diagnostics.map { diagnostic in
                var named = diagnostic
                named.message = "chat \(id): " + named.message
                return named
            }
            chats.append((chat.date?.secondsSinceEpoch ?? 0, chat))
        }
        warnings += db.warnings
        guard !chats.isEmpty else {
            throw DiagnosticError(
                Diagnostic(file: path, message: "holds no Cursor chat with a message (no composerData with its bubbles)"), kind: .missingInput)
        }
        return ExportRead(
            chats: chats.enumerated().sorted { ($0.element.date, $0.offset) < ($1.element.date, $1.offset) }.map(\.element.chat), warnings: warnings)
    }
}
