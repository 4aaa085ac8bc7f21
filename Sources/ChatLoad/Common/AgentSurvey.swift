import Foundation
import ChatModel
import ChatSupport
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One agent's sessions found on a machine: what `chatrender agents` prints a row of, and what
/// `render --agents` reads.
package struct FoundAgent: Sendable, Equatable {
    /// The agent as people call it ("Claude Code", "Roo Code").
    package var title: String
    /// The `--from` name of the reader that reads it.
    package var reader: String
    /// The folder its sessions are in (for an agent found in projects, the folder named with `--in`).
    package var folder: String
    /// What the reader is given: the folder, or each project folder holding a history.
    package var inputs: [String]
    /// How many sessions; nil when they are in a database, which is not opened to count them.
    package var sessions: Int?
    /// The bytes of the session files (databases included).
    package var bytes: Int64
    /// The newest session file's modification time, in seconds since 1970; nil when none.
    package var newest: Int?

    package init(title: String, reader: String, folder: String, inputs: [String], sessions: Int?, bytes: Int64, newest: Int?) {
        self.title = title
        self.reader = reader
        self.folder = folder
        self.inputs = inputs
        self.sessions = sessions
        self.bytes = bytes
        self.newest = newest
    }
}

/// Finds the agents' sessions on a machine, or in a folder given as INPUT, by names and file
/// status only: no session is opened (so a FIFO among them is never waited on), nothing is
/// written, and a home folder of thousands of sessions is counted in milliseconds.
package enum AgentSurvey {
    /// How deep a walk goes below an agent's sessions folder, and below a folder named with `--in`.
    static let depthLimit = 8
    static let projectDepthLimit = 6

    /// Every agent with sessions in its places on the machine `environment` describes, and in
    /// the project folders under `projects` (Aider, Crush), in the order of the readers' table.
    package static func find(
        in environment: AgentEnvironment, projects: [String] = [], readers: [any ChatExportReader] = ExportReaders.all
    ) -> [FoundAgent] {
        var found: [FoundAgent] = []
        var seen: Set<String> = []
        for reader in readers {
            for home in reader.homes {
                if home.base == .projects {
                    for root in projects {
                        if let agent = survey(projectsUnder: root, home: home, reader: reader), seen.insert(home.path + "\u{0}" + root).inserted {
                            found.append(agent)
                        }
                    }
                    continue
                }
                for folder in home.folders(in: environment) {
                    guard !seen.contains(folder), let agent = survey(folder, home: home, reader: reader) else { continue }
                    seen.insert(folder)
                    found.append(agent)
                }
            }
        }
        return found
    }

    /// The agents whose sessions are in `root`, a folder given as INPUT: a copy of a home folder
    /// (`root/.codex/sessions`), an agent's own folder (`~/.claude`, whose sessions are in
    /// `projects/`), or a folder between the two (`~/.config/Code/User`). An agent's folder found
    /// by a part of its path only counts when its reader is the surest of what is in it.
    package static func within(_ root: String, system: AgentEnvironment.System = .current) -> [FoundAgent] {
        var found: [FoundAgent] = []
        var seen: Set<String> = []
        for reader in ExportReaders.all {
            for home in reader.homes where home.base != .projects {
                for candidate in candidates(root, home: home, system: system) {
                    guard !seen.contains(candidate.folder), let agent = survey(candidate.folder, home: home, reader: reader) else { continue }
                    if candidate.partial {
                        // Found by a part of its path only (`tmp` of `.qwen`, which Gemini CLI's
                        // path also ends in): its reader must be the one surest it is its own.
                        guard let best = ExportReaders.candidates(InputProbe(candidate.folder)).first, best.reader.name == reader.name,
                            best.recognition.confidence >= 60
                        else { continue }
                    }
                    seen.insert(candidate.folder)
                    found.append(agent)
                }
            }
        }
        return found
    }

    /// Where `home`'s sessions would be under `root`: as a home folder's copy (on either system),
    /// then with each shorter end of its path (`agent/sessions`, `sessions` for `.pi/agent`).
    static func candidates(_ root: String, home: AgentHome, system: AgentEnvironment.System) -> [(folder: String, partial: Bool)] {
        var result: [(String, Bool)] = []
        for system in [system, system == .linux ? .macOS : .linux] {
            result += home.folders(in: AgentEnvironment(home: root, system: system)).map { ($0, false) }
        }
        for path in home.paths {
            let parts = path.split(separator: "/")
            for drop in 1...parts.count {
                let rest = parts.dropFirst(drop).joined(separator: "/")
                var folder = rest.isEmpty ? root : FilePath.join(root, rest)
                if !home.sessions.isEmpty { folder = FilePath.join(folder, home.sessions) }
                result.append((folder, true))
            }
        }
        var unique: [(folder: String, partial: Bool)] = []
        for item in result where !unique.contains(where: { $0.folder == item.0 }) { unique.append(item) }
        return unique
    }

    /// The sessions in `folder` (a folder, or one database file), counted by `home`'s rule; nil
    /// when there is none.
    static func survey(_ folder: String, home: AgentHome, reader: any ChatExportReader) -> FoundAgent? {
        guard let kind = PathStatus(folder, follow: true) else { return nil }
        var tally = Tally()
        if kind.isFolder {
            walk(folder, parts: [], depth: 0, home: home, into: &tally)
        } else if kind.isRegular {
            tally.add(home.session([Substring(FilePath.lastComponent(folder))]), status: kind)
        }
        guard tally.any else { return nil }
        return FoundAgent(
            title: home.title ?? reader.title, reader: reader.name, folder: folder, inputs: [folder],
            sessions: tally.database ? nil : tally.keys.count, bytes: tally.bytes, newest: tally.newest)
    }

    /// The projects under `root` holding `home.path` (`.aider.chat.history.md`): each project is
    /// read, and the row is `root`'s. Hidden folders and dependencies are passed over.
    static func survey(projectsUnder root: String, home: AgentHome, reader: any ChatExportReader) -> FoundAgent? {
        guard let status = PathStatus(root, follow: true), status.isFolder else { return nil }
        var tally = Tally()
        var inputs: [String] = []
        var queue: [(String, Int)] = [(root, 0)]
        while !queue.isEmpty {
            let (folder, depth) = queue.removeFirst()
            let file = FilePath.join(folder, home.path)
            if let found = PathStatus(file, follow: false), found.isRegular {
                tally.add(home.session(home.path.split(separator: "/")).map { $0 == .database ? .database : .session(file) }, status: found)
                inputs.append(folder)
            }
            guard depth < projectDepthLimit else { continue }
            for name in names(in: folder) where !name.hasPrefix(".") && name != "node_modules" {
                let path = FilePath.join(folder, name)
                if let status = PathStatus(path, follow: false), status.isFolder { queue.append((path, depth + 1)) }
            }
        }
        guard tally.any else { return nil }
        return FoundAgent(
            title: home.title ?? reader.title, reader: reader.name, folder: root, inputs: inputs,
            sessions: tally.database ? nil : tally.keys.count, bytes: tally.bytes, newest: tally.newest)
    }

    /// Every file below `folder` put to `home`'s rule; links to folders are not followed (a
    /// loop costs nothing), links to files are, and anything else (a FIFO, a socket) is passed.
    private static func walk(_ folder: String, parts: [Substring], depth: Int, home: AgentHome, into tally: inout Tally) {
        for name in names(in: folder) {
            let path = FilePath.join(folder, name)
            guard let status = PathStatus(path, follow: false) else { continue }
            let here = parts + [Substring(name)]
            if status.isFolder {
                if depth < depthLimit { walk(path, parts: here, depth: depth + 1, home: home, into: &tally) }
            } else if status.isLink {
                if let target = PathStatus(path, follow: true), target.isRegular { tally.add(home.session(here), status: target) }
            } else if status.isRegular {
                tally.add(home.session(here), status: status)
            }
        }
    }

    private static func names(in folder: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
    }

    /// What a walk has counted.
    private struct Tally {
        var keys: Set<String> = []
        var database = false
        var bytes: Int64 = 0
        var newest: Int?

        var any: Bool { database || !keys.isEmpty }

        mutating func add(_ file: AgentHome.SessionFile?, status: PathStatus) {
            guard let file else { return }
            switch file {
            case .session(let key): keys.insert(key)
            case .database: database = true
            }
            bytes += status.size
            newest = max(newest ?? status.modified, status.modified)
        }
    }
}

/// A path's type, size and modification time, from `lstat` (or `stat` to follow a link): the
/// file is never opened.
struct PathStatus {
    let mode: mode_t
    let size: Int64
    let modified: Int

    init?(_ path: String, follow: Bool) {
        var info = stat()
        guard (follow ? stat(path, &info) : lstat(path, &info)) == 0 else { return nil }
        mode = info.st_mode & S_IFMT
        size = Int64(info.st_size)
        #if canImport(Darwin)
        modified = Int(info.st_mtimespec.tv_sec)
        #else
        modified = Int(info.st_mtim.tv_sec)
        #endif
    }

    var isFolder: Bool { mode == S_IFDIR }
    var isRegular: Bool { mode == S_IFREG }
    var isLink: Bool { mode == S_IFLNK }
}
