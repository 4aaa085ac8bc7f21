import Foundation
import CPlatform
import ChatModel
import ChatLoad

/// What a site updated in place knows of how it was made: kept in the output itself
/// (``fileName``, and its entries' search texts in ``SiteSearchTexts/fileName``), never among
/// the agents' files; the only state there is. For each source of
/// the input (see ``InputSource``): its files' fingerprints and the index entries of its
/// conversations; for the site: what its pages depend on beyond their sources, and its search
/// shards' fingerprints. A manifest that cannot be read, or was made by another version or with
/// other settings, is not trusted: the site is made again whole.
struct SiteManifest: Codable {
    static let fileName = ".chatrender-site.json"
    /// This layout; another is a foreign manifest.
    static let layout = "chatrender site 1"

    var layout = SiteManifest.layout
    /// chatrender's version and build, the reader, the input and the options (see `SiteUpdate`).
    var settings: String
    /// The theme, templates, words and prices (``PreparedPage/fingerprint``).
    var style: String
    /// Each search shard's fingerprint, in order.
    var shards: [String]
    var sources: [Source]

    /// A file of a source as it was when read: compared without reading it.
    struct Stamp: Codable, Equatable {
        var path: String
        var size: Int64
        var modified: Int64
        var inode: UInt64

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

    /// One source: where it is, who reads it, its files, and what it read as.
    struct Source: Codable {
        var path: String
        var reader: String?
        var files: [Stamp]
        /// Its conversations' entries, their projects as the working folders the logs name.
        var entries: [Kept]
        /// Whether it could not be read (it is read again next time).
        var failed = false
    }

    /// A conversation's entry, with its project before the site named it (``ProjectNames``).
    struct Kept: Codable {
        var entry: ImportedEntry
        var folder: String?
    }

    /// The manifest of the site at `output`; nil when there is none to trust, with a warning
    /// when there was one that could not be read.
    static func load(_ output: String) -> (SiteManifest?, [Diagnostic]) {
        let path = FilePath.join(output, fileName)
        guard FileManager.default.fileExists(atPath: FilePath.join(output, ".chatrender")),
            let data = FileManager.default.contents(atPath: path)
        else { return (nil, []) }
        guard var manifest = try? JSONDecoder().decode(SiteManifest.self, from: data), manifest.layout == layout,
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
        }
        return (manifest, [])
    }

    /// A page's folder as ``ImportWriter/slug(_:)`` makes it: never a path out of the site.
    static func isSlug(_ text: String) -> Bool {
        !text.isEmpty && text.utf8.allSatisfy { ($0 >= 0x61 && $0 <= 0x7A) || ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x2D }
    }

    /// The manifest's JSON, its entries without their search texts (``SiteSearchTexts`` keeps
    /// them).
    func bytes() -> [UInt8] {
        var light = self
        for s in light.sources.indices {
            for e in light.sources[s].entries.indices { light.sources[s].entries[e].entry.summary.turns = [] }
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return (try? encoder.encode(light)).map { [UInt8]($0) } ?? []
    }

    /// The entries' search texts, for ``SiteSearchTexts/fileName``.
    func searchTexts() -> [UInt8] {
        SiteSearchTexts.bytes(sources.flatMap { $0.entries.map(\.entry) })
    }
}
