import Foundation
import ChatModel

/// A private temporary folder for work that is not output (a render being checked, an import
/// before it is rendered, a browser profile): made here, beside the staging folders, so that every
/// folder chatrender creates comes from this target.
package enum ScratchFolder {
    /// A new folder `chatrender-LABEL-XXXXXX` under the system's temporary folder, readable only by
    /// this user; the caller removes it.
    package static func make(_ label: String) throws(DiagnosticError) -> String {
        var template = Array(FilePath.join(NSTemporaryDirectory(), "chatrender-\(label)-XXXXXX").utf8CString)
        guard let made = mkdtemp(&template) else {
            throw DiagnosticError(
                Diagnostic(file: NSTemporaryDirectory(), message: "cannot create a temporary folder: \(String(cString: strerror(errno)))"), kind: .cannotWrite)
        }
        return String(cString: made)
    }
}

/// A ``ScratchFolder`` written as an output: what one stage hands the next on disk within a run
/// (an import's photos and files for the render that follows). Nothing in it is output, so no file
/// is flushed to disk, and the whole folder is removed by ``remove()``.
package final class ScratchOutput: FolderOutput, @unchecked Sendable {
    package let path: String
    package var destination: String { path }
    package var durable: Bool { false }

    /// A new scratch folder `chatrender-LABEL-XXXXXX`.
    /// Whether a file already there with the same bytes is left as it is rather than written
    /// again (see ``write(_:to:)``).
    package let keepsUnchangedFiles: Bool

    /// A new scratch folder `chatrender-LABEL-XXXXXX`. `keepsUnchangedFiles`: for a folder written
    /// into again and again (a watched session's photos, every round), where a file rewritten
    /// with the same bytes would look changed to whoever reads it next.
    package init(_ label: String, keepsUnchangedFiles: Bool = false) throws(DiagnosticError) {
        path = try ScratchFolder.make(label)
        self.keepsUnchangedFiles = keepsUnchangedFiles
    }

    /// Writes a whole file at `relative`; with ``keepsUnchangedFiles``, nothing when it already
    /// holds `bytes`, so its modification time and inode stay as they were.
    package func write(_ bytes: [UInt8], to relative: String) throws(DiagnosticError) {
        if keepsUnchangedFiles && holds(relative, bytes) { return }
        let file = try create(relative)
        file.write([bytes])
        _ = try file.finish()
    }

    package func remove() {
        OutputWriter.removeTree(path)
    }
}
