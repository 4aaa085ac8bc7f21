import ChatModel
import ChatSupport

/// A compaction is an API call of its own: Claude Code 2.1 runs it as a sub-agent whose log,
/// `<session>/subagents/agent-acompact-<id>.jsonl`, is the only record of its tokens (the session's
/// `compact_boundary` line says how big the conversation was, not what summing it up cost).
///
/// Such a log starts with the session's messages the compaction was given, copied with their
/// API message ids, and ends with the request to sum up and the reply. Only the reply is new:
/// the log is read from its end, and the walk stops at the first message the session counted
/// already.
extension ClaudeCodeSession {
    /// Adds each compaction log's own replies to the session's token usage (and a model only
    /// they used to its models).
    mutating func addCompactionUsage() {
        guard depth == 0, let sessionPath else { return }
        for log in ClaudeCodeSource.compactionLogs(sessionPath: sessionPath) {
            guard let bytes = try? FileInput.read(path: log, displayPath: log, limit: ClaudeCodeSource.maxFileSize, what: "compaction log") else { continue }
            addCompactionUsage(bytes, name: FilePath.lastComponent(log))
        }
    }

    /// ``addCompactionUsage()`` for one log's bytes; `name` keys a reply that has no message id.
    mutating func addCompactionUsage(_ bytes: [UInt8], name: String) {
        var found: [(key: String, message: JSONNode, line: Int)] = []
        var keys: Set<String> = []
        var end = bytes.count
        var number = bytes.reduce(into: 1) { if $1 == 0x0A { $0 += 1 } }
        walk: while end > 0 {
            var start = end
            while start > 0 && bytes[start - 1] != 0x0A { start -= 1 }
            defer { end = start - 1; number -= 1 }
            guard start < end, let node = try? JSONParser.parse(Array(bytes[start..<end])),
                ImportSource.string(node["type"]) == "assistant", let message = node["message"]
            else { continue }
            let key = ImportSource.string(message["id"]) ?? "\(name) line \(number)"
            if usage[key] != nil && !compactionIDs.contains(key) { break walk }
            // From the end, the first line met of a message is its last, with the final counts.
            if keys.insert(key).inserted { found.append((key, message, number)) }
        }
        for (key, message, line) in found.reversed() {
            compactionIDs.insert(key)
            noteUsage(message, key: key, line: line)
            if let model = ImportSource.string(message["model"]), !model.isEmpty, model != "<synthetic>", !log.models.contains(model) {
                log.models.append(model)
            }
        }
    }
}
