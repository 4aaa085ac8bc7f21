import Foundation
import ChatModel
import ChatSupport

/// Where Claude Code keeps its sessions, as the person names it: one session's `.jsonl`, a
/// project folder of sessions (`~/.claude/projects/-home-ana-src-shop/`), or the whole projects
/// folder. Each session is one conversation; a sub-agent's log (`agent-<id>.jsonl`, beside the
/// session or under `<session>/subagents/`) is not a session of its own but part of the one
/// that started it.
package struct ClaudeCodeSource: Sendable, Equatable {
    /// One session log to read.
    package struct Session: Sendable, Equatable {
        /// The `.jsonl` file.
        package var path: String
        /// How messages name it (the path as given, joined with what was found under it).
        package var displayPath: String
        /// The project folder's name when a projects folder was given, for grouping.
        package var projectFolder: String?
    }

    package var sessions: [Session]

    /// Session logs are append-only journals of a whole working day at most; this caps one (as a
    /// Codex rollout's: a long session's memory no longer grows with all of it, see
    /// ``ClaudeCodeImporter/readSession(_:)``).
    static let maxFileSize = 1024 * 1024 * 1024

    package static func open(_ path: String) throws(DiagnosticError) -> ClaudeCodeSource {
        var isFolder: ObjCBool = false
        let exists = FileManager.default.fileExists(atPath: path, isDirectory: &isFolder)
        guard exists else {
            throw DiagnosticError(
                Diagnostic(
                    file: path, message: "no such file or folder; expected a Claude Code session (.jsonl), a project folder of sessions or the projects folder"),
                kind: .missingInput)
        }
        guard isFolder.boolValue else {
            return ClaudeCodeSource(sessions: [Session(path: path, displayPath: path, projectFolder: nil)])
        }
        let direct = sessionFiles(in: path)
        if !direct.isEmpty {
            return ClaudeCodeSource(sessions: direct.map { Session(path: FilePath.join(path, $0), displayPath: FilePath.join(path, $0), projectFolder: nil) })
        }
        // The projects folder: one folder per project, sessions inside.
        var sessions: [Session] = []
        let folders = ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).sorted()
        for folder in folders where !folder.hasPrefix(".") {
            let full = FilePath.join(path, folder)
            var inner: ObjCBool = false
            guard FileManager.default.fileExists(atPath: full, isDirectory: &inner), inner.boolValue else { continue }
            for file in sessionFiles(in: full) {
                sessions.append(Session(path: FilePath.join(full, file), displayPath: FilePath.join(full, file), projectFolder: folder))
            }
        }
        guard !sessions.isEmpty else {
            throw DiagnosticError(
                Diagnostic(
                    file: path,
                    message:
                        "no session logs (.jsonl) in this folder or in its project folders; expected Claude Code's projects folder, one project's folder, or a session file"
                ), kind: .missingInput)
        }
        return ClaudeCodeSource(sessions: sessions)
    }

    /// The session logs directly in `folder`: `*.jsonl` but not a sub-agent's `agent-*.jsonl`.
    static func sessionFiles(in folder: String) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return names.filter { $0.hasSuffix(".jsonl") && !$0.hasPrefix("agent-") && !$0.hasPrefix(".") }.sorted()
    }

    /// The log of sub-agent `agentID` started from the session at `sessionPath`: under
    /// `<session>/subagents/` (Claude Code 2.1), or beside the session (earlier versions). Also
    /// returns the `.meta.json` beside it when there is one.
    static func agentLog(_ agentID: String, sessionPath: String) -> (log: String, meta: String?)? {
        guard !agentID.isEmpty, agentID.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }) else { return nil }
        let folder = FilePath.directory(sessionPath)
        let stem = FilePath.stem(sessionPath)
        let candidates = [
            FilePath.join(FilePath.join(FilePath.join(folder, stem), "subagents"), "agent-\(agentID)"),
            FilePath.join(folder, "agent-\(agentID)"),
        ]
        for base in candidates where FileManager.default.fileExists(atPath: base + ".jsonl") {
            let meta = base + ".meta.json"
            return (base + ".jsonl", FileManager.default.fileExists(atPath: meta) ? meta : nil)
        }
        return nil
    }

    /// The logs of the session's compactions, `<session>/subagents/agent-acompact-*.jsonl` (Claude
    /// Code 2.1 runs each compaction as a sub-agent of its own), in name order.
    static func compactionLogs(sessionPath: String) -> [String] {
        let folder = FilePath.join(FilePath.join(FilePath.directory(sessionPath), FilePath.stem(sessionPath)), "subagents")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return names.filter { $0.hasPrefix("agent-acompact") && $0.hasSuffix(".jsonl") }.sorted().map { FilePath.join(folder, $0) }
    }

    /// The sub-agent logs under `<session>/subagents/` with the tool call that started them, read
    /// from their `.meta.json` (`toolUseId`), for calls whose result does not name the agent.
    static func agentLogsByCall(sessionPath: String) -> [String: String] {
        let folder = FilePath.join(FilePath.join(FilePath.directory(sessionPath), FilePath.stem(sessionPath)), "subagents")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        var found: [String: String] = [:]
        for name in names where name.hasSuffix(".meta.json") {
            guard let bytes = try? FileInput.read(path: FilePath.join(folder, name), displayPath: name, limit: 1 << 20, what: "sub-agent meta"),
                let root = try? JSONParser.parse(bytes), let call = ImportSource.string(root["toolUseId"])
            else { continue }
            found[call] = FilePath.join(folder, String(name.dropLast(".meta.json".count)) + ".jsonl")
        }
        return found
    }
}
