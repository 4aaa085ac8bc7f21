import Foundation
import ChatModel
import ChatOutput

/// What a rendered page's assets were, without the assets: one line per file with its path
/// relative to the output folder, its size and its SHA-256. Stored as `assets.txt` in a snapshot,
/// since images are big and their names already follow from their sources.
package struct AssetManifest: Sendable, Equatable {
    /// One file of the output.
    package struct Entry: Sendable, Equatable {
        package var path: String
        package var size: Int
        /// Lowercase hex.
        package var sha256: String

        package init(path: String, size: Int, sha256: String) {
            self.path = path
            self.size = size
            self.sha256 = sha256
        }
    }

    /// Sorted by path.
    package var entries: [Entry]

    package init(entries: [Entry]) {
        self.entries = entries.sorted { $0.path.utf8.lexicographicallyPrecedes($1.path.utf8) }
    }

    /// Every file under `folder` except the page itself and hidden files (chatrender's marker and
    /// caches such as `assets/.sources`, which depend on the machine, not on the page), hashed.
    package static func scan(folder: String, excluding: Set<String> = ["index.html", OutputWriter.marker]) throws(DiagnosticError) -> AssetManifest {
        let fm = FileManager.default
        guard let enumerator = fm.enumerator(atPath: folder) else {
            throw DiagnosticError(Diagnostic(file: folder, message: "cannot list the rendered files"), kind: .cannotWrite)
        }
        var entries: [Entry] = []
        while let relative = enumerator.nextObject() as? String {
            let path = FilePath.join(folder, relative)
            var info = stat()
            guard !relative.split(separator: "/").contains(where: { $0.hasPrefix(".") }),
                lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG, !excluding.contains(relative)
            else { continue }
            guard let data = fm.contents(atPath: path) else {
                throw DiagnosticError(Diagnostic(file: path, message: "cannot read a rendered file"), kind: .cannotWrite)
            }
            let digest = SHA256.hash(data).map { byte in
                let hex = String(byte, radix: 16)
                return hex.count == 1 ? "0" + hex : hex
            }.joined()
            entries.append(Entry(path: relative, size: data.count, sha256: digest))
        }
        return AssetManifest(entries: entries)
    }

    static let header = "# chatrender snapshot: the page's assets (path, bytes, sha256); the files themselves are not stored"

    /// The `assets.txt` text.
    package var text: String {
        var out = AssetManifest.header + "\n"
        for entry in entries { out += "\(entry.path) \(entry.size) \(entry.sha256)\n" }
        return out
    }

    /// Reads an `assets.txt`; `file` names it in errors.
    package init(text: String, file: String) throws(DiagnosticError) {
        var entries: [Entry] = []
        var problems: [Diagnostic] = []
        for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = raw.trimmingCharacters(in: .whitespaces)
            if line.isEmpty || line.hasPrefix("#") { continue }
            // The path may hold spaces; size and hash are the last two fields.
            let fields = line.split(separator: " ")
            guard fields.count >= 3, let size = Int(fields[fields.count - 2]), size >= 0,
                fields[fields.count - 1].count == 64,
                fields[fields.count - 1].allSatisfy({ $0.isHexDigit })
            else {
                problems.append(
                    Diagnostic(
                        file: file, location: SourceLocation(line: index + 1, column: 1),
                        message: "expected \"PATH BYTES SHA256\", found \"\(line)\""))
                continue
            }
            let path = fields[..<(fields.count - 2)].joined(separator: " ")
            entries.append(Entry(path: path, size: size, sha256: fields[fields.count - 1].lowercased()))
        }
        if !problems.isEmpty { throw DiagnosticError(problems, kind: .badData) }
        self.init(entries: entries)
    }

    /// How two manifests differ, by path.
    package struct Difference: Sendable, Equatable {
        package var added: [Entry] = []
        package var removed: [Entry] = []
        /// (snapshot, rendered)
        package var changed: [(old: Entry, new: Entry)] = []

        package var isEmpty: Bool { added.isEmpty && removed.isEmpty && changed.isEmpty }

        package static func == (l: Difference, r: Difference) -> Bool {
            l.added == r.added && l.removed == r.removed
                && l.changed.map(\.old) == r.changed.map(\.old) && l.changed.map(\.new) == r.changed.map(\.new)
        }

        /// One line per asset: `changed assets/a.webp (12.1 KB → 12.4 KB)`, `added …`, `removed …`.
        package var lines: [String] {
            var out: [String] = []
            for (old, new) in changed {
                let before = ByteCountFormat.string(Int64(old.size)), after = ByteCountFormat.string(Int64(new.size))
                let sizes =
                    old.size == new.size
                    ? "same size, different bytes"
                    : before == after ? "\(old.size) → \(new.size) bytes" : "\(before) → \(after)"
                out.append("changed \(new.path) (\(sizes))")
            }
            for entry in added { out.append("added \(entry.path) (\(ByteCountFormat.string(Int64(entry.size))))") }
            for entry in removed { out.append("removed \(entry.path)") }
            return out
        }
    }

    /// What changed from `snapshot` to `self`.
    package func difference(from snapshot: AssetManifest) -> Difference {
        var result = Difference()
        let old = Dictionary(snapshot.entries.map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first })
        let new = Dictionary(entries.map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first })
        for entry in entries {
            if let before = old[entry.path] {
                if before.size != entry.size || before.sha256 != entry.sha256 { result.changed.append((before, entry)) }
            } else {
                result.added.append(entry)
            }
        }
        for entry in snapshot.entries where new[entry.path] == nil { result.removed.append(entry) }
        return result
    }
}
