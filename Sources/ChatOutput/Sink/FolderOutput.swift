import Foundation
import ChatModel

/// An output being made in a folder on disk (``StagingFolder``, the single-file page's staging
/// folder): files are written, created and copied under ``path``.
package protocol FolderOutput: OutputSink {
    /// The folder on disk the output is being made in.
    var path: String { get }
    /// Whether each file is flushed to disk when it is finished (see ``OutputFile``).
    var durable: Bool { get }
}

extension FolderOutput {
    package var durable: Bool { true }
}

extension FolderOutput {
    package func write(_ bytes: [UInt8], to relative: String) throws(DiagnosticError) {
        let file = try create(relative)
        file.write([bytes])
        _ = try file.finish()
    }

    /// Whether `relative` is a regular file holding exactly `bytes`, read back to be sure: what
    /// is already there need not be written again.
    package func holds(_ relative: String, _ bytes: [UInt8]) -> Bool {
        Self.identity(ofFileAt: FilePath.join(path, relative), holding: bytes) != nil
    }

    /// The device and inode of the file at `full` when it is a regular file (not a link, a folder
    /// or anything else) holding exactly `bytes`; nil otherwise.
    static func identity(ofFileAt full: String, holding bytes: [UInt8]) -> (device: UInt64, inode: UInt64)? {
        let fd = open(full, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG, Int(info.st_size) == bytes.count else { return nil }
        var read = [UInt8](repeating: 0, count: bytes.count)
        var offset = 0
        while offset < read.count {
            let n = read.withUnsafeMutableBytes { pread(fd, $0.baseAddress! + offset, $0.count - offset, off_t(offset)) }
            guard n > 0 else { return nil }
            offset += n
        }
        return read == bytes ? (UInt64(info.st_dev), UInt64(info.st_ino)) : nil
    }

    package func create(_ relative: String) throws(DiagnosticError) -> OutputFile {
        let full = FilePath.join(path, relative)
        // Most files go into a folder that is already there: it is made (and its failure told)
        // only when the file cannot be opened without it.
        var fd = open(full, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o666)
        if fd < 0 {
            do {
                try FileManager.default.createDirectory(atPath: FilePath.directory(full), withIntermediateDirectories: true)
            } catch {
                throw StagingFolder.cannotWrite(destination, "cannot write \(relative): \(OutputWriter.reason(error))")
            }
            fd = open(full, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o666)
        }
        guard fd >= 0 else { throw StagingFolder.cannotWrite(destination, "cannot write \(relative): \(String(cString: strerror(errno)))") }
        return OutputFile(fd: fd, relative: relative, destination: destination, durable: durable)
    }

    package func folder(_ relative: String) throws(DiagnosticError) -> String {
        let full = relative.isEmpty ? path : FilePath.join(path, relative)
        // A folder already there, or made in one step beside its parent: no walk up the path.
        if mkdir(full, 0o777) == 0 { return full }
        var info = stat()
        if errno == EEXIST, stat(full, &info) == 0, info.st_mode & S_IFMT == S_IFDIR { return full }
        do {
            try FileManager.default.createDirectory(atPath: full, withIntermediateDirectories: true)
        } catch {
            throw StagingFolder.cannotWrite(
                full, "cannot create \(relative.isEmpty ? "the staging folder" : "the \(relative) folder"): \(OutputWriter.reason(error))")
        }
        return full
    }

    package func copy(_ source: String, to relative: String) throws(DiagnosticError) {
        let full = FilePath.join(path, relative)
        do {
            try FileManager.default.createDirectory(atPath: FilePath.directory(full), withIntermediateDirectories: true)
            try FileManager.default.copyItem(atPath: source, toPath: full)
        } catch {
            throw StagingFolder.cannotWrite(destination, "cannot copy \(FilePath.lastComponent(source)): \(OutputWriter.reason(error))")
        }
    }
}
