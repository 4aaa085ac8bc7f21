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
    package init(_ label: String) throws(DiagnosticError) {
        path = try ScratchFolder.make(label)
    }

    package func remove() {
        OutputWriter.removeTree(path)
    }
}
