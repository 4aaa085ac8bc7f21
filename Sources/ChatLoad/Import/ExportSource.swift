import Foundation
import ChatModel

/// Where a ChatGPT data export's files are read from: the unzipped folder, or the zip archive
/// as downloaded. The importer finds `conversations.json` and each photo and file through this,
/// so a zip is read in place and only the files a conversation uses are ever extracted.
package enum ExportSource: Sendable, Equatable {
    /// The export's folder on disk.
    case folder(String)
    /// The archive, and the folder inside it holding `conversations.json` (`""` or `NAME/`).
    case zip(ZipArchive, root: String)

    /// The files of the export, relative to where `conversations.json` sits, sorted, at most
    /// `depth` folders deep (`user-…/file_….png`, `dalle-generations/…`).
    func files(depth: Int) -> [String] {
        switch self {
        case .folder(let folder):
            let all = (try? FileManager.default.subpathsOfDirectory(atPath: folder)) ?? []
            return all.filter { $0.split(separator: "/").count <= depth }.sorted()
        case .zip(let archive, let root):
            return archive.entries.compactMap { entry -> String? in
                guard !entry.isDirectory, entry.name.hasPrefix(root) else { return nil }
                let relative = String(entry.name.dropFirst(root.count))
                return relative.split(separator: "/").count <= depth ? relative : nil
            }.sorted()
        }
    }

    /// A found file as attachment content, with the type its first bytes announce and its size;
    /// nil when it is not a regular file inside the export (a symlink out of the folder, say).
    func content(_ relative: String) -> (content: ImportedAttachment.Content, sniffed: String?, size: Int64)? {
        switch self {
        case .folder(let folder):
            guard case .success(let real) = SourcePath.resolve(relative, base: folder) else { return nil }
            var info = stat()
            guard stat(real, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
            return (.file(real), InlineData.sniffFile(real), Int64(info.st_size))
        case .zip(let archive, let root):
            guard let entry = archive.entry(named: root + relative) else { return nil }
            return (.zipEntry(archive, entry), archive.head(entry, count: 16).flatMap { InlineData.sniff($0) },
                    Int64(clamping: entry.uncompressedSize))
        }
    }
}

/// A ChatGPT export as the person names it: the zip as downloaded, the unzipped folder, or its
/// `conversations.json`.
package struct ChatGPTExport {
    package var source: ExportSource
    /// How messages name `conversations.json`: `export/conversations.json`, or
    /// `export.zip/conversations.json` for the file inside an archive (as Python names modules in zips).
    package var displayPath: String
    private var read: () throws(DiagnosticError) -> [UInt8]

    /// The parsed `conversations.json`.
    package func conversations() throws(DiagnosticError) -> JSONNode {
        try ImportSource.parse(bytes: try read(), displayPath: displayPath)
    }

    package static func open(_ path: String, limits: ZipLimits = .standard) throws(DiagnosticError) -> ChatGPTExport {
        var isFolder: ObjCBool = false
        let exists = FileManager.default.fileExists(atPath: path, isDirectory: &isFolder)
        if exists, isFolder.boolValue {
            let file = FilePath.join(path, "conversations.json")
            guard FileManager.default.fileExists(atPath: file) else {
                throw DiagnosticError(Diagnostic(file: path, message: "no conversations.json in this folder; expected ChatGPT's data export (the zip, or its unzipped folder)"), kind: .missingInput)
            }
            return ChatGPTExport(source: .folder(path), displayPath: file) { () throws(DiagnosticError) in
                try FileInput.read(path: file, displayPath: file, limit: ImportSource.maxFileSize, what: "ChatGPT conversations")
            }
        }
        if path.lowercased().hasSuffix(".zip") || (exists && isZip(path)) {
            return try openZip(path, limits: limits)
        }
        let folder = FilePath.directory(path)
        return ChatGPTExport(source: .folder(folder.isEmpty ? "." : folder), displayPath: path) { () throws(DiagnosticError) in
            try FileInput.read(path: path, displayPath: path, limit: ImportSource.maxFileSize, what: "ChatGPT conversations")
        }
    }

    /// The archive's `conversations.json`: at its root, or in its one top-level folder.
    private static func openZip(_ path: String, limits: ZipLimits) throws(DiagnosticError) -> ChatGPTExport {
        let archive = try ZipArchive(path: path, limits: limits)
        let name = "conversations.json"
        var found = archive.entry(named: name)
        if found == nil {
            let nested = archive.entries.filter { entry in
                let parts = entry.name.split(separator: "/", omittingEmptySubsequences: false)
                return parts.count == 2 && parts[1] == name[...]
            }
            if nested.count > 1 {
                let places = nested.prefix(3).map { ZipEntry.describe($0.name) }.joined(separator: ", ")
                throw DiagnosticError(Diagnostic(file: path, message: "\(nested.count) conversations.json files (\(places)); expected one export per zip archive, at its root or in one top-level folder"))
            }
            found = nested.first
        }
        guard let entry = found else {
            throw DiagnosticError(Diagnostic(file: path, message: "no conversations.json at the top of the zip archive or in one top-level folder; expected ChatGPT's data export"))
        }
        let root = String(entry.name.dropLast(name.count))
        return ChatGPTExport(source: .zip(archive, root: root), displayPath: FilePath.join(path, entry.name)) { () throws(DiagnosticError) in
            try archive.read(entry, limit: ImportSource.maxFileSize, what: "ChatGPT conversations")
        }
    }

    /// A zip's first bytes: a local header, or the end record of an empty archive.
    private static func isZip(_ path: String) -> Bool {
        let fd = Glibc.open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)  // never waits on a FIFO
        guard fd >= 0 else { return false }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG,
              let head = ZipArchive.pread(fd, offset: 0, count: 4) else { return false }
        return head == [0x50, 0x4B, 0x03, 0x04] || head == [0x50, 0x4B, 0x05, 0x06]
    }
}
