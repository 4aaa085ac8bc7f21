import Foundation
import ChatModel
import ChatSupport

/// OpenHands' conversations, in both layouts it has kept them in:
///
/// - the software agent SDK's (the CLI and the agent server): `~/.openhands/conversations/<id>/`
///   with `base_state.json` (the agent and its LLM, the workspace, `stats` of tokens and cost)
///   and `events/event-<nnnnn>-<event id>.json`, one event a file, in the order of `nnnnn`; the
///   agent server's `meta.json` beside them may hold a `title`;
/// - the first releases': `~/.openhands/sessions/<id>/` with `metadata.json` (`title`,
///   `llm_model`), `events/<n>.json`, one event a file (in the order of `n`, read as a number:
///   `10.json` comes after `9.json`), and `event_cache/<start>-<end>.json`, pages of copies of
///   the same events. The events are read from `events/`; a page of the cache is read only for
///   the events `events/` does not have (a session whose `events/` is gone, or has gaps), so
///   no event is counted twice.
///
/// INPUT is one conversation's folder (a page), or a folder of them (`conversations`,
/// `sessions`, or `~/.openhands` itself: a site, grouped by the folder the agent worked in).
package struct OpenHandsReader: ChatExportReader {
    package var name: String { "openhands" }
    package var title: String { "OpenHands" }
    package var inputHelp: String {
        "an OpenHands conversation (~/.openhands/conversations/ID, with base_state.json and events) or an older session "
            + "(~/.openhands/sessions/ID, with metadata.json and events), a folder of them, or ~/.openhands"
    }
    package var inputNoun: String { "OpenHands conversation" }
    package var standardInputName: String { "base_state.json" }
    package var readsFolders: Bool { true }

    package init() {}

    /// The largest event or state file read.
    static let maxFileSize = 256 << 20

    /// Whether `name` is the SDK's event file (`event-00012-<id>.json`); its number if so.
    static func sdkEventNumber(_ name: String) -> Int? {
        guard name.hasPrefix("event-"), name.hasSuffix(".json") else { return nil }
        let digits = name.dropFirst(6).prefix { $0.isASCII && $0.isNumber }
        return digits.count >= 5 ? Int(digits) : nil
    }

    /// Whether `name` is the older layout's event file (`12.json`); its number if so.
    static func legacyEventNumber(_ name: String) -> Int? {
        guard name.hasSuffix(".json") else { return nil }
        let stem = name.dropLast(5)
        guard !stem.isEmpty, stem.count <= 12, stem.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        return Int(stem)
    }

    package func recognise(_ input: InputProbe) -> Recognition? {
        switch input.kind {
        case .file:
            if input.name == "base_state.json", input.shape.has("agent"), input.shape.has("workspace") {
                return .certain("it is an OpenHands conversation's base_state.json")
            }
            return nil
        case .folder:
            let folders = Set(input.entries.map(FilePath.directory))
            for entry in input.entries {
                let name = FilePath.lastComponent(entry)
                let folder = FilePath.directory(entry)
                guard FilePath.lastComponent(folder) == "events" else { continue }
                let conversation = FilePath.directory(folder)
                let beside = { (file: String) in input.entries.contains(conversation.isEmpty || conversation == "." ? file : conversation + "/" + file) }
                if Self.sdkEventNumber(name) != nil, beside("base_state.json") {
                    return .certain("it holds an OpenHands conversation (base_state.json and events/event-…json)")
                }
                if Self.legacyEventNumber(name) != nil, beside("metadata.json") || folders.contains(where: { $0.hasSuffix("event_cache") }) {
                    return .certain("it holds an OpenHands session (metadata.json and events/N.json)")
                }
            }
            return nil
        case .zip, .missing:
            return nil
        }
    }

    package func rendersAlone(_ path: String) -> Bool { !SessionLog.isFolder(path) || Self.isConversation(path) }

    /// A conversation's own folder: it holds its events, its state, or the cache of its events.
    static func isConversation(_ path: String) -> Bool {
        ["base_state.json", "events", "event_cache"].contains { FileManager.default.fileExists(atPath: FilePath.join(path, $0)) }
    }

    package func read(_ path: String, options: ReadOptions) throws(DiagnosticError) -> ExportRead {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
            throw DiagnosticError(
                Diagnostic(
                    file: path, message: "no such file or folder; expected an OpenHands conversation (~/.openhands/conversations/ID) or a folder of them"),
                kind: .missingInput)
        }
        if !isFolder.boolValue || Self.isConversation(path) {
            let folder = isFolder.boolValue ? path : FilePath.directory(path)
            return try SessionLog.readAll([folder], site: false) { (folder) throws(DiagnosticError) in try Self.readConversation(folder) }
        }
        let folders = Self.conversations(in: path)
        guard !folders.isEmpty else {
            throw DiagnosticError(
                Diagnostic(
                    file: path, message: "no OpenHands conversations (ID/base_state.json and events/, or ID/events/N.json) in this folder or the folders in it"),
                kind: .missingInput)
        }
        return try SessionLog.readAll(folders, site: true) { (folder) throws(DiagnosticError) in try Self.readConversation(folder) }
    }

    /// Every conversation's folder under `folder`, in the order of their paths. A sub-agent's
    /// (under `subagents/`) is not a conversation of its own.
    static func conversations(in folder: String) -> [String] {
        guard let walker = FileManager.default.enumerator(atPath: folder) else { return [] }
        var found: Set<String> = []
        while let relative = walker.nextObject() as? String {
            let name = FilePath.lastComponent(relative)
            if name.hasPrefix(".") || name == "subagents" {
                walker.skipDescendants()
                continue
            }
            guard ["events", "event_cache", "base_state.json"].contains(name) else { continue }
            if name != "base_state.json" { walker.skipDescendants() }
            found.insert(FilePath.directory(FilePath.join(folder, relative)))
        }
        return found.sorted()
    }

    /// A JSON file of the conversation, or nil with a warning when it cannot be read (`quiet`:
    /// a last event still being written is skipped without one).
    static func json(_ path: String, what: String, quiet: Bool = false, into warnings: inout [Diagnostic]) -> JSONNode? {
        do throws(DiagnosticError) {
            let bytes = try FileInput.read(path: path, displayPath: path, limit: maxFileSize, what: what)
            return try ImportSource.parse(bytes: bytes, displayPath: path)
        } catch {
            if !quiet {
                warnings += error.diagnostics.map {
                    var d = $0; d.severity = .warning; d.message += "; it is left out"; return d
                }
            }
            return nil
        }
    }

    /// The files of `folder` whose names `number` gives a number, in the order of their numbers.
    static func numbered(_ folder: String, _ number: (String) -> Int?) -> [(number: Int, path: String)] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return names.compactMap { name in number(name).map { ($0, FilePath.join(folder, name)) } }.sorted { $0.number < $1.number }
    }

    /// One conversation, in whichever layout its folder holds.
    static func readConversation(_ folder: String) throws(DiagnosticError) -> (ImportedChat?, [Diagnostic]) {
        var warnings: [Diagnostic] = []
        let statePath = FilePath.join(folder, "base_state.json")
        let eventsFolder = FilePath.join(folder, "events")
        var session: OpenHandsSession
        var title: String?
        if FileManager.default.fileExists(atPath: statePath) {
            let state = try ImportSource.parse(path: statePath, displayPath: statePath, what: "OpenHands conversation state")
            guard case .object = state.value else {
                throw DiagnosticError(
                    Diagnostic(file: statePath, message: "expected an OpenHands conversation's state (a JSON object with agent and workspace)"))
            }
            session = readSDK(folder, state: state, warnings: &warnings)
            var meta: [Diagnostic] = []
            if let stored = json(FilePath.join(folder, "meta.json"), what: "OpenHands conversation", quiet: true, into: &meta) {
                title = InputProbe.string(stored, "title")
            }
        } else {
            var metadata: JSONNode?
            if FileManager.default.fileExists(atPath: FilePath.join(folder, "metadata.json")) {
                metadata = json(FilePath.join(folder, "metadata.json"), what: "OpenHands session metadata", into: &warnings)
            }
            session = OpenHandsSession(file: folder, cwd: nil)
            if let model = metadata.flatMap({ InputProbe.string($0, "llm_model") }) { session.log.useModel(model) }
            let events = legacyEvents(folder, into: &warnings)
            for event in events { session.read(legacy: event) }
            session.finishOpenDelegate()
            title = metadata.flatMap { InputProbe.string($0, "title") }
            if session.log.project == nil, let repository = metadata.flatMap({ InputProbe.string($0, "selected_repository") }), !repository.isEmpty {
                session.log.project = repository
            }
        }
        // OpenHands' default title ("Conversation 1a2b3") gives way to the first prompt.
        if let given = title, !given.isEmpty, !(given.hasPrefix("Conversation ") && given.split(separator: " ").count == 2) { session.log.title = given }
        session.log.freesAsTurnsAreMade = true
        let chat = session.chat(fallbackTitle: FilePath.lastComponent(folder))
        return (chat, warnings + session.log.diagnostics)
    }

    /// The older layout's events in order: `events/<n>.json`, and from `event_cache/` only the
    /// events `events/` lacks (see the reader's description).
    static func legacyEvents(_ folder: String, into warnings: inout [Diagnostic]) -> [JSONNode] {
        var events: [Int: JSONNode] = [:]
        let files = numbered(FilePath.join(folder, "events"), legacyEventNumber)
        for (index, file) in files.enumerated() {
            if let node = json(file.path, what: "OpenHands event", quiet: index == files.count - 1, into: &warnings) { events[file.number] = node }
        }
        let highest = files.last?.number ?? -1
        let complete = events.count == highest + 1
        if !complete || files.isEmpty {
            let pages = numbered(FilePath.join(folder, "event_cache")) { name in
                guard name.hasSuffix(".json"), let start = name.split(separator: "-").first else { return nil }
                return Int(start)
            }
            for page in pages {
                guard let node = json(page.path, what: "OpenHands event cache", into: &warnings), case .array(let list) = node.value else { continue }
                for (offset, event) in list.enumerated() {
                    let number = OpenHandsSession.number(event["id"]).flatMap { Int(exactly: $0) } ?? page.number + offset
                    if events[number] == nil { events[number] = event }
                }
            }
        }
        return events.keys.sorted().compactMap { events[$0] }
    }
}
