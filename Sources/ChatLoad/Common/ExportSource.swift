import Foundation
import ChatModel
import ChatSupport

/// Where a ChatGPT data export's files are read from: the unzipped folder, or the zip archive
/// as downloaded. The importer finds the conversation files and each photo and file through this,
/// so a zip is read in place and only the files a conversation uses are ever extracted.
package enum ExportSource: Sendable, Equatable {
    /// The export's folder on disk.
    case folder(String)
    /// The archive, and the folder inside it holding the export's files (`""` or `NAME/`).
    case zip(ZipArchive, root: String)

    /// The files of the export, relative to its root, sorted, at most `depth` folders deep
    /// (`file_….dat`, `user-…/file_….png`, `dalle-generations/…`).
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
    /// `sniffed` is a type the bytes prove (an image, PDF, audio or video signature); `guessed`
    /// one they only suggest (a zip container, which may be a .docx, or plain text).
    func content(_ relative: String) -> (content: ImportedAttachment.Content, sniffed: String?, guessed: String?, size: Int64)? {
        switch self {
        case .folder(let folder):
            guard case .success(let real) = SourcePath.resolve(relative, base: folder) else { return nil }
            var info = stat()
            guard stat(real, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
            let head = Self.head(ofFile: real)
            return (.file(real), ExportFileType.sniff(head), ExportFileType.guess(head), Int64(info.st_size))
        case .zip(let archive, let root):
            guard let entry = archive.entry(named: root + relative) else { return nil }
            let head = archive.head(entry, count: ExportFileType.headSize) ?? []
            return (.zipEntry(archive, entry), ExportFileType.sniff(head), ExportFileType.guess(head), Int64(clamping: entry.uncompressedSize))
        }
    }

    /// Whether `relative` is a regular file of the export.
    func contains(_ relative: String) -> Bool {
        switch self {
        case .folder(let folder):
            guard case .success = SourcePath.resolve(relative, base: folder) else { return false }
            return true
        case .zip(let archive, let root):
            guard let entry = archive.entry(named: root + relative) else { return false }
            return !entry.isDirectory
        }
    }

    /// The whole of a file of the export, at most `limit` bytes.
    func read(_ relative: String, displayPath: String, limit: Int, what: String) throws(DiagnosticError) -> [UInt8] {
        switch self {
        case .folder(let folder):
            switch SourcePath.resolve(relative, base: folder) {
            case .success(let real):
                return try FileInput.read(path: real, displayPath: displayPath, limit: limit, what: what)
            case .failure(let problem):
                throw DiagnosticError(
                    Diagnostic(file: displayPath, message: "\(problem.reason); expected the \(what) file inside the export"), kind: .missingInput)
            }
        case .zip(let archive, let root):
            guard let entry = archive.entry(named: root + relative), !entry.isDirectory else {
                throw DiagnosticError(
                    Diagnostic(file: displayPath, message: "no such entry in the zip archive; expected the \(what) file"), kind: .missingInput)
            }
            return try archive.read(entry, limit: limit, what: what)
        }
    }

    private static func head(ofFile path: String) -> [UInt8] {
        guard let handle = FileHandle(forReadingAtPath: path) else { return [] }
        defer { try? handle.close() }
        return (try? handle.read(upToCount: ExportFileType.headSize)).map { [UInt8]($0) } ?? []
    }
}
