import Foundation
import ChatModel
import ChatSupport

/// A ChatGPT export as the person names it: the zip as downloaded, the unzipped folder, or one
/// of its conversation files; and the layout found in it.
///
/// Two layouts exist. Until 2025 the conversations are one `conversations.json`; since early 2026
/// they are numbered shards `conversations-000.json`, `conversations-001.json`, … that
/// `export_manifest.json` lists, with uploads stored as `<file id>.dat` whose names are in
/// `conversation_asset_file_names.json`; newer ones add `library_files.json`, the person's
/// Library, which names and types files too. Both layouts are found in a folder, at the root of a zip, or in
/// the zip's one top-level folder. What is odd about the layout (a listed shard missing, one not
/// listed, a manifest of an unknown shape) is a warning: the conversations found are read.
package struct ChatGPTExport {
    /// One file of conversations: `conversations.json` or a shard.
    package struct Shard {
        /// The name relative to the export's root.
        package var name: String
        /// How messages name it: `export/conversations-000.json`, `export.zip/conversations-000.json`.
        package var displayPath: String
        fileprivate var load: () throws(DiagnosticError) -> [UInt8]

        /// The file's bytes; a file that cannot be read stops the import.
        package func bytes() throws(DiagnosticError) -> [UInt8] { try load() }
    }

    package static let single = "conversations.json"
    package static let manifestName = "export_manifest.json"
    package static let assetNamesName = "conversation_asset_file_names.json"
    /// Manifests and name lists are small; this caps what one may cost.
    static let maxSideFileSize = 64 << 20

    package var source: ExportSource
    /// The folder, zip or file as the person named it.
    package var location: String
    /// The conversation files in the order their conversations are read.
    package var shards: [Shard]
    /// Original file names by stored name (`file_00ab.dat`) and by file id (`file_00ab`).
    package var assetNames: [String: String] = [:]
    /// The person's Library (`library_files.json`): names, types and sizes by file id.
    var library = ChatGPTLibrary()
    /// What is odd about the layout; the conversations found are read all the same.
    package var warnings: [Diagnostic] = []

    /// The export's files, found by file id and named from `assetNames`.
    package func files() -> ExportFiles { ExportFiles(source: source, assetNames: assetNames, library: library) }

    /// How the first conversation file is named in messages.
    package var displayPath: String { shards.first?.displayPath ?? location }

    /// `conversations-000.json` → 0; nil for any other name.
    package static func shardNumber(_ name: String) -> Int? {
        let prefix = "conversations-", suffix = ".json"
        guard name.hasPrefix(prefix), name.hasSuffix(suffix), name.count > prefix.count + suffix.count else { return nil }
        let digits = name.dropFirst(prefix.count).dropLast(suffix.count)
        guard digits.count <= 9, digits.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        return Int(digits)
    }

    /// A name that marks a folder as a ChatGPT export.
    static func isExportFile(_ name: String) -> Bool {
        name == single || name == manifestName || shardNumber(name) != nil
    }

    static let expected =
        "expected ChatGPT's data export (the zip, or its unzipped folder) holding conversations.json, "
        + "or conversations-000.json, conversations-001.json, … (listed in export_manifest.json)"

    package static func open(_ path: String, limits: ZipLimits = .standard) throws(DiagnosticError) -> ChatGPTExport {
        var isFolder: ObjCBool = false
        let exists = FileManager.default.fileExists(atPath: path, isDirectory: &isFolder)
        if exists, isFolder.boolValue { return try openFolder(path) }
        if path.lowercased().hasSuffix(".zip") || (exists && isZip(path)) { return try openZip(path, limits: limits) }
        // One file of conversations, named directly: read just it.
        let folder = FilePath.directory(path)
        let source = ExportSource.folder(folder.isEmpty ? "." : folder)
        let shard = Shard(name: FilePath.lastComponent(path), displayPath: path) { () throws(DiagnosticError) in
            try FileInput.read(path: path, displayPath: path, limit: ImportSource.maxFileSize, what: "ChatGPT conversations")
        }
        var export = ChatGPTExport(source: source, location: path, shards: [shard])
        let names = FilePath.join(folder.isEmpty ? "." : folder, assetNamesName)
        if FileManager.default.fileExists(atPath: names) {
            export.readAssetNames(assetNamesName, displayPath: FilePath.join(folder, assetNamesName))
        }
        if FileManager.default.fileExists(atPath: FilePath.join(folder.isEmpty ? "." : folder, ChatGPTLibrary.fileName)) {
            export.readLibrary(displayPath: FilePath.join(folder, ChatGPTLibrary.fileName))
        }
        return export
    }

    /// A folder: the export at its top, or in its one sub-folder (a zip unpacked into a folder of its own).
    private static func openFolder(_ path: String) throws(DiagnosticError) -> ChatGPTExport {
        let fm = FileManager.default
        var root = path
        var top = (try? fm.contentsOfDirectory(atPath: path)) ?? []
        if !top.contains(where: isExportFile) {
            let folders = top.filter { name in
                var isDir: ObjCBool = false
                return !name.hasPrefix(".") && fm.fileExists(atPath: FilePath.join(path, name), isDirectory: &isDir) && isDir.boolValue
            }
            if folders.count == 1 {
                let inner = FilePath.join(path, folders[0])
                let names = (try? fm.contentsOfDirectory(atPath: inner)) ?? []
                if names.contains(where: isExportFile) { root = inner; top = names }
            }
        }
        let source = ExportSource.folder(root)
        return try resolve(source: source, location: path, top: top.filter(isExportFile)) { name in
            FilePath.join(root, name)
        } notFound: {
            DiagnosticError(Diagnostic(file: path, message: "no ChatGPT conversations in this folder; " + expected), kind: .missingInput)
        }
    }

    /// A zip: the export at the archive's root, or in its one top-level folder.
    private static func openZip(_ path: String, limits: ZipLimits) throws(DiagnosticError) -> ChatGPTExport {
        let archive = try ZipArchive(path: path, limits: limits)
        var roots: [String] = []
        for entry in archive.entries where !entry.isDirectory {
            let parts = entry.name.split(separator: "/", omittingEmptySubsequences: false)
            guard parts.count <= 2, isExportFile(String(parts[parts.count - 1])) else { continue }
            let root = parts.count == 1 ? "" : parts[0] + "/"
            if !roots.contains(root) { roots.append(root) }
        }
        let root: String
        if roots.contains("") {
            root = ""
        } else if roots.count > 1 {
            let places = roots.sorted().prefix(3).map(Diagnostic.quote).joined(separator: ", ")
            throw DiagnosticError(
                Diagnostic(
                    file: path,
                    message:
                        "\(roots.count) exports in the top-level folders \(places); expected one export per zip archive, at its root or in one top-level folder"
                ))
        } else if let only = roots.first {
            root = only
        } else {
            throw DiagnosticError(
                Diagnostic(file: path, message: "no ChatGPT conversations at the top of the zip archive or in one top-level folder; " + expected))
        }
        let top = archive.entries.compactMap { entry -> String? in
            guard !entry.isDirectory, entry.name.hasPrefix(root) else { return nil }
            let name = String(entry.name.dropFirst(root.count))
            return name.contains("/") || !isExportFile(name) ? nil : name
        }
        return try resolve(source: .zip(archive, root: root), location: path, top: top) { name in
            FilePath.join(path, root + name)
        } notFound: {
            DiagnosticError(Diagnostic(file: path, message: "no ChatGPT conversations at the top of the zip archive or in one top-level folder; " + expected))
        }
    }

    /// The conversation files to read, from the names at the export's root and its manifest.
    private static func resolve(
        source: ExportSource, location: String, top: [String], display: (String) -> String,
        notFound: () -> DiagnosticError
    ) throws(DiagnosticError) -> ChatGPTExport {
        var export = ChatGPTExport(source: source, location: location, shards: [])
        let present = Set(top)
        let numbered = top.filter { shardNumber($0) != nil }.sorted { (shardNumber($0)!, $0) < (shardNumber($1)!, $1) }
        var names: [String] = []
        var listed: [String]? = nil
        if present.contains(manifestName) {
            listed = export.readManifest(displayPath: display(manifestName))
        }
        if let listed {
            var missing: [String] = []
            for name in listed where !names.contains(name) {
                if source.contains(name) { names.append(name) } else { missing.append(name) }
            }
            for name in missing {
                export.warnings.append(
                    Diagnostic(
                        .warning, file: display(manifestName),
                        message:
                            "lists the conversation file \(Diagnostic.quote(name)), which the export does not have; the conversations in it are missing"))
            }
            for name in numbered where !listed.contains(name) {
                export.warnings.append(
                    Diagnostic(
                        .warning, file: display(name),
                        message:
                            "not listed in \(manifestName); read all the same, after the files it lists"))
                names.append(name)
            }
        } else if present.contains(single) {
            names = [single]
            if !numbered.isEmpty {
                let shown = numbered.prefix(3).joined(separator: ", ") + (numbered.count > 3 ? ", …" : "")
                export.warnings.append(
                    Diagnostic(
                        .warning, file: display(single),
                        message:
                            "the export also has \(shown) but no \(manifestName) saying which to read; only \(single) is read"))
            }
        } else {
            names = numbered
        }
        guard !names.isEmpty else {
            // Say why too, when a manifest listed files that are not there.
            var error = notFound()
            error.diagnostics += export.warnings
            throw error
        }
        export.shards = names.map { name in
            let shown = display(name)
            return Shard(name: name, displayPath: shown) { () throws(DiagnosticError) in
                try source.read(name, displayPath: shown, limit: ImportSource.maxFileSize, what: "ChatGPT conversations")
            }
        }
        if source.contains(assetNamesName) { export.readAssetNames(assetNamesName, displayPath: display(assetNamesName)) }
        if source.contains(ChatGPTLibrary.fileName) { export.readLibrary(displayPath: display(ChatGPTLibrary.fileName)) }
        return export
    }

    /// A side file (manifest, asset names) parsed, or nil after a warning: it never stops the import.
    private mutating func readSideFile(_ name: String, displayPath: String, what: String) -> JSONNode? {
        do throws(DiagnosticError) {
            let bytes = try source.read(name, displayPath: displayPath, limit: Self.maxSideFileSize, what: what)
            return try ImportSource.parse(bytes: bytes, displayPath: displayPath)
        } catch {
            for var diagnostic in error.diagnostics {
                diagnostic.severity = .warning
                diagnostic.message += "; \(name) is not used"
                warnings.append(diagnostic)
            }
            return nil
        }
    }

    /// The conversation files `export_manifest.json` lists; nil when it cannot be read or lists none (warned).
    private mutating func readManifest(displayPath: String) -> [String]? {
        guard let root = readSideFile(Self.manifestName, displayPath: displayPath, what: "export manifest") else { return nil }
        guard let listed = ExportManifest.conversationFiles(root) else {
            warnings.append(
                Diagnostic(
                    .warning, file: displayPath,
                    message: "names no conversation files; expected \"conversations.json\" "
                        + "with its shards (under \"logical_files\", \"files\" or \"export_files\"); the conversations-NNN.json files found are read"))
            return nil
        }
        var safe: [String] = []
        for name in listed {
            if ExportManifest.isSafeName(name) {
                safe.append(name)
            } else {
                warnings.append(
                    Diagnostic(
                        .warning, file: displayPath,
                        message:
                            "lists the conversation file \(Diagnostic.quote(name)), which is not a plain name inside the export; it is not read"))
            }
        }
        return safe
    }

    /// Reads `conversation_asset_file_names.json` into `assetNames`, warning about what it cannot use.
    mutating func readAssetNames(_ name: String, displayPath: String) {
        guard let root = readSideFile(name, displayPath: displayPath, what: "asset names") else { return }
        let (names, problem) = ExportManifest.assetNames(root)
        assetNames = names
        if let problem {
            warnings.append(Diagnostic(.warning, file: displayPath, location: SourceLocation(line: root.line, column: root.column), message: problem))
        }
    }

    /// Reads `library_files.json` into `library`; a file that cannot be parsed, or a record that
    /// cannot be used, is a warning.
    mutating func readLibrary(displayPath: String) {
        guard let root = readSideFile(ChatGPTLibrary.fileName, displayPath: displayPath, what: "Library file list") else { return }
        library = ChatGPTLibrary(root, file: displayPath, warnings: &warnings)
    }

    /// A zip's first bytes: a local header, or the end record of an empty archive.
    private static func isZip(_ path: String) -> Bool {
        let fd = Glibc.open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)  // never waits on a FIFO
        guard fd >= 0 else { return false }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG,
            let head = ZipArchive.pread(fd, offset: 0, count: 4)
        else { return false }
        return head == [0x50, 0x4B, 0x03, 0x04] || head == [0x50, 0x4B, 0x05, 0x06]
    }
}
