import Foundation
import ChatModel
import ChatSupport

/// The SDK's layout: a conversation's events and state, and the sub-agents it started. A
/// sub-agent the `task` or `delegate` tool started is a conversation of its own under the
/// caller's `subagents/<id>/` (its `base_state.json` and `events/`), sent the task as its first
/// message: it is nested at the call whose `prompt` (a `TaskAction`'s) or one of whose `tasks`
/// (a `DelegateAction`'s) is that message. One no call names is nested after the last reply.
extension OpenHandsReader {
    /// The conversation of `folder`, whose state is `state`, with its sub-agents nested.
    static func readSDK(_ folder: String, state: JSONNode, warnings: inout [Diagnostic], depth: Int = 0) -> OpenHandsSession {
        let cwd = state["workspace"].flatMap { InputProbe.string($0, "working_dir") }
        var session = OpenHandsSession(file: folder, cwd: cwd)
        session.log.project = cwd
        if let model = state["agent"]?["llm"].flatMap({ InputProbe.string($0, "model") }) { session.log.useModel(model) }
        let events = numbered(FilePath.join(folder, "events"), sdkEventNumber)
        for (index, event) in events.enumerated() {
            let last = index == events.count - 1
            if let node = json(event.path, what: "OpenHands event", quiet: last, into: &warnings) { session.read(event: node) }
        }
        session.readStats(state["stats"])
        // Sub-agents nest no deeper than a page can show.
        guard depth < 8 else { return session }
        let subagents = FilePath.join(folder, "subagents")
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: subagents)) ?? []).filter { !$0.hasPrefix(".") }.sorted()
        for name in names {
            let childFolder = FilePath.join(subagents, name)
            let statePath = FilePath.join(childFolder, "base_state.json")
            guard FileManager.default.fileExists(atPath: statePath), let childState = json(statePath, what: "OpenHands sub-agent's state", into: &warnings)
            else { continue }
            var child = readSDK(childFolder, state: childState, warnings: &warnings, depth: depth + 1)
            nest(&child, id: name, into: &session)
        }
        return session
    }

    /// `child`'s turns as a transcript at the call that sent it its first message.
    static func nest(_ child: inout OpenHandsSession, id: String, into session: inout OpenHandsSession) {
        let prompt = child.log.firstPrompt ?? ""
        let found = session.log.calls.first { _, call in
            guard let input = call.input else { return false }
            if InputProbe.string(input, "prompt") == prompt { return true }
            if case .object(let tasks)? = input["tasks"]?.value { return tasks.contains { $0.node.value == .string(prompt) } }
            return false
        }
        let turns = child.turns()
        session.log.diagnostics += child.log.diagnostics
        session.log.adopt(child.log)
        guard !turns.isEmpty else { return }
        let input = found?.value.input
        var kind = input.flatMap { InputProbe.string($0, "subagent_type") }
        if kind == nil, case .object(let tasks)? = input?["tasks"]?.value { kind = tasks.first { $0.node.value == .string(prompt) }?.key }
        let task = input.flatMap { InputProbe.string($0, "description") } ?? TitleWords.of(prompt)
        let messages = SubAgentTranscript.messages(turns, prefix: "s-" + id, caller: "OpenHands", kind: kind)
        let transcript = SubAgentTranscript.make(messages, kind: kind, task: task)
        if let callID = found?.key {
            session.log.calls[callID]?.transcripts.append(transcript)
        } else {
            session.log.reply(.transcript(transcript))
        }
    }
}
