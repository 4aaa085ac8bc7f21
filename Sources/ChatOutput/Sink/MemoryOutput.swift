import Foundation
import ChatModel

/// An output kept for inspection instead of written under `--out`: for tests of the stages that
/// write (assets, import, PDF), which then need no output folder, staging or swap. Files made by
/// path (libvips, a copy) land in a private scratch folder, removed with this value; ``files``
/// reads everything back.
package final class MemoryOutput: OutputSink, @unchecked Sendable {
    package let destination: String
    private var written: [String: [UInt8]] = [:]
    private let lock = NSLock()
    /// Where producers that write by path put their files.
    package let scratch: String

    package init(destination: String = "memory") {
        self.destination = destination
        scratch = (try? ScratchFolder.make("memory")) ?? FilePath.join(NSTemporaryDirectory(), "chatrender-memory-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: scratch) }

    package func write(_ bytes: [UInt8], to relative: String) throws(DiagnosticError) {
        lock.lock(); defer { lock.unlock() }
        written[relative] = bytes
    }

    package func create(_ relative: String) throws(DiagnosticError) -> OutputFile {
        let full = try place(relative)
        let fd = open(full, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o666)
        guard fd >= 0 else { throw StagingFolder.cannotWrite(destination, "cannot write \(relative): \(String(cString: strerror(errno)))") }
        return OutputFile(fd: fd, relative: relative, destination: destination)
    }

    package func folder(_ relative: String) throws(DiagnosticError) -> String {
        let full = relative.isEmpty ? scratch : FilePath.join(scratch, relative)
        try? FileManager.default.createDirectory(atPath: full, withIntermediateDirectories: true)
        return full
    }

    package func copy(_ source: String, to relative: String) throws(DiagnosticError) {
        guard let data = FileManager.default.contents(atPath: source) else {
            throw StagingFolder.cannotWrite(destination, "cannot copy \(FilePath.lastComponent(source))")
        }
        try write(Array(data), to: relative)
    }

    /// Every file of the output by relative path: those written whole and those made by path.
    package var files: [String: [UInt8]] {
        var all: [String: [UInt8]] = [:]
        if let walker = FileManager.default.enumerator(atPath: scratch) {
            while let name = walker.nextObject() as? String {
                var isFolder: ObjCBool = false
                let full = FilePath.join(scratch, name)
                if FileManager.default.fileExists(atPath: full, isDirectory: &isFolder), !isFolder.boolValue,
                   let data = FileManager.default.contents(atPath: full) {
                    all[name] = Array(data)
                }
            }
        }
        lock.lock(); defer { lock.unlock() }
        for (name, bytes) in written { all[name] = bytes }
        return all
    }

    private func place(_ relative: String) throws(DiagnosticError) -> String {
        let full = FilePath.join(scratch, relative)
        try? FileManager.default.createDirectory(atPath: FilePath.directory(full), withIntermediateDirectories: true)
        return full
    }
}
