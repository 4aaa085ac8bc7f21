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
