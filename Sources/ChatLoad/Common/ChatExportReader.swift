import Foundation
import ChatModel

/// One format chatrender imports: how it is named, how it is recognised, and how it is read into
/// ``ImportedChat``s. Each format is one folder under `ChatLoad/` with one type conforming to
/// this protocol, and one row in ``ExportReaders/all``; nothing else in the program names it.
/// `--from NAME`, `--from auto`, `--help`, `docs/importers.md` and the messages that list the
/// formats are all made from that table.
package protocol ChatExportReader: Sendable {
    /// The name `--from` takes: lower-case, words joined by `-` ("claude-code").
    var name: String { get }
    /// The app or agent whose output this is, as people call it ("Claude Code"); the site index
    /// groups sessions under it.
    var title: String { get }
    /// What INPUT may be, for `--help` and docs/importers.md: one or two sentences.
    var inputHelp: String { get }
    /// What INPUT is called in messages ("Claude Code session").
    var inputNoun: String { get }
    /// The name of the copy made of standard input (`session.jsonl`): a reader may tell files
    /// apart by their names.
    var standardInputName: String { get }
    /// Whether INPUT may be a folder (an unzipped export, a folder of sessions).
    var readsFolders: Bool { get }

    /// How sure this reader is that `input` is its format, and what showed it; nil when it is not.
    /// Looks only at what the probe holds (names, first bytes, first records): it never reads an
    /// input whole, so `--from auto` stays quick on a log of gigabytes.
    func recognise(_ input: InputProbe) -> Recognition?

    /// Whether `path` renders as one page without a site index (one session, one API file).
    func rendersAlone(_ path: String) -> Bool

    /// Reads every conversation in `path`. Tolerant of what it does not know: an unknown record
    /// is a warning (one per kind, with a count), never a refusal of the whole input. Throws only
    /// when nothing can be read (no such file, not this format at all, no conversation in it).
    func read(_ path: String, options: ReadOptions) throws(DiagnosticError) -> ExportRead

    /// How to read the session log `path` as it grows (`render --watch`): each call makes a
    /// reader at the log's start (see ``LiveSession``). nil for a format whose files are not
    /// append-only logs, or a `path` that is not one session's log.
    func liveLog(_ path: String) -> (() -> any LiveSessionLog)?

    /// The parts of `path` a site reads apart, to read again only those that changed (see
    /// ``InputSource``); a default makes the whole input one.
    func sources(_ path: String) -> [InputSource]
    /// Reads one of ``sources(_:)``.
    func read(source: InputSource, options: ReadOptions) throws(DiagnosticError) -> ExportRead

    /// Where the agent keeps its sessions on a machine (see ``AgentHome``), for
    /// `chatrender agents` and `render --agents`; none for an export a person downloads.
    var homes: [AgentHome] { get }
}

extension ChatExportReader {
    /// An export has no place of its own on a machine.
    package var homes: [AgentHome] { [] }
}

/// How to read an input.
package struct ReadOptions: Sendable, Equatable {
    /// Keep system, developer and tool turns (shown as labelled replies).
    package var includeSystem: Bool = false

    package init(includeSystem: Bool = false) {
        self.includeSystem = includeSystem
    }
}

/// What a reader made of its input: the conversations in the order it found them, and warnings.
package struct ExportRead: Sendable {
    package var chats: [ImportedChat]
    package var warnings: [Diagnostic]

    package init(chats: [ImportedChat], warnings: [Diagnostic]) {
        self.chats = chats
        self.warnings = warnings
    }
}

/// A reader's answer to "is this yours?".
package struct Recognition: Sendable, Equatable {
    /// How sure, from 1 (a file name that fits, nothing more) to 100 (a record only this format
    /// writes). `--from auto` takes the surest reader; a tie goes to the one first in the table.
    package var confidence: Int
    /// What showed it, for `--from auto`'s messages ("first record is session_meta").
    package var evidence: String

    package init(_ confidence: Int, _ evidence: String) {
        self.confidence = max(1, min(100, confidence))
        self.evidence = evidence
    }

    /// A record or a name only this format writes.
    package static func certain(_ evidence: String) -> Recognition { Recognition(100, evidence) }
    /// The shape fits, and another format could have it too.
    package static func likely(_ evidence: String) -> Recognition { Recognition(60, evidence) }
    /// Only a name or a loose shape fits.
    package static func possible(_ evidence: String) -> Recognition { Recognition(20, evidence) }
}

/// A part of an input that a site reads on its own, so a run that finds it unchanged need not
/// read it again (see ``ChatExportReader/sources(_:)``): one session's log with its sub-agents'
/// logs, one task folder, one database.
package struct InputSource: Sendable, Equatable {
    /// What names it in the site's manifest and is handed to ``ChatExportReader/read(source:options:)``.
    package var path: String
    /// Every file whose change may change what it reads as: its fingerprint is theirs.
    package var files: [String]
    /// The reader of a part of a folder of several agents' sessions (its `--from` name); nil for
    /// the reader asked.
    package var reader: String?
    /// The agent its sessions are filed under, when not the reader's own title (Kilo Code's
    /// sessions, read by the opencode reader).
    package var agent: String?

    package init(path: String, files: [String], reader: String? = nil, agent: String? = nil) {
        self.path = path
        self.files = files
        self.reader = reader
        self.agent = agent
    }
}

extension ChatExportReader {
    /// How a site splits `path` into sources read apart: by default the whole input is one
    /// (every file in it, when it is a folder), read again whenever any of them changes.
    package func sources(_ path: String) -> [InputSource] {
        [InputSource(path: path, files: InputSource.files(under: path))]
    }

    /// Reads one of ``sources(_:)``: by default the input it names, as ``read(_:options:)`` does.
    package func read(source: InputSource, options: ReadOptions) throws(DiagnosticError) -> ExportRead {
        try read(source.path, options: options)
    }
}

extension InputSource {
    /// `path` itself when it is a file; every file under it (hidden ones aside), in name order,
    /// when it is a folder.
    package static func files(under path: String) -> [String] {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue else { return [path] }
        var found: [String] = []
        if let walk = FileManager.default.enumerator(atPath: path) {
            while let relative = walk.nextObject() as? String {
                guard !FilePath.lastComponent(relative).hasPrefix(".") else { continue }
                let full = FilePath.join(path, relative)
                var inner: ObjCBool = false
                if FileManager.default.fileExists(atPath: full, isDirectory: &inner), !inner.boolValue { found.append(full) }
            }
        }
        return found.sorted()
    }
}
