import Foundation
import ChatModel

/// One file written in one step: made in a staging folder beside it and swapped into place
/// (``AtomicSwap``), so a reader sees the old file or the new one, never half of one. For a
/// settings file that lives beside outputs rather than in one (`check`'s
/// `chatrender.check.json` in a snapshots folder).
package enum FileReplacement {
    /// Writes `bytes` as the file at `path`, replacing a file there; `what` names it in messages.
    package static func write(_ bytes: [UInt8], to path: String, what: String) throws(DiagnosticError) {
        let target = OutputWriter.trimmingTrailingSlashes(path)
        let staging = try StagingFolder.make(beside: target) { () throws(DiagnosticError) in
            var info = stat()
            if lstat(target, &info) == 0 && info.st_mode & S_IFMT != S_IFREG {
                throw StagingFolder.cannotWrite(target, "exists and is not a file; expected \(what)")
            }
        }
        defer { try? FileManager.default.removeItem(atPath: staging) }
        let file = FilePath.join(staging, FilePath.lastComponent(target))
        guard FileManager.default.createFile(atPath: file, contents: Data(bytes)) else {
            throw StagingFolder.cannotWrite(target, "cannot write \(what): \(String(cString: strerror(errno)))")
        }
        chmod(file, 0o644)
        if let previous = try AtomicSwap.swap(file, into: target, what: what) {
            try? FileManager.default.removeItem(atPath: previous)
        }
    }
}
