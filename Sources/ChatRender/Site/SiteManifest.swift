import Foundation
import CPlatform
import ChatModel
import ChatLoad
import ChatAssets

/// What a site updated in place knows of how it was made: kept in the output itself
/// (``fileName``: a line of JSON for the site, then one for each source; its entries' search
/// texts in ``SiteSearchTexts/fileName``), never among the agents' files; the only state there is. For each source of
/// the input (see ``InputSource``): its files' fingerprints and the index entries of its
/// conversations; for the site: what its pages depend on beyond their sources, and its search
/// shards' fingerprints. A manifest that cannot be read, or was made by another version or with
/// other settings, is not trusted: the site is made again whole.
struct SiteManifest: Sendable {
    static let fileName = ".chatrender-site.json"
    /// This layout; another is a foreign manifest.
    static let layout = "chatrender site 2"

    var layout = SiteManifest.layout
    /// chatrender's version and build, the reader, the input and the options (see `SiteUpdate`).
    var settings: String
    /// The theme, templates, words and prices (``PreparedPage/fingerprint``).
    var style: String
    /// Each search shard's fingerprint, in order.
    var shards: [String]
    var sources: [Source]

    /// A file of a source as it was when read: compared without reading it.
    struct Stamp: Codable, Equatable, Sendable {
        var path: String
        var size: Int64
        var modified: Int64
        var inode: UInt64
        /// Its bytes' content hash when it was read, looked at only when the rest differs.
        var hash: String? = nil

        /// Whether `old` and `new` are the same files with the same size, modification time
        /// and inode.
        static func same(_ old: [Stamp], _ new: [Stamp]) -> Bool {
            old.count == new.count
                && zip(old, new).allSatisfy { $0.path == $1.path && $0.size == $1.size && $0.modified == $1.modified && $0.inode == $1.inode }
        }

        /// `found` (each file's path and stamp now) as it is to be recorded when every file
        /// that differs from `old` other than in size still has the bytes it had (its content
        /// hash is the one recorded); nil when one does not, or cannot be read.
        static func sameContent(_ old: [Stamp], _ found: [(file: String, stamp: Stamp)]) -> [Stamp]? {
            guard old.count == found.count else { return nil }
            var stamps: [Stamp] = []
            for (was, now) in zip(old, found) {
                guard was.path == now.stamp.path, was.size == now.stamp.size, let hash = was.hash else { return nil }
                if was.modified != now.stamp.modified || was.inode != now.stamp.inode {
                    guard SiteManifest.contentHash(now.file) == hash else { return nil }
                }
                var stamp = now.stamp
                stamp.hash = hash
                stamps.append(stamp)
            }
            return stamps
        }

        /// The file at `path` now; nil when it is missing.
        init?(path: String) {
            var info = stat()
            guard stat(path, &info) == 0 else { return nil }
            self.path = path
            size = Int64(info.st_size)
            #if canImport(Darwin)
            modified = Int64(info.st_mtimespec.tv_sec) * 1_000_000_000 + Int64(info.st_mtimespec.tv_nsec)
            #else
            modified = Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec)
            #endif
            inode = UInt64(info.st_ino)
        }
    }

    /// The first line of the file: what the site as a whole was made with.
    private struct Header: Codable {
        var layout: String
        var settings: String
        var style: String
        var shards: [String]
    }

    /// One source: where it is, who reads it, its files, and what it read as. One line of the
    /// file each, so that a source that did not change is written again as the bytes it was
    /// read from (``line``): encoding every source's JSON again was a third of a re-run.
    struct Source: Codable, Sendable {
        enum CodingKeys: String, CodingKey { case path, reader, files, entries, failed }
        var path: String
        var reader: String?
        var files: [Stamp]
        /// Its conversations' entries, their projects as the working folders the logs name.
        var entries: [Kept]
        /// Whether it could not be read (it is read again next time).
        var failed = false
        /// Its line in the manifest it was read from, and what it read as then.
        var line: (bytes: ArraySlice<UInt8>, files: [Stamp], entries: [Kept])? = nil

        init(path: String, reader: String?, files: [Stamp], entries: [Kept], failed: Bool = false) {
            self.path = path
            self.reader = reader
            self.files = files
            self.entries = entries
            self.failed = failed
        }
    }

    /// A conversation's entry, with its project before the site named it (``ProjectNames``).
    struct Kept: Codable, Sendable, Equatable {
        var entry: ImportedEntry
        var folder: String?
    }

    /// The content hash of the regular file at `path` (the one a photo's source is named by,
    /// ``SourceDigester``); nil when it is not a regular file (a FIFO is never waited on) or
    /// cannot be read.
    static func contentHash(_ path: String) -> String? {
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
        return try? SourceDigester.hash(descriptor: fd)
    }

    /// What ``load(_:)`` found, to be handed from the thread that read it.
    struct Loaded: Sendable {
        var manifest: SiteManifest?
        var warnings: [Diagnostic]

        init(_ found: (SiteManifest?, [Diagnostic])) {
            (manifest, warnings) = found
        }
    }

    /// The manifest of the site at `output`; nil when there is none to trust, with a warning
    /// when there was one that could not be read.
    static func load(_ output: String) -> (SiteManifest?, [Diagnostic]) {
        let path = FilePath.join(output, fileName)
        guard FileManager.default.fileExists(atPath: FilePath.join(output, ".chatrender")),
            let data = FileManager.default.contents(atPath: path)
        else { return (nil, []) }
        guard var manifest = decode([UInt8](data)),
            manifest.sources.allSatisfy({ $0.entries.allSatisfy { $0.entry.messageCount >= 0 && isSlug($0.entry.slug) } })
        else {
            return (nil, [Diagnostic(.warning, file: path, message: "is not a site manifest this chatrender can read; the site is made again whole")])
        }
        // The entries' search texts, kept apart (``SiteSearchTexts``).
        let textsPath = FilePath.join(output, SiteSearchTexts.fileName)
        guard let textsData = FileManager.default.contents(atPath: textsPath), let texts = SiteSearchTexts.read([UInt8](textsData)),
            manifest.sources.allSatisfy({ $0.entries.allSatisfy { texts[$0.entry.slug] != nil } })
        else {
            return (
                nil, [Diagnostic(.warning, file: textsPath, message: "is not a site's search texts this chatrender can read; the site is made again whole")]
            )
        }
        for s in manifest.sources.indices {
            for e in manifest.sources[s].entries.indices {
                manifest.sources[s].entries[e].entry.summary.turns = texts[manifest.sources[s].entries[e].entry.slug] ?? []
            }
            let entries = manifest.sources[s].entries
            manifest.sources[s].line?.entries = entries
        }
        return (manifest, [])
    }

    init(settings: String, style: String, shards: [String], sources: [Source]) {
        self.settings = settings
        self.style = style
        self.shards = shards
        self.sources = sources
    }

    /// The manifest in `bytes`: its header line, then a line a source; nil when any line is
    /// not what this version writes.
    private static func decode(_ bytes: [UInt8]) -> SiteManifest? {
        let lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: true)
        let decoder = JSONDecoder()
        guard let first = lines.first, let header = try? decoder.decode(Header.self, from: Data(first)), header.layout == layout else { return nil }
        var sources: [Source] = []
        sources.reserveCapacity(lines.count - 1)
        for line in lines.dropFirst() {
            guard var source = try? decoder.decode(Source.self, from: Data(line)) else { return nil }
            source.line = (line, source.files, [])
            sources.append(source)
        }
        return SiteManifest(settings: header.settings, style: header.style, shards: header.shards, sources: sources)
    }

    /// A page's folder as ``ImportWriter/slug(_:)`` makes it: never a path out of the site.
    static func isSlug(_ text: String) -> Bool {
        !text.isEmpty && text.utf8.allSatisfy { ($0 >= 0x61 && $0 <= 0x7A) || ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x2D }
    }

    /// The manifest's JSON, its entries without their search texts (``SiteSearchTexts`` keeps
    /// them).
    /// A source whose files and entries are those it was read with is its line as it was.
    func bytes() -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        var out = (try? encoder.encode(Header(layout: layout, settings: settings, style: style, shards: shards))).map { [UInt8]($0) } ?? []
        out.append(0x0A)
        for source in sources {
            if let line = source.line, line.files == source.files, line.entries == source.entries {
                out.append(contentsOf: line.bytes)
            } else {
                var light = source
                light.line = nil
                for e in light.entries.indices { light.entries[e].entry.summary.turns = [] }
                // JSON escapes a line break inside a string: one source is one line.
                out.append(contentsOf: (try? encoder.encode(light)).map { [UInt8]($0) } ?? [])
            }
            out.append(0x0A)
        }
        return out
    }

    /// The entries' search texts, for ``SiteSearchTexts/fileName``.
    func searchTexts() -> [UInt8] {
        SiteSearchTexts.bytes(sources.flatMap { $0.entries.map(\.entry) })
    }
}
