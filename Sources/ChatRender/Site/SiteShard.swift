import Foundation
import ChatModel
import ChatSupport
import ChatOutput

/// `render … --shard K/N`: a deterministic slice of a site, for running one export on several
/// machines. Every shard reads the whole export and writes the whole site's index, search shards
/// and shared files (cheap, and the same in every shard), but only the pages of its slice: the
/// conversations at positions K-1, K-1+N, K-1+2N, … of the index (newest first), so each shard
/// gets a like share of every period. `chatrender site merge` (``SiteMerge``) joins the N folders
/// into the site one render would have made, byte for byte.
package struct SiteShard: Sendable, Equatable {
    /// 1-based.
    package var index: Int
    package var count: Int

    package init(index: Int, count: Int) {
        self.index = index
        self.count = count
    }

    /// `K/N` with 1 ≤ K ≤ N ≤ 10,000; nil otherwise.
    package init?(parsing text: String) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let k = Int(parts[0]), let n = Int(parts[1]), n >= 1, n <= 10_000, k >= 1, k <= n else { return nil }
        self.init(index: k, count: n)
    }

    /// Whether the conversation at `position` of the index (0-based, newest first) is this shard's.
    package func holds(_ position: Int) -> Bool { position % count == index - 1 }

    /// The file in a shard's folder that says which slice it holds.
    static let fileName = "shard.json"

    /// `shard.json`: the slice and the pages in it, for ``SiteMerge`` to check.
    func manifest(pages: [String], total: Int) -> [UInt8] {
        let list = pages.map { JSONQuote.quote($0) }.joined(separator: ",\n    ")
        return Array("{\n  \"chatrenderShard\": \(index),\n  \"of\": \(count),\n  \"conversations\": \(total),\n  \"pages\": [\n    \(list)\n  ]\n}\n".utf8)
    }
}

/// `chatrender site merge SHARD… --out SITE`: the folders of `render --shard K/N` (all N of one
/// export, rendered with the same options) joined into one site, exactly as one render would
/// have made it. Checked first: every shard present once, the same index, search and shared files
/// in each (else they came from different exports or options), every page in exactly one shard,
/// every conversation of the index present. The site is made in a staging folder and replaces
/// `--out` in one step; nothing is written when a check fails.
package enum SiteMerge {
    package struct Result: Sendable {
        package var outputDirectory: String
        package var pages: Int
        package var shards: Int
    }

    package static func merge(_ folders: [String], into destination: String) throws(DiagnosticError) -> Result {
        func problem(_ file: String, _ message: String) -> DiagnosticError {
            DiagnosticError(Diagnostic(file: file, message: message), kind: .badData)
        }
        struct Shard { var folder: String; var index: Int; var count: Int; var total: Int; var pages: [String] }
        var shards: [Shard] = []
        for folder in folders {
            let path = FilePath.join(folder, SiteShard.fileName)
            guard let data = FileManager.default.contents(atPath: path) else {
                throw DiagnosticError(
                    Diagnostic(file: folder, message: "has no \(SiteShard.fileName); expected the output folder of render --shard K/N"), kind: .missingInput)
            }
            let root: JSONNode
            do { root = try JSONParser.parse(Array(data)) } catch {
                throw DiagnosticError(
                    Diagnostic(file: path, location: SourceLocation(line: error.line, column: error.column), message: error.message), kind: .badData)
            }
            func integer(_ key: String) throws(DiagnosticError) -> Int {
                guard case .number(_, let value?)? = root[key]?.value, value >= 0, value <= 1_000_000_000 else {
                    throw problem(path, "\(key): expected a whole number")
                }
                return Int(value)
            }
            var pages: [String] = []
            guard case .array(let items)? = root["pages"]?.value else { throw problem(path, "pages: expected an array of page folders") }
            for (n, item) in items.enumerated() {
                guard case .string(let slug) = item.value, !slug.isEmpty,
                    slug.unicodeScalars.allSatisfy({ ($0 >= "a" && $0 <= "z") || ($0 >= "0" && $0 <= "9") || $0 == "-" })
                else {
                    throw problem(path, "pages[\(n)]: expected a page folder's name (a-z, 0-9 and -)")
                }
                pages.append(slug)
            }
            shards.append(
                Shard(folder: folder, index: try integer("chatrenderShard"), count: try integer("of"), total: try integer("conversations"), pages: pages))
        }
        guard let first = shards.first else { throw DiagnosticError(Diagnostic(file: destination, message: "no shards to merge"), kind: .usage) }
        for shard in shards where shard.count != first.count || shard.total != first.total {
            throw problem(
                shard.folder,
                "is shard \(shard.index) of \(shard.count) with \(shard.total) conversations, but \(first.folder) is of \(first.count) with \(first.total); expected the shards of one render"
            )
        }
        var seen: [Int: String] = [:]
        for shard in shards {
            if let other = seen[shard.index] { throw problem(shard.folder, "is shard \(shard.index) of \(shard.count), like \(other)") }
            seen[shard.index] = shard.folder
        }
        let missing = (1...first.count).filter { seen[$0] == nil }
        guard missing.isEmpty else {
            throw DiagnosticError(
                Diagnostic(
                    file: first.folder,
                    message:
                        "shard\(missing.count == 1 ? "" : "s") \(missing.map(String.init).joined(separator: ", ")) of \(first.count) missing; expected every shard's folder"
                ), kind: .missingInput)
        }
        // Every page in one shard only, and all of the index's conversations.
        var owner: [String: String] = [:]
        for shard in shards {
            for page in shard.pages {
                if let other = owner[page] { throw problem(shard.folder, "holds the page \(page)/, as does \(other); expected each page in one shard") }
                owner[page] = shard.folder
            }
        }
        guard owner.count == first.total else {
            throw problem(first.folder, "the shards hold \(owner.count) pages of the site's \(first.total) conversations; expected all")
        }
        // The site's own files: the same in every shard (the first shard's read once).
        let pageSet = Set(owner.keys)
        func siteFiles(_ shard: Shard) -> [String] {
            regularFiles(under: shard.folder).filter { relative in
                !pageSet.contains(String(relative.split(separator: "/").first ?? "")) && relative != SiteShard.fileName && relative != OutputWriter.marker
            }
        }
        let shared = siteFiles(first)
        guard shared.contains("index.html") else { throw problem(first.folder, "has no index.html; expected the output folder of render --shard K/N") }
        let reference = shared.map { FileManager.default.contents(atPath: FilePath.join(first.folder, $0)) }
        for shard in shards.dropFirst() {
            let files = siteFiles(shard)
            guard files == shared else {
                let differing = Set(files).symmetricDifference(shared).sorted().first ?? "?"
                throw problem(
                    shard.folder, "holds other site files than \(first.folder) (\(differing)); expected shards rendered from one export with the same options")
            }
            for (file, bytes) in zip(files, reference) where FileManager.default.contents(atPath: FilePath.join(shard.folder, file)) != bytes {
                throw problem(
                    FilePath.join(shard.folder, file),
                    "differs from \(FilePath.join(first.folder, file)); expected shards rendered from one export with the same options (--theme, --templates, --locale, --time-zone)"
                )
            }
        }
        let output = try StagingFolder(replacing: destination, durability: .atCommit)
        do throws(DiagnosticError) {
            for file in shared { try output.copy(FilePath.join(first.folder, file), to: file) }
            for shard in shards {
                for page in shard.pages {
                    let folder = FilePath.join(shard.folder, page)
                    let files = regularFiles(under: folder)
                    if files.isEmpty { throw problem(folder, "is missing or empty; expected the page of \(page)") }
                    for relative in files { try output.copy(FilePath.join(folder, relative), to: FilePath.join(page, relative)) }
                }
            }
            try output.commit()
        } catch {
            output.discard()
            throw error
        }
        return Result(outputDirectory: output.destination, pages: owner.count, shards: shards.count)
    }

    /// The regular files under `folder` (paths relative to it), sorted; none when it is missing.
    static func regularFiles(under folder: String) -> [String] {
        var files: [String] = []
        let walk = FileManager.default.enumerator(atPath: folder)
        while let relative = walk?.nextObject() as? String {
            if walk?.fileAttributes?[.type] as? FileAttributeType == .typeRegular { files.append(relative) }
        }
        return files.sorted()
    }
}
