import ChatLoad

/// A format chatrender imports, by the name `--from` takes: a row of ``ExportReaders/all``.
public struct ImportFormat: Sendable, Equatable {
    /// The name `--from` takes.
    public let name: String

    /// Its reader: a row of the table, or the reader of a folder of several agents' sessions.
    package var reader: any ChatExportReader { ExportReaders.named(name) ?? ExportReaders.mixed }

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
        if let best = ExportReaders.candidates(probe).first {
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
