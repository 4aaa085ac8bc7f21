import Foundation
import ChatModel
import ChatSupport

/// A sub-agent Qwen Code ran for a session (its `agent` tool, `task` in earlier releases), as it
/// keeps it beside the session: `~/.qwen/projects/<cwd>/subagents/<session id>/agent-<id>.jsonl`,
/// a log of the session's own record shape whose records are marked `isSidechain` and name the
/// agent (`agentId`, `agentName`), its first record the prompt it was given; and the sidecar
/// `agent-<id>.meta.json` (`agentType`, `description`, `parentAgentId`, `createdAt`, and in some
/// releases `toolUseId`, the call that launched it).
struct QwenAgent {
    var id: String
    var log: String
    var type: String?
    var description: String?
    /// The call that launched it, when the sidecar says.
    var toolUseID: String?
    /// The prompt it was given: its log's first `user` record.
    var prompt: String?
}

enum QwenAgents {
    /// The sub-agents recorded for the session logged at `path` (`<project>/chats/<id>.jsonl`),
    /// `sessionID` its records' `sessionId`, in the order they were launched. None when the log
    /// is not in a `chats` folder, or there are none.
    static func beside(_ path: String, sessionID: String?) -> [QwenAgent] {
        let chats = FilePath.directory(path)
        guard FilePath.lastComponent(chats) == "chats" else { return [] }
        // Qwen Code names the folder by the session's id, any character but a letter, digit, `_` or `-` made `_`.
        let id = String((sessionID ?? FilePath.stem(path)).map { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") ? $0 : "_" })
        let folder = FilePath.join(FilePath.join(FilePath.directory(chats), "subagents"), id)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        var found: [(agent: QwenAgent, created: String)] = []
        for name in names.sorted() where name.hasPrefix("agent-") && name.hasSuffix(".jsonl") {
            let log = FilePath.join(folder, name)
            guard FileInput.isRegularFile(log) else { continue }
            let id = String(name.dropFirst("agent-".count).dropLast(".jsonl".count))
            var agent = QwenAgent(id: id, log: log)
            let meta = object(FilePath.join(folder, "agent-\(id).meta.json"))
            agent.type = meta.flatMap { InputProbe.string($0, "agentType") }
            agent.description = meta.flatMap { InputProbe.string($0, "description") }
            agent.toolUseID = meta.flatMap { InputProbe.string($0, "toolUseId") }
            agent.prompt = firstPrompt(log)
            found.append((agent, meta.flatMap { InputProbe.string($0, "createdAt") } ?? ""))
        }
        return found.enumerated().sorted { a, b in
            a.element.created != b.element.created ? a.element.created < b.element.created : a.offset < b.offset
        }.map(\.element.agent)
    }

    /// The JSON object in the small file at `path`, if it is one.
    static func object(_ path: String) -> JSONNode? {
        guard FileInput.isRegularFile(path), let head = FileInput.head(path: path, count: 1 << 20), head.whole,
            let node = try? JSONParser.parse(head.bytes), case .object = node.value
        else { return nil }
        return node
    }

    /// The text of the first `user` record of the log at `path`: the prompt the agent was given.
    static func firstPrompt(_ path: String) -> String? {
        guard let head = FileInput.head(path: path, count: 1 << 18) else { return nil }
        var ignored: [Diagnostic] = []
        var prompt: String?
        head.bytes.withUnsafeBufferPointer { bytes in
            SessionLog.objects(in: bytes, file: path, diagnostics: &ignored) { record, _ in
                guard prompt == nil, InputProbe.string(record, "type") == "user", case .array(let parts)? = record["message"]?["parts"]?.value else { return }
                prompt = parts.compactMap { InputProbe.string($0, "text") }.joined(separator: "\n")
            }
        }
        return prompt
    }
}
