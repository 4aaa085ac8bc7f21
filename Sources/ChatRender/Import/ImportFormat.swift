import ChatLoad

/// A format chatrender imports, by the name `--from` takes: a row of ``ExportReaders/all``.
public struct ImportFormat: Sendable, Equatable {
    /// The name `--from` takes.
    public let name: String
    /// The agents found in their own places, for `render --agents` and a folder holding agents'
    /// homes (see ``AgentSurvey``); nil for any other input.
    package private(set) var agents: [FoundAgent]?

    /// Its reader: a row of the table, the reader of agents found in their places, or the reader
    /// of a folder of several agents' sessions.
    package var reader: any ChatExportReader {
        if let agents { return AgentHomesReader(agents) }
        return ExportReaders.named(name) ?? ExportReaders.mixed
    }

    /// The format of the sessions of `agents`, each read by its own reader.
    package init(agents: [FoundAgent]) {
        name = "agents"
        self.agents = agents
    }

    package init(reader: any ChatExportReader) {
        name = reader.name
    }

    /// The format called `name` (in any case); nil when there is none.
    public init?(name: String) {
        guard let reader = ExportReaders.named(name) else { return nil }
        self.name = reader.name
    }

    /// Every format, in the order help and messages list them.
    package static var all: [ImportFormat] { ExportReaders.all.map(ImportFormat.init(reader:)) }

    /// "chatgpt, openai, anthropic, claude-ai or claude-code", for messages.
    package static var spokenList: String { ExportReaders.spokenList }

    /// `--from auto`: the format of the input at `path`, or what it looks like when no reader knows it.
    package static func detect(_ path: String) -> FormatDetection {
        detect(InputProbe(path))
    }

    package static func detect(_ probe: InputProbe) -> FormatDetection {
        // A folder whose folders are several agents' is read whole, each folder by its reader.
        if probe.kind == .folder, let mixed = ExportReaders.mixed.recognise(probe) {
            return .format(ImportFormat(reader: ExportReaders.mixed), evidence: mixed.evidence)
        }
        let best = ExportReaders.candidates(probe).first
        // A copy of a home folder, or an agent's own folder (`~/.claude`, whose sessions are in
        // `projects/` beside its settings): the agents found in their places in it, when they are
        // more than one reader's, or when no reader knows the folder as a whole.
        if probe.kind == .folder {
            let found = AgentSurvey.within(probe.path)
            let readers = Set(found.map(\.reader))
            if readers.count > 1 || (!found.isEmpty && (best == nil || best!.recognition.confidence < 60 || !readers.contains(best!.reader.name))) {
                let names = found.map { "\($0.title) (\(FilePath.lastComponent($0.folder)))" }
                return .format(ImportFormat(agents: found), evidence: "it holds agents' sessions in their own places: " + names.joined(separator: ", "))
            }
        }
        if let best {
            return .format(ImportFormat(reader: best.reader), evidence: best.recognition.evidence)
        }
        return .unknown(description: probe.description)
    }
}

/// What `--from auto` made of an input.
package enum FormatDetection: Sendable, Equatable {
    /// The format that recognised it, and what showed it.
    case format(ImportFormat, evidence: String)
    /// No reader knows it; what it looks like.
    case unknown(description: String)
}
